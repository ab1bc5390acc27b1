// mgbb's charges, hand-to-hand rounds, retreat and follow-up, and disengagement
// (docs/rulesets/mgbb.md, "Charges, hand-to-hand and disengagement"; "mgbb: rulings",
// Combat).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "engine/check.h"
#include "rulesets/mgbb/mgbb.h"

namespace sandtable {

using mgbb::UnitType;

namespace {

// "mgbb: rulings": foot, cavalry and scouts charge; vehicles, cavalry and scouts disengage.
bool MayCharge(UnitType type) {
  return type == UnitType::kFoot || type == UnitType::kCavalry || type == UnitType::kScouts;
}
bool MayDisengage(UnitType type) {
  return type == UnitType::kVehicle || type == UnitType::kCavalry || type == UnitType::kScouts;
}

// The cell of the 8 around `centre` (on the table, for which `usable` holds) nearest to
// `from`, ties to the lowest cell index; -1 if none.
template <typename Usable>
int NearestCellAround(const MgbbGame& game, int centre, int from, Usable usable) {
  int best = -1;
  const Cell at = game.CellOf(centre);
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const int x = at.x + dx, y = at.y + dy;
      if ((dx == 0 && dy == 0) || x < 0 || y < 0 || x >= game.width() || y >= game.height()) {
        continue;
      }
      const int c = game.CellIndex(x, y);
      if (!usable(c)) continue;
      const int d = game.Distance2(c, from), best_d = best < 0 ? 0 : game.Distance2(best, from);
      if (best < 0 || d < best_d || (d == best_d && c < best)) best = c;
    }
  }
  return best;
}

// The cell u ends on moving `cells` cells straight along `away`, or -1 if a cell on the way
// is off the table or occupied (a retreat or a disengagement).
int CellsAway(const MgbbGame& game, const MgbbGame::State& state, int u, Facing away, int cells) {
  const Cell step = FacingStep(away);
  Cell at = game.CellOf(state.cell[u]);
  for (int i = 0; i < cells; ++i) {
    at = Cell{at.x + step.x, at.y + step.y};
    if (at.x < 0 || at.y < 0 || at.x >= game.width() || at.y >= game.height() ||
        game.UnitAt(state, game.CellIndex(at.x, at.y)) != MgbbGame::kNone) {
      return -1;
    }
  }
  return game.CellIndex(at.x, at.y);
}

// u's context in a round against `opponent` (`won` is set when the round is decided).
mgbb::MeleeContext MeleeContextOf(const MgbbGame& game, const MgbbGame::State& state, int u,
                                  int opponent, bool initiated_charge) {
  mgbb::MeleeContext context;
  static_cast<mgbb::CombatContext&>(context) = game.CombatContextOf(state, u, opponent);
  const mgbb::MapCell& own = game.MapAt(state.cell[u]);
  const mgbb::MapCell& other = game.MapAt(state.cell[opponent]);
  context.initiated_charge = initiated_charge;
  context.in_cover = own.terrain || own.works != mgbb::Works::kNone;
  context.in_terrain = own.terrain;
  context.uphill = own.height > other.height;
  context.in_fortification = own.works == mgbb::Works::kFortification;
  context.opponent_in_fortification = other.works == mgbb::Works::kFortification;
  return context;
}

int RoundDice(MgbbGame::Mode mode, const mgbb::MeleeContext& context) {
  const int dice =
      mode == MgbbGame::kChargeRound ? mgbb::ChargeDice(context) : mgbb::HandToHandDice(context);
  return std::min(dice, MgbbGame::kMaxDice);
}

// The enemy in contact with u nearest to it (orthogonal before diagonal, then the lowest
// unit index), or kNone.
int NearestEnemyInContact(const MgbbGame& game, const MgbbGame::State& state, int u) {
  int nearest = MgbbGame::kNone;
  for (int e = 0; e < game.num_units(); ++e) {
    if (!MgbbGame::Alive(state, e) || game.side(e) == game.side(u)) continue;
    const int d = game.Distance2(state.cell[u], state.cell[e]);
    if (d <= 2 &&
        (nearest == MgbbGame::kNone || d < game.Distance2(state.cell[u], state.cell[nearest]))) {
      nearest = e;
    }
  }
  return nearest;
}

// The cell a follow-up puts the winner on: the free cell next to the loser nearest the
// winner (the cell the loser retreated through when it is free); -1 if none.
int FollowUpCell(const MgbbGame& game, const MgbbGame::State& state, int winner, int loser) {
  return NearestCellAround(game, state.cell[loser], state.cell[winner],
                           [&](int c) { return game.UnitAt(state, c) == MgbbGame::kNone; });
}

// The cell u's charge at t ends on, given where u's charges may end: the free cell next to
// t it can reach nearest its own; -1 if none.
int ChargeDestination(const MgbbGame& game, const MgbbGame::State& state, int u, int t,
                      const CellMask& ends) {
  if (!MgbbGame::Alive(state, t) || game.side(t) == game.side(u)) return -1;
  return NearestCellAround(game, state.cell[t], state.cell[u], [&](int c) { return ends.Test(c); });
}

// A charge or hand-to-hand round of u against t begins: u throws first.
void StartRound(const MgbbGame& game, MgbbGame::State& state, int u, int t, MgbbGame::Mode mode) {
  state.mode = mode;
  state.att = static_cast<uint8_t>(u);
  state.tgt = static_cast<uint8_t>(t);
  state.side = 0;
  state.scored = 0;
  state.dice = static_cast<uint8_t>(
      RoundDice(mode, MeleeContextOf(game, state, u, t, mode == MgbbGame::kChargeRound)));
  state.phase = MgbbGame::kMeleeRoll;
}

void ClearResolution(MgbbGame::State& state) {
  state.mode = MgbbGame::kNoMode;
  state.att = state.tgt = MgbbGame::kNone;
  state.dice = state.side = state.scored = 0;
}

}  // namespace

// --- Charges. ------------------------------------------------------------------------------

void MgbbGame::ChargeTargets(const State& state, int u, ActionList& actions) const {
  if (!Alive(state, u) || !MayCharge(unit(u).type)) return;
  const CellMask ends = ChargeEnds(state, u);
  if (ends.Empty()) return;
  for (int t = 0; t < num_units(); ++t) {
    if (ChargeDestination(*this, state, u, t, ends) >= 0) actions.push_back(kTargetBase + t);
  }
}

bool MgbbGame::CanCharge(const State& state, int u) const {
  // Cheap first: no enemy within the longest move and a step is no charge.
  if (!Alive(state, u) || !MayCharge(unit(u).type)) return false;
  const int reach = MaxMoveCells(state, u) + 2;  // the end cell is next to the target
  bool near = false;
  for (uint32_t enemies = EnemiesOf(u); enemies != 0 && !near; enemies &= enemies - 1) {
    const int t = std::countr_zero(enemies);
    near = Alive(state, t) && Distance2(state.cell[u], state.cell[t]) <= reach * reach;
  }
  if (!near) return false;
  return HasChargeEnd(state, u);
}

void MgbbGame::StartCharge(State& state, int t) const {
  const int u = state.active;
  const int dest = ChargeDestination(*this, state, u, t, ChargeEnds(state, u));
  CHECK(dest >= 0);
  state.ap = static_cast<uint8_t>(state.ap - ChargeCost(state, u, dest));
  state.cell[u] = static_cast<uint16_t>(dest);
  state.facing[u] = static_cast<uint8_t>(FacingToward(CellOf(dest), CellOf(state.cell[t])));
  state.flags[u] |= kMovedBit;
  state.did |= kDidMove;
  StartRound(*this, state, u, t, kChargeRound);
}

// --- Hand-to-hand. -------------------------------------------------------------------------

void MgbbGame::MeleeTargets(const State& state, int u, ActionList& actions) const {
  if (!Alive(state, u) || (state.did & kDidMelee) || order_points_[u].hand_to_hand > state.ap) {
    return;
  }
  for (uint32_t enemies = EnemiesOf(u); enemies != 0; enemies &= enemies - 1) {
    const int t = std::countr_zero(enemies);
    if (Alive(state, t) && Distance2(state.cell[u], state.cell[t]) <= 2) {
      actions.push_back(kTargetBase + t);
    }
  }
}

void MgbbGame::StartMelee(State& state, int t) const {
  const int u = state.active;
  state.ap = static_cast<uint8_t>(state.ap - order_points_[u].hand_to_hand);
  state.did |= kDidMelee;
  StartRound(*this, state, u, t, kMeleeRound);
}

void MgbbGame::MeleeEffects(const State& state, std::span<int> effects) const {
  const Mode mode = static_cast<Mode>(state.mode);
  const int a = state.att, t = state.tgt;
  if (state.side == 0) {  // the hits are kept until the other side has thrown
    for (int hits = 0; hits < static_cast<int>(effects.size()); ++hits) effects[hits] = hits;
    return;
  }
  // As ApplyMeleeRoll: who won, and the hits each side takes, a unit destroyed once.
  const int a_scored = state.scored;
  mgbb::MeleeContext a_context = MeleeContextOf(*this, state, a, t, mode == kChargeRound);
  mgbb::MeleeContext t_context = MeleeContextOf(*this, state, t, a, false);
  const int a_room = kDestroyedAt - state.hits[a], t_room = kDestroyedAt - state.hits[t];
  for (int t_scored = 0; t_scored < static_cast<int>(effects.size()); ++t_scored) {
    a_context.won = a_scored > t_scored;
    t_context.won = t_scored > a_scored;
    const int outcome = a_context.won ? 0 : t_context.won ? 1 : 2;
    const int to_t = std::min(mgbb::MeleeHitsApplied(a_scored, a_context), t_room);
    const int to_a = std::min(mgbb::MeleeHitsApplied(t_scored, t_context), a_room);
    effects[t_scored] = (outcome * 8 + to_t) * 8 + to_a;
  }
}

// --- A round's throws, then the loser retreats and the winner may follow up. --------------

void MgbbGame::ApplyMeleeRoll(State& state, int hits) const {
  const Mode mode = static_cast<Mode>(state.mode);
  const int a = state.att, t = state.tgt;
  if (state.side == 0) {
    state.scored = static_cast<uint8_t>(hits);
    state.side = 1;
    state.dice = static_cast<uint8_t>(RoundDice(mode, MeleeContextOf(*this, state, t, a, false)));
    return;
  }
  // The loser took more hits scored, before the hits-received adjustments.
  const int a_scored = state.scored, t_scored = hits;
  mgbb::MeleeContext a_context = MeleeContextOf(*this, state, a, t, mode == kChargeRound);
  mgbb::MeleeContext t_context = MeleeContextOf(*this, state, t, a, false);
  a_context.won = a_scored > t_scored;
  t_context.won = t_scored > a_scored;
  const int a_cell = state.cell[a], t_cell = state.cell[t];
  ClearResolution(state);
  AddHits(state, t, mgbb::MeleeHitsApplied(a_scored, a_context));
  AddHits(state, a, mgbb::MeleeHitsApplied(t_scored, t_context));
  if (a_scored == t_scored) {  // both stay in contact
    FinishAction(state);
    return;
  }
  const int winner = a_context.won ? a : t, loser = a_context.won ? t : a;
  const int winner_cell = a_context.won ? a_cell : t_cell;
  const int loser_cell = a_context.won ? t_cell : a_cell;
  if (Alive(state, loser)) {
    // Straight back, directly away from the winner; destroyed if it cannot.
    const int back = CellsAway(
        *this, state, loser, FacingToward(CellOf(winner_cell), CellOf(loser_cell)), kRetreatCells);
    if (back < 0) {
      Destroy(state, loser);
    } else {
      state.cell[loser] = static_cast<uint16_t>(back);
    }
  }
  if (Alive(state, winner) && Alive(state, loser) &&
      FollowUpCell(*this, state, winner, loser) >= 0) {
    state.att = static_cast<uint8_t>(winner);
    state.tgt = static_cast<uint8_t>(loser);
    state.player = static_cast<uint8_t>(side(winner));
    state.phase = kFollowUp;
    return;
  }
  FinishAction(state);
}

void MgbbGame::ApplyFollowUp(State& state, bool follow) const {
  const int winner = state.att, loser = state.tgt;
  if (follow) {
    const int dest = FollowUpCell(*this, state, winner, loser);
    CHECK(dest >= 0);
    state.cell[winner] = static_cast<uint16_t>(dest);
    state.facing[winner] =
        static_cast<uint8_t>(FacingToward(CellOf(dest), CellOf(state.cell[loser])));
  }
  ClearResolution(state);
  FinishAction(state);
}

// --- Disengagement (reform). ---------------------------------------------------------------

namespace {

// The cell u disengages to, or -1 if it may not.
int DisengageCell(const MgbbGame& game, const MgbbGame::State& state, int u) {
  if (!MgbbGame::Alive(state, u) || !MayDisengage(game.unit(u).type) ||
      (state.flags[u] & MgbbGame::kReformedBit)) {
    return -1;
  }
  const int enemy = NearestEnemyInContact(game, state, u);
  if (enemy == MgbbGame::kNone) return -1;
  const Facing away = FacingToward(game.CellOf(state.cell[enemy]), game.CellOf(state.cell[u]));
  return CellsAway(game, state, u, away, MgbbGame::kDisengageCells);
}

}  // namespace

bool MgbbGame::CanDisengage(const State& state, int u) const {
  return DisengageCell(*this, state, u) >= 0;
}

void MgbbGame::Disengage(State& state, int u) const {
  const int dest = DisengageCell(*this, state, u);
  CHECK(dest >= 0);
  state.cell[u] = static_cast<uint16_t>(dest);
  state.flags[u] |= kMovedBit;
}

}  // namespace sandtable
