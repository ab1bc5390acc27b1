// doubletap: Double Tap v0.2 (OnePageRules), a single-model skirmish with activation
// points and reactions, 4 rounds, points for enemy units destroyed. The rulings, every
// decision where they are silent, the decomposition into small decisions, the action
// notation and the position string are documented in docs/rulesets/doubletap.md.
//
// DoubletapGame holds what never changes in a game (map, terrain, unit profiles, line of
// sight and cover between every pair of cells, reach tables, dice distributions); the State
// holds only what changes (104 bytes). The hot path does no geometry beyond the dynamic
// "does another unit stand on the line" test and reach queries next to enemies.
#ifndef SANDTABLE_RULESETS_DOUBLETAP_DOUBLETAP_H_
#define SANDTABLE_RULESETS_DOUBLETAP_DOUBLETAP_H_

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/board.h"
#include "engine/cell_mask.h"
#include "engine/dice_pool.h"
#include "engine/params.h"
#include "engine/reachability.h"
#include "engine/ruleset.h"
#include "engine/types.h"

namespace sandtable {

// The source's weapon table. `mods[b]` is the modifier in range band b (distance < 6, < 12,
// < 18, < 24 cells); kOutOfRange is the table's "X".
struct DoubletapWeapon {
  static constexpr int kOutOfRange = 99;
  const char* name;  // as written in scenarios
  char letter;       // default label
  int attacks;
  std::array<int, 4> mods;
  bool specialist;  // Sniper and Hmg make their unit a Specialist
};
inline constexpr int kDoubletapWeapons = 8;
// Knife, Pistol, Shotgun, Smg, Carbine, Rifle, Hmg, Sniper (index 0 is the Knife).
const std::array<DoubletapWeapon, kDoubletapWeapons>& DoubletapWeapons();
inline constexpr int kDoubletapKnife = 0;

class DoubletapGame {
 public:
  static constexpr std::string_view kName = "doubletap";
  static constexpr int kMaxUnits = 20;
  static constexpr int kMaxPerSide = 10;
  static constexpr int kMaxGroups = 4;  // distinct targets of one attack (Smg, Hmg: 4)
  static constexpr uint16_t kNoCell = 0xFFFF;
  static constexpr uint8_t kNone = 0xFF;
  // Selections and targets point at the unit, destinations at the cell (ActionCell).
  static constexpr bool kHasActionCells = true;

  // Distances in cells (one cell is 2 inches).
  static constexpr int kMoveCells = 2;
  static constexpr int kRunCells = 4;
  static constexpr int kDodgeCells = 1;
  static constexpr int kHeroAuraCells = 3;

  enum Phase : uint8_t {
    // Decisions of the player whose turn it is (or, in a reaction move, of the reactor's).
    kSelect = 0,  // a unit to activate, or pass
    kKind,        // move / assault / run
    kDest,        // the destination cell
    kTiming,      // Move: shoot before or after moving
    kTarget,      // the next attack's target (non-decreasing), or hold fire
    // Decisions of the opponent.
    kReact,      // the reaction of unit `cursor`
    kDodgeMove,  // the dodge move of unit `cursor` (or stay)
    // Chance.
    kAttackRoll,  // successes of group `gcursor`
    kReactRoll,   // the test(s) of reactor `cursor`
    kBlock,       // block tests of `subject`: killed or saved
    kMorale,      // morale test of `subject`
    kReroll,      // the Hero's re-roll of a failed morale test
    kOver,
  };

  // Where the resolution of an activation stands (see Continue in doubletap.cc).
  enum Stage : uint8_t {
    kStageNone = 0,
    kStageAttackRolls,  // roll each target group
    kStageReactRolls,   // roll each reactor's shoot / melee / dodge test
    kStageTargets,      // block, morale and retreat of each target group
    kStageDodges,       // dodge moves
    kStageAttacker,     // hits on the activated unit from reactions
    kStageReactMoves,   // each Move reaction, as a small activation of its own
  };

  enum ActionKind : uint8_t { kMove = 0, kAssault = 1, kRun = 2 };
  enum Timing : uint8_t { kNoTiming = 0, kBefore = 1, kAfter = 2 };
  enum Reaction : uint8_t {
    kNoReaction = 0,
    kReactMove = 1,
    kReactDodge = 2,
    kReactShoot = 3,
    kReactMelee = 4,
  };

  // Per-unit flags: the reaction chosen in the current window, whether the unit has reacted
  // this enemy turn, and (only with an activation cap) its activations this turn.
  static constexpr uint8_t kReactionMask = 0x07;
  static constexpr uint8_t kReactedBit = 0x08;
  static constexpr int kCountShift = 4;

  // Everything that changes during a game. Canonical: fields that do not apply in the
  // current phase are zero (or kNone / kNoCell), destroyed units have cell kNoCell.
  struct State {
    uint16_t cell[kMaxUnits] = {};  // kNoCell: destroyed (or no such unit)
    uint16_t from = kNoCell;        // the acting unit's cell when it was activated
    uint16_t dest = kNoCell;        // its destination
    uint8_t flags[kMaxUnits] = {};
    uint8_t round = 1;   // 1..4
    uint8_t player = 0;  // whose turn it is
    uint8_t phase = kSelect;
    uint8_t stage = kStageNone;
    uint8_t points = 0;      // activation points left this turn
    uint8_t active = kNone;  // the acting unit (the reactor during a reaction move)
    uint8_t kind = kMove;
    uint8_t timing = kNoTiming;
    uint8_t ngroups = 0;               // target groups declared
    uint8_t assigned = 0;              // attacks assigned so far
    uint8_t cursor = 0;                // unit index: reactor / dodger / reaction mover
    uint8_t gcursor = 0;               // group index being rolled or resolved
    uint8_t target[kMaxGroups] = {};   // target unit per group, ascending
    uint8_t attacks[kMaxGroups] = {};  // attacks per group
    uint8_t mod[kMaxGroups] = {};      // die modifier per group, + kModBias
    uint8_t succ[kMaxGroups] = {};     // the group's successes, once rolled
    uint8_t cancel[kMaxGroups] = {};   // successes cancelled by the target's reaction
    uint8_t cover = 0;        // bit per group: the target is in cover (+1 to its block tests)
    uint8_t subject = kNone;  // the unit taking block / morale tests
    uint8_t hits_open = 0;    // the subject's hits still to test without cover
    uint8_t hits_cover = 0;   // ... and with cover
    uint8_t atk_open = 0;     // hits on the activated unit from reactions, without cover
    uint8_t atk_cover = 0;    // ... and in cover
    uint8_t took_hits = 0;    // the subject took hits: a morale test follows
    uint8_t sub = 0;          // 1 while a Move reaction is being played out
    friend bool operator==(const State&, const State&) = default;
  };
  static_assert(sizeof(State) == 104);
  static_assert(std::is_trivially_copyable_v<State>);
  static_assert(std::has_unique_object_representations_v<State>);
  static constexpr int kModBias = 8;

  // What the scenario says about one unit.
  struct Unit {
    int side = 0;
    int weapon = 5;  // index into DoubletapWeapons(), never the Knife
    bool hero = false;
    int quality = 4;  // succeeds on this or more
    char label = 'R';
    uint16_t start = kNoCell;
    int value = 10;  // points scored by destroying it
  };

  // Action encoding (docs/rulesets/doubletap.md). Cells are the cell index itself.
  static constexpr Action kSelectBase = 4096;  // + unit
  static constexpr Action kPass = 4096 + 64;
  static constexpr Action kKindBase = 4224;    // + Kind
  static constexpr Action kTimingBase = 4240;  // + Timing (kBefore, kAfter)
  static constexpr Action kTargetBase = 4352;  // + unit
  static constexpr Action kHoldFire = 4352 + 64;
  static constexpr Action kReactBase = 4480;    // + Reaction
  static constexpr Action kOutcomeBase = 8192;  // + value

  // --- Registration.
  static std::vector<ParamDef> ParamDefs();
  static std::string_view Description();
  static absl::StatusOr<std::shared_ptr<const DoubletapGame>> Create(
      const Params& params, std::string_view scenario_text);
  static absl::StatusOr<std::shared_ptr<const DoubletapGame>> CreateFromStrings(
      const std::map<std::string, std::string>& values, std::string_view scenario_text);
  // The built-in default scenario (rulesets/doubletap/scenarios/default.scn, compiled in).
  static std::string_view DefaultScenarioText();

  // --- The Ruleset concept.
  State InitialState() const;
  NodeKind Kind(const State& state) const {
    if (state.phase >= kAttackRoll) {
      return state.phase == kOver ? NodeKind::kTerminal : NodeKind::kChance;
    }
    return NodeKind::kDecision;
  }
  Player CurrentPlayer(const State& state) const;
  void LegalActions(const State& state, Player player, ActionList& actions) const;
  void ChanceOutcomes(const State& state, ChanceList& outcomes) const;
  void Apply(State& state, Action action) const;
  double Returns(const State& state, Player player) const;
  int Score(const State& state, Player player) const;
  int MaxGameLength() const;
  uint64_t InformationSetKey(const State& state, Player player) const;
  std::string ActionToString(const State& state, Player player, Action action) const;
  int ActionCell(const State& state, Player player, Action action) const;
  absl::StatusOr<Action> ParseAction(const State& state, Player player,
                                     std::string_view text) const;
  std::string StateToString(const State& state) const;
  absl::StatusOr<State> ParseState(std::string_view text) const;
  BoardView DescribeBoard(const State& state, Player viewer) const;
  std::vector<std::pair<std::string, int>> ResultMeasures(const State& before,
                                                          const State& after) const;

  // --- Scenario data and rules queries (tools, tests, the evaluator).
  int width() const { return width_; }
  int height() const { return height_; }
  int rounds() const { return rounds_; }
  int activation_cap() const { return activation_cap_; }
  const std::string& scenario_name() const { return scenario_name_; }
  int num_units() const { return static_cast<int>(units_.size()); }
  const Unit& unit(int u) const { return units_[u]; }
  const DoubletapWeapon& weapon(int u) const { return DoubletapWeapons()[units_[u].weapon]; }
  int CellIndex(int x, int y) const { return y * width_ + x; }
  int CellX(int c) const { return xs_[c]; }  // tables: no division in the hot path
  int CellY(int c) const { return ys_[c]; }
  bool IsCover(int c) const { return terrain_[c] == kCoverTerrain; }
  bool IsBlocking(int c) const { return terrain_[c] == kBlockingTerrain; }
  bool IsDifficult(int c) const { return terrain_[c] == kDifficultTerrain; }
  bool IsAlive(const State& state, int u) const { return state.cell[u] != kNoCell; }
  uint32_t side_mask(int side) const { return side_mask_[side]; }
  uint32_t AliveMask(const State& state) const;
  // Squared distance between two cells.
  int Distance2(int a, int b) const {
    const int dx = CellX(a) - CellX(b), dy = CellY(a) - CellY(b);
    return dx * dx + dy * dy;
  }
  // The range band (0..3) of a distance, or -1 beyond the last band.
  static int Band(int distance2);
  // The weapon modifier of unit u's ranged weapon at that distance, or kOutOfRange.
  int RangeModifier(int u, int distance2) const;
  // Terrain line of sight between two cells (blocking cells and cover cells not adjacent
  // to either end block it), and whether cell b is in cover seen from cell a.
  bool TerrainSight(int a, int b) const { return Bit(los_, a, b); }
  bool InCover(int a, int b) const { return Bit(cover_, a, b); }
  // Full line of sight: terrain, and no living unit other than `ignore_a`, `ignore_b` on the
  // line.
  bool Sees(const State& state, int a, int b, int ignore_a, int ignore_b) const;
  // Whether a unit of `side` other than `except` stands next to cell c (base contact).
  bool NextToSide(const State& state, int c, int side, int except = kNone) const;
  // Whether unit u (standing at cell c) may shoot unit t with its ranged weapon: u not in
  // melee, t not in melee with u's side, in range, in sight.
  bool CanShoot(const State& state, int u, int c, int t) const;
  // Whether a friendly Hero other than u is within 3 cells of u.
  bool HeroNear(const State& state, int u) const;
  // The probability-exact roll of `dice` Quality tests at `quality` with `modifier`.
  const DicePool& TestPool(int dice, int quality, int modifier) const;

 private:
  static constexpr uint8_t kOpenTerrain = 0;
  static constexpr uint8_t kCoverTerrain = 1;
  static constexpr uint8_t kBlockingTerrain = 2;
  static constexpr uint8_t kDifficultTerrain = 3;

  DoubletapGame() = default;
  friend class DoubletapScenarioBuilder;
  absl::Status Precompute();
  bool Bit(const std::vector<uint64_t>& table, int a, int b) const {
    return (table[static_cast<size_t>(a) * stride_ + (b >> 6)] >> (b & 63)) & 1;
  }

  // Decision lists per phase.
  void SelectActions(const State& state, ActionList& actions) const;
  void KindActions(const State& state, ActionList& actions) const;
  void DestActions(const State& state, ActionList& actions) const;
  void TargetActions(const State& state, ActionList& actions) const;
  void ReactActions(const State& state, ActionList& actions) const;
  void DodgeActions(const State& state, ActionList& actions) const;
  // Calls f(cell) for each cell, ascending, until f returns false. ForEachReachable: the free
  // cells unit u can reach (reach 0: a Move, 1: a Run, 2: a Dodge or retreat; its own cell
  // included, except for a Run; enemies block the way; never a cover cell).
  // ForEachDestination: where a move of `kind` may end (reaction moves are kMove).
  template <typename F>
  void ForEachReachable(const State& state, int u, int reach, F&& f) const;
  // The free cells unit u reaches with `reach`, from the bare-terrain window less the other
  // units' cells (exact unless an enemy stands close enough to block the way), and the
  // Chebyshev distance to the nearest enemy: one pass over the units answers both.
  struct FreeCells {
    bool exact;
    int nearest;
    int first;
    int count;
    uint64_t words[kMaxCells / 64];
  };
  void FindFreeCells(const State& state, int u, int reach, FreeCells& cells) const;
  // ForEachReachable over cells found by FindFreeCells.
  template <typename F>
  void ForEachFreeCell(const State& state, int u, int reach, const FreeCells& cells, F&& f) const;
  template <typename F>
  void ForEachDestination(const State& state, int u, int kind, F&& f) const;
  // The Assault destinations of unit u, not in base contact.
  template <typename F>
  void ForEachAssaultCell(const State& state, int u, F&& f) const;
  // The cell the acting unit attacks from.
  int AttackCell(const State& state) const;
  // The enemies (bit per unit, indices >= `first`) the acting unit may attack now; with
  // `any`, only the first of them (a test for whether there is one).
  uint32_t Targets(const State& state, int first, bool any = false) const;
  // The reactions open to opponent unit r against the declared action (bit per Reaction).
  uint32_t ReactionOptions(const State& state, int r) const;
  bool IsTarget(const State& state, int u, int* group) const;
  // The pool of the chance node `state` is at.
  const DicePool* PoolAt(const State& state) const;
  int ReactorModifier(const State& state, int r) const;

  // Transitions.
  void StartTurn(State& state) const;
  void EndTurn(State& state) const;
  void AfterDeclaration(State& state) const;
  void StartResolution(State& state) const;
  void Continue(State& state) const;
  // The first living opponent unit at or after `cursor` for which f(unit) holds, or -1;
  // f is only asked of units with a reaction pending (-1 at once when there is none).
  template <typename F>
  int NextReactor(const State& state, F&& f) const;
  void StartSubject(State& state, int u, int open, int covered) const;
  void FinishSubject(State& state) const;
  void Retreat(State& state, int u) const;
  void Destroy(State& state, int u) const;
  void ClearAction(State& state) const;
  void MoveActive(State& state) const;
  bool SideWiped(const State& state) const;

  absl::Status ValidateState(const State& state) const;
  int ParseCell(std::string_view text) const;

  // Parameters.
  int rounds_ = 4;
  int activation_cap_ = 0;  // 0: no cap
  int default_quality_ = 4;

  // Scenario.
  std::string scenario_name_;
  int width_ = 0;
  int height_ = 0;
  int deploy_depth_ = 6;
  std::vector<uint8_t> terrain_;
  std::vector<Unit> units_;

  // Precomputed.
  std::vector<int16_t> xs_, ys_;  // per cell
  std::array<uint32_t, 2> side_mask_{};
  int stride_ = 0;
  std::vector<uint64_t> los_;                       // bit b of row a: terrain line of sight a-b
  std::vector<uint64_t> cover_;                     // bit b of row a: b is in cover seen from a
  std::vector<std::array<int16_t, 8>> neighbours_;  // per cell, -1: off the board
  CellMask cover_cells_;
  // Move, Run and Dodge reach: the tables, and per start cell the cells reachable on the
  // bare terrain, cover excluded (exact when no enemy is within the move's length), as the
  // words [first, first + count) of a board-sized bitset stored from `offset` in
  // reach_words_: a few words span the move's rows, so the hot path masks out the occupied
  // cells word by word instead of testing cell by cell.
  struct ReachWindow {
    uint32_t offset = 0;
    uint16_t first = 0;
    uint16_t count = 0;
  };
  std::array<std::optional<ReachTable>, 3> reach_;
  std::array<std::vector<ReachWindow>, 3> reach_windows_;
  std::array<std::vector<uint64_t>, 3> reach_words_;
  // Test pools by (dice 1..4, quality 2..6, modifier -2..+2), and their chance lists.
  struct Roll {
    std::vector<ChanceOutcome> outcomes;
    std::optional<DicePool> pool;
  };
  static int RollKey(int dice, int quality, int modifier) {
    return ((dice - 1) * 5 + (quality - 2)) * 5 + (modifier + 2);
  }
  std::vector<Roll> test_rolls_;   // successes
  std::vector<Roll> block_rolls_;  // saved (1) or killed (0)
  const Roll& RollAtState(const State& state) const;
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_DOUBLETAP_DOUBLETAP_H_
