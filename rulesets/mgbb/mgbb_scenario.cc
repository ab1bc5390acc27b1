#include "rulesets/mgbb/mgbb_scenario.h"

#include <array>
#include <cstddef>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/scenario_text.h"
#include "engine/text.h"
#include "rulesets/mgbb/embedded_scenarios.h"

namespace sandtable::mgbb {
namespace {

// The words of each enum, in enumerator order.
constexpr std::array<const char*, 2> kSideWords = {"government", "insurgents"};
constexpr std::array<const char*, 6> kClassWords = {"regular", "police", "guerrilla",
                                                    "tribal",  "mob",    "armed-mob"};
constexpr std::array<const char*, 10> kTypeWords = {
    "foot",        "cavalry", "scouts", "artillery", "anti-tank-gun",
    "machine-gun", "vehicle", "staff",  "commander", "aircraft"};
constexpr std::array<const char*, 8> kArtilleryWords = {
    "none",  "light-field",  "medium-field",  "heavy-field",
    "horse", "light-mortar", "medium-mortar", "heavy-mortar"};
constexpr std::array<const char*, 4> kAntiTankWords = {"none", "light", "standard", "enhanced"};
constexpr std::array<const char*, 4> kArmourWords = kAntiTankWords;
constexpr std::array<const char*, 4> kSpeedWords = {"none", "slow", "standard", "fast"};
constexpr std::array<const char*, 3> kRunningWords = {"wheeled", "tracked", "train"};
constexpr std::array<const char*, 7> kWeaponWords = {"none",   "rifle", "assault-rifle", "smg",
                                                     "pistol", "bow",   "single-shot"};
constexpr std::array<const char*, 2> kFormationWords = {"1R", "2R"};
constexpr std::array<const char*, 6> kTraitWords = {"none",     "charismatic", "rash",
                                                    "cautious", "defensive",   "hated"};
constexpr std::array<const char*, 8> kFacingWords = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
constexpr std::array<const char*, 2> kMarkerWords = {"smoke", "gas"};
constexpr std::array<const char*, 1> kVictoryWords = {"election-day"};
constexpr std::array<const char*, 2> kYesNo = {"no", "yes"};

struct GradeFlag {
  const char* word;
  bool Grade::*flag;
};
constexpr std::array<GradeFlag, 5> kGradeFlags = {{{"raw", &Grade::raw},
                                                   {"fresh", &Grade::fresh},
                                                   {"battle-hard", &Grade::battle_hard},
                                                   {"limited", &Grade::limited},
                                                   {"reinforced", &Grade::reinforced}}};

struct CapabilityFlag {
  const char* word;
  bool Capabilities::*flag;
};
constexpr std::array<CapabilityFlag, 12> kCapabilityFlags = {
    {{"night-training", &Capabilities::night_fighting_training},
     {"night-technology", &Capabilities::night_fighting_technology},
     {"shooting", &Capabilities::shooting},
     {"stabilization", &Capabilities::stabilization},
     {"rapid-loading", &Capabilities::rapid_loading},
     {"shock-charge", &Capabilities::shock_charge},
     {"hand-to-hand", &Capabilities::hand_to_hand},
     {"cavalry-defence", &Capabilities::cavalry_defence},
     {"anti-tank-defence", &Capabilities::infantry_anti_tank_defence},
     {"assault-engineers", &Capabilities::assault_engineers},
     {"scoutmaster", &Capabilities::scoutmaster},
     {"advanced-anti-tank-round", &Capabilities::advanced_anti_tank_round}}};

template <typename E, size_t N>
const char* WordOf(const std::array<const char*, N>& words, E value) {
  return words[static_cast<size_t>(value)];
}

template <typename E, size_t N>
absl::StatusOr<E> EnumOf(const std::array<const char*, N>& words, std::string_view value, int line,
                         std::string_view what) {
  for (size_t i = 0; i < N; ++i) {
    if (words[i] == value) return static_cast<E>(i);
  }
  return ScenarioError(line, absl::StrCat(ToAbsl(what), ": unknown '", ToAbsl(value), "' (one of ",
                                          absl::StrJoin(words, ", "), ")"));
}

// An optional enum field: `fallback` when absent.
template <typename E, size_t N>
absl::StatusOr<E> EnumField(FieldReader& reader, const std::array<const char*, N>& words,
                            std::string_view key, int line, E fallback) {
  if (!reader.Has(key)) return fallback;
  absl::StatusOr<std::string> value = reader.String(key);
  if (!value.ok()) return value.status();
  return EnumOf<E>(words, *value, line, key);
}

// A comma-separated list of flag words, each at most once, setting members of `out`.
template <typename S, typename F, size_t N>
absl::Status FlagsField(FieldReader& reader, const std::array<F, N>& flags, std::string_view key,
                        int line, S& out) {
  if (!reader.Has(key)) return absl::OkStatus();
  absl::StatusOr<std::string> value = reader.String(key);
  if (!value.ok()) return value.status();
  for (absl::string_view word : absl::StrSplit(*value, ',')) {
    const F* found = nullptr;
    for (const F& f : flags) {
      if (f.word == word) found = &f;
    }
    if (found == nullptr) {
      std::vector<const char*> known;
      for (const F& f : flags) known.push_back(f.word);
      return ScenarioError(line, absl::StrCat(ToAbsl(key), ": unknown '", word, "' (any of ",
                                              absl::StrJoin(known, ", "), ", comma-separated)"));
    }
    if (out.*(found->flag)) {
      return ScenarioError(line, absl::StrCat(ToAbsl(key), ": '", word, "' given twice"));
    }
    out.*(found->flag) = true;
  }
  return absl::OkStatus();
}

template <typename S, typename F, size_t N>
std::string FlagsText(const std::array<F, N>& flags, const S& value) {
  std::vector<const char*> set;
  for (const F& f : flags) {
    if (value.*(f.flag)) set.push_back(f.word);
  }
  return absl::StrJoin(set, ",");
}

// The x,y field `at`, on the map.
absl::StatusOr<std::pair<int, int>> ReadCell(FieldReader& reader, int line, const Scenario& s) {
  absl::StatusOr<std::pair<int, int>> at = reader.Pair("at");
  if (!at.ok()) return at.status();
  if (at->first < 0 || at->second < 0 || at->first >= s.width || at->second >= s.height) {
    return ScenarioError(line, absl::StrCat("at=", at->first, ",", at->second, " is off the ",
                                            s.width, " x ", s.height, " map (cells count from 0)"));
  }
  return at;
}

// The terrain words of one legend character.
absl::StatusOr<MapCell> ReadLegend(const std::vector<std::string>& words, char glyph, int line) {
  MapCell cell;
  std::vector<std::string_view> seen;
  auto error = [&](std::string_view what) {
    return ScenarioError(
        line, absl::StrCat("map character '", std::string(1, glyph), "' ", ToAbsl(what)));
  };
  bool has_height = false;
  for (const std::string& word : words) {
    for (std::string_view s : seen) {
      if (s == word) return error(absl::StrCat("has '", word, "' twice"));
    }
    seen.push_back(word);
    if (word == "open") continue;
    if (word == "terrain") {
      cell.terrain = true;
    } else if (word == "road") {
      cell.road = true;
    } else if (word == "objective") {
      cell.objective = true;
    } else if (word == "fortification" || word == "defence") {
      if (cell.works != Works::kNone) {
        return error("has both fortification and defence (a cell holds one kind of works)");
      }
      cell.works = word == "defence" ? Works::kBattlefieldDefence : Works::kFortification;
    } else if (word.size() == 2 && word[0] == 'h' && word[1] >= '0' &&
               word[1] <= '0' + kMaxHeight) {
      if (has_height) return error("has more than one height");
      has_height = true;
      cell.height = static_cast<uint8_t>(word[1] - '0');
    } else {
      return error(absl::StrCat("has unknown word '", word,
                                "' (known: open, terrain, road, objective, fortification, "
                                "defence, h0 to h",
                                kMaxHeight, ")"));
    }
  }
  return cell;
}

std::vector<const char*> LegendWords(const MapCell& cell) {
  std::vector<const char*> words;
  if (cell.terrain) words.push_back("terrain");
  if (cell.road) words.push_back("road");
  if (cell.objective) words.push_back("objective");
  if (cell.works == Works::kFortification) words.push_back("fortification");
  if (cell.works == Works::kBattlefieldDefence) words.push_back("defence");
  constexpr std::array<const char*, kMaxHeight + 1> kHeights = {"h0", "h1", "h2"};
  if (cell.height > 0) words.push_back(kHeights[cell.height]);
  if (words.empty()) words.push_back("open");
  return words;
}

// The combinations a unit's type rules out, from the sheets and the rulings.
absl::Status CheckCombination(const Unit& u, int line) {
  auto error = [line](std::string_view what) { return ScenarioError(line, what); };
  const bool vehicle = u.type == UnitType::kVehicle;
  const bool gun = u.type == UnitType::kArtillery || u.type == UnitType::kAntiTankGun;
  if (u.type == UnitType::kGroundAttackAircraft &&
      (u.hit_tokens > 0 || u.moved_last_turn || u.formation != Formation::k1R)) {
    // A sortie is called each turn from off the table: nothing of a base on the table.
    return error("type=aircraft takes no hits=, moved= or formation=");
  }
  if ((u.type == UnitType::kArtillery) != (u.artillery != Artillery::kNone)) {
    return error("artillery= is required for type=artillery and only for it");
  }
  if (u.type == UnitType::kAntiTankGun && u.anti_tank == AntiTank::kNone) {
    return error("type=anti-tank-gun needs anti-tank=light, standard or enhanced");
  }
  if (u.anti_tank != AntiTank::kNone && u.type != UnitType::kAntiTankGun && !vehicle) {
    return error("anti-tank= is for anti-tank guns and vehicles' guns");
  }
  if (vehicle != (u.speed != VehicleSpeed::kNone)) {
    return error("speed= is required for type=vehicle and only for it");
  }
  if (!vehicle && (u.armour != Armour::kNone || u.running != Running::kWheeled ||
                   u.capabilities.stabilization)) {
    return error("armour=, running= and stabilization are for vehicles only");
  }
  if (u.limbered && !gun) return error("limbered=yes is for artillery and anti-tank guns only");
  if ((u.type == UnitType::kCommander) != (u.trait != CommanderTrait::kNone)) {
    return error("trait= is required for type=commander and only for it");
  }
  // "Only Tribal units have the option to use bows."
  if (u.weapon == Weapon::kBow && u.unit_class != UnitClass::kTribal) {
    return error("weapon=bow: only tribal units use bows");
  }
  if (IsCivilian(u) && u.type != UnitType::kFoot) return error("civilian mobs are type=foot");
  if (u.capabilities.scoutmaster && u.type != UnitType::kScouts) {
    return error("scoutmaster leads scouts: type=scouts only");
  }
  if (u.capabilities.cavalry_defence && u.type != UnitType::kFoot) {
    return error("cavalry-defence is foot's defence against cavalry: type=foot only");
  }
  if (u.grade.raw && u.grade.battle_hard) return error("grade: raw and battle-hard contradict");
  return absl::OkStatus();
}

class Reader {
 public:
  explicit Reader(const ScenarioText& text) : text_(text) {}

  absl::StatusOr<Scenario> Read() {
    absl::StatusOr<std::string> name = text_.RulesetAndName("mgbb");
    if (!name.ok()) return name.status();
    scenario_.name = *std::move(name);
    if (absl::Status s = ReadSettings(); !s.ok()) return s;
    if (absl::Status s = ReadMap(); !s.ok()) return s;
    if (absl::Status s = ReadUnits(); !s.ok()) return s;
    if (absl::Status s = ReadMarkers(); !s.ok()) return s;
    return std::move(scenario_);
  }

 private:
  // turns N, night, victory RULE.
  absl::Status ReadSettings() {
    absl::StatusOr<const ScenarioStatement*> turns = text_.Unique("turns");
    if (!turns.ok()) return turns.status();
    if (*turns != nullptr) {
      absl::StatusOr<int> value = ParseScenarioInt((*turns)->rest, 1, 50, (*turns)->line, "turns");
      if (!value.ok()) return value.status();
      scenario_.turns = *value;
    }
    absl::StatusOr<const ScenarioStatement*> night = text_.Unique("night");
    if (!night.ok()) return night.status();
    if (*night != nullptr) {
      if (absl::Status s = FieldReader(**night).Finish(); !s.ok()) return s;
      scenario_.nighttime = true;
    }
    absl::StatusOr<const ScenarioStatement*> victory = text_.Unique("victory");
    if (!victory.ok()) return victory.status();
    if (*victory != nullptr) {
      absl::StatusOr<VictoryRule> rule =
          EnumOf<VictoryRule>(kVictoryWords, (*victory)->rest, (*victory)->line, "victory");
      if (!rule.ok()) return rule.status();
      scenario_.victory = *rule;
    }
    return absl::OkStatus();
  }

  absl::Status ReadMap() {
    if (!text_.map().has_value()) {
      return ScenarioError(0, "no map block (a line 'map', the rows, a line 'end')");
    }
    const ScenarioMap& map = *text_.map();
    if (absl::Status s = map.ExpectKind(MapKind::kSquare); !s.ok()) return s;
    if (map.width < kMinMapSide || map.height < kMinMapSide || map.width > kMaxMapSide ||
        map.height > kMaxMapSide) {
      return ScenarioError(
          map.line, absl::StrCat("the map is ", map.width, " x ", map.height,
                                 " cells; each side must be ", kMinMapSide, " to ", kMaxMapSide));
    }
    scenario_.width = map.width;
    scenario_.height = map.height;
    scenario_.cells.assign(static_cast<size_t>(map.width) * map.height, MapCell{});
    bool objective = false;
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        const char glyph = map.rows[y][x];
        absl::StatusOr<MapCell> cell = ReadLegend(*text_.Legend(glyph), glyph, map.row_lines[y]);
        if (!cell.ok()) return cell.status();
        scenario_.At(x, y) = *cell;
        objective = objective || cell->objective;
      }
    }
    if (!objective) {
      return ScenarioError(map.line, "the map has no objective cell (the polling station)");
    }
    return absl::OkStatus();
  }

  // unit side=S class=C type=T ... at=X,Y facing=F (docs/rulesets/mgbb.md).
  absl::Status ReadUnits() {
    std::vector<int> commander_lines[2];
    int first_lines[2] = {0, 0};  // each side's first unit, for a missing commander's error
    std::vector<bool> taken(scenario_.cells.size(), false);
    for (const ScenarioStatement* statement : text_.All("unit")) {
      const int line = statement->line;
      FieldReader reader(*statement);
      PlacedUnit placed;
      Unit& u = placed.unit;
      absl::StatusOr<std::string> side_word = reader.String("side");
      if (!side_word.ok()) return side_word.status();
      absl::StatusOr<Side> side = EnumOf<Side>(kSideWords, *side_word, line, "side");
      if (!side.ok()) return side.status();
      u.side = *side;
      absl::StatusOr<std::string> class_word = reader.String("class");
      if (!class_word.ok()) return class_word.status();
      absl::StatusOr<UnitClass> unit_class =
          EnumOf<UnitClass>(kClassWords, *class_word, line, "class");
      if (!unit_class.ok()) return unit_class.status();
      u.unit_class = *unit_class;
      absl::StatusOr<std::string> type_word = reader.String("type");
      if (!type_word.ok()) return type_word.status();
      absl::StatusOr<UnitType> type = EnumOf<UnitType>(kTypeWords, *type_word, line, "type");
      if (!type.ok()) return type.status();
      u.type = *type;
      if (absl::Status s = ReadEnums(reader, line, u); !s.ok()) return s;
      if (absl::Status s = FlagsField(reader, kGradeFlags, "grade", line, u.grade); !s.ok()) {
        return s;
      }
      if (absl::Status s =
              FlagsField(reader, kCapabilityFlags, "capabilities", line, u.capabilities);
          !s.ok()) {
        return s;
      }
      // Four hit tokens destroy a unit.
      absl::StatusOr<int> hits = reader.IntOr("hits", 0, 3, 0);
      if (!hits.ok()) return hits.status();
      u.hit_tokens = static_cast<uint8_t>(*hits);
      // An aircraft is off the table: no at= nor facing= (Finish refuses them).
      const bool aircraft = u.type == UnitType::kGroundAttackAircraft;
      if (aircraft && (reader.Has("at") || reader.Has("facing"))) {
        return ScenarioError(line, "type=aircraft: a sortie is off the table (no at= or facing=)");
      }
      if (!aircraft) {
        absl::StatusOr<std::pair<int, int>> at = ReadCell(reader, line, scenario_);
        if (!at.ok()) return at.status();
        placed.x = at->first;
        placed.y = at->second;
        // Each side faces the other's long edge unless told otherwise.
        absl::StatusOr<Facing> facing =
            EnumField(reader, kFacingWords, "facing", line,
                      u.side == Side::kGovernment ? Facing::kN : Facing::kS);
        if (!facing.ok()) return facing.status();
        placed.facing = *facing;
      }
      if (absl::Status s = reader.Finish(); !s.ok()) return s;
      if (absl::Status s = CheckCombination(u, line); !s.ok()) return s;
      const size_t cell = static_cast<size_t>(placed.y) * scenario_.width + placed.x;
      if (!aircraft && taken[cell]) {
        return ScenarioError(line, absl::StrCat("at=", placed.x, ",", placed.y,
                                                " already holds a unit (one unit per cell)"));
      }
      if (!aircraft) taken[cell] = true;
      int& first_line = first_lines[static_cast<int>(u.side)];
      if (first_line == 0) first_line = line;
      if (u.type == UnitType::kCommander) {
        commander_lines[static_cast<int>(u.side)].push_back(line);
      }
      scenario_.units.push_back(placed);
    }
    // One commander a side: the rulings speak of a unit's commander ("within command
    // distance of its commander"), so "led by" must name one.
    for (int side = 0; side < 2; ++side) {
      if (commander_lines[side].empty()) {
        return ScenarioError(first_lines[side],
                             absl::StrCat("side ", kSideWords[side], " has no commander"));
      }
      if (commander_lines[side].size() > 1) {
        return ScenarioError(
            commander_lines[side][1],
            absl::StrCat("side ", kSideWords[side], " has a second commander (one a side)"));
      }
    }
    return absl::OkStatus();
  }

  // The sub-kind fields, weapon, formation, trait, limbered and moved.
  static absl::Status ReadEnums(FieldReader& reader, int line, Unit& u) {
    const bool gun_or_vehicle = u.type == UnitType::kArtillery ||
                                u.type == UnitType::kAntiTankGun || u.type == UnitType::kVehicle;
    absl::StatusOr<Artillery> artillery =
        EnumField(reader, kArtilleryWords, "artillery", line, Artillery::kNone);
    if (!artillery.ok()) return artillery.status();
    u.artillery = *artillery;
    absl::StatusOr<AntiTank> anti_tank =
        EnumField(reader, kAntiTankWords, "anti-tank", line, AntiTank::kNone);
    if (!anti_tank.ok()) return anti_tank.status();
    u.anti_tank = *anti_tank;
    absl::StatusOr<Armour> armour = EnumField(reader, kArmourWords, "armour", line, Armour::kNone);
    if (!armour.ok()) return armour.status();
    u.armour = *armour;
    absl::StatusOr<VehicleSpeed> speed =
        EnumField(reader, kSpeedWords, "speed", line, VehicleSpeed::kNone);
    if (!speed.ok()) return speed.status();
    u.speed = *speed;
    absl::StatusOr<Running> running =
        EnumField(reader, kRunningWords, "running", line, Running::kWheeled);
    if (!running.ok()) return running.status();
    u.running = *running;
    // Guns, vehicles, machine guns and commanders carry no small arms unless told.
    const Weapon default_weapon =
        gun_or_vehicle || u.type == UnitType::kMachineGun || u.type == UnitType::kCommander
            ? Weapon::kNone
            : Weapon::kRifle;
    absl::StatusOr<Weapon> weapon = EnumField(reader, kWeaponWords, "weapon", line, default_weapon);
    if (!weapon.ok()) return weapon.status();
    u.weapon = *weapon;
    absl::StatusOr<Formation> formation =
        EnumField(reader, kFormationWords, "formation", line, Formation::k1R);
    if (!formation.ok()) return formation.status();
    u.formation = *formation;
    absl::StatusOr<CommanderTrait> trait =
        EnumField(reader, kTraitWords, "trait", line, CommanderTrait::kNone);
    if (!trait.ok()) return trait.status();
    u.trait = *trait;
    absl::StatusOr<int> limbered = EnumField(reader, kYesNo, "limbered", line, 0);
    if (!limbered.ok()) return limbered.status();
    u.limbered = *limbered == 1;
    absl::StatusOr<int> moved = EnumField(reader, kYesNo, "moved", line, 0);
    if (!moved.ok()) return moved.status();
    u.moved_last_turn = *moved == 1;
    return absl::OkStatus();
  }

  // smoke at=X,Y and gas at=X,Y, in file order.
  absl::Status ReadMarkers() {
    for (const ScenarioStatement& statement : text_.statements()) {
      if (statement.keyword != "smoke" && statement.keyword != "gas") continue;
      absl::StatusOr<MarkerKind> kind =
          EnumOf<MarkerKind>(kMarkerWords, statement.keyword, statement.line, "marker");
      if (!kind.ok()) return kind.status();
      FieldReader reader(statement);
      absl::StatusOr<std::pair<int, int>> at = ReadCell(reader, statement.line, scenario_);
      if (!at.ok()) return at.status();
      if (absl::Status s = reader.Finish(); !s.ok()) return s;
      const Marker marker{*kind, at->first, at->second};
      for (const Marker& other : scenario_.markers) {
        if (other == marker) {
          return ScenarioError(statement.line, absl::StrCat(statement.keyword, " at=", at->first,
                                                            ",", at->second, " is given twice"));
        }
      }
      scenario_.markers.push_back(marker);
    }
    return absl::OkStatus();
  }

  const ScenarioText& text_;
  Scenario scenario_;
};

// The legend characters the writer hands out, in order of first use; the number of distinct
// cells (2 * 2 * 2 * 3 * (kMaxHeight + 1) = 72) fits.
constexpr std::string_view kLegendGlyphs =
    ".abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*+-_!$%&'()/:;<>?@[]^{|}~";
static_assert(kLegendGlyphs.size() >= 2 * 2 * 2 * 3 * (kMaxHeight + 1));

void AppendUnit(std::string& out, const PlacedUnit& placed) {
  const Unit& u = placed.unit;
  absl::StrAppend(&out, "unit side=", WordOf(kSideWords, u.side),
                  " class=", WordOf(kClassWords, u.unit_class),
                  " type=", WordOf(kTypeWords, u.type));
  if (u.artillery != Artillery::kNone) {
    absl::StrAppend(&out, " artillery=", WordOf(kArtilleryWords, u.artillery));
  }
  if (u.anti_tank != AntiTank::kNone) {
    absl::StrAppend(&out, " anti-tank=", WordOf(kAntiTankWords, u.anti_tank));
  }
  if (u.armour != Armour::kNone) absl::StrAppend(&out, " armour=", WordOf(kArmourWords, u.armour));
  if (u.speed != VehicleSpeed::kNone) {
    absl::StrAppend(&out, " speed=", WordOf(kSpeedWords, u.speed));
  }
  if (u.running != Running::kWheeled) {
    absl::StrAppend(&out, " running=", WordOf(kRunningWords, u.running));
  }
  absl::StrAppend(&out, " weapon=", WordOf(kWeaponWords, u.weapon),
                  " formation=", WordOf(kFormationWords, u.formation));
  if (const std::string grade = FlagsText(kGradeFlags, u.grade); !grade.empty()) {
    absl::StrAppend(&out, " grade=", grade);
  }
  if (const std::string caps = FlagsText(kCapabilityFlags, u.capabilities); !caps.empty()) {
    absl::StrAppend(&out, " capabilities=", caps);
  }
  if (u.trait != CommanderTrait::kNone) {
    absl::StrAppend(&out, " trait=", WordOf(kTraitWords, u.trait));
  }
  if (u.hit_tokens > 0) absl::StrAppend(&out, " hits=", static_cast<int>(u.hit_tokens));
  if (u.limbered) absl::StrAppend(&out, " limbered=yes");
  if (u.moved_last_turn) absl::StrAppend(&out, " moved=yes");
  if (u.type == UnitType::kGroundAttackAircraft) {
    absl::StrAppend(&out, "\n");  // off the table
    return;
  }
  absl::StrAppend(&out, " at=", placed.x, ",", placed.y,
                  " facing=", WordOf(kFacingWords, placed.facing), "\n");
}

}  // namespace

bool PlacedUnit::operator==(const PlacedUnit& other) const {
  // Unit has no padding (static_assert in mgbb_units.h), so its bytes are its value.
  return std::memcmp(&unit, &other.unit, sizeof(Unit)) == 0 && x == other.x && y == other.y &&
         facing == other.facing;
}

absl::StatusOr<Scenario> ParseScenario(std::string_view text) {
  absl::StatusOr<ScenarioText> parsed = ScenarioText::Parse(text);
  if (!parsed.ok()) return parsed.status();
  if (absl::Status s = parsed->CheckKeywords(
          {"ruleset", "name", "turns", "night", "victory", "unit", "smoke", "gas"});
      !s.ok()) {
    return s;
  }
  return Reader(*parsed).Read();
}

std::string ScenarioToText(const Scenario& scenario) {
  std::string out = absl::StrCat("ruleset mgbb\nname ", scenario.name, "\nturns ", scenario.turns,
                                 "\n", scenario.nighttime ? "night\n" : "", "victory ",
                                 WordOf(kVictoryWords, scenario.victory), "\n\n");
  std::vector<MapCell> kinds;
  std::string rows;
  for (int y = 0; y < scenario.height; ++y) {
    for (int x = 0; x < scenario.width; ++x) {
      const MapCell& cell = scenario.At(x, y);
      size_t k = 0;
      while (k < kinds.size() && !(kinds[k] == cell)) ++k;
      if (k == kinds.size()) kinds.push_back(cell);
      rows.push_back(kLegendGlyphs[k]);
    }
    rows.push_back('\n');
  }
  for (size_t k = 0; k < kinds.size(); ++k) {
    absl::StrAppend(&out, "legend ", std::string(1, kLegendGlyphs[k]), " ",
                    absl::StrJoin(LegendWords(kinds[k]), " "), "\n");
  }
  absl::StrAppend(&out, "map\n", rows, "end\n\n");
  for (const PlacedUnit& placed : scenario.units) AppendUnit(out, placed);
  for (const Marker& marker : scenario.markers) {
    absl::StrAppend(&out, WordOf(kMarkerWords, marker.kind), " at=", marker.x, ",", marker.y, "\n");
  }
  return out;
}

const std::vector<std::pair<std::string_view, std::string_view>>& BuiltInScenarios() {
  static const auto* const kScenarios =
      new std::vector<std::pair<std::string_view, std::string_view>>{
          {"election_day", mgbb_scenarios::kElectionDay},
          {"night_assault", mgbb_scenarios::kNightAssault}};
  return *kScenarios;
}

}  // namespace sandtable::mgbb
