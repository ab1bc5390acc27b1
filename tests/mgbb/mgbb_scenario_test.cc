#include "rulesets/mgbb/mgbb_scenario.h"

#include <random>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "gtest/gtest.h"

namespace sandtable::mgbb {
namespace {

std::string_view BuiltIn(std::string_view name) {
  for (const auto& [n, text] : BuiltInScenarios()) {
    if (n == name) return text;
  }
  ADD_FAILURE() << "no built-in scenario " << name;
  return {};
}

int Count(const Scenario& s, Side side, UnitType type) {
  int n = 0;
  for (const PlacedUnit& p : s.units) n += p.unit.side == side && p.unit.type == type;
  return n;
}

const PlacedUnit* UnitAt(const Scenario& s, int x, int y) {
  for (const PlacedUnit& p : s.units) {
    if (p.x == x && p.y == y) return &p;
  }
  return nullptr;
}

TEST(ScenarioTest, ElectionDayIsTheRulingsDefault) {
  absl::StatusOr<Scenario> s = ParseScenario(BuiltIn("election_day"));
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->name, "election_day");
  EXPECT_EQ(s->width, 24);
  EXPECT_EQ(s->height, 16);
  EXPECT_EQ(s->turns, 8);
  EXPECT_FALSE(s->nighttime);
  EXPECT_EQ(s->victory, VictoryRule::kElectionDay);
  EXPECT_TRUE(s->markers.empty());
  int objectives = 0, roads = 0;
  for (const MapCell& c : s->cells) {
    objectives += c.objective;
    roads += c.road;
    if (c.objective) {
      EXPECT_TRUE(c.terrain);
    }
  }
  EXPECT_EQ(objectives, 2);
  EXPECT_EQ(roads, 16);                                    // the road crosses the table
  EXPECT_TRUE(s->At(12, 7).road && s->At(12, 7).terrain);  // through the town block

  const Side gov = Side::kGovernment, ins = Side::kInsurgents;
  EXPECT_EQ(Count(*s, gov, UnitType::kCommander), 1);
  EXPECT_EQ(Count(*s, gov, UnitType::kFoot), 4);  // 3 Regular Army and the Police
  EXPECT_EQ(Count(*s, gov, UnitType::kMachineGun), 1);
  EXPECT_EQ(Count(*s, gov, UnitType::kVehicle), 1);
  EXPECT_EQ(Count(*s, ins, UnitType::kCommander), 1);
  EXPECT_EQ(Count(*s, ins, UnitType::kFoot), 5);  // 4 Guerrilla and the mob
  EXPECT_EQ(Count(*s, ins, UnitType::kMachineGun), 1);
  EXPECT_EQ(Count(*s, ins, UnitType::kScouts), 1);
  EXPECT_EQ(s->units.size(), 15u);
  int regular_rifles = 0, guerrilla_assault = 0;
  for (const PlacedUnit& p : s->units) {
    const Unit& u = p.unit;
    if (u.type == UnitType::kCommander) {
      EXPECT_EQ(u.trait, u.side == gov ? CommanderTrait::kDefensive : CommanderTrait::kCharismatic);
    }
    if (u.type != UnitType::kFoot) continue;
    regular_rifles += u.unit_class == UnitClass::kRegularArmy && u.weapon == Weapon::kRifle;
    guerrilla_assault +=
        u.unit_class == UnitClass::kGuerrillaMilitia && u.weapon == Weapon::kAssaultRifle;
  }
  EXPECT_EQ(regular_rifles, 3);
  EXPECT_EQ(guerrilla_assault, 4);
  const PlacedUnit* police = UnitAt(*s, 10, 7);
  ASSERT_NE(police, nullptr);
  EXPECT_EQ(police->unit.unit_class, UnitClass::kParamilitaryPolice);
  EXPECT_TRUE(s->At(10, 7).objective);
  const PlacedUnit* car = UnitAt(*s, 12, 14);
  ASSERT_NE(car, nullptr);
  EXPECT_EQ(car->unit.armour, Armour::kStandard);
  EXPECT_EQ(car->unit.speed, VehicleSpeed::kStandard);
  EXPECT_EQ(car->facing, Facing::kN);
  const PlacedUnit* mob = UnitAt(*s, 12, 4);
  ASSERT_NE(mob, nullptr);
  EXPECT_EQ(mob->unit.unit_class, UnitClass::kArmedCivilianMob);
  EXPECT_EQ(mob->unit.side, ins);
  EXPECT_EQ(mob->facing, Facing::kS);
}

TEST(ScenarioTest, NightAssaultUsesWhatElectionDayDoesNot) {
  absl::StatusOr<Scenario> s = ParseScenario(BuiltIn("night_assault"));
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_TRUE(s->nighttime);
  EXPECT_EQ(s->units.size(), 16u);
  EXPECT_EQ(s->units[7].unit.type, UnitType::kGroundAttackAircraft);  // the sortie, g8
  EXPECT_EQ(s->markers.size(), 2u);
  EXPECT_EQ(s->markers[0], (Marker{MarkerKind::kSmoke, 10, 8}));
  EXPECT_EQ(s->At(11, 10), (MapCell{true, false, true, Works::kFortification, 2}));
  EXPECT_EQ(s->At(10, 8).works, Works::kBattlefieldDefence);
  EXPECT_EQ(s->At(7, 7).height, 1);
  EXPECT_EQ(s->At(12, 12), (MapCell{false, true, false, Works::kNone, 2}));
  const PlacedUnit* tank = UnitAt(*s, 12, 13);
  ASSERT_NE(tank, nullptr);
  EXPECT_EQ(tank->unit.type, UnitType::kVehicle);
  EXPECT_EQ(tank->unit.armour, Armour::kEnhanced);
  EXPECT_EQ(tank->unit.anti_tank, AntiTank::kEnhanced);
  EXPECT_EQ(tank->unit.running, Running::kFullyTracked);
  EXPECT_TRUE(tank->unit.capabilities.night_fighting_technology);
  EXPECT_TRUE(tank->unit.capabilities.stabilization);
  const PlacedUnit* gun = UnitAt(*s, 20, 2);
  ASSERT_NE(gun, nullptr);
  EXPECT_EQ(gun->unit.type, UnitType::kAntiTankGun);
  EXPECT_TRUE(gun->unit.limbered);
  const PlacedUnit* mortar = UnitAt(*s, 12, 2);
  ASSERT_NE(mortar, nullptr);
  EXPECT_EQ(mortar->unit.artillery, Artillery::kMortarLight);
  const PlacedUnit* hit = UnitAt(*s, 3, 2);
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->unit.hit_tokens, 1);
  EXPECT_EQ(hit->unit.formation, Formation::k2R);
  EXPECT_TRUE(hit->unit.grade.fresh);
  EXPECT_EQ(hit->facing, Facing::kSE);
  const PlacedUnit* horse = UnitAt(*s, 2, 6);
  ASSERT_NE(horse, nullptr);
  EXPECT_EQ(horse->unit.weapon, Weapon::kBow);
  EXPECT_TRUE(horse->unit.moved_last_turn);
  EXPECT_TRUE(horse->unit.capabilities.shock_charge);
}

TEST(ScenarioTest, DefaultsAreTheRulings) {
  const Scenario s;
  EXPECT_EQ(s.width, 24);
  EXPECT_EQ(s.height, 16);
  EXPECT_EQ(s.cells.size(), 24u * 16u);
  EXPECT_EQ(s.turns, 8);
}

TEST(ScenarioTest, RoundTripsTheBuiltIns) {
  for (const auto& [name, text] : BuiltInScenarios()) {
    absl::StatusOr<Scenario> s = ParseScenario(text);
    ASSERT_TRUE(s.ok()) << name << ": " << s.status();
    const std::string written = ScenarioToText(*s);
    absl::StatusOr<Scenario> again = ParseScenario(written);
    ASSERT_TRUE(again.ok()) << name << ": " << again.status() << "\n" << written;
    EXPECT_EQ(*again, *s) << name;
    EXPECT_EQ(ScenarioToText(*again), written) << name;
  }
}

// Every field of the record set away from its default, and every kind of cell.
TEST(ScenarioTest, RoundTripsEveryFieldAndCell) {
  absl::StatusOr<Scenario> s = ParseScenario(BuiltIn("night_assault"));
  ASSERT_TRUE(s.ok()) << s.status();
  int i = 0;
  for (MapCell& c : s->cells) {
    c = MapCell{(i & 1) != 0, (i & 2) != 0, (i & 4) != 0, static_cast<Works>((i >> 3) % 3),
                static_cast<uint8_t>((i / 24) % (kMaxHeight + 1))};
    ++i;
  }
  Unit& u = s->units[1].unit;
  u.grade = Grade{false, true, true, true, true};
  u.capabilities =
      Capabilities{true, true, true, false, true, true, true, true, true, true, false, true};
  u.hit_tokens = 3;
  u.moved_last_turn = true;
  u.weapon = Weapon::kSingleShot;
  s->units[2].unit.artillery = Artillery::kMortarHeavy;
  s->units[2].unit.type = UnitType::kArtillery;
  s->units[2].unit.limbered = true;
  s->units[2].facing = Facing::kNW;
  s->markers.push_back({MarkerKind::kGas, 0, 0});
  s->markers.push_back({MarkerKind::kSmoke, 23, 15});
  s->name = "a name with spaces";
  s->turns = 12;
  const std::string written = ScenarioToText(*s);
  absl::StatusOr<Scenario> again = ParseScenario(written);
  ASSERT_TRUE(again.ok()) << again.status() << "\n" << written;
  EXPECT_EQ(*again, *s);
}

// A small valid scenario the error tests change one line of.
constexpr std::string_view kSmall = R"(ruleset mgbb
name small
legend . open
legend * terrain objective
map
....
.*..
....
end
unit side=government class=regular type=commander trait=defensive at=0,2
unit side=government class=regular type=foot at=1,2
unit side=insurgents class=guerrilla type=commander trait=rash at=0,0
)";

// The error ParseScenario gives for kSmall with `from` replaced by `to` (or `to` appended).
std::string ErrorOf(std::string_view from, std::string_view to) {
  std::string text(kSmall);
  if (from.empty()) {
    text.append(to).append("\n");
  } else if (const size_t at = text.find(from); at != std::string::npos) {
    text.replace(at, from.size(), to);
  }
  EXPECT_NE(text, kSmall) << "the change did not apply: " << from;
  absl::StatusOr<Scenario> s = ParseScenario(text);
  if (s.ok()) return "parsed";
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(s.status().message());
}

TEST(ScenarioTest, SmallParses) { EXPECT_TRUE(ParseScenario(kSmall).ok()); }

TEST(ScenarioTest, FacingDefaultsTowardTheEnemy) {
  absl::StatusOr<Scenario> s = ParseScenario(kSmall);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->units[0].facing, Facing::kN);  // government
  EXPECT_EQ(s->units[2].facing, Facing::kS);  // insurgents
  EXPECT_EQ(s->units[1].unit.weapon, Weapon::kRifle);
  EXPECT_EQ(s->units[0].unit.weapon, Weapon::kNone);  // a commander carries no small arms
}

TEST(ScenarioErrorTest, RepeatedStatement) {
  EXPECT_NE(ErrorOf("", "night\nnight").find("line 14:"), std::string::npos);
}

TEST(ScenarioErrorTest, UnknownKeyword) {
  EXPECT_EQ(ErrorOf("", "tank at=1,1").substr(0, 8), "line 13:");
}

TEST(ScenarioErrorTest, OtherRuleset) {
  EXPECT_EQ(ErrorOf("ruleset mgbb", "ruleset quick"),
            "line 1: this scenario is for 'quick', not mgbb");
}

TEST(ScenarioErrorTest, UnknownField) {
  EXPECT_NE(ErrorOf("type=foot at=1,2", "type=foot colour=red at=1,2").find("line 11:"),
            std::string::npos);
}

TEST(ScenarioErrorTest, UnknownWordInAField) {
  EXPECT_EQ(ErrorOf("class=regular type=foot", "class=marines type=foot"),
            "line 11: class: unknown 'marines' (one of regular, police, guerrilla, tribal, mob, "
            "armed-mob)");
  EXPECT_EQ(ErrorOf("type=foot at=1,2", "type=foot facing=up at=1,2"),
            "line 11: facing: unknown 'up' (one of N, NE, E, SE, S, SW, W, NW)");
  EXPECT_EQ(ErrorOf("type=foot at=1,2", "type=foot grade=raw,elite at=1,2").substr(0, 31),
            "line 11: grade: unknown 'elite'");
  EXPECT_EQ(ErrorOf("type=foot at=1,2", "type=foot capabilities=flying at=1,2").substr(0, 39),
            "line 11: capabilities: unknown 'flying'");
  EXPECT_EQ(ErrorOf("type=foot at=1,2", "type=foot grade=raw,raw at=1,2"),
            "line 11: grade: 'raw' given twice");
  EXPECT_EQ(ErrorOf("", "victory annihilation"),
            "line 13: victory: unknown 'annihilation' (one of election-day)");
}

TEST(ScenarioErrorTest, BadNumber) {
  EXPECT_NE(ErrorOf("type=foot at=1,2", "type=foot hits=4 at=1,2").find("line 11:"),
            std::string::npos);
  EXPECT_NE(ErrorOf("", "turns 0").find("line 13:"), std::string::npos);
  EXPECT_NE(ErrorOf("", "turns eight").find("line 13:"), std::string::npos);
}

TEST(ScenarioErrorTest, NightTakesNothing) {
  EXPECT_NE(ErrorOf("", "night yes").find("line 13:"), std::string::npos);
}

TEST(ScenarioErrorTest, OffMap) {
  EXPECT_EQ(ErrorOf("type=foot at=1,2", "type=foot at=4,2"),
            "line 11: at=4,2 is off the 4 x 3 map (cells count from 0)");
  EXPECT_EQ(ErrorOf("", "smoke at=0,-1"),
            "line 13: at=0,-1 is off the 4 x 3 map (cells count from 0)");
}

TEST(ScenarioErrorTest, TwoUnitsOnOneCell) {
  EXPECT_EQ(ErrorOf("type=foot at=1,2", "type=foot at=0,2"),
            "line 11: at=0,2 already holds a unit (one unit per cell)");
}

TEST(ScenarioErrorTest, TwoMarkersOfAKindOnOneCell) {
  EXPECT_EQ(ErrorOf("", "smoke at=1,1\ngas at=1,1\nsmoke at=1,1"),
            "line 15: smoke at=1,1 is given twice");
}

TEST(ScenarioErrorTest, SideWithoutCommander) {
  // The error names the side's first unit.
  EXPECT_EQ(ErrorOf("type=commander trait=rash", "type=foot"),
            "line 12: side insurgents has no commander");
  EXPECT_EQ(ErrorOf("unit side=insurgents class=guerrilla type=commander trait=rash at=0,0\n", ""),
            "scenario: side insurgents has no commander");
}

TEST(ScenarioErrorTest, SecondCommander) {
  EXPECT_EQ(ErrorOf("", "unit side=insurgents class=guerrilla type=commander trait=hated at=3,0"),
            "line 13: side insurgents has a second commander (one a side)");
}

TEST(ScenarioErrorTest, MissingUnitField) {
  EXPECT_NE(ErrorOf("class=regular type=foot", "type=foot").find("line 11:"), std::string::npos);
}

TEST(ScenarioErrorTest, ImpossibleCombinations) {
  const std::string_view foot = "type=foot at=1,2";
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"type=artillery at=1,2", "artillery= is required for type=artillery and only for it"},
      {"type=foot artillery=horse at=1,2",
       "artillery= is required for type=artillery and only for it"},
      {"type=anti-tank-gun at=1,2",
       "type=anti-tank-gun needs anti-tank=light, standard or enhanced"},
      {"type=foot anti-tank=light at=1,2", "anti-tank= is for anti-tank guns and vehicles' guns"},
      {"type=vehicle at=1,2", "speed= is required for type=vehicle and only for it"},
      {"type=foot speed=fast at=1,2", "speed= is required for type=vehicle and only for it"},
      {"type=foot armour=light at=1,2",
       "armour=, running= and stabilization are for vehicles only"},
      {"type=foot capabilities=stabilization at=1,2",
       "armour=, running= and stabilization are for vehicles only"},
      {"type=foot limbered=yes at=1,2", "limbered=yes is for artillery and anti-tank guns only"},
      {"type=foot trait=rash at=1,2", "trait= is required for type=commander and only for it"},
      {"type=foot weapon=bow at=1,2", "weapon=bow: only tribal units use bows"},
      {"type=cavalry capabilities=cavalry-defence at=1,2",
       "cavalry-defence is foot's defence against cavalry: type=foot only"},
      {"type=foot capabilities=scoutmaster at=1,2", "scoutmaster leads scouts: type=scouts only"},
      {"type=foot grade=raw,battle-hard at=1,2", "grade: raw and battle-hard contradict"},
      {"type=aircraft at=1,2", "type=aircraft: a sortie is off the table (no at= or facing=)"},
      {"type=aircraft facing=S", "type=aircraft: a sortie is off the table (no at= or facing=)"},
      {"type=aircraft hits=1", "type=aircraft takes no hits=, moved= or formation="},
      {"type=aircraft formation=2R", "type=aircraft takes no hits=, moved= or formation="},
  };
  for (const auto& [to, message] : cases) {
    EXPECT_EQ(ErrorOf(foot, to), "line 11: " + std::string(message)) << to;
  }
  EXPECT_EQ(ErrorOf("class=regular type=foot", "class=mob type=cavalry"),
            "line 11: civilian mobs are type=foot");
  EXPECT_EQ(ErrorOf("type=commander trait=defensive", "type=commander"),
            "line 10: trait= is required for type=commander and only for it");
}

TEST(ScenarioErrorTest, MapErrors) {
  EXPECT_EQ(ErrorOf("legend . open", "legend . meadow").substr(0, 44),
            "line 6: map character '.' has unknown word '");
  EXPECT_EQ(ErrorOf("legend . open", "legend . terrain terrain"),
            "line 6: map character '.' has 'terrain' twice");
  EXPECT_EQ(ErrorOf("legend . open", "legend . h1 h2"),
            "line 6: map character '.' has more than one height");
  EXPECT_EQ(ErrorOf("legend . open", "legend . h3").substr(0, 44),
            "line 6: map character '.' has unknown word '");
  EXPECT_EQ(ErrorOf("legend . open", "legend . fortification defence"),
            "line 6: map character '.' has both fortification and defence (a cell holds one kind "
            "of works)");
  EXPECT_EQ(ErrorOf(".*..", "...."), "line 5: the map has no objective cell (the polling station)");
  EXPECT_EQ(ErrorOf("map\n", "map hex\n"),
            "line 5: this ruleset plays on a square grid, not a hex map");
  EXPECT_EQ(ErrorOf("map\n....\n.*..\n....\nend", "map\n.*\nend").substr(0, 18),
            "line 5: the map is");
  EXPECT_EQ(ErrorOf("map\n....\n.*..\n....\nend\n", ""),
            "scenario: no map block (a line 'map', the rows, a line 'end')");
}

// Random byte edits of the shipped scenarios: each either parses or gives an error, and what
// parses writes back to itself.
TEST(ScenarioTest, MutatedTextsNeverCrash) {
  std::mt19937 random(20261128);
  constexpr std::string_view kPieces[] = {"=",  ",",      " ",   "\n",        "-1",
                                          "99", "unit",   "map", "end",       "#",
                                          "x=", "legend", "h2",  "commander", "at=0,0"};
  int parsed = 0;
  for (const auto& [name, text] : BuiltInScenarios()) {
    for (int trial = 0; trial < 400; ++trial) {
      std::string mutated(text);
      const int edits = 1 + static_cast<int>(random() % 4);
      for (int e = 0; e < edits; ++e) {
        const size_t at = random() % mutated.size();
        switch (random() % 4) {
          case 0:
            mutated.erase(at, 1 + random() % 8);
            break;
          case 1:
            mutated.insert(at, kPieces[random() % std::size(kPieces)]);
            break;
          case 2:
            mutated[at] = static_cast<char>(32 + random() % 95);
            break;
          default:
            mutated[at] = static_cast<char>(random() % 256);
            break;
        }
        if (mutated.empty()) mutated = "x";
      }
      absl::StatusOr<Scenario> s = ParseScenario(mutated);
      if (!s.ok()) {
        EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
        continue;
      }
      ++parsed;
      absl::StatusOr<Scenario> again = ParseScenario(ScenarioToText(*s));
      ASSERT_TRUE(again.ok()) << again.status();
      EXPECT_EQ(*again, *s);
    }
  }
  EXPECT_GT(parsed, 0);  // some edits (in comments, say) leave a valid scenario
}

}  // namespace
}  // namespace sandtable::mgbb
