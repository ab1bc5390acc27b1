// Every table of the "Machine Guns and Ballot Boxes, Quick Reference Sheets" as data
// (engine/rule_table.h): one row per line of the sheet, each with its citation. The rows
// and the decisions taken on ambiguous lines are listed in docs/rulesets/mgbb.md, "Tables".
//
// Every context is seen from one unit: the unit throwing the dice (or taking the action),
// and its opponent (the target, or the enemy in contact). A hits-received table adjusts the
// hits that unit inflicts on its opponent.
#ifndef SANDTABLE_RULESETS_MGBB_MGBB_TABLES_H_
#define SANDTABLE_RULESETS_MGBB_MGBB_TABLES_H_

#include <cstdint>

#include "engine/rule_table.h"
#include "rulesets/mgbb/mgbb_units.h"

namespace sandtable::mgbb {

// "mgbb: rulings", Combat: a unit throws 4 dice before the to-hit factors.
inline constexpr int kBaseDice = 4;
// "mgbb: rulings", Geometry and units: one cell is half an M.
inline constexpr int kCellsPerM = 2;

// The commander leading the unit.
struct Leader {
  CommanderTrait trait = CommanderTrait::kNone;
  bool in_command_distance = false;
};

// What the Common To Hit Factors read; the shooting, charging and hand-to-hand contexts
// extend it.
struct CombatContext {
  Unit unit;      // the shooters, chargers or fighters throwing the dice
  Unit opponent;  // their target or opponents, who take the hits
  Leader leader;
  bool nighttime = false;
  bool smoke = false;  // the unit or its opponent is under a smoke bombardment
};

enum class RangeBand : uint8_t { kShort, kLong };
enum class GasAttack : uint8_t { kNone, kFirstOfPlayer, kLaterOfPlayer };

struct ShootingContext : CombatContext {
  RangeBand range = RangeBand::kShort;
  bool shooter_in_terrain = false;
  bool shooter_in_fortification = false;
  bool target_in_terrain = false;  // not in terrain: in the open
  bool target_in_cover = false;
  bool target_fired_or_fired_upon = false;  // this shooting phase, before this shot
  bool returning_fire = false;              // not activated, answering an activated shooter
  bool zero_point_shot = false;             // Police electing to shoot for 0 action points
  bool crash_firing = false;                // horse artillery
  GasAttack gas = GasAttack::kNone;
};

// A charge or a hand-to-hand round.
struct MeleeContext : CombatContext {
  bool initiated_charge = false;  // the unit charged; otherwise its opponent did
  bool in_cover = false;
  bool in_terrain = false;  // fully or partly
  bool uphill = false;
  bool in_fortification = false;
  bool opponent_in_fortification = false;
  bool won = false;  // for hits received: the unit won, its opponent lost
};

enum class Action : uint8_t {
  kMove,
  kCharge,
  kTurn,
  kLimber,  // limber up or unlimber
  kDisengage,
  kFlee,
  kStayStationary,
  kShoot,
  kReturnFire,  // a unit not activated, shot at by an activated one
  kHandToHand,
};

struct ActionContext {
  Unit unit;
  Action action = Action::kMove;
  CommanderTrait leader = CommanderTrait::kNone;
  int move_cells = 0;
  bool through_terrain = false;  // any part of the move in or through terrain
  bool through_battlefield_defences = false;
  bool nearer_enemy = false;                 // the move ends nearer an enemy unit
  bool into_cover_or_fortification = false;  // the move ends in cover or fortifications
  bool defending_position = false;  // defending an obstacle, battlefield defences or fortifications
  bool zero_point_shot = false;     // Police electing to shoot for 0 action points
};

struct MovementContext {
  Unit unit;
  bool disengage = false;
  bool in_command_distance = true;  // at the start of the move
  bool in_or_through_terrain = false;
  bool fully_along_road = false;
};

struct InitiativeContext {
  int units_with_two_or_more_hit_tokens = 0;
  int qualifying_scouts = 0;  // in command radius, no friendly foot or cavalry forward of them
};

// The to-hit tables: the common one first, then the phase's.
const RuleTable<CombatContext>& CommonToHitFactors();
const RuleTable<ShootingContext>& ShootingToHitFactors();
const RuleTable<MeleeContext>& ChargingToHitFactors();
const RuleTable<MeleeContext>& HandToHandToHitFactors();

// The hits-received tables: the hits the unit inflicts on its opponent.
const RuleTable<ShootingContext>& ShootingHitsReceived();
const RuleTable<MeleeContext>& ChargeAndHandToHandHitsReceived();

// Action points: the sum of every row that holds.
const RuleTable<ActionContext>& ActionPointCosts();

// Movement in M: the first row of MovementDistances that holds, then the adjustments.
const RuleTable<MovementContext>& MovementDistances();
const RuleTable<MovementContext>& MovementAdjustments();

// Ranges in M, the first row that holds; a long range of 0 is "not allowed". No row: the
// unit cannot shoot.
const RuleTable<Unit>& ShortRanges();
const RuleTable<Unit>& LongRanges();

// The lowest d6 roll that activates the unit (1: automatic).
const RuleTable<Unit>& ActivationRolls();

// Added to the sum of the initiative dice.
const RuleTable<InitiativeContext>& InitiativeAdjustments();

// The tables combined as the sheets' notes say.
int ShootingDice(const ShootingContext& context);  // at least 1 die
int ChargeDice(const MeleeContext& context);       // at least 1 die
int HandToHandDice(const MeleeContext& context);   // at least 1 die
// At least one hit applied when any were scored; none when none were.
int ShootingHitsApplied(int hits_scored, const ShootingContext& context);
int MeleeHitsApplied(int hits_scored, const MeleeContext& context);
int ActionPoints(const ActionContext& context);
int MovementM(const MovementContext& context);  // any unit that may move, moves at least 1M
int InitiativeDice(int bases);  // bases excluding commanders and staff teams: ceil(/6), >= 1

}  // namespace sandtable::mgbb

#endif  // SANDTABLE_RULESETS_MGBB_MGBB_TABLES_H_
