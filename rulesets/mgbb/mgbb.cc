// mgbb's creation and turn sequence (docs/rulesets/mgbb.md, "The game"): initiative,
// activation tokens and rolls, the action loop with its action points, moves, turns and
// limbering, reform and the result. Shooting, melee and text live in their own files.
#include "rulesets/mgbb/mgbb.h"

#include <algorithm>
#include <array>
#include <bit>
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
    game->units_of_side_[side] |= uint32_t{1} << u;
    game->names_.push_back(absl::StrCat(side == 0 ? "g" : "i", ++counts[side]));
    if (game->unit(u).type == UnitType::kCommander) game->commander_[side] = u;
  }
  for (const mgbb::Marker& marker : s.markers) {
    (marker.kind == mgbb::MarkerKind::kSmoke ? game->smoke_ : game->gas_)
        .Set(game->CellIndex(marker.x, marker.y));
  }
  for (int dice = 0; dice <= mgbb::InitiativeDice(kMaxUnits); ++dice) {
    game->initiative_sums_.push_back(SumCounts(dice));
    std::vector<uint64_t> below = {0};
    for (uint64_t ways : game->initiative_sums_.back()) below.push_back(below.back() + ways);
    game->initiative_below_.push_back(std::move(below));
  }
  for (int dice = 0; dice <= kMaxDice; ++dice) {
    game->hit_pools_.push_back(
        DicePool::CountSuccesses(std::max(1, dice), 6, SuccessRule::AtLeast(5)));
    game->hit_odds_.push_back(game->hit_pools_.back().Distribution());
  }

  for (int c = 0; c < static_cast<int>(s.cells.size()); ++c) {
    const Cell at{c % s.width, c / s.width};
    game->cell_at_.push_back(at);
    std::array<uint16_t, 9> around;
    around.fill(static_cast<uint16_t>(c));
    int n = 0;
    for (int y = std::max(0, at.y - 1); y <= std::min(s.height - 1, at.y + 1); ++y) {
      for (int x = std::max(0, at.x - 1); x <= std::min(s.width - 1, at.x + 1); ++x) {
        around[n++] = static_cast<uint16_t>(game->CellIndex(x, y));
      }
    }
    game->around_.push_back(around);
    if (s.cells[c].objective) game->objective_cells_.push_back(c);
  }
  if (absl::Status moves = game->PrepareMoves(); !moves.ok()) return moves;
  // Lines of fire past the terrain, once: the grid's size was checked above.
  CellMask terrain;
  for (int c = 0; c < static_cast<int>(s.cells.size()); ++c) {
    if (s.cells[c].terrain) terrain.Set(c);
    if (s.cells[c].terrain || s.cells[c].works == mgbb::Works::kFortification) {
      game->cover_.Set(c);
    }
  }
  game->clear_of_terrain_ = SquareGrid::Create(s.width, s.height)->ClearLines(terrain);
  game->map_view_ = game->MapView();
  return std::shared_ptr<const MgbbGame>(std::move(game));
}

MgbbGame::State MgbbGame::InitialState() const {
  State state;
  std::fill(std::begin(state.cell), std::end(state.cell), kNoCell);
  for (int u = 0; u < num_units(); ++u) {
    const mgbb::PlacedUnit& placed = scenario_.units[u];
    if (IsAircraft(u)) continue;  // off the table, no sortie called yet
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
  if (IsAircraft(u)) return now;  // its flags are its sorties'
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
  return Alive(state, u) && NextToEnemy(state, u, state.cell[u]);
}

bool MgbbGame::NextToEnemy(const State& state, int u, int cell) const {
  const Cell at = CellOf(cell);
  for (uint32_t enemies = EnemiesOf(u); enemies != 0; enemies &= enemies - 1) {
    const int e = std::countr_zero(enemies);
    // More than a row away by the index alone.
    if (std::abs(state.cell[e] - cell) > width() + 1 || !Alive(state, e)) continue;
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
  // An aircraft attacks from above: only smoke on its target's cell counts.
  context.smoke = (Alive(state, u) && HasSmoke(state.cell[u])) ||
                  (Alive(state, opponent) && HasSmoke(state.cell[opponent]));
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
  return mgbb::InitiativeAdjustments().Value(0, context);
}

Probability MgbbGame::GovernmentInitiative(const State& state) const {
  const std::vector<uint64_t>& gov = initiative_sums_[InitiativeDiceOf(state, 0)];
  const std::vector<uint64_t>& below = initiative_below_[InitiativeDiceOf(state, 1)];
  const int shift = InitiativeAdjustmentOf(state, 0) - InitiativeAdjustmentOf(state, 1);
  // The government's total g + shift wins against the insurgents' sums below it and loses
  // against those above it.
  const int sums = static_cast<int>(below.size()) - 1;
  uint64_t wins = 0, losses = 0;
  for (int g = 0; g < static_cast<int>(gov.size()); ++g) {
    wins += gov[g] * below[std::clamp(g + shift, 0, sums)];
    losses += gov[g] * (below[sums] - below[std::clamp(g + shift + 1, 0, sums)]);
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

bool MgbbGame::MayCallSortie(const State& state, int u, int side_index) const {
  constexpr uint8_t kTwoTurns = kCalledLastTurnBit | kCalledTurnBeforeBit;
  return IsAircraft(u) && side(u) == side_index && !(state.flags[u] & kCalledBit) &&
         (state.flags[u] & kTwoTurns) != kTwoTurns;
}

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

uint8_t MgbbGame::AllowedOrders(const State& state, bool first_only) const {
  const int u = state.active;
  uint8_t allowed = 0;
  auto allow = [&](Order order, bool yes) {
    if (yes) allowed |= 1 << order;
    return first_only && allowed != 0;
  };
  if (state.steps >= kMaxActionsPerActivation) return first_only ? 0 : 1 << kEnd;
  // The cheap questions first. In contact a unit may only fight hand to hand (besides
  // turning and limbering): no move, charge or shot.
  const mgbb::Unit& record = unit(u);
  const OrderPoints& points = order_points_[u];
  const bool contact = InContact(state, u);
  if (allow(kTurn, !(state.did & kDidTurn) && points.turn <= state.ap) ||
      allow(kLimber, IsGun(record) && !(state.did & kDidLimber) && points.limber <= state.ap) ||
      allow(kMelee, contact && !(state.did & kDidMelee) && points.hand_to_hand <= state.ap)) {
    return allowed;
  }
  if (!contact) {
    const bool shoot = points.shoot <= state.ap;
    const bool snap = record.unit_class == UnitClass::kParamilitaryPolice;
    const bool target = (shoot || snap) && ShooterReady(state, u) && HasShotTarget(state, u);
    if (allow(kShoot, shoot && target) || allow(kSnapShot, snap && target) ||
        allow(kMove, !(IsGun(record) && !(state.flags[u] & kLimberedBit)) && Alive(state, u) &&
                         MoveExists(state, u)) ||
        allow(kCharge, CanCharge(state, u))) {
      return allowed;
    }
  }
  return first_only ? allowed : allowed | 1 << kEnd;
}

void MgbbGame::OrderActions(const State& state, ActionList& actions) const {
  actions.clear();
  const uint8_t allowed = AllowedOrders(state, false);
  for (int order = 0; order < kNumOrders; ++order) {
    if (allowed >> order & 1) actions.push_back(kOrderBase + order);
  }
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
  // Nothing left but to end: it ends.
  if (AllowedOrders(state, true) != 0) {
    state.phase = kOrder;
    return;
  }
  EndActivation(state);
}

void MgbbGame::EndActivation(State& state) const {
  const int u = state.active;
  if (Alive(state, u) || IsAircraft(u)) state.flags[u] |= kDoneBit;
  state.player = static_cast<uint8_t>(1 - side(u));
  state.active = kNone;
  state.ap = state.steps = state.did = 0;
  state.order = kEnd;
  NextActivation(state);
}

// --- Moves. --------------------------------------------------------------------------------

absl::Status MgbbGame::PrepareMoves() {
  // Graphs: 8-way steps, 2 points orthogonal and 3 diagonal (engine/reachability.h).
  const mgbb::Scenario& s = scenario_;
  absl::StatusOr<SquareGrid> grid = SquareGrid::Create(s.width, s.height);
  if (!grid.ok()) return grid.status();
  bool has_terrain = false, has_defences = false, has_roads = false;
  for (const mgbb::MapCell& cell : s.cells) {
    has_terrain |= cell.terrain;
    has_defences |= cell.works == mgbb::Works::kBattlefieldDefence;
    has_roads |= cell.road;
  }
  std::vector<std::optional<MoveGraph>> graphs(kPathKinds);
  for (int kind = 0; kind < kPathKinds; ++kind) {
    if (((kind & 1) && !has_terrain) || ((kind & 2) && !has_defences) ||
        ((kind & 4) && !has_roads)) {
      continue;  // the same paths as a kind without the bit
    }
    MoveTerrain move_terrain;
    for (int c = 0; c < static_cast<int>(s.cells.size()); ++c) {
      const mgbb::MapCell& cell = s.cells[c];
      if ((cell.terrain && !(kind & 1)) ||
          (cell.works == mgbb::Works::kBattlefieldDefence && !(kind & 2)) ||
          (!cell.road && (kind & 4))) {
        move_terrain.impassable.Set(c);
      }
    }
    absl::StatusOr<MoveGraph> graph = MoveGraph::ForSquare(*grid, SquareSteps{}, move_terrain);
    if (!graph.ok()) return graph.status();
    graphs[kind] = *std::move(graph);
  }
  // One reach table per graph and allowance some unit needs.
  std::map<std::pair<int, int>, int> tables;
  auto table = [&](int kind, int cells) {
    auto [it, added] = tables.try_emplace({kind, cells}, static_cast<int>(reach_tables_.size()));
    if (added) reach_tables_.emplace_back(*graphs[kind], 2 * cells);
    return it->second;
  };
  for (int u = 0; u < num_units(); ++u) {
    std::array<int, kPathKinds> index, index_1m, allowance;
    index.fill(-1);
    index_1m.fill(-1);
    allowance.fill(0);
    for (int kind = 0; kind < kPathKinds; ++kind) {
      if (!graphs[kind]) continue;
      mgbb::MovementContext movement;
      movement.unit = unit(u);
      movement.in_or_through_terrain = kind & 1;
      movement.fully_along_road = kind & 4;
      const int cells = mgbb::MovementM(movement) * mgbb::kCellsPerM;
      index[kind] = table(kind, cells);
      allowance[kind] = 2 * cells;
      index_1m[kind] = table(kind, std::min(cells, mgbb::kCellsPerM));
    }
    reach_index_.push_back(index);
    reach_1m_index_.push_back(index_1m);
    allowance_.push_back(allowance);
    // A charge is always nearer the enemy.
    auto points_of = [&](mgbb::Action action) {
      std::array<int8_t, kNumMoveBits> points;
      for (int bits = 0; bits < kNumMoveBits; ++bits) {
        mgbb::ActionContext context;
        context.unit = unit(u);
        context.action = action;
        if (unit(u).type != UnitType::kCommander) context.leader = unit(commander_[side(u)]).trait;
        context.move_cells = (bits & kBeyond1M) ? mgbb::kCellsPerM + 1 : 1;
        context.through_terrain = bits & kViaTerrain;
        context.through_battlefield_defences = bits & kViaDefences;
        context.nearer_enemy = (bits & kNearerEnemy) || action == mgbb::Action::kCharge;
        context.into_cover_or_fortification = bits & kIntoCover;
        points[bits] = static_cast<int8_t>(mgbb::ActionPoints(context));
      }
      return points;
    };
    move_points_.push_back(points_of(mgbb::Action::kMove));
    charge_points_.push_back(points_of(mgbb::Action::kCharge));
    cheapest_move_.push_back(*std::min_element(move_points_[u].begin(), move_points_[u].end()));
    cheapest_charge_.push_back(
        *std::min_element(charge_points_[u].begin(), charge_points_[u].end()));
    OrderPoints order;
    mgbb::ActionContext context;
    context.unit = unit(u);
    if (unit(u).type != UnitType::kCommander) context.leader = unit(commander_[side(u)]).trait;
    context.action = mgbb::Action::kTurn;
    order.turn = mgbb::ActionPoints(context);
    context.action = mgbb::Action::kLimber;
    order.limber = mgbb::ActionPoints(context);
    context.action = mgbb::Action::kShoot;
    order.shoot = mgbb::ActionPoints(context);
    context.action = mgbb::Action::kHandToHand;
    order.hand_to_hand = mgbb::ActionPoints(context);
    context.action = mgbb::Action::kStayStationary;
    for (int defending = 0; defending < 2; ++defending) {
      context.defending_position = defending;
      order.stationary[defending] = mgbb::ActionPoints(context);
    }
    order_points_.push_back(order);
    ranges_.push_back(RangesOf(unit(u)));
  }
  return absl::OkStatus();
}

MgbbGame::Obstacles MgbbGame::ObstaclesFor(const State& state, int u, bool no_stop) const {
  Obstacles obstacles;
  for (int o = 0; o < num_units(); ++o) {
    if (o == u || !Alive(state, o)) continue;
    obstacles.blocked.Set(state.cell[o]);
    if (!no_stop || side(o) == side(u)) continue;
    // A move never ends in contact: that is a charge.
    for (uint16_t c : around_[state.cell[o]]) obstacles.no_stop.Set(c);
  }
  return obstacles;
}

template <typename F>
void MgbbGame::ForEachMove(const State& state, int u, bool charge, const int& max_points,
                           int only_dest, F&& f) const {
  const std::array<int8_t, kNumMoveBits>& points = charge ? charge_points_[u] : move_points_[u];
  if ((charge ? cheapest_charge_[u] : cheapest_move_[u]) > max_points || !Alive(state, u) ||
      InContact(state, u) || !LeaderOf(state, u).in_command_distance) {
    return;
  }
  // A move never ends next to an enemy, a charge always does. With one destination that
  // settles it now, and the searches need no cells to keep out of (they only take them out
  // of the answer).
  if (only_dest >= 0 && NextToEnemy(state, u, only_dest) != charge) return;
  Obstacles obstacles = ObstaclesFor(state, u, only_dest < 0);
  CellMask only;  // a charge's ends: next to an enemy
  if (charge) {
    only = obstacles.no_stop;
    obstacles.no_stop = CellMask();
  }
  const CellMask& blocked = obstacles.blocked;
  const CellMask& no_stop = obstacles.no_stop;
  const int start = state.cell[u];
  int nearest_enemy = INT32_MAX;
  for (uint32_t enemies = EnemiesOf(u); enemies != 0; enemies &= enemies - 1) {
    const int o = std::countr_zero(enemies);
    if (Alive(state, o)) nearest_enemy = std::min(nearest_enemy, Distance2(start, state.cell[o]));
  }
  const bool nearer_matters = points[kNearerEnemy] != points[0];
  const bool beyond_matters = points[kBeyond1M] != points[0];
  const mgbb::MapCell& from = MapAt(start);
  for (int kind = 0; kind < kPathKinds; ++kind) {
    const int index = reach_index_[u][kind];
    // A path from a cell of terrain or defences crosses it; one along the road starts on it.
    if (index < 0 || (from.terrain && !(kind & 1)) ||
        (from.works == mgbb::Works::kBattlefieldDefence && !(kind & 2)) ||
        ((kind & 4) && !from.road)) {
      continue;
    }
    const int via = ((kind & 1) || from.terrain ? kViaTerrain : 0) | (kind & 2 ? kViaDefences : 0);
    if (points[via] > max_points) continue;  // every row adds: the kind's cheapest move
    const ReachTable& table = reach_tables_[index];
    const ReachTable& table_1m = reach_tables_[reach_1m_index_[u][kind]];
    // The points of the move to dest, given whether it is within 1M.
    auto points_to = [&](int dest, bool within_1m) {
      int bits = via;
      const mgbb::MapCell& to = MapAt(dest);
      if (to.terrain || to.works == mgbb::Works::kFortification) bits |= kIntoCover;
      if (beyond_matters && !within_1m) bits |= kBeyond1M;
      if (nearer_matters) {
        for (uint32_t enemies = EnemiesOf(u); enemies != 0; enemies &= enemies - 1) {
          const int o = std::countr_zero(enemies);
          if (Alive(state, o) && Distance2(dest, state.cell[o]) < nearest_enemy) {
            bits |= kNearerEnemy;
            break;
          }
        }
      }
      return static_cast<int>(points[bits]);
    };
    if (only_dest >= 0) {
      if (only_dest != start && table.Reaches(start, only_dest, blocked, no_stop)) {
        CellMask dest;
        dest.Set(only_dest);
        f(dest, points_to(only_dest,
                          !beyond_matters || table_1m.Reaches(start, only_dest, blocked, no_stop)));
      }
      continue;
    }
    // Paths of this kind cannot end by an enemy even with nothing in the way.
    if (charge && !only.Intersects(table.Unobstructed(start))) continue;
    CellMask reach = table.Reachable(start, blocked, no_stop);
    if (charge) reach &= only;
    reach.Reset(start);
    CellMask within_1m;
    if (beyond_matters) within_1m = table_1m.Reachable(start, blocked, no_stop);
    if (nearer_matters) {
      reach.ForEach([&](int dest) {
        CellMask one;
        one.Set(dest);
        f(one, points_to(dest, beyond_matters && within_1m.Test(dest)));
      });
      continue;
    }
    // The price then depends only on cover and 1M: four sets of ends, word by word.
    for (int bits = via; bits <= (via | kIntoCover | kBeyond1M); ++bits) {
      if ((bits & ~(kIntoCover | kBeyond1M)) != via || ((bits & kBeyond1M) && !beyond_matters)) {
        continue;
      }
      CellMask ends = reach;
      if (bits & kIntoCover) {
        ends &= cover_;
      } else {
        ends.Remove(cover_);
      }
      if (beyond_matters) {
        if (bits & kBeyond1M) {
          ends.Remove(within_1m);
        } else {
          ends &= within_1m;
        }
      }
      f(ends, static_cast<int>(points[bits]));
    }
  }
}

int MgbbGame::MaxMoveCells(const State& state, int u) const {
  const bool on_road = MapAt(state.cell[u]).road;
  int points = 0;
  for (int kind = 0; kind < kPathKinds; ++kind) {
    if (!(kind & 4) || on_road) points = std::max(points, allowance_[u][kind]);
  }
  return points / 2;
}

CellMask MgbbGame::MoveDestinations(const State& state, int u) const {
  CellMask cells;
  const int max_points = state.ap;
  ForEachMove(state, u, false, max_points, -1, [&](const CellMask& ends, int points) {
    if (points <= state.ap) cells |= ends;
  });
  return cells;
}

bool MgbbGame::CanMove(const State& state, int u) const {
  return Alive(state, u) && !InContact(state, u) && MoveExists(state, u);
}

bool MgbbGame::MoveExists(const State& state, int u) const {
  const std::array<int8_t, kNumMoveBits>& points = move_points_[u];
  if (state.ap < cheapest_move_[u] || !LeaderOf(state, u).in_command_distance) {
    return false;
  }
  // Most often one step to a free neighbour shows it at once (a step is within 1M, so the
  // beyond-1M row does not apply); else the full search decides.
  const int start = state.cell[u];
  const Cell at = CellOf(start);
  const mgbb::MapCell& from = MapAt(start);
  const bool nearer_matters = points[kNearerEnemy] != points[0];
  // The 3 x 3 cells around u: bit (dy + 1) * 3 + dx + 1 set where a move may not end (a unit,
  // or next to an enemy).
  uint32_t closed = 0;
  for (int o = 0; o < num_units(); ++o) {
    if (o == u || !Alive(state, o)) continue;
    const Cell other = CellOf(state.cell[o]);
    const int ox = other.x - at.x, oy = other.y - at.y;
    if (std::abs(ox) > 2 || std::abs(oy) > 2) continue;
    const int reach = side(o) == side(u) ? 0 : 1;
    for (int dy = std::max(-1, oy - reach); dy <= std::min(1, oy + reach); ++dy) {
      for (int dx = std::max(-1, ox - reach); dx <= std::min(1, ox + reach); ++dx) {
        closed |= 1u << ((dy + 1) * 3 + dx + 1);
      }
    }
  }
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const int x = at.x + dx, y = at.y + dy;
      if ((dx == 0 && dy == 0) || x < 0 || y < 0 || x >= width() || y >= height()) continue;
      const int dest = CellIndex(x, y);
      if (closed >> ((dy + 1) * 3 + dx + 1) & 1) continue;
      int nearer = -1;  // kNearerEnemy or 0, asked only when the price depends on it
      auto nearer_bit = [&] {
        if (nearer < 0) {
          nearer = 0;
          for (uint32_t enemies = EnemiesOf(u); enemies != 0 && nearer == 0;
               enemies &= enemies - 1) {
            const int o = std::countr_zero(enemies);
            if (Alive(state, o) &&
                Distance2(dest, state.cell[o]) < Distance2(start, state.cell[o])) {
              nearer = kNearerEnemy;
            }
          }
        }
        return nearer;
      };
      const mgbb::MapCell& to = MapAt(dest);
      const int step = dx != 0 && dy != 0 ? 3 : 2;
      for (int kind = 0; kind < kPathKinds; ++kind) {
        const bool terrain = kind & 1, defences = kind & 2, road = kind & 4;
        if (allowance_[u][kind] < step || ((from.terrain || to.terrain) && !terrain) ||
            ((from.works == mgbb::Works::kBattlefieldDefence ||
              to.works == mgbb::Works::kBattlefieldDefence) &&
             !defences) ||
            (road && !(from.road && to.road))) {
          continue;
        }
        int bits = (terrain ? kViaTerrain : 0) | (defences ? kViaDefences : 0) |
                   (to.terrain || to.works == mgbb::Works::kFortification ? kIntoCover : 0);
        if (nearer_matters &&
            (points[bits] <= state.ap) != (points[bits | kNearerEnemy] <= state.ap)) {
          bits |= nearer_bit();
        }
        if (points[bits] <= state.ap) return true;
      }
    }
  }
  bool any = false;
  const int max_points = state.ap;
  ForEachMove(state, u, false, max_points, -1, [&](const CellMask& ends, int points) {
    any |= points <= state.ap && !ends.Empty();
  });
  return any;
}

int MgbbGame::MoveCost(const State& state, int u, int dest) const {
  return Cheapest(state, u, false, dest);
}

CellMask MgbbGame::ChargeEnds(const State& state, int u) const {
  CellMask cells;
  const int max_points = state.ap;
  ForEachMove(state, u, true, max_points, -1, [&](const CellMask& ends, int points) {
    if (points <= state.ap) cells |= ends;
  });
  return cells;
}

bool MgbbGame::HasChargeEnd(const State& state, int u) const {
  bool any = false;
  int max_points = state.ap;
  ForEachMove(state, u, true, max_points, -1, [&](const CellMask& ends, int points) {
    if (points <= state.ap && !ends.Empty()) {
      any = true;
      max_points = -1;  // the first end found settles it: no other kind of path is tried
    }
  });
  return any;
}

int MgbbGame::ChargeCost(const State& state, int u, int dest) const {
  return Cheapest(state, u, true, dest);
}

int MgbbGame::Cheapest(const State& state, int u, bool charge, int dest) const {
  int best = -1;
  int max_points = INT32_MAX;  // once a way is found, only cheaper kinds of path are tried
  ForEachMove(state, u, charge, max_points, dest, [&](const CellMask&, int points) {
    if (best < 0 || points < best) best = points;
    max_points = best - 1;
  });
  return best;
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
    if (IsAircraft(u)) {
      const uint8_t called = state.flags[u];
      state.flags[u] = ((called & kCalledBit) ? kCalledLastTurnBit : 0) |
                       ((called & kCalledLastTurnBit) ? kCalledTurnBeforeBit : 0);
      state.tokens[u] = 0;
      continue;
    }
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
  // The insurgents win holding the polling station (a unit on it, no enemy on it) or having
  // destroyed more enemy units than they lost; otherwise the government wins holding it;
  // otherwise a draw.
  bool on_station[2] = {false, false};
  for (int u = 0; u < num_units(); ++u) {
    if (Alive(state, u) && IsObjective(state.cell[u])) on_station[side(u)] = true;
  }
  int winner = -1;
  if ((on_station[1] && !on_station[0]) || state.destroyed[1] > state.destroyed[0]) {
    winner = 1;
  } else if (on_station[0] && !on_station[1]) {
    winner = 0;
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
      // Tokens go in scenario order (a unit's after those of the units before it): the same
      // assignments without their orderings, so the search does not weigh each of them.
      // Sorties are declared first: before the side's first token on a unit.
      int last_unit = -1, last_sortie = -1;
      for (int o = 0; o < num_units(); ++o) {
        if (side(o) != player) continue;
        if (Alive(state, o) && state.tokens[o] > 0) last_unit = o;
        if (IsAircraft(o) && (state.flags[o] & kCalledBit)) last_sortie = o;
      }
      const bool tokens_left = TokensLeft(*this, state, player) > 0;
      for (int o = 0; o < num_units(); ++o) {
        if (IsAircraft(o)
                ? last_unit < 0 && o > last_sortie && MayCallSortie(state, o, player)
                : tokens_left && o >= last_unit && Alive(state, o) && side(o) == player &&
                      unit(o).type != UnitType::kCommander && state.tokens[o] < kMaxTokensPerUnit) {
          actions.push_back(kTokenBase + o);
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
    case kDest:
      MoveDestinations(state, u).ForEach([&](int c) { actions.push_back(c); });
      break;
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
    case kMeleeRoll: {
      // Outcomes that lead to the same position are one, named by its fewest hits.
      std::array<int, kMaxDice + 1> effects;
      HitEffects(state, effects);
      std::array<int, kMaxDice + 1> index;  // by hits: its outcome's place in the list
      for (const PoolOutcome& outcome : hit_odds_[state.dice]) {
        int same = -1;
        for (int h = 0; h < outcome.value && same < 0; ++h) {
          if (effects[h] == effects[outcome.value]) same = index[h];
        }
        if (same >= 0) {
          outcomes[same].probability += outcome.probability;
        } else {
          same = static_cast<int>(outcomes.size());
          outcomes.push_back(
              {kOutcomeBase + static_cast<Action>(outcome.value), outcome.probability});
        }
        index[outcome.value] = same;
      }
      break;
    }
    default:
      break;
  }
}

void MgbbGame::HitEffects(const State& state, std::span<int> effects) const {
  const std::span<int> thrown = effects.first(state.dice + 1);
  if (state.phase == kShotRoll) {
    ShotEffects(state, thrown);
  } else {
    MeleeEffects(state, thrown);
  }
}

Action MgbbGame::HitsOutcome(const State& state, int hits) const {
  std::array<int, kMaxDice + 1> effects;
  HitEffects(state, effects);
  int fewest = 0;
  while (effects[fewest] != effects[hits]) ++fewest;
  return kOutcomeBase + static_cast<Action>(fewest);
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
        const int o = static_cast<int>(action - kTokenBase);
        state.tokens[o]++;
        if (IsAircraft(o)) state.flags[o] |= kCalledBit;
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
      state.did = 0;
      if (IsAircraft(state.active)) {
        // A sortie's one action: its ground attack (kTarget, then the shot).
        state.ap = 0;
        state.steps = 1;
        state.did = kDidAct;
        state.order = kShoot;
        state.phase = kTarget;
        break;
      }
      state.ap = kActionPoints;
      state.steps = 0;
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
            order_points_[u].stationary[MapAt(state.cell[u]).works != mgbb::Works::kNone];
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
          state.ap = static_cast<uint8_t>(state.ap - order_points_[u].limber);
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
      state.ap = static_cast<uint8_t>(state.ap - order_points_[u].turn);
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
