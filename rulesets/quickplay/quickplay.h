// quickplay: the Quick Play Rules (brick-built 3-unit battle over strategic points, 6
// rounds). The rulings, the decomposition into decisions, the action notation and the
// position string are documented in docs/rulesets/quickplay.md.
//
// QuickplayGame holds everything that never changes in a game (map, terrain, unit
// profiles, line-of-sight and move-destination tables, chance distributions); the State
// holds only what changes and is 64 bytes. The hot path (LegalActions, Apply) does no
// geometry except the dynamic "does another unit stand on the line" test.
#ifndef SANDTABLE_RULESETS_QUICKPLAY_QUICKPLAY_H_
#define SANDTABLE_RULESETS_QUICKPLAY_QUICKPLAY_H_

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/board.h"
#include "engine/dice_pool.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "engine/square_grid.h"
#include "engine/types.h"

namespace sandtable {

enum class QuickplayUnitType : uint8_t { kRifleSquad = 0, kTank = 1, kBrassbounder = 2 };
inline constexpr int kQuickplayUnitTypes = 3;

struct QuickplayWeapon {
  const char* name;
  int dice;
  int faces;
  int range_bricks;  // 0: table range (unlimited)
};

struct QuickplayProfile {
  const char* name;  // as written in scenarios: rifle_squad, tank, brassbounder
  char letter;       // default label
  bool squad;        // false: vehicle
  int move_bricks;
  int armour;  // vehicles: a damage reroll must be greater than this
  bool ignores_impassable;
  int num_weapons;
  std::array<int, 2> weapons;  // indices into QuickplayWeapons()
};

// The weapons (rifles, cannon, mg, guns) and the three unit profiles of the source's table.
const std::array<QuickplayWeapon, 4>& QuickplayWeapons();
const QuickplayProfile& QuickplayProfileOf(QuickplayUnitType type);

class QuickplayGame {
 public:
  static constexpr std::string_view kName = "quickplay";
  static constexpr int kMaxUnits = 16;
  static constexpr int kMaxObjectives = 8;
  static constexpr int kRounds = 6;
  static constexpr int kMaxSquadSize = 9;
  static constexpr uint16_t kNoCell = 0xFFFF;
  static constexpr uint8_t kNone = 0xFF;
  // Selections point at the unit, moves and placements at the cell, shots at the target.
  static constexpr bool kHasActionCells = true;

  enum Phase : uint8_t {
    kDeploySelect = 0,  // alternate deployment: the player picks an undeployed unit
    kDeployPlace,       // ... and then its cell
    kSelect,            // the player picks an unactivated unit
    kActivation,        // move / shoot / end for the active unit
    kQualityCheck,      // chance: survivors of the active squad's Quality Check
    kHitRoll,           // chance: hits of the active unit's shot (after cover removal)
    kDamageRoll,        // chance: damaging rerolls against the vehicle target
    kOver,
  };

  // Done flags of the active unit.
  static constexpr uint8_t kMoved = 1;
  static constexpr uint8_t kShot = 2;

  // Everything that changes during a game. Canonical: fields that do not apply in the
  // current phase are zero / kNone, destroyed units have cell kNoCell and health 0.
  struct State {
    uint16_t cell[kMaxUnits] = {};   // cell index; kNoCell: not deployed yet, or destroyed
    uint16_t destroyed = 0;          // bit per unit
    uint16_t activated = 0;          // bit per unit: activated this round
    uint8_t health[kMaxUnits] = {};  // squad: models << 4 | wounded; vehicle: damage tokens
    uint8_t round = 0;               // 0 during deployment, then 1..6
    uint8_t phase = kSelect;
    uint8_t vp[2] = {0, 0};
    uint8_t player = 0;  // whose decision, or whose activation a chance node belongs to
    uint8_t active = kNone;
    uint8_t done = 0;  // kMoved | kShot
    uint8_t target = kNone;
    uint8_t weapon = 0;         // weapon slot of the active unit during the hit/damage rolls
    uint8_t hits = 0;           // hits waiting for the damage roll
    uint8_t spare[2] = {0, 0};  // keeps the struct free of padding (hashed as bytes)
    friend bool operator==(const State&, const State&) = default;
  };
  static_assert(sizeof(State) == 64);
  static_assert(std::is_trivially_copyable_v<State>);
  static_assert(std::has_unique_object_representations_v<State>);

  // What the scenario says about one unit.
  struct Unit {
    QuickplayUnitType type = QuickplayUnitType::kRifleSquad;
    int side = 0;
    char label = 'R';          // upper case for player 0, lower case for player 1
    uint16_t start = kNoCell;  // fixed deployment cell
  };

  // Action encoding (see docs/rulesets/quickplay.md).
  static constexpr Action kShootBase = 4096;     // + slot * 256 + target unit
  static constexpr Action kEndAction = 8192;     // end the activation
  static constexpr Action kSelectBase = 12288;   // + unit: activate / deploy this unit
  static constexpr Action kOutcomeBase = 16384;  // + count: a chance outcome
  // Moves and deployment placements are the destination cell index itself (< 4096).

  // --- Registration.
  static std::vector<ParamDef> ParamDefs();
  static std::string_view Description();
  static absl::StatusOr<std::shared_ptr<const QuickplayGame>> Create(
      const Params& params, std::string_view scenario_text);
  // Convenience for tests and tools: `key=value` strings resolved against ParamDefs().
  static absl::StatusOr<std::shared_ptr<const QuickplayGame>> CreateFromStrings(
      const std::map<std::string, std::string>& values, std::string_view scenario_text);
  // The built-in default scenario (rulesets/quickplay/scenarios/default.scn, compiled in).
  static std::string_view DefaultScenarioText();

  // --- The Ruleset concept.
  State InitialState() const;
  NodeKind Kind(const State& state) const {
    if (state.phase >= kQualityCheck) {
      return state.phase == kOver ? NodeKind::kTerminal : NodeKind::kChance;
    }
    return NodeKind::kDecision;
  }
  Player CurrentPlayer(const State& state) const {
    if (state.phase < kQualityCheck) return state.player;
    return state.phase == kOver ? kNoPlayer : kChancePlayer;
  }
  void LegalActions(const State& state, Player player, ActionList& actions) const;
  void ChanceOutcomes(const State& state, ChanceList& outcomes) const;
  void Apply(State& state, Action action) const;
  double Returns(const State& state, Player player) const;
  int Score(const State& state, Player player) const { return state.vp[player]; }
  int MaxGameLength() const;
  uint64_t InformationSetKey(const State& state, Player player) const;
  std::string ActionToString(const State& state, Player player, Action action) const;
  absl::StatusOr<Action> ParseAction(const State& state, Player player,
                                     std::string_view text) const;
  std::string StateToString(const State& state) const;
  absl::StatusOr<State> ParseState(std::string_view text) const;
  // Perfect information: every viewer sees the whole board.
  BoardView DescribeBoard(const State& state, Player viewer) const;
  std::vector<std::pair<std::string, int>> ResultMeasures(const State& before,
                                                          const State& after) const;
  int ActionCell(const State& state, Player player, Action action) const;

  // --- Scenario data, for tools, tests and evaluators.
  int width() const { return width_; }
  int height() const { return height_; }
  int cells_per_brick() const { return cells_per_brick_; }
  int squad_size() const { return squad_size_; }
  bool alternate_deployment() const { return alternate_deployment_; }
  const std::string& scenario_name() const { return scenario_name_; }
  int num_units() const { return static_cast<int>(units_.size()); }
  const Unit& unit(int u) const { return units_[u]; }
  // The unit whose one-letter label `word` is, or -1: every text that names a unit reads it
  // through this.
  int UnitLabelled(std::string_view word) const;
  const QuickplayProfile& profile(int u) const { return QuickplayProfileOf(units_[u].type); }
  const std::vector<uint16_t>& objectives() const { return objectives_; }
  int CellIndex(int x, int y) const { return y * width_ + x; }
  int CellX(int index) const { return index % width_; }
  int CellY(int index) const { return index / width_; }
  bool IsCover(int cell) const { return terrain_[cell] & kCoverBit; }
  bool IsImpassable(int cell) const { return terrain_[cell] & kImpassableBit; }
  // Bit j set when the cell is within S of strategic point j.
  uint8_t ObjectivesNear(int cell) const { return objectives_near_[cell]; }
  // Bricks scaled to cells.
  int Cells(int bricks) const { return bricks * cells_per_brick_; }

  // --- Rules queries (also used by the evaluator and the tests).
  static int Models(uint8_t health) { return health >> 4; }
  static int Wounded(uint8_t health) { return health & 15; }
  bool IsAlive(const State& state, int u) const { return !((state.destroyed >> u) & 1); }
  bool OnBoard(const State& state, int u) const {
    return IsAlive(state, u) && state.cell[u] != kNoCell;
  }
  // Whether `shooter` may shoot `target` with weapon slot `slot` (range and line of sight).
  bool CanShoot(const State& state, int shooter, int slot, int target) const;
  // Whether the centre-to-centre segment between two cells crosses no cover cell.
  bool ClearOfCover(int a, int b) const {
    return (los_bits_[static_cast<size_t>(a) * los_stride_ + (b >> 6)] >> (b & 63)) & 1;
  }
  // Whether the target is partly behind cover as seen from the shooter.
  bool PartlyBehindCover(int shooter_cell, int target_cell) const;
  // The strategic-point controllers of the current positions: +1 player 0, -1 player 1, 0.
  std::array<int, kMaxObjectives> Control(const State& state) const;

 private:
  static constexpr uint8_t kCoverBit = 1;
  static constexpr uint8_t kImpassableBit = 2;

  QuickplayGame() = default;
  friend class QuickplayScenarioBuilder;
  absl::Status Precompute();

  bool CanPlace(const State& state, int u, int cell) const;
  // LegalActions in phase kActivation, and in the phases other than kSelect.
  void ActivationActions(const State& state, ActionList& actions) const;
  void OtherActions(const State& state, Player player, ActionList& actions) const;
  // Whether one of the units `others` (a bit per unit) stands on the line between two cells.
  bool BlockedByUnit(const State& state, uint32_t others, int sx, int sy, int tx, int ty) const;
  void EndActivation(State& state) const;
  void NextTurn(State& state, int preferred) const;
  void EndRound(State& state) const;
  void Destroy(State& state, int u) const;
  void AfterResolution(State& state) const;
  // Key of the hit / damage / quality-check distribution tables.
  int HitKey(const State& state) const;
  int DamageKey(const State& state) const;
  // A chance node's dice: its pool and the outcomes that pool gives, built from the pool so
  // that ChanceOutcomes and "roll F F ..." agree.
  struct Roll {
    std::vector<ChanceOutcome> outcomes;
    std::optional<DicePool> pool;  // empty for keys no state reaches
  };
  static Roll MakeRoll(DicePool pool);
  // The roll of the chance node `state` is at; nullptr at decision and terminal nodes.
  const Roll* RollAt(const State& state) const;
  absl::StatusOr<Action> ParseRoll(const State& state, std::string_view faces) const;
  // The cell index of "x,y" on this board, or -1.
  int ParseCell(std::string_view text) const;
  absl::Status ValidateState(const State& state) const;

  // Parameters.
  int cells_per_brick_ = 1;
  int squad_size_ = 4;
  bool alternate_deployment_ = false;

  // Scenario.
  std::string scenario_name_;
  int width_ = 0;
  int height_ = 0;
  std::vector<uint8_t> terrain_;  // per cell: kCoverBit | kImpassableBit
  std::vector<Unit> units_;
  std::vector<uint16_t> objectives_;
  std::array<CellMask, 2> zones_;  // alternate deployment zones

  // Precomputed tables.
  std::vector<int16_t> x_;  // per cell
  std::vector<int16_t> y_;
  std::vector<uint8_t> objectives_near_;   // per cell
  std::vector<uint8_t> cover_neighbours_;  // per cell: bit d set when neighbour d is cover
  // Line of sight through terrain: bit b of row a set when the segment a-b crosses no
  // cover cell (a board-sized bitset per cell, so the table stays in cache).
  std::vector<uint64_t> los_bits_;
  int los_stride_ = 0;
  // Move destinations per unit type and start cell: moves_[type][offsets[cell]..offsets[cell+1]).
  struct MoveTable {
    std::vector<uint32_t> offsets;
    std::vector<Action> destinations;
    // index[cell * side^2 + (dy + r) * side + (dx + r)]: the position of the cell at offset
    // (dx, dy) in that cell's list, or kNotInList (side = 2r + 1, r = move_radius_).
    std::vector<uint16_t> index;
  };
  static constexpr uint16_t kNotInList = 0xFFFF;
  std::array<MoveTable, kQuickplayUnitTypes> moves_;
  std::array<int, kQuickplayUnitTypes> move_radius_{};  // move range in cells
  // Per unit type: each weapon slot's squared range in cells (unlimited: INT_MAX), and the
  // largest of them.
  std::array<std::array<int, 2>, kQuickplayUnitTypes> range2_{};
  std::array<int, kQuickplayUnitTypes> max_range2_{};
  std::array<uint16_t, 2> side_mask_{};  // bit per unit of each side
  // Chance distributions.
  std::vector<Roll> hit_rolls_;     // by HitKey
  std::vector<Roll> damage_rolls_;  // by DamageKey
  std::vector<Roll> qc_rolls_;      // by wounded * 16 + unwounded
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_QUICKPLAY_QUICKPLAY_H_
