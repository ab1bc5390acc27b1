#include "rulesets/mgbb/mgbb_tables.h"

#include <algorithm>
#include <functional>
#include <string>
#include <utility>

namespace sandtable::mgbb {
namespace {

template <typename C>
RuleRow<C> Row(std::string name, std::string citation, std::function<bool(const C&)> when,
               RuleEffect effect, std::function<int(const C&)> times = {}) {
  return {std::move(name), std::move(citation), std::move(when), effect, std::move(times)};
}

bool Is(const Unit& unit, UnitType type) { return unit.type == type; }
bool Is(const Unit& unit, UnitClass unit_class) { return unit.unit_class == unit_class; }
bool AssaultRifleOrSmg(const Unit& unit) {
  return unit.weapon == Weapon::kAssaultRifle || unit.weapon == Weapon::kSubMachineGun;
}
bool ScoutsOrArtillery(const Unit& unit) {
  return Is(unit, UnitType::kScouts) || Is(unit, UnitType::kArtillery);
}
bool FootVersusCavalry(const CombatContext& c) {
  return Is(c.unit, UnitType::kFoot) && Is(c.opponent, UnitType::kCavalry);
}
bool LedByCharismaticOrRash(const CombatContext& c) {
  return c.leader.in_command_distance && (c.leader.trait == CommanderTrait::kCharismatic ||
                                          c.leader.trait == CommanderTrait::kRash);
}
// Decision: as on the Charismatic or Rash line beside it, only within command distance.
bool LedByDefensive(const MeleeContext& c) {
  return c.leader.in_command_distance && c.leader.trait == CommanderTrait::kDefensive &&
         !c.initiated_charge;
}
// Shooters whose cover in terrain costs them dice (2/3 and 1/2 rows).
bool ShootingFromTerrain(const ShootingContext& c) {
  return !Is(c.unit, UnitType::kArtillery) && !Is(c.unit, UnitClass::kTribal) &&
         !Is(c.unit, UnitType::kVehicle) && c.shooter_in_terrain && !c.shooter_in_fortification;
}
bool FightingFromTerrain(const MeleeContext& c) {
  return c.in_terrain && !Is(c.unit, UnitType::kArtillery) && !Is(c.unit, UnitClass::kTribal) &&
         !Is(c.unit, UnitType::kScouts);
}
bool CavalryDefence(const MeleeContext& c) {
  return Is(c.unit, UnitType::kFoot) && c.unit.capabilities.cavalry_defence &&
         Is(c.opponent, UnitType::kCavalry) && !c.unit.moved_last_turn;
}
bool AntiTankDefenceVersusVehicles(const MeleeContext& c) {
  return c.unit.capabilities.infantry_anti_tank_defence && Is(c.opponent, UnitType::kVehicle);
}
bool AntiTankDefenceVersusOthers(const MeleeContext& c) {
  return c.unit.capabilities.infantry_anti_tank_defence && !Is(c.opponent, UnitType::kVehicle);
}
bool EngineersVersusFortifications(const MeleeContext& c) {
  return c.unit.capabilities.assault_engineers && c.opponent_in_fortification;
}
bool EngineersVersusOthers(const MeleeContext& c) {
  return c.unit.capabilities.assault_engineers && !c.opponent_in_fortification;
}
bool DefendingFortifications(const MeleeContext& c) {
  return c.in_fortification && !c.initiated_charge;
}
bool TwoRanks(const Unit& unit) { return unit.formation == Formation::k2R; }
bool VersusVehicles(const MeleeContext& c, bool in_cover) {
  return !c.unit.capabilities.assault_engineers && c.in_cover == in_cover &&
         Is(c.opponent, UnitType::kVehicle);
}
bool TribalVersusOthers(const MeleeContext& c, bool opponents_fresh) {
  return Is(c.unit, UnitClass::kTribal) && !Is(c.opponent, UnitClass::kTribal) &&
         c.opponent.grade.fresh == opponents_fresh;
}
bool Moves(Action action) { return action == Action::kMove || action == Action::kCharge; }
bool PoliceFreeShot(const ActionContext& c) {
  return c.action == Action::kShoot && c.zero_point_shot &&
         Is(c.unit, UnitClass::kParamilitaryPolice);
}
bool FootOrCavalryInTerrain(const MovementContext& c) {
  return (Is(c.unit, UnitType::kFoot) || Is(c.unit, UnitType::kCavalry)) &&
         !Is(c.unit, UnitClass::kTribal) && c.in_or_through_terrain;
}

constexpr char kCommon[] = "Common To Hit Factors, ";
constexpr char kShooting[] = "Shooting To Hit Factors, ";
constexpr char kShootingHits[] = "Shooting Hits Received Adjustment, ";
constexpr char kCharging[] = "Charging To Hit Factors, ";
constexpr char kMeleeHits[] = "Charge and Hand to Hand Combat Hits Received Adjustment, ";
constexpr char kHandToHand[] = "Hand to Hand To Hit Factors, ";
constexpr char kActions[] = "Common Shooting, Charging, Movement and Disengage Actions, ";
constexpr char kMovement[] = "Movement Distances";
constexpr char kShort[] = "Shooting Ranges, Short range";
constexpr char kLong[] = "Shooting Ranges, Long Range";
constexpr char kActivation[] = "Activation Roll Table";
constexpr char kInitiative[] = "Initiative Phase";

std::string Cite(const char* table, const char* line) { return std::string(table) + line; }

}  // namespace

const RuleTable<CombatContext>& CommonToHitFactors() {
  using C = CombatContext;
  static const auto* const table = new RuleTable<C>(
      "Common To Hit Factors",
      {
          Row<C>(
              "scouts or civilians of any type", Cite(kCommon, "-2 Dice"),
              [](const C& c) { return Is(c.unit, UnitType::kScouts) || IsCivilian(c.unit); },
              RuleEffect::Add(-2)),
          Row<C>(
              "nighttime", Cite(kCommon, "-2 Dice"), [](const C& c) { return c.nighttime; },
              RuleEffect::Add(-2)),
          Row<C>(
              "limited unit", Cite(kCommon, "-1 Dice"),
              [](const C& c) { return c.unit.grade.limited; }, RuleEffect::Add(-1)),
          Row<C>(
              "raw unit", Cite(kCommon, "-1 Dice"), [](const C& c) { return c.unit.grade.raw; },
              RuleEffect::Add(-1)),
          Row<C>(
              "each hit token", Cite(kCommon, "-1 Dice"),
              [](const C& c) { return c.unit.hit_tokens > 0; }, RuleEffect::Add(-1),
              [](const C& c) { return static_cast<int>(c.unit.hit_tokens); }),
          // The sheet: "led by a hated Commander who is in and is in command distance".
          Row<C>(
              "led by a hated commander in command distance", Cite(kCommon, "-1 Dice"),
              [](const C& c) {
                return c.leader.in_command_distance && c.leader.trait == CommanderTrait::kHated;
              },
              RuleEffect::Add(-1)),
          Row<C>(
              "battle hard unit", Cite(kCommon, "+1 Dice"),
              [](const C& c) { return c.unit.grade.battle_hard; }, RuleEffect::Add(1)),
          Row<C>(
              "fresh unit", Cite(kCommon, "+1 Dice"), [](const C& c) { return c.unit.grade.fresh; },
              RuleEffect::Add(1)),
          Row<C>(
              "Regular Army against other than Regular Army", Cite(kCommon, "+1 Dice"),
              [](const C& c) {
                return Is(c.unit, UnitClass::kRegularArmy) &&
                       !Is(c.opponent, UnitClass::kRegularArmy);
              },
              RuleEffect::Add(1)),
          Row<C>(
              "reinforced unit", Cite(kCommon, "+2 Dice"),
              [](const C& c) { return c.unit.grade.reinforced; }, RuleEffect::Add(2)),
      });
  return *table;
}

const RuleTable<ShootingContext>& ShootingToHitFactors() {
  using C = ShootingContext;
  static const auto* const table = new RuleTable<C>(
      "Shooting To Hit Factors",
      {
          Row<C>(
              "shooters are 2R", Cite(kShooting, "-2 Dice"),
              [](const C& c) { return TwoRanks(c.unit); }, RuleEffect::Add(-2)),
          Row<C>(
              "single shot weapon", Cite(kShooting, "-2 Dice"),
              [](const C& c) { return c.unit.weapon == Weapon::kSingleShot; }, RuleEffect::Add(-2)),
          Row<C>(
              "target in any terrain", Cite(kShooting, "-2 Dice"),
              [](const C& c) { return c.target_in_terrain; }, RuleEffect::Add(-2)),
          Row<C>(
              "artillery (not horse), vehicle or cavalry that moved in the previous turn",
              Cite(kShooting, "-2 Dice"),
              [](const C& c) {
                const bool slowed =
                    (Is(c.unit, UnitType::kArtillery) && c.unit.artillery != Artillery::kHorse) ||
                    Is(c.unit, UnitType::kVehicle) || Is(c.unit, UnitType::kCavalry);
                return slowed && c.unit.moved_last_turn;
              },
              RuleEffect::Add(-2)),
          Row<C>(
              "enhanced anti-tank gun", Cite(kShooting, "-2 Dice"),
              [](const C& c) { return c.unit.anti_tank == AntiTank::kEnhanced; },
              RuleEffect::Add(-2)),
          Row<C>(
              "returning fire while not activated", Cite(kShooting, "-2 Dice"),
              [](const C& c) { return c.returning_fire; }, RuleEffect::Add(-2)),
          Row<C>(
              "shooters or target under a smoke bombardment", Cite(kShooting, "-2 Dice"),
              [](const C& c) { return c.smoke; }, RuleEffect::Add(-2)),
          Row<C>(
              "target is scouts or artillery", Cite(kShooting, "-1 Dice"),
              [](const C& c) { return ScoutsOrArtillery(c.opponent); }, RuleEffect::Add(-1)),
          Row<C>(
              "artillery shooting at scouts or artillery", Cite(kShooting, "-1 Dice"),
              [](const C& c) {
                return Is(c.unit, UnitType::kArtillery) && ScoutsOrArtillery(c.opponent);
              },
              RuleEffect::Add(-1)),
          Row<C>(
              "horse artillery crash firing", Cite(kShooting, "-1 Dice"),
              [](const C& c) { return c.unit.artillery == Artillery::kHorse && c.crash_firing; },
              RuleEffect::Add(-1)),
          Row<C>(
              "standard anti-tank gun", Cite(kShooting, "-1 Dice"),
              [](const C& c) { return c.unit.anti_tank == AntiTank::kStandard; },
              RuleEffect::Add(-1)),
          Row<C>(
              "target 2R in the open, shooters artillery or anti-tank gun",
              Cite(kShooting, "+1 Dice"),
              [](const C& c) {
                return TwoRanks(c.opponent) && !c.target_in_terrain &&
                       (Is(c.unit, UnitType::kArtillery) || c.unit.anti_tank != AntiTank::kNone);
              },
              RuleEffect::Add(1)),
          Row<C>(
              "bows against foot or cavalry", Cite(kShooting, "+1 Dice"),
              [](const C& c) {
                return c.unit.weapon == Weapon::kBow &&
                       (Is(c.opponent, UnitType::kFoot) || Is(c.opponent, UnitType::kCavalry));
              },
              RuleEffect::Add(1)),
          Row<C>(
              "nighttime and night fighting trained", Cite(kShooting, "+1 Dice"),
              [](const C& c) { return c.nighttime && c.unit.capabilities.night_fighting_training; },
              RuleEffect::Add(1)),
          Row<C>(
              "rapid loading technology", Cite(kShooting, "+1 Dice"),
              [](const C& c) { return c.unit.capabilities.rapid_loading; }, RuleEffect::Add(1)),
          Row<C>(
              "assault rifle or sub-machine gun", Cite(kShooting, "+1 Dice"),
              [](const C& c) { return AssaultRifleOrSmg(c.unit); }, RuleEffect::Add(1)),
          Row<C>(
              "machine gun, not sub-machine gun", Cite(kShooting, "+2 Dice"),
              [](const C& c) {
                return Is(c.unit, UnitType::kMachineGun) && c.unit.weapon != Weapon::kSubMachineGun;
              },
              RuleEffect::Add(2)),
          Row<C>(
              "shooting capability", Cite(kShooting, "+2 Dice"),
              [](const C& c) { return c.unit.capabilities.shooting; }, RuleEffect::Add(2)),
          Row<C>(
              "nighttime and night fighting technology", Cite(kShooting, "+2 Dice"),
              [](const C& c) {
                return c.nighttime && c.unit.capabilities.night_fighting_technology;
              },
              RuleEffect::Add(2)),
          Row<C>(
              "stabilization capability", Cite(kShooting, "+2 Dice"),
              [](const C& c) { return c.unit.capabilities.stabilization; }, RuleEffect::Add(2)),
          Row<C>(
              "shooting from terrain at short range", Cite(kShooting, "2/3 Dice"),
              [](const C& c) { return ShootingFromTerrain(c) && c.range == RangeBand::kShort; },
              RuleEffect::LoseOnePer(3)),
          Row<C>(
              "any shooting at long range", Cite(kShooting, "1/2 Dice"),
              [](const C& c) { return c.range == RangeBand::kLong; }, RuleEffect::LoseOnePer(2)),
          // Decision: as written, and the sheet says adjustments accumulate, so shooters in
          // terrain at long range halve twice.
          Row<C>(
              "shooting from terrain at long range", Cite(kShooting, "1/2 Dice"),
              [](const C& c) { return ShootingFromTerrain(c) && c.range == RangeBand::kLong; },
              RuleEffect::LoseOnePer(2)),
          Row<C>(
              "Police shooting for 0 action points", Cite(kShooting, "1/2 Dice"),
              [](const C& c) {
                return c.zero_point_shot && Is(c.unit, UnitClass::kParamilitaryPolice);
              },
              RuleEffect::LoseOnePer(2)),
          Row<C>(
              "armed or rioting civilian mob", Cite(kShooting, "1/2 Dice"),
              [](const C& c) { return Is(c.unit, UnitClass::kArmedCivilianMob); },
              RuleEffect::LoseOnePer(2)),
      });
  return *table;
}

const RuleTable<ShootingContext>& ShootingHitsReceived() {
  using C = ShootingContext;
  static const auto* const table = new RuleTable<C>(
      "Shooting Hits Received Adjustment",
      {
          Row<C>(
              "light anti-tank gun against enhanced armour", Cite(kShootingHits, "-2 Hits"),
              [](const C& c) {
                return c.unit.anti_tank == AntiTank::kLight &&
                       c.opponent.armour == Armour::kEnhanced;
              },
              RuleEffect::Add(-2)),
          Row<C>(
              "target 1R", Cite(kShootingHits, "-1 Hit"),
              [](const C& c) { return c.opponent.formation == Formation::k1R; },
              RuleEffect::Add(-1)),
          Row<C>(
              "target battle hard", Cite(kShootingHits, "-1 Hit"),
              [](const C& c) { return c.opponent.grade.battle_hard; }, RuleEffect::Add(-1)),
          Row<C>(
              "light anti-tank gun against standard armour", Cite(kShootingHits, "-1 Hit"),
              [](const C& c) {
                return c.unit.anti_tank == AntiTank::kLight &&
                       c.opponent.armour == Armour::kStandard;
              },
              RuleEffect::Add(-1)),
          Row<C>(
              "standard anti-tank gun against enhanced armour", Cite(kShootingHits, "-1 Hit"),
              [](const C& c) {
                return c.unit.anti_tank == AntiTank::kStandard &&
                       c.opponent.armour == Armour::kEnhanced;
              },
              RuleEffect::Add(-1)),
          Row<C>(
              "Regular Army or Guerrilla target in cover, not yet fired or fired upon",
              Cite(kShootingHits, "-1 Hit"),
              [](const C& c) {
                return (Is(c.opponent, UnitClass::kRegularArmy) ||
                        Is(c.opponent, UnitClass::kGuerrillaMilitia)) &&
                       c.target_in_cover && !c.target_fired_or_fired_upon;
              },
              RuleEffect::Add(-1)),
          Row<C>(
              "target raw", Cite(kShootingHits, "+1 Hit"),
              [](const C& c) { return c.opponent.grade.raw; }, RuleEffect::Add(1)),
          Row<C>(
              "standard anti-tank gun against light armour", Cite(kShootingHits, "+1 Hit"),
              [](const C& c) {
                return c.unit.anti_tank == AntiTank::kStandard &&
                       c.opponent.armour == Armour::kLight;
              },
              RuleEffect::Add(1)),
          Row<C>(
              "enhanced anti-tank gun against standard armour", Cite(kShootingHits, "+1 Hit"),
              [](const C& c) {
                return c.unit.anti_tank == AntiTank::kEnhanced &&
                       c.opponent.armour == Armour::kStandard;
              },
              RuleEffect::Add(1)),
          // Close range is short range.
          Row<C>(
              "vehicle hit at short range by a standard or enhanced anti-tank gun",
              Cite(kShootingHits, "+1 Hit"),
              [](const C& c) {
                return Is(c.opponent, UnitType::kVehicle) && c.range == RangeBand::kShort &&
                       (c.unit.anti_tank == AntiTank::kStandard ||
                        c.unit.anti_tank == AntiTank::kEnhanced) &&
                       !Is(c.unit, UnitType::kMachineGun);
              },
              RuleEffect::Add(1)),
          Row<C>(
              "not a vehicle, hit by a ground attack sortie or machine gun",
              Cite(kShootingHits, "+1 Hit"),
              [](const C& c) {
                return !Is(c.opponent, UnitType::kVehicle) &&
                       (Is(c.unit, UnitType::kGroundAttackAircraft) ||
                        Is(c.unit, UnitType::kMachineGun));
              },
              RuleEffect::Add(1)),
          Row<C>(
              "gas attack, not the player's first", Cite(kShootingHits, "+1 Hit"),
              [](const C& c) { return c.gas == GasAttack::kLaterOfPlayer; }, RuleEffect::Add(1)),
          Row<C>(
              "advanced anti-tank round against a vehicle", Cite(kShootingHits, "+1 Hit"),
              [](const C& c) {
                return c.unit.capabilities.advanced_anti_tank_round &&
                       Is(c.opponent, UnitType::kVehicle);
              },
              RuleEffect::Add(1)),
          Row<C>(
              "enhanced anti-tank gun against light armour", Cite(kShootingHits, "+2 Hits"),
              [](const C& c) {
                return c.unit.anti_tank == AntiTank::kEnhanced &&
                       c.opponent.armour == Armour::kLight;
              },
              RuleEffect::Add(2)),
          Row<C>(
              "the player's first gas attack", Cite(kShootingHits, "+2 Hits"),
              [](const C& c) { return c.gas == GasAttack::kFirstOfPlayer; }, RuleEffect::Add(2)),
      });
  return *table;
}

const RuleTable<MeleeContext>& ChargingToHitFactors() {
  using C = MeleeContext;
  static const auto* const table = new RuleTable<C>(
      "Charging To Hit Factors",
      {
          Row<C>("foot cavalry defence against cavalry, foot did not move or charge last turn",
                 Cite(kCharging, "+2 Dice"), CavalryDefence, RuleEffect::Add(2)),
          Row<C>("infantry anti-tank defence against vehicles", Cite(kCharging, "+2 Dice"),
                 AntiTankDefenceVersusVehicles, RuleEffect::Add(2)),
          Row<C>(
              "2R", Cite(kCharging, "+2 Dice"), [](const C& c) { return TwoRanks(c.unit); },
              RuleEffect::Add(2)),
          Row<C>("assault engineers against fortifications", Cite(kCharging, "+2 Dice"),
                 EngineersVersusFortifications, RuleEffect::Add(2)),
          Row<C>("defending fortifications", Cite(kCharging, "+2 Dice"), DefendingFortifications,
                 RuleEffect::Add(2)),
          Row<C>(
              "shock charge ability, not foot against cavalry", Cite(kCharging, "+1 Dice"),
              [](const C& c) { return c.unit.capabilities.shock_charge && !FootVersusCavalry(c); },
              RuleEffect::Add(1)),
          Row<C>("infantry anti-tank defence against other than vehicles",
                 Cite(kCharging, "+1 Dice"), AntiTankDefenceVersusOthers, RuleEffect::Add(1)),
          Row<C>("assault engineers against other than fortifications", Cite(kCharging, "+1 Dice"),
                 EngineersVersusOthers, RuleEffect::Add(1)),
          Row<C>(
              "uphill", Cite(kCharging, "+1 Dice"), [](const C& c) { return c.uphill; },
              RuleEffect::Add(1)),
          Row<C>(
              "assault rifle or sub-machine gun", Cite(kCharging, "+1 Dice"),
              [](const C& c) { return AssaultRifleOrSmg(c.unit); }, RuleEffect::Add(1)),
          Row<C>("led by a charismatic or rash commander in command distance",
                 Cite(kCharging, "+1 Dice"), LedByCharismaticOrRash, RuleEffect::Add(1)),
          Row<C>("led by a defensive commander, did not initiate the charge",
                 Cite(kCharging, "+1 Dice"), LedByDefensive, RuleEffect::Add(1)),
          Row<C>(
              "not assault engineers, in cover, charged vehicles", Cite(kCharging, "-1 Dice"),
              [](const C& c) { return c.initiated_charge && VersusVehicles(c, true); },
              RuleEffect::Add(-1)),
          Row<C>(
              "not assault engineers, not in cover, charged vehicles", Cite(kCharging, "-2 Dice"),
              [](const C& c) { return c.initiated_charge && VersusVehicles(c, false); },
              RuleEffect::Add(-2)),
          Row<C>(
              "chargers or target under a smoke bombardment", Cite(kCharging, "-2 Dice"),
              [](const C& c) { return c.smoke; }, RuleEffect::Add(-2)),
          Row<C>(
              "artillery", Cite(kCharging, "1/2 Dice"),
              [](const C& c) { return Is(c.unit, UnitType::kArtillery); },
              RuleEffect::LoseOnePer(2)),
          Row<C>("fully or partly in terrain, not artillery, tribal or scouts",
                 Cite(kCharging, "2/3 Dice"), FightingFromTerrain, RuleEffect::LoseOnePer(3)),
      });
  return *table;
}

const RuleTable<MeleeContext>& ChargeAndHandToHandHitsReceived() {
  using C = MeleeContext;
  static const auto* const table = new RuleTable<C>(
      "Charge and Hand to Hand Combat Hits Received Adjustment",
      {
          Row<C>(
              "opponent has enhanced armour", Cite(kMeleeHits, "-2 Hits"),
              [](const C& c) { return c.opponent.armour == Armour::kEnhanced; },
              RuleEffect::Add(-2)),
          Row<C>(
              "cavalry winners, vehicle losers", Cite(kMeleeHits, "-2 Hits"),
              [](const C& c) {
                return c.won && Is(c.unit, UnitType::kCavalry) &&
                       Is(c.opponent, UnitType::kVehicle);
              },
              RuleEffect::Add(-2)),
          Row<C>(
              "opponent 2R", Cite(kMeleeHits, "-1 Hit"),
              [](const C& c) { return TwoRanks(c.opponent); }, RuleEffect::Add(-1)),
          Row<C>(
              "opponent battle hard", Cite(kMeleeHits, "-1 Hit"),
              [](const C& c) { return c.opponent.grade.battle_hard; }, RuleEffect::Add(-1)),
          Row<C>(
              "opponent has standard armour", Cite(kMeleeHits, "-1 Hit"),
              [](const C& c) { return c.opponent.armour == Armour::kStandard; },
              RuleEffect::Add(-1)),
          Row<C>(
              "opponent raw", Cite(kMeleeHits, "+1 Hit"),
              [](const C& c) { return c.opponent.grade.raw; }, RuleEffect::Add(1)),
          // The next sheet line, "Except if the winners are Scouts", qualifies this one.
          Row<C>(
              "charging tribal lost to fresh non-tribal winners (not scouts)",
              Cite(kMeleeHits, "+1 Hit"),
              [](const C& c) {
                return c.won && Is(c.opponent, UnitClass::kTribal) && !c.initiated_charge &&
                       !Is(c.unit, UnitClass::kTribal) && c.unit.grade.fresh &&
                       !Is(c.unit, UnitType::kScouts);
              },
              RuleEffect::Add(1)),
          Row<C>(
              "not tribal, lost to charging tribal", Cite(kMeleeHits, "+1 Hit"),
              [](const C& c) {
                return c.won && Is(c.unit, UnitClass::kTribal) && c.initiated_charge &&
                       !Is(c.opponent, UnitClass::kTribal);
              },
              RuleEffect::Add(1)),
          Row<C>(
              "lost fighting in fortifications", Cite(kMeleeHits, "+1 Hit"),
              [](const C& c) { return c.won && c.opponent_in_fortification; }, RuleEffect::Add(1)),
          Row<C>(
              "losers are civilians of any type", Cite(kMeleeHits, "+1 Hit"),
              [](const C& c) { return c.won && IsCivilian(c.opponent); }, RuleEffect::Add(1)),
          Row<C>(
              "cavalry losers against a vehicle", Cite(kMeleeHits, "+2 Hits"),
              [](const C& c) {
                return c.won && Is(c.opponent, UnitType::kCavalry) &&
                       Is(c.unit, UnitType::kVehicle);
              },
              RuleEffect::Add(2)),
      });
  return *table;
}

const RuleTable<MeleeContext>& HandToHandToHitFactors() {
  using C = MeleeContext;
  static const auto* const table = new RuleTable<C>(
      "Hand to Hand To Hit Factors",
      {
          Row<C>("foot cavalry defence against cavalry, foot did not move or charge last turn",
                 Cite(kHandToHand, "+2 Dice"), CavalryDefence, RuleEffect::Add(2)),
          // Decision: "not foot v's cavalry with hand to hand ability" reads as: the foot's
          // ability is cancelled by cavalry that has the ability too.
          Row<C>(
              "hand-to-hand ability, not against vehicles nor foot against such cavalry",
              Cite(kHandToHand, "+2 Dice"),
              [](const C& c) {
                return c.unit.capabilities.hand_to_hand && !Is(c.opponent, UnitType::kVehicle) &&
                       !(FootVersusCavalry(c) && c.opponent.capabilities.hand_to_hand);
              },
              RuleEffect::Add(2)),
          Row<C>("infantry anti-tank defence against vehicles", Cite(kHandToHand, "+2 Dice"),
                 AntiTankDefenceVersusVehicles, RuleEffect::Add(2)),
          Row<C>("assault engineers against fortifications", Cite(kHandToHand, "+2 Dice"),
                 EngineersVersusFortifications, RuleEffect::Add(2)),
          Row<C>("defending fortifications", Cite(kHandToHand, "+2 Dice"), DefendingFortifications,
                 RuleEffect::Add(2)),
          Row<C>(
              "2R", Cite(kHandToHand, "+2 Dice"), [](const C& c) { return TwoRanks(c.unit); },
              RuleEffect::Add(2)),
          Row<C>(
              "tribal against non-tribal opponents not fresh", Cite(kHandToHand, "+1 Dice"),
              [](const C& c) { return TribalVersusOthers(c, false); }, RuleEffect::Add(1)),
          Row<C>("infantry anti-tank defence against other than vehicles",
                 Cite(kHandToHand, "+1 Dice"), AntiTankDefenceVersusOthers, RuleEffect::Add(1)),
          Row<C>("assault engineers against other than fortifications",
                 Cite(kHandToHand, "+1 Dice"), EngineersVersusOthers, RuleEffect::Add(1)),
          Row<C>(
              "uphill", Cite(kHandToHand, "+1 Dice"), [](const C& c) { return c.uphill; },
              RuleEffect::Add(1)),
          Row<C>(
              "assault rifle or sub-machine gun", Cite(kHandToHand, "+1 Dice"),
              [](const C& c) { return AssaultRifleOrSmg(c.unit); }, RuleEffect::Add(1)),
          Row<C>("led by a charismatic or rash commander in command distance",
                 Cite(kHandToHand, "+1 Dice"), LedByCharismaticOrRash, RuleEffect::Add(1)),
          Row<C>("led by a defensive commander, did not initiate the charge",
                 Cite(kHandToHand, "+1 Dice"), LedByDefensive, RuleEffect::Add(1)),
          Row<C>(
              "not assault engineers, in cover, against vehicles", Cite(kHandToHand, "-1 Dice"),
              [](const C& c) { return VersusVehicles(c, true); }, RuleEffect::Add(-1)),
          Row<C>(
              "tribal against non-tribal opponents who are fresh", Cite(kHandToHand, "-1 Dice"),
              [](const C& c) { return TribalVersusOthers(c, true); }, RuleEffect::Add(-1)),
          Row<C>(
              "not assault engineers, not in cover, against vehicles", Cite(kHandToHand, "-2 Dice"),
              [](const C& c) { return VersusVehicles(c, false); }, RuleEffect::Add(-2)),
          Row<C>("fully or partly in terrain, not artillery, tribal or scouts",
                 Cite(kHandToHand, "2/3 Dice"), FightingFromTerrain, RuleEffect::LoseOnePer(3)),
          Row<C>(
              "artillery", Cite(kHandToHand, "1/2 Dice"),
              [](const C& c) { return Is(c.unit, UnitType::kArtillery); },
              RuleEffect::LoseOnePer(2)),
          Row<C>(
              "armed or rioting civilian mob", Cite(kHandToHand, "1/2 Dice"),
              [](const C& c) { return Is(c.unit, UnitClass::kArmedCivilianMob); },
              RuleEffect::LoseOnePer(2)),
      });
  return *table;
}

const RuleTable<ActionContext>& ActionPointCosts() {
  using C = ActionContext;
  static const auto* const table = new RuleTable<C>(
      "Common Shooting, Charging, Movement and Disengage Actions",
      {
          Row<C>(
              "move more than 0M", Cite(kActions, "+1 Action Point"),
              [](const C& c) { return c.action == Action::kMove && c.move_cells > 0; },
              RuleEffect::Add(1)),
          Row<C>(
              "charge, unless 2R or tribal", Cite(kActions, "+1 Action Point"),
              [](const C& c) {
                return c.action == Action::kCharge && !TwoRanks(c.unit) &&
                       !Is(c.unit, UnitClass::kTribal);
              },
              RuleEffect::Add(1)),
          Row<C>(
              "tribal moving more than 1M in the open", Cite(kActions, "+1 Action Point"),
              [](const C& c) {
                return c.action == Action::kMove && Is(c.unit, UnitClass::kTribal) &&
                       !c.through_terrain && c.move_cells > kCellsPerM;
              },
              RuleEffect::Add(1)),
          Row<C>(
              "turn a tribal unit", Cite(kActions, "+1 Action Point"),
              [](const C& c) {
                return c.action == Action::kTurn && Is(c.unit, UnitClass::kTribal);
              },
              RuleEffect::Add(1)),
          // Decision: a charge pays for terrain and battlefield defences like a move.
          Row<C>(
              "move through terrain, other than tribal foot or scouts",
              Cite(kActions, "+1 Action Point"),
              [](const C& c) {
                const bool exempt =
                    (Is(c.unit, UnitClass::kTribal) && Is(c.unit, UnitType::kFoot)) ||
                    Is(c.unit, UnitType::kScouts);
                return Moves(c.action) && c.through_terrain && !exempt;
              },
              RuleEffect::Add(1)),
          Row<C>(
              "disengage a vehicle, cavalry or scouts", Cite(kActions, "+1 Action Point"),
              [](const C& c) {
                return c.action == Action::kDisengage &&
                       (Is(c.unit, UnitType::kVehicle) || Is(c.unit, UnitType::kCavalry) ||
                        Is(c.unit, UnitType::kScouts));
              },
              RuleEffect::Add(1)),
          Row<C>(
              "limber up or unlimber artillery", Cite(kActions, "+1 Action Point"),
              [](const C& c) {
                return c.action == Action::kLimber && Is(c.unit, UnitType::kArtillery);
              },
              RuleEffect::Add(1)),
          Row<C>(
              "rash-led unit remaining stationary, not defending a position",
              Cite(kActions, "+1 Action Point"),
              [](const C& c) {
                return c.action == Action::kStayStationary && c.leader == CommanderTrait::kRash &&
                       !c.defending_position;
              },
              RuleEffect::Add(1)),
          Row<C>(
              "cautious-led unit advancing nearer the enemy, not into cover or fortifications",
              Cite(kActions, "+1 Action Point"),
              [](const C& c) {
                return c.action == Action::kMove && c.leader == CommanderTrait::kCautious &&
                       c.nearer_enemy && !c.into_cover_or_fortification;
              },
              RuleEffect::Add(1)),
          Row<C>(
              "cautious-led unit charging", Cite(kActions, "+1 Action Point"),
              [](const C& c) {
                return c.action == Action::kCharge && c.leader == CommanderTrait::kCautious;
              },
              RuleEffect::Add(1)),
          Row<C>(
              "shoot", Cite(kActions, "+1 Action Point"),
              [](const C& c) { return c.action == Action::kShoot && !PoliceFreeShot(c); },
              RuleEffect::Add(1)),
          Row<C>(
              "move through battlefield defences, other than assault engineers",
              Cite(kActions, "+1 Action Point"),
              [](const C& c) {
                return Moves(c.action) && c.through_battlefield_defences &&
                       !c.unit.capabilities.assault_engineers;
              },
              RuleEffect::Add(1)),
          // The 0-point rows add nothing; they say which actions are free.
          Row<C>(
              "turn a unit other than tribal", Cite(kActions, "0 Action Points"),
              [](const C& c) {
                return c.action == Action::kTurn && !Is(c.unit, UnitClass::kTribal);
              },
              RuleEffect::Add(0)),
          Row<C>(
              "scouts or staff team attempting to flee", Cite(kActions, "0 Action Points"),
              [](const C& c) {
                return c.action == Action::kFlee &&
                       (Is(c.unit, UnitType::kScouts) || Is(c.unit, UnitType::kStaffTeam));
              },
              RuleEffect::Add(0)),
          Row<C>(
              "hand-to-hand combat", Cite(kActions, "0 Action Points"),
              [](const C& c) { return c.action == Action::kHandToHand; }, RuleEffect::Add(0)),
          Row<C>(
              "assault engineers moving through battlefield defences",
              Cite(kActions, "0 Action Points"),
              [](const C& c) {
                return Moves(c.action) && c.through_battlefield_defences &&
                       c.unit.capabilities.assault_engineers;
              },
              RuleEffect::Add(0)),
          Row<C>(
              "return fire while not activated", Cite(kActions, "0 Action Points"),
              [](const C& c) { return c.action == Action::kReturnFire; }, RuleEffect::Add(0)),
          Row<C>("Police electing to shoot for 0 points at half dice",
                 Cite(kActions, "0 Action Points"), PoliceFreeShot, RuleEffect::Add(0)),
      });
  return *table;
}

const RuleTable<MovementContext>& MovementDistances() {
  using C = MovementContext;
  // Most specific first: the first row that holds gives the distance.
  static const auto* const table = new RuleTable<C>(
      "Movement Distances",
      {
          Row<C>(
              "must start in command distance of the commander to move", kMovement,
              [](const C& c) { return !c.in_command_distance; }, RuleEffect::Set(0)),
          Row<C>(
              "cavalry (including tribal) disengage 1M", kMovement,
              [](const C& c) { return c.disengage && Is(c.unit, UnitType::kCavalry); },
              RuleEffect::Set(1)),
          Row<C>("foot and cavalry in or through terrain limited to 1M (not tribal)", kMovement,
                 FootOrCavalryInTerrain, RuleEffect::Set(1)),
          Row<C>(
              "scouts led by a scoutmaster, not in or through terrain, 3M", kMovement,
              [](const C& c) {
                return Is(c.unit, UnitType::kScouts) && c.unit.capabilities.scoutmaster &&
                       !c.in_or_through_terrain;
              },
              RuleEffect::Set(3)),
          Row<C>(
              "scouts 2M, including in terrain", kMovement,
              [](const C& c) { return Is(c.unit, UnitType::kScouts); }, RuleEffect::Set(2)),
          Row<C>(
              "tribal 2M, including in terrain", kMovement,
              [](const C& c) { return Is(c.unit, UnitClass::kTribal); }, RuleEffect::Set(2)),
          Row<C>(
              "cavalry 2M", kMovement, [](const C& c) { return Is(c.unit, UnitType::kCavalry); },
              RuleEffect::Set(2)),
          Row<C>(
              "foot 1M", kMovement, [](const C& c) { return Is(c.unit, UnitType::kFoot); },
              RuleEffect::Set(1)),
          Row<C>(
              "vehicle slow 1M", kMovement,
              [](const C& c) { return c.unit.speed == VehicleSpeed::kSlow; }, RuleEffect::Set(1)),
          Row<C>(
              "vehicle standard 2M", kMovement,
              [](const C& c) { return c.unit.speed == VehicleSpeed::kStandard; },
              RuleEffect::Set(2)),
          Row<C>(
              "vehicle fast 3M", kMovement,
              [](const C& c) { return c.unit.speed == VehicleSpeed::kFast; }, RuleEffect::Set(3)),
          // Artillery, anti-tank guns, machine guns, staff teams and commanders.
          Row<C>(
              "any unit can always move up to 1M", kMovement, [](const C&) { return true; },
              RuleEffect::Set(1)),
      });
  return *table;
}

const RuleTable<MovementContext>& MovementAdjustments() {
  using C = MovementContext;
  static const auto* const table = new RuleTable<C>(
      "Movement Distances, adjustments",
      {
          Row<C>(
              "fully along a road +1M", kMovement, [](const C& c) { return c.fully_along_road; },
              RuleEffect::Add(1)),
          Row<C>(
              "vehicle through terrain -1M (not fully tracked or armoured train)", kMovement,
              [](const C& c) {
                return Is(c.unit, UnitType::kVehicle) && c.in_or_through_terrain &&
                       c.unit.running == Running::kWheeled;
              },
              RuleEffect::Add(-1)),
      });
  return *table;
}

const RuleTable<Unit>& ShortRanges() {
  using C = Unit;
  static const auto* const table = new RuleTable<C>(
      "Shooting Ranges, Short range",
      {
          Row<C>(
              "light anti-tank capability 2M", kShort,
              [](const C& u) { return u.anti_tank == AntiTank::kLight; }, RuleEffect::Set(2)),
          Row<C>(
              "standard anti-tank capability 3M", kShort,
              [](const C& u) { return u.anti_tank == AntiTank::kStandard; }, RuleEffect::Set(3)),
          Row<C>(
              "enhanced anti-tank capability 4M", kShort,
              [](const C& u) { return u.anti_tank == AntiTank::kEnhanced; }, RuleEffect::Set(4)),
          Row<C>(
              "artillery (all) 2M", kShort, [](const C& u) { return Is(u, UnitType::kArtillery); },
              RuleEffect::Set(2)),
          // Decision: a vehicle without an anti-tank capability shoots as a machine gun.
          Row<C>(
              "machine guns 2M", kShort,
              [](const C& u) { return Is(u, UnitType::kMachineGun) || Is(u, UnitType::kVehicle); },
              RuleEffect::Set(2)),
          Row<C>(
              "cavalry (all) 1M", kShort, [](const C& u) { return Is(u, UnitType::kCavalry); },
              RuleEffect::Set(1)),
          Row<C>(
              "single shot weapons 1M", kShort,
              [](const C& u) { return u.weapon == Weapon::kSingleShot; }, RuleEffect::Set(1)),
          Row<C>(
              "foot pistols, assault rifles and sub-machine guns 1M", kShort,
              [](const C& u) { return u.weapon == Weapon::kPistol || AssaultRifleOrSmg(u); },
              RuleEffect::Set(1)),
          // Not a line of the sheet, which gives rifles and bows a long range only.
          Row<C>(
              "rifles and bows 1M (decision: as the other foot weapons)", kShort,
              [](const C& u) { return u.weapon == Weapon::kRifle || u.weapon == Weapon::kBow; },
              RuleEffect::Set(1)),
      });
  return *table;
}

const RuleTable<Unit>& LongRanges() {
  using C = Unit;
  static const auto* const table = new RuleTable<C>(
      "Shooting Ranges, Long Range",
      {
          Row<C>(
              "any cavalry not allowed", kLong,
              [](const C& u) { return Is(u, UnitType::kCavalry); }, RuleEffect::Set(0)),
          Row<C>(
              "light anti-tank gun 4M", kLong,
              [](const C& u) { return u.anti_tank == AntiTank::kLight; }, RuleEffect::Set(4)),
          Row<C>(
              "standard anti-tank gun 6M", kLong,
              [](const C& u) { return u.anti_tank == AntiTank::kStandard; }, RuleEffect::Set(6)),
          Row<C>(
              "enhanced anti-tank gun 8M", kLong,
              [](const C& u) { return u.anti_tank == AntiTank::kEnhanced; }, RuleEffect::Set(8)),
          // Decision: horse artillery are light guns.
          Row<C>(
              "light field gun or howitzer (and horse artillery) 12M", kLong,
              [](const C& u) {
                return u.artillery == Artillery::kFieldGunLight || u.artillery == Artillery::kHorse;
              },
              RuleEffect::Set(12)),
          Row<C>(
              "medium field gun or howitzer 14M", kLong,
              [](const C& u) { return u.artillery == Artillery::kFieldGunMedium; },
              RuleEffect::Set(14)),
          Row<C>(
              "heavy field gun or howitzer 16M", kLong,
              [](const C& u) { return u.artillery == Artillery::kFieldGunHeavy; },
              RuleEffect::Set(16)),
          Row<C>(
              "light mortar 3M", kLong,
              [](const C& u) { return u.artillery == Artillery::kMortarLight; },
              RuleEffect::Set(3)),
          Row<C>(
              "medium mortar 6M", kLong,
              [](const C& u) { return u.artillery == Artillery::kMortarMedium; },
              RuleEffect::Set(6)),
          Row<C>(
              "heavy mortar 9M", kLong,
              [](const C& u) { return u.artillery == Artillery::kMortarHeavy; },
              RuleEffect::Set(9)),
          Row<C>(
              "machine guns 4M", kLong,
              [](const C& u) { return Is(u, UnitType::kMachineGun) || Is(u, UnitType::kVehicle); },
              RuleEffect::Set(4)),
          Row<C>(
              "single shot weapons not allowed", kLong,
              [](const C& u) { return u.weapon == Weapon::kSingleShot; }, RuleEffect::Set(0)),
          Row<C>(
              "foot pistols and sub-machine guns not allowed", kLong,
              [](const C& u) {
                return u.weapon == Weapon::kPistol || u.weapon == Weapon::kSubMachineGun;
              },
              RuleEffect::Set(0)),
          // Only tribal may use bows (the sheet's note); the table does not check who shoots.
          Row<C>(
              "foot bows and foot assault rifles 2M", kLong,
              [](const C& u) {
                return u.weapon == Weapon::kBow || u.weapon == Weapon::kAssaultRifle;
              },
              RuleEffect::Set(2)),
          Row<C>(
              "rifles 3M", kLong, [](const C& u) { return u.weapon == Weapon::kRifle; },
              RuleEffect::Set(3)),
      });
  return *table;
}

const RuleTable<Unit>& ActivationRolls() {
  using C = Unit;
  static const auto* const table = new RuleTable<C>(
      "Activation Roll Table",
      {
          Row<C>(
              "commanders always activate", "Activation Phase",
              [](const C& u) { return Is(u, UnitType::kCommander); }, RuleEffect::Set(1)),
          Row<C>(
              "ground attack aircraft 3+", kActivation,
              [](const C& u) { return Is(u, UnitType::kGroundAttackAircraft); },
              RuleEffect::Set(3)),
          Row<C>(
              "Regular Army automatically", kActivation,
              [](const C& u) { return Is(u, UnitClass::kRegularArmy); }, RuleEffect::Set(1)),
          Row<C>(
              "Para-military Government/Police 2+", kActivation,
              [](const C& u) { return Is(u, UnitClass::kParamilitaryPolice); }, RuleEffect::Set(2)),
          // Tribal: "mgbb: rulings"; civilian mobs: a decision (irregulars).
          Row<C>(
              "Guerrilla/Gangland/Irregular Militia (and tribal, civilian mobs) 3+", kActivation,
              [](const C&) { return true; }, RuleEffect::Set(3)),
      });
  return *table;
}

const RuleTable<InitiativeContext>& InitiativeAdjustments() {
  using C = InitiativeContext;
  static const auto* const table = new RuleTable<C>(
      "Initiative Phase",
      {
          // The sheet: "Add also the total number of units with 2 or more hit tokens in the
          // army and deduct from the dice score": counted, then deducted.
          Row<C>(
              "each unit with 2 or more hit tokens", kInitiative,
              [](const C& c) { return c.units_with_two_or_more_hit_tokens > 0; },
              RuleEffect::Add(-1), [](const C& c) { return c.units_with_two_or_more_hit_tokens; }),
          Row<C>(
              "each scout in command radius with no friendly foot or cavalry forward of it",
              kInitiative, [](const C& c) { return c.qualifying_scouts > 0; }, RuleEffect::Add(2),
              [](const C& c) { return c.qualifying_scouts; }),
      });
  return *table;
}

namespace {

template <typename C>
int AtLeastOneDie(const RuleTable<C>& phase, const C& context) {
  const int dice = phase.Value(CommonToHitFactors().Value(kBaseDice, context), context);
  return std::max(1, dice);  // "At least one dice is thrown in any circumstance."
}

template <typename C>
int HitsApplied(const RuleTable<C>& table, int hits_scored, const C& context) {
  if (hits_scored <= 0) return 0;
  // "If any hits are scored then at least one hit must be applied."
  return std::max(1, table.Value(hits_scored, context));
}

}  // namespace

int ShootingDice(const ShootingContext& context) {
  return AtLeastOneDie(ShootingToHitFactors(), context);
}
int ChargeDice(const MeleeContext& context) {
  return AtLeastOneDie(ChargingToHitFactors(), context);
}
int HandToHandDice(const MeleeContext& context) {
  return AtLeastOneDie(HandToHandToHitFactors(), context);
}
int ShootingHitsApplied(int hits_scored, const ShootingContext& context) {
  return HitsApplied(ShootingHitsReceived(), hits_scored, context);
}
int MeleeHitsApplied(int hits_scored, const MeleeContext& context) {
  return HitsApplied(ChargeAndHandToHandHitsReceived(), hits_scored, context);
}
int ActionPoints(const ActionContext& context) { return ActionPointCosts().Value(0, context); }
int MovementM(const MovementContext& context) {
  const int base = MovementDistances().Lookup(context)->effect.amount;
  if (base == 0) return 0;  // may not move at all
  // "Any unit can always move up to 1M if it has sufficient action points."
  return std::max(1, MovementAdjustments().Value(base, context));
}
int InitiativeDice(int bases) { return std::max(1, (bases + 5) / 6); }

}  // namespace sandtable::mgbb
