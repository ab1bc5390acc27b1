// quick's reading of the scenario format (docs/scenario-format.md): keywords ruleset, name,
// cubes, unit, enabler; terrain words open, urban, close, objective on a hex map. Also the
// factory (the built-in default scenario is scenarios/default.scn, compiled in).
#include <map>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/hex_grid.h"
#include "engine/scenario_text.h"
#include "engine/text.h"
#include "rulesets/quick/embedded_scenarios.h"
#include "rulesets/quick/quick.h"

namespace sandtable {
namespace {

constexpr const char* kTypeNames[] = {"hq", "cp", "infantry", "stryker", "taskforce"};
constexpr const char* kEnablerWords[] = {"recon", "artillery", "engineer", "supply"};

int EnablerIndex(std::string_view word) {
  for (int e = 0; e < QuickGame::kEnablers; ++e) {
    if (word == kEnablerWords[e]) return e;
  }
  return -1;
}

}  // namespace

std::string_view QuickGame::DefaultScenario() { return quick_scenarios::kDefault; }

// Builds a QuickGame from a parsed scenario (a friend of the game).
class QuickScenarioBuilder {
 public:
  QuickScenarioBuilder(QuickGame& game, const ScenarioText& text) : game_(game), text_(text) {}

  absl::Status Build() {
    if (absl::Status s = text_.CheckKeywords({"ruleset", "name", "cubes", "unit", "enabler"});
        !s.ok()) {
      return s;
    }
    if (absl::Status s = ReadMap(); !s.ok()) return s;
    for (int side = 0; side < 2; ++side) {
      for (int e = 0; e < QuickGame::kEnablers; ++e) state_.enabler[side][e] = QuickGame::kInSupply;
    }
    if (absl::Status s = ReadCubes(); !s.ok()) return s;
    if (absl::Status s = ReadUnits(); !s.ok()) return s;
    if (absl::Status s = ReadEnablers(); !s.ok()) return s;
    game_.initial_ = state_;
    return absl::OkStatus();
  }
  const QuickGame::State& state() const { return state_; }

 private:
  absl::Status ReadMap() {
    if (!text_.map().has_value()) {
      return ScenarioError(0, "no map block (a line 'map hex', the rows, a line 'end')");
    }
    const ScenarioMap& map = *text_.map();
    if (absl::Status s = map.ExpectKind(MapKind::kHex); !s.ok()) return s;
    if (map.width * map.height > QuickGame::kMaxCells) {
      return ScenarioError(map.line,
                           absl::StrCat("the map has more than ", QuickGame::kMaxCells, " hexes"));
    }
    game_.width_ = map.width;
    game_.height_ = map.height;
    game_.terrain_.assign(map.width * map.height, QuickGame::kOpen);
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        const char ch = map.rows[y][x];
        int kinds = 0;
        for (const std::string& word : *text_.Legend(ch)) {
          uint8_t& t = game_.terrain_[y * map.width + x];
          if (word == "open") {
            t = QuickGame::kOpen;
            ++kinds;
          } else if (word == "urban") {
            t = QuickGame::kUrban;
            ++kinds;
          } else if (word == "close") {
            t = QuickGame::kClose;
            ++kinds;
          } else if (word == "objective") {
            game_.objectives_.push_back(static_cast<uint8_t>(y * map.width + x));
          } else {
            return ScenarioError(
                map.row_lines[y],
                absl::StrCat("map character '", std::string(1, ch), "' has unknown terrain '", word,
                             "' (known: open, urban, close, objective)"));
          }
        }
        if (kinds > 1) {
          return ScenarioError(map.row_lines[y],
                               absl::StrCat("map character '", std::string(1, ch),
                                            "' has more than one of open, urban, close"));
        }
      }
    }
    return game_.Precompute();
  }

  absl::Status ReadCubes() {
    bool seen[2] = {false, false};
    for (const ScenarioStatement* statement : text_.All("cubes")) {
      FieldReader reader(*statement);
      absl::StatusOr<int> side = reader.Int("side", 0, 1);
      if (!side.ok()) return side.status();
      if (seen[*side]) return ScenarioError(statement->line, "a second cubes line for that side");
      seen[*side] = true;
      const char* keys[] = {"pool", "hand", "discard", "supply", "removed"};
      for (int p = 0; p < QuickGame::kPlaces; ++p) {
        if (p == QuickGame::kHand) continue;  // the Hand is selected in play
        if (!reader.Has(keys[p])) continue;
        absl::StatusOr<std::pair<int, int>> counts = reader.Pair(keys[p]);
        if (!counts.ok()) return counts.status();
        if (counts->first < 0 || counts->second < 0 || counts->first > 30 || counts->second > 30) {
          return ScenarioError(statement->line,
                               absl::StrCat(keys[p], ": blue and pink counts are 0..30"));
        }
        state_.cubes[*side][p][0] = static_cast<uint8_t>(counts->first);
        state_.cubes[*side][p][1] = static_cast<uint8_t>(counts->second);
      }
      if (absl::Status s = reader.Finish(); !s.ok()) return s;
    }
    for (int side = 0; side < 2; ++side) {
      if (!seen[side]) return ScenarioError(0, absl::StrCat("no cubes line for side ", side));
    }
    return absl::OkStatus();
  }

  absl::Status ReadUnits() {
    std::vector<const ScenarioStatement*> statements = text_.All("unit");
    std::vector<std::string> hq_labels;
    int cps[2] = {0, 0}, hqs[2] = {0, 0};
    // First pass: every unit's label, side and type, so MUs can name their HQ.
    for (const ScenarioStatement* statement : statements) {
      const int line = statement->line;
      if (static_cast<int>(game_.units_.size()) >= QuickGame::kMaxUnits) {
        return ScenarioError(line, absl::StrCat("more than ", QuickGame::kMaxUnits, " units"));
      }
      FieldReader reader(*statement);
      QuickGame::Unit unit;
      absl::StatusOr<int> side = reader.Int("side", 0, 1);
      if (!side.ok()) return side.status();
      unit.side = static_cast<uint8_t>(*side);
      absl::StatusOr<std::string> type = reader.String("type");
      if (!type.ok()) return type.status();
      int found = -1;
      for (int t = 0; t < 5; ++t) {
        if (*type == kTypeNames[t]) found = t;
      }
      if (found < 0) {
        return ScenarioError(line, absl::StrCat("unknown type '", Printable(*type),
                                                "' (hq, cp, infantry, stryker, taskforce)"));
      }
      unit.type = static_cast<uint8_t>(found);
      absl::StatusOr<std::string> label = reader.String("label");
      if (!label.ok()) return label.status();
      if (label->size() != 1 || !std::isalpha(static_cast<unsigned char>((*label)[0]))) {
        return ScenarioError(line, "label: one letter");
      }
      unit.label = (*label)[0];
      for (const QuickGame::Unit& other : game_.units_) {
        if (other.label == unit.label) {
          return ScenarioError(line, absl::StrCat("label ", *label, " is used twice"));
        }
      }
      if (unit.type == QuickGame::kCp && ++cps[unit.side] > 1) {
        return ScenarioError(line, "a side has at most one CP");
      }
      if (unit.type == QuickGame::kHq) {
        if (hqs[unit.side] >= 4) return ScenarioError(line, "a side has at most four HQs");
        unit.rank = static_cast<uint8_t>(hqs[unit.side]++);
        unit.formation = static_cast<uint8_t>(game_.units_.size());
      }
      absl::StatusOr<std::pair<int, int>> at = reader.Pair("at");
      if (!at.ok()) return at.status();
      if (at->first < 0 || at->second < 0 || at->first >= game_.width_ ||
          at->second >= game_.height_) {
        return ScenarioError(line,
                             absl::StrCat("at=", at->first, ",", at->second, " is off the map"));
      }
      const int u = static_cast<int>(game_.units_.size());
      state_.cell[u] = static_cast<uint8_t>(game_.CellOf(at->first, at->second));
      game_.units_.push_back(unit);
      (void)reader.Has("hq");
      (void)reader.Has("enablers");
    }
    // Second pass: formations, Enablers, stacking.
    for (size_t i = 0; i < statements.size(); ++i) {
      const ScenarioStatement& statement = *statements[i];
      QuickGame::Unit& unit = game_.units_[i];
      const std::optional<std::string> hq = statement.Field("hq");
      if (game_.IsManoeuvre(static_cast<int>(i))) {
        if (!hq.has_value()) return ScenarioError(statement.line, "an MU names its HQ: hq=L");
        for (size_t h = 0; h < game_.units_.size(); ++h) {
          if (game_.units_[h].type == QuickGame::kHq && game_.units_[h].side == unit.side &&
              hq->size() == 1 && (*hq)[0] == game_.units_[h].label) {
            unit.formation = static_cast<uint8_t>(h);
          }
        }
        if (unit.formation == QuickGame::kNone) {
          return ScenarioError(statement.line,
                               absl::StrCat("hq=", Printable(*hq), " is not an HQ of this side"));
        }
      } else if (hq.has_value()) {
        return ScenarioError(statement.line, "only MUs name an HQ");
      }
      if (const std::optional<std::string> enablers = statement.Field("enablers")) {
        if (unit.type == QuickGame::kCp)
          return ScenarioError(statement.line, "a CP holds no Enabler");
        for (absl::string_view piece : absl::StrSplit(*enablers, '+')) {
          const std::string_view word = ToStd(piece);
          const int e = EnablerIndex(word);
          if (e < 0) {
            return ScenarioError(
                statement.line,
                absl::StrCat("unknown Enabler '", Printable(word),
                             "' (recon, artillery, engineer, supply; join with +)"));
          }
          if (state_.enabler[unit.side][e] != QuickGame::kInSupply) {
            return ScenarioError(statement.line, absl::StrCat(ToAbsl(word), " is given twice"));
          }
          state_.enabler[unit.side][e] = static_cast<uint8_t>(i);
        }
      }
      for (size_t j = 0; j < i; ++j) {
        if (state_.cell[j] != state_.cell[i]) continue;
        if (game_.units_[j].side != unit.side) {
          return ScenarioError(statement.line, "units of both sides share a hex");
        }
        if (game_.IsManoeuvre(static_cast<int>(j)) == game_.IsManoeuvre(static_cast<int>(i))) {
          return ScenarioError(statement.line,
                               "stacking: at most one MU plus one HQ or CP per hex");
        }
      }
      // The fields were all read in the first pass except these two; check for unknown ones.
      for (const auto& [key, value] : statement.fields) {
        if (key != "side" && key != "type" && key != "label" && key != "at" && key != "hq" &&
            key != "enablers") {
          return ScenarioError(statement.line, absl::StrCat("unknown field '", key, "'"));
        }
      }
      if (!statement.words.empty()) {
        return ScenarioError(statement.line, "unit takes only key=value fields");
      }
    }
    for (int side = 0; side < 2; ++side) {
      bool any_mu = false;
      for (int u = 0; u < game_.num_units(); ++u) {
        any_mu |= game_.units_[u].side == side && game_.IsManoeuvre(u);
      }
      if (!any_mu) return ScenarioError(0, absl::StrCat("side ", side, " has no MU"));
    }
    return absl::OkStatus();
  }

  absl::Status ReadEnablers() {
    for (const ScenarioStatement* statement : text_.All("enabler")) {
      FieldReader reader(*statement);
      absl::StatusOr<int> side = reader.Int("side", 0, 1);
      if (!side.ok()) return side.status();
      absl::StatusOr<std::string> type = reader.String("type");
      if (!type.ok()) return type.status();
      const int e = EnablerIndex(*type);
      if (e < 0) return ScenarioError(statement->line, "type: recon, artillery, engineer, supply");
      absl::StatusOr<std::string> at = reader.String("at");
      if (!at.ok()) return at.status();
      uint8_t& where = state_.enabler[*side][e];
      if (where != QuickGame::kInSupply) {
        return ScenarioError(statement->line, absl::StrCat(*type, " is placed twice"));
      }
      if (*at == "supply") {
        where = QuickGame::kInSupply;
      } else if (*at == "available") {
        where = QuickGame::kAvailable;
      } else if (*at == "exhausted") {
        where = QuickGame::kExhausted;
      } else {
        return ScenarioError(statement->line,
                             "at: supply, available or exhausted (allocate with unit enablers=)");
      }
      if (absl::Status s = reader.Finish(); !s.ok()) return s;
    }
    return absl::OkStatus();
  }

  QuickGame& game_;
  const ScenarioText& text_;
  QuickGame::State state_;
};

absl::StatusOr<std::shared_ptr<const QuickGame>> QuickGame::Create(const Params& params,
                                                                   std::string_view scenario_text) {
  std::shared_ptr<QuickGame> game(new QuickGame());
  game->rounds_ = static_cast<int>(params.GetInt("rounds"));
  game->support_victory_ = params.GetString("victory") == "support";
  absl::StatusOr<ScenarioText> text =
      ScenarioText::Parse(scenario_text.empty() ? quick_scenarios::kDefault : scenario_text);
  if (!text.ok()) return text.status();
  // The name is not used (one map per file), but the check is shared.
  if (absl::StatusOr<std::string> name = text->RulesetAndName(kName); !name.ok()) {
    return name.status();
  }
  QuickScenarioBuilder builder(*game, *text);
  if (absl::Status s = builder.Build(); !s.ok()) return s;
  for (int u = 0; u < game->num_units(); ++u) {
    if (game->units_[u].type == kCp) game->cp_[game->units_[u].side] = static_cast<uint8_t>(u);
  }
  game->StartRound(game->initial_, 1);
  return std::shared_ptr<const QuickGame>(std::move(game));
}

absl::StatusOr<std::shared_ptr<const QuickGame>> QuickGame::CreateFromStrings(
    const std::map<std::string, std::string>& values, std::string_view scenario_text) {
  absl::StatusOr<Params> params = Params::Resolve(ParamDefs(), values);
  if (!params.ok()) return params.status();
  return Create(*params, scenario_text);
}

}  // namespace sandtable
