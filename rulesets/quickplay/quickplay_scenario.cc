// quickplay's reading of the scenario format (docs/scenario-format.md): keywords ruleset,
// name, cells_per_brick, objective, zone, unit; terrain words open, cover, impassable,
// objective. The built-in default scenario is scenarios/default.scn, compiled in.
#include <cctype>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/scenario_text.h"
#include "rulesets/quickplay/embedded_scenarios.h"
#include "rulesets/quickplay/quickplay.h"

namespace sandtable {

// Builds a QuickplayGame from parameters and a parsed scenario (a friend of the game).
class QuickplayScenarioBuilder {
 public:
  QuickplayScenarioBuilder(QuickplayGame& game, const ScenarioText& text, int scale)
      : game_(game), text_(text), scale_(scale) {}

  absl::Status Build() {
    if (absl::Status s = ReadMap(); !s.ok()) return s;
    if (absl::Status s = ReadObjectives(); !s.ok()) return s;
    if (absl::Status s = ReadZones(); !s.ok()) return s;
    return ReadUnits();
  }

 private:
  // A scenario cell (in the scenario's own resolution) to a game cell: at double
  // resolution a brick becomes 2 x 2 cells and a point goes to the one nearest the centre,
  // so 180-degree symmetry is kept.
  int ScaleCoord(int v, int extent) const {
    if (scale_ == 1) return v;
    return 2 * v + (2 * v < extent ? 1 : 0);
  }

  absl::StatusOr<int> Point(FieldReader& reader, std::string_view key, int line) {
    absl::StatusOr<std::pair<int, int>> p = reader.Pair(key);
    if (!p.ok()) return p.status();
    if (p->first < 0 || p->second < 0 || p->first >= map_width_ || p->second >= map_height_) {
      return ScenarioError(
          line, absl::StrCat(std::string(key), "=", p->first, ",", p->second, " is off the ",
                             map_width_, " x ", map_height_, " map (cells count from 0)"));
    }
    return game_.CellIndex(ScaleCoord(p->first, map_width_), ScaleCoord(p->second, map_height_));
  }

  absl::Status ReadMap() {
    if (!text_.map().has_value()) {
      return ScenarioError(0, "no map block (a line 'map', the rows, a line 'end')");
    }
    const ScenarioMap& map = *text_.map();
    if (absl::Status s = map.ExpectKind(MapKind::kSquare); !s.ok()) return s;
    map_width_ = map.width;
    map_height_ = map.height;
    game_.width_ = map.width * scale_;
    game_.height_ = map.height * scale_;
    if (static_cast<int64_t>(game_.width_) * game_.height_ > kMaxCells) {
      return ScenarioError(map.line,
                           absl::StrCat("the map is ", game_.width_, " x ", game_.height_,
                                        " cells; at most ", kMaxCells, " cells are supported"));
    }
    game_.terrain_.assign(game_.width_ * game_.height_, 0);
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        uint8_t bits = 0;
        for (const std::string& word : *text_.Legend(map.rows[y][x])) {
          if (word == "cover") {
            bits |= QuickplayGame::kCoverBit;
          } else if (word == "impassable") {
            bits |= QuickplayGame::kImpassableBit;
          } else if (word == "objective") {
            map_objectives_.push_back({x, y, map.row_lines[y]});
          } else if (word != "open") {
            return ScenarioError(map.row_lines[y],
                                 absl::StrCat("map character '", std::string(1, map.rows[y][x]),
                                              "' has unknown terrain '", word,
                                              "' (known: open, cover, impassable, objective)"));
          }
        }
        for (int dy = 0; dy < scale_; ++dy) {
          for (int dx = 0; dx < scale_; ++dx) {
            game_.terrain_[game_.CellIndex(x * scale_ + dx, y * scale_ + dy)] = bits;
          }
        }
      }
    }
    return absl::OkStatus();
  }

  absl::Status AddObjective(int cell, int line) {
    for (uint16_t existing : game_.objectives_) {
      if (existing == cell) return ScenarioError(line, "two strategic points on one cell");
    }
    if (game_.objectives_.size() >= QuickplayGame::kMaxObjectives) {
      return ScenarioError(
          line, absl::StrCat("more than ", QuickplayGame::kMaxObjectives, " strategic points"));
    }
    game_.objectives_.push_back(static_cast<uint16_t>(cell));
    return absl::OkStatus();
  }

  absl::Status ReadObjectives() {
    for (const auto& [x, y, line] : map_objectives_) {
      const int cell = game_.CellIndex(ScaleCoord(x, map_width_), ScaleCoord(y, map_height_));
      if (absl::Status s = AddObjective(cell, line); !s.ok()) return s;
    }
    for (const ScenarioStatement* statement : text_.All("objective")) {
      FieldReader reader(*statement);
      absl::StatusOr<int> cell = Point(reader, "at", statement->line);
      if (!cell.ok()) return cell.status();
      if (absl::Status s = reader.Finish(); !s.ok()) return s;
      if (absl::Status s = AddObjective(*cell, statement->line); !s.ok()) return s;
    }
    return absl::OkStatus();
  }

  absl::Status ReadZones() {
    bool given[2] = {false, false};
    for (const ScenarioStatement* statement : text_.All("zone")) {
      FieldReader reader(*statement);
      absl::StatusOr<int> side = reader.Int("side", 0, 1);
      if (!side.ok()) return side.status();
      absl::StatusOr<std::pair<int, int>> from = reader.Pair("from");
      if (!from.ok()) return from.status();
      absl::StatusOr<std::pair<int, int>> to = reader.Pair("to");
      if (!to.ok()) return to.status();
      if (absl::Status s = reader.Finish(); !s.ok()) return s;
      if (from->first < 0 || from->second < 0 || to->first >= map_width_ ||
          to->second >= map_height_ || from->first > to->first || from->second > to->second) {
        return ScenarioError(statement->line,
                             absl::StrCat("zone from=", from->first, ",", from->second,
                                          " to=", to->first, ",", to->second,
                                          " is not a rectangle on the map (from is the "
                                          "top-left corner, to the bottom-right, inclusive)"));
      }
      given[*side] = true;
      for (int y = from->second * scale_; y < (to->second + 1) * scale_; ++y) {
        for (int x = from->first * scale_; x < (to->first + 1) * scale_; ++x) {
          game_.zones_[*side].Set(game_.CellIndex(x, y));
        }
      }
    }
    // Default: within M (4 bricks) of each short edge.
    const int depth = std::min(game_.Cells(4), game_.width_);
    for (int side = 0; side < 2; ++side) {
      if (given[side]) continue;
      for (int y = 0; y < game_.height_; ++y) {
        for (int i = 0; i < depth; ++i) {
          game_.zones_[side].Set(game_.CellIndex(side == 0 ? i : game_.width_ - 1 - i, y));
        }
      }
    }
    return absl::OkStatus();
  }

  absl::Status ReadUnits() {
    int per_side[2] = {0, 0};
    for (const ScenarioStatement* statement : text_.All("unit")) {
      const int line = statement->line;
      FieldReader reader(*statement);
      absl::StatusOr<int> side = reader.Int("side", 0, 1);
      if (!side.ok()) return side.status();
      absl::StatusOr<std::string> type_name = reader.String("type");
      if (!type_name.ok()) return type_name.status();
      QuickplayGame::Unit unit;
      unit.side = *side;
      bool known = false;
      for (int t = 0; t < kQuickplayUnitTypes; ++t) {
        if (*type_name == QuickplayProfileOf(static_cast<QuickplayUnitType>(t)).name) {
          unit.type = static_cast<QuickplayUnitType>(t);
          known = true;
        }
      }
      if (!known) {
        return ScenarioError(line, absl::StrCat("unknown unit type '", *type_name,
                                                "' (known: rifle_squad, tank, brassbounder)"));
      }
      const QuickplayProfile& profile = QuickplayProfileOf(unit.type);
      std::string taken;
      for (const QuickplayGame::Unit& other : game_.units_) taken += other.label;
      absl::StatusOr<char> label = reader.UnitLabel(profile.letter, unit.side, taken);
      if (!label.ok()) return label.status();
      unit.label = *label;
      if (reader.Has("at")) {
        absl::StatusOr<int> cell = Point(reader, "at", line);
        if (!cell.ok()) return cell.status();
        unit.start = static_cast<uint16_t>(*cell);
      }
      if (absl::Status s = reader.Finish(); !s.ok()) return s;
      if (!game_.alternate_deployment_) {
        if (unit.start == QuickplayGame::kNoCell) {
          return ScenarioError(line, "with fixed deployment every unit needs at=X,Y");
        }
        if (game_.IsCover(unit.start)) {
          return ScenarioError(line, "a unit cannot stand on a cover cell");
        }
        if (game_.IsImpassable(unit.start) && !profile.ignores_impassable) {
          return ScenarioError(line, "only a brassbounder can stand on an impassable cell");
        }
        for (const QuickplayGame::Unit& other : game_.units_) {
          if (other.start == unit.start) {
            return ScenarioError(line, "two units on one cell");
          }
        }
      }
      if (game_.units_.size() >= QuickplayGame::kMaxUnits) {
        return ScenarioError(line, absl::StrCat("more than ", QuickplayGame::kMaxUnits, " units"));
      }
      ++per_side[unit.side];
      game_.units_.push_back(unit);
    }
    for (int side = 0; side < 2; ++side) {
      if (per_side[side] == 0) {
        return ScenarioError(0, absl::StrCat("player ", side,
                                             " has no units (add a line "
                                             "'unit side=",
                                             side, " type=... at=X,Y')"));
      }
    }
    if (game_.alternate_deployment_) {
      // Every unit must be placeable, whatever the other units take.
      for (int side = 0; side < 2; ++side) {
        int free_cells = 0;
        game_.zones_[side].ForEach([&](int cell) {
          if (!game_.IsCover(cell) && !game_.IsImpassable(cell)) ++free_cells;
        });
        if (free_cells < per_side[side]) {
          return ScenarioError(0,
                               absl::StrCat("player ", side, "'s deployment zone has ", free_cells,
                                            " free cells for ", per_side[side], " units"));
        }
      }
    }
    return absl::OkStatus();
  }

  struct MapObjective {
    int x;
    int y;
    int line;
  };
  QuickplayGame& game_;
  const ScenarioText& text_;
  int scale_;
  int map_width_ = 0;
  int map_height_ = 0;
  std::vector<MapObjective> map_objectives_;
};

std::string_view QuickplayGame::DefaultScenarioText() { return quickplay_scenarios::kDefault; }

absl::StatusOr<std::shared_ptr<const QuickplayGame>> QuickplayGame::Create(
    const Params& params, std::string_view scenario_text) {
  std::shared_ptr<QuickplayGame> game(new QuickplayGame());
  game->squad_size_ = static_cast<int>(params.GetInt("squad_size"));
  game->cells_per_brick_ = static_cast<int>(params.GetInt("cells_per_brick"));
  game->alternate_deployment_ = params.GetString("deployment") == "alternate";
  if (game->squad_size_ < 1 || game->squad_size_ > kMaxSquadSize || game->cells_per_brick_ < 1 ||
      game->cells_per_brick_ > 2) {
    return absl::InvalidArgumentError("quickplay: parameter out of range");
  }

  absl::StatusOr<ScenarioText> text =
      ScenarioText::Parse(scenario_text.empty() ? quickplay_scenarios::kDefault : scenario_text);
  if (!text.ok()) return text.status();
  if (absl::Status s =
          text->CheckKeywords({"ruleset", "name", "cells_per_brick", "objective", "zone", "unit"});
      !s.ok()) {
    return s;
  }
  absl::StatusOr<std::string> name = text->RulesetAndName(kName);
  if (!name.ok()) return name.status();
  game->scenario_name_ = *std::move(name);
  absl::StatusOr<const ScenarioStatement*> resolution = text->Unique("cells_per_brick");
  if (!resolution.ok()) return resolution.status();
  int scenario_cells_per_brick = 1;
  if (*resolution != nullptr) {
    absl::StatusOr<int> value =
        ParseScenarioInt((*resolution)->rest, 1, 2, (*resolution)->line, "cells_per_brick");
    if (!value.ok()) return value.status();
    scenario_cells_per_brick = *value;
  }
  if (scenario_cells_per_brick > game->cells_per_brick_) {
    return ScenarioError(
        (*resolution)->line,
        absl::StrCat("the scenario is drawn at cells_per_brick=", scenario_cells_per_brick,
                     "; play it with the parameter cells_per_brick=", scenario_cells_per_brick));
  }
  QuickplayScenarioBuilder builder(*game, *text, game->cells_per_brick_ / scenario_cells_per_brick);
  if (absl::Status s = builder.Build(); !s.ok()) return s;
  if (absl::Status s = game->Precompute(); !s.ok()) return s;
  return std::shared_ptr<const QuickplayGame>(std::move(game));
}

}  // namespace sandtable
