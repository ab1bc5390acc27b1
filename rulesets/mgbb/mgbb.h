// mgbb: "Machine Guns and Ballot Boxes", 20th-century colonial wars, coups and insurgencies,
// from its quick-reference sheets (every table as data, rulesets/mgbb/mgbb_tables.h) and the
// project's rulings, which supply the core rules: initiative, activation tokens and rolls,
// two action points per activated unit, shooting with return fire, charges and hand-to-hand,
// reform and disengagement, 8 turns around the polling station. The rules as implemented,
// the decomposition into small decisions, the notation and every decision where the sources
// are silent are in docs/rulesets/mgbb.md.
//
// MgbbGame holds what never changes in a game (map, units as the scenario gives them, move
// graphs, dice distributions); the State holds only what changes.
//
// The code is split by phase: mgbb.cc (creation, the turn sequence: initiative, activation,
// the action loop and its action points, moves, turns and limbering, reform, the result),
// mgbb_shooting.cc (line of sight, ranges, shooting and return fire), mgbb_melee.cc
// (charges, hand-to-hand, retreat and follow-up, disengagement), mgbb_text.cc (notation,
// position strings) and mgbb_board.cc (the board for the renderers).
#ifndef SANDTABLE_RULESETS_MGBB_MGBB_H_
#define SANDTABLE_RULESETS_MGBB_MGBB_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/board.h"
#include "engine/cell_mask.h"
#include "engine/dice_pool.h"
#include "engine/facing.h"
#include "engine/params.h"
#include "engine/reachability.h"
#include "engine/ruleset.h"
#include "engine/types.h"
#include "rulesets/mgbb/mgbb_scenario.h"
#include "rulesets/mgbb/mgbb_tables.h"
#include "rulesets/mgbb/mgbb_units.h"

namespace sandtable {

class MgbbGame {
 public:
  static constexpr std::string_view kName = "mgbb";
  static constexpr bool kHasActionCells = true;
  static constexpr int kMaxUnits = 24;  // both sides together
  static constexpr uint16_t kNoCell = 0xFFFF;
  static constexpr uint8_t kNone = 0xFF;

  // "mgbb: rulings".
  static constexpr int kActionPoints = 2;        // per activated unit
  static constexpr int kMaxTokensPerUnit = 3;    // activation tokens on one unit
  static constexpr int kCommandCells = 4;        // command distance, 2M
  static constexpr int kSupportCells = 4;        // a supporting unit is within 2M
  static constexpr int kDestroyedAt = 4;         // hit tokens
  static constexpr int kRetreatCells = 2;        // a melee loser retreats 2 cells straight back
  static constexpr int kDisengageCells = 2;      // 1M directly away from the enemy
  static constexpr int kOverheadClearCells = 2;  // overhead fire: target 2+ cells from friends
  // Decision: at most this many actions per activation (0-point actions included), so a
  // game has a bounded length.
  static constexpr int kMaxActionsPerActivation = 4;
  // The largest dice pool a unit can throw (4 + every addition on the sheets, well above).
  static constexpr int kMaxDice = 24;

  enum Phase : uint8_t {
    // Decisions (the player to move is State::player).
    kTokens = 0,  // assign one more activation token to a unit, or done
    kSelect,      // the next activated unit to act
    kOrder,       // what the active unit does next (Order), or end its activation
    kDest,        // the destination cell of its move
    kTarget,      // the target of its shot, charge or hand-to-hand
    kFacing,      // its new facing (a turn)
    kReturnFire,  // the target's owner: return fire at the shooter, or not
    kFollowUp,    // the melee winner's owner: follow up the retreating loser, or not
    kDisengage,   // reform: the owner of unit `cursor` disengages it, or not
    // Chance.
    kInitiative,      // who wins the initiative (ties re-thrown, folded into one node)
    kActivationRoll,  // one activation token of unit `cursor`: pass or fail
    kShotRoll,        // the shot (mode kShot, kSnap or kReturn) of `att` at `tgt`: hits scored
    kMeleeRoll,       // a charge or hand-to-hand round: `att`'s hits, then `tgt`'s (side)
    kOver,
  };
  static constexpr int kNumPhases = kOver + 1;

  // What an activated unit may do at kOrder.
  enum Order : uint8_t {
    kMove = 0,  // then kDest
    kCharge,    // then kTarget (the charger moves next to the target)
    kShoot,     // then kTarget
    kSnapShot,  // Police: shoot for 0 action points at half dice; then kTarget
    kMelee,     // hand-to-hand with an enemy in contact, 0 points; then kTarget
    kTurn,      // then kFacing
    kLimber,    // limber up or unlimber a gun
    kEnd,       // end the activation (spare points are lost)
    kNumOrders
  };

  // The resolution under way (State::mode).
  enum Mode : uint8_t { kNoMode = 0, kShot, kSnap, kReturn, kChargeRound, kMeleeRound };

  // Per-unit flag bits (State::flags).
  static constexpr uint8_t kLimberedBit = 0x01;
  static constexpr uint8_t kMovedLastTurnBit = 0x02;  // moved (or charged) in the previous turn
  static constexpr uint8_t kMovedBit = 0x04;          // moved (or charged) in this turn
  static constexpr uint8_t kActivatedBit = 0x08;      // passed its activation this turn
  static constexpr uint8_t kDoneBit = 0x10;           // its activation is over this turn
  static constexpr uint8_t kFiredBit = 0x20;          // fired or was fired upon this turn
  static constexpr uint8_t kReformedBit = 0x40;       // removed a token in this reform phase
  // An aircraft (a ground attack sortie) is never on the table: its cell is kNoCell, Alive()
  // is false, and its flags hold its sorties: called in this turn, in the last one and in
  // the one before ("at most 2 of any 3 turns"), with kActivatedBit, kDoneBit and kFiredBit
  // as for any unit.
  static constexpr uint8_t kCalledBit = 0x01;
  static constexpr uint8_t kCalledLastTurnBit = 0x02;
  static constexpr uint8_t kCalledTurnBeforeBit = 0x04;
  // Per-activation bits (State::did), of the active unit.
  static constexpr uint8_t kDidMove = 0x01;
  static constexpr uint8_t kDidTurn = 0x02;
  static constexpr uint8_t kDidMelee = 0x04;
  static constexpr uint8_t kDidLimber = 0x08;
  static constexpr uint8_t kDidAct = 0x10;  // took any action (the Rash stationary point)

  // Everything that changes during a game. Canonical: what does not apply now is zero (or
  // kNone / kNoCell); a destroyed unit has cell kNoCell and every other field zero; an
  // aircraft has cell kNoCell, its sortie's tokens and flags, every other field zero.
  struct State {
    uint16_t cell[kMaxUnits] = {};   // kNoCell: destroyed (or no such unit)
    uint8_t hits[kMaxUnits] = {};    // hit tokens, 0..3
    uint8_t facing[kMaxUnits] = {};  // Facing
    uint8_t flags[kMaxUnits] = {};
    uint8_t tokens[kMaxUnits] = {};  // activation tokens assigned and not yet thrown
    uint8_t turn = 1;                // 1..turns
    uint8_t phase = kTokens;
    uint8_t player = 0;      // who decides now (decision nodes)
    uint8_t initiative = 0;  // the side that won this turn's initiative
    uint8_t active = kNone;  // the unit taking its activation
    uint8_t ap = 0;          // its action points left
    uint8_t steps = 0;       // the actions it took in this activation
    uint8_t did = 0;         // kDid* bits of this activation
    uint8_t order = kEnd;    // the Order under way (kDest, kTarget, kFacing)
    uint8_t mode = kNoMode;  // the resolution under way
    uint8_t att = kNone;     // the resolution's shooter or charger, and its target
    uint8_t tgt = kNone;
    uint8_t dice = 0;           // the dice of the throw at a kShotRoll or kMeleeRoll node
    uint8_t side = 0;           // kMeleeRoll: 0 `att` throws, 1 `tgt` throws
    uint8_t scored = 0;         // kMeleeRoll side 1: the hits `att` scored
    uint8_t cursor = 0;         // the unit the activation-roll and disengage loops are at
    uint8_t destroyed[2] = {};  // enemy units each side has destroyed
    uint8_t gas_used = 0;       // bit per side: it has made its first gas attack
    uint8_t padding = 0;        // always 0: no hidden padding bytes (hashed as bytes)
    friend bool operator==(const State&, const State&) = default;
  };
  static_assert(sizeof(State) == 164);
  static_assert(std::is_trivially_copyable_v<State>);
  static_assert(std::has_unique_object_representations_v<State>);

  // Action encoding (docs/rulesets/mgbb.md, Notation). kDest: the cell index itself.
  static constexpr Action kSelectBase = 3000;  // + unit (kSelect)
  static constexpr Action kOrderBase = 3100;   // + Order (kOrder)
  static constexpr Action kTargetBase = 3200;  // + unit (kTarget)
  static constexpr Action kFaceBase = 3300;    // + Facing (kFacing)
  static constexpr Action kTokenBase = 3400;   // + unit (kTokens)
  static constexpr Action kTokensDone = 3500;  // (kTokens)
  static constexpr Action kYes = 3600;         // return fire, follow up, disengage
  static constexpr Action kNo = 3601;
  static constexpr Action kOutcomeBase = 1 << 20;  // + hits; + 1 pass / 0 fail; + winner

  // --- Registration.
  static std::vector<ParamDef> ParamDefs();
  static std::string_view Description();
  static absl::StatusOr<std::shared_ptr<const MgbbGame>> Create(const Params& params,
                                                                std::string_view scenario_text);
  static absl::StatusOr<std::shared_ptr<const MgbbGame>> CreateFromStrings(
      const std::map<std::string, std::string>& values, std::string_view scenario_text);

  // --- The Ruleset concept.
  State InitialState() const;
  NodeKind Kind(const State& state) const {
    if (state.phase >= kInitiative) {
      return state.phase == kOver ? NodeKind::kTerminal : NodeKind::kChance;
    }
    return NodeKind::kDecision;
  }
  Player CurrentPlayer(const State& state) const {
    switch (Kind(state)) {
      case NodeKind::kDecision:
        return state.player;
      case NodeKind::kChance:
        return kChancePlayer;
      default:
        return kNoPlayer;
    }
  }
  void LegalActions(const State& state, Player player, ActionList& actions) const;
  void ChanceOutcomes(const State& state, ChanceList& outcomes) const;
  void Apply(State& state, Action action) const;
  double Returns(const State& state, Player player) const;
  int Score(const State& state, Player player) const { return state.destroyed[player]; }
  int MaxGameLength() const;
  uint64_t InformationSetKey(const State& state, Player player) const;
  // mgbb_text.cc.
  std::string ActionToString(const State& state, Player player, Action action) const;
  absl::StatusOr<Action> ParseAction(const State& state, Player player,
                                     std::string_view text) const;
  std::string StateToString(const State& state) const;
  absl::StatusOr<State> ParseState(std::string_view text) const;
  std::vector<std::pair<std::string, int>> ResultMeasures(const State& before,
                                                          const State& after) const;
  // mgbb_board.cc.
  BoardView DescribeBoard(const State& state, Player viewer) const;
  int ActionCell(const State& state, Player player, Action action) const;

  // --- Scenario data (tools, tests, the evaluator).
  const mgbb::Scenario& scenario() const { return scenario_; }
  int width() const { return scenario_.width; }
  int height() const { return scenario_.height; }
  int turns() const { return scenario_.turns; }
  bool nighttime() const { return scenario_.nighttime; }
  int num_units() const { return static_cast<int>(scenario_.units.size()); }
  // The unit as the scenario gives it (hits, limbered and moved at the start).
  const mgbb::Unit& unit(int u) const { return scenario_.units[u].unit; }
  int side(int u) const { return static_cast<int>(unit(u).side); }
  // The units of the other side than u's, bit per unit (living or not).
  uint32_t EnemiesOf(int u) const { return units_of_side_[1 - side(u)]; }
  // "g1", "g2", ... for the government's units in scenario order, "i1", ... for the
  // insurgents'.
  const std::string& UnitName(int u) const { return names_[u]; }
  int commander(int side) const { return commander_[side]; }
  int CellIndex(int x, int y) const { return y * width() + x; }
  int CellX(int c) const { return c % width(); }
  int CellY(int c) const { return c / width(); }
  Cell CellOf(int c) const { return cell_at_[c]; }  // a table: no division in the hot path
  const mgbb::MapCell& MapAt(int c) const { return scenario_.cells[c]; }
  bool IsObjective(int c) const { return MapAt(c).objective; }
  // The polling station's cells, ascending.
  const std::vector<int>& objective_cells() const { return objective_cells_; }
  bool HasSmoke(int c) const { return smoke_.Test(c); }
  bool HasGas(int c) const { return gas_.Test(c); }
  int Distance2(int a, int b) const { return DistanceSquared(CellOf(a), CellOf(b)); }

  // --- Rules queries shared by the phases (mgbb.cc unless noted).
  // On the table: not destroyed, and not an aircraft.
  static bool Alive(const State& state, int u) { return state.cell[u] != kNoCell; }
  bool IsAircraft(int u) const { return unit(u).type == mgbb::UnitType::kGroundAttackAircraft; }
  // u is an aircraft of `side` that may be called this turn: not yet called, and not called
  // in both of the last two turns.
  bool MayCallSortie(const State& state, int u, int side) const;
  static Facing FacingOf(const State& state, int u) { return static_cast<Facing>(state.facing[u]); }
  // The unit record now: the scenario's with the state's hit tokens, limbered and
  // moved-last-turn flags.
  mgbb::Unit UnitNow(const State& state, int u) const;
  // Its commander's trait and whether u is within command distance of it (a commander is
  // within its own; with the commander destroyed no unit is).
  mgbb::Leader LeaderOf(const State& state, int u) const;
  // The living unit on cell c, or kNone.
  int UnitAt(const State& state, int c) const;
  // An enemy unit is next to u (8 neighbours): u is in contact.
  bool InContact(const State& state, int u) const;
  // An enemy of u stands on `cell` or next to it.
  bool NextToEnemy(const State& state, int u, int cell) const;
  // The action context of u taking `action` now (unit, leader trait), path facts unset.
  mgbb::ActionContext ActionContextOf(const State& state, int u, mgbb::Action action) const;
  // The common part of u's combat context against `opponent` (unit records, leader,
  // nighttime, smoke on either cell).
  mgbb::CombatContext CombatContextOf(const State& state, int u, int opponent) const;
  // Hit tokens on u; at kDestroyedAt it is destroyed (counted for the enemy).
  void AddHits(State& state, int u, int hits) const;
  void Destroy(State& state, int u) const;
  // The current action is resolved: back to the active unit's kOrder node, or its
  // activation ends (no points or actions left, or it was destroyed), and play goes on.
  void FinishAction(State& state) const;
  // At a kShotRoll or kMeleeRoll node, numbers of hits that lead to the same position (a
  // floor of one hit, a unit destroyed either way) are one outcome, named by the fewest: the
  // outcome `hits` belongs to.
  Action HitsOutcome(const State& state, int hits) const;
  // The exact distribution of the hits `dice` dice (1..kMaxDice) score, 5 or 6 each.
  const DicePool& HitPool(int dice) const { return hit_pools_[dice]; }
  // The initiative: side's dice (InitiativeDice of its units other than commanders and staff
  // teams) and the adjustment to its total (InitiativeAdjustments).
  int InitiativeDiceOf(const State& state, int side) const;
  int InitiativeAdjustmentOf(const State& state, int side) const;
  // P(government wins the initiative), ties thrown again: exact.
  Probability GovernmentInitiative(const State& state) const;
  // The cells u may move to now for the points it has left (its cell excluded; a move
  // never ends in contact), and the action points of the move to `dest`, the cheapest
  // path's, whatever the points left; -1 when it cannot get there.
  CellMask MoveDestinations(const State& state, int u) const;
  bool CanMove(const State& state, int u) const;
  int MoveCost(const State& state, int u, int dest) const;

  // Shooting (mgbb_shooting.cc). A clear line of fire from u's cell to t's: centre to
  // centre, not through terrain cells other than the two units' own, nor through units
  // (artillery fires overhead at a target kOverheadClearCells or more from every unit of
  // its side).
  bool LineOfFire(const State& state, int u, int t) const;
  // The range band of u's shot at t, or no shot (beyond long range, no range, not in u's
  // front arc, no line of fire, limbered).
  std::optional<mgbb::RangeBand> ShotBand(const State& state, int u, int t) const;
  // The full shooting context of u at t (mode: kShot, kSnap or kReturn).
  mgbb::ShootingContext ShootingContextOf(const State& state, int u, int t, Mode mode) const;
  // The targets of the active unit's shot (`mode` kShot or kSnap) as kTargetBase + unit.
  void ShotTargets(const State& state, int u, ActionList& actions) const;
  bool CanShoot(const State& state, int u) const;
  // The active unit shoots at t: the kShotRoll node.
  void StartShot(State& state, int t, Mode mode) const;
  // What each number of hits (0 .. effects.size() - 1) does at this kShotRoll node: equal
  // values lead to the same position.
  void ShotEffects(const State& state, std::span<int> effects) const;
  // The kShotRoll outcome: hits applied; then return fire (kReturnFire) or FinishAction.
  void ApplyShotRoll(State& state, int hits) const;
  void ApplyReturnFire(State& state, bool fire) const;

  // Melee (mgbb_melee.cc). Charge targets (kTargetBase + unit): enemies the active unit can
  // reach a free cell next to within its move and its points; hand-to-hand targets: enemies
  // in contact.
  void ChargeTargets(const State& state, int u, ActionList& actions) const;
  // Where next to an enemy u's charge may end now for the points it has left (as a move, but
  // it ends in contact and is priced as a charge), and the points of the charge ending on
  // `dest` (-1 also when no enemy is next to it).
  CellMask ChargeEnds(const State& state, int u) const;
  // The longest move u has now, in cells (by any kind of path it may take from its cell).
  int MaxMoveCells(const State& state, int u) const;
  int ChargeCost(const State& state, int u, int dest) const;
  bool CanCharge(const State& state, int u) const;
  void MeleeTargets(const State& state, int u, ActionList& actions) const;
  // The active unit charges t (moves next to it, pays the points) or fights it hand to
  // hand: the kMeleeRoll nodes.
  void StartCharge(State& state, int t) const;
  void StartMelee(State& state, int t) const;
  void ApplyMeleeRoll(State& state, int hits) const;
  // What each number of hits does at this kMeleeRoll node, as ShotEffects.
  void MeleeEffects(const State& state, std::span<int> effects) const;
  void ApplyFollowUp(State& state, bool follow) const;
  // Reform: the units that may disengage (vehicles, cavalry, scouts in contact that removed
  // no token, with a free cell 1M directly away), and the move itself.
  bool CanDisengage(const State& state, int u) const;
  void Disengage(State& state, int u) const;

 private:
  MgbbGame() = default;
  absl::Status PrepareMoves();  // Create: the move graphs, reach tables and points
  BoardView MapView() const;    // mgbb_board.cc: the table's part of every DescribeBoard
  // mgbb.cc: the turn sequence.
  void StartTurn(State& state) const;
  void AfterTokens(State& state) const;
  void NextActivationRoll(State& state) const;
  void NextActivation(State& state) const;
  void Reform(State& state) const;
  void NextDisengage(State& state) const;
  void EndTurn(State& state) const;
  bool GameOver(const State& state) const;
  void OrderActions(const State& state, ActionList& actions) const;
  // The orders the active unit may give now, bit (1 << Order) each; with `first_only` only
  // whether any but kEnd is allowed (the first found, kEnd left out).
  uint8_t AllowedOrders(const State& state, bool first_only) const;
  void MoveUnit(State& state, int u, int dest) const;
  // ShotEffects or MeleeEffects for the hits 0..dice of this node.
  void HitEffects(const State& state, std::span<int> effects) const;
  // CanMove for a living unit not in contact.
  bool MoveExists(const State& state, int u) const;
  // ChargeEnds(state, u) is not empty (it stops at the first end).
  bool HasChargeEnd(const State& state, int u) const;
  // The points of the cheapest move (or charge) to `dest`, -1 if none.
  int Cheapest(const State& state, int u, bool charge, int dest) const;
  void EndActivation(State& state) const;
  // Calls f(ends, points) for sets of cells u may move to now, each with the points of one
  // way there (a cell may come several times, by paths crossing different things; a set may
  // be empty), leaving out kinds of path that cost more than `max_points` (which f may lower
  // as it goes), and with `only_dest` >= 0 every other cell. A charge's ends are only the
  // cells next to an enemy.
  template <typename F>
  void ForEachMove(const State& state, int u, bool charge, const int& max_points, int only_dest,
                   F&& f) const;

  mgbb::Scenario scenario_;
  std::vector<Cell> cell_at_;  // by cell index
  // By cell index: the cell and its neighbours on the table, the cell repeated to fill 9.
  std::vector<std::array<uint16_t, 9>> around_;
  std::vector<std::string> names_;
  std::vector<int> objective_cells_;
  BoardView map_view_;
  int commander_[2] = {-1, -1};
  uint32_t units_of_side_[2] = {0, 0};  // bit per unit
  CellMask smoke_, gas_;
  CellMask cover_;  // terrain or fortification: a move into it pays for cover
  // By cell index: the cells a line of fire reaches without crossing a terrain cell.
  std::vector<CellMask> clear_of_terrain_;
  // By number of dice (0..InitiativeDice(kMaxUnits)): the ways to throw each sum.
  std::vector<std::vector<uint64_t>> initiative_sums_;
  std::vector<std::vector<uint64_t>> initiative_below_;  // [dice][k]: the ways to throw < k
  std::vector<DicePool> hit_pools_;                      // by number of dice, 0..kMaxDice (0 as 1)
  std::vector<std::vector<PoolOutcome>> hit_odds_;       // their distributions
  // Moves, by the kind of path: bit 0 it may cross terrain, bit 1 battlefield defences,
  // bit 2 it keeps to road cells. Per unit and kind, the reach table of its allowance (or -1:
  // no such path, or no move), and the points of a move by MoveBits.
  static constexpr int kPathKinds = 8;
  enum MoveBits : int {
    kViaTerrain = 1,
    kViaDefences = 2,
    kNearerEnemy = 4,
    kIntoCover = 8,
    kBeyond1M = 16,
    kNumMoveBits = 32
  };
  std::vector<ReachTable> reach_tables_;
  std::vector<std::array<int, kPathKinds>> reach_index_;     // per unit
  std::vector<std::array<int, kPathKinds>> reach_1m_index_;  // the same within 1M
  std::vector<std::array<int, kPathKinds>> allowance_;       // points (0: no such path)
  std::vector<std::array<int8_t, kNumMoveBits>> move_points_;
  std::vector<std::array<int8_t, kNumMoveBits>> charge_points_;  // nearer the enemy always
  std::vector<int> cheapest_move_, cheapest_charge_;             // their least rows
  // Per unit, the points to turn, to limber or unlimber, and to stand still (by whether it
  // defends a position), from the Action Point table.
  struct OrderPoints {
    int turn = 0;
    int limber = 0;
    int shoot = 0;
    int hand_to_hand = 0;
    int stationary[2] = {0, 0};
  };
  std::vector<OrderPoints> order_points_;
  // Per unit, its shooting ranges in cells (short -1: it cannot shoot; long 0: no long band).
  struct Ranges {
    int short_cells = -1;
    int long_cells = 0;
  };
  static Ranges RangesOf(const mgbb::Unit& unit);  // mgbb_shooting.cc
  std::vector<Ranges> ranges_;
  // Shooting (mgbb_shooting.cc): whether u may shoot at all now (alive, a shooter, not
  // limbered, not in contact), and the band of its shot at t if t is a target it could take.
  bool MayShootNow(const State& state, int u) const;
  bool ShooterReady(const State& state, int u) const;  // MayShootNow but for the contact
  // Some target u could take if it may shoot now (as ShotTargets, not asking MayShootNow).
  bool HasShotTarget(const State& state, int u) const;
  std::optional<mgbb::RangeBand> BandTo(const State& state, int u, int t) const;
  // Where a move may pass (no unit) and end (not next to an enemy of u's side; left empty
  // unless `no_stop`).
  struct Obstacles {
    CellMask blocked;
    CellMask no_stop;
  };
  Obstacles ObstaclesFor(const State& state, int u, bool no_stop) const;
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_MGBB_MGBB_H_
