// brickaction: BrickAction Core Guide V1.1, a brick-built 20th-century skirmish of squads,
// three actions a turn, holds and reactive fire. This is the infantry core: squads of
// regulars, a veteran, an officer and a medic with Repeaters and a grenade. The rulings, every
// decision where they are silent, the decomposition into small decisions, the notation and
// what is not implemented yet (vehicles, other weapons and specialists) are documented in
// docs/rulesets/brickaction.md.
//
// BrickactionGame holds what never changes in a game (map, terrain, squads, line of sight
// and cover between every ordered pair of cells, move reach tables, dice distributions); the
// State holds only what changes (90 bytes).
#ifndef SANDTABLE_RULESETS_BRICKACTION_BRICKACTION_H_
#define SANDTABLE_RULESETS_BRICKACTION_BRICKACTION_H_

#include <array>
#include <cmath>
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

class BrickactionGame {
 public:
  static constexpr std::string_view kName = "brickaction";
  static constexpr int kMaxUnits = 8;
  static constexpr int kMaxRegulars = 5;
  static constexpr uint16_t kNoCell = 0xFFFF;
  static constexpr uint8_t kNone = 0xFF;
  static constexpr bool kHasActionCells = true;

  // Distances in cells (4 studs each).
  static constexpr int kMoveCells = 4;        // 16 studs
  static constexpr int kRepeaterFull = 8;     // 32 studs: full dice
  static constexpr int kRepeaterMax = 16;     // 64 studs: one die fewer, then long shots
  static constexpr int kGrenadeRange = 10;    // 40 studs
  static constexpr int kHoldAttackRange = 4;  // 16 studs
  static constexpr int kActionsPerTurn = 3;
  static constexpr int kActionsPerUnit = 2;

  enum Phase : uint8_t {
    // Decisions.
    kSelect = 0,   // the player to move: a unit, or end the turn
    kAction,       // what the selected unit does
    kDest,         // the destination of its Move
    kTarget,       // the target of its Attack (fire, fire with the grenade, close combat)
    kHold,         // the enemy unit, trigger and response of its Hold
    kProneReact,   // the target's owner: go prone before the attack (officer's unit)
    kReactive,     // the mover's opponent: which unit takes reactive fire, or none
    kRemove,       // the owner of `subject`: which specialists are among the casualties
    kRepeat,       // the close-combat winner: repeat or stop
    kHoldMove,     // the owner of `sub`: its hold move (or stay)
    kReactMove,    // the owner of `sub`: its reactive move toward `spot` (or stay)
    kChooseFirst,  // the roll-off's winner (`player`): take the first turn or the second
    // Chance.
    kRally,       // the rally roll of `sub`
    kAttackRoll,  // the ranged attack roll: natural 6s and other 4+
    kSaveRoll,    // save rolls (`side` says whose in close combat)
    kCcRoll,      // a close-combat roll of the attacker (side 0) or the target (side 1)
    kRollOff,     // the roll-off for the first turn (scenarios with `first rolloff`)
    kOver,
  };
  static constexpr int kNumPhases = kOver + 1;

  // Where the current action stands (Continue in brickaction.cc).
  enum Stage : uint8_t {
    kStageNone = 0,
    kStageRally,        // the start-of-turn rally rolls, from unit `cursor`
    kStageMoveHolds,    // the holds triggered by the active unit's move, from unit `cursor`
    kStageAttackHolds,  // the holds triggered by its attack, from unit `cursor`
    kStageAttack,       // the declared attack itself
    kStageReactive,     // reactive fire at the active unit after its move
    kStageDone,         // the action is over once the resolution ends
  };

  // The resolution in progress: who rolls against whom and how.
  enum Mode : uint8_t { kNoMode = 0, kFire, kReactFire, kHoldFire, kClose };
  // The declared attack: fire, fire with the grenade, close combat.
  enum Weapon : uint8_t { kRepeaters = 0, kWithGrenade = 1, kCloseCombat = 2 };
  // The unit's actions (kAction), in action order.
  enum ActionKind : uint8_t { kMove = 0, kAttack, kProne, kRise, kRallyAction, kHoldAction };

  // Per-unit flag bits.
  static constexpr uint8_t kProneBit = 0x01;
  static constexpr uint8_t kSuppressedBit = 0x02;
  static constexpr uint8_t kGrenadeBit = 0x04;    // its grenade is not used yet
  static constexpr uint8_t kAttackedBit = 0x08;   // attacked in its owner's latest turn
  static constexpr uint8_t kHoldFiredBit = 0x10;  // its hold attack fired since its turn
  static constexpr uint8_t kBarredBit = 0x20;     // cannot attack this turn (hold fired)
  static constexpr uint8_t kToggledBit = 0x40;    // used the officer's free prone / rise
  static constexpr uint8_t kMedicSixBit = 0x80;   // its medic's save on a natural 6 is used
  // Specialist bits.
  static constexpr uint8_t kVeteran = 0x01;
  static constexpr uint8_t kOfficer = 0x02;
  static constexpr uint8_t kMedic = 0x04;  // counts as a veteran
  // A hold: the target unit + 1 in the low 4 bits (0: no hold), trigger and response bits.
  static constexpr uint8_t kHoldOnAttack = 0x10;  // else: on its move
  static constexpr uint8_t kHoldMoves = 0x20;     // else: fire

  // Everything that changes during a game. Canonical: fields that do not apply now are zero
  // (or kNone / kNoCell); destroyed units have cell kNoCell and no minis.
  struct State {
    uint16_t cell[kMaxUnits] = {};  // kNoCell: destroyed (or no such unit)
    uint16_t from = kNoCell;        // the active unit's cell before its move
    uint16_t spot = kNoCell;        // the destroyed unit's cell (reactive move)
    uint8_t regulars[kMaxUnits] = {};
    uint8_t specialists[kMaxUnits] = {};  // kVeteran | kOfficer | kMedic, those alive
    uint8_t flags[kMaxUnits] = {};
    uint8_t acted[kMaxUnits] = {};  // actions this turn
    uint8_t hold[kMaxUnits] = {};
    uint8_t turn = 1;    // 1..turns
    uint8_t player = 0;  // whose turn it is
    uint8_t left = kActionsPerTurn;
    uint8_t phase = kSelect;
    uint8_t stage = kStageNone;
    uint8_t active = kNone;  // the acting unit
    uint8_t target = kNone;  // its declared attack target
    uint8_t weapon = kRepeaters;
    uint8_t cursor = 0;   // next unit for the rally and hold loops
    uint8_t sub = kNone;  // the unit rallying, making a hold move or a reactive move
    uint8_t mode = kNoMode;
    uint8_t att = kNone;  // the resolution's attacker and target
    uint8_t tgt = kNone;
    uint8_t roll = 0;         // the chance node's pool (an index into the game's pools)
    uint8_t side = 0;         // close combat: whose roll or saves
    uint8_t saves = 0;        // save dice being rolled
    uint8_t subject = kNone;  // the unit whose casualties are being removed
    uint8_t cas_a = 0;        // casualties pending for att and tgt
    uint8_t cas_t = 0;
    uint8_t lost_a = 0;  // minis lost in this resolution (suppression)
    uint8_t lost_t = 0;
    uint8_t a_sum = 0, a_six = 0, a_one = 0;  // close combat: the attacker's roll
    uint8_t b_sum = 0, b_six = 0, b_one = 0;  // and the target's
    uint8_t kills[2] = {};                    // minis each player has killed
    uint8_t first = 0;                        // the player who took the first turn
    friend bool operator==(const State&, const State&) = default;
  };
  static_assert(sizeof(State) == 90);
  static_assert(std::is_trivially_copyable_v<State>);
  static_assert(std::has_unique_object_representations_v<State>);

  // What the scenario says about one squad.
  struct Unit {
    int side = 0;
    char label = 'A';
    int regulars = 4;
    uint8_t specialists = kVeteran;
    bool grenade = true;
    uint16_t start = kNoCell;
  };

  // Action encoding (docs/rulesets/brickaction.md). Destinations are the cell index itself.
  static constexpr Action kStay = 2048;
  static constexpr Action kSelectBase = 2100;  // + unit
  static constexpr Action kEndTurn = 2100 + kMaxUnits;
  static constexpr Action kActionBase = 2200;  // + ActionKind
  static constexpr Action kTargetBase = 2300;  // + unit * 4 + Weapon
  static constexpr Action kHoldBase = 2400;    // + unit * 4 + (on attack) * 2 + (moves)
  static constexpr Action kStand = 2500;       // kProneReact
  static constexpr Action kGoProne = 2501;
  static constexpr Action kReactBase = 2600;  // + unit
  static constexpr Action kNoReaction = 2600 + kMaxUnits;
  static constexpr Action kLoseBase = 2700;  // + the specialist bits lost (0..7)
  static constexpr Action kStop = 2800;
  static constexpr Action kRepeatCombat = 2801;
  static constexpr Action kGoFirst = 2900;  // kChooseFirst
  static constexpr Action kGoSecond = 2901;
  static constexpr Action kOutcomeBase = 1 << 20;  // + the pool's value

  // --- Registration.
  static std::vector<ParamDef> ParamDefs();
  static std::string_view Description();
  static absl::StatusOr<std::shared_ptr<const BrickactionGame>> Create(
      const Params& params, std::string_view scenario_text);
  static absl::StatusOr<std::shared_ptr<const BrickactionGame>> CreateFromStrings(
      const std::map<std::string, std::string>& values, std::string_view scenario_text);
  // The built-in default scenario (identical to rulesets/brickaction/scenarios/default.scn).
  static std::string_view DefaultScenarioText();

  // --- The Ruleset concept.
  State InitialState() const;
  NodeKind Kind(const State& state) const {
    if (state.phase >= kRally) {
      return state.phase == kOver ? NodeKind::kTerminal : NodeKind::kChance;
    }
    return NodeKind::kDecision;
  }
  Player CurrentPlayer(const State& state) const;
  void LegalActions(const State& state, Player player, ActionList& actions) const;
  void ChanceOutcomes(const State& state, ChanceList& outcomes) const;
  void Apply(State& state, Action action) const;
  double Returns(const State& state, Player player) const;
  int Score(const State& state, Player player) const { return state.kills[player]; }
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

  // --- Scenario data and rules queries (tools, tests, a future evaluator).
  int width() const { return width_; }
  int height() const { return height_; }
  int turns() const { return turns_; }
  bool roll_off() const { return roll_off_; }
  const std::string& scenario_name() const { return scenario_name_; }
  int num_units() const { return static_cast<int>(units_.size()); }
  const Unit& unit(int u) const { return units_[u]; }
  int CellIndex(int x, int y) const { return y * width_ + x; }
  int CellX(int c) const { return c % width_; }
  int CellY(int c) const { return c / width_; }
  bool IsAlive(const State& state, int u) const { return state.cell[u] != kNoCell; }
  static int Minis(const State& state, int u) {
    return state.regulars[u] + std::popcount(static_cast<unsigned>(state.specialists[u]));
  }
  int Distance2(int a, int b) const {
    const int dx = CellX(a) - CellX(b), dy = CellY(a) - CellY(b);
    return dx * dx + dy * dy;
  }
  // Terrain between two cells: line of sight (no total-cover cell crossed), and what cover
  // the unit at `to` has from a shooter at `from`.
  static constexpr uint8_t kSight = 1, kHardCover = 2, kSoftCover = 4, kTreeCover = 8;
  uint8_t Between(int from, int to) const { return between_[from * num_cells_ + to]; }
  // The dice a ranged attack of unit u standing at its cell rolls at cell `to` (0: cannot).
  int AttackDice(const State& state, int u, int to, bool grenade) const;
  // Whether unit a can attack unit b at all: line of sight, and neither prone behind hard
  // cover from the other (total cover).
  bool CanSee(const State& state, int a, int b) const;
  // Whether unit u may make a ranged attack (an Attack action) at unit t now.
  bool CanFireAt(const State& state, int u, int t) const;
  bool Adjacent(const State& state, int a, int b) const {
    return Distance2(state.cell[a], state.cell[b]) <= 2;
  }
  // The player who wins at a terminal state, or -1 for a draw.
  int Winner(const State& state) const;
  // Minis of `side` within 2 cells of the objective.
  int MinisOnObjective(const State& state, int side) const;
  // The distance in cells from cell c's centre to the objective point.
  double ObjectiveDistance(int c) const {
    return std::hypot(2 * CellX(c) - objective_x2_, 2 * CellY(c) - objective_y2_) / 2;
  }
  // The pool of the chance node `state` is at.
  const DicePool& PoolAt(const State& state) const { return pools_[state.roll].pool; }

 private:
  static constexpr uint8_t kOpen = 0, kHard = 1, kTotal = 2, kSoft = 3, kTree = 4, kFloor = 5,
                           kWindow = 6;
  static constexpr int kNumTerrains = 7;

  BrickactionGame() = default;
  friend class BrickactionScenarioBuilder;
  absl::Status Precompute();

  // Decision lists per phase.
  bool UnitCanAct(const State& state, int u) const;
  void UnitActions(const State& state, int u, ActionList& actions) const;
  void Destinations(const State& state, int u, ActionList& actions) const;
  void TargetActions(const State& state, int u, ActionList& actions) const;
  void HoldActions(const State& state, int u, ActionList& actions) const;
  void ReactiveActions(const State& state, ActionList& actions) const;
  void RemoveActions(const State& state, ActionList& actions) const;
  void ReactMoveActions(const State& state, ActionList& actions) const;
  CellMask Reachable(const State& state, int u) const;
  bool CanReactiveFire(const State& state, int r, int mover) const;
  bool CanHoldFire(const State& state, int h, int t) const;
  bool CanRepeaterFire(const State& state, int u, int t, int max_distance2) const;

  // Transitions.
  void StartTurn(State& state) const;
  void EndTurn(State& state) const;
  void EndAction(State& state) const;
  void Continue(State& state) const;
  void StartFire(State& state, int att, int tgt, Mode mode) const;
  void StartClose(State& state) const;
  void StartSaves(State& state, int dice, int target, int modifier, int die_bonus,
                  bool natural) const;
  void NextRemoval(State& state) const;
  void RemoveMinis(State& state, int u, int count, uint8_t specialists_lost) const;
  void AfterRemovals(State& state) const;
  void FinishResolution(State& state) const;
  bool SideWiped(const State& state) const;
  // The save modifier on every die (capped), and how many dice get +1 (the tree, the medic).
  int SaveModifier(const State& state, int att, int tgt, int* die_bonuses) const;

  absl::Status ValidateState(const State& state) const;

  // Pools: (kind, parameters) -> index in pools_.
  enum RollKind : uint8_t { kAttackRollKind, kSaveRollKind, kRallyRoll, kCloseRollKind };
  struct Roll {
    DicePool pool;
    RollKind kind;
    std::vector<ChanceOutcome> outcomes;
  };
  int AttackPool(int dice, bool bonus) const { return attack_pool_[dice][bonus ? 1 : 0]; }
  int SavePool(int dice, int target, int modifier, int bonus, bool natural) const;
  int RallyPool(int modifier) const { return rally_pool_[modifier]; }
  int ClosePool(int dice, int modifier) const { return close_pool_[dice][modifier]; }
  int AddPool(DicePool pool, RollKind kind);

  // Parameters.
  int turns_ = 6;

  // Scenario.
  std::string scenario_name_;
  int width_ = 0;
  int height_ = 0;
  int num_cells_ = 0;
  int deploy_depth_ = 4;
  int points_ = 150;
  int objective_x2_ = 0;  // the objective point in half cells
  int objective_y2_ = 0;
  bool roll_off_ = false;  // the scenario asks for the roll-off (else player 0 goes first)
  int first_ = 0;
  std::vector<uint8_t> terrain_;
  std::vector<Unit> units_;

  // Precomputed.
  std::vector<uint8_t> between_;     // num_cells^2
  std::optional<ReachTable> walk_;   // 4 cells
  std::optional<ReachTable> crawl_;  // 2 cells, prone
  CellMask impassable_;
  std::vector<Roll> pools_;
  std::array<std::array<int, 2>, 8> attack_pool_{};
  std::map<int, int> save_pool_;
  std::array<int, 3> rally_pool_{};
  std::array<std::array<int, 4>, 8> close_pool_{};
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_BRICKACTION_BRICKACTION_H_
