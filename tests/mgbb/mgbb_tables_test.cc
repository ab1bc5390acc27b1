#include "rulesets/mgbb/mgbb_tables.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace sandtable::mgbb {
namespace {

// A copy of `context` changed by `change`: each case names only what differs from the
// table's baseline, where no row holds.
template <typename C, typename F>
C With(C context, F change) {
  change(context);
  return context;
}

template <typename C>
std::vector<std::string> Names(const RuleResult<C>& result) {
  std::vector<std::string> names;
  for (const AppliedRow<C>& applied : result.applied) names.push_back(applied.row->name);
  return names;
}

// Checks cases against one table and, at the end, that every row had a case.
template <typename C>
class TableCheck {
 public:
  explicit TableCheck(const RuleTable<C>& table) : table_(table) {}

  // Exactly `row` applies, and turns `base` into `value`.
  void Only(const C& context, int base, const std::string& row, int value) {
    SCOPED_TRACE(row);
    const RuleResult<C> result = table_.Apply(base, context);
    EXPECT_EQ(Names(result), std::vector<std::string>{row});
    EXPECT_EQ(result.value, value);
    checked_.insert(row);
  }

  // Rows that can only hold together: exactly `rows` apply, and turn `base` into `value`.
  void Together(const C& context, int base, const std::vector<std::string>& rows, int value) {
    SCOPED_TRACE(rows.front());
    const RuleResult<C> result = table_.Apply(base, context);
    EXPECT_EQ(Names(result), rows);
    EXPECT_EQ(result.value, value);
    checked_.insert(rows.begin(), rows.end());
  }

  // For a lookup table: the first row that holds is `row`, of value `value`.
  void Looks(const C& context, const std::string& row, int value) {
    SCOPED_TRACE(row);
    const RuleRow<C>* found = table_.Lookup(context);
    ASSERT_NE(found, nullptr);
    EXPECT_EQ(found->name, row);
    EXPECT_EQ(found->effect.amount, value);
    checked_.insert(row);
  }

  void None(const C& context) { EXPECT_TRUE(table_.Matching(context).empty()); }

  void ExpectEveryRowChecked() const {
    for (const RuleRow<C>& row : table_.rows()) {
      EXPECT_TRUE(checked_.contains(row.name)) << "no case for: " << row.name;
      EXPECT_FALSE(row.citation.empty()) << row.name;
    }
  }

 private:
  const RuleTable<C>& table_;
  std::set<std::string> checked_;
};

Unit Foot() { return Unit{}; }  // Regular Army foot, rifles, 1R
Unit Of(UnitType type) { return Unit{.type = type}; }
Unit Vehicle(Armour armour) { return Unit{.type = UnitType::kVehicle, .armour = armour}; }
Unit Gun(AntiTank anti_tank) {
  return Unit{.type = UnitType::kAntiTankGun, .anti_tank = anti_tank};
}
Unit Guns(Artillery kind) { return Unit{.type = UnitType::kArtillery, .artillery = kind}; }
Unit Deep(Unit unit) {
  unit.formation = Formation::k2R;
  return unit;
}

TEST(MgbbTablesTest, CommonToHitFactors) {
  TableCheck<CombatContext> t(CommonToHitFactors());
  const CombatContext base{.unit = Foot(), .opponent = Foot()};
  t.None(base);
  t.Only(With(base, [](auto& c) { c.unit.type = UnitType::kScouts; }), 4,
         "scouts or civilians of any type", 2);
  t.Only(With(base, [](auto& c) { c.unit.unit_class = UnitClass::kCivilianMob; }), 4,
         "scouts or civilians of any type", 2);
  t.Only(With(base, [](auto& c) { c.nighttime = true; }), 4, "nighttime", 2);
  t.Only(With(base, [](auto& c) { c.unit.grade.limited = true; }), 4, "limited unit", 3);
  t.Only(With(base, [](auto& c) { c.unit.grade.raw = true; }), 4, "raw unit", 3);
  t.Only(With(base, [](auto& c) { c.unit.hit_tokens = 2; }), 4, "each hit token", 2);
  t.Only(With(base,
              [](auto& c) {
                c.leader = {CommanderTrait::kHated, true};
              }),
         4, "led by a hated commander in command distance", 3);
  t.None(With(base, [](auto& c) { c.leader = {CommanderTrait::kHated, false}; }));
  t.Only(With(base, [](auto& c) { c.unit.grade.battle_hard = true; }), 4, "battle hard unit", 5);
  t.Only(With(base, [](auto& c) { c.unit.grade.fresh = true; }), 4, "fresh unit", 5);
  t.Only(With(base, [](auto& c) { c.opponent.unit_class = UnitClass::kGuerrillaMilitia; }), 4,
         "Regular Army against other than Regular Army", 5);
  t.Only(With(base, [](auto& c) { c.unit.grade.reinforced = true; }), 4, "reinforced unit", 6);
  t.ExpectEveryRowChecked();
}

TEST(MgbbTablesTest, ShootingToHitFactors) {
  TableCheck<ShootingContext> t(ShootingToHitFactors());
  ShootingContext base;
  t.None(base);
  t.Only(With(base, [](auto& c) { c.unit.formation = Formation::k2R; }), 4, "shooters are 2R", 2);
  t.Only(With(base, [](auto& c) { c.unit.weapon = Weapon::kSingleShot; }), 4, "single shot weapon",
         2);
  t.Only(With(base, [](auto& c) { c.target_in_terrain = true; }), 4, "target in any terrain", 2);
  const std::string moved =
      "artillery (not horse), vehicle or cavalry that moved in the previous turn";
  for (const Unit& unit :
       {Guns(Artillery::kFieldGunLight), Of(UnitType::kVehicle), Of(UnitType::kCavalry)}) {
    t.Only(With(base,
                [&](auto& c) {
                  c.unit = unit;
                  c.unit.moved_last_turn = true;
                }),
           4, moved, 2);
  }
  t.None(With(base, [](auto& c) {
    c.unit = Guns(Artillery::kHorse);
    c.unit.moved_last_turn = true;
  }));
  t.Only(With(base, [](auto& c) { c.unit = Gun(AntiTank::kEnhanced); }), 4,
         "enhanced anti-tank gun", 2);
  t.Only(With(base, [](auto& c) { c.returning_fire = true; }), 4,
         "returning fire while not activated", 2);
  t.Only(With(base, [](auto& c) { c.smoke = true; }), 4,
         "shooters or target under a smoke bombardment", 2);
  t.Only(With(base, [](auto& c) { c.opponent = Of(UnitType::kScouts); }), 4,
         "target is scouts or artillery", 3);
  // Artillery shooting at artillery is always also a target that is artillery: -2 in all.
  t.Together(With(base,
                  [](auto& c) {
                    c.unit = Guns(Artillery::kMortarLight);
                    c.opponent = Guns(Artillery::kFieldGunHeavy);
                  }),
             4, {"target is scouts or artillery", "artillery shooting at scouts or artillery"}, 2);
  t.Only(With(base,
              [](auto& c) {
                c.unit = Guns(Artillery::kHorse);
                c.crash_firing = true;
              }),
         4, "horse artillery crash firing", 3);
  t.Only(With(base, [](auto& c) { c.unit = Gun(AntiTank::kStandard); }), 4,
         "standard anti-tank gun", 3);
  t.Only(With(base,
              [](auto& c) {
                c.unit = Guns(Artillery::kFieldGunMedium);
                c.opponent.formation = Formation::k2R;
              }),
         4, "target 2R in the open, shooters artillery or anti-tank gun", 5);
  t.None(With(base, [](auto& c) { c.opponent.formation = Formation::k2R; }));
  t.Only(With(base, [](auto& c) { c.unit.weapon = Weapon::kBow; }), 4,
         "bows against foot or cavalry", 5);
  t.Only(With(base,
              [](auto& c) {
                c.nighttime = true;
                c.unit.capabilities.night_fighting_training = true;
              }),
         4, "nighttime and night fighting trained", 5);
  t.None(With(base, [](auto& c) { c.unit.capabilities.night_fighting_training = true; }));
  t.Only(With(base, [](auto& c) { c.unit.capabilities.rapid_loading = true; }), 4,
         "rapid loading technology", 5);
  for (Weapon weapon : {Weapon::kAssaultRifle, Weapon::kSubMachineGun}) {
    t.Only(With(base, [&](auto& c) { c.unit.weapon = weapon; }), 4,
           "assault rifle or sub-machine gun", 5);
  }
  t.Only(With(base, [](auto& c) { c.unit = Of(UnitType::kMachineGun); }), 4,
         "machine gun, not sub-machine gun", 6);
  t.Only(With(base, [](auto& c) { c.unit.capabilities.shooting = true; }), 4, "shooting capability",
         6);
  t.Only(With(base,
              [](auto& c) {
                c.nighttime = true;
                c.unit.capabilities.night_fighting_technology = true;
              }),
         4, "nighttime and night fighting technology", 6);
  t.Only(With(base, [](auto& c) { c.unit.capabilities.stabilization = true; }), 4,
         "stabilization capability", 6);
  // 2/3: one die lost per full 3, so 6 dice become 4.
  t.Only(With(base, [](auto& c) { c.shooter_in_terrain = true; }), 6,
         "shooting from terrain at short range", 4);
  t.None(With(base, [](auto& c) {
    c.shooter_in_terrain = true;
    c.shooter_in_fortification = true;
  }));
  t.None(With(base, [](auto& c) {
    c.unit = Of(UnitType::kVehicle);
    c.shooter_in_terrain = true;
  }));
  // 1/2: one die lost per full 2, so 5 dice become 3.
  t.Only(With(base, [](auto& c) { c.range = RangeBand::kLong; }), 5, "any shooting at long range",
         3);
  // From terrain at long range is always also long range: halved twice, 8 -> 4 -> 2.
  t.Together(With(base,
                  [](auto& c) {
                    c.range = RangeBand::kLong;
                    c.shooter_in_terrain = true;
                  }),
             8, {"any shooting at long range", "shooting from terrain at long range"}, 2);
  t.Only(With(base,
              [](auto& c) {
                c.unit.unit_class = UnitClass::kParamilitaryPolice;
                c.zero_point_shot = true;
              }),
         4, "Police shooting for 0 action points", 2);
  t.Only(With(base, [](auto& c) { c.unit.unit_class = UnitClass::kArmedCivilianMob; }), 4,
         "armed or rioting civilian mob", 2);
  t.ExpectEveryRowChecked();
}

TEST(MgbbTablesTest, ShootingHitsReceived) {
  TableCheck<ShootingContext> t(ShootingHitsReceived());
  ShootingContext base;
  base.opponent.formation = Formation::k2R;  // a 1R target takes a hit less
  t.None(base);
  t.Only(With(base,
              [](auto& c) {
                c.unit = Gun(AntiTank::kLight);
                c.opponent = Deep(Vehicle(Armour::kEnhanced));
              }),
         3, "light anti-tank gun against enhanced armour", 1);
  t.Only(With(base, [](auto& c) { c.opponent.formation = Formation::k1R; }), 3, "target 1R", 2);
  t.Only(With(base, [](auto& c) { c.opponent.grade.battle_hard = true; }), 3, "target battle hard",
         2);
  t.Only(With(base,
              [](auto& c) {
                c.unit = Gun(AntiTank::kLight);
                c.opponent = Deep(Vehicle(Armour::kStandard));
              }),
         3, "light anti-tank gun against standard armour", 2);
  // At long range, so that the close-range row against vehicles stays out.
  t.Only(With(base,
              [](auto& c) {
                c.unit = Gun(AntiTank::kStandard);
                c.opponent = Deep(Vehicle(Armour::kEnhanced));
                c.range = RangeBand::kLong;
              }),
         3, "standard anti-tank gun against enhanced armour", 2);
  t.Only(With(base, [](auto& c) { c.target_in_cover = true; }), 3,
         "Regular Army or Guerrilla target in cover, not yet fired or fired upon", 2);
  t.None(With(base, [](auto& c) {
    c.target_in_cover = true;
    c.target_fired_or_fired_upon = true;
  }));
  t.Only(With(base, [](auto& c) { c.opponent.grade.raw = true; }), 3, "target raw", 4);
  t.Only(With(base,
              [](auto& c) {
                c.unit = Gun(AntiTank::kStandard);
                c.opponent = Deep(Vehicle(Armour::kLight));
                c.range = RangeBand::kLong;
              }),
         3, "standard anti-tank gun against light armour", 4);
  t.Only(With(base,
              [](auto& c) {
                c.unit = Gun(AntiTank::kEnhanced);
                c.opponent = Deep(Vehicle(Armour::kStandard));
                c.range = RangeBand::kLong;
              }),
         3, "enhanced anti-tank gun against standard armour", 4);
  t.Only(With(base,
              [](auto& c) {
                c.unit = Gun(AntiTank::kStandard);
                c.opponent = Deep(Vehicle(Armour::kNone));
              }),
         3, "vehicle hit at short range by a standard or enhanced anti-tank gun", 4);
  t.None(With(base, [](auto& c) {
    c.unit = Gun(AntiTank::kLight);
    c.opponent = Deep(Vehicle(Armour::kNone));
  }));
  for (UnitType shooter : {UnitType::kMachineGun, UnitType::kGroundAttackAircraft}) {
    t.Only(With(base, [&](auto& c) { c.unit = Of(shooter); }), 3,
           "not a vehicle, hit by a ground attack sortie or machine gun", 4);
  }
  t.Only(With(base, [](auto& c) { c.gas = GasAttack::kLaterOfPlayer; }), 3,
         "gas attack, not the player's first", 4);
  t.Only(With(base,
              [](auto& c) {
                c.unit.capabilities.advanced_anti_tank_round = true;
                c.opponent = Deep(Vehicle(Armour::kNone));
              }),
         3, "advanced anti-tank round against a vehicle", 4);
  t.Only(With(base,
              [](auto& c) {
                c.unit = Gun(AntiTank::kEnhanced);
                c.opponent = Deep(Vehicle(Armour::kLight));
                c.range = RangeBand::kLong;
              }),
         3, "enhanced anti-tank gun against light armour", 5);
  t.Only(With(base, [](auto& c) { c.gas = GasAttack::kFirstOfPlayer; }), 3,
         "the player's first gas attack", 5);
  t.ExpectEveryRowChecked();
}

TEST(MgbbTablesTest, ChargingToHitFactors) {
  TableCheck<MeleeContext> t(ChargingToHitFactors());
  MeleeContext base;
  t.None(base);
  t.Only(With(base,
              [](auto& c) {
                c.unit.capabilities.cavalry_defence = true;
                c.opponent = Of(UnitType::kCavalry);
              }),
         4, "foot cavalry defence against cavalry, foot did not move or charge last turn", 6);
  t.None(With(base, [](auto& c) {
    c.unit.capabilities.cavalry_defence = true;
    c.unit.moved_last_turn = true;
    c.opponent = Of(UnitType::kCavalry);
  }));
  t.Only(With(base,
              [](auto& c) {
                c.unit.capabilities.infantry_anti_tank_defence = true;
                c.opponent = Of(UnitType::kVehicle);
              }),
         4, "infantry anti-tank defence against vehicles", 6);
  t.Only(With(base, [](auto& c) { c.unit.formation = Formation::k2R; }), 4, "2R", 6);
  t.Only(With(base,
              [](auto& c) {
                c.unit.capabilities.assault_engineers = true;
                c.opponent_in_fortification = true;
              }),
         4, "assault engineers against fortifications", 6);
  t.Only(With(base, [](auto& c) { c.in_fortification = true; }), 4, "defending fortifications", 6);
  t.Only(With(base, [](auto& c) { c.unit.capabilities.shock_charge = true; }), 4,
         "shock charge ability, not foot against cavalry", 5);
  t.None(With(base, [](auto& c) {
    c.unit.capabilities.shock_charge = true;
    c.opponent = Of(UnitType::kCavalry);
  }));
  t.Only(With(base, [](auto& c) { c.unit.capabilities.infantry_anti_tank_defence = true; }), 4,
         "infantry anti-tank defence against other than vehicles", 5);
  t.Only(With(base, [](auto& c) { c.unit.capabilities.assault_engineers = true; }), 4,
         "assault engineers against other than fortifications", 5);
  t.Only(With(base, [](auto& c) { c.uphill = true; }), 4, "uphill", 5);
  t.Only(With(base, [](auto& c) { c.unit.weapon = Weapon::kSubMachineGun; }), 4,
         "assault rifle or sub-machine gun", 5);
  t.Only(With(base,
              [](auto& c) {
                c.leader = {CommanderTrait::kCharismatic, true};
              }),
         4, "led by a charismatic or rash commander in command distance", 5);
  t.Only(With(base,
              [](auto& c) {
                c.leader = {CommanderTrait::kDefensive, true};
              }),
         4, "led by a defensive commander, did not initiate the charge", 5);
  t.None(With(base, [](auto& c) {
    c.leader = {CommanderTrait::kDefensive, true};
    c.initiated_charge = true;
  }));
  t.Only(With(base,
              [](auto& c) {
                c.initiated_charge = true;
                c.in_cover = true;
                c.opponent = Of(UnitType::kVehicle);
              }),
         4, "not assault engineers, in cover, charged vehicles", 3);
  t.Only(With(base,
              [](auto& c) {
                c.initiated_charge = true;
                c.opponent = Of(UnitType::kVehicle);
              }),
         4, "not assault engineers, not in cover, charged vehicles", 2);
  t.Only(With(base, [](auto& c) { c.smoke = true; }), 4,
         "chargers or target under a smoke bombardment", 2);
  t.Only(With(base, [](auto& c) { c.unit = Guns(Artillery::kFieldGunLight); }), 4, "artillery", 2);
  t.Only(With(base, [](auto& c) { c.in_terrain = true; }), 6,
         "fully or partly in terrain, not artillery, tribal or scouts", 4);
  t.None(With(base, [](auto& c) {
    c.in_terrain = true;
    c.unit.unit_class = UnitClass::kTribal;
  }));
  t.ExpectEveryRowChecked();
}

TEST(MgbbTablesTest, ChargeAndHandToHandHitsReceived) {
  TableCheck<MeleeContext> t(ChargeAndHandToHandHitsReceived());
  MeleeContext base;
  t.None(base);
  t.Only(With(base, [](auto& c) { c.opponent = Vehicle(Armour::kEnhanced); }), 3,
         "opponent has enhanced armour", 1);
  t.Only(With(base,
              [](auto& c) {
                c.won = true;
                c.unit = Of(UnitType::kCavalry);
                c.opponent = Vehicle(Armour::kNone);
              }),
         3, "cavalry winners, vehicle losers", 1);
  t.Only(With(base, [](auto& c) { c.opponent.formation = Formation::k2R; }), 3, "opponent 2R", 2);
  t.Only(With(base, [](auto& c) { c.opponent.grade.battle_hard = true; }), 3,
         "opponent battle hard", 2);
  t.Only(With(base, [](auto& c) { c.opponent = Vehicle(Armour::kStandard); }), 3,
         "opponent has standard armour", 2);
  t.Only(With(base, [](auto& c) { c.opponent.grade.raw = true; }), 3, "opponent raw", 4);
  const auto beat_charging_tribal = [](MeleeContext& c) {
    c.won = true;
    c.unit.grade.fresh = true;
    c.opponent.unit_class = UnitClass::kTribal;  // the opponent charged: the unit did not
  };
  t.Only(With(base, beat_charging_tribal), 3,
         "charging tribal lost to fresh non-tribal winners (not scouts)", 4);
  t.None(With(With(base, beat_charging_tribal), [](auto& c) { c.unit.type = UnitType::kScouts; }));
  t.Only(With(base,
              [](auto& c) {
                c.won = true;
                c.initiated_charge = true;
                c.unit.unit_class = UnitClass::kTribal;
              }),
         3, "not tribal, lost to charging tribal", 4);
  t.Only(With(base,
              [](auto& c) {
                c.won = true;
                c.opponent_in_fortification = true;
              }),
         3, "lost fighting in fortifications", 4);
  t.None(With(base, [](auto& c) { c.opponent_in_fortification = true; }));
  t.Only(With(base,
              [](auto& c) {
                c.won = true;
                c.opponent.unit_class = UnitClass::kArmedCivilianMob;
              }),
         3, "losers are civilians of any type", 4);
  t.Only(With(base,
              [](auto& c) {
                c.won = true;
                c.unit = Vehicle(Armour::kNone);
                c.opponent = Of(UnitType::kCavalry);
              }),
         3, "cavalry losers against a vehicle", 5);
  t.ExpectEveryRowChecked();
}

TEST(MgbbTablesTest, HandToHandToHitFactors) {
  TableCheck<MeleeContext> t(HandToHandToHitFactors());
  MeleeContext base;
  t.None(base);
  t.Only(With(base,
              [](auto& c) {
                c.unit.capabilities.cavalry_defence = true;
                c.opponent = Of(UnitType::kCavalry);
              }),
         4, "foot cavalry defence against cavalry, foot did not move or charge last turn", 6);
  const std::string ability =
      "hand-to-hand ability, not against vehicles nor foot against such cavalry";
  t.Only(With(base, [](auto& c) { c.unit.capabilities.hand_to_hand = true; }), 4, ability, 6);
  t.Only(With(base,
              [](auto& c) {
                c.unit.capabilities.hand_to_hand = true;
                c.opponent = Of(UnitType::kCavalry);
              }),
         4, ability, 6);
  t.None(With(base, [](auto& c) {
    c.unit.capabilities.hand_to_hand = true;
    c.opponent = Of(UnitType::kCavalry);
    c.opponent.capabilities.hand_to_hand = true;
  }));
  // Against vehicles every unit but assault engineers also has the -1 or -2 row.
  t.Together(With(base,
                  [](auto& c) {
                    c.unit.capabilities.infantry_anti_tank_defence = true;
                    c.opponent = Of(UnitType::kVehicle);
                  }),
             4,
             {"infantry anti-tank defence against vehicles",
              "not assault engineers, not in cover, against vehicles"},
             4);
  t.Only(With(base,
              [](auto& c) {
                c.unit.capabilities.assault_engineers = true;
                c.opponent_in_fortification = true;
              }),
         4, "assault engineers against fortifications", 6);
  t.Only(With(base, [](auto& c) { c.in_fortification = true; }), 4, "defending fortifications", 6);
  t.Only(With(base, [](auto& c) { c.unit.formation = Formation::k2R; }), 4, "2R", 6);
  t.Only(With(base,
              [](auto& c) {
                c.unit.unit_class = UnitClass::kTribal;
                c.opponent.unit_class = UnitClass::kGuerrillaMilitia;
              }),
         4, "tribal against non-tribal opponents not fresh", 5);
  t.Only(With(base, [](auto& c) { c.unit.capabilities.infantry_anti_tank_defence = true; }), 4,
         "infantry anti-tank defence against other than vehicles", 5);
  t.Only(With(base, [](auto& c) { c.unit.capabilities.assault_engineers = true; }), 4,
         "assault engineers against other than fortifications", 5);
  t.Only(With(base, [](auto& c) { c.uphill = true; }), 4, "uphill", 5);
  t.Only(With(base, [](auto& c) { c.unit.weapon = Weapon::kAssaultRifle; }), 4,
         "assault rifle or sub-machine gun", 5);
  t.Only(With(base,
              [](auto& c) {
                c.leader = {CommanderTrait::kRash, true};
              }),
         4, "led by a charismatic or rash commander in command distance", 5);
  t.None(With(base, [](auto& c) { c.leader = {CommanderTrait::kRash, false}; }));
  t.Only(With(base,
              [](auto& c) {
                c.leader = {CommanderTrait::kDefensive, true};
              }),
         4, "led by a defensive commander, did not initiate the charge", 5);
  t.Only(With(base,
              [](auto& c) {
                c.in_cover = true;
                c.opponent = Of(UnitType::kVehicle);
              }),
         4, "not assault engineers, in cover, against vehicles", 3);
  t.Only(With(base,
              [](auto& c) {
                c.unit.unit_class = UnitClass::kTribal;
                c.opponent.grade.fresh = true;
              }),
         4, "tribal against non-tribal opponents who are fresh", 3);
  t.Only(With(base, [](auto& c) { c.opponent = Of(UnitType::kVehicle); }), 4,
         "not assault engineers, not in cover, against vehicles", 2);
  t.Only(With(base, [](auto& c) { c.in_terrain = true; }), 6,
         "fully or partly in terrain, not artillery, tribal or scouts", 4);
  t.Only(With(base, [](auto& c) { c.unit = Guns(Artillery::kMortarMedium); }), 4, "artillery", 2);
  t.Only(With(base, [](auto& c) { c.unit.unit_class = UnitClass::kArmedCivilianMob; }), 4,
         "armed or rioting civilian mob", 2);
  t.ExpectEveryRowChecked();
}

TEST(MgbbTablesTest, ActionPointCosts) {
  TableCheck<ActionContext> t(ActionPointCosts());
  const ActionContext base;  // a move of 0M costs nothing
  t.None(base);
  Unit deep = Foot();
  deep.formation = Formation::k2R;  // a 2R charge has no charge cost: other rows stand alone
  const ActionContext deep_charge{.unit = deep, .action = Action::kCharge};
  t.None(deep_charge);
  t.Only(With(base, [](auto& c) { c.move_cells = 2; }), 0, "move more than 0M", 1);
  t.Only(With(base, [](auto& c) { c.action = Action::kCharge; }), 0, "charge, unless 2R or tribal",
         1);
  // A tribal move over 1M is always also a move over 0M.
  t.Together(With(base,
                  [](auto& c) {
                    c.unit.unit_class = UnitClass::kTribal;
                    c.move_cells = 3;
                  }),
             0, {"move more than 0M", "tribal moving more than 1M in the open"}, 2);
  t.Only(With(base,
              [](auto& c) {
                c.unit.unit_class = UnitClass::kTribal;
                c.action = Action::kTurn;
              }),
         0, "turn a tribal unit", 1);
  t.Only(With(deep_charge, [](auto& c) { c.through_terrain = true; }), 0,
         "move through terrain, other than tribal foot or scouts", 1);
  t.None(With(deep_charge, [](auto& c) {
    c.through_terrain = true;
    c.unit.type = UnitType::kScouts;
  }));
  t.Only(With(base,
              [](auto& c) {
                c.unit = Of(UnitType::kCavalry);
                c.action = Action::kDisengage;
              }),
         0, "disengage a vehicle, cavalry or scouts", 1);
  t.Only(With(base,
              [](auto& c) {
                c.unit = Guns(Artillery::kFieldGunLight);
                c.action = Action::kLimber;
              }),
         0, "limber up or unlimber artillery", 1);
  t.Only(With(base,
              [](auto& c) {
                c.action = Action::kStayStationary;
                c.leader = CommanderTrait::kRash;
              }),
         0, "rash-led unit remaining stationary, not defending a position", 1);
  t.None(With(base, [](auto& c) {
    c.action = Action::kStayStationary;
    c.leader = CommanderTrait::kRash;
    c.defending_position = true;
  }));
  // Advancing is always also a move over 0M.
  t.Together(With(base,
                  [](auto& c) {
                    c.move_cells = 2;
                    c.leader = CommanderTrait::kCautious;
                    c.nearer_enemy = true;
                  }),
             0,
             {"move more than 0M",
              "cautious-led unit advancing nearer the enemy, not into cover or fortifications"},
             2);
  t.Only(With(deep_charge, [](auto& c) { c.leader = CommanderTrait::kCautious; }), 0,
         "cautious-led unit charging", 1);
  t.Only(With(base, [](auto& c) { c.action = Action::kShoot; }), 0, "shoot", 1);
  t.Only(With(deep_charge, [](auto& c) { c.through_battlefield_defences = true; }), 0,
         "move through battlefield defences, other than assault engineers", 1);
  t.Only(With(base, [](auto& c) { c.action = Action::kTurn; }), 0, "turn a unit other than tribal",
         0);
  t.Only(With(base,
              [](auto& c) {
                c.unit = Of(UnitType::kStaffTeam);
                c.action = Action::kFlee;
              }),
         0, "scouts or staff team attempting to flee", 0);
  t.Only(With(base, [](auto& c) { c.action = Action::kHandToHand; }), 0, "hand-to-hand combat", 0);
  t.Only(With(deep_charge,
              [](auto& c) {
                c.through_battlefield_defences = true;
                c.unit.capabilities.assault_engineers = true;
              }),
         0, "assault engineers moving through battlefield defences", 0);
  t.Only(With(base, [](auto& c) { c.action = Action::kReturnFire; }), 0,
         "return fire while not activated", 0);
  t.Only(With(base,
              [](auto& c) {
                c.unit.unit_class = UnitClass::kParamilitaryPolice;
                c.action = Action::kShoot;
                c.zero_point_shot = true;
              }),
         0, "Police electing to shoot for 0 points at half dice", 0);
  t.ExpectEveryRowChecked();
  // Accumulative: a move of 2M through terrain and battlefield defences costs 3.
  EXPECT_EQ(ActionPoints(With(base,
                              [](auto& c) {
                                c.move_cells = 4;
                                c.through_terrain = true;
                                c.through_battlefield_defences = true;
                              })),
            3);
}

TEST(MgbbTablesTest, MovementDistances) {
  TableCheck<MovementContext> t(MovementDistances());
  const MovementContext base;  // Regular Army foot in command distance, in the open
  t.Looks(With(base, [](auto& c) { c.in_command_distance = false; }),
          "must start in command distance of the commander to move", 0);
  t.Looks(With(base,
               [](auto& c) {
                 c.unit = Of(UnitType::kCavalry);
                 c.disengage = true;
               }),
          "cavalry (including tribal) disengage 1M", 1);
  t.Looks(With(base,
               [](auto& c) {
                 c.unit = Of(UnitType::kCavalry);
                 c.in_or_through_terrain = true;
               }),
          "foot and cavalry in or through terrain limited to 1M (not tribal)", 1);
  t.Looks(With(base,
               [](auto& c) {
                 c.unit = Of(UnitType::kScouts);
                 c.unit.capabilities.scoutmaster = true;
               }),
          "scouts led by a scoutmaster, not in or through terrain, 3M", 3);
  t.Looks(With(base,
               [](auto& c) {
                 c.unit = Of(UnitType::kScouts);
                 c.unit.capabilities.scoutmaster = true;
                 c.in_or_through_terrain = true;
               }),
          "scouts 2M, including in terrain", 2);
  t.Looks(With(base,
               [](auto& c) {
                 c.unit.unit_class = UnitClass::kTribal;
                 c.in_or_through_terrain = true;
               }),
          "tribal 2M, including in terrain", 2);
  t.Looks(With(base, [](auto& c) { c.unit = Of(UnitType::kCavalry); }), "cavalry 2M", 2);
  t.Looks(base, "foot 1M", 1);
  const std::pair<VehicleSpeed, std::string> speeds[] = {
      {VehicleSpeed::kSlow, "vehicle slow 1M"},
      {VehicleSpeed::kStandard, "vehicle standard 2M"},
      {VehicleSpeed::kFast, "vehicle fast 3M"}};
  for (int m = 1; const auto& entry : speeds) {  // no structured binding: clang cannot capture one
    t.Looks(With(base,
                 [&](auto& c) {
                   c.unit = Of(UnitType::kVehicle);
                   c.unit.speed = entry.first;
                 }),
            entry.second, m++);
  }
  t.Looks(With(base, [](auto& c) { c.unit = Guns(Artillery::kFieldGunLight); }),
          "any unit can always move up to 1M", 1);
  t.ExpectEveryRowChecked();

  TableCheck<MovementContext> adjust(MovementAdjustments());
  adjust.None(base);
  adjust.Only(With(base, [](auto& c) { c.fully_along_road = true; }), 1, "fully along a road +1M",
              2);
  const MovementContext wheeled_in_terrain = With(base, [](auto& c) {
    c.unit = Of(UnitType::kVehicle);
    c.unit.speed = VehicleSpeed::kFast;
    c.in_or_through_terrain = true;
  });
  adjust.Only(wheeled_in_terrain, 3,
              "vehicle through terrain -1M (not fully tracked or armoured train)", 2);
  adjust.None(With(wheeled_in_terrain, [](auto& c) { c.unit.running = Running::kFullyTracked; }));
  adjust.None(With(wheeled_in_terrain, [](auto& c) { c.unit.running = Running::kArmouredTrain; }));
  adjust.ExpectEveryRowChecked();

  // Combined: the distance, the adjustments, and the 1M every unit may move.
  EXPECT_EQ(MovementM(wheeled_in_terrain), 2);
  EXPECT_EQ(
      MovementM(With(wheeled_in_terrain, [](auto& c) { c.unit.speed = VehicleSpeed::kSlow; })), 1);
  EXPECT_EQ(MovementM(With(base,
                           [](auto& c) {
                             c.in_or_through_terrain = true;
                             c.fully_along_road = true;
                           })),
            2);
  EXPECT_EQ(MovementM(With(base,
                           [](auto& c) {
                             c.in_command_distance = false;
                             c.fully_along_road = true;
                           })),
            0);
}

TEST(MgbbTablesTest, ShortRanges) {
  TableCheck<Unit> t(ShortRanges());
  t.Looks(Gun(AntiTank::kLight), "light anti-tank capability 2M", 2);
  t.Looks(Gun(AntiTank::kStandard), "standard anti-tank capability 3M", 3);
  t.Looks(Gun(AntiTank::kEnhanced), "enhanced anti-tank capability 4M", 4);
  t.Looks(Guns(Artillery::kMortarHeavy), "artillery (all) 2M", 2);
  t.Looks(Of(UnitType::kMachineGun), "machine guns 2M", 2);
  t.Looks(Of(UnitType::kVehicle), "machine guns 2M", 2);
  t.Looks(Of(UnitType::kCavalry), "cavalry (all) 1M", 1);
  t.Looks(Unit{.weapon = Weapon::kSingleShot}, "single shot weapons 1M", 1);
  for (Weapon weapon : {Weapon::kPistol, Weapon::kAssaultRifle, Weapon::kSubMachineGun}) {
    t.Looks(Unit{.weapon = weapon}, "foot pistols, assault rifles and sub-machine guns 1M", 1);
  }
  for (Weapon weapon : {Weapon::kRifle, Weapon::kBow}) {
    t.Looks(Unit{.weapon = weapon}, "rifles and bows 1M (decision: as the other foot weapons)", 1);
  }
  // A sortie has no range on the sheets.
  EXPECT_EQ(
      ShortRanges().Lookup(Unit{.type = UnitType::kGroundAttackAircraft, .weapon = Weapon::kNone}),
      nullptr);
  t.ExpectEveryRowChecked();
}

TEST(MgbbTablesTest, LongRanges) {
  TableCheck<Unit> t(LongRanges());
  t.Looks(Of(UnitType::kCavalry), "any cavalry not allowed", 0);
  t.Looks(Gun(AntiTank::kLight), "light anti-tank gun 4M", 4);
  t.Looks(Gun(AntiTank::kStandard), "standard anti-tank gun 6M", 6);
  t.Looks(Gun(AntiTank::kEnhanced), "enhanced anti-tank gun 8M", 8);
  t.Looks(Guns(Artillery::kFieldGunLight), "light field gun or howitzer (and horse artillery) 12M",
          12);
  t.Looks(Guns(Artillery::kHorse), "light field gun or howitzer (and horse artillery) 12M", 12);
  t.Looks(Guns(Artillery::kFieldGunMedium), "medium field gun or howitzer 14M", 14);
  t.Looks(Guns(Artillery::kFieldGunHeavy), "heavy field gun or howitzer 16M", 16);
  t.Looks(Guns(Artillery::kMortarLight), "light mortar 3M", 3);
  t.Looks(Guns(Artillery::kMortarMedium), "medium mortar 6M", 6);
  t.Looks(Guns(Artillery::kMortarHeavy), "heavy mortar 9M", 9);
  t.Looks(Of(UnitType::kMachineGun), "machine guns 4M", 4);
  t.Looks(Unit{.weapon = Weapon::kSingleShot}, "single shot weapons not allowed", 0);
  t.Looks(Unit{.weapon = Weapon::kPistol}, "foot pistols and sub-machine guns not allowed", 0);
  t.Looks(Unit{.weapon = Weapon::kSubMachineGun}, "foot pistols and sub-machine guns not allowed",
          0);
  t.Looks(Unit{.weapon = Weapon::kBow}, "foot bows and foot assault rifles 2M", 2);
  t.Looks(Unit{.weapon = Weapon::kAssaultRifle}, "foot bows and foot assault rifles 2M", 2);
  t.Looks(Unit{.weapon = Weapon::kRifle}, "rifles 3M", 3);
  t.ExpectEveryRowChecked();
}

TEST(MgbbTablesTest, ActivationRolls) {
  TableCheck<Unit> t(ActivationRolls());
  t.Looks(Unit{.unit_class = UnitClass::kGuerrillaMilitia, .type = UnitType::kCommander},
          "commanders always activate", 1);
  t.Looks(Of(UnitType::kGroundAttackAircraft), "ground attack aircraft 3+", 3);
  t.Looks(Foot(), "Regular Army automatically", 1);
  t.Looks(Unit{.unit_class = UnitClass::kParamilitaryPolice}, "Para-military Government/Police 2+",
          2);
  for (UnitClass unit_class : {UnitClass::kGuerrillaMilitia, UnitClass::kTribal,
                               UnitClass::kCivilianMob, UnitClass::kArmedCivilianMob}) {
    t.Looks(Unit{.unit_class = unit_class},
            "Guerrilla/Gangland/Irregular Militia (and tribal, civilian mobs) 3+", 3);
  }
  t.ExpectEveryRowChecked();
}

TEST(MgbbTablesTest, Initiative) {
  TableCheck<InitiativeContext> t(InitiativeAdjustments());
  t.None(InitiativeContext{});
  t.Only({.units_with_two_or_more_hit_tokens = 2}, 9, "each unit with 2 or more hit tokens", 7);
  t.Only({.qualifying_scouts = 1}, 9,
         "each scout in command radius with no friendly foot or cavalry forward of it", 11);
  t.ExpectEveryRowChecked();
  EXPECT_EQ(InitiativeDice(0), 1);  // at least 1
  EXPECT_EQ(InitiativeDice(6), 1);
  EXPECT_EQ(InitiativeDice(7), 2);
  EXPECT_EQ(InitiativeDice(13), 3);
}

TEST(MgbbTablesTest, DiceCombineCommonAndPhaseThenFractionsThenAtLeastOne) {
  ShootingContext shot;
  shot.unit = Of(UnitType::kMachineGun);
  shot.unit.grade.fresh = true;
  shot.opponent.unit_class = UnitClass::kGuerrillaMilitia;
  // 4 + 1 fresh + 1 Regular Army + 2 machine gun = 8.
  EXPECT_EQ(ShootingDice(shot), 8);
  // Halved after the additions: 4 (halving the base first would give 6).
  shot.range = RangeBand::kLong;
  EXPECT_EQ(ShootingDice(shot), 4);

  // 4 - 1 raw - 2 tokens - 2 (2R) = -1: still one die.
  ShootingContext weak;
  weak.unit.grade.raw = true;
  weak.unit.hit_tokens = 2;
  weak.unit.formation = Formation::k2R;
  weak.range = RangeBand::kLong;
  EXPECT_EQ(ShootingDice(weak), 1);

  // 4 + 2 (2R) + 1 uphill = 7, then 2/3 in terrain loses 2: 5.
  MeleeContext melee;
  melee.unit.formation = Formation::k2R;
  melee.uphill = true;
  melee.in_terrain = true;
  EXPECT_EQ(ChargeDice(melee), 5);
  EXPECT_EQ(HandToHandDice(melee), 5);
  melee.smoke = true;  // a charging row only
  EXPECT_EQ(ChargeDice(melee), 4);
  EXPECT_EQ(HandToHandDice(melee), 5);
}

TEST(MgbbTablesTest, HitsAppliedAtLeastOneWhenAnyScored) {
  ShootingContext shot;  // a 1R target: one hit less
  shot.opponent.grade.battle_hard = true;
  EXPECT_EQ(ShootingHitsApplied(1, shot), 1);  // 1 - 2, but at least one
  EXPECT_EQ(ShootingHitsApplied(4, shot), 2);
  EXPECT_EQ(ShootingHitsApplied(0, shot), 0);

  MeleeContext melee;
  melee.opponent.grade.raw = true;
  EXPECT_EQ(MeleeHitsApplied(0, melee), 0);  // no hits scored: the +1 adds none
  melee.won = true;
  melee.opponent.unit_class = UnitClass::kCivilianMob;
  EXPECT_EQ(MeleeHitsApplied(2, melee), 4);  // cumulative: +1 raw, +1 civilians
  melee.opponent = Vehicle(Armour::kEnhanced);
  EXPECT_EQ(MeleeHitsApplied(2, melee), 1);
}

}  // namespace
}  // namespace sandtable::mgbb
