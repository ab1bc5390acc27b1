// doubletap's reading of the scenario format (docs/scenario-format.md): keywords ruleset,
// name, deploy, unit; terrain words open, cover, blocking, difficult. The built-in default
// scenario is scenarios/default.scn, compiled in.
#include <cctype>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/scenario_text.h"
#include "rulesets/doubletap/doubletap.h"
#include "rulesets/doubletap/embedded_scenarios.h"

namespace sandtable {

// Builds a DoubletapGame from a parsed scenario (a friend of the game).
class DoubletapScenarioBuilder {
 public:
  DoubletapScenarioBuilder(DoubletapGame& game, const ScenarioText& text)
      : game_(game), text_(text) {}

  absl::Status Build() {
    if (absl::Status s = ReadMap(); !s.ok()) return s;
    if (absl::Status s = ReadDeploy(); !s.ok()) return s;
    return ReadUnits();
  }

 private:
  absl::Status ReadMap() {
    if (!text_.map().has_value()) {
      return ScenarioError(0, "no map block (a line 'map', the rows, a line 'end')");
    }
    const ScenarioMap& map = *text_.map();
    if (absl::Status s = map.ExpectKind(MapKind::kSquare); !s.ok()) return s;
    if (static_cast<int64_t>(map.width) * map.height > kMaxCells) {
      return ScenarioError(map.line, absl::StrCat("the map has more than ", kMaxCells, " cells"));
    }
    game_.width_ = map.width;
    game_.height_ = map.height;
    game_.terrain_.assign(map.width * map.height, DoubletapGame::kOpenTerrain);
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        const std::vector<std::string>& words = *text_.Legend(map.rows[y][x]);
        uint8_t kind = DoubletapGame::kOpenTerrain;
        int kinds = 0;
        for (const std::string& word : words) {
          if (word == "cover") {
            kind = DoubletapGame::kCoverTerrain;
          } else if (word == "blocking") {
            kind = DoubletapGame::kBlockingTerrain;
          } else if (word == "difficult") {
            kind = DoubletapGame::kDifficultTerrain;
          } else if (word != "open") {
            return ScenarioError(map.row_lines[y],
                                 absl::StrCat("map character '", std::string(1, map.rows[y][x]),
                                              "' has unknown terrain '", word,
                                              "' (known: open, cover, blocking, difficult)"));
          }
          if (word != "open") ++kinds;
        }
        if (kinds > 1) {
          return ScenarioError(map.row_lines[y],
                               absl::StrCat("map character '", std::string(1, map.rows[y][x]),
                                            "' has more than one of cover, blocking, difficult"));
        }
        game_.terrain_[game_.CellIndex(x, y)] = kind;
      }
    }
    return absl::OkStatus();
  }

  absl::Status ReadDeploy() {
    absl::StatusOr<const ScenarioStatement*> deploy = text_.Unique("deploy");
    if (!deploy.ok()) return deploy.status();
    game_.deploy_depth_ = std::min(6, game_.height_);
    if (*deploy != nullptr) {
      absl::StatusOr<int> depth =
          ParseScenarioInt((*deploy)->rest, 1, game_.height_, (*deploy)->line, "deploy");
      if (!depth.ok()) return depth.status();
      game_.deploy_depth_ = *depth;
    }
    return absl::OkStatus();
  }

  absl::Status ReadUnits() {
    int per_side[2] = {0, 0}, specialists[2] = {0, 0}, heroes[2] = {0, 0};
    for (const ScenarioStatement* statement : text_.All("unit")) {
      const int line = statement->line;
      FieldReader reader(*statement);
      DoubletapGame::Unit unit;
      absl::StatusOr<int> side = reader.Int("side", 0, 1);
      if (!side.ok()) return side.status();
      unit.side = *side;
      absl::StatusOr<std::string> weapon_name = reader.String("weapon");
      if (!weapon_name.ok()) return weapon_name.status();
      unit.weapon = -1;
      for (int w = 1; w < kDoubletapWeapons; ++w) {
        if (*weapon_name == DoubletapWeapons()[w].name) unit.weapon = w;
      }
      if (unit.weapon < 0) {
        return ScenarioError(line,
                             absl::StrCat("unknown weapon '", *weapon_name,
                                          "' (known: pistol, shotgun, smg, carbine, "
                                          "rifle, hmg, sniper; every unit also has a knife)"));
      }
      absl::StatusOr<int> hero = reader.IntOr("hero", 0, 1, 0);
      if (!hero.ok()) return hero.status();
      unit.hero = *hero == 1;
      unit.value = unit.hero ? 20 : 10;
      absl::StatusOr<int> quality = reader.IntOr("quality", 2, 6, game_.default_quality_);
      if (!quality.ok()) return quality.status();
      unit.quality = *quality;
      std::string taken;
      for (const DoubletapGame::Unit& other : game_.units_) taken += other.label;
      absl::StatusOr<char> label = reader.UnitLabel(
          unit.hero ? 'H' : DoubletapWeapons()[unit.weapon].letter, unit.side, taken);
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
      const int cell = game_.CellIndex(x, y);
      if (game_.IsCover(cell) || game_.IsBlocking(cell)) {
        return ScenarioError(line, "a unit cannot stand on a cover or blocking cell");
      }
      for (const DoubletapGame::Unit& other : game_.units_) {
        if (other.start == cell) return ScenarioError(line, "two units on one cell");
      }
      unit.start = static_cast<uint16_t>(cell);
      if (++per_side[unit.side] > DoubletapGame::kMaxPerSide) {
        return ScenarioError(line, absl::StrCat("more than ", DoubletapGame::kMaxPerSide,
                                                " units for player ", unit.side));
      }
      if (DoubletapWeapons()[unit.weapon].specialist && ++specialists[unit.side] > 3) {
        return ScenarioError(line, "at most three Specialists (Sniper, Hmg) per army");
      }
      if (unit.hero && ++heroes[unit.side] > 1) {
        return ScenarioError(line, "at most one Hero per army");
      }
      game_.units_.push_back(unit);
    }
    for (int side = 0; side < 2; ++side) {
      if (per_side[side] == 0) {
        return ScenarioError(
            0, absl::StrCat("player ", side, " has no units (add a line 'unit side=", side,
                            " weapon=rifle at=X,Y')"));
      }
    }
    return absl::OkStatus();
  }

  DoubletapGame& game_;
  const ScenarioText& text_;
};

std::string_view DoubletapGame::DefaultScenarioText() { return doubletap_scenarios::kDefault; }

absl::StatusOr<std::shared_ptr<const DoubletapGame>> DoubletapGame::Create(
    const Params& params, std::string_view scenario_text) {
  std::shared_ptr<DoubletapGame> game(new DoubletapGame());
  game->rounds_ = static_cast<int>(params.GetInt("rounds"));
  game->activation_cap_ = static_cast<int>(params.GetInt("activation_cap"));
  game->default_quality_ = static_cast<int>(params.GetInt("quality"));
  absl::StatusOr<ScenarioText> text =
      ScenarioText::Parse(scenario_text.empty() ? doubletap_scenarios::kDefault : scenario_text);
  if (!text.ok()) return text.status();
  if (absl::Status s = text->CheckKeywords({"ruleset", "name", "deploy", "unit"}); !s.ok()) {
    return s;
  }
  absl::StatusOr<std::string> name = text->RulesetAndName(kName);
  if (!name.ok()) return name.status();
  game->scenario_name_ = *std::move(name);
  DoubletapScenarioBuilder builder(*game, *text);
  if (absl::Status s = builder.Build(); !s.ok()) return s;
  if (absl::Status s = game->Precompute(); !s.ok()) return s;
  return std::shared_ptr<const DoubletapGame>(std::move(game));
}

}  // namespace sandtable
