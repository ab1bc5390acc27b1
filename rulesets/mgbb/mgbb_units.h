// mgbb's unit record (docs/rulesets/mgbb.md; "mgbb: rulings", Geometry and units): what the
// tables of the "Machine Guns and Ballot Boxes, Quick Reference Sheets" ask about a unit.
// One byte per field, so the record is trivially copyable and has no padding.
#ifndef SANDTABLE_RULESETS_MGBB_MGBB_UNITS_H_
#define SANDTABLE_RULESETS_MGBB_MGBB_UNITS_H_

#include <cstdint>
#include <type_traits>

namespace sandtable::mgbb {

enum class Side : uint8_t { kGovernment, kInsurgents };

enum class UnitClass : uint8_t {
  kRegularArmy,
  kParamilitaryPolice,  // Para-military Government/Police
  kGuerrillaMilitia,    // Guerrilla/Gangland/Irregular Militia
  kTribal,
  kCivilianMob,
  kArmedCivilianMob,  // Armed/Rioting Civilian Mob
};

enum class UnitType : uint8_t {
  kFoot,
  kCavalry,
  kScouts,
  kArtillery,
  kAntiTankGun,
  kMachineGun,
  kVehicle,
  kStaffTeam,
  kCommander,
  kGroundAttackAircraft,  // a sortie: activates on 3+ and shoots (decision: a unit type)
};

enum class Artillery : uint8_t {
  kNone,
  kFieldGunLight,  // field gun or howitzer
  kFieldGunMedium,
  kFieldGunHeavy,
  kHorse,
  kMortarLight,   // close support, "Unit"
  kMortarMedium,  // battlefield, "Brigade" support
  kMortarHeavy,   // upper echelon, "Corps" support
};

// The anti-tank capability of an anti-tank gun or of a vehicle's gun.
enum class AntiTank : uint8_t { kNone, kLight, kStandard, kEnhanced };

enum class Armour : uint8_t { kNone, kLight, kStandard, kEnhanced };

enum class VehicleSpeed : uint8_t { kNone, kSlow, kStandard, kFast };

// Fully tracked vehicles and armoured trains lose no distance in terrain.
enum class Running : uint8_t { kWheeled, kFullyTracked, kArmouredTrain };

enum class Weapon : uint8_t {
  kNone,
  kRifle,
  kAssaultRifle,
  kSubMachineGun,
  kPistol,
  kBow,
  kSingleShot
};

enum class Formation : uint8_t { k1R, k2R };  // 1R shallow, 2R deep

enum class CommanderTrait : uint8_t { kNone, kCharismatic, kRash, kCautious, kDefensive, kHated };

struct Grade {
  bool raw = false;
  bool fresh = false;
  bool battle_hard = false;
  bool limited = false;
  bool reinforced = false;
};

// The capabilities the sheets name.
struct Capabilities {
  bool night_fighting_training = false;
  bool night_fighting_technology = false;
  bool shooting = false;
  bool stabilization = false;
  bool rapid_loading = false;
  bool shock_charge = false;
  bool hand_to_hand = false;
  bool cavalry_defence = false;  // foot's defence against cavalry
  bool infantry_anti_tank_defence = false;
  bool assault_engineers = false;
  bool scoutmaster = false;
  bool advanced_anti_tank_round = false;
};

struct Unit {
  Side side = Side::kGovernment;
  UnitClass unit_class = UnitClass::kRegularArmy;
  UnitType type = UnitType::kFoot;
  Artillery artillery = Artillery::kNone;
  AntiTank anti_tank = AntiTank::kNone;
  Armour armour = Armour::kNone;
  VehicleSpeed speed = VehicleSpeed::kNone;
  Running running = Running::kWheeled;
  Weapon weapon = Weapon::kRifle;
  Formation formation = Formation::k1R;
  Grade grade;
  Capabilities capabilities;
  CommanderTrait trait = CommanderTrait::kNone;  // a commander's own trait
  uint8_t hit_tokens = 0;
  bool limbered = false;
  bool moved_last_turn = false;  // a charge is a move, so this also covers charging
};

static_assert(std::is_trivially_copyable_v<Unit>);
static_assert(sizeof(Unit) == 31, "one byte per field, no padding");

inline bool IsCivilian(const Unit& unit) {
  return unit.unit_class == UnitClass::kCivilianMob ||
         unit.unit_class == UnitClass::kArmedCivilianMob;
}

}  // namespace sandtable::mgbb

#endif  // SANDTABLE_RULESETS_MGBB_MGBB_UNITS_H_
