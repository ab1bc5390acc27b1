// brickaction: BrickAction Core Guide V1.1, a brick-built 20th-century skirmish of squads,
// three actions a turn, holds and reactive fire. Squads of regulars, a veteran, an officer
// (or a commander, a spotter or a commando) and a medic with Repeaters or a loadout of
// infantry weapons, bayonets, a grenade, rockets, rifle and smoke grenades; heavy support;
// vehicles (armour classes C1..H2 with a hull weapon or a turret, transports) with the armour
// table, infantry against armour, swarm, roadkill, disabled and vehicle cover; buildings with
// windows, elevation and corners. The rulings, every decision where they are silent, the
// decomposition into small decisions, the notation and what is not implemented yet are
// documented in docs/rulesets/brickaction.md.
//
// BrickactionGame holds what never changes in a game (map, terrain, squads, line of sight
// and cover between every ordered pair of cells, move reach tables, dice distributions); the
// State holds only what changes (196 bytes).
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
#include "engine/facing.h"
#include "engine/params.h"
#include "engine/reachability.h"
#include "engine/ruleset.h"
#include "engine/types.h"
#include "rulesets/brickaction/brickaction_edges.h"

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
  static constexpr int kRocketNear = 4;       // 16 studs: +2 dice
  static constexpr int kRocketRange = 12;     // 48 studs: +1 die
  static constexpr int kVehicleRange = 16;    // 64 studs: full dice, then long shots
  static constexpr int kMaxRockets = 3;       // per squad
  static constexpr int kFreeRocketClass = 5;  // M2: each vehicle from M2 up grants one
  static constexpr int kDismountCells = 3;    // 12 studs from the vehicle
  // The rifle grenade, 40-64 studs: +1 die within 10 cells; fired on its own (1 die and its
  // bonus, against a vehicle) one die fewer up to 16.
  static constexpr int kRifleGrenadeFull = 10;
  static constexpr int kRifleGrenadeMax = 16;
  static constexpr int kMaxRifleGrenades = 3;  // per squad
  // The smoke grenade, 40 studs: a 16 x 16-stud screen (4 x 4 cells) that blocks sight until
  // the end of the next action either player spends (State::smoke_age).
  static constexpr int kSmokeRange = 10;
  static constexpr int kSmokeSize = 4;
  static constexpr int kMaxSmokes = 3;  // per squad
  // Heavy support (65 points with its crew of 2 regulars): at most 2 dice for the crew, +2
  // dice (+3 with a third mini, the loader), 70 studs rounded down to 17 cells; it moves at
  // half speed with 2 minis, full speed with 3.
  static constexpr int kHeavySupportPoints = 65;
  static constexpr int kHeavySupportRange = 17;

  // Infantry weapons a squad's loadout may give some of its minis; the others carry
  // Repeaters. Listed in the order the survivors keep them when the squad has fewer minis
  // than weapons (the source: dropped weapons are picked up at no cost): the dearest first.
  enum InfantryWeapon : uint8_t {
    kSupport = 0,
    kSniper,
    kBattleRifle,
    kShotgun,
    kCarbine,
    kSmg,
    kNumInfantryWeapons
  };
  static constexpr std::array<const char*, kNumInfantryWeapons> kInfantryWeaponNames = {
      "support", "sniper", "battlerifle", "shotgun", "carbine", "smg"};
  static constexpr std::array<int, kNumInfantryWeapons> kInfantryWeaponPoints = {20, 15, 10,
                                                                                 10, 5,  0};
  // Per squad (docs/rulesets/brickaction.md): the shotgun's "(max 2)", one support weapon, two
  // sniper rifles (the second needs two veterans).
  static constexpr std::array<int, kNumInfantryWeapons> kMaxInfantryWeapons = {1, 2, 6, 2, 6, 6};
  using Loadout = std::array<uint8_t, kNumInfantryWeapons>;
  // 3 + at most 5 from a loadout (3 carbines, 2 shotguns, a support weapon) + a rocket's 2
  // (one single-use weapon an attack).
  static constexpr int kMaxAttackDice = 10;
  static constexpr int kMaxCloseDice = 8;  // 4 + veterans' 1 + carbines' 1 + shotguns' 2
  // A side's close-combat roll is one chance node up to 6 dice (196 (total, sixes, ones)); 7
  // dice have 288 outcomes, more than a chance node holds, so 7 or 8 dice roll in two nodes
  // (brickaction_close_roll.cc).
  static constexpr int kMaxWholeCloseDice = 6;
  // Close combat's +1s to the total: one per veteran (3 at most) and per bayonet (6).
  static constexpr int kMaxCloseModifier = 3 + 6;

  // Commanders: a squad's officer may be one (it counts as the officer). +1 to rally squads
  // of its side within its range; the general +1 action per turn.
  enum Commander : uint8_t { kNoCommander = 0, kFieldCommander, kRankingCommander, kGeneral };
  static constexpr std::array<const char*, 4> kCommanderNames = {"none", "field", "ranking",
                                                                 "general"};
  static constexpr std::array<int, 4> kCommanderPoints = {35, 50, 80, 100};  // the officer's 35
  static constexpr std::array<int, 4> kCommanderRange = {0, 8, 8, 10};       // 32, 32, 40 studs
  // The field and ranking commanders' bonus actions: 3 a game, one a turn (State::bonus).
  static constexpr int kBonusActions = 3;
  static constexpr uint8_t kBonusCountMask = 0x03;
  static constexpr uint8_t kBonusUsedBit = 0x80;  // used in this turn
  // The spotter (an officer): points, and the reactive fires of a sniper squad in one enemy
  // turn without it and with it (State::reacted).
  static constexpr int kSpotterPoints = 55;
  static constexpr int kSniperReactions = 1;
  static constexpr int kSpotterReactions = 2;
  // The commando (an officer): points, and its squad's specials, 3 a game (State::bonus, as
  // the commanders' bonus actions): the dash, a move of up to 24 studs (6 cells), and the
  // splits, one action in two halves, each a half move (2 cells) or an attack of at most 4 dice:
  // a half move then an attack, two half moves, or two attacks.
  static constexpr int kCommandoPoints = 45;
  static constexpr int kDashCells = 6;
  static constexpr int kDashes = 3;
  static constexpr int kSplitDice = 4;
  // The split's halves still to make, the one under way included: a half move (then an attack
  // with kSplitAttackBit), an attack, and a second one of the same kind (kSplitTwiceBit).
  static constexpr uint8_t kSplitMoveBit = 0x20;
  static constexpr uint8_t kSplitAttackBit = 0x40;
  static constexpr uint8_t kSplitTwiceBit = 0x10;
  static constexpr uint8_t kSplitBits = kSplitMoveBit | kSplitAttackBit | kSplitTwiceBit;
  // A split's attack fired a single-use weapon (one an action: not in its second attack).
  static constexpr uint8_t kSplitSingleUseBit = 0x08;

  // Vehicles: the source's armour table. Classes C1 C2 L1 L2 M1 M2 M3 H1 H2 (index 0..8),
  // weapons MG HMG LCannon HCannon LAP MAP HAP (index 0..6).
  static constexpr int kNumClasses = 9;
  static constexpr int kNumVehicleWeapons = 7;
  static constexpr std::array<const char*, kNumClasses> kClassNames = {"C1", "C2", "L1", "L2", "M1",
                                                                       "M2", "M3", "H1", "H2"};
  static constexpr std::array<const char*, kNumVehicleWeapons> kVehicleWeaponNames = {
      "MG", "HMG", "LCannon", "HCannon", "LAP", "MAP", "HAP"};
  // Damage capacity (the superscripts), speed in studs (cells: studs / 4, rounded down),
  // points.
  static constexpr std::array<int, kNumClasses> kCapacity = {1, 2, 3, 3, 3, 4, 4, 5, 5};
  static constexpr std::array<int, kNumClasses> kSpeedStuds = {36, 30, 28, 24, 20, 18, 16, 14, 12};
  static constexpr std::array<int, kNumClasses> kClassPoints = {55,  75,  90,  100, 120,
                                                                140, 165, 175, 200};
  // The Infantry Swarm row: 1 d6 per mini, the total against these.
  static constexpr std::array<int, kNumClasses> kSwarmThreshold = {6, 7, 8, 9, 10, 12, 14, 15, 16};
  static constexpr std::array<int, kNumVehicleWeapons> kWeaponDice = {2, 2, 3, 3, 3, 4, 4};
  static constexpr std::array<int, kNumVehicleWeapons> kWeaponPoints = {20, 30, 45, 60, 70, 80, 90};
  // The total a weapon's dice must meet against each class; 0: "-" (it cannot hurt it).
  static constexpr std::array<std::array<int, kNumClasses>, kNumVehicleWeapons> kThreshold = {{
      {9, 10, 11, 13, 14, 0, 0, 0, 0},      // MG
      {7, 8, 9, 10, 11, 13, 14, 0, 0},      // HMG
      {9, 10, 12, 14, 16, 17, 18, 19, 20},  // L Cannon
      {9, 9, 10, 11, 12, 13, 14, 15, 16},   // H Cannon
      {8, 8, 8, 10, 12, 13, 14, 15, 16},    // LAP
      {7, 7, 8, 10, 11, 12, 13, 14, 15},    // MAP
      {7, 7, 7, 9, 10, 11, 12, 13, 14},     // HAP
  }};
  // How the game is won (the scenario's `victory`): the central objective (the default), kills
  // with a side wiped out losing at once, the enemy's target unit destroyed, or every objective
  // activated by the scenario's attacker at once before the last turn ends (else the defender
  // wins), or the flag (the neutral one, or the enemy's) carried into the carrier's own
  // deployment zone.
  enum Victory : uint8_t {
    kObjectiveVictory = 0,
    kEliminateVictory,
    kTargetVictory,
    kCaptureVictory,
    kFlagVictory
  };
  static constexpr std::array<const char*, 5> kVictoryNames = {"objective", "eliminate", "target",
                                                               "capture", "flag"};

  static constexpr bool IsArmourPenetrator(int weapon) { return weapon >= 4; }
  static constexpr int SpeedCells(int vehicle_class) { return kSpeedStuds[vehicle_class] / 4; }

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
    kFacing,       // the moved vehicle's hull facing
    kTurret,       // the new facing of the active vehicle's turret (a turret action)
    kSmokeTarget,  // where the active squad's smoke screen lands (its top-left cell)
    // Chance.
    kRally,       // the rally roll of `sub`
    kAttackRoll,  // the ranged attack roll: natural 6s and other 4+
    kSaveRoll,    // save rolls (`side` says whose in close combat)
    kCcRoll,      // a close-combat roll of the attacker (side 0) or the target (side 1)
    kRollOff,     // the roll-off for the first turn (scenarios with `first rolloff`)
    kArmourRoll,  // the armour table: a vehicle weapon's or a swarm's dice against a vehicle
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
    kStageRoadkill,     // the enemy squads on the moved vehicle's path, from unit `cursor`
  };

  // The resolution in progress: who rolls against whom and how.
  enum Mode : uint8_t { kNoMode = 0, kFire, kReactFire, kHoldFire, kClose, kRoadkill };
  // The declared attack: fire (a squad's Repeaters, a vehicle's weapon), fire with the
  // grenade, close combat (against a vehicle: swarm), fire with a rocket or a rifle grenade.
  enum Weapon : uint8_t {
    kRepeaters = 0,
    kWithGrenade = 1,
    kCloseCombat = 2,
    kWithRocket = 3,
    kWithRifleGrenade = 4
  };
  static constexpr int kWeaponSlots = 8;  // target actions per unit (Weapon values, room to grow)
  // Not an attack: at phase kDest, the active squad's move is its commando's dash.
  static constexpr uint8_t kDashMove = 5;
  // Not an attack: at phase kDest, the cell where the active transport's squad dismounts.
  static constexpr uint8_t kDismountMove = 6;
  // Not an attack: at phase kDest, the active squad's move ends in full cover at a corner.
  static constexpr uint8_t kHideMove = 7;
  // The unit's actions (kAction), in action order.
  enum ActionKind : uint8_t {
    kMove = 0,
    kAttack,
    kProne,
    kRise,
    kRallyAction,
    kHoldAction,
    kTurretAction,
    kSmokeAction,
    kHide,            // a squad at a corner: take full cover behind it
    kPeek,            // and back to using it as hard cover
    kActivate,        // `victory capture`: the attacker's squad activates the objective
    kDashAction,      // the commando's squad: a move of up to kDashCells
    kSplitAction,     // the commando's squad: a half move, then an attack of up to kSplitDice
    kDismountAction,  // a transport: its squad gets out within kDismountCells
    kMoveHide,        // a Move onto a corner, declaring full cover as the squad arrives
    kSplitMoves,      // the commando's squad: two half moves
    kSplitAttacks     // the commando's squad: two attacks of up to kSplitDice each
  };
  // `victory capture`: objectives a scenario may have (State::captured has a bit each).
  static constexpr int kMaxObjectives = 8;

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
  // A vehicle's damage byte: the damage taken (low 4 bits), damaged in this player's turn,
  // disabled (2+ damage in one turn: barred from attacking in its owner's next turn).
  static constexpr uint8_t kDamageMask = 0x0F;
  static constexpr uint8_t kDamagedBit = 0x10;
  static constexpr uint8_t kDisabledBit = 0x20;

  // Everything that changes during a game. Canonical: fields that do not apply now are zero
  // (or kNone / kNoCell); destroyed units have cell kNoCell and no minis.
  struct State {
    uint16_t cell[kMaxUnits] = {};  // kNoCell: destroyed (or no such unit)
    uint16_t from = kNoCell;        // the active unit's cell before its move
    uint16_t spot = kNoCell;        // the destroyed unit's cell (reactive move)
    uint16_t smoke = kNoCell;       // the smoke screen's top-left cell (kNoCell: none)
    uint16_t full_cover = 0;        // bit u: squad u uses its corner for full cover
    // `victory flag`: where flag i lies while no squad carries it (i: the neutral flag 0, or
    // with a flag per side each player's own).
    uint16_t flag[2] = {kNoCell, kNoCell};
    // Dropped weapons (brickaction_dropped.cc): the cell + 1 where destroyed squad u's weapons
    // lie (0: none), and each squad's infantry weapons (PackLoadout: the scenario's and those
    // picked up; a destroyed squad's, those lying at its cell).
    uint16_t dropped[kMaxUnits] = {};
    uint16_t weapons[kMaxUnits] = {};
    uint8_t regulars[kMaxUnits] = {};
    uint8_t specialists[kMaxUnits] = {};  // kVeteran | kOfficer | kMedic, those alive
    uint8_t flags[kMaxUnits] = {};
    uint8_t acted[kMaxUnits] = {};  // actions this turn
    uint8_t hold[kMaxUnits] = {};
    uint8_t rockets[kMaxUnits] = {};  // squads: rockets left
    uint8_t damage[kMaxUnits] = {};   // vehicles: damage | kDamagedBit | kDisabledBit
    uint8_t facing[kMaxUnits] = {};   // vehicles: hull facing | turret facing << 4 (Facing)
    uint8_t bonus[kMaxUnits] = {};    // commanders: bonus actions left | kBonusUsedBit;
                                      // a commando: its specials left | kSplit*Bit
    uint8_t reacted[kMaxUnits] = {};  // sniper squads: reactive fires taken in this turn
    uint8_t cargo[kMaxUnits] = {};    // transports: the squad aboard + 1 (0: empty)
    uint8_t turn = 1;                 // 1..turns
    uint8_t player = 0;               // whose turn it is
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
    // Squads: rifle grenades left.
    uint8_t rifle_grenades[kMaxUnits] = {};
    // Squads: smoke grenades left; the smoke screen's thrower and age (1: standing; 2: the
    // next action is spent, the screen ends with it).
    uint8_t smokes[kMaxUnits] = {};
    uint8_t smoke_by = kNone;
    uint8_t smoke_age = 0;
    // `victory capture`: bit i set while the attacker holds objective i (it activated it and
    // the defender has not taken it back).
    uint8_t captured = 0;
    uint8_t carrier[2] = {kNone, kNone};  // `victory flag`: the squad carrying flag i
    // Bit u: squad u still rolls a roadkill save against the vehicle whose hold move the holds
    // loop just served (unit cursor - 1).
    uint8_t run_over = 0;
    friend bool operator==(const State&, const State&) = default;
  };
  static_assert(sizeof(State) == 200);
  static_assert(std::is_trivially_copyable_v<State>);
  static_assert(std::has_unique_object_representations_v<State>);

  // What the scenario says about one squad or vehicle.
  struct Unit {
    int side = 0;
    char label = 'A';
    int regulars = 4;
    uint8_t specialists = kVeteran;
    bool grenade = true;
    int rockets = 0;       // at the start, free ones included
    int free_rockets = 0;  // granted by the enemy's vehicles of class M2 or heavier
    int rifle_grenades = 0;
    int smokes = 0;
    Loadout weapons = {};          // how many minis carry each InfantryWeapon (the rest Repeaters)
    bool heavy_support = false;    // a heavy-support unit: its crew (regulars) serve one weapon
    int bayonets = 0;              // minis with a close-combat weapon or bayonet (besides a gun)
    int commander = kNoCommander;  // what its officer is
    bool spotter = false;          // its officer is a spotter instead
    bool commando = false;         // its officer is a commando instead
    uint16_t start = kNoCell;
    // Vehicles only (a vehicle has no minis, grenade or rockets).
    bool vehicle = false;
    int vehicle_class = 0;   // index into kClassNames
    int vehicle_weapon = 0;  // index into kVehicleWeaponNames
    bool turret = false;     // the weapon turns in a turret (else it fires along the hull)
    bool transport = false;  // it may carry one squad
    int start_facing = 0;    // hull (and turret) facing at the start
  };

  // Action encoding (docs/rulesets/brickaction.md). Destinations are the cell index itself.
  static constexpr Action kStay = 2048;
  static constexpr Action kSelectBase = 2100;  // + unit
  static constexpr Action kEndTurn = 2100 + kMaxUnits;
  static constexpr Action kActionBase = 2200;  // + ActionKind
  static constexpr Action kTargetBase = 2300;  // + unit * kWeaponSlots + Weapon
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
  static constexpr Action kFaceBase = 3000;        // + Facing (kFacing, kTurret)
  static constexpr Action kEmbarkBase = 3100;      // + the transport (kAction of a squad)
  static constexpr Action kPickUpBase = 3200;      // + InfantryWeapon (kAction of a squad)
  static constexpr Action kOutcomeBase = 1 << 20;  // + the pool's value

  // --- Registration.
  static std::vector<ParamDef> ParamDefs();
  static std::string_view Description();
  static absl::StatusOr<std::shared_ptr<const BrickactionGame>> Create(
      const Params& params, std::string_view scenario_text);
  static absl::StatusOr<std::shared_ptr<const BrickactionGame>> CreateFromStrings(
      const std::map<std::string, std::string>& values, std::string_view scenario_text);
  // The built-in default scenario (rulesets/brickaction/scenarios/default.scn, compiled in).
  static std::string_view DefaultScenarioText();
  // The built-in second scenario, a light vehicle per side and rockets
  // (rulesets/brickaction/scenarios/vehicles.scn, compiled in; the parameter scenario=vehicles).
  static std::string_view VehiclesScenarioText();
  // The built-in target scenario, won by destroying the enemy's target unit
  // (rulesets/brickaction/scenarios/target.scn, compiled in; the parameter scenario=target).
  static std::string_view TargetScenarioText();
  // The built-in capture scenario, player 0 to activate the objective
  // (rulesets/brickaction/scenarios/capture.scn, compiled in; the parameter scenario=capture).
  static std::string_view CaptureScenarioText();
  // The built-in capture-the-flag scenario (rulesets/brickaction/scenarios/flag.scn, compiled
  // in; the parameter scenario=flag).
  static std::string_view FlagScenarioText();
  // The built-in capture-the-flag scenario with a flag per side
  // (rulesets/brickaction/scenarios/flags.scn, compiled in; the parameter scenario=flags).
  static std::string_view FlagsScenarioText();

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
  Victory victory() const { return victory_; }
  // The target unit of `side` (`victory target`), or -1 when it has none.
  int TargetUnit(int side) const { return target_unit_[side]; }
  // The player who must activate the objectives (`victory capture`), or -1.
  int attacker() const { return attacker_; }
  // `victory capture` (brickaction_capture.cc): the scenario's objectives (1 but under
  // `victory capture`), the one whose zone (within 2 cells of its point; zones do not overlap)
  // holds cell c or -1, the minis of `side` in objective i's zone, and the distance from c to
  // the nearest objective `side` goes for (the attacker: one it does not hold; the defender:
  // one the attacker holds, else any).
  int num_objectives() const { return static_cast<int>(objectives_.size()); }
  int ObjectiveAt(int c) const;
  // Objective i's cell (the one at, or just above and left of, its point) and the distance in
  // cells from cell c's centre to its point.
  int ObjectiveCell(int i) const {
    return CellIndex(objectives_[i].first / 2, objectives_[i].second / 2);
  }
  double ObjectiveDistance(int c, int i) const {
    return std::hypot(2 * CellX(c) - objectives_[i].first, 2 * CellY(c) - objectives_[i].second) /
           2;
  }
  int MinisNearObjective(const State& state, int side, int i) const;
  double CaptureDistance(const State& state, int side, int c) const;
  // Every objective held by the attacker: it has won.
  bool AllCaptured(const State& state) const {
    return state.captured == (1u << objectives_.size()) - 1;
  }
  // The rows from cell c to `side`'s deployment zone (0 inside it): where its flag carrier
  // wins (`victory flag`).
  int HomeDistance(int side, int c) const {
    return side == 0 ? std::max(0, height_ - deploy_depth_ - CellY(c))
                     : std::max(0, CellY(c) - deploy_depth_ + 1);
  }
  bool AtHome(int side, int c) const { return HomeDistance(side, c) == 0; }
  // `victory flag` (brickaction_flags.cc): one neutral flag (flag 0), or a flag per side
  // (flag i is player i's, at its home cell at the start).
  bool flag_per_side() const { return flag_per_side_; }
  int num_flags() const { return victory_ != kFlagVictory ? 0 : flag_per_side_ ? 2 : 1; }
  // The flag `side` goes for: the neutral one, or the enemy's.
  int FlagSought(int side) const { return flag_per_side_ ? 1 - side : 0; }
  int FlagHome(int i) const { return flag_start_[i]; }
  // Flag i's cell: its carrier's, or where it lies (kNoCell without it).
  int FlagCell(const State& state, int i = 0) const {
    return state.carrier[i] != kNone ? state.cell[state.carrier[i]] : state.flag[i];
  }
  // The flag squad u carries, or -1.
  static int CarriedFlag(const State& state, int u) {
    return state.carrier[0] == u ? 0 : state.carrier[1] == u ? 1 : -1;
  }
  // The sides with a flag's carrier in their deployment zone (bit per side): they win.
  int FlagsHome(const State& state) const;
  // "the flag", or "player 1's flag".
  std::string FlagName(int i) const;
  const std::string& scenario_name() const { return scenario_name_; }
  int num_units() const { return static_cast<int>(units_.size()); }
  const Unit& unit(int u) const { return units_[u]; }
  int CellIndex(int x, int y) const { return y * width_ + x; }
  int CellX(int c) const { return c % width_; }
  int CellY(int c) const { return c / width_; }
  // On the board (a squad aboard a transport is not: it cannot act or be attacked).
  bool IsAlive(const State& state, int u) const { return state.cell[u] != kNoCell; }
  // Squad u is aboard a transport: off the board with minis (brickaction_transport.cc).
  static bool Aboard(const State& state, int u) {
    return state.cell[u] == kNoCell && Minis(state, u) > 0;
  }
  // Neither on the board nor aboard.
  static bool Destroyed(const State& state, int u) {
    return state.cell[u] == kNoCell && Minis(state, u) == 0;
  }
  // The transport carrying squad u, or -1.
  int Carrier(const State& state, int u) const;
  bool IsVehicle(int u) const { return units_[u].vehicle; }
  bool has_vehicles() const { return has_vehicles_; }
  // Whether a squad of the scenario carries smoke grenades (the position's `smoke=` word).
  bool has_smoke() const { return has_smoke_; }
  // Whether the smoke screen standing in `state` hides the cell `to` from `from`.
  bool SmokeBlocks(const State& state, int from, int to) const;
  // A vehicle's hull and turret facing, damage taken and damage capacity.
  static Facing Hull(const State& state, int u) { return static_cast<Facing>(state.facing[u] & 7); }
  static Facing TurretFacing(const State& state, int u) {
    return static_cast<Facing>(state.facing[u] >> 4);
  }
  static int Damage(const State& state, int u) { return state.damage[u] & kDamageMask; }
  int Capacity(int u) const { return kCapacity[units_[u].vehicle_class]; }
  // Whether vehicle u's weapon bears on cell `to`: the hull's front arc (90 degrees), or the
  // turret's arc after a free turn of at most 45 degrees.
  bool WeaponBears(const State& state, int u, int to) const;
  // The dice of unit u's attack on unit t with `weapon` now (Weapon), 0 when it cannot make
  // it: a squad's fire, grenade or rocket, a vehicle's weapon, a swarm (the dice summed on
  // the armour table); close combat between squads answers 1 when adjacent.
  int WeaponDice(const State& state, int u, int t, int weapon) const;
  // The dice of squad u's rifle grenade fired on its own at unit t (0: cannot).
  int RifleGrenadeAlone(const State& state, int u, int t) const;
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
  // A squad in a building firing out (from a window, or from the floor right behind one): the
  // windows on that side of the building (at most 7 counted), which limit its attack
  // modifiers to 2 each; 0 when it does not fire out of a building. Kept in Between's bits.
  static constexpr int kWindowShift = 4;
  static constexpr uint8_t kWindowMask = 0x70;
  int FiringWindows(int from, int to) const {
    return (Between(from, to) & kWindowMask) >> kWindowShift;
  }
  // Elevation: the shooter stands kHighGroundBlocks or more above the target (high ground:
  // +1 to one attack die; the target's hard cover and tree count for nothing from there).
  static constexpr uint8_t kHighGround = 0x80;
  static constexpr int kHighGroundBlocks = 5;
  static constexpr int kMaxHeight = 99;  // blocks
  // The elevation of cell c in blocks (the map's `hN` legend words; 0 without one).
  int Elevation(int c) const { return elevation_[c]; }
  // Whether squad u uses its corner for full cover (total cover from every side).
  static bool InFullCover(const State& state, int u) { return (state.full_cover >> u) & 1; }
  // The dice a ranged attack of unit u standing at its cell rolls at cell `to` (0: cannot).
  int AttackDice(const State& state, int u, int to, bool grenade) const;
  // Squad u's weapons with `minis` left (brickaction_weapons.cc): the ranged attack's dice at
  // squared distance d2 (before the grenade and rockets; 0: out of reach), its maximum range
  // in cells (the longest weapon's) and its close-combat dice. BaseDice: the unit's own dice
  // before weapon modifiers (1 a mini up to 3; a heavy-support crew's up to 2).
  // `weapons`: the squad's now (State::weapons) or, without it, the scenario's loadout.
  int LoadoutDice(const Loadout& weapons, int u, int minis, int d2) const;
  int LoadoutDice(const State& state, int u, int minis, int d2) const {
    return LoadoutDice(Weapons(state, u), u, minis, d2);
  }
  int LoadoutDice(int u, int minis, int d2) const {
    return LoadoutDice(units_[u].weapons, u, minis, d2);
  }
  int LoadoutRange(const Loadout& weapons, int u, int minis) const;
  int LoadoutRange(const State& state, int u, int minis) const {
    return LoadoutRange(Weapons(state, u), u, minis);
  }
  int LoadoutRange(int u, int minis) const { return LoadoutRange(units_[u].weapons, u, minis); }
  int BaseDice(int u, int minis) const;
  int CloseDice(const State& state, int u) const;
  // The +1s to squad u's close-combat total: its veterans' and its bayonets'.
  int CloseModifier(const State& state, int u) const;
  // Squad u's minis that roll attack dice (brickaction_specialists.cc): all but a living
  // spotter without a sniper rifle.
  int ArmedMinis(const State& state, int u) const;
  // The reactive fires squad u may take in one enemy turn: a sniper squad 1, 2 while its
  // spotter lives; other squads have no limit (kNone).
  int ReactiveLimit(const State& state, int u) const;
  // Transports (brickaction_transport.cc): squad u's `embark V` actions (a friendly empty
  // transport next to it), whether transport v may let its squad out now, the cells where it
  // may (kDismountCells from v, as a move), and the squad placed on the wreck of transport v.
  void EmbarkActions(const State& state, int u, ActionList& actions) const;
  bool CanDismount(const State& state, int v) const;
  CellMask DismountCells(const State& state, int v) const;
  void Embark(State& state, int u, int v) const;
  void Dismount(State& state, int cell) const;
  void BailOut(State& state, int v) const;
  absl::Status ValidateCargo(const State& state) const;
  // Dropped weapons (brickaction_dropped.cc). A loadout packed in 14 bits (State::weapons),
  // squad u's weapons now, whether it may pick up `weapon` from weapons lying on or next to
  // its cell now (a free action at its action node), and its weapons left on its cell as it
  // is destroyed (before the cell is cleared).
  static uint16_t PackLoadout(const Loadout& loadout);
  static Loadout UnpackLoadout(uint16_t packed);
  static Loadout Weapons(const State& state, int u) { return UnpackLoadout(state.weapons[u]); }
  bool CanPickUp(const State& state, int u, int weapon) const;
  void PickUpActions(const State& state, int u, ActionList& actions) const;
  void PickUp(State& state, int u, int weapon) const;
  void DropWeapons(State& state, int u) const;
  // Whether weapons may lie in this scenario (a squad has weapons that drop).
  bool has_drops() const { return has_drops_; }
  // Whether squad u may pick weapons up at all: not heavy support or a sniper squad.
  bool CanCarryPickups(int u) const;
  // The position's words for dropped and picked-up weapons (empty when there are none), their
  // parser (after the squads' words are parsed) and the checks of ParseState.
  std::string DroppedWords(const State& state) const;
  absl::Status ParseDroppedWords(std::string_view dropped, std::string_view picked,
                                 State& state) const;
  absl::Status ValidateDropped(const State& state) const;
  // Whether squad u may dash or split now (its commando alive, a special left, standing);
  // the caller checks that it may move.
  bool CanDash(const State& state, int u) const;
  // Whether squad u is making an attack of its commando's split (no close combat, at most
  // kSplitDice).
  static bool SplitAttack(const State& state, int u) {
    return (state.bonus[u] & (kSplitMoveBit | kSplitAttackBit)) == kSplitAttackBit;
  }
  // The actions `player` has in a turn: 3, 4 while its general lives.
  int ActionsPerTurn(const State& state, int player) const;
  // Squad u's rally modifier: its officer +1, a commander of its side within range +1, at
  // most +2.
  int RallyModifier(const State& state, int u) const;
  // The commander whose bonus action squad u may take now (the player's actions spent), or
  // -1: its own field commander's (a third action for the squad), else a ranking
  // commander's of its side.
  int BonusCommander(const State& state, int u) const;
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
  // Whether cell c's centre is within 2 cells of the objective point.
  bool NearObjective(int c) const;
  // Whether squad u may activate an objective now (`victory capture`): not suppressed, in the
  // objective's zone, no enemy mini there (not contested), and the objective not its side's
  // already (the attacker takes it, the defender takes it back).
  bool CanActivate(const State& state, int u) const;
  // The distance in cells from cell c's centre to the objective point.
  double ObjectiveDistance(int c) const { return ObjectiveDistance(c, 0); }
  // The pool of the chance node `state` is at.
  const DicePool& PoolAt(const State& state) const { return RollAt(state).pool; }

 private:
  static constexpr uint8_t kOpen = 0, kHard = 1, kTotal = 2, kSoft = 3, kTree = 4, kFloor = 5,
                           kWindow = 6, kCorner = 7;
  static constexpr int kNumTerrains = 8;

  BrickactionGame() = default;
  friend class BrickactionScenarioBuilder;
  absl::Status Precompute();
  // The most attack and close-combat dice a squad may roll with the weapons it may pick up
  // (raising *attack_dice and *close_dice, close combat at most kMaxCloseDice), and
  // how many pickups a game may have (brickaction_dropped.cc).
  void PickUpDiceLimits(int* attack_dice, int* close_dice);

  // Buildings (brickaction_buildings.cc): whether cell c is inside one (floor or window),
  // the windows on the side of window cell w, and the attack from `from` at `to` with its
  // modifiers (the dice beyond `base`, then the +1s to a die) limited by FiringWindows.
  bool InBuilding(int c) const;
  int WindowsOnSide(int w) const;
  void LimitModifiers(int from, int to, int base, int* dice, int* plus) const;
  // Whether the squad at `to` has its corner's hard cover from a shooter at `from` (not from
  // high ground).
  bool CornerCover(int from, int to) const;

  // Decision lists per phase.
  void FacingActions(const State& state, ActionList& actions) const;
  bool UnitCanAct(const State& state, int u) const;
  void UnitActions(const State& state, int u, ActionList& actions) const;
  void Destinations(const State& state, int u, ActionList& actions) const;
  void TargetActions(const State& state, int u, ActionList& actions) const;
  // One single-use weapon an action: drops them from a split's second attack (`actions`: its
  // targets) when its first fired one.
  void DropSingleUse(const State& state, int u, ActionList& actions) const;
  void HoldActions(const State& state, int u, ActionList& actions) const;
  void ReactiveActions(const State& state, ActionList& actions) const;
  void RemoveActions(const State& state, ActionList& actions) const;
  void ReactMoveActions(const State& state, ActionList& actions) const;
  void SmokeActions(const State& state, ActionList& actions) const;
  CellMask Reachable(const State& state, int u) const;
  // Whether squad u can move to a corner other than its own cell: `move hide`.
  bool HidingCorners(const State& state, int u) const;
  bool CanReactiveFire(const State& state, int r, int mover) const;
  bool CanHoldFire(const State& state, int h, int t) const;
  bool CanRepeaterFire(const State& state, int u, int t, int max_distance2) const;
  // Reactions with vehicles (brickaction_vehicle_reactions.cc), `mode` kReactFire or
  // kHoldFire: the weapon (Weapon) unit u fires at unit t when either is a vehicle, or -1
  // when none reaches; whether u may make that reaction now; whether a hold of squad or
  // vehicle u naming t may respond with fire; and vehicle v's hold move to cell `to`.
  int ArmourReactionWeapon(const State& state, int u, int t, int mode) const;
  bool CanArmourReact(const State& state, int u, int t, int mode) const;
  bool MayHoldFireAt(const State& state, int u, int t) const;
  void VehicleHoldMove(State& state, int v, int to) const;
  // Roadkill: the enemy squads on the straight line vehicle v drove from `from` (a mask), and
  // the save of one of them.
  uint8_t RunOver(const State& state, int v, int from) const;
  void StartRoadkill(State& state, int v, int u) const;

  // Transitions.
  void StartTurn(State& state) const;
  void EndTurn(State& state) const;
  void EndAction(State& state) const;
  // One of the player's actions, or a commander's bonus action once they are spent.
  void SpendAction(State& state, int u) const;
  void Continue(State& state) const;
  void StartFire(State& state, int att, int tgt, Mode mode) const;
  void StartClose(State& state) const;
  void StartSaves(State& state, int dice, int target, int modifier, int die_bonus,
                  bool natural) const;
  void NextRemoval(State& state) const;
  void RemoveMinis(State& state, int u, int count, uint8_t specialists_lost) const;
  void DamageVehicle(State& state, int u, int count) const;
  // Unit u left the board: the holds naming it stand down.
  void StandDownHoldsOn(State& state, int u) const;
  void AfterRemovals(State& state) const;
  void FinishResolution(State& state) const;
  // `victory flag`: a squad standing on a lying flag's cell picks it up, or returns its own
  // side's flag home; a destroyed carrier drops its flag on its cell.
  void PickUpFlag(State& state) const;
  void DropFlag(State& state, int u) const;
  // After a half of squad u's split: starts the next half and answers true, or clears the
  // split (false: the action ends).
  bool NextSplitHalf(State& state, int u) const;
  // Whether the game ends before its last turn: a side has no units left, or (`victory
  // target`) a target unit is destroyed.
  bool DecidedEarly(const State& state) const;
  // The save modifier on every die (capped), and how many dice get +1 (the tree, the medic).
  int SaveModifier(const State& state, int att, int tgt, int* die_bonuses) const;

  absl::Status ValidateState(const State& state) const;
  absl::Status ValidateFlags(const State& state) const;  // brickaction_flags.cc
  // The board's markers: each objective with its holder (brickaction_capture.cc), each flag
  // where it lies or is carried, with its owner (brickaction_flags.cc).
  void AddCaptureMarkers(const State& state, BoardView& view) const;
  void AddFlagMarkers(const State& state, BoardView& view) const;

  // Pools: (kind, parameters) -> index in pools_[kind]. Each chance phase rolls the pools of
  // one kind, so State::roll indexes that kind's pools only (a byte: no kind has more than
  // 138, the save pools with corners).
  enum RollKind : uint8_t {
    kAttackRollKind,
    kSaveRollKind,
    kRallyRoll,
    kCloseRollKind,
    kArmourRollKind,
    kNumRollKinds
  };
  static RollKind RollKindOf(int phase) {
    switch (phase) {
      case kRally:
        return kRallyRoll;
      case kSaveRoll:
        return kSaveRollKind;
      case kCcRoll:
        return kCloseRollKind;
      case kArmourRoll:
        return kArmourRollKind;
      default:  // kAttackRoll (the other phases roll no pool: State::roll is 0)
        return kAttackRollKind;
    }
  }
  // What a close-combat pool's outcome is: the side's whole roll (total, sixes, ones), or,
  // for more than kMaxWholeCloseDice dice, first its natural 6s and 1s (a pair), then the sum
  // of its other dice (2..5 each).
  enum ClosePart : uint8_t { kWholeCloseRoll = 0, kCloseNaturals, kCloseRest };
  struct Roll {
    DicePool pool;
    std::vector<ChanceOutcome> outcomes;
    int threshold = 0;                 // armour rolls: the total that forces a save
    ClosePart part = kWholeCloseRoll;  // close-combat rolls
  };
  const Roll& RollAt(const State& state) const {
    return pools_[RollKindOf(state.phase)][state.roll];
  }
  // An armour roll's value from its SumAndNaturals value.
  static int ArmourValue(int triple, int threshold) {
    return DicePool::PairValue(DicePool::TripleHighs(triple),
                               DicePool::TripleSum(triple) >= threshold ? 1 : 0);
  }
  // `plus`: +1s to different dice (the veteran, high ground); 2 only on a map with heights.
  int AttackPool(int dice, int plus) const { return attack_pool_[dice][plus]; }
  int SavePool(int dice, int target, int modifier, int bonus, bool natural) const;
  int RallyPool(int modifier) const { return rally_pool_[modifier]; }
  int ClosePool(int dice, int modifier) const { return close_pool_[dice][modifier]; }
  int AddPool(DicePool pool, RollKind kind, ClosePart part = kWholeCloseRoll);
  // Close combat's roll (brickaction_close_roll.cc). The pool a side of `dice` dice and
  // `modifier` rolls first: its whole roll, or its natural 6s and 1s (then the rest's pools).
  int AddClosePool(int dice, int modifier);
  // Applies a close-combat outcome to the rolling side's total, sixes and ones (State::side);
  // false when the rest of its dice roll next (state.roll is then their pool).
  bool ApplyCloseRoll(State& state, int value) const;
  std::string CloseOutcomeText(const State& state, int value) const;
  // The rest's outcome from the faces of the side's whole roll typed again (its 6s and 1s
  // must be those of the first part).
  absl::StatusOr<int> CloseRestOfFaces(const State& state, std::string_view faces) const;
  // Whether the close-combat node's pool is the one the rolling side rolls now, and the
  // side's fields fit it (nothing rolled yet, or the first part's 6s and 1s).
  bool CloseRollFits(const State& state) const;
  // The armour table's roll: `dice` d6 summed against `threshold`; the value is
  // DicePool::PairValue(natural 6s, 1 if the total meets the threshold).
  int ArmourPool(int dice, int threshold) const;
  int Threshold(int attacker, int target) const {
    return IsVehicle(attacker)
               ? kThreshold[units_[attacker].vehicle_weapon][units_[target].vehicle_class]
               : kSwarmThreshold[units_[target].vehicle_class];
  }

  // Parameters.
  int turns_ = 6;

  // Scenario.
  std::string scenario_name_;
  int width_ = 0;
  int height_ = 0;
  int num_cells_ = 0;
  int deploy_depth_ = 4;
  int points_ = 150;
  bool roll_off_ = false;  // the scenario asks for the roll-off (else player 0 goes first)
  int first_ = 0;
  Victory victory_ = kObjectiveVictory;
  std::array<int, 2> target_unit_ = {-1, -1};
  int attacker_ = -1;  // `victory capture`
  // The objective points in half cells (`victory capture` may have several; the first is the
  // objective of `victory objective`).
  std::vector<std::pair<int, int>> objectives_;
  std::array<uint16_t, 2> flag_start_ = {kNoCell, kNoCell};  // `victory flag`: flag i's start
  bool flag_per_side_ = false;
  std::vector<uint8_t> terrain_;
  std::vector<uint8_t> elevation_;  // blocks, per cell
  // The map character of each raised (terrain, height) pair, for the board's legend.
  std::map<std::pair<int, int>, char> raised_glyphs_;
  std::vector<Unit> units_;
  bool has_vehicles_ = false;
  bool has_smoke_ = false;
  bool has_drops_ = false;
  int max_close_dice_ = kMaxCloseDice;  // a pickup never makes close combat roll more
  int max_pickups_ = 0;                 // pickups in a game at most (MaxGameLength)

  // Precomputed.
  std::vector<uint8_t> between_;                              // num_cells^2
  std::optional<ReachTable> walk_;                            // 4 cells
  std::optional<ReachTable> crawl_;                           // 2 cells, prone
  std::optional<ReachTable> dash_;                            // kDashCells, with a commando
  std::optional<ReachTable> dismount_;                        // kDismountCells, transports
  std::array<std::optional<ReachTable>, kNumClasses> drive_;  // vehicles, by class
  CellMask vehicle_impassable_;
  CellMask impassable_;
  CellMask corners_;  // the `corner` cells
  bool has_corners_ = false;
  std::array<std::vector<Roll>, kNumRollKinds> pools_;
  std::array<std::array<int, 3>, kMaxAttackDice + 1> attack_pool_{};
  std::map<int, int> save_pool_;
  std::array<int, 3> rally_pool_{};
  std::array<std::array<int, kMaxCloseModifier + 1>, kMaxCloseDice + 1> close_pool_{};
  // Over kMaxWholeCloseDice: the natural 6s and 1s of `dice` dice, and the sum of the
  // `rest` dice that are neither (-1: not in the scenario).
  std::array<int, kMaxCloseDice + 1> close_naturals_pool_{};
  std::array<int, kMaxCloseDice + 1> close_rest_pool_{};
  bool split_close_rolls_ = false;  // a squad rolls more than kMaxWholeCloseDice
  std::map<int, int> armour_pool_;  // dice * 100 + threshold
  // Scenario: walls on cell edges (the hot path reads only the tables above).
  BrickactionWalls walls_;
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_BRICKACTION_BRICKACTION_H_
