// mgbb's creation and turn sequence (docs/rulesets/mgbb.md, "The game"): initiative,
// activation tokens and rolls, the action loop with its action points, moves, turns and
// limbering, reform and the result. Shooting, melee and text live in their own files.
#include "rulesets/mgbb/mgbb.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/check.h"

namespace sandtable {

using mgbb::Side;
using mgbb::UnitClass;
using mgbb::UnitType;

namespace {

bool IsGun(const mgbb::Unit& unit) {
  return unit.type == UnitType::kArtillery || unit.type == UnitType::kAntiTankGun;
}

// The number of ways `dice` d6 make each sum (index: the sum).
std::vector<uint64_t> SumCounts(int dice) {
  std::vector<uint64_t> counts = {1};
  for (int d = 0; d < dice; ++d) {
    std::vector<uint64_t> next(counts.size() + 6, 0);
    for (size_t s = 0; s < counts.size(); ++s) {
      for (int face = 1; face <= 6; ++face) next[s + face] += counts[s];
    }
    counts = std::move(next);
  }
  return counts;
}

}  // namespace

// --- Creation. ---------------------------------------------------------------------------

std::vector<ParamDef> MgbbGame::ParamDefs() {
  std::vector<std::string> names;
  for (const auto& [name, text] : mgbb::BuiltInScenarios()) names.emplace_back(name);
  return {
      ParamDef{"turns", "game length in turns (0: the scenario's, 8 by default)", "0", 0, 50, {}},
      ParamDef{"scenario",
               "the built-in scenario when no scenario text is given: election_day (the "
               "default) or night_assault (a night attack on a fortified post)",
               "election_day", 0, 0, std::move(names)}};
}

std::string_view MgbbGame::Description() {
  return "Machine Guns and Ballot Boxes: colonial wars and insurgencies, every reference "
         "table as data; initiative, activation rolls, 2 action points, shooting with return "
         "fire, charges; 8 turns around the polling station";
}

absl::StatusOr<std::shared_ptr<const MgbbGame>> MgbbGame::CreateFromStrings(
    const std::map<std::string, std::string>& values, std::string_view scenario_text) {
  absl::StatusOr<Params> params = Params::Resolve(ParamDefs(), values);
  if (!params.ok()) return params.status();
  return Create(*params, scenario_text);
}

absl::StatusOr<std::shared_ptr<const MgbbGame>> MgbbGame::Create(const Params& params,
                                                                 std::string_view scenario_text) {
  const std::string& built_in = params.GetString("scenario");
  const auto& scenarios = mgbb::BuiltInScenarios();
  if (built_in != scenarios[0].first && !scenario_text.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "scenario=", built_in, " names a built-in scenario: give it or a scenario text, not both"));
  }
  std::string_view chosen = scenario_text;
  if (chosen.empty()) {
    for (const auto& [name, text] : scenarios) {
      if (name == built_in) chosen = text;
    }
  }
  absl::StatusOr<mgbb::Scenario> scenario = mgbb::ParseScenario(chosen);
  if (!scenario.ok()) return scenario.status();
  if (absl::Status size = CheckGridSize(scenario->width, scenario->height, "map"); !size.ok()) {
    return size;
  }
  if (scenario->units.size() > static_cast<size_t>(kMaxUnits)) {
    return absl::InvalidArgumentError(absl::StrCat("scenario: ", scenario->units.size(),
                                                   " units, at most ", kMaxUnits, " in all"));
  }
  if (params.GetInt("turns") > 0) scenario->turns = static_cast<int>(params.GetInt("turns"));

  std::shared_ptr<MgbbGame> game(new MgbbGame());
  game->scenario_ = *std::move(scenario);
  const mgbb::Scenario& s = game->scenario_;
  int counts[2] = {0, 0};
  for (int u = 0; u < game->num_units(); ++u) {
    const int side = game->side(u);
    game->names_.push_back(absl::StrCat(side == 0 ? "g" : "i", ++counts[side]));
    if (game->unit(u).type == UnitType::kCommander) game->commander_[side] = u;
  }
  for (const mgbb::Marker& marker : s.markers) {
    (marker.kind == mgbb::MarkerKind::kSmoke ? game->smoke_ : game->gas_)
        .Set(game->CellIndex(marker.x, marker.y));
  }
  for (int dice = 0; dice <= kMaxDice; ++dice) {
    game->hit_pools_.push_back(
        DicePool::CountSuccesses(std::max(1, dice), 6, SuccessRule::AtLeast(5)));
    game->hit_odds_.push_back(game->hit_pools_.back().Distribution());
  }

  // Move graphs: 8-way steps, 2 points orthogonal and 3 diagonal (engine/reachability.h).
  absl::StatusOr<SquareGrid> grid = SquareGrid::Create(s.width, s.height);
  if (!grid.ok()) return grid.status();
  bool has_terrain = false, has_defences = false, has_roads = false;
  for (int c = 0; c < static_cast<int>(s.cells.size()); ++c) {
    if (s.cells[c].objective) game->objective_cells_.push_back(c);
  }
  for (const mgbb::MapCell& cell : s.cells) {
    has_terrain |= cell.terrain;
    has_defences |= cell.works == mgbb::Works::kBattlefieldDefence;
    has_roads |= cell.road;
  }
  game->move_graphs_.resize(8);
  for (int kind = 0; kind < 8; ++kind) {
    const bool terrain = kind & 1, defences = kind & 2, road_only = kind & 4;
    if ((terrain && !has_terrain) || (defences && !has_defences) || (road_only && !has_roads)) {
      continue;
    }
    MoveTerrain move_terrain;
    for (int c = 0; c < static_cast<int>(s.cells.size()); ++c) {
      const mgbb::MapCell& cell = s.cells[c];
      if ((cell.terrain && !terrain) ||
          (cell.works == mgbb::Works::kBattlefieldDefence && !defences) ||
          (!cell.road && road_only)) {
        move_terrain.impassable.Set(c);
      }
    }
    absl::StatusOr<MoveGraph> graph = MoveGraph::ForSquare(*grid, SquareSteps{}, move_terrain);
    if (!graph.ok()) return graph.status();
    game->move_graphs_[kind] = *std::move(graph);
  }
  return std::shared_ptr<const MgbbGame>(std::move(game));
}

MgbbGame::State MgbbGame::InitialState() const {
  State state;
  std::fill(std::begin(state.cell), std::end(state.cell), kNoCell);
  for (int u = 0; u < num_units(); ++u) {
    const mgbb::PlacedUnit& placed = scenario_.units[u];
    state.cell[u] = static_cast<uint16_t>(CellIndex(placed.x, placed.y));
    state.hits[u] = placed.unit.hit_tokens;
    state.facing[u] = static_cast<uint8_t>(placed.facing);
    state.flags[u] = (placed.unit.limbered ? kLimberedBit : 0) |
                     (placed.unit.moved_last_turn ? kMovedLastTurnBit : 0);
  }
  StartTurn(state);
  return state;
}

int MgbbGame::MaxGameLength() const {
  // Per turn: the initiative; each side's tokens and its done; a roll per token; per unit
  // its pick and its orders, each with a sub-decision and at most four more nodes (two
  // rolls and a return fire, or two melee rolls and a follow-up); a disengage per unit.
  const int n = num_units();
  const int per_turn = 1 + 2 * (kMaxTokensPerUnit * n + 1) + kMaxTokensPerUnit * n +
                       n * (1 + kMaxActionsPerActivation * 6 + 1) + n;
  return turns() * per_turn;
}

uint64_t MgbbGame::InformationSetKey(const State& state, Player) const {
  // Full information: the whole state, as zero-padded words.
  uint64_t words[(sizeof(State) + 7) / 8] = {};
  std::memcpy(words, &state, sizeof(State));
  uint64_t hash = 0x6d6762625f6d6762ULL;  // "mgbb_mgb"
  for (uint64_t w : words) hash = HashCombine(hash, w);
  return hash;
}

// --- Shared queries. -----------------------------------------------------------------------

mgbb::Unit MgbbGame::UnitNow(const State& state, int u) const {
  mgbb::Unit now = unit(u);
  now.hit_tokens = state.hits[u];
  now.limbered = state.flags[u] & kLimberedBit;
  now.moved_last_turn = state.flags[u] & kMovedLastTurnBit;
  return now;
}

mgbb::Leader MgbbGame::LeaderOf(const State& state, int u) const {
  const int c = commander_[side(u)];
  mgbb::Leader leader;
  if (c < 0) return leader;
  leader.trait = unit(c).trait;
  leader.in_command_distance =
      Alive(state, c) && Alive(state, u) &&
      Distance2(state.cell[u], state.cell[c]) <= kCommandCells * kCommandCells;
  return leader;
}

int MgbbGame::UnitAt(const State& state, int c) const {
  for (int u = 0; u < num_units(); ++u) {
    if (state.cell[u] == c) return u;
  }
  return kNone;
}

bool MgbbGame::InContact(const State& state, int u) const {
  if (!Alive(state, u)) return false;
  const Cell at = CellOf(state.cell[u]);
  for (int e = 0; e < num_units(); ++e) {
    if (!Alive(state, e) || side(e) == side(u)) continue;
    const Cell other = CellOf(state.cell[e]);
    if (std::abs(other.x - at.x) <= 1 && std::abs(other.y - at.y) <= 1) return true;
  }
  return false;
}

mgbb::ActionContext MgbbGame::ActionContextOf(const State& state, int u,
                                              mgbb::Action action) const {
  mgbb::ActionContext context;
  context.unit = UnitNow(state, u);
  context.action = action;
  if (unit(u).type != UnitType::kCommander) context.leader = LeaderOf(state, u).trait;
  const mgbb::MapCell& cell = MapAt(state.cell[u]);
  context.defending_position = cell.works != mgbb::Works::kNone;
  return context;
}

mgbb::CombatContext MgbbGame::CombatContextOf(const State& state, int u, int opponent) const {
  mgbb::CombatContext context;
  context.unit = UnitNow(state, u);
  context.opponent = UnitNow(state, opponent);
  context.leader = LeaderOf(state, u);
  context.nighttime = nighttime();
  context.smoke = HasSmoke(state.cell[u]) || HasSmoke(state.cell[opponent]);
  return context;
}

void MgbbGame::Destroy(State& state, int u) const {
  state.destroyed[1 - side(u)]++;
  state.cell[u] = kNoCell;
  state.hits[u] = 0;
  state.facing[u] = 0;
  state.flags[u] = 0;
  state.tokens[u] = 0;
}

void MgbbGame::AddHits(State& state, int u, int hits) const {
  if (!Alive(state, u) || hits <= 0) return;
  const int total = state.hits[u] + hits;
  if (total >= kDestroyedAt) {
    Destroy(state, u);
  } else {
    state.hits[u] = static_cast<uint8_t>(total);
  }
}

// --- Initiative. ---------------------------------------------------------------------------

int MgbbGame::InitiativeDiceOf(const State& state, int side_index) const {
  int bases = 0;
  for (int u = 0; u < num_units(); ++u) {
    if (Alive(state, u) && side(u) == side_index && unit(u).type != UnitType::kCommander &&
        unit(u).type != UnitType::kStaffTeam) {
      ++bases;
    }
  }
  return mgbb::InitiativeDice(bases);
}

int MgbbGame::InitiativeAdjustmentOf(const State& state, int side_index) const {
  mgbb::InitiativeContext context;
  for (int u = 0; u < num_units(); ++u) {
    if (!Alive(state, u) || side(u) != side_index) continue;
    if (state.hits[u] >= 2) ++context.units_with_two_or_more_hit_tokens;
    if (unit(u).type != UnitType::kScouts || !LeaderOf(state, u).in_command_distance) continue;
    // "No friendly foot or cavalry forward of its front edge".
    bool screened = false;
    for (int f = 0; f < num_units(); ++f) {
      if (f == u || !Alive(state, f) || side(f) != side_index) continue;
      const UnitType type = unit(f).type;
      if ((type == UnitType::kFoot || type == UnitType::kCavalry) &&
          IsForwardOf(CellOf(state.cell[u]), FacingOf(state, u), CellOf(state.cell[f]))) {
        screened = true;
      }
    }
    if (!screened) ++context.qualifying_scouts;
  }
  return mgbb::InitiativeAdjustments().Apply(0, context).value;
}

Probability MgbbGame::GovernmentInitiative(const State& state) const {
  const std::vector<uint64_t> gov = SumCounts(InitiativeDiceOf(state, 0));
  const std::vector<uint64_t> ins = SumCounts(InitiativeDiceOf(state, 1));
  const int shift = InitiativeAdjustmentOf(state, 0) - InitiativeAdjustmentOf(state, 1);
  uint64_t wins = 0, losses = 0;
  for (size_t g = 0; g < gov.size(); ++g) {
    for (size_t i = 0; i < ins.size(); ++i) {
      const int margin = static_cast<int>(g) + shift - static_cast<int>(i);
      if (margin > 0) wins += gov[g] * ins[i];
      if (margin < 0) losses += gov[g] * ins[i];
    }
  }
  return Probability(wins, wins + losses);
}

void MgbbGame::StartTurn(State& state) const {
  state.phase = kInitiative;
  state.player = 0;
}

// --- Activation. ---------------------------------------------------------------------------

namespace {

// Tokens `side` may still hand out: its units other than the commander, fewer those given.
int TokensLeft(const MgbbGame& game, const MgbbGame::State& state, int side) {
  int left = 0;
  for (int u = 0; u < game.num_units(); ++u) {
    if (!MgbbGame::Alive(state, u) || game.side(u) != side ||
        game.unit(u).type == UnitType::kCommander) {
      continue;
    }
    left += 1 - state.tokens[u];  // each unit adds one to the cap and uses its tokens
  }
  return left;
}

}  // namespace

void MgbbGame::AfterTokens(State& state) const {
  if (state.player == state.initiative) {
    state.player = 1 - state.initiative;
    state.phase = kTokens;
    return;
  }
  // Commanders always activate, with no token.
  for (int side_index = 0; side_index < 2; ++side_index) {
    const int c = commander_[side_index];
    if (c >= 0 && Alive(state, c)) state.flags[c] |= kActivatedBit;
  }
  state.cursor = 0;
  NextActivationRoll(state);
}

void MgbbGame::NextActivationRoll(State& state) const {
  for (int u = state.cursor; u < num_units(); ++u) {
    if (state.tokens[u] == 0) continue;
    if (mgbb::ActivationRolls().Lookup(unit(u))->effect.amount <= 1) {
      state.flags[u] |= kActivatedBit;  // automatic: no throw
      state.tokens[u] = 0;
      continue;
    }
    state.cursor = static_cast<uint8_t>(u);
    state.phase = kActivationRoll;
    return;
  }
  state.cursor = 0;
  state.player = state.initiative;
  NextActivation(state);
}

void MgbbGame::NextActivation(State& state) const {
  auto has_pick = [&](int player) {
    for (int u = 0; u < num_units(); ++u) {
      if (side(u) == player && (state.flags[u] & (kActivatedBit | kDoneBit)) == kActivatedBit) {
        return true;
      }
    }
    return false;
  };
  if (has_pick(state.player)) {
    state.phase = kSelect;
  } else if (has_pick(1 - state.player)) {
    state.player = 1 - state.player;
    state.phase = kSelect;
  } else {
    Reform(state);
  }
}

// --- The action loop. ----------------------------------------------------------------------

void MgbbGame::OrderActions(const State& state, ActionList& actions) const {
  actions.clear();
  const int u = state.active;
  if (state.steps < kMaxActionsPerActivation) {
    const mgbb::Unit& record = unit(u);
    const bool limbered = state.flags[u] & kLimberedBit;
    if (!(IsGun(record) && !limbered) && !MoveDestinations(state, u).Empty()) {
      actions.push_back(kOrderBase + kMove);
    }
    if (CanCharge(state, u)) actions.push_back(kOrderBase + kCharge);
    if (CanShoot(state, u)) actions.push_back(kOrderBase + kShoot);
    if (record.unit_class == UnitClass::kParamilitaryPolice) {
      ActionList targets;
      ShotTargets(state, u, targets);
      if (!targets.empty()) actions.push_back(kOrderBase + kSnapShot);
    }
    if (!(state.did & kDidMelee)) {
      ActionList targets;
      MeleeTargets(state, u, targets);
      if (!targets.empty()) actions.push_back(kOrderBase + kMelee);
    }
    if (!(state.did & kDidTurn) &&
        mgbb::ActionPoints(ActionContextOf(state, u, mgbb::Action::kTurn)) <= state.ap) {
      actions.push_back(kOrderBase + kTurn);
    }
    if (IsGun(record) && !(state.did & kDidLimber) &&
        mgbb::ActionPoints(ActionContextOf(state, u, mgbb::Action::kLimber)) <= state.ap) {
      actions.push_back(kOrderBase + kLimber);
    }
  }
  actions.push_back(kOrderBase + kEnd);
}

void MgbbGame::FinishAction(State& state) const {
  if (GameOver(state)) {
    state.phase = kOver;
    state.player = 0;
    state.active = kNone;
    state.ap = state.steps = state.did = 0;
    state.order = kEnd;
    return;
  }
  const int u = state.active;
  if (!Alive(state, u)) {
    EndActivation(state);
    return;
  }
  state.player = static_cast<uint8_t>(side(u));
  state.order = kEnd;
  ActionList actions;
  OrderActions(state, actions);
  if (actions.size() == 1) {  // nothing left but to end
    EndActivation(state);
    return;
  }
  state.phase = kOrder;
}

void MgbbGame::EndActivation(State& state) const {
  const int u = state.active;
  if (Alive(state, u)) state.flags[u] |= kDoneBit;
  state.player = static_cast<uint8_t>(1 - side(u));
  state.active = kNone;
  state.ap = state.steps = state.did = 0;
  state.order = kEnd;
  NextActivation(state);
}

// --- Moves. --------------------------------------------------------------------------------

std::vector<int> MgbbGame::MoveCosts(const State& state, int u) const {
  std::vector<int> best(scenario_.cells.size(), -1);
  const mgbb::Leader leader = LeaderOf(state, u);
  if (!Alive(state, u) || InContact(state, u)) return best;
  CellMask blocked, no_stop;
  for (int o = 0; o < num_units(); ++o) {
    if (o == u || !Alive(state, o)) continue;
    blocked.Set(state.cell[o]);
    if (side(o) == side(u)) continue;
    // A move never ends in contact: that is a charge.
    const Cell at = CellOf(state.cell[o]);
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = at.x + dx, y = at.y + dy;
        if (x >= 0 && y >= 0 && x < width() && y < height()) no_stop.Set(CellIndex(x, y));
      }
    }
  }
  const int start = state.cell[u];
  int nearest_enemy = INT32_MAX;
  for (int o = 0; o < num_units(); ++o) {
    if (Alive(state, o) && side(o) != side(u)) {
      nearest_enemy = std::min(nearest_enemy, Distance2(start, state.cell[o]));
    }
  }
  for (int kind = 0; kind < 8; ++kind) {
    if (!move_graphs_[kind]) continue;
    mgbb::MovementContext movement;
    movement.unit = UnitNow(state, u);
    movement.in_command_distance = leader.in_command_distance;
    movement.in_or_through_terrain = (kind & 1) || MapAt(start).terrain;
    movement.fully_along_road = kind & 4;
    if ((kind & 4) && !MapAt(start).road) continue;
    const int cells = mgbb::MovementM(movement) * mgbb::kCellsPerM;
    if (cells == 0) continue;
    const Reach reach = move_graphs_[kind]->From(start, 2 * cells, blocked, no_stop);
    reach.cells.ForEach([&](int dest) {
      if (dest == start) return;
      mgbb::ActionContext context = ActionContextOf(state, u, mgbb::Action::kMove);
      context.move_cells = (reach.cost[dest] + 1) / 2;
      context.through_terrain = (kind & 1) && movement.in_or_through_terrain;
      context.through_battlefield_defences = kind & 2;
      int nearest_after = INT32_MAX;
      for (int o = 0; o < num_units(); ++o) {
        if (Alive(state, o) && side(o) != side(u)) {
          nearest_after = std::min(nearest_after, Distance2(dest, state.cell[o]));
        }
      }
      context.nearer_enemy = nearest_after < nearest_enemy;
      context.into_cover_or_fortification =
          MapAt(dest).terrain || MapAt(dest).works == mgbb::Works::kFortification;
      const int cost = mgbb::ActionPoints(context);
      if (cost <= state.ap && (best[dest] < 0 || cost < best[dest])) best[dest] = cost;
    });
  }
  return best;
}

CellMask MgbbGame::MoveDestinations(const State& state, int u) const {
  CellMask cells;
  const std::vector<int> costs = MoveCosts(state, u);
  for (int c = 0; c < static_cast<int>(costs.size()); ++c) {
    if (costs[c] >= 0) cells.Set(c);
  }
  return cells;
}

int MgbbGame::MoveCost(const State& state, int u, int dest) const {
  return MoveCosts(state, u)[dest];
}

void MgbbGame::MoveUnit(State& state, int u, int dest) const {
  state.ap = static_cast<uint8_t>(state.ap - MoveCost(state, u, dest));
  state.cell[u] = static_cast<uint16_t>(dest);
  state.flags[u] |= kMovedBit;
  state.did |= kDidMove;
}

// --- Reform and the end of the turn. -------------------------------------------------------

void MgbbGame::Reform(State& state) const {
  // One token off a unit with 3 (never below 2) that is 2R or has a fresh supporting unit
  // (friendly, no hit tokens, within 2M).
  for (int u = 0; u < num_units(); ++u) {
    if (!Alive(state, u) || state.hits[u] < 3) continue;
    bool supported = unit(u).formation == mgbb::Formation::k2R;
    for (int f = 0; f < num_units() && !supported; ++f) {
      supported = f != u && Alive(state, f) && side(f) == side(u) && state.hits[f] == 0 &&
                  unit(f).grade.fresh &&
                  Distance2(state.cell[u], state.cell[f]) <= kSupportCells * kSupportCells;
    }
    if (supported) {
      state.hits[u]--;
      state.flags[u] |= kReformedBit;
    }
  }
  state.cursor = 0;
  NextDisengage(state);
}

void MgbbGame::NextDisengage(State& state) const {
  for (int u = state.cursor; u < num_units(); ++u) {
    if (CanDisengage(state, u)) {
      state.cursor = static_cast<uint8_t>(u);
      state.player = static_cast<uint8_t>(side(u));
      state.phase = kDisengage;
      return;
    }
  }
  state.cursor = 0;
  EndTurn(state);
}

bool MgbbGame::GameOver(const State& state) const {
  bool alive[2] = {false, false};
  for (int u = 0; u < num_units(); ++u) {
    if (Alive(state, u)) alive[side(u)] = true;
  }
  return !alive[0] || !alive[1];
}

void MgbbGame::EndTurn(State& state) const {
  for (int u = 0; u < num_units(); ++u) {
    if (!Alive(state, u)) continue;
    const bool moved = state.flags[u] & kMovedBit;
    state.flags[u] = (state.flags[u] & kLimberedBit) | (moved ? kMovedLastTurnBit : 0);
    state.tokens[u] = 0;
  }
  state.initiative = 0;
  state.player = 0;
  if (state.turn >= turns() || GameOver(state)) {
    state.phase = kOver;
    return;
  }
  state.turn++;
  StartTurn(state);
}

double MgbbGame::Returns(const State& state, Player player) const {
  // The government wins holding the polling station (a unit on it, no enemy on it); the
  // insurgents holding it, or else having destroyed more enemy units; otherwise a draw.
  bool on_station[2] = {false, false};
  for (int u = 0; u < num_units(); ++u) {
    if (Alive(state, u) && IsObjective(state.cell[u])) on_station[side(u)] = true;
  }
  int winner = -1;
  if (on_station[0] && !on_station[1]) {
    winner = 0;
  } else if (on_station[1] && !on_station[0]) {
    winner = 1;
  } else if (state.destroyed[1] > state.destroyed[0]) {
    winner = 1;
  }
  if (winner < 0) return 0.0;
  return winner == player ? 1.0 : -1.0;
}

// --- The node dispatch. --------------------------------------------------------------------

void MgbbGame::LegalActions(const State& state, Player player, ActionList& actions) const {
  actions.clear();
  if (Kind(state) != NodeKind::kDecision || player != state.player) return;
  const int u = state.active;
  switch (state.phase) {
    case kTokens: {
      if (TokensLeft(*this, state, player) > 0) {
        for (int o = 0; o < num_units(); ++o) {
          if (Alive(state, o) && side(o) == player && unit(o).type != UnitType::kCommander &&
              state.tokens[o] < kMaxTokensPerUnit) {
            actions.push_back(kTokenBase + o);
          }
        }
      }
      actions.push_back(kTokensDone);
      break;
    }
    case kSelect:
      for (int o = 0; o < num_units(); ++o) {
        if (side(o) == player && (state.flags[o] & (kActivatedBit | kDoneBit)) == kActivatedBit) {
          actions.push_back(kSelectBase + o);
        }
      }
      break;
    case kOrder:
      OrderActions(state, actions);
      break;
    case kDest: {
      const std::vector<int> costs = MoveCosts(state, u);
      for (int c = 0; c < static_cast<int>(costs.size()); ++c) {
        if (costs[c] >= 0) actions.push_back(c);
      }
      break;
    }
    case kTarget:
      if (state.order == kCharge) {
        ChargeTargets(state, u, actions);
      } else if (state.order == kMelee) {
        MeleeTargets(state, u, actions);
      } else {
        ShotTargets(state, u, actions);
      }
      break;
    case kFacing:
      for (int f = 0; f < kNumFacings; ++f) {
        if (f != state.facing[u]) actions.push_back(kFaceBase + f);
      }
      break;
    case kReturnFire:
    case kFollowUp:
    case kDisengage:
      actions.push_back(kYes);
      actions.push_back(kNo);
      break;
    default:
      break;
  }
}

void MgbbGame::ChanceOutcomes(const State& state, ChanceList& outcomes) const {
  outcomes.clear();
  switch (state.phase) {
    case kInitiative: {
      const Probability gov = GovernmentInitiative(state);
      if (!gov.IsZero()) outcomes.push_back({kOutcomeBase + 0, gov});
      if (!gov.IsOne()) outcomes.push_back({kOutcomeBase + 1, Probability::One() - gov});
      break;
    }
    case kActivationRoll: {
      const int need = mgbb::ActivationRolls().Lookup(unit(state.cursor))->effect.amount;
      outcomes.push_back({kOutcomeBase + 0, Probability(need - 1, 6)});
      outcomes.push_back({kOutcomeBase + 1, Probability(7 - need, 6)});
      break;
    }
    case kShotRoll:
    case kMeleeRoll:
      for (const PoolOutcome& outcome : hit_odds_[state.dice]) {
        outcomes.push_back(
            {kOutcomeBase + static_cast<Action>(outcome.value), outcome.probability});
      }
      break;
    default:
      break;
  }
}

void MgbbGame::Apply(State& state, Action action) const {
  const int u = state.active;
  switch (state.phase) {
    case kInitiative:
      state.initiative = static_cast<uint8_t>(action - kOutcomeBase);
      state.player = state.initiative;
      state.phase = kTokens;
      break;
    case kTokens:
      if (action == kTokensDone) {
        AfterTokens(state);
      } else {
        state.tokens[action - kTokenBase]++;
      }
      break;
    case kActivationRoll: {
      const int roller = state.cursor;
      if (action - kOutcomeBase == 1) {
        state.flags[roller] |= kActivatedBit;
        state.tokens[roller] = 0;
      } else {
        state.tokens[roller]--;
      }
      NextActivationRoll(state);
      break;
    }
    case kSelect:
      state.active = static_cast<uint8_t>(action - kSelectBase);
      state.ap = kActionPoints;
      state.steps = 0;
      state.did = 0;
      state.phase = kOrder;
      break;
    case kOrder: {
      const Order order = static_cast<Order>(action - kOrderBase);
      if (order == kEnd) {
        EndActivation(state);
        break;
      }
      // A Rash-led unit that does not move first pays for standing still (not when it
      // defends a position): the Action Point table's stationary row.
      if (state.steps == 0 && order != kMove && order != kCharge) {
        const int stay =
            mgbb::ActionPoints(ActionContextOf(state, u, mgbb::Action::kStayStationary));
        state.ap = static_cast<uint8_t>(std::max(0, state.ap - stay));
      }
      state.steps++;
      state.did |= kDidAct;
      state.order = order;
      switch (order) {
        case kMove:
          state.phase = kDest;
          break;
        case kTurn:
          state.phase = kFacing;
          break;
        case kLimber:
          state.ap = static_cast<uint8_t>(
              state.ap - mgbb::ActionPoints(ActionContextOf(state, u, mgbb::Action::kLimber)));
          state.flags[u] ^= kLimberedBit;
          state.did |= kDidLimber;
          FinishAction(state);
          break;
        default:
          state.phase = kTarget;
          break;
      }
      break;
    }
    case kDest:
      MoveUnit(state, u, static_cast<int>(action));
      FinishAction(state);
      break;
    case kFacing:
      state.ap = static_cast<uint8_t>(
          state.ap - mgbb::ActionPoints(ActionContextOf(state, u, mgbb::Action::kTurn)));
      state.facing[u] = static_cast<uint8_t>(action - kFaceBase);
      state.did |= kDidTurn;
      FinishAction(state);
      break;
    case kTarget: {
      const int t = static_cast<int>(action - kTargetBase);
      if (state.order == kCharge) {
        StartCharge(state, t);
      } else if (state.order == kMelee) {
        StartMelee(state, t);
      } else {
        StartShot(state, t, state.order == kSnapShot ? kSnap : kShot);
      }
      break;
    }
    case kShotRoll:
      ApplyShotRoll(state, static_cast<int>(action - kOutcomeBase));
      break;
    case kMeleeRoll:
      ApplyMeleeRoll(state, static_cast<int>(action - kOutcomeBase));
      break;
    case kReturnFire:
      ApplyReturnFire(state, action == kYes);
      break;
    case kFollowUp:
      ApplyFollowUp(state, action == kYes);
      break;
    case kDisengage:
      if (action == kYes) Disengage(state, state.cursor);
      state.cursor++;
      NextDisengage(state);
      break;
    default:
      CHECK(false);
  }
}

}  // namespace sandtable
