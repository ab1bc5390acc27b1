// The rules of doubletap: legal actions, chance distributions, transitions and the tables
// they read. Text is in doubletap_text.cc, the scenario in doubletap_scenario.cc, the board
// in doubletap_board.cc.
//
// An activation is declared in small decisions (unit, action, destination, timing, one
// attack at a time), then the opponent's reaction window (one decision per eligible unit),
// then resolved by Continue(), a small state machine over `stage`:
//   attack rolls (one chance node per target group)
//   -> reaction rolls (each shoot / melee reaction, each dodge of a target)
//   -> targets (block tests, morale, Hero re-roll, retreat; per group)
//   -> the activated unit's move if it shot before moving
//   -> dodge moves (decisions of the reactors)
//   -> hits on the activated unit from reactions (block, morale, ...)
//   -> each Move reaction, played as a small activation of its own (`sub`).
#include "rulesets/doubletap/doubletap.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdlib>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/check.h"
#include "engine/rng.h"
#include "engine/square_grid.h"

namespace sandtable {
namespace {

constexpr int X = DoubletapWeapon::kOutOfRange;
constexpr int kMaxBlockDice = 10;  // hits on one unit at once (4 attacks, or 10 reactors)

// A set of cells for one query: only the words the board uses are cleared.
class LocalMask {
 public:
  explicit LocalMask(int words) { std::memset(words_, 0, sizeof(uint64_t) * words); }
  void Set(int c) { words_[c >> 6] |= uint64_t{1} << (c & 63); }
  bool Test(int c) const { return (words_[c >> 6] >> (c & 63)) & 1; }

 private:
  uint64_t words_[kMaxCells / 64];
};

// Whether any unit has a reaction pending: the flag bytes tested eight at a time, as most
// activations draw no reaction and the resolution would otherwise scan for one thrice.
bool AnyReactionPending(const DoubletapGame::State& state) {
  uint64_t words[3] = {};
  static_assert(sizeof(state.flags) <= sizeof(words));
  std::memcpy(words, state.flags, sizeof(state.flags));
  constexpr uint64_t kMask = DoubletapGame::kReactionMask * 0x0101010101010101ULL;
  return ((words[0] | words[1] | words[2]) & kMask) != 0;
}

bool Adjacent(int ax, int ay, int bx, int by) {
  const int dx = ax - bx, dy = ay - by;
  return dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 && (dx != 0 || dy != 0);
}

}  // namespace

const std::array<DoubletapWeapon, kDoubletapWeapons>& DoubletapWeapons() {
  static constexpr std::array<DoubletapWeapon, kDoubletapWeapons> kWeapons = {{
      {"knife", 'K', 2, {X, X, X, X}, false},
      {"pistol", 'P', 2, {0, 0, X, X}, false},
      {"shotgun", 'G', 2, {1, -1, X, X}, false},
      {"smg", 'M', 4, {0, -1, X, X}, false},
      {"carbine", 'C', 3, {0, 1, 0, X}, false},
      {"rifle", 'R', 2, {0, 0, 1, 0}, false},
      {"hmg", 'H', 4, {-1, 0, 1, 0}, true},
      {"sniper", 'S', 2, {-1, 0, 1, 1}, true},
  }};
  return kWeapons;
}

std::vector<ParamDef> DoubletapGame::ParamDefs() {
  return {
      ParamDef{"rounds", "rounds in the game", "4", 1, 8, {}},
      ParamDef{"activation_cap",
               "most activations of one unit in a turn (0: no cap, as the source)",
               "0",
               0,
               15,
               {}},
      ParamDef{"quality",
               "Quality of units the scenario gives no quality= (succeeds on N+)",
               "4",
               2,
               6,
               {}},
  };
}

std::string_view DoubletapGame::Description() {
  return "Double Tap v0.2: single-model skirmish with activation points and reactions, "
         "4 rounds, points for enemy units destroyed";
}

absl::StatusOr<std::shared_ptr<const DoubletapGame>> DoubletapGame::CreateFromStrings(
    const std::map<std::string, std::string>& values, std::string_view scenario_text) {
  absl::StatusOr<Params> params = Params::Resolve(ParamDefs(), values);
  if (!params.ok()) return params.status();
  return Create(*params, scenario_text);
}

absl::Status DoubletapGame::Precompute() {
  const int n = width_ * height_;
  absl::StatusOr<SquareGrid> grid = SquareGrid::Create(width_, height_);
  if (!grid.ok()) return grid.status();
  xs_.resize(n);
  ys_.resize(n);
  for (int c = 0; c < n; ++c) {
    xs_[c] = static_cast<int16_t>(c % width_);
    ys_[c] = static_cast<int16_t>(c / width_);
  }
  CellMask blocking, cover_or_blocking;
  MoveTerrain terrain;
  terrain.cost_factor.assign(n, 1);
  for (int c = 0; c < n; ++c) {
    if (IsBlocking(c)) {
      blocking.Set(c);
      cover_or_blocking.Set(c);
    }
    if (IsCover(c)) {
      cover_cells_.Set(c);
      cover_or_blocking.Set(c);
    }
    if (IsDifficult(c)) terrain.cost_factor[c] = 2;
  }
  terrain.impassable = blocking;

  // Line of sight and cover for every pair of cells. Lines clear of every cover and
  // blocking cell see and give no cover; lines clear of blocking cells only are walked to
  // see whether each cover cell crossed is next to an end (seen over; next to the target:
  // the target is in cover).
  stride_ = (n + 63) / 64;
  los_.assign(static_cast<size_t>(n) * stride_, 0);
  cover_.assign(static_cast<size_t>(n) * stride_, 0);
  auto set = [&](std::vector<uint64_t>& table, int a, int b) {
    table[static_cast<size_t>(a) * stride_ + (b >> 6)] |= uint64_t{1} << (b & 63);
  };
  const std::vector<CellMask> clear_all = grid->ClearLines(cover_or_blocking);
  const std::vector<CellMask> clear_blocking = grid->ClearLines(blocking);
  for (int a = 0; a < n; ++a) {
    const Cell ca = grid->CellAt(a);
    for (int b = a; b < n; ++b) {
      if (clear_all[a].Test(b)) {
        set(los_, a, b);
        set(los_, b, a);
        continue;
      }
      if (!clear_blocking[a].Test(b)) continue;
      const Cell cb = grid->CellAt(b);
      bool sees = true, cover_b = false, cover_a = false;
      for (const Cell c : grid->CellsCrossed(ca, cb)) {
        if (!IsCover(grid->Index(c))) continue;
        const bool near_a = Adjacent(c.x, c.y, ca.x, ca.y);
        const bool near_b = Adjacent(c.x, c.y, cb.x, cb.y);
        if (!near_a && !near_b) sees = false;
        cover_b |= near_b;
        cover_a |= near_a;
      }
      if (!sees) continue;
      set(los_, a, b);
      set(los_, b, a);
      if (cover_b) set(cover_, a, b);
      if (cover_a) set(cover_, b, a);
    }
  }

  neighbours_.assign(n, {});
  for (int c = 0; c < n; ++c) {
    const int x = CellX(c), y = CellY(c);
    int k = 0;
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        if (dx == 0 && dy == 0) continue;
        const bool in = grid->InBounds(Cell{x + dx, y + dy});
        neighbours_[c][k++] = static_cast<int16_t>(in ? CellIndex(x + dx, y + dy) : -1);
      }
    }
  }

  absl::StatusOr<MoveGraph> graph = MoveGraph::ForSquare(*grid, SquareSteps{}, terrain);
  if (!graph.ok()) return graph.status();
  // Half-step points: an orthogonal step costs 2, a diagonal 3, double into difficult.
  const int lengths[3] = {kMoveCells, kRunCells, kDodgeCells};
  for (int reach = 0; reach < 3; ++reach) {
    reach_[reach].emplace(*graph, 2 * lengths[reach]);
    reach_windows_[reach].assign(n, {});
    reach_words_[reach].clear();
    for (int c = 0; c < n; ++c) {
      CellMask cells;
      // A Run must leave its cell (staying put is a Move): its window leaves the start out.
      reach_[reach]->Reachable(c).ForEach([&](int to) {
        if (!IsCover(to) && !(reach == 1 && to == c)) cells.Set(to);
      });
      int first = stride_, last = -1;
      cells.ForEach([&](int to) {
        first = std::min(first, to >> 6);
        last = std::max(last, to >> 6);
      });
      ReachWindow& window = reach_windows_[reach][c];
      window.offset = static_cast<uint32_t>(reach_words_[reach].size());
      window.first = static_cast<uint16_t>(last < 0 ? 0 : first);
      window.count = static_cast<uint16_t>(last < 0 ? 0 : last - first + 1);
      for (int w = window.first; w < window.first + window.count; ++w) {
        uint64_t word = 0;
        for (int b = 0; b < 64 && w * 64 + b < n; ++b) {
          if (cells.Test(w * 64 + b)) word |= uint64_t{1} << b;
        }
        reach_words_[reach].push_back(word);
      }
    }
  }

  side_mask_ = {0, 0};
  for (int u = 0; u < num_units(); ++u) side_mask_[units_[u].side] |= 1u << u;

  // Every roll: 1..kMaxBlockDice dice, Quality 2..6, modifier -2..+2.
  test_rolls_.assign(kMaxBlockDice * 25, {});
  block_rolls_.assign(kMaxBlockDice * 25, {});
  for (int dice = 1; dice <= kMaxBlockDice; ++dice) {
    for (int q = 2; q <= 6; ++q) {
      for (int m = -2; m <= 2; ++m) {
        const int key = RollKey(dice, q, m);
        auto fill = [](Roll& roll, DicePool pool) {
          for (const PoolOutcome& o : pool.Distribution()) {
            roll.outcomes.push_back({kOutcomeBase + static_cast<Action>(o.value), o.probability});
          }
          roll.pool = std::move(pool);
        };
        const std::string what =
            absl::StrCat(dice, " Quality test", dice > 1 ? "s" : "", " at ", q, "+",
                         m == 0 ? "" : (m > 0 ? " +" : " "), m == 0 ? "" : absl::StrCat(m));
        fill(test_rolls_[key],
             DicePool::CountSuccesses(dice, 6, SuccessRule::Test(q, m)).Label(what));
        fill(block_rolls_[key], DicePool::CountSuccesses(dice, 6, SuccessRule::Test(q, m))
                                    .LookUp({{0, 0}, {dice, 1}})
                                    .Label(absl::StrCat(what, ": killed if any fails")));
      }
    }
  }
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------- queries

uint32_t DoubletapGame::AliveMask(const State& state) const {
  uint32_t mask = 0;
  for (int u = 0; u < num_units(); ++u) {
    if (state.cell[u] != kNoCell) mask |= 1u << u;
  }
  return mask;
}

int DoubletapGame::Band(int distance2) {
  if (distance2 < 6 * 6) return 0;
  if (distance2 < 12 * 12) return 1;
  if (distance2 < 18 * 18) return 2;
  if (distance2 < 24 * 24) return 3;
  return -1;
}

int DoubletapGame::RangeModifier(int u, int distance2) const {
  const int band = Band(distance2);
  return band < 0 ? DoubletapWeapon::kOutOfRange : weapon(u).mods[band];
}

bool DoubletapGame::Sees(const State& state, int a, int b, int ignore_a, int ignore_b) const {
  if (!TerrainSight(a, b)) return false;
  const Cell ca{CellX(a), CellY(a)}, cb{CellX(b), CellY(b)};
  const int min_x = std::min(ca.x, cb.x), min_y = std::min(ca.y, cb.y);
  const unsigned span_x = std::abs(ca.x - cb.x), span_y = std::abs(ca.y - cb.y);
  // The box test first: most units stand outside the line's bounding box.
  uint32_t others = side_mask_[0] | side_mask_[1];
  for (const int v : {ignore_a, ignore_b}) {
    if (v >= 0 && v < kMaxUnits) others &= ~(1u << v);
  }
  for (uint32_t m = others; m != 0; m &= m - 1) {
    const int c = state.cell[std::countr_zero(m)];
    if (c == kNoCell) continue;
    const int x = CellX(c), y = CellY(c);
    if (static_cast<unsigned>(x - min_x) > span_x || static_cast<unsigned>(y - min_y) > span_y) {
      continue;
    }
    if (c != a && c != b && SegmentCrossesCell(ca, cb, Cell{x, y})) return false;
  }
  return true;
}

bool DoubletapGame::NextToSide(const State& state, int c, int side, int except) const {
  const int x = CellX(c), y = CellY(c);
  for (uint32_t m = side_mask_[side]; m != 0; m &= m - 1) {
    const int v = std::countr_zero(m);
    const int vc = state.cell[v];
    if (v == except || vc == kNoCell) continue;
    if (Adjacent(x, y, CellX(vc), CellY(vc))) return true;
  }
  return false;
}

bool DoubletapGame::CanShoot(const State& state, int u, int c, int t) const {
  const int side = units_[u].side;
  const int tc = state.cell[t];
  if (tc == kNoCell || units_[t].side == side) return false;
  if (NextToSide(state, c, 1 - side)) return false;  // the shooter is in melee
  if (NextToSide(state, tc, side, u)) return false;  // the target is in melee
  if (RangeModifier(u, Distance2(c, tc)) == DoubletapWeapon::kOutOfRange) return false;
  return Sees(state, c, tc, u, t);
}

bool DoubletapGame::HeroNear(const State& state, int u) const {
  for (uint32_t m = side_mask_[units_[u].side]; m != 0; m &= m - 1) {
    const int v = std::countr_zero(m);
    if (v == u || !units_[v].hero || state.cell[v] == kNoCell) continue;
    if (Distance2(state.cell[v], state.cell[u]) <= kHeroAuraCells * kHeroAuraCells) return true;
  }
  return false;
}

const DicePool& DoubletapGame::TestPool(int dice, int quality, int modifier) const {
  return *test_rolls_[RollKey(dice, quality, modifier)].pool;
}

int DoubletapGame::AttackCell(const State& state) const {
  if (state.kind == kAssault) return state.dest;
  return state.timing == kAfter ? state.dest : state.from;
}

bool DoubletapGame::IsTarget(const State& state, int u, int* group) const {
  for (int g = 0; g < state.ngroups; ++g) {
    if (state.target[g] == u) {
      if (group != nullptr) *group = g;
      return true;
    }
  }
  return false;
}

void DoubletapGame::FindFreeCells(const State& state, int u, int reach, FreeCells& cells) const {
  static constexpr int kLength[3] = {kMoveCells, kRunCells, kDodgeCells};
  const int start = state.cell[u];
  const int side = units_[u].side;
  const int sx = CellX(start), sy = CellY(start);
  const ReachWindow& window = reach_windows_[reach][start];
  const uint64_t* bare = &reach_words_[reach][window.offset];
  cells.first = window.first;
  cells.count = window.count;
  for (int i = 0; i < window.count; ++i) cells.words[i] = bare[i];
  auto clear = [&](int c) {
    const unsigned i = static_cast<unsigned>((c >> 6) - window.first);
    if (i < window.count) cells.words[i] &= ~(uint64_t{1} << (c & 63));
  };
  for (uint32_t m = side_mask_[side] & ~(1u << u); m != 0; m &= m - 1) {
    const int c = state.cell[std::countr_zero(m)];
    if (c != kNoCell) clear(c);
  }
  int nearest = INT_MAX;
  for (uint32_t m = side_mask_[1 - side]; m != 0; m &= m - 1) {
    const int c = state.cell[std::countr_zero(m)];
    if (c == kNoCell) continue;
    clear(c);
    nearest = std::min(nearest, std::max(std::abs(CellX(c) - sx), std::abs(CellY(c) - sy)));
  }
  cells.nearest = nearest;
  // A path of at most N steps (a step costs at least 2 of the 2N points) passes only cells
  // within N - 1 steps before its last: an enemy farther away cannot stand in the way (and
  // its own cell is excluded as occupied).
  cells.exact = nearest >= kLength[reach];
}

template <typename F>
void DoubletapGame::ForEachFreeCell(const State& state, int u, int reach, const FreeCells& cells,
                                    F&& f) const {
  if (cells.exact) {
    for (int i = 0; i < cells.count; ++i) {
      for (uint64_t w = cells.words[i]; w != 0; w &= w - 1) {
        if (!f((cells.first + i) * 64 + std::countr_zero(w))) return;
      }
    }
    return;
  }
  // An enemy may stand in the way: ask the table with the enemies as obstacles.
  const int side = units_[u].side;
  CellMask enemies;
  for (uint32_t m = side_mask_[1 - side]; m != 0; m &= m - 1) {
    const int c = state.cell[std::countr_zero(m)];
    if (c != kNoCell) enemies.Set(c);
  }
  LocalMask occupied(stride_);
  for (int v = 0; v < num_units(); ++v) {
    if ((v != u || reach == 1) && state.cell[v] != kNoCell) occupied.Set(state.cell[v]);
  }
  bool going = true;
  reach_[reach]->Reachable(state.cell[u], enemies).ForEach([&](int c) {
    if (going && !IsCover(c) && !occupied.Test(c)) going = f(c);
  });
}

template <typename F>
void DoubletapGame::ForEachReachable(const State& state, int u, int reach, F&& f) const {
  FreeCells cells;
  FindFreeCells(state, u, reach, cells);
  ForEachFreeCell(state, u, reach, cells, f);
}

template <typename F>
void DoubletapGame::ForEachDestination(const State& state, int u, int kind, F&& f) const {
  const int start = state.cell[u];
  const int reach = kind == kRun ? 1 : 0;
  FreeCells cells;
  FindFreeCells(state, u, reach, cells);
  if (cells.nearest <= 1) {
    // In base contact: only a Dodge leaves it, so the unit stays (and can only assault).
    if (kind == kAssault) f(start);
    return;
  }
  if (kind == kAssault) {
    ForEachAssaultCell(state, u, f);
    return;
  }
  ForEachFreeCell(state, u, reach, cells, f);
}

template <typename F>
void DoubletapGame::ForEachAssaultCell(const State& state, int u, F&& f) const {
  // The cells in base contact with an enemy, if any enemy is close enough.
  const int side = units_[u].side;
  const int start = state.cell[u];
  const int sx = CellX(start), sy = CellY(start);
  uint32_t close = 0;
  for (uint32_t m = side_mask_[1 - side]; m != 0; m &= m - 1) {
    const int e = state.cell[std::countr_zero(m)];
    if (e != kNoCell &&
        std::max(std::abs(CellX(e) - sx), std::abs(CellY(e) - sy)) <= kMoveCells + 1) {
      close |= m & -m;
    }
  }
  if (close == 0) return;
  LocalMask contact(stride_);
  for (; close != 0; close &= close - 1) {
    for (const int16_t nb : neighbours_[state.cell[std::countr_zero(close)]]) {
      if (nb >= 0) contact.Set(nb);
    }
  }
  ForEachReachable(state, u, 0, [&](int c) { return !contact.Test(c) || f(c); });
}

uint32_t DoubletapGame::Targets(const State& state, int first, bool any) const {
  const int u = state.active;
  const int side = units_[u].side;
  const uint32_t enemies = side_mask_[1 - side] & ~((1u << first) - 1);
  uint32_t targets = 0;
  if (state.kind == kAssault) {
    const int d = state.dest;
    for (uint32_t m = enemies; m != 0; m &= m - 1) {
      const int t = std::countr_zero(m), tc = state.cell[t];
      if (tc != kNoCell && Adjacent(CellX(d), CellY(d), CellX(tc), CellY(tc))) {
        targets |= 1u << t;
        if (any) break;
      }
    }
    return targets;
  }
  const int c = AttackCell(state);
  if (NextToSide(state, c, 1 - side)) return 0;  // a unit in melee cannot shoot
  for (uint32_t m = enemies; m != 0; m &= m - 1) {
    const int t = std::countr_zero(m), tc = state.cell[t];
    if (tc == kNoCell) continue;
    if (RangeModifier(u, Distance2(c, tc)) == DoubletapWeapon::kOutOfRange) continue;
    if (!TerrainSight(c, tc) || NextToSide(state, tc, side, u)) continue;
    if (Sees(state, c, tc, u, t)) {
      targets |= 1u << t;
      if (any) break;
    }
  }
  return targets;
}

uint32_t DoubletapGame::ReactionOptions(const State& state, int r) const {
  const int rc = state.cell[r];
  if (rc == kNoCell || (state.flags[r] & kReactedBit)) return 0;
  const int a = state.active;
  const int from = state.from, dest = state.dest;
  const bool contact = Adjacent(CellX(rc), CellY(rc), CellX(from), CellY(from)) ||
                       Adjacent(CellX(rc), CellY(rc), CellX(dest), CellY(dest));
  const bool sees = !contact && Sees(state, rc, from, r, a);
  if (!contact && !sees) return 0;  // not eligible
  uint32_t options = 1u << kNoReaction | 1u << kReactDodge;
  const bool melee_target = state.kind == kAssault && IsTarget(state, r, nullptr);
  const bool in_melee = NextToSide(state, rc, units_[a].side);
  if (!in_melee && !melee_target) {
    options |= 1u << kReactMove;
    // Shoot the activated unit where it stands as the action is declared.
    if (!NextToSide(state, from, units_[r].side) &&
        RangeModifier(r, Distance2(rc, from)) != DoubletapWeapon::kOutOfRange &&
        (sees || Sees(state, rc, from, r, a))) {
      options |= 1u << kReactShoot;
    }
  }
  if (contact) options |= 1u << kReactMelee;
  return options;
}

int DoubletapGame::ReactorModifier(const State& state, int r) const {
  const int rc = state.cell[r];
  return RangeModifier(r, Distance2(rc, state.from)) - (InCover(rc, state.from) ? 1 : 0);
}

Player DoubletapGame::CurrentPlayer(const State& state) const {
  switch (state.phase) {
    case kSelect:
    case kKind:
      return state.player;
    case kDest:
    case kTiming:
    case kTarget:
      return units_[state.active].side;
    case kReact:
    case kDodgeMove:
      return 1 - state.player;
    case kOver:
      return kNoPlayer;
    default:
      return kChancePlayer;
  }
}

// ---------------------------------------------------------------------------- actions

void DoubletapGame::LegalActions(const State& state, Player, ActionList& actions) const {
  actions.clear();
  switch (state.phase) {
    case kSelect:
      SelectActions(state, actions);
      return;
    case kKind:
      KindActions(state, actions);
      return;
    case kDest:
      DestActions(state, actions);
      return;
    case kTiming:
      actions.push_back(kTimingBase + kBefore);
      actions.push_back(kTimingBase + kAfter);
      return;
    case kTarget:
      TargetActions(state, actions);
      return;
    case kReact:
      ReactActions(state, actions);
      return;
    case kDodgeMove:
      DodgeActions(state, actions);
      return;
    default:
      return;
  }
}

void DoubletapGame::SelectActions(const State& state, ActionList& actions) const {
  for (uint32_t m = side_mask_[state.player]; m != 0; m &= m - 1) {
    const int u = std::countr_zero(m);
    if (state.cell[u] == kNoCell) continue;
    if (activation_cap_ > 0 && (state.flags[u] >> kCountShift) >= activation_cap_) continue;
    actions.push_back(kSelectBase + u);
  }
  actions.push_back(kPass);
}

void DoubletapGame::KindActions(const State& state, ActionList& actions) const {
  const int u = state.active;
  const int start = state.cell[u];
  FreeCells move;
  FindFreeCells(state, u, 0, move);
  if (move.nearest <= 1) {
    actions.push_back(kKindBase + kAssault);  // in melee: attack who is in contact
    return;
  }
  actions.push_back(kKindBase + kMove);
  bool assault = false;
  if (move.nearest <= kMoveCells + 1) {
    ForEachAssaultCell(state, u, [&](int) { return !(assault = true); });
  }
  if (assault) actions.push_back(kKindBase + kAssault);
  // A Run reaches every cell a Move does: a Move away from here proves a Run is possible
  // without the Run's wider (and dearer) reach query.
  bool run = false;
  ForEachFreeCell(state, u, 0, move, [&](int c) { return !(run = c != start); });
  if (!run) ForEachReachable(state, u, 1, [&](int) { return !(run = true); });
  if (run) actions.push_back(kKindBase + kRun);
}

void DoubletapGame::DestActions(const State& state, ActionList& actions) const {
  // Written through data() and sized once: the list's size is not reloaded per cell.
  Action* out = actions.data();
  int count = 0;
  ForEachDestination(state, state.active, state.kind, [&](int c) {
    out[count++] = static_cast<Action>(c);
    return true;
  });
  actions.SetSize(count);
}

void DoubletapGame::TargetActions(const State& state, ActionList& actions) const {
  const int first = state.ngroups > 0 ? state.target[state.ngroups - 1] : 0;
  for (uint32_t m = Targets(state, first); m != 0; m &= m - 1) {
    actions.push_back(kTargetBase + std::countr_zero(m));
  }
  if (state.assigned == 0) actions.push_back(kHoldFire);
}

void DoubletapGame::ReactActions(const State& state, ActionList& actions) const {
  for (uint32_t o = ReactionOptions(state, state.cursor); o != 0; o &= o - 1) {
    actions.push_back(kReactBase + std::countr_zero(o));
  }
}

void DoubletapGame::DodgeActions(const State& state, ActionList& actions) const {
  Action* out = actions.data();
  int count = 0;
  ForEachReachable(state, state.cursor, 2, [&](int c) {
    out[count++] = static_cast<Action>(c);
    return true;
  });
  actions.SetSize(count);
}

// ---------------------------------------------------------------------------- chance

const DoubletapGame::Roll& DoubletapGame::RollAtState(const State& state) const {
  switch (state.phase) {
    case kAttackRoll: {
      const int g = state.gcursor;
      return test_rolls_[RollKey(state.attacks[g], units_[state.active].quality,
                                 state.mod[g] - kModBias)];
    }
    case kReactRoll: {
      const int r = state.cursor;
      const int q = units_[r].quality;
      switch (state.flags[r] & kReactionMask) {
        case kReactDodge:
          return test_rolls_[RollKey(2, q, 0)];
        case kReactShoot:
          return test_rolls_[RollKey(1, q, ReactorModifier(state, r))];
        default:
          return test_rolls_[RollKey(1, q, 0)];
      }
    }
    case kBlock: {
      const int q = units_[state.subject].quality;
      if (state.hits_open > 0) return block_rolls_[RollKey(state.hits_open, q, 0)];
      return block_rolls_[RollKey(state.hits_cover, q, 1)];
    }
    default:  // kMorale, kReroll
      return test_rolls_[RollKey(1, units_[state.subject].quality, 0)];
  }
}

const DicePool* DoubletapGame::PoolAt(const State& state) const {
  if (Kind(state) != NodeKind::kChance) return nullptr;
  return &*RollAtState(state).pool;
}

void DoubletapGame::ChanceOutcomes(const State& state, ChanceList& outcomes) const {
  outcomes.clear();
  const Roll& roll = RollAtState(state);
  outcomes.Append(roll.outcomes.data(), static_cast<int>(roll.outcomes.size()));
}

// ---------------------------------------------------------------------------- transitions

DoubletapGame::State DoubletapGame::InitialState() const {
  State state;
  for (int u = 0; u < kMaxUnits; ++u) state.cell[u] = kNoCell;
  for (int u = 0; u < num_units(); ++u) state.cell[u] = units_[u].start;
  state.round = 1;
  state.player = 0;
  StartTurn(state);
  return state;
}

bool DoubletapGame::SideWiped(const State& state) const {
  for (int side = 0; side < 2; ++side) {
    bool any = false;
    for (uint32_t m = side_mask_[side]; m != 0 && !any; m &= m - 1) {
      any = state.cell[std::countr_zero(m)] != kNoCell;
    }
    if (!any) return true;
  }
  return false;
}

void DoubletapGame::StartTurn(State& state) const {
  int living = 0;
  for (int u = 0; u < num_units(); ++u) {
    if (units_[u].side == state.player) {
      state.flags[u] = 0;  // its activations this turn
      if (state.cell[u] != kNoCell) ++living;
    } else {
      state.flags[u] = 0;  // it may react again in this enemy turn
    }
  }
  state.points = static_cast<uint8_t>(living);
  state.phase = kSelect;
}

void DoubletapGame::EndTurn(State& state) const {
  if (state.player == 1) {
    if (state.round >= rounds_) {
      state.phase = kOver;
      state.player = 0;
      state.points = 0;
      for (int u = 0; u < kMaxUnits; ++u) state.flags[u] = 0;
      return;
    }
    ++state.round;
  }
  state.player ^= 1;
  StartTurn(state);
}

void DoubletapGame::ClearAction(State& state) const {
  state.from = kNoCell;
  state.dest = kNoCell;
  state.stage = kStageNone;
  state.active = kNone;
  state.kind = kMove;
  state.timing = kNoTiming;
  state.ngroups = 0;
  state.assigned = 0;
  state.cursor = 0;
  state.gcursor = 0;
  for (int g = 0; g < kMaxGroups; ++g) {
    state.target[g] = 0;
    state.attacks[g] = 0;
    state.mod[g] = 0;
    state.succ[g] = 0;
    state.cancel[g] = 0;
  }
  state.cover = 0;
  state.subject = kNone;
  state.hits_open = 0;
  state.hits_cover = 0;
  state.atk_open = 0;
  state.atk_cover = 0;
  state.took_hits = 0;
  state.sub = 0;
}

void DoubletapGame::Destroy(State& state, int u) const {
  state.cell[u] = kNoCell;
  state.flags[u] = 0;
}

void DoubletapGame::MoveActive(State& state) const {
  if (state.dest != kNoCell && state.cell[state.active] != kNoCell) {
    state.cell[state.active] = state.dest;
  }
}

void DoubletapGame::Retreat(State& state, int u) const {
  const int enemy = 1 - units_[u].side;
  int best = -1, best_d2 = -1;
  ForEachReachable(state, u, 2, [&](int c) {
    if (c == state.cell[u]) return true;
    int nearest = INT_MAX;
    for (uint32_t m = side_mask_[enemy]; m != 0; m &= m - 1) {
      const int ec = state.cell[std::countr_zero(m)];
      if (ec != kNoCell) nearest = std::min(nearest, Distance2(c, ec));
    }
    if (nearest > best_d2) {  // ascending cells: ties keep the lowest index
      best_d2 = nearest;
      best = c;
    }
    return true;
  });
  if (best >= 0) state.cell[u] = static_cast<uint16_t>(best);
}

void DoubletapGame::StartSubject(State& state, int u, int open, int covered) const {
  state.subject = static_cast<uint8_t>(u);
  state.hits_open = static_cast<uint8_t>(open);
  state.hits_cover = static_cast<uint8_t>(covered);
  state.took_hits = 1;
  state.phase = kBlock;
}

void DoubletapGame::FinishSubject(State& state) const {
  state.subject = kNone;
  state.hits_open = 0;
  state.hits_cover = 0;
  state.took_hits = 0;
  Continue(state);
}

void DoubletapGame::AfterDeclaration(State& state) const {
  if (!state.sub) {
    // The reaction window: the first eligible opponent unit decides.
    for (uint32_t m = side_mask_[1 - state.player]; m != 0; m &= m - 1) {
      const int r = std::countr_zero(m);
      if (ReactionOptions(state, r) != 0) {
        state.cursor = static_cast<uint8_t>(r);
        state.phase = kReact;
        return;
      }
    }
  }
  StartResolution(state);
}

void DoubletapGame::StartResolution(State& state) const {
  // A unit that moves before it attacks (or only moves) moves now.
  if (state.kind != kMove || state.timing == kAfter) MoveActive(state);
  state.cursor = 0;
  state.gcursor = 0;
  state.stage = kStageAttackRolls;
  Continue(state);
}

template <typename F>
int DoubletapGame::NextReactor(const State& state, F&& f) const {
  if (!AnyReactionPending(state)) return -1;
  // The opponent's living units from `cursor` on, in unit order.
  for (uint32_t m = side_mask_[1 - state.player] & ~((1u << state.cursor) - 1); m != 0;
       m &= m - 1) {
    const int v = std::countr_zero(m);
    if (state.cell[v] != kNoCell && f(v)) return v;
  }
  return -1;
}

void DoubletapGame::Continue(State& state) const {
  while (true) {
    switch (state.stage) {
      case kStageAttackRolls:
        if (state.gcursor < state.ngroups) {
          state.phase = kAttackRoll;
          return;
        }
        state.gcursor = 0;
        state.cursor = 0;
        state.stage = state.sub ? kStageTargets : kStageReactRolls;
        break;
      case kStageReactRolls: {
        const int r = NextReactor(state, [&](int v) {
          const int reaction = state.flags[v] & kReactionMask;
          return reaction == kReactShoot || reaction == kReactMelee ||
                 (reaction == kReactDodge && IsTarget(state, v, nullptr));
        });
        if (r >= 0) {
          state.cursor = static_cast<uint8_t>(r);
          state.phase = kReactRoll;
          return;
        }
        state.cursor = 0;
        state.stage = kStageTargets;
        break;
      }
      case kStageTargets:
        if (state.gcursor < state.ngroups) {
          const int g = state.gcursor++;
          const int t = state.target[g];
          const int hits = state.succ[g] - state.cancel[g];
          if (hits > 0 && state.cell[t] != kNoCell) {
            const bool covered = (state.cover >> g) & 1;
            StartSubject(state, t, covered ? 0 : hits, covered ? hits : 0);
            return;
          }
          break;
        }
        if (state.kind == kMove && state.timing == kBefore) MoveActive(state);
        if (state.sub) {
          // The Move reaction is over: on to the next one.
          const int next = state.active + 1;
          ClearAction(state);
          state.stage = kStageReactMoves;
          state.cursor = static_cast<uint8_t>(next);
          break;
        }
        state.cursor = 0;
        state.stage = kStageDodges;
        break;
      case kStageDodges: {
        const int r = NextReactor(state, [&](int v) {
          if ((state.flags[v] & kReactionMask) != kReactDodge) return false;
          int g = 0;
          if (IsTarget(state, v, &g) && state.succ[g] > state.cancel[g]) return false;  // stays
          bool elsewhere = false;  // somewhere to go besides staying
          ForEachReachable(state, v, 2, [&](int c) { return !(elsewhere = c != state.cell[v]); });
          return elsewhere;
        });
        if (r >= 0) {
          state.cursor = static_cast<uint8_t>(r);
          state.phase = kDodgeMove;
          return;
        }
        state.cursor = 0;
        state.stage = kStageAttacker;
        break;
      }
      case kStageAttacker:
        if (state.atk_open + state.atk_cover > 0 && state.cell[state.active] != kNoCell) {
          const int open = state.atk_open, covered = state.atk_cover;
          state.atk_open = 0;
          state.atk_cover = 0;
          StartSubject(state, state.active, open, covered);
          return;
        }
        state.atk_open = 0;
        state.atk_cover = 0;
        state.cursor = 0;
        state.stage = kStageReactMoves;
        break;
      case kStageReactMoves: {
        // A reactor that is now in base contact can neither move nor shoot.
        const int r = NextReactor(state, [&](int v) {
          return (state.flags[v] & kReactionMask) == kReactMove &&
                 !NextToSide(state, state.cell[v], state.player);
        });
        if (r >= 0) {
          ClearAction(state);
          state.sub = 1;
          state.active = static_cast<uint8_t>(r);
          state.from = state.cell[r];
          state.kind = kMove;
          state.stage = kStageNone;
          state.cursor = static_cast<uint8_t>(r);
          state.phase = kDest;
          return;
        }
        // The activation is over.
        ClearAction(state);
        for (uint32_t m = AnyReactionPending(state) ? side_mask_[1 - state.player] : 0; m != 0;
             m &= m - 1) {
          uint8_t& flags = state.flags[std::countr_zero(m)];
          flags = static_cast<uint8_t>(flags & ~kReactionMask);
        }
        if (SideWiped(state)) {
          state.phase = kOver;
          state.player = 0;
          state.points = 0;
          for (int u = 0; u < kMaxUnits; ++u) state.flags[u] = 0;
          return;
        }
        if (state.points == 0) {
          EndTurn(state);
        } else {
          state.phase = kSelect;
        }
        return;
      }
      default:
        CHECK(false);
    }
  }
}

void DoubletapGame::Apply(State& state, Action action) const {
  switch (state.phase) {
    case kSelect: {
      if (action == kPass) {
        EndTurn(state);
        return;
      }
      const int u = static_cast<int>(action - kSelectBase);
      state.active = static_cast<uint8_t>(u);
      state.from = state.cell[u];
      --state.points;
      if (activation_cap_ > 0)
        state.flags[u] = static_cast<uint8_t>(state.flags[u] + (1 << kCountShift));
      state.phase = kKind;
      return;
    }
    case kKind:
      state.kind = static_cast<uint8_t>(action - kKindBase);
      state.phase = kDest;
      return;
    case kDest: {
      state.dest = static_cast<uint16_t>(action);
      if (state.kind == kRun) {
        AfterDeclaration(state);
        return;
      }
      if (state.kind == kMove && state.dest != state.from) {
        state.phase = kTiming;
        return;
      }
      if (state.kind == kMove) state.timing = kBefore;  // shooting where it stands
      break;
    }
    case kTiming:
      state.timing = static_cast<uint8_t>(action - kTimingBase);
      break;
    case kTarget: {
      if (action == kHoldFire) {
        AfterDeclaration(state);
        return;
      }
      const int t = static_cast<int>(action - kTargetBase);
      const int total = state.sub                ? 1
                        : state.kind == kAssault ? DoubletapWeapons()[kDoubletapKnife].attacks
                                                 : weapon(state.active).attacks;
      int g = state.ngroups - 1;
      if (g < 0 || state.target[g] != t) {
        g = state.ngroups++;
        state.target[g] = static_cast<uint8_t>(t);
        int mod = 0;
        if (state.kind != kAssault) {
          const int c = AttackCell(state), tc = state.cell[t];
          mod = RangeModifier(state.active, Distance2(c, tc));
          if (InCover(c, tc)) {
            mod -= 1;
            state.cover = static_cast<uint8_t>(state.cover | (1u << g));
          }
        }
        state.mod[g] = static_cast<uint8_t>(mod + kModBias);
      }
      ++state.attacks[g];
      ++state.assigned;
      // The last eligible target left takes every remaining attack: no one-way nodes.
      if (Targets(state, t + 1, /*any=*/true) == 0) {
        state.attacks[g] = static_cast<uint8_t>(state.attacks[g] + total - state.assigned);
        state.assigned = static_cast<uint8_t>(total);
      }
      if (state.assigned == total) AfterDeclaration(state);
      return;
    }
    case kReact: {
      const int r = state.cursor;
      const int reaction = static_cast<int>(action - kReactBase);
      state.flags[r] = static_cast<uint8_t>((state.flags[r] & ~kReactionMask) | reaction);
      if (reaction != kNoReaction) state.flags[r] |= kReactedBit;
      for (uint32_t m = side_mask_[1 - state.player] & ~((2u << r) - 1); m != 0; m &= m - 1) {
        const int next = std::countr_zero(m);
        if (ReactionOptions(state, next) != 0) {
          state.cursor = static_cast<uint8_t>(next);
          return;
        }
      }
      StartResolution(state);  // everyone has decided
      return;
    }
    case kDodgeMove:
      state.cell[state.cursor] = static_cast<uint16_t>(action);
      ++state.cursor;
      Continue(state);
      return;
    case kAttackRoll:
      state.succ[state.gcursor] = static_cast<uint8_t>(action - kOutcomeBase);
      ++state.gcursor;
      Continue(state);
      return;
    case kReactRoll: {
      const int r = state.cursor;
      const int successes = static_cast<int>(action - kOutcomeBase);
      const int reaction = state.flags[r] & kReactionMask;
      int g = -1;
      const bool target = IsTarget(state, r, &g);
      int left = successes;
      // Successes cancel the attacker's successes against this unit when it answers the
      // same kind of attack (a dodge answers either).
      const bool answers =
          target && (reaction == kReactDodge || (reaction == kReactShoot && state.kind == kMove) ||
                     (reaction == kReactMelee && state.kind == kAssault));
      if (answers) {
        const int cancelled = std::min<int>(left, state.succ[g]);
        state.cancel[g] = static_cast<uint8_t>(cancelled);
        left -= cancelled;
      }
      if (reaction == kReactShoot && InCover(state.cell[r], state.from)) {
        state.atk_cover = static_cast<uint8_t>(state.atk_cover + left);
      } else if (reaction != kReactDodge) {
        state.atk_open = static_cast<uint8_t>(state.atk_open + left);
      }
      state.cursor = static_cast<uint8_t>(r + 1);
      Continue(state);
      return;
    }
    case kBlock: {
      const bool saved = action - kOutcomeBase == 1;
      if (state.hits_open > 0) {
        state.hits_open = 0;
      } else {
        state.hits_cover = 0;
      }
      if (!saved) {
        Destroy(state, state.subject);
        FinishSubject(state);
        return;
      }
      state.phase = state.hits_open + state.hits_cover > 0 ? kBlock : kMorale;
      return;
    }
    case kMorale:
      if (action - kOutcomeBase == 1) {
        FinishSubject(state);
      } else if (HeroNear(state, state.subject)) {
        state.phase = kReroll;
      } else {
        Retreat(state, state.subject);
        FinishSubject(state);
      }
      return;
    case kReroll:
      if (action - kOutcomeBase == 0) Retreat(state, state.subject);
      FinishSubject(state);
      return;
    default:
      CHECK(false);
  }
  // After the destination or the timing: choose targets, if there are any.
  if (Targets(state, 0, /*any=*/true) != 0) {
    state.phase = kTarget;
    return;
  }
  AfterDeclaration(state);
}

double DoubletapGame::Returns(const State& state, Player player) const {
  if (state.phase != kOver) return 0.0;
  const int mine = Score(state, player), theirs = Score(state, 1 - player);
  if (mine == theirs) return 0.0;
  return mine > theirs ? 1.0 : -1.0;
}

int DoubletapGame::Score(const State& state, Player player) const {
  int points = 0;
  for (uint32_t m = side_mask_[1 - player]; m != 0; m &= m - 1) {
    const int u = std::countr_zero(m);
    if (state.cell[u] == kNoCell) points += units_[u].value;
  }
  return points;
}

int DoubletapGame::MaxGameLength() const {
  // One activation at most: select, kind, destination, timing, 4 targets; a reaction per
  // enemy unit; 4 attack rolls and a reaction roll per enemy; per group block, morale and
  // re-roll; a dodge move per enemy; the activated unit's two blocks, morale and re-roll;
  // per enemy a Move reaction of destination, timing, target, roll, block, morale, re-roll.
  int per_side[2] = {0, 0};
  for (const Unit& u : units_) ++per_side[u.side];
  int total = 0;
  for (int side = 0; side < 2; ++side) {
    const int enemies = per_side[1 - side];
    const int activation = 8 + enemies + 4 + enemies + 3 * kMaxGroups + enemies + 4 + 7 * enemies;
    total += rounds_ * (per_side[side] * activation + 1);
  }
  return total;
}

uint64_t DoubletapGame::InformationSetKey(const State& state, Player) const {
  uint64_t words[sizeof(State) / 8];
  std::memcpy(words, &state, sizeof(State));
  uint64_t hash = 0x646f75626c657461ULL;  // "doubleta"
  for (uint64_t w : words) hash = HashCombine(hash, w);
  return hash;
}

std::vector<std::pair<std::string, int>> DoubletapGame::ResultMeasures(const State& before,
                                                                       const State& after) const {
  int killed[2] = {0, 0}, moved = 0;
  for (int u = 0; u < num_units(); ++u) {
    if (before.cell[u] != kNoCell && after.cell[u] == kNoCell) ++killed[units_[u].side];
    if (before.cell[u] != kNoCell && after.cell[u] != kNoCell && before.cell[u] != after.cell[u]) {
      ++moved;
    }
  }
  return {{"killed_p0_units", killed[0]},
          {"killed_p1_units", killed[1]},
          {"points_p0", Score(after, 0) - Score(before, 0)},
          {"points_p1", Score(after, 1) - Score(before, 1)},
          {"units_moved", moved}};
}

}  // namespace sandtable
