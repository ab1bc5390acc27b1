// brickaction's scenario format (docs/rulesets/brickaction.md): keywords ruleset, name, turns,
// deploy, points, objective, first, victory, attacker, flag, squad, vehicle, wall (cell edges,
// brickaction_edges.cc); terrain words open, hard, total, soft, tree, floor, window. Also what
// Create precomputes from a scenario (the built-in ones are the files in scenarios/, compiled in).
#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/scenario_text.h"
#include "engine/square_grid.h"
#include "rulesets/brickaction/brickaction.h"
#include "rulesets/brickaction/embedded_scenarios.h"

namespace sandtable {
namespace {

constexpr const char* kTerrainWords[] = {"open", "hard",  "total",  "soft",
                                         "tree", "floor", "window", "corner"};

// The source's costs: 10 a regular, a veteran 15 (the first per 5 minis at a regular's 10),
// an officer 35 (a commander 50, 80 or 100, a spotter 55, a commando 45), a grenade or smoke
// grenade 5 (the first per 5 minis free), the loadout's weapons (kInfantryWeaponPoints;
// Repeaters and SMGs are free), rockets (but free ones) and rifle grenades 10 each, heavy
// support 65 with its crew.
int SquadPoints(const BrickactionGame::Unit& unit) {
  const bool veteran = unit.specialists & BrickactionGame::kVeteran;
  const bool officer = unit.specialists & BrickactionGame::kOfficer;
  const bool medic = unit.specialists & BrickactionGame::kMedic;
  const int minis = unit.regulars + (veteran ? 1 : 0) + (officer ? 1 : 0) + (medic ? 1 : 0);
  const int free = minis / 5;
  int points = 10 * unit.regulars + (medic ? 40 : 0) +
               (!officer        ? 0
                : unit.spotter  ? BrickactionGame::kSpotterPoints
                : unit.commando ? BrickactionGame::kCommandoPoints
                                : BrickactionGame::kCommanderPoints[unit.commander]);
  if (veteran) points += free >= 1 ? 10 : 15;
  // "1 free Grenade or smoke grenade per 5 minis": the others 5 each.
  points += 5 * std::max(0, (unit.grenade ? 1 : 0) + unit.smokes - free);
  for (int w = 0; w < BrickactionGame::kNumInfantryWeapons; ++w) {
    points += unit.weapons[w] * BrickactionGame::kInfantryWeaponPoints[w];
  }
  // Heavy support: 65 with its crew of 2 regulars; more minis are regulars at 10.
  if (unit.heavy_support) points += BrickactionGame::kHeavySupportPoints - 2 * 10;
  // Free rockets cost nothing.
  return points + 10 * (unit.rockets - unit.free_rockets) + 10 * unit.rifle_grenades;
}

// A vehicle: its class's points and its weapon's (a turret costs nothing more).
int VehiclePoints(const BrickactionGame::Unit& unit) {
  return BrickactionGame::kClassPoints[unit.vehicle_class] +
         BrickactionGame::kWeaponPoints[unit.vehicle_weapon];
}

constexpr const char* kFacingWords[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

template <size_t N>
int WordIndex(const std::array<const char*, N>& words, std::string_view word) {
  for (size_t i = 0; i < N; ++i) {
    if (word == words[i]) return static_cast<int>(i);
  }
  return -1;
}

// "x,y" or "x.5,y.5": a point in half cells.
bool ParseHalfCells(std::string_view text, int* x2, int* y2) {
  const size_t comma = text.find(',');
  if (comma == std::string_view::npos) return false;
  auto half = [](std::string_view part, int* out) {
    bool plus_half = false;
    if (part.size() > 2 && part.substr(part.size() - 2) == ".5") {
      plus_half = true;
      part.remove_suffix(2);
    }
    if (part.empty() || part.size() > 4) return false;
    int value = 0;
    for (char c : part) {
      if (c < '0' || c > '9') return false;
      value = value * 10 + (c - '0');
    }
    *out = 2 * value + (plus_half ? 1 : 0);
    return true;
  };
  return half(text.substr(0, comma), x2) && half(text.substr(comma + 1), y2);
}

}  // namespace

// Builds a BrickactionGame from a parsed scenario (a friend of the game).
class BrickactionScenarioBuilder {
 public:
  BrickactionScenarioBuilder(BrickactionGame& game, const ScenarioText& text)
      : game_(game), text_(text) {}

  absl::Status Build() {
    if (absl::Status s = ReadMap(); !s.ok()) return s;
    absl::StatusOr<BrickactionWalls> walls =
        BrickactionWalls::Read(text_, game_.width_, game_.height_);
    if (!walls.ok()) return walls.status();
    game_.walls_ = *std::move(walls);
    if (absl::Status s = ReadNumbers(); !s.ok()) return s;
    if (absl::Status s = ReadVictory(); !s.ok()) return s;
    if (absl::Status s = ReadObjectives(); !s.ok()) return s;
    if (absl::Status s = ReadSquads(); !s.ok()) return s;
    if (absl::Status s = ReadFlag(); !s.ok()) return s;
    return CheckTargets();
  }

 private:
  absl::Status ReadMap() {
    if (!text_.map().has_value()) {
      return ScenarioError(0, "no map block (a line 'map', the rows, a line 'end')");
    }
    const ScenarioMap& map = *text_.map();
    if (absl::Status s = map.ExpectKind(MapKind::kSquare); !s.ok()) return s;
    if (absl::Status s = CheckGridSize(map.width, map.height, "map"); !s.ok()) return s;
    game_.width_ = map.width;
    game_.height_ = map.height;
    game_.num_cells_ = map.width * map.height;
    game_.terrain_.assign(game_.num_cells_, BrickactionGame::kOpen);
    game_.elevation_.assign(game_.num_cells_, 0);
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        const char glyph = map.rows[y][x];
        auto error = [&](const std::string& what) {
          return ScenarioError(map.row_lines[y],
                               absl::StrCat("map character '", std::string(1, glyph), "' ", what));
        };
        int kind = -1, height = -1;
        for (const std::string& word : *text_.Legend(glyph)) {
          // A height in blocks: h0 .. h99.
          if (word.size() >= 2 && word[0] == 'h' &&
              word.find_first_not_of("0123456789", 1) == std::string::npos) {
            if (height >= 0) return error("has more than one height");
            if (word.size() > 3) {
              return error(absl::StrCat("has height '", word, "' (at most h",
                                        BrickactionGame::kMaxHeight, ")"));
            }
            height = std::stoi(word.substr(1));
            continue;
          }
          if (kind >= 0) return error("has more than one terrain word");
          for (int k = 0; k < BrickactionGame::kNumTerrains; ++k) {
            if (word == kTerrainWords[k]) kind = k;
          }
          if (kind < 0) {
            return error(absl::StrCat(
                "has unknown terrain '", word,
                "' (known: open, hard, total, soft, tree, floor, window, corner, and a height "
                "hN)"));
          }
        }
        const int c = game_.CellIndex(x, y);
        game_.terrain_[c] = static_cast<uint8_t>(std::max(kind, 0));
        game_.elevation_[c] = static_cast<uint8_t>(std::max(height, 0));
        if (height > 0) game_.raised_glyphs_.emplace(std::pair(game_.terrain_[c], height), glyph);
      }
    }
    return absl::OkStatus();
  }

  // turns, deploy, points, first.
  absl::Status ReadNumbers() {
    struct Number {
      const char* keyword;
      int min, max;
      int* out;
    };
    game_.deploy_depth_ = std::min(4, game_.height_);
    const Number numbers[] = {{"turns", 1, 20, &game_.turns_},
                              {"deploy", 1, game_.height_, &game_.deploy_depth_},
                              {"points", 1, 10000, &game_.points_}};
    for (const Number& number : numbers) {
      absl::StatusOr<const ScenarioStatement*> statement = text_.Unique(number.keyword);
      if (!statement.ok()) return statement.status();
      if (*statement == nullptr) continue;
      absl::StatusOr<int> value = ParseScenarioInt((*statement)->rest, number.min, number.max,
                                                   (*statement)->line, number.keyword);
      if (!value.ok()) return value.status();
      *number.out = *value;
    }
    absl::StatusOr<const ScenarioStatement*> first = text_.Unique("first");
    if (!first.ok()) return first.status();
    if (*first != nullptr) {
      const std::string& rest = (*first)->rest;
      if (rest != "0" && rest != "1" && rest != "rolloff") {
        return ScenarioError((*first)->line,
                             "first: 0 or 1 (that player takes the first turn), or rolloff (the "
                             "winner of a roll-off chooses)");
      }
      game_.roll_off_ = rest == "rolloff";
      game_.first_ = rest == "1" ? 1 : 0;
    }
    return absl::OkStatus();
  }

  // `objective X,Y`: one (default: the centre of the table), or under `victory capture` up to
  // kMaxObjectives, their zones (within 2 cells) apart.
  absl::Status ReadObjectives() {
    const std::vector<const ScenarioStatement*> statements = text_.All("objective");
    for (const ScenarioStatement* objective : statements) {
      int x2 = 0, y2 = 0;
      if (!ParseHalfCells(objective->rest, &x2, &y2) || x2 > 2 * (game_.width_ - 1) ||
          y2 > 2 * (game_.height_ - 1)) {
        return ScenarioError(objective->line,
                             "objective X,Y: a cell of the map, or a point between cells "
                             "written with .5 (11.5,11.5)");
      }
      if (!game_.objectives_.empty() && game_.victory_ != BrickactionGame::kCaptureVictory) {
        return ScenarioError(objective->line,
                             "several objectives need the line 'victory capture' (else one)");
      }
      if (game_.num_objectives() == BrickactionGame::kMaxObjectives) {
        return ScenarioError(
            objective->line,
            absl::StrCat("at most ", BrickactionGame::kMaxObjectives, " objectives"));
      }
      for (const auto& [ox2, oy2] : game_.objectives_) {
        const int dx = x2 - ox2, dy = y2 - oy2;
        if (dx * dx + dy * dy <= 64) {  // in half cells: 4 cells, two zones' radii
          return ScenarioError(objective->line,
                               "objective X,Y: more than 4 cells from the others (their zones, "
                               "2 cells around each, may not overlap)");
        }
      }
      game_.objectives_.emplace_back(x2, y2);
    }
    if (game_.objectives_.empty()) {  // the centre of the table
      game_.objectives_.emplace_back(game_.width_ - 1, game_.height_ - 1);
    }
    return absl::OkStatus();
  }

  // victory objective|eliminate|target|capture|flag (default objective); `attacker 0|1` with
  // capture and only with it.
  absl::Status ReadVictory() {
    absl::StatusOr<const ScenarioStatement*> victory = text_.Unique("victory");
    if (!victory.ok()) return victory.status();
    if (*victory != nullptr) {
      const int kind = WordIndex(BrickactionGame::kVictoryNames, (*victory)->rest);
      if (kind < 0) {
        return ScenarioError((*victory)->line,
                             "victory: one of objective eliminate target capture flag");
      }
      game_.victory_ = static_cast<BrickactionGame::Victory>(kind);
      victory_line_ = (*victory)->line;
    }
    absl::StatusOr<const ScenarioStatement*> attacker = text_.Unique("attacker");
    if (!attacker.ok()) return attacker.status();
    const bool capture = game_.victory_ == BrickactionGame::kCaptureVictory;
    if (*attacker == nullptr) {
      if (!capture) return absl::OkStatus();
      return ScenarioError(victory_line_,
                           "victory capture: name the player who must activate the objective "
                           "(attacker 0 or attacker 1)");
    }
    const std::string& rest = (*attacker)->rest;
    if (!capture || (rest != "0" && rest != "1")) {
      return ScenarioError((*attacker)->line,
                           "attacker: 0 or 1, with the line 'victory capture' only");
    }
    game_.attacker_ = rest == "1" ? 1 : 0;
    return absl::OkStatus();
  }

  // With `victory flag` and only with it: `flag X,Y`, one neutral flag lying at the start
  // on a cell a squad can stand on, outside both deployment zones and not under a unit; or
  // `flag side=S at=X,Y` for each player, its own flag at home: a cell of its deployment zone a
  // squad can stand on.
  absl::Status ReadFlag() {
    const std::vector<const ScenarioStatement*> flags = text_.All("flag");
    const bool needed = game_.victory_ == BrickactionGame::kFlagVictory;
    if (flags.empty()) {
      if (!needed) return absl::OkStatus();
      return ScenarioError(victory_line_,
                           "victory flag: give the flag's cell (flag X,Y), or each player's "
                           "(flag side=0 at=X,Y and flag side=1 at=X,Y)");
    }
    if (!needed) return ScenarioError(flags[0]->line, "flag needs the line 'victory flag'");
    if (flags[0]->fields.empty()) return ReadNeutralFlag(flags);
    for (const ScenarioStatement* flag : flags) {
      const int line = flag->line;
      FieldReader reader(*flag);
      absl::StatusOr<int> side = reader.Int("side", 0, 1);
      if (!side.ok()) return side.status();
      absl::StatusOr<std::pair<int, int>> at = reader.Pair("at");
      if (!at.ok()) return at.status();
      if (absl::Status s = reader.Finish(); !s.ok()) return s;
      const auto [x, y] = *at;
      if (game_.flag_start_[*side] != BrickactionGame::kNoCell) {
        return ScenarioError(line, absl::StrCat("player ", *side, " has one flag"));
      }
      if (x < 0 || y < 0 || x >= game_.width_ || y >= game_.height_ ||
          game_.terrain_[game_.CellIndex(x, y)] == BrickactionGame::kTotal ||
          !game_.AtHome(*side, game_.CellIndex(x, y))) {
        return ScenarioError(line,
                             "flag side=S at=X,Y: a cell of player S's deployment zone a squad "
                             "can enter");
      }
      game_.flag_start_[*side] = static_cast<uint16_t>(game_.CellIndex(x, y));
    }
    for (int side = 0; side < 2; ++side) {
      if (game_.flag_start_[side] == BrickactionGame::kNoCell) {
        return ScenarioError(flags.back()->line,
                             absl::StrCat("a flag per side: flag side=", side,
                                          " at=X,Y is missing (or one neutral flag X,Y)"));
      }
    }
    game_.flag_per_side_ = true;
    return absl::OkStatus();
  }

  absl::Status ReadNeutralFlag(const std::vector<const ScenarioStatement*>& flags) {
    const int line = flags[0]->line;
    if (flags.size() > 1) {
      return ScenarioError(flags[1]->line,
                           "one neutral flag (flag X,Y), or one per side (flag side=S at=X,Y)");
    }
    absl::StatusOr<std::pair<int, int>> at = ParseScenarioPair(flags[0]->rest, line, "flag");
    if (!at.ok()) return at.status();
    const auto [x, y] = *at;
    if (x < 0 || y < 0 || x >= game_.width_ || y >= game_.height_) {
      return ScenarioError(line, "flag X,Y: a cell of the map");
    }
    const int cell = game_.CellIndex(x, y);
    bool taken = false;
    for (const BrickactionGame::Unit& unit : game_.units_) taken |= unit.start == cell;
    if (game_.terrain_[cell] == BrickactionGame::kTotal || taken || game_.AtHome(0, cell) ||
        game_.AtHome(1, cell)) {
      return ScenarioError(line,
                           "flag X,Y: a cell a squad can enter, outside both deployment zones "
                           "and not a unit's start");
    }
    game_.flag_start_[0] = static_cast<uint16_t>(cell);
    return absl::OkStatus();
  }

  // A unit's `target=0|1`: at most one per side, only with `victory target`.
  absl::Status ReadTarget(FieldReader& reader, int line, BrickactionGame::Unit& unit) {
    absl::StatusOr<int> target = reader.IntOr("target", 0, 1, 0);
    if (!target.ok()) return target.status();
    if (*target == 0) return absl::OkStatus();
    if (game_.victory_ != BrickactionGame::kTargetVictory) {
      return ScenarioError(line, "target=1 needs the line 'victory target'");
    }
    if (game_.target_unit_[unit.side] >= 0) {
      return ScenarioError(line,
                           absl::StrCat("player ", unit.side, " has one target unit at most"));
    }
    game_.target_unit_[unit.side] = game_.num_units();  // the unit about to be added
    return absl::OkStatus();
  }

  absl::Status CheckTargets() const {
    if (game_.victory_ == BrickactionGame::kTargetVictory && game_.target_unit_[0] < 0 &&
        game_.target_unit_[1] < 0) {
      return ScenarioError(victory_line_,
                           "victory target: mark a unit of either side or both with target=1");
    }
    return absl::OkStatus();
  }

  absl::Status ReadSquads() {
    int per_side[2] = {0, 0}, points[2] = {0, 0}, generals[2] = {0, 0};
    for (const ScenarioStatement* statement : text_.All("squad")) {
      const int line = statement->line;
      FieldReader reader(*statement);
      BrickactionGame::Unit unit;
      absl::StatusOr<int> side = reader.Int("side", 0, 1);
      if (!side.ok()) return side.status();
      unit.side = *side;
      absl::StatusOr<int> regulars = reader.IntOr("regulars", 0, BrickactionGame::kMaxRegulars, 4);
      if (!regulars.ok()) return regulars.status();
      unit.regulars = *regulars;
      absl::StatusOr<int> veteran = reader.IntOr("veteran", 0, 1, 1);
      if (!veteran.ok()) return veteran.status();
      absl::StatusOr<int> officer = reader.IntOr("officer", 0, 1, 0);
      if (!officer.ok()) return officer.status();
      absl::StatusOr<int> medic = reader.IntOr("medic", 0, 1, 0);
      if (!medic.ok()) return medic.status();
      unit.specialists = static_cast<uint8_t>((*veteran ? BrickactionGame::kVeteran : 0) |
                                              (*officer ? BrickactionGame::kOfficer : 0) |
                                              (*medic ? BrickactionGame::kMedic : 0));
      if (reader.Has("commander")) {
        absl::StatusOr<std::string> commander = reader.String("commander");
        if (!commander.ok()) return commander.status();
        unit.commander = WordIndex(BrickactionGame::kCommanderNames, *commander);
        if (unit.commander <= 0) {
          return ScenarioError(line, "commander: one of field ranking general");
        }
        if (!*officer) return ScenarioError(line, "a commander is the squad's officer: officer=1");
        if (unit.commander == BrickactionGame::kGeneral && ++generals[unit.side] > 1) {
          return ScenarioError(line, "at most one general per player");
        }
      }
      absl::StatusOr<int> spotter = reader.IntOr("spotter", 0, 1, 0);
      if (!spotter.ok()) return spotter.status();
      unit.spotter = *spotter == 1;
      absl::StatusOr<int> commando = reader.IntOr("commando", 0, 1, 0);
      if (!commando.ok()) return commando.status();
      unit.commando = *commando == 1;
      const int roles =
          (unit.commander != BrickactionGame::kNoCommander) + unit.spotter + unit.commando;
      if ((unit.spotter || unit.commando) && (!*officer || roles > 1)) {
        return ScenarioError(line,
                             "a spotter or a commando is the squad's officer: officer=1, and one "
                             "of commander, spotter, commando");
      }
      if (unit.regulars + *veteran + *officer + *medic == 0) {
        return ScenarioError(line, "a squad needs at least one mini");
      }
      if (unit.regulars + *veteran + *medic > 5) {
        return ScenarioError(line, "a squad has at most 5 minis (an officer may join them)");
      }
      absl::StatusOr<int> grenade = reader.IntOr("grenade", 0, 1, 1);
      if (!grenade.ok()) return grenade.status();
      unit.grenade = *grenade == 1;
      absl::StatusOr<int> rockets = reader.IntOr("rockets", 0, BrickactionGame::kMaxRockets, 0);
      if (!rockets.ok()) return rockets.status();
      absl::StatusOr<int> free_rockets =
          reader.IntOr("freerockets", 0, BrickactionGame::kMaxRockets, 0);
      if (!free_rockets.ok()) return free_rockets.status();
      unit.free_rockets = *free_rockets;
      unit.rockets = *rockets + *free_rockets;
      if (unit.rockets > BrickactionGame::kMaxRockets) {
        return ScenarioError(line,
                             absl::StrCat("a squad carries at most ", BrickactionGame::kMaxRockets,
                                          " rockets (rockets and freerockets)"));
      }
      absl::StatusOr<int> rifle_grenades =
          reader.IntOr("riflegrenade", 0, BrickactionGame::kMaxRifleGrenades, 0);
      if (!rifle_grenades.ok()) return rifle_grenades.status();
      unit.rifle_grenades = *rifle_grenades;
      absl::StatusOr<int> smokes = reader.IntOr("smoke", 0, BrickactionGame::kMaxSmokes, 0);
      if (!smokes.ok()) return smokes.status();
      unit.smokes = *smokes;
      game_.has_smoke_ |= unit.smokes > 0;
      if (absl::Status s = ReadTarget(reader, line, unit); !s.ok()) return s;
      if (absl::Status s = ReadLoadout(reader, line, unit); !s.ok()) return s;
      if (absl::Status s = ReadHeavySupport(reader, line, unit); !s.ok()) return s;
      absl::StatusOr<int> start = ReadLabelAndStart(reader, line, per_side, unit);
      if (!start.ok()) return start.status();
      const int cell = *start;
      if (game_.terrain_[cell] == BrickactionGame::kTotal) {
        return ScenarioError(line, "a squad cannot stand on a total-cover (wall) cell");
      }
      for (const BrickactionGame::Unit& other : game_.units_) {
        if (other.start == cell) return ScenarioError(line, "two squads on one cell");
      }
      unit.start = static_cast<uint16_t>(cell);
      if (game_.num_units() >= BrickactionGame::kMaxUnits || ++per_side[unit.side] > 4) {
        return ScenarioError(line, "at most 4 squads per player");
      }
      points[unit.side] += SquadPoints(unit);
      game_.units_.push_back(unit);
    }
    if (absl::Status s = ReadVehicles(per_side, points); !s.ok()) return s;
    if (absl::Status s = CheckFreeRockets(); !s.ok()) return s;
    for (int side = 0; side < 2; ++side) {
      if (per_side[side] == 0) {
        return ScenarioError(
            0, absl::StrCat("player ", side, " has no squads (add a line 'squad side=", side,
                            " at=X,Y')"));
      }
      if (points[side] > game_.points_) {
        return ScenarioError(0, absl::StrCat("player ", side, "'s units cost ", points[side],
                                             " points, over the limit of ", game_.points_));
      }
    }
    return absl::OkStatus();
  }

  // "Each armored vehicle class M2 or higher grants the enemy's forces one Rocket at no cost":
  // each side's squads take exactly as many free rockets (freerockets=N) as the enemy has such
  // vehicles.
  absl::Status CheckFreeRockets() const {
    int granted[2] = {0, 0}, taken[2] = {0, 0};
    for (const BrickactionGame::Unit& unit : game_.units_) {
      if (unit.vehicle && unit.vehicle_class >= BrickactionGame::kFreeRocketClass) {
        ++granted[1 - unit.side];
      }
      taken[unit.side] += unit.free_rockets;
    }
    for (int side = 0; side < 2; ++side) {
      if (granted[side] != taken[side]) {
        return ScenarioError(
            0, absl::StrCat("player ", side, " is granted ", granted[side],
                            " free rocket(s) by the enemy's vehicles of class M2 or heavier and "
                            "its squads take ",
                            taken[side], " (freerockets=N)"));
      }
    }
    return absl::OkStatus();
  }

  // The squad's infantry weapons (`smg=2 carbine=1 ...`); the other minis carry Repeaters.
  absl::Status ReadLoadout(FieldReader& reader, int line, BrickactionGame::Unit& unit) {
    const int minis = unit.regulars + std::popcount(static_cast<unsigned>(unit.specialists));
    int carried = 0;
    for (int w = 0; w < BrickactionGame::kNumInfantryWeapons; ++w) {
      absl::StatusOr<int> count = reader.IntOr(BrickactionGame::kInfantryWeaponNames[w], 0,
                                               BrickactionGame::kMaxInfantryWeapons[w], 0);
      if (!count.ok()) return count.status();
      unit.weapons[w] = static_cast<uint8_t>(*count);
      carried += *count;
    }
    if (carried > minis) {
      return ScenarioError(line, absl::StrCat("the squad's ", carried, " weapons need ", carried,
                                              " minis, it has ", minis));
    }
    // Close-combat weapons and bayonets, at most one a mini, besides its gun.
    absl::StatusOr<int> bayonets = reader.IntOr("bayonet", 0, minis, 0);
    if (!bayonets.ok()) return bayonets.status();
    unit.bayonets = *bayonets;
    // "May only be in unit with other sniper/spotter": every mini a sniper but the spotter;
    // "max 1 if regulars, max 2 w/2x veterans" (an officer, the spotter, a medic count as one).
    const int snipers = unit.weapons[BrickactionGame::kSniper];
    if (snipers > 0 && minis - snipers > (unit.spotter ? 1 : 0)) {
      return ScenarioError(line, "sniper rifles go to a squad of snipers and a spotter only");
    }
    if (snipers > 1 && std::popcount(static_cast<unsigned>(unit.specialists)) < 2) {
      return ScenarioError(line, "a second sniper rifle needs two veterans in the squad");
    }
    return absl::OkStatus();
  }

  // heavy=1: a heavy-support unit, a crew of 2 regulars (more as the loader and replacement
  // crew) serving one weapon instead of a loadout.
  absl::Status ReadHeavySupport(FieldReader& reader, int line, BrickactionGame::Unit& unit) {
    absl::StatusOr<int> heavy = reader.IntOr("heavy", 0, 1, 0);
    if (!heavy.ok()) return heavy.status();
    unit.heavy_support = *heavy == 1;
    if (!unit.heavy_support) return absl::OkStatus();
    int weapons = 0;
    for (uint8_t count : unit.weapons) weapons += count;
    if (unit.regulars < 2 || unit.specialists != 0 || weapons > 0) {
      return ScenarioError(line,
                           "heavy=1: a crew of regulars (regulars=2 or more, veteran=0) and no "
                           "infantry weapons");
    }
    return absl::OkStatus();
  }

  // The last fields of a unit line, shared by squads and vehicles: its label (default the
  // side's next letter) and its start cell at=X,Y in its side's deployment rows.
  absl::StatusOr<int> ReadLabelAndStart(FieldReader& reader, int line, const int* per_side,
                                        BrickactionGame::Unit& unit) {
    std::string taken;
    for (const BrickactionGame::Unit& other : game_.units_) taken += other.label;
    absl::StatusOr<char> label =
        reader.UnitLabel(static_cast<char>('A' + per_side[unit.side]), unit.side, taken);
    if (!label.ok()) return label.status();
    unit.label = *label;
    absl::StatusOr<std::pair<int, int>> at = reader.Pair("at");
    if (!at.ok()) return at.status();
    if (absl::Status s = reader.Finish(); !s.ok()) return s;
    const auto [x, y] = *at;
    if (absl::Status s = CheckDeployment(line, x, y, game_.width_, game_.height_, unit.side,
                                         game_.deploy_depth_);
        !s.ok()) {
      return s;
    }
    return game_.CellIndex(x, y);
  }

  // vehicle side=S label=L class=L1 weapon=MG turret=0|1 facing=N at=X,Y, after the squads.
  absl::Status ReadVehicles(int* per_side, int* points) {
    for (const ScenarioStatement* statement : text_.All("vehicle")) {
      const int line = statement->line;
      FieldReader reader(*statement);
      BrickactionGame::Unit unit;
      unit.vehicle = true;
      unit.regulars = 0;
      unit.specialists = 0;
      unit.grenade = false;
      absl::StatusOr<int> side = reader.Int("side", 0, 1);
      if (!side.ok()) return side.status();
      unit.side = *side;
      absl::StatusOr<std::string> vclass = reader.String("class");
      if (!vclass.ok()) return vclass.status();
      unit.vehicle_class = WordIndex(BrickactionGame::kClassNames, *vclass);
      if (unit.vehicle_class < 0) {
        return ScenarioError(line, "class: one of C1 C2 L1 L2 M1 M2 M3 H1 H2");
      }
      absl::StatusOr<std::string> weapon = reader.String("weapon");
      if (!weapon.ok()) return weapon.status();
      unit.vehicle_weapon = WordIndex(BrickactionGame::kVehicleWeaponNames, *weapon);
      if (unit.vehicle_weapon < 0) {
        return ScenarioError(line, "weapon: one of MG HMG LCannon HCannon LAP MAP HAP");
      }
      absl::StatusOr<int> turret = reader.IntOr("turret", 0, 1, 0);
      if (!turret.ok()) return turret.status();
      unit.turret = *turret == 1;
      absl::StatusOr<int> transport = reader.IntOr("transport", 0, 1, 0);
      if (!transport.ok()) return transport.status();
      unit.transport = *transport == 1;
      if (absl::Status s = ReadTarget(reader, line, unit); !s.ok()) return s;
      unit.start_facing = unit.side == 0 ? 0 : 4;  // toward the enemy's edge
      if (reader.Has("facing")) {
        absl::StatusOr<std::string> facing = reader.String("facing");
        if (!facing.ok()) return facing.status();
        int f = -1;
        for (int i = 0; i < 8; ++i) {
          if (*facing == kFacingWords[i]) f = i;
        }
        if (f < 0) return ScenarioError(line, "facing: one of N NE E SE S SW W NW");
        unit.start_facing = f;
      }
      absl::StatusOr<int> start = ReadLabelAndStart(reader, line, per_side, unit);
      if (!start.ok()) return start.status();
      const int cell = *start;
      const uint8_t terrain = game_.terrain_[cell];
      if (terrain == BrickactionGame::kTotal || terrain == BrickactionGame::kTree ||
          terrain == BrickactionGame::kFloor || terrain == BrickactionGame::kWindow) {
        return ScenarioError(line, "a vehicle cannot stand on a wall, tree, window or floor cell");
      }
      for (const BrickactionGame::Unit& other : game_.units_) {
        if (other.start == cell) return ScenarioError(line, "two units on one cell");
      }
      unit.start = static_cast<uint16_t>(cell);
      if (game_.num_units() >= BrickactionGame::kMaxUnits || ++per_side[unit.side] > 4) {
        return ScenarioError(line, "at most 4 units (squads and vehicles) per player");
      }
      points[unit.side] += VehiclePoints(unit);
      game_.units_.push_back(unit);
      game_.has_vehicles_ = true;
    }
    return absl::OkStatus();
  }

  BrickactionGame& game_;
  const ScenarioText& text_;
  int victory_line_ = 0;
};

namespace {

// The built-in scenarios, by the parameter `scenario` (the first is the default).
constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kBuiltInScenarios = {{
    {"default", brickaction_scenarios::kDefault},
    {"vehicles", brickaction_scenarios::kVehicles},
    {"target", brickaction_scenarios::kTarget},
    {"capture", brickaction_scenarios::kCapture},
    {"flag", brickaction_scenarios::kFlag},
    {"flags", brickaction_scenarios::kFlags},
}};

}  // namespace

std::string_view BrickactionGame::DefaultScenarioText() { return brickaction_scenarios::kDefault; }
std::string_view BrickactionGame::VehiclesScenarioText() {
  return brickaction_scenarios::kVehicles;
}
std::string_view BrickactionGame::TargetScenarioText() { return brickaction_scenarios::kTarget; }
std::string_view BrickactionGame::CaptureScenarioText() { return brickaction_scenarios::kCapture; }
std::string_view BrickactionGame::FlagScenarioText() { return brickaction_scenarios::kFlag; }
std::string_view BrickactionGame::FlagsScenarioText() { return brickaction_scenarios::kFlags; }

std::vector<ParamDef> BrickactionGame::ParamDefs() {
  std::vector<std::string> names;
  for (const auto& [name, text] : kBuiltInScenarios) names.emplace_back(name);
  return {ParamDef{"turns", "turns per player (0: the scenario's, 6 by default)", "0", 0, 20, {}},
          ParamDef{"scenario",
                   "the built-in scenario when no scenario text is given: default, vehicles (a "
                   "light vehicle per side and rockets), target (destroy the enemy's target "
                   "unit), capture (player 0 must activate the objective), flag (capture the "
                   "flag) or flags (capture the flag, a flag per side)",
                   "default", 0, 0, std::move(names)}};
}

std::string_view BrickactionGame::Description() {
  return "BrickAction Core Guide V1.1: squads with infantry weapons, grenades, rockets and "
         "commanders, vehicles (armour table), 3 actions a turn, holds, reactive fire, "
         "suppression, close combat; 6 turns, hold the centre";
}

absl::StatusOr<std::shared_ptr<const BrickactionGame>> BrickactionGame::CreateFromStrings(
    const std::map<std::string, std::string>& values, std::string_view scenario_text) {
  absl::StatusOr<Params> params = Params::Resolve(ParamDefs(), values);
  if (!params.ok()) return params.status();
  return Create(*params, scenario_text);
}

absl::StatusOr<std::shared_ptr<const BrickactionGame>> BrickactionGame::Create(
    const Params& params, std::string_view scenario_text) {
  std::shared_ptr<BrickactionGame> game(new BrickactionGame());
  const std::string& built_in = params.GetString("scenario");
  if (built_in != kBuiltInScenarios[0].first && !scenario_text.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "scenario=", built_in, " names a built-in scenario: give it or a scenario text, not both"));
  }
  std::string_view chosen = scenario_text;
  if (chosen.empty()) {
    for (const auto& [name, text] : kBuiltInScenarios) {
      if (name == built_in) chosen = text;
    }
  }
  absl::StatusOr<ScenarioText> text = ScenarioText::Parse(chosen);
  if (!text.ok()) return text.status();
  if (absl::Status s =
          text->CheckKeywords({"ruleset", "name", "turns", "deploy", "points", "objective", "first",
                               "victory", "attacker", "flag", "squad", "vehicle", "wall"});
      !s.ok()) {
    return s;
  }
  absl::StatusOr<std::string> name = text->RulesetAndName(kName);
  if (!name.ok()) return name.status();
  game->scenario_name_ = *std::move(name);
  BrickactionScenarioBuilder builder(*game, *text);
  if (absl::Status s = builder.Build(); !s.ok()) return s;
  if (params.GetInt("turns") > 0) game->turns_ = static_cast<int>(params.GetInt("turns"));
  if (absl::Status s = game->Precompute(); !s.ok()) return s;
  return std::shared_ptr<const BrickactionGame>(std::move(game));
}

int BrickactionGame::AddPool(DicePool pool, RollKind kind, ClosePart part) {
  Roll roll{std::move(pool), {}, 0, part};
  for (const PoolOutcome& o : roll.pool.Distribution()) {
    roll.outcomes.push_back({kOutcomeBase + static_cast<Action>(o.value), o.probability});
  }
  pools_[kind].push_back(std::move(roll));
  return static_cast<int>(pools_[kind].size()) - 1;
}

int BrickactionGame::ArmourPool(int dice, int threshold) const {
  const auto it = armour_pool_.find(dice * 100 + threshold);
  CHECK(it != armour_pool_.end());
  return it->second;
}

int BrickactionGame::SavePool(int dice, int target, int modifier, int bonus, bool natural) const {
  const int key = natural ? dice * 1000 : (((dice * 10 + target) * 10 + modifier) * 10 + bonus);
  const auto it = save_pool_.find(key);
  CHECK(it != save_pool_.end());
  return it->second;
}

absl::Status BrickactionGame::Precompute() {
  const int n = num_cells_;
  absl::StatusOr<SquareGrid> grid = SquareGrid::Create(width_, height_);
  if (!grid.ok()) return grid.status();
  auto is = [&](int c, std::initializer_list<uint8_t> kinds) {
    for (uint8_t k : kinds) {
      if (terrain_[c] == k) return true;
    }
    return false;
  };
  // Line of sight and cover for every ordered pair. Only total-cover cells block the line;
  // hard (low walls, windows) and soft cells give cover to a unit standing in them or right
  // behind them (next to it, on the line); a tree to a unit standing at it. A window lets
  // the line through only for a unit in the building at it (on it or next to it): one
  // further inside is behind the walls. The window a unit in a building fires out of gives
  // the windows of that side (FiringWindows).
  between_.assign(static_cast<size_t>(n) * n, 0);
  auto touches = [](Cell p, Cell q) {
    return std::abs(p.x - q.x) <= 1 && std::abs(p.y - q.y) <= 1;
  };
  for (int a = 0; a < n; ++a) {
    const Cell ca = grid->CellAt(a);
    for (int b = 0; b < n; ++b) {
      const Cell cb = grid->CellAt(b);
      bool sight = true, hard = is(b, {kHard, kWindow}), soft = is(b, {kSoft});
      int firing_window = terrain_[a] == kWindow && !InBuilding(b) ? a : -1;
      const int x0 = std::min(ca.x, cb.x), x1 = std::max(ca.x, cb.x);
      const int y0 = std::min(ca.y, cb.y), y1 = std::max(ca.y, cb.y);
      for (int y = y0; y <= y1 && sight; ++y) {
        for (int x = x0; x <= x1; ++x) {
          const Cell c{x, y};
          if (c == ca || c == cb || !SegmentCrossesCell(ca, cb, c)) continue;
          const int ci = grid->Index(c);
          if (terrain_[ci] == kTotal) {
            sight = false;
            break;
          }
          if (terrain_[ci] == kWindow) {
            const bool at_a = InBuilding(a) && touches(ca, c),
                       at_b = InBuilding(b) && touches(cb, c);
            if (!at_a && !at_b) {
              sight = false;
              break;
            }
            if (at_a && firing_window < 0) firing_window = ci;
          }
          const bool next_to_target = touches(cb, c);
          if (next_to_target && is(ci, {kHard, kWindow})) hard = true;
          if (next_to_target && terrain_[ci] == kSoft) soft = true;
        }
      }
      // Walls on cell edges: a total one blocks the line; one touching the target's cell
      // gives it cover.
      if (!walls_.empty()) {
        sight = sight && !walls_.BlocksSight(ca, cb);
        const BrickactionWalls::Cover cover = walls_.CoverAt(ca, cb);
        hard |= cover.hard;
        soft |= cover.soft;
      }
      uint8_t bits = sight ? kSight : 0;
      if (hard) bits |= kHardCover;
      if (soft) bits |= kSoftCover;
      if (terrain_[b] == kTree) bits |= kTreeCover;
      if (sight && firing_window >= 0) {
        bits |= static_cast<uint8_t>(std::min(WindowsOnSide(firing_window), 7) << kWindowShift);
      }
      // From 5 blocks or more above: high ground, and the target's hard cover (walls, windows,
      // a tree) does not hide it (nor makes it prone behind hard cover total cover).
      if (sight && elevation_[a] - elevation_[b] >= kHighGroundBlocks) {
        bits = static_cast<uint8_t>((bits & ~(kHardCover | kTreeCover)) | kHighGround);
      }
      between_[static_cast<size_t>(a) * n + b] = bits;
    }
  }
  // Moves: 4 cells (2 crawling), cover costs double, total cover is impassable.
  MoveTerrain terrain;
  terrain.cost_factor.assign(n, 1);
  for (int c = 0; c < n; ++c) {
    if (is(c, {kHard, kSoft, kTree, kWindow})) terrain.cost_factor[c] = 2;
    if (terrain_[c] == kTotal) {
      terrain.impassable.Set(c);
      impassable_.Set(c);
    }
    if (terrain_[c] == kCorner) {
      corners_.Set(c);
      has_corners_ = true;
    }
  }
  // Walls on cell edges: crossing a hard or soft one costs double, a total one is never
  // crossed.
  const MoveGraph graph = walls_.Moves(*grid, terrain);
  walk_.emplace(graph, 2 * kMoveCells);
  crawl_.emplace(graph, kMoveCells);
  for (const Unit& unit : units_) {
    if (unit.commando && !dash_) dash_.emplace(graph, 2 * kDashCells);
    if (unit.transport && !dismount_) dismount_.emplace(graph, 2 * kDismountCells);
  }
  if (has_vehicles_) {
    // Vehicles: never into walls, trees or buildings (windows, floors); hard and soft cover
    // cost double as for squads. A reach table per class in the scenario (its speed).
    MoveTerrain drive = terrain;
    for (int c = 0; c < n; ++c) {
      if (is(c, {kTotal, kTree, kWindow, kFloor})) {
        drive.impassable.Set(c);
        vehicle_impassable_.Set(c);
      }
    }
    const MoveGraph drive_graph = walls_.Moves(*grid, drive);
    for (const Unit& unit : units_) {
      if (unit.vehicle && !drive_[unit.vehicle_class]) {
        drive_[unit.vehicle_class].emplace(drive_graph, 2 * SpeedCells(unit.vehicle_class));
      }
    }
  }
  // Dice pools. Attack: natural 6s, then other 4+ (a veteran's +1 to the best die, high
  // ground's to another).
  auto attack_pool = [](int dice, int plus) {
    DicePool pool = DicePool::CountPair(dice, 6, SuccessRule::Natural(6), SuccessRule::AtLeast(4));
    if (plus > 0) pool.BonusToBestDice(1, plus);
    return pool;
  };
  auto add_attack_pools = [&](int from, int to) {
    for (int dice = from; dice <= to; ++dice) {
      for (int plus = 0; plus < 2; ++plus) {
        attack_pool_[dice][plus] = AddPool(attack_pool(dice, plus), kAttackRollKind);
      }
    }
  };
  add_attack_pools(1, 7);
  // Saves: successes; 4+ or 5+ with a modifier and a +1 to some dice (the tree's, the
  // medic's, a corner's two), or a natural 6.
  auto add_save_pool = [&](int dice, int target, int modifier, int bonus) {
    SuccessRule rule = SuccessRule::AtLeast(target);
    rule.modifier = modifier;
    DicePool pool = DicePool::CountSuccesses(dice, 6, rule);
    if (bonus) pool.BonusToBestDice(1, bonus);
    save_pool_[((dice * 10 + target) * 10 + modifier) * 10 + bonus] = AddPool(pool, kSaveRollKind);
  };
  for (int dice = 1; dice <= 6; ++dice) {
    save_pool_[dice * 1000] =
        AddPool(DicePool::CountSuccesses(dice, 6, SuccessRule::Natural(6)), kSaveRollKind);
    for (int target = 4; target <= 5; ++target) {
      for (int modifier = 0; modifier <= 2; ++modifier) {
        for (int bonus = 0; bonus < 3; ++bonus) add_save_pool(dice, target, modifier, bonus);
      }
    }
  }
  for (int modifier = 0; modifier < 3; ++modifier) {
    SuccessRule rule = SuccessRule::AtLeast(4);
    rule.modifier = modifier;
    rally_pool_[modifier] = AddPool(DicePool::CountSuccesses(1, 6, rule), kRallyRoll);
  }
  // Close combat: at most 4 dice a side, +1 with 3+ veterans, +1 per veteran (and per
  // bayonet: those pools come last, below).
  close_naturals_pool_.fill(-1);
  close_rest_pool_.fill(-1);
  auto add_close_pools = [&](int from, int to, int first_modifier, int last_modifier) {
    for (int dice = from; dice <= to; ++dice) {
      for (int modifier = first_modifier; modifier <= last_modifier; ++modifier) {
        close_pool_[dice][modifier] = AddClosePool(dice, modifier);
      }
    }
  };
  add_close_pools(1, 5, 0, 3);
  // The armour table: for every vehicle class in the scenario, the swarm's dice (1 per mini,
  // up to 6) and every vehicle weapon's dice (fewer at long range) against its threshold.
  auto add_armour = [&](int max_dice, int threshold) {
    for (int dice = 1; dice <= max_dice; ++dice) {
      const int key = dice * 100 + threshold;
      if (armour_pool_.count(key)) continue;
      // The sum with its natural 6s, folded to PairValue(sixes, total >= threshold).
      DicePool pool = DicePool::SumAndNaturals(dice, 6);
      pool.Label(absl::StrCat(dice, "d6 summed against ", threshold,
                              " (the armour table), each natural 6 a damage"));
      Roll roll{pool, {}, threshold};
      std::map<int, Probability> by_value;
      for (const PoolOutcome& o : pool.Distribution()) {
        by_value[ArmourValue(o.value, threshold)] += o.probability;
      }
      for (const auto& [value, probability] : by_value) {
        roll.outcomes.push_back({kOutcomeBase + static_cast<Action>(value), probability});
      }
      pools_[kArmourRollKind].push_back(std::move(roll));
      armour_pool_[key] = static_cast<int>(pools_[kArmourRollKind].size()) - 1;
    }
  };
  for (const Unit& target : units_) {
    if (!target.vehicle) continue;
    add_armour(6, kSwarmThreshold[target.vehicle_class]);
    for (const Unit& shooter : units_) {
      if (!shooter.vehicle || shooter.side == target.side) continue;
      const int threshold = kThreshold[shooter.vehicle_weapon][target.vehicle_class];
      if (threshold > 0) add_armour(kWeaponDice[shooter.vehicle_weapon], threshold);
    }
  }
  // Attack and close-combat pools beyond the Repeaters' (weapons), after all the others so
  // that the indices of the scenarios without them stay as they were.
  int attack_dice = 7, close_dice = 5, bayonets = 0;
  for (int u = 0; u < num_units(); ++u) {
    const Unit& unit = units_[u];
    if (unit.vehicle) continue;
    const int minis = unit.regulars + std::popcount(static_cast<unsigned>(unit.specialists));
    int most = 0;
    for (int cells = 0; cells <= width_ + height_; ++cells) {
      most = std::max(most, LoadoutDice(u, minis, cells * cells));
    }
    // One single-use weapon per attack: a rocket's 2 dice, a grenade's or rifle grenade's 1.
    const bool one_die = unit.grenade || unit.rifle_grenades > 0;
    attack_dice = std::max(attack_dice, most + (unit.rockets ? 2 : one_die ? 1 : 0));
    State full;
    full.regulars[u] = static_cast<uint8_t>(unit.regulars);
    full.specialists[u] = unit.specialists;
    full.weapons[u] = PackLoadout(unit.weapons);
    close_dice = std::max(close_dice, CloseDice(full, u));
    bayonets = std::max(bayonets, unit.bayonets);
  }
  PickUpDiceLimits(&attack_dice, &close_dice);  // the weapons squads may pick up
  max_close_dice_ = close_dice;
  CHECK(attack_dice <= kMaxAttackDice && close_dice <= kMaxCloseDice);
  add_attack_pools(8, attack_dice);
  add_close_pools(6, close_dice, 0, 3);
  if (bayonets > 0) add_close_pools(1, close_dice, 4, 3 + bayonets);
  // A corner's two +1s and the medic's: three save dice, only on maps with corners (the +1s
  // come only below the +2 cap).
  if (std::find(terrain_.begin(), terrain_.end(), kCorner) != terrain_.end()) {
    for (int dice = 1; dice <= 6; ++dice) {
      for (int target = 4; target <= 5; ++target) {
        for (int modifier = 0; modifier < 2; ++modifier) add_save_pool(dice, target, modifier, 3);
      }
    }
  }
  // High ground: a second +1 to another attack die, only on maps with heights.
  if (!raised_glyphs_.empty()) {
    for (int dice = 1; dice <= attack_dice; ++dice) {
      attack_pool_[dice][2] = AddPool(attack_pool(dice, 2), kAttackRollKind);
    }
  }
  // Whatever the scenario, every kind's pools fit State::roll, a byte: attack at most 10 dice
  // by 3 bonuses (30), saves 6 dice by (1 natural + 2 targets by 3 modifiers by 3 bonuses +
  // 2 targets by 2 modifiers for corners) (138), rally 3, close combat 6 dice by 10
  // modifiers, 2 natural and 8 rest pools (70), armour 6 dice by the thresholds 6..20 (90);
  // and every pool fits a chance node: at most 196 outcomes (a whole close-combat roll of 6
  // dice).
  for (const std::vector<Roll>& kind : pools_) {
    CHECK(kind.size() <= 256);
    for (const Roll& roll : kind) CHECK(roll.outcomes.size() <= kMaxChanceOutcomes);
  }
  return absl::OkStatus();
}

}  // namespace sandtable
