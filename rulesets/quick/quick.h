// quick: QUICK (Quick Urban Integrated Combat Kriegsspiel) by Brian Train, introductory
// game: secretly selected action cubes on a hex map. The rulings, every decision where they
// are silent, the decomposition into small decisions, the notations and the position string
// are documented in docs/rulesets/quick.md.
//
// The Select Cubes phase is a simultaneous node; a side's Hand stays hidden from the
// opponent, who knows only what is public (Pool + Hand per colour, the Hand's size, every
// discard, the colour of every cube added to or removed from the Pool this round).
// QuickGame holds what never changes (map, terrain, objectives, unit profiles, distances,
// dice distributions); the State holds only what changes (128 bytes).
#ifndef SANDTABLE_RULESETS_QUICK_QUICK_H_
#define SANDTABLE_RULESETS_QUICK_QUICK_H_

#include <array>
#include <cstdint>
#include <memory>
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
#include "engine/types.h"

namespace sandtable {

class QuickGame {
 public:
  static constexpr std::string_view kName = "quick";
  static constexpr bool kHasSimultaneousNodes = true;
  static constexpr bool kHasHiddenInformation = true;
  // Unit choices point at the unit's hex, destinations, placements and retreats at theirs
  // (ActionCell), so the web board can be clicked.
  static constexpr bool kHasActionCells = true;

  static constexpr int kMaxUnits = 12;
  static constexpr int kMaxCells = 128;
  static constexpr int kHandSize = 4;
  static constexpr int kMaxDice = 16;
  static constexpr int kMaxPoolEvents = 16;
  static constexpr uint8_t kNone = 0xFF;
  static constexpr uint8_t kOff = 0xFE;  // an HQ or CP removed: returns next round

  enum UnitType : uint8_t { kHq = 0, kCp, kInfantry, kStryker, kTaskForce };
  enum Terrain : uint8_t { kOpen = 0, kUrban, kClose };
  enum Colour : uint8_t { kBlue = 0, kPink = 1 };
  enum Place : uint8_t { kPool = 0, kHand, kDiscard, kSupply, kRemoved, kPlaces };
  enum Enabler : uint8_t { kRecon = 0, kArtillery, kEngineer, kSupplyEnabler, kEnablers };
  // Where an Enabler is: a unit index (allocated), or one of these.
  static constexpr uint8_t kInSupply = 0xF0;
  static constexpr uint8_t kAvailable = 0xF1;
  static constexpr uint8_t kExhausted = 0xF2;

  enum Phase : uint8_t {
    kSelect = 0,     // simultaneous: blue cubes to take into the Hand
    kPlace,          // owner of unit `cursor` places it (returning HQ/CP)
    kWander,         // chance: CIV marker `cursor` wanders
    kInitiative,     // the Initiative holder: go first or second
    kChoose,         // `actor`: cube colour and action
    kClaim,          // `actor`: Popular Support option of Claim Initiative
    kPickUnit,       // Move one unit: which
    kPickFormation,  // Move a formation: which HQ
    kDest,           // unit `cursor` of the move: destination or stay
    kAttacker,       // Attack: which MU
    kTarget,         // Attack: which adjacent enemy unit
    kDefRoll,        // chance: the defender's losses on the attacker
    kLoss,           // the owner of unit `cursor` absorbs one of `losses`
    kCube,           // chance: a random cube of side `cube_side` leaves the game
    kAtkRoll,        // chance: the attacker's losses on the defender
    kAdvance,        // the attacker: advance into `vacated` or hold
    kAllocTo,        // Regroup allocate: Enabler `sub` to which unit
    kTransfer,       // Redeploy: which Enabler (or done)
    kTransferTo,     // Redeploy: Enabler `sub` to which unit
    kReviveUnit,     // Revive: which Reduced MU
    kReviveEnabler,  // Revive: which Exhausted Enabler (or done)
    kOver,
  };

  // Everything that changes. 128 bytes, no padding (hashed as bytes).
  struct State {
    uint64_t rubble[2] = {0, 0};      // bit per cell
    uint32_t pool_log[2] = {0, 0};    // this round's Pool events, 2 bits each: remove?, pink?
    uint16_t group = 0;               // units of the move still to decide
    uint16_t bonus = 0;               // units of the move that may move 2 hexes
    uint8_t cell[kMaxUnits] = {};     // cell, kOff, or kNone (removed for good)
    uint8_t reduced[kMaxUnits] = {};  // 1: Reduced
    uint8_t civ[kMaxUnits] = {kNone, kNone, kNone, kNone, kNone, kNone,
                              kNone, kNone, kNone, kNone, kNone, kNone};  // CIV markers' cells
    uint8_t enabler[2][kEnablers] = {};
    uint8_t cubes[2][kPlaces][2] = {};  // side, place, colour
    uint8_t spent[2][2] = {};           // cubes discarded this round, per colour
    uint8_t selected[2] = {0, 0};       // Hand size after this round's selection
    uint8_t log_len[2] = {0, 0};
    int8_t support[2] = {0, 0};
    uint8_t mus_removed[2] = {0, 0};  // enemy MUs each side has removed
    uint8_t round = 1;
    uint8_t phase = kSelect;
    uint8_t actor = 0;       // the side whose action it is
    uint8_t initiative = 0;  // the Initiative holder
    uint8_t transferred = 0;
    uint8_t cursor = kNone;
    uint8_t sub = 0;  // Enabler being moved; Revive: Enablers revived
    uint8_t attacker = kNone;
    uint8_t defender = kNone;
    uint8_t losses = 0;
    uint8_t stage = 0;  // combat: 1 attacker absorbs, 2 defender absorbs
    uint8_t retreated = 0;
    uint8_t vacated = kNone;
    uint8_t cube_side = 0;
    uint8_t transfers = 0;   // Redeploy transfers made
    uint8_t formations = 0;  // Redeploy: formations touched (bit per HQ rank)
    uint8_t spare[8] = {};
    friend bool operator==(const State&, const State&) = default;
  };
  static_assert(std::is_trivially_copyable_v<State>);
  static_assert(std::has_unique_object_representations_v<State>);

  struct Unit {
    uint8_t side = 0;
    uint8_t type = kInfantry;
    char label = 'A';
    uint8_t formation = kNone;  // MUs: their HQ's unit index; HQs: themselves
    uint8_t rank = 0;           // HQs: index among the side's HQs (Redeploy's formations)
  };

  // Top-level actions (phase kChoose): colour * kColourStride + kind.
  static constexpr Action kColourStride = 32;
  enum Kind : uint8_t {
    kPass = 0,
    kClaimInitiative = 1,
    kMoveOne = 2,
    kMoveFormation = 3,
    kMoveAll = 4,
    kAttack = 5,
    kRegroupEnabler = 6,    // + Enabler
    kRegroupCube = 10,      // + colour
    kRegroupAllocate = 12,  // + Enabler
    kRedeploy = 16,
    kReviveUnitKind = 17,
    kReviveEnablers = 18,
  };
  // Sub-decisions.
  static constexpr Action kStay = 200;  // kDest
  static constexpr Action kDone = 4;    // kTransfer, kReviveEnabler
  static constexpr Action kReduce = 4;  // kLoss: 0..3 exhaust Enabler
  static constexpr Action kRemove = 5;
  static constexpr Action kRetreatBase = 8;  // kLoss: + cell

  // --- Registration.
  static std::vector<ParamDef> ParamDefs();
  static std::string_view Description() {
    return "QUICK (Brian Train): secret action cubes, urban combat on a hex map";
  }
  static absl::StatusOr<std::shared_ptr<const QuickGame>> Create(const Params& params,
                                                                 std::string_view scenario_text);
  // Tests: parameters as strings.
  static absl::StatusOr<std::shared_ptr<const QuickGame>> CreateFromStrings(
      const std::map<std::string, std::string>& values, std::string_view scenario_text);
  // The built-in default scenario (rulesets/quick/scenarios/default.scn, compiled in).
  static std::string_view DefaultScenario();

  // --- The Ruleset concept.
  State InitialState() const;
  NodeKind Kind(const State& state) const;
  Player CurrentPlayer(const State& state) const;
  void LegalActions(const State& state, Player player, ActionList& actions) const;
  void ChanceOutcomes(const State& state, ChanceList& outcomes) const;
  void Apply(State& state, Action action) const;
  void ApplyJoint(State& state, JointAction joint) const;
  double Returns(const State& state, Player player) const;
  int Score(const State& state, Player player) const;
  int MaxGameLength() const;
  uint64_t InformationSetKey(const State& state, Player player) const;
  State Determinize(const State& state, Player player, Rng& rng) const;
  std::string DescribeHidden(const State& state, Player owner) const;
  std::string ActionToString(const State& state, Player player, Action action) const;
  absl::StatusOr<Action> ParseAction(const State& state, Player player,
                                     std::string_view text) const;
  std::string StateToString(const State& state) const;
  absl::StatusOr<State> ParseState(std::string_view text) const;
  BoardView DescribeBoard(const State& state, Player viewer) const;
  int ActionCell(const State& state, Player player, Action action) const;
  std::vector<std::pair<std::string, int>> ResultMeasures(const State& before,
                                                          const State& after) const;

  // --- Queries (evaluator, tests, board).
  int width() const { return width_; }
  int height() const { return height_; }
  int num_cells() const { return width_ * height_; }
  int num_units() const { return static_cast<int>(units_.size()); }
  int rounds() const { return rounds_; }
  bool support_victory() const { return support_victory_; }
  const Unit& unit(int u) const { return units_[u]; }
  const std::vector<uint8_t>& objectives() const { return objectives_; }
  int Distance(int a, int b) const { return dist_[a * kMaxCells + b]; }
  // Terrain for combat: Rubble counts as Close.
  int TerrainAt(const State& state, int cell) const;
  bool InCommand(const State& state, int u) const;
  // Bit u set: unit u of `side` is an MU or HQ in command.
  uint32_t CommandMask(const State& state, int side) const;
  bool IsManoeuvre(int u) const { return units_[u].type >= kInfantry; }
  int AttackPower(const State& state, int u, int target_cell) const;
  int DefencePower(const State& state, int u) const;
  int ObjectivesHeld(const State& state, Player side) const;
  int UnitAt(const State& state, int cell, bool manoeuvre) const;  // kNone if none
  int CellOf(int column, int row) const { return row * width_ + column; }
  std::string CellText(int cell) const;
  // The hidden part of a side's Hand that the opponent may still be holding: every blue
  // count of `side`'s Hand consistent with public information, and each one's weight.
  std::vector<std::pair<int, uint64_t>> HandCandidates(const State& state, Player side) const;

 private:
  friend class QuickScenarioBuilder;
  QuickGame() = default;
  absl::Status Precompute();
  // ParseState's check that a parsed state is one the rules can reach.
  absl::Status Validate(const State& state) const;

  int PoolTotal(const State& s, int side) const {
    return s.cubes[side][kPool][0] + s.cubes[side][kPool][1];
  }
  int HandTotal(const State& s, int side) const {
    return s.cubes[side][kHand][0] + s.cubes[side][kHand][1];
  }
  // Where the units are, per side and word of a 128-bit cell mask: any unit, MUs, HQs/CPs.
  struct Occupancy {
    uint64_t any[2][2] = {};
    uint64_t mu[2][2] = {};
    uint64_t hq[2][2] = {};
  };
  Occupancy Occupy(const State& state) const;
  // May unit `u` stop in `cell` (stacking, no enemy)? `cell` is not u's own.
  bool Enterable(const Occupancy& occupancy, int u, int cell) const;
  bool Enterable(const State& state, int u, int cell) const {
    return Enterable(Occupy(state), u, cell);
  }
  // The hexes unit `u` may move to, as a 128-bit mask.
  void DestinationMask(const State& state, const Occupancy& occupancy, int u, bool bonus,
                       uint64_t (&mask)[2]) const;
  void LossOptions(const State& state, ActionList& out) const;
  void ChooseActions(const State& state, ActionList& out) const;
  void AllocTargets(const State& state, int side, ActionList& out) const;
  void StartRound(State& state, int round) const;
  void AfterSelection(State& state) const;
  void NextPlacement(State& state) const;
  void NextWander(State& state, int from) const;
  void StartActions(State& state) const;
  void EndAction(State& state) const;
  void ApplyChoose(State& state, Action action) const;
  void NextMover(State& state) const;
  void RemoveUnit(State& state, int u) const;
  void AfterLoss(State& state) const;
  void EndCombat(State& state) const;
  void LogPool(State& state, int side, bool remove, int colour) const;
  int Loser(const State& state) const { return state.stage == 1 ? state.attacker : state.defender; }

  int width_ = 0;
  int height_ = 0;
  int rounds_ = 6;
  bool support_victory_ = false;
  std::vector<uint8_t> terrain_;
  std::vector<uint8_t> objectives_;
  std::vector<Unit> units_;
  std::vector<std::array<uint8_t, 6>> neighbours_;  // kHexDirections order, kNone off map
  std::vector<uint8_t> dist_;                       // kMaxCells x kMaxCells
  std::vector<std::vector<ChanceOutcome>> hits_;    // per dice count
  std::vector<DicePool> pools_;
  State initial_;
  uint8_t cp_[2] = {kNone, kNone};  // each side's CP, if any
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_QUICK_QUICK_H_
