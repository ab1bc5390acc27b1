// quick's rules: the state machine of a round, the actions, combat and the hidden Hands.
#include "rulesets/quick/quick.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "engine/check.h"
#include "engine/hex_grid.h"

namespace sandtable {
namespace {

bool OnMap(uint8_t cell) { return cell < QuickGame::kMaxCells; }

}  // namespace

std::vector<ParamDef> QuickGame::ParamDefs() {
  return {
      {"victory",
       "objectives: Blue wins holding 2 objective hexes at the end; support: more Popular "
       "Support wins (ties: MUs removed, then a draw)",
       "objectives",
       0,
       0,
       {"objectives", "support"}},
      {"rounds", "rounds in the game", "6", 1, 12, {}},
  };
}

absl::Status QuickGame::Precompute() {
  absl::StatusOr<HexGrid> grid = HexGrid::Create(width_, height_);
  if (!grid.ok()) return grid.status();
  const int n = num_cells();
  neighbours_.assign(n, {kNone, kNone, kNone, kNone, kNone, kNone});
  dist_.assign(kMaxCells * kMaxCells, 0);
  for (int c = 0; c < n; ++c) {
    const Hex h = grid->CellAt(c);
    for (int d = 0; d < 6; ++d) {
      const Hex to{h.q + kHexDirections[d].q, h.r + kHexDirections[d].r};
      if (grid->InBounds(to)) neighbours_[c][d] = static_cast<uint8_t>(grid->Index(to));
    }
    for (int o = 0; o < n; ++o) {
      dist_[c * kMaxCells + o] = static_cast<uint8_t>(HexDistance(h, grid->CellAt(o)));
    }
  }
  pools_.clear();
  hits_.clear();
  for (int dice = 0; dice <= kMaxDice; ++dice) {
    pools_.push_back(DicePool::CountSuccesses(dice, 6, SuccessRule::AtLeast(5))
                         .Label(absl::StrCat(dice, "d6, each 5 or 6 a Loss")));
    std::vector<ChanceOutcome> outcomes;
    for (const PoolOutcome& o : pools_.back().Distribution()) {
      outcomes.push_back({static_cast<Action>(o.value), o.probability});
    }
    hits_.push_back(std::move(outcomes));
  }
  return absl::OkStatus();
}

QuickGame::State QuickGame::InitialState() const { return initial_; }

NodeKind QuickGame::Kind(const State& state) const {
  switch (state.phase) {
    case kSelect:
      return NodeKind::kSimultaneous;
    case kWander:
    case kDefRoll:
    case kCube:
    case kAtkRoll:
      return NodeKind::kChance;
    case kOver:
      return NodeKind::kTerminal;
    default:
      return NodeKind::kDecision;
  }
}

Player QuickGame::CurrentPlayer(const State& state) const {
  switch (Kind(state)) {
    case NodeKind::kChance:
      return kChancePlayer;
    case NodeKind::kDecision:
      break;
    default:
      return kNoPlayer;
  }
  switch (state.phase) {
    case kPlace:
      return units_[state.cursor].side;
    case kInitiative:
      return state.initiative;
    case kLoss:
      return units_[Loser(state)].side;
    case kAdvance:
      return units_[state.attacker].side;
    default:
      return state.actor;
  }
}

int QuickGame::TerrainAt(const State& state, int cell) const {
  if ((state.rubble[cell >> 6] >> (cell & 63)) & 1) return kClose;
  return terrain_[cell];
}

bool QuickGame::InCommand(const State& state, int u) const {
  const uint8_t c = state.cell[u];
  if (!OnMap(c)) return false;
  const Unit& unit = units_[u];
  if (unit.type == kHq) {
    const uint8_t cp = cp_[unit.side];
    return cp != kNone && OnMap(state.cell[cp]) && Distance(c, state.cell[cp]) <= 3;
  }
  if (unit.type == kCp) return false;
  const uint8_t hq = state.cell[unit.formation];
  return OnMap(hq) && Distance(c, hq) <= 2;
}

uint32_t QuickGame::CommandMask(const State& state, int side) const {
  uint32_t mask = 0;
  const uint8_t cp = cp_[side];
  const bool cp_on = cp != kNone && OnMap(state.cell[cp]);
  for (int u = 0; u < num_units(); ++u) {
    const Unit& unit = units_[u];
    const uint8_t c = state.cell[u];
    if (unit.side != side || !OnMap(c) || unit.type == kCp) continue;
    bool in = false;
    if (unit.type == kHq) {
      in = cp_on && Distance(c, state.cell[cp]) <= 3;
    } else {
      const uint8_t hq = state.cell[unit.formation];
      in = OnMap(hq) && Distance(c, hq) <= 2;
    }
    if (in) mask |= 1u << u;
  }
  return mask;
}

int QuickGame::UnitAt(const State& state, int cell, bool manoeuvre) const {
  for (int u = 0; u < num_units(); ++u) {
    if (state.cell[u] == cell && IsManoeuvre(u) == manoeuvre) return u;
  }
  return kNone;
}

int QuickGame::AttackPower(const State& state, int u, int target_cell) const {
  const int terrain = TerrainAt(state, target_cell);
  int power = 3;
  if (units_[u].type == kTaskForce || (units_[u].type == kStryker && terrain == kOpen)) power = 4;
  power -= state.reduced[u];
  const int side = units_[u].side;
  for (int e = 0; e < kEnablers; ++e) power += state.enabler[side][e] == u;
  return power;
}

int QuickGame::DefencePower(const State& state, int u) const {
  const int terrain = TerrainAt(state, state.cell[u]);
  int power = 1;
  if (IsManoeuvre(u)) {
    power = 3;
    if (units_[u].type == kTaskForce || (units_[u].type == kStryker && terrain == kOpen)) {
      power = 4;
    }
  }
  const int side = units_[u].side;
  for (int e = 0; e < kEnablers; ++e) power += state.enabler[side][e] == u;
  return power + (terrain == kClose ? 1 : 0);
}

int QuickGame::ObjectivesHeld(const State& state, Player side) const {
  int held = 0;
  for (uint8_t c : objectives_) {
    const int u = UnitAt(state, c, true);
    held += u != kNone && units_[u].side == side;
  }
  return held;
}

namespace {
bool Has(const uint64_t (&mask)[2], int cell) { return (mask[cell >> 6] >> (cell & 63)) & 1; }
void Set(uint64_t (&mask)[2], int cell) { mask[cell >> 6] |= uint64_t{1} << (cell & 63); }
}  // namespace

QuickGame::Occupancy QuickGame::Occupy(const State& state) const {
  Occupancy o;
  for (int u = 0; u < num_units(); ++u) {
    const uint8_t c = state.cell[u];
    if (!OnMap(c)) continue;
    const int side = units_[u].side;
    Set(o.any[side], c);
    Set(IsManoeuvre(u) ? o.mu[side] : o.hq[side], c);
  }
  return o;
}

bool QuickGame::Enterable(const Occupancy& o, int u, int cell) const {
  const int side = units_[u].side;
  return !Has(o.any[1 - side], cell) && !Has(IsManoeuvre(u) ? o.mu[side] : o.hq[side], cell);
}

void QuickGame::DestinationMask(const State& state, const Occupancy& o, int u, bool bonus,
                                uint64_t (&mark)[2]) const {
  mark[0] = mark[1] = 0;
  const int from = state.cell[u];
  const int enemy = 1 - units_[u].side;
  for (uint8_t n1 : neighbours_[from]) {
    if (n1 == kNone) continue;
    if (Enterable(o, u, n1)) Set(mark, n1);
    if (!bonus || Has(o.any[enemy], n1)) continue;
    const bool open1 = TerrainAt(state, n1) == kOpen;
    for (uint8_t n2 : neighbours_[n1]) {
      if (n2 == kNone || n2 == from || Has(mark, n2)) continue;
      if (!open1 && TerrainAt(state, n2) != kOpen) continue;
      if (Enterable(o, u, n2)) Set(mark, n2);
    }
  }
}

namespace {
void PushCells(const uint64_t (&mask)[2], Action base, ActionList& out) {
  for (int w = 0; w < 2; ++w) {
    for (uint64_t bits = mask[w]; bits != 0; bits &= bits - 1) {
      out.push_back(base + static_cast<Action>(64 * w + std::countr_zero(bits)));
    }
  }
}
}  // namespace

void QuickGame::AllocTargets(const State& state, int side, ActionList& out) const {
  for (uint32_t m = CommandMask(state, side); m != 0; m &= m - 1) {
    out.push_back(static_cast<Action>(std::countr_zero(m)));
  }
}

void QuickGame::LossOptions(const State& state, ActionList& out) const {
  const int u = Loser(state);
  const int side = units_[u].side;
  bool has_enabler = false;
  for (int e = 0; e < kEnablers; ++e) {
    if (state.enabler[side][e] == u) {
      out.push_back(static_cast<Action>(e));
      has_enabler = true;
    }
  }
  uint64_t retreats[2] = {0, 0};
  if (state.stage == 2 && !state.retreated) {
    const Occupancy o = Occupy(state);
    for (uint8_t n : neighbours_[state.cell[u]]) {
      if (n != kNone && Enterable(o, u, n)) Set(retreats, n);
    }
  }
  const bool no_retreat = (retreats[0] | retreats[1]) == 0;
  if (IsManoeuvre(u)) {
    if (!state.reduced[u]) {
      out.push_back(kReduce);
    } else if (!has_enabler) {
      out.push_back(kRemove);
    }
  } else if (!has_enabler && no_retreat) {
    out.push_back(kRemove);
  }
  PushCells(retreats, kRetreatBase, out);
}

// Transfers of Redeploy: Enabler e on an in-command unit to another in-command unit, with at
// most 2 formations involved in the whole action.
namespace {
int FormationBit(const QuickGame& game, int u) {
  return 1 << game.unit(game.unit(u).formation).rank;
}
}  // namespace

void QuickGame::ChooseActions(const State& state, ActionList& out) const {
  const int side = state.actor;
  const int n = num_units();
  bool cp_on_map = false;
  bool any_mover = false, any_hq = false, any_hq_in_command = false, any_attacker = false;
  bool reduced_in_command = false;
  const Occupancy o = Occupy(state);
  const uint32_t command = CommandMask(state, side);
  for (int u = 0; u < n; ++u) {
    if (units_[u].side != side || !OnMap(state.cell[u])) continue;
    const bool in_command = (command >> u) & 1;
    if (units_[u].type == kCp) cp_on_map = true;
    if (units_[u].type == kHq) {
      any_hq = true;
      if (in_command) any_hq_in_command = true;
    }
    if (!any_mover) {
      for (uint8_t nb : neighbours_[state.cell[u]]) any_mover |= nb != kNone && Enterable(o, u, nb);
      if (!any_mover) {
        uint64_t mask[2];
        DestinationMask(state, o, u, IsManoeuvre(u) && in_command, mask);
        any_mover = (mask[0] | mask[1]) != 0;
      }
    }
    if (IsManoeuvre(u)) {
      if (state.reduced[u] && in_command) reduced_in_command = true;
      for (uint8_t nb : neighbours_[state.cell[u]]) {
        any_attacker |= nb != kNone && Has(o.any[1 - side], nb);
      }
    }
  }
  const bool can_claim = !state.transferred && state.initiative != side;
  const uint8_t* hand = state.cubes[side][kHand];
  if (hand[kBlue] > 0) {
    out.push_back(kPass);
    if (can_claim) out.push_back(kClaimInitiative);
    if (any_mover) out.push_back(kMoveOne);
    if (any_hq) out.push_back(kMoveFormation);
    if (cp_on_map && any_hq_in_command) out.push_back(kMoveAll);
    if (any_attacker) out.push_back(kAttack);
    if (cp_on_map) {
      for (int e = 0; e < kEnablers; ++e) {
        if (state.enabler[side][e] == kInSupply) out.push_back(kRegroupEnabler + e);
      }
      for (int c = 0; c < 2; ++c) {
        if (state.cubes[side][kSupply][c] > 0) out.push_back(kRegroupCube + c);
      }
      for (int e = 0; e < kEnablers && command != 0; ++e) {
        if (state.enabler[side][e] == kAvailable) out.push_back(kRegroupAllocate + e);
      }
    }
  }
  if (hand[kPink] > 0) {
    out.push_back(kColourStride + kPass);
    if (can_claim) out.push_back(kColourStride + kClaimInitiative);
    if (cp_on_map) {
      // A first transfer (two units involve at most two formations): an Enabler on an
      // in-command unit, and another in-command unit.
      bool allocated = false;
      for (int e = 0; e < kEnablers; ++e) {
        const uint8_t at = state.enabler[side][e];
        allocated |= at < n && ((command >> at) & 1);
      }
      if (allocated && std::popcount(command) >= 2) out.push_back(kColourStride + kRedeploy);
      if (reduced_in_command) out.push_back(kColourStride + kReviveUnitKind);
      bool exhausted = false;
      for (int e = 0; e < kEnablers; ++e) exhausted |= state.enabler[side][e] == kExhausted;
      if (exhausted) out.push_back(kColourStride + kReviveEnablers);
    }
  }
}

void QuickGame::LegalActions(const State& state, Player player, ActionList& actions) const {
  actions.clear();
  const int n = num_units();
  const int side = player;
  switch (state.phase) {
    case kSelect: {
      const int pb = state.cubes[side][kPool][kBlue], pp = state.cubes[side][kPool][kPink];
      const int take = std::min(kHandSize, pb + pp);
      for (int b = std::max(0, take - pp); b <= std::min(take, pb); ++b) actions.push_back(b);
      return;
    }
    case kPlace: {
      const int u = state.cursor;
      bool mark[kMaxCells] = {};
      for (int v = 0; v < n; ++v) {
        if (units_[v].side != side || !OnMap(state.cell[v])) continue;
        const bool anchor = units_[u].type == kHq ? (IsManoeuvre(v) && units_[v].formation == u)
                                                  : units_[v].type == kHq;
        if (!anchor) continue;
        if (units_[u].type == kHq) mark[state.cell[v]] = true;
        for (uint8_t nb : neighbours_[state.cell[v]]) {
          if (nb != kNone) mark[nb] = true;
        }
      }
      const Occupancy o = Occupy(state);
      for (int c = 0; c < num_cells(); ++c) {
        if (mark[c] && Enterable(o, u, c)) actions.push_back(c);
      }
      return;
    }
    case kInitiative:
    case kAdvance:
      actions.push_back(0);
      actions.push_back(1);
      return;
    case kChoose:
      ChooseActions(state, actions);
      return;
    case kClaim:
      for (Action a = 0; a < 3; ++a) actions.push_back(a);
      return;
    case kPickUnit: {
      const Occupancy o = Occupy(state);
      const uint32_t command = CommandMask(state, side);
      for (int u = 0; u < n; ++u) {
        if (units_[u].side != side || !OnMap(state.cell[u])) continue;
        uint64_t mask[2];
        DestinationMask(state, o, u, IsManoeuvre(u) && ((command >> u) & 1), mask);
        if ((mask[0] | mask[1]) != 0) actions.push_back(u);
      }
      return;
    }
    case kPickFormation:
      for (int u = 0; u < n; ++u) {
        if (units_[u].side == side && units_[u].type == kHq && OnMap(state.cell[u])) {
          actions.push_back(u);
        }
      }
      return;
    case kDest: {
      uint64_t mask[2];
      DestinationMask(state, Occupy(state), state.cursor, (state.bonus >> state.cursor) & 1, mask);
      PushCells(mask, 0, actions);
    }
      actions.push_back(kStay);
      return;
    case kAttacker:
      for (int u = 0; u < n; ++u) {
        if (units_[u].side != side || !IsManoeuvre(u) || !OnMap(state.cell[u])) continue;
        bool adjacent = false;
        for (int v = 0; v < n && !adjacent; ++v) {
          adjacent = units_[v].side != side && OnMap(state.cell[v]) &&
                     Distance(state.cell[u], state.cell[v]) == 1;
        }
        if (adjacent) actions.push_back(u);
      }
      return;
    case kTarget:
      for (int v = 0; v < n; ++v) {
        if (units_[v].side != side && OnMap(state.cell[v]) &&
            Distance(state.cell[state.attacker], state.cell[v]) == 1) {
          actions.push_back(v);
        }
      }
      return;
    case kLoss:
      LossOptions(state, actions);
      return;
    case kAllocTo:
      AllocTargets(state, side, actions);
      return;
    case kTransfer: {
      const uint32_t command = CommandMask(state, side);
      for (int e = 0; e < kEnablers; ++e) {
        const int holder = state.enabler[side][e];
        if (holder >= n || !((command >> holder) & 1)) continue;
        for (int t = 0; t < n; ++t) {
          if (t == holder || !((command >> t) & 1)) continue;
          const int bits = state.formations | FormationBit(*this, holder) | FormationBit(*this, t);
          if (std::popcount(static_cast<unsigned>(bits)) <= 2) {
            actions.push_back(e);
            break;
          }
        }
      }
      if (state.transfers > 0 || actions.empty()) actions.push_back(kDone);
      return;
    }
    case kTransferTo: {
      const int holder = state.enabler[side][state.sub];
      const uint32_t command = CommandMask(state, side);
      for (int t = 0; t < n; ++t) {
        if (t == holder || !((command >> t) & 1)) continue;
        const int bits = state.formations | FormationBit(*this, holder) | FormationBit(*this, t);
        if (std::popcount(static_cast<unsigned>(bits)) <= 2) actions.push_back(t);
      }
      return;
    }
    case kReviveUnit:
      for (int u = 0; u < n; ++u) {
        if (units_[u].side == side && IsManoeuvre(u) && state.reduced[u] && InCommand(state, u)) {
          actions.push_back(u);
        }
      }
      return;
    case kReviveEnabler:
      for (int e = 0; e < kEnablers; ++e) {
        if (state.enabler[side][e] == kExhausted) actions.push_back(e);
      }
      if (state.sub > 0 || actions.empty()) actions.push_back(kDone);
      return;
    default:
      return;
  }
}

void QuickGame::ChanceOutcomes(const State& state, ChanceList& outcomes) const {
  outcomes.clear();
  switch (state.phase) {
    case kDefRoll:
    case kAtkRoll: {
      const int dice = state.phase == kDefRoll
                           ? DefencePower(state, state.defender)
                           : AttackPower(state, state.attacker, state.cell[state.defender]);
      for (const ChanceOutcome& o : hits_[std::min(dice, kMaxDice)]) outcomes.push_back(o);
      return;
    }
    case kCube: {
      const int total = PoolTotal(state, state.cube_side);
      for (int c = 0; c < 2; ++c) {
        const int count = state.cubes[state.cube_side][kPool][c];
        if (count > 0) {
          outcomes.push_back({static_cast<Action>(c), Probability(static_cast<uint64_t>(count),
                                                                  static_cast<uint64_t>(total))});
        }
      }
      return;
    }
    case kWander: {
      int count[kMaxCells] = {};
      const uint8_t from = state.civ[state.cursor];
      for (uint8_t to : neighbours_[from]) {
        bool blocked = to == kNone;
        for (int u = 0; u < num_units() && !blocked; ++u) blocked = state.cell[u] == to;
        for (int i = 0; i < kMaxUnits && !blocked && state.civ[i] != kNone; ++i) {
          blocked = i != state.cursor && state.civ[i] == to;
        }
        ++count[blocked ? from : to];
      }
      for (int c = 0; c < num_cells(); ++c) {
        if (count[c] > 0) outcomes.push_back({static_cast<Action>(c), Probability(count[c], 6)});
      }
      return;
    }
    default:
      return;
  }
}

void QuickGame::LogPool(State& state, int side, bool remove, int colour) const {
  if (state.log_len[side] >= kMaxPoolEvents) return;
  state.pool_log[side] |= static_cast<uint32_t>((remove ? 2 : 0) | colour)
                          << (2 * state.log_len[side]);
  ++state.log_len[side];
}

void QuickGame::StartRound(State& state, int round) const {
  state.round = static_cast<uint8_t>(round);
  for (int side = 0; side < 2; ++side) {
    uint8_t(&c)[kPlaces][2] = state.cubes[side];
    if (c[kPool][0] + c[kPool][1] < kHandSize) {
      for (int colour = 0; colour < 2; ++colour) {
        c[kPool][colour] = static_cast<uint8_t>(c[kPool][colour] + c[kDiscard][colour]);
        c[kDiscard][colour] = 0;
      }
    }
    state.spent[side][0] = state.spent[side][1] = 0;
    state.pool_log[side] = 0;
    state.log_len[side] = 0;
    state.selected[side] = 0;
  }
  state.transferred = 0;
  state.phase = kSelect;
}

void QuickGame::ApplyJoint(State& state, JointAction joint) const {
  for (int side = 0; side < 2; ++side) {
    uint8_t(&c)[kPlaces][2] = state.cubes[side];
    const int take = std::min(kHandSize, c[kPool][0] + c[kPool][1]);
    const int blue = static_cast<int>(joint[side]);
    c[kHand][kBlue] = static_cast<uint8_t>(blue);
    c[kHand][kPink] = static_cast<uint8_t>(take - blue);
    c[kPool][kBlue] = static_cast<uint8_t>(c[kPool][kBlue] - blue);
    c[kPool][kPink] = static_cast<uint8_t>(c[kPool][kPink] - (take - blue));
    state.selected[side] = static_cast<uint8_t>(take);
  }
  AfterSelection(state);
}

void QuickGame::AfterSelection(State& state) const {
  state.cursor = kNone;
  NextPlacement(state);
}

// Returning HQs and CPs: side 0 first, each side's HQs (ascending) before its CP. A unit with
// no legal hex stays off the map until a later round.
void QuickGame::NextPlacement(State& state) const {
  // The order key of unit u: side * 2 * kMaxUnits + (CP ? kMaxUnits : 0) + u.
  auto order = [&](int u) {
    return units_[u].side * 2 * kMaxUnits + (units_[u].type == kCp ? kMaxUnits : 0) + u;
  };
  const int after = state.cursor == kNone ? -1 : order(state.cursor);
  int best = kNone;
  ActionList scratch;
  for (int u = 0; u < num_units(); ++u) {
    if (state.cell[u] != kOff || order(u) <= after) continue;
    if (best != kNone && order(u) > order(best)) continue;
    State probe = state;
    probe.cursor = static_cast<uint8_t>(u);
    probe.phase = kPlace;
    LegalActions(probe, units_[u].side, scratch);
    if (!scratch.empty()) best = u;
  }
  if (best != kNone) {
    state.cursor = static_cast<uint8_t>(best);
    state.phase = kPlace;
    return;
  }
  NextWander(state, 0);
}

void QuickGame::NextWander(State& state, int from) const {
  if (from < kMaxUnits && state.civ[from] != kNone) {
    state.cursor = static_cast<uint8_t>(from);
    state.phase = kWander;
    return;
  }
  state.cursor = kNone;
  StartActions(state);
}

void QuickGame::StartActions(State& state) const {
  if (HandTotal(state, 0) + HandTotal(state, 1) == 0) {
    state.phase = kChoose;  // passes through EndAction's bookkeeping
    state.actor = state.initiative;
    EndAction(state);
    return;
  }
  state.phase = kInitiative;
}

void QuickGame::EndAction(State& state) const {
  state.group = state.bonus = 0;
  state.cursor = kNone;
  state.sub = 0;
  state.attacker = state.defender = kNone;
  state.losses = state.stage = state.retreated = 0;
  state.vacated = kNone;
  state.cube_side = 0;
  state.transfers = state.formations = 0;
  const int other = 1 - state.actor;
  if (HandTotal(state, other) > 0) {
    state.actor = static_cast<uint8_t>(other);
    state.phase = kChoose;
  } else if (HandTotal(state, state.actor) > 0) {
    state.phase = kChoose;
  } else if (state.round >= rounds_) {
    state.actor = 0;
    state.phase = kOver;
  } else {
    state.actor = 0;
    StartRound(state, state.round + 1);
  }
}

void QuickGame::NextMover(State& state) const {
  if (state.group == 0) {
    EndAction(state);
    return;
  }
  state.cursor = static_cast<uint8_t>(std::countr_zero(static_cast<unsigned>(state.group)));
  state.phase = kDest;
}

void QuickGame::ApplyChoose(State& state, Action action) const {
  const int side = state.actor;
  const int colour = static_cast<int>(action / kColourStride);
  const int kind = static_cast<int>(action % kColourStride);
  --state.cubes[side][kHand][colour];
  ++state.cubes[side][kDiscard][colour];
  ++state.spent[side][colour];
  const int n = num_units();
  switch (kind) {
    case kPass:
      EndAction(state);
      return;
    case kClaimInitiative:
      state.initiative = static_cast<uint8_t>(side);
      state.transferred = 1;
      state.phase = kClaim;
      return;
    case kMoveOne:
      state.phase = kPickUnit;
      return;
    case kMoveFormation:
      state.phase = kPickFormation;
      return;
    case kMoveAll:
      for (int h = 0; h < n; ++h) {
        if (units_[h].side != side || units_[h].type != kHq || !InCommand(state, h)) continue;
        state.group |= static_cast<uint16_t>(1u << h);
        for (int u = 0; u < n; ++u) {
          if (IsManoeuvre(u) && units_[u].formation == h && InCommand(state, u)) {
            state.group |= static_cast<uint16_t>(1u << u);
            state.bonus |= static_cast<uint16_t>(1u << u);
          }
        }
      }
      NextMover(state);
      return;
    case kAttack:
      state.phase = kAttacker;
      return;
    case kRedeploy:
      state.phase = kTransfer;
      return;
    case kReviveUnitKind:
      state.phase = kReviveUnit;
      return;
    case kReviveEnablers:
      state.phase = kReviveEnabler;
      return;
    default:
      break;
  }
  if (kind >= kRegroupAllocate) {
    state.sub = static_cast<uint8_t>(kind - kRegroupAllocate);
    state.phase = kAllocTo;
  } else if (kind >= kRegroupCube) {
    const int c = kind - kRegroupCube;
    --state.cubes[side][kSupply][c];
    ++state.cubes[side][kPool][c];
    LogPool(state, side, false, c);
    EndAction(state);
  } else {
    state.enabler[side][kind - kRegroupEnabler] = kAvailable;
    EndAction(state);
  }
}

void QuickGame::RemoveUnit(State& state, int u) const {
  const int side = units_[u].side;
  const int cell = state.cell[u];
  state.losses = 0;
  bool cube = false;
  if (IsManoeuvre(u)) {
    if (terrain_[cell] != kClose) state.rubble[cell >> 6] |= uint64_t{1} << (cell & 63);
    for (int i = 0; i < kMaxUnits; ++i) {
      if (state.civ[i] == kNone) {
        state.civ[i] = static_cast<uint8_t>(cell);
        break;
      }
    }
    state.cell[u] = kNone;
    state.reduced[u] = 0;
    ++state.support[1 - side];
    ++state.mus_removed[1 - side];
    cube = true;
  } else {
    state.cell[u] = kOff;
    cube = units_[u].type == kCp;
  }
  if (cube && PoolTotal(state, side) > 0) {
    state.cube_side = static_cast<uint8_t>(side);
    state.phase = kCube;
  }
}

// After a loss is absorbed (or a roll made): the next loss, the attacker's roll, the end.
void QuickGame::AfterLoss(State& state) const {
  if (state.stage == 1) {
    if (state.losses > 0 && OnMap(state.cell[state.attacker])) {
      state.phase = kLoss;
      return;
    }
    state.losses = 0;
    if (OnMap(state.cell[state.attacker])) {
      state.phase = kAtkRoll;
      return;
    }
    EndCombat(state);
    return;
  }
  if (state.losses > 0 && OnMap(state.cell[state.defender])) {
    state.phase = kLoss;
    return;
  }
  state.losses = 0;
  EndCombat(state);
}

void QuickGame::EndCombat(State& state) const {
  if (state.stage == 2 && state.retreated && state.vacated != kNone &&
      OnMap(state.cell[state.attacker]) && Enterable(state, state.attacker, state.vacated)) {
    state.phase = kAdvance;
    return;
  }
  EndAction(state);
}

void QuickGame::Apply(State& state, Action action) const {
  const int side = CurrentPlayer(state);
  switch (state.phase) {
    case kPlace:
      state.cell[state.cursor] = static_cast<uint8_t>(action);
      NextPlacement(state);
      return;
    case kWander:
      state.civ[state.cursor] = static_cast<uint8_t>(action);
      NextWander(state, state.cursor + 1);
      return;
    case kInitiative: {
      const int first = action == 0 ? state.initiative : 1 - state.initiative;
      state.actor = static_cast<uint8_t>(HandTotal(state, first) > 0 ? first : 1 - first);
      state.phase = kChoose;
      return;
    }
    case kChoose:
      ApplyChoose(state, action);
      return;
    case kClaim:
      if (action == 1) ++state.support[side];
      if (action == 2) --state.support[1 - side];
      EndAction(state);
      return;
    case kPickUnit:
      state.group = static_cast<uint16_t>(1u << action);
      if (IsManoeuvre(static_cast<int>(action)) && InCommand(state, static_cast<int>(action))) {
        state.bonus = state.group;
      }
      NextMover(state);
      return;
    case kPickFormation: {
      const int h = static_cast<int>(action);
      state.group = static_cast<uint16_t>(1u << h);
      for (int u = 0; u < num_units(); ++u) {
        if (IsManoeuvre(u) && units_[u].formation == h && InCommand(state, u)) {
          state.group |= static_cast<uint16_t>(1u << u);
          state.bonus |= static_cast<uint16_t>(1u << u);
        }
      }
      NextMover(state);
      return;
    }
    case kDest:
      if (action != kStay) state.cell[state.cursor] = static_cast<uint8_t>(action);
      state.group &= static_cast<uint16_t>(~(1u << state.cursor));
      NextMover(state);
      return;
    case kAttacker:
      state.attacker = static_cast<uint8_t>(action);
      state.phase = kTarget;
      return;
    case kTarget:
      state.defender = static_cast<uint8_t>(action);
      state.phase = kDefRoll;
      return;
    case kDefRoll:
      state.losses = static_cast<uint8_t>(action);
      state.stage = 1;
      AfterLoss(state);
      return;
    case kAtkRoll:
      state.losses = static_cast<uint8_t>(action);
      state.stage = 2;
      AfterLoss(state);
      return;
    case kLoss: {
      const int u = Loser(state);
      --state.losses;
      if (action < kEnablers) {
        state.enabler[units_[u].side][action] = kExhausted;
      } else if (action == kReduce) {
        state.reduced[u] = 1;
      } else if (action == kRemove) {
        RemoveUnit(state, u);
        if (state.phase == kCube) return;
      } else {
        state.vacated = state.cell[u];
        state.cell[u] = static_cast<uint8_t>(action - kRetreatBase);
        state.retreated = 1;
      }
      AfterLoss(state);
      return;
    }
    case kCube: {
      const int s = state.cube_side;
      --state.cubes[s][kPool][action];
      ++state.cubes[s][kRemoved][action];
      LogPool(state, s, true, static_cast<int>(action));
      AfterLoss(state);
      return;
    }
    case kAdvance:
      if (action == 1) state.cell[state.attacker] = state.vacated;
      EndAction(state);
      return;
    case kAllocTo:
      state.enabler[side][state.sub] = static_cast<uint8_t>(action);
      EndAction(state);
      return;
    case kTransfer:
      if (action == kDone) {
        EndAction(state);
        return;
      }
      state.sub = static_cast<uint8_t>(action);
      state.phase = kTransferTo;
      return;
    case kTransferTo: {
      const int holder = state.enabler[side][state.sub];
      state.formations = static_cast<uint8_t>(state.formations | FormationBit(*this, holder) |
                                              FormationBit(*this, static_cast<int>(action)));
      state.enabler[side][state.sub] = static_cast<uint8_t>(action);
      state.sub = 0;
      if (++state.transfers >= 3) {
        EndAction(state);
        return;
      }
      state.phase = kTransfer;
      return;
    }
    case kReviveUnit:
      state.reduced[action] = 0;
      EndAction(state);
      return;
    case kReviveEnabler:
      if (action == kDone) {
        EndAction(state);
        return;
      }
      state.enabler[side][action] = kAvailable;
      if (++state.sub >= 2) EndAction(state);
      return;
    default:
      CHECK(false);
  }
}

double QuickGame::Returns(const State& state, Player player) const {
  if (state.phase != kOver) return 0;
  int winner = -1;
  if (!support_victory_) {
    const int needed = std::min<int>(2, static_cast<int>(objectives_.size()));
    winner = ObjectivesHeld(state, 0) >= needed ? 0 : 1;
  } else if (state.support[0] != state.support[1]) {
    winner = state.support[0] > state.support[1] ? 0 : 1;
  } else if (state.mus_removed[0] != state.mus_removed[1]) {
    winner = state.mus_removed[0] > state.mus_removed[1] ? 0 : 1;
  }
  if (winner < 0) return 0;
  return winner == player ? 1.0 : -1.0;
}

int QuickGame::Score(const State& state, Player player) const {
  return support_victory_ ? state.support[player] : ObjectivesHeld(state, player);
}

int QuickGame::MaxGameLength() const {
  // A round: the selection, the returns, the CIV markers, the Initiative decision, and at
  // most 2 * kHandSize actions; an action is at most 2 + 2 * (kMaxDice + 1) + 4 nodes
  // (attack) or kMaxUnits + 2 (a group move).
  const int per_action = 2 + 2 * (kMaxDice + 2) + 4;
  return rounds_ * (1 + 2 * kMaxUnits + 1 + 2 * kHandSize * per_action);
}

absl::Status QuickGame::Validate(const State& s) const {
  auto error = [](const char* m) { return absl::InvalidArgumentError(m); };
  const int n = num_units();
  // Cubes: every colour's total is the scenario's; the Hand is this round's selection less
  // the discards.
  for (int side = 0; side < 2; ++side) {
    for (int c = 0; c < 2; ++c) {
      int total = 0, start = 0;
      for (int p = 0; p < kPlaces; ++p) {
        total += s.cubes[side][p][c];
        start += initial_.cubes[side][p][c];
      }
      if (total != start) return error("the cubes of a colour do not add up to the scenario's");
    }
    const int spent = s.spent[side][0] + s.spent[side][1];
    if (spent > s.selected[side] || HandTotal(s, side) != s.selected[side] - spent) {
      return error("a Hand is not the selection less this round's discards");
    }
    if (s.spent[side][0] > s.cubes[side][kDiscard][0] ||
        s.spent[side][1] > s.cubes[side][kDiscard][1]) {
      return error("more cubes spent this round than are in the Discard");
    }
    if (s.phase != kSelect && s.phase != kOver && HandCandidates(s, side).empty()) {
      return error("this round's Pool events contradict the Pool");
    }
  }
  if (s.phase == kSelect &&
      (HandTotal(s, 0) + HandTotal(s, 1) + s.selected[0] + s.selected[1] != 0 ||
       s.log_len[0] + s.log_len[1] != 0)) {
    return error("at Select Cubes the Hands are empty and nothing has happened this round");
  }
  // Units: stacking, no two sides in a hex; Enablers on units that are on the map.
  for (int u = 0; u < n; ++u) {
    if (!OnMap(s.cell[u])) continue;
    for (int v = u + 1; v < n; ++v) {
      if (s.cell[v] != s.cell[u]) continue;
      if (units_[u].side != units_[v].side) return error("units of both sides share a hex");
      if (IsManoeuvre(u) == IsManoeuvre(v)) return error("a hex holds two MUs or two HQs/CPs");
    }
  }
  for (int side = 0; side < 2; ++side) {
    for (int e = 0; e < kEnablers; ++e) {
      const uint8_t at = s.enabler[side][e];
      if (at < n && !OnMap(s.cell[at])) return error("an Enabler on a unit off the map");
    }
  }
  if (s.mus_removed[0] + s.mus_removed[1] > n) return error("more MUs removed than exist");
  // The node's own fields.
  auto unit_ok = [&](uint8_t u, bool on_map) { return u < n && (!on_map || OnMap(s.cell[u])); };
  switch (s.phase) {
    case kPlace:
      if (!unit_ok(s.cursor, false) || s.cell[s.cursor] != kOff) {
        return error("phase place: cursor is not a unit off the map");
      }
      break;
    case kWander:
      if (s.cursor >= kMaxUnits || s.civ[s.cursor] == kNone) {
        return error("phase wander: cursor is not a CIV marker");
      }
      break;
    case kDest:
      if (!unit_ok(s.cursor, true) || units_[s.cursor].side != s.actor ||
          !((s.group >> s.cursor) & 1)) {
        return error("phase dest: cursor is not a unit of the move");
      }
      break;
    case kTarget:
    case kDefRoll:
    case kLoss:
    case kCube:
    case kAtkRoll:
    case kAdvance: {
      if (!unit_ok(s.attacker, false) || !IsManoeuvre(s.attacker) ||
          units_[s.attacker].side != s.actor) {
        return error("combat: the attacker is not an MU of the actor");
      }
      if (s.phase == kTarget) break;
      if (!unit_ok(s.defender, false) || units_[s.defender].side == s.actor) {
        return error("combat: the defender is not an enemy unit");
      }
      const bool both = s.phase == kDefRoll || s.phase == kAtkRoll;
      if (both && (!OnMap(s.cell[s.attacker]) || !OnMap(s.cell[s.defender]) ||
                   Distance(s.cell[s.attacker], s.cell[s.defender]) != 1)) {
        return error("combat: attacker and defender are not adjacent on the map");
      }
      if ((s.phase == kLoss || s.phase == kCube) && s.stage == 0) {
        return error("combat: losses before a roll");
      }
      if (s.phase == kLoss && (s.losses == 0 || !OnMap(s.cell[Loser(s)]))) {
        return error("combat: no loss to absorb");
      }
      if (s.phase == kCube && PoolTotal(s, s.cube_side) == 0) {
        return error("phase cube: that Pool is empty");
      }
      if (s.phase == kAdvance &&
          (s.vacated == kNone || !OnMap(s.cell[s.attacker]) || !s.retreated)) {
        return error("phase advance: no vacated hex");
      }
      break;
    }
    case kTransferTo:
      if (s.enabler[s.actor][s.sub] >= n) return error("phase transfer_to: Enabler not allocated");
      break;
    case kOver:
      if (s.round != rounds_) return error("the game ends after the last round");
      break;
    default:
      break;
  }
  // Every node has something to do.
  if (Kind(s) == NodeKind::kChance) {
    ChanceList outcomes;
    ChanceOutcomes(s, outcomes);
    if (outcomes.empty()) return error("a chance node without outcomes");
  } else if (Kind(s) != NodeKind::kTerminal) {
    for (Player p = 0; p < 2; ++p) {
      if (Kind(s) == NodeKind::kDecision && CurrentPlayer(s) != p) continue;
      ActionList actions;
      LegalActions(s, p, actions);
      if (actions.empty()) return error("a decision without legal actions");
    }
    if (s.phase == kChoose && HandTotal(s, s.actor) == 0) return error("the actor has no cube");
  }
  return absl::OkStatus();
}

// --- Hidden information.

std::vector<std::pair<int, uint64_t>> QuickGame::HandCandidates(const State& state,
                                                                Player side) const {
  std::vector<std::pair<int, uint64_t>> result;
  const uint8_t(&c)[kPlaces][2] = state.cubes[side];
  const int hand = c[kHand][0] + c[kHand][1];
  const int total_blue = c[kPool][0] + c[kHand][0];
  const int total_pink = c[kPool][1] + c[kHand][1];
  for (int blue = std::max(0, hand - total_pink); blue <= std::min(hand, total_blue); ++blue) {
    int pool[2] = {total_blue - blue, total_pink - (hand - blue)};
    uint64_t weight = 1;
    // Replay this round's Pool events backwards: each removal of colour k had probability
    // pool[k] / total at the time (the total is public, so only pool[k] weighs).
    for (int i = state.log_len[side] - 1; i >= 0 && weight > 0; --i) {
      const uint32_t event = (state.pool_log[side] >> (2 * i)) & 3;
      const int colour = static_cast<int>(event & 1);
      if (event & 2) {
        ++pool[colour];
        weight *= static_cast<uint64_t>(pool[colour]);
      } else {
        --pool[colour];
        if (pool[colour] < 0) weight = 0;
      }
    }
    if (weight > 0) result.push_back({blue, weight});
  }
  return result;
}

uint64_t QuickGame::InformationSetKey(const State& state, Player player) const {
  State copy = state;
  const int other = 1 - player;
  uint8_t(&c)[kPlaces][2] = copy.cubes[other];
  c[kPool][0] = static_cast<uint8_t>(c[kPool][0] + c[kHand][0]);
  c[kPool][1] = static_cast<uint8_t>(c[kPool][1] + c[kHand][1]);
  c[kHand][0] = static_cast<uint8_t>(c[kHand][0] + c[kHand][1]);
  c[kHand][1] = 0xEE;
  uint64_t words[sizeof(State) / 8];
  std::memcpy(words, &copy, sizeof(State));
  uint64_t hash = HashCombine(0x717569636b000000ULL, static_cast<uint64_t>(player));  // "quick"
  for (uint64_t w : words) hash = HashCombine(hash, w);
  return hash;
}

QuickGame::State QuickGame::Determinize(const State& state, Player player, Rng& rng) const {
  State result = state;
  const int other = 1 - player;
  const int hand = HandTotal(state, other);
  if (hand == 0) return result;
  const std::vector<std::pair<int, uint64_t>> candidates = HandCandidates(state, other);
  uint64_t total = 0;
  for (const auto& [blue, weight] : candidates) total += weight;
  int blue = candidates.front().first;
  if (candidates.size() > 1) {
    uint64_t pick = rng.Next() % total;
    for (const auto& [b, weight] : candidates) {
      if (pick < weight) {
        blue = b;
        break;
      }
      pick -= weight;
    }
  }
  uint8_t(&c)[kPlaces][2] = result.cubes[other];
  const int total_blue = c[kPool][0] + c[kHand][0];
  const int total_pink = c[kPool][1] + c[kHand][1];
  c[kHand][kBlue] = static_cast<uint8_t>(blue);
  c[kHand][kPink] = static_cast<uint8_t>(hand - blue);
  c[kPool][kBlue] = static_cast<uint8_t>(total_blue - blue);
  c[kPool][kPink] = static_cast<uint8_t>(total_pink - (hand - blue));
  return result;
}

std::string QuickGame::DescribeHidden(const State& state, Player owner) const {
  if (HandTotal(state, owner) == 0) return "";
  return absl::StrCat("hand ", state.cubes[owner][kHand][kBlue], " blue ",
                      state.cubes[owner][kHand][kPink], " pink");
}

std::vector<std::pair<std::string, int>> QuickGame::ResultMeasures(const State& before,
                                                                   const State& after) const {
  int removed[2] = {0, 0}, reduced[2] = {0, 0}, exhausted[2] = {0, 0}, retreated = 0;
  const int blue_cubes_lost = after.cubes[0][kRemoved][kBlue] + after.cubes[1][kRemoved][kBlue] -
                              before.cubes[0][kRemoved][kBlue] - before.cubes[1][kRemoved][kBlue];
  const int cubes_lost = blue_cubes_lost + after.cubes[0][kRemoved][kPink] +
                         after.cubes[1][kRemoved][kPink] - before.cubes[0][kRemoved][kPink] -
                         before.cubes[1][kRemoved][kPink];
  for (int u = 0; u < num_units(); ++u) {
    const int side = units_[u].side;
    if (OnMap(before.cell[u]) && !OnMap(after.cell[u])) ++removed[side];
    if (!before.reduced[u] && after.reduced[u]) ++reduced[side];
  }
  for (int side = 0; side < 2; ++side) {
    for (int e = 0; e < kEnablers; ++e) {
      exhausted[side] +=
          before.enabler[side][e] != kExhausted && after.enabler[side][e] == kExhausted;
    }
  }
  retreated = after.retreated && !before.retreated;
  return {{"removed_p0", removed[0]},
          {"removed_p1", removed[1]},
          {"reduced_p0", reduced[0]},
          {"reduced_p1", reduced[1]},
          {"exhausted_p0", exhausted[0]},
          {"exhausted_p1", exhausted[1]},
          {"retreated", retreated},
          {"losses_on_attacker", after.stage == 1 ? after.losses : 0},
          {"losses_on_defender", after.stage == 2 ? after.losses : 0},
          {"cubes_lost", cubes_lost},
          {"blue_cubes_lost", blue_cubes_lost}};
}

}  // namespace sandtable
