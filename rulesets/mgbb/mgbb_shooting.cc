// mgbb's shooting (docs/rulesets/mgbb.md, "Shooting"): line of fire, range bands, the
// shooting context the tables read, the shot and the target's return fire. Sources:
// "Machine Guns and Ballot Boxes, Quick Reference Sheets" (the tables) and "mgbb: rulings"
// (Combat: range, line of sight, overhead fire; Turn sequence: return fire).
#include <algorithm>
#include <bit>
#include <optional>

#include "rulesets/mgbb/mgbb.h"

namespace sandtable {

using mgbb::UnitType;

namespace {

// Front half: 2 steps of 45 degrees either side of the facing, the sides included.
constexpr int kFrontHalfSteps = 2;

// The range in cells of a range table's row for `unit`; nullopt when no row holds.
std::optional<int> RangeCells(const RuleTable<mgbb::Unit>& table, const mgbb::Unit& unit) {
  const auto* row = table.Lookup(unit);
  if (row == nullptr) return std::nullopt;
  return row->effect.amount * mgbb::kCellsPerM;
}

// The shot and any return fire are over: the resolution fields back to canonical.
void EndShot(MgbbGame::State& state) {
  state.att = state.tgt = MgbbGame::kNone;
  state.mode = MgbbGame::kNoMode;
}

}  // namespace

bool MgbbGame::LineOfFire(const State& state, int u, int t) const {
  if (!clear_of_terrain_[state.cell[u]].Test(state.cell[t])) return false;
  const Cell from = CellOf(state.cell[u]);
  const Cell to = CellOf(state.cell[t]);
  bool overhead = unit(u).type == UnitType::kArtillery;
  for (int f = 0; f < num_units() && overhead; ++f) {
    // The shooter itself counts too; it makes no difference, as nothing lies between two
    // neighbouring cells.
    overhead = !Alive(state, f) || side(f) != side(u) ||
               Distance2(state.cell[f], state.cell[t]) >= kOverheadClearCells * kOverheadClearCells;
  }
  if (overhead) return true;
  for (int o = 0; o < num_units(); ++o) {
    if (o == u || o == t || !Alive(state, o)) continue;
    if (SegmentCrossesCell(from, to, CellOf(state.cell[o]))) return false;
  }
  return true;
}

bool MgbbGame::ShooterReady(const State& state, int u) const {
  const mgbb::Unit& record = unit(u);
  // A foot unit without a weapon (an unarmed mob) has no range row, so it cannot shoot.
  return Alive(state, u) && record.type != UnitType::kCommander &&
         record.type != UnitType::kStaffTeam && !(state.flags[u] & kLimberedBit) &&
         ranges_[u].short_cells >= 0;
}

bool MgbbGame::MayShootNow(const State& state, int u) const {
  return ShooterReady(state, u) && !InContact(state, u);
}

std::optional<mgbb::RangeBand> MgbbGame::BandTo(const State& state, int u, int t) const {
  // The cheap tests first: range, then the arc, then the line of fire.
  if (!Alive(state, t) || side(u) == side(t)) return std::nullopt;
  const int d2 = Distance2(state.cell[u], state.cell[t]);
  const Ranges& ranges = ranges_[u];
  std::optional<mgbb::RangeBand> band;
  if (d2 <= ranges.short_cells * ranges.short_cells) {
    band = mgbb::RangeBand::kShort;
  } else if (d2 <= ranges.long_cells * ranges.long_cells) {
    band = mgbb::RangeBand::kLong;
  }
  if (!band ||
      !InFireArc(CellOf(state.cell[u]), FacingOf(state, u), kFrontHalfSteps,
                 CellOf(state.cell[t])) ||
      !LineOfFire(state, u, t)) {
    return std::nullopt;
  }
  return band;
}

std::optional<mgbb::RangeBand> MgbbGame::ShotBand(const State& state, int u, int t) const {
  if (!MayShootNow(state, u)) return std::nullopt;
  return BandTo(state, u, t);
}

MgbbGame::Ranges MgbbGame::RangesOf(const mgbb::Unit& unit) {
  return {RangeCells(mgbb::ShortRanges(), unit).value_or(-1),
          RangeCells(mgbb::LongRanges(), unit).value_or(0)};
}

mgbb::ShootingContext MgbbGame::ShootingContextOf(const State& state, int u, int t,
                                                  Mode mode) const {
  mgbb::ShootingContext context;
  static_cast<mgbb::CombatContext&>(context) = CombatContextOf(state, u, t);
  const mgbb::MapCell& at = MapAt(state.cell[t]);
  if (!IsAircraft(u)) {  // a sortie has no range band (short: no long-range row) nor cell
    context.range = ShotBand(state, u, t).value_or(mgbb::RangeBand::kShort);
    const mgbb::MapCell& from = MapAt(state.cell[u]);
    context.shooter_in_terrain = from.terrain;
    context.shooter_in_fortification = from.works == mgbb::Works::kFortification;
  }
  context.target_in_terrain = at.terrain;
  // Decision: cover is terrain or works of either kind (fortification, battlefield defence).
  context.target_in_cover = at.terrain || at.works != mgbb::Works::kNone;
  context.target_fired_or_fired_upon = state.flags[t] & kFiredBit;
  context.returning_fire = mode == kReturn;
  context.zero_point_shot = mode == kSnap;
  // Crash firing: horse artillery shooting in the activation in which it unlimbered.
  context.crash_firing = unit(u).artillery == mgbb::Artillery::kHorse && u == state.active &&
                         (state.did & kDidLimber) && !(state.flags[u] & kLimberedBit);
  if (HasGas(state.cell[t])) {
    context.gas = (state.gas_used >> side(u)) & 1 ? mgbb::GasAttack::kLaterOfPlayer
                                                  : mgbb::GasAttack::kFirstOfPlayer;
  }
  return context;
}

void MgbbGame::ShotTargets(const State& state, int u, ActionList& actions) const {
  if (IsAircraft(u)) {
    // A ground attack sortie reaches any enemy unit on the table: the sheets give it no
    // range, and it needs no line of fire from the ground.
    for (int t = 0; t < num_units(); ++t) {
      if (Alive(state, t) && side(t) != side(u)) actions.push_back(kTargetBase + t);
    }
    return;
  }
  if (!MayShootNow(state, u)) return;
  for (int t = 0; t < num_units(); ++t) {
    if (BandTo(state, u, t)) actions.push_back(kTargetBase + t);
  }
}

bool MgbbGame::HasShotTarget(const State& state, int u) const {
  for (uint32_t enemies = EnemiesOf(u); enemies != 0; enemies &= enemies - 1) {
    if (BandTo(state, u, std::countr_zero(enemies))) return true;
  }
  return false;
}

bool MgbbGame::CanShoot(const State& state, int u) const {
  return order_points_[u].shoot <= state.ap && MayShootNow(state, u) && HasShotTarget(state, u);
}

void MgbbGame::StartShot(State& state, int t, Mode mode) const {
  const int u = state.active;
  if (mode == kShot) {
    state.ap = static_cast<uint8_t>(std::max(0, state.ap - order_points_[u].shoot));
  }
  state.att = static_cast<uint8_t>(u);
  state.tgt = static_cast<uint8_t>(t);
  state.mode = mode;
  state.dice = static_cast<uint8_t>(
      std::clamp(mgbb::ShootingDice(ShootingContextOf(state, u, t, mode)), 1, kMaxDice));
  state.phase = kShotRoll;
}

void MgbbGame::ShotEffects(const State& state, std::span<int> effects) const {
  // As ApplyShotRoll: the hits applied, a unit destroyed once.
  const mgbb::ShootingContext context =
      ShootingContextOf(state, state.att, state.tgt, static_cast<Mode>(state.mode));
  const int room = kDestroyedAt - state.hits[state.tgt];
  for (int hits = 0; hits < static_cast<int>(effects.size()); ++hits) {
    effects[hits] = std::min(mgbb::ShootingHitsApplied(hits, context), room);
  }
}

void MgbbGame::ApplyShotRoll(State& state, int hits) const {
  const int u = state.att, t = state.tgt;
  // The context as it was before this shot: the target not yet fired upon, the side's gas
  // attack not yet made.
  const mgbb::ShootingContext context =
      ShootingContextOf(state, u, t, static_cast<Mode>(state.mode));
  state.flags[u] |= kFiredBit;
  state.flags[t] |= kFiredBit;
  if (context.gas != mgbb::GasAttack::kNone) state.gas_used |= 1 << side(u);
  AddHits(state, t, mgbb::ShootingHitsApplied(hits, context));
  state.dice = 0;
  if (state.mode != kReturn && Alive(state, t) && !(state.flags[t] & kActivatedBit) &&
      ShotBand(state, t, u)) {
    state.phase = kReturnFire;
    state.player = static_cast<uint8_t>(side(t));
    return;
  }
  EndShot(state);
  FinishAction(state);
}

void MgbbGame::ApplyReturnFire(State& state, bool fire) const {
  if (!fire) {
    EndShot(state);
    FinishAction(state);
    return;
  }
  const int shooter = state.tgt, target = state.att;
  state.att = static_cast<uint8_t>(shooter);
  state.tgt = static_cast<uint8_t>(target);
  state.mode = kReturn;
  state.dice = static_cast<uint8_t>(std::clamp(
      mgbb::ShootingDice(ShootingContextOf(state, shooter, target, kReturn)), 1, kMaxDice));
  state.phase = kShotRoll;
}

}  // namespace sandtable
