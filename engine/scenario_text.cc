#include "engine/scenario_text.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/cell_mask.h"
#include "engine/text.h"

namespace sandtable {
namespace {

// Printable ASCII or a tab; '\r' is removed before this check.
bool IsAllowed(char c) {
  const auto u = static_cast<unsigned char>(c);
  return c == '\t' || (u >= 0x20 && u < 0x7f);
}

// Keeps error messages one line and free of control bytes.
std::string Quote(std::string_view s) { return absl::StrCat("'", Printable(s, 40), "'"); }

// The `map` line: `map [square|hex] [WIDTH HEIGHT]`; a size of 0 means not declared.
struct MapHeader {
  MapKind kind = MapKind::kSquare;
  int width = 0;
  int height = 0;
};

absl::StatusOr<MapHeader> ParseMapHeader(const std::vector<std::string_view>& tokens, int line) {
  MapHeader header;
  size_t next = 1;
  if (next < tokens.size() && (tokens[next] == "square" || tokens[next] == "hex")) {
    header.kind = tokens[next] == "hex" ? MapKind::kHex : MapKind::kSquare;
    ++next;
  }
  if (tokens.size() - next == 2) {
    absl::StatusOr<int> width = ParseScenarioInt(tokens[next], 1, kMaxCells, line, "map width");
    if (!width.ok()) return width.status();
    absl::StatusOr<int> height =
        ParseScenarioInt(tokens[next + 1], 1, kMaxCells, line, "map height");
    if (!height.ok()) return height.status();
    header.width = *width;
    header.height = *height;
  } else if (tokens.size() != next) {
    return ScenarioError(line,
                         "expected 'map', 'map square' or 'map hex', optionally followed by "
                         "the width and height");
  }
  return header;
}

// The number of spaces before a line's first other character, or -1 if a tab comes first.
int Indent(std::string_view line) {
  int spaces = 0;
  for (char c : line) {
    if (c == '\t') return -1;
    if (c != ' ') break;
    ++spaces;
  }
  return spaces;
}

// A hex map drawn staggered must be staggered the odd-r way: an odd row may not start to the
// left of the even rows beside it. Rows indented with tabs, or all alike, are not checked.
absl::Status CheckStagger(const ScenarioMap& map, const std::vector<int>& indents) {
  for (int row = 1; row < map.height; ++row) {
    if (indents[row - 1] < 0 || indents[row] < 0) continue;  // tabs: no telling
    const int odd = row % 2 == 1 ? row : row - 1;
    const int even = row % 2 == 1 ? row - 1 : row;
    if (indents[odd] < indents[even]) {
      return ScenarioError(map.row_lines[row],
                           absl::StrCat("hex map row ", odd, " is drawn to the left of row ", even,
                                        ": odd rows sit half a hex to the right of even rows"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status ScenarioError(int line, std::string_view message) {
  if (line <= 0) return absl::InvalidArgumentError(absl::StrCat("scenario: ", ToAbsl(message)));
  return absl::InvalidArgumentError(absl::StrCat("line ", line, ": ", ToAbsl(message)));
}

std::optional<std::string> ScenarioStatement::Field(std::string_view key) const {
  for (const auto& [k, v] : fields) {
    if (k == key) return v;
  }
  return std::nullopt;
}

absl::StatusOr<ScenarioText> ScenarioText::Parse(std::string_view text) {
  ScenarioText result;
  std::vector<std::string_view> lines;
  for (absl::string_view line : absl::StrSplit(ToAbsl(text), '\n')) {
    lines.emplace_back(line.data(), line.size());
  }
  // A final newline does not start another line.
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  bool in_map = false;
  MapHeader declared;
  std::vector<int> indents;  // of each map row, -1 when indented with tabs
  for (size_t index = 0; index < lines.size(); ++index) {
    const int number = static_cast<int>(index) + 1;
    std::string_view line = lines[index];
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::string_view trimmed = TrimBlanks(line);
    const bool comment = !in_map && !trimmed.empty() && trimmed.front() == '#';
    if (!comment) {
      for (size_t col = 0; col < line.size(); ++col) {
        if (!IsAllowed(line[col])) {
          return ScenarioError(number,
                               absl::StrCat("column ", col + 1, ": character code ",
                                            static_cast<int>(static_cast<unsigned char>(line[col])),
                                            " is not printable ASCII"));
        }
      }
    }
    if (in_map) {
      if (trimmed == "end") {
        in_map = false;
        const ScenarioMap& map = *result.map_;
        if (map.rows.empty()) return ScenarioError(number, "the map has no rows");
        if (declared.height > 0 && map.height != declared.height) {
          return ScenarioError(
              number, absl::StrCat("the map has ", map.height, " rows, its 'map' line (line ",
                                   map.line, ") says ", declared.height));
        }
        if (map.kind == MapKind::kHex) {
          if (absl::Status s = CheckStagger(map, indents); !s.ok()) return s;
        }
        continue;
      }
      std::string row;
      for (char c : trimmed) {
        if (!IsBlank(c)) row += c;
      }
      if (row.empty()) {
        return ScenarioError(number, "empty map row (a map block ends with a line 'end')");
      }
      ScenarioMap& map = *result.map_;
      if (declared.width > 0 && static_cast<int>(row.size()) != declared.width) {
        return ScenarioError(
            number, absl::StrCat("map row has ", row.size(), " cells, the 'map' line (line ",
                                 map.line, ") says ", declared.width));
      }
      if (map.rows.empty()) {
        map.width = static_cast<int>(row.size());
      } else if (static_cast<int>(row.size()) != map.width) {
        return ScenarioError(number, absl::StrCat("map row has ", row.size(),
                                                  " cells, the first row has ", map.width));
      }
      indents.push_back(Indent(line));
      map.rows.push_back(std::move(row));
      map.row_lines.push_back(number);
      map.height = static_cast<int>(map.rows.size());
      continue;
    }
    if (trimmed.empty() || comment) continue;
    const std::vector<std::string_view> tokens = SplitWords(trimmed);
    const std::string_view keyword = tokens[0];
    if (keyword == "map") {
      if (result.map_.has_value()) {
        return ScenarioError(
            number, absl::StrCat("a second map (the first is on line ", result.map_->line, ")"));
      }
      absl::StatusOr<MapHeader> header = ParseMapHeader(tokens, number);
      if (!header.ok()) return header.status();
      result.map_.emplace();
      result.map_->line = number;
      result.map_->kind = header->kind;
      declared = *header;
      in_map = true;
      continue;
    }
    if (keyword == "end") return ScenarioError(number, "'end' without a 'map' line");
    if (keyword == "legend") {
      if (tokens.size() < 2 || tokens[1].size() != 1) {
        return ScenarioError(number, "expected 'legend C word...' with C a single character");
      }
      const char c = tokens[1][0];
      for (const auto& [existing, words] : result.legend_) {
        if (existing == c) {
          return ScenarioError(
              number, absl::StrCat("legend character '", std::string(1, c), "' is defined twice"));
        }
      }
      std::vector<std::string> words;
      for (size_t t = 2; t < tokens.size(); ++t) words.emplace_back(tokens[t]);
      result.legend_.emplace_back(c, std::move(words));
      continue;
    }
    ScenarioStatement statement;
    statement.line = number;
    statement.keyword = std::string(keyword);
    statement.rest = std::string(TrimBlanks(trimmed.substr(keyword.size())));
    for (size_t t = 1; t < tokens.size(); ++t) {
      const std::string_view token = tokens[t];
      const size_t eq = token.find('=');
      if (eq == std::string_view::npos || eq == 0) {
        statement.words.emplace_back(token);
        continue;
      }
      std::string key(token.substr(0, eq));
      if (statement.Field(key).has_value()) {
        return ScenarioError(number, absl::StrCat("field '", key, "' given twice"));
      }
      statement.fields.emplace_back(std::move(key), std::string(token.substr(eq + 1)));
    }
    result.statements_.push_back(std::move(statement));
  }
  if (in_map) {
    return ScenarioError(result.map_->line, "map block is not closed by a line 'end'");
  }
  if (result.map_.has_value()) {
    const ScenarioMap& map = *result.map_;
    for (int y = 0; y < map.height; ++y) {
      for (int x = 0; x < map.width; ++x) {
        const char c = map.rows[y][x];
        if (result.Legend(c) == nullptr) {
          return ScenarioError(map.row_lines[y],
                               absl::StrCat("map character '", std::string(1, c), "' (cell ", x,
                                            ",", y, ") has no legend entry"));
        }
      }
    }
  }
  return result;
}

absl::Status ScenarioMap::ExpectKind(MapKind expected) const {
  if (kind == expected) return absl::OkStatus();
  return ScenarioError(line, expected == MapKind::kHex
                                 ? "this ruleset plays on a hex map: write 'map hex'"
                                 : "this ruleset plays on a square grid, not a hex map");
}

const std::vector<std::string>* ScenarioText::Legend(char c) const {
  for (const auto& [existing, words] : legend_) {
    if (existing == c) return &words;
  }
  return nullptr;
}

absl::Status ScenarioText::CheckKeywords(const std::vector<std::string_view>& known) const {
  for (const ScenarioStatement& s : statements_) {
    if (std::find(known.begin(), known.end(), std::string_view(s.keyword)) == known.end()) {
      std::vector<std::string> names(known.begin(), known.end());
      names.push_back("legend");
      names.push_back("map");
      return ScenarioError(s.line,
                           absl::StrCat("unknown keyword ", Quote(s.keyword),
                                        " (expected one of: ", absl::StrJoin(names, ", "), ")"));
    }
  }
  return absl::OkStatus();
}

std::vector<const ScenarioStatement*> ScenarioText::All(std::string_view keyword) const {
  std::vector<const ScenarioStatement*> found;
  for (const ScenarioStatement& s : statements_) {
    if (s.keyword == keyword) found.push_back(&s);
  }
  return found;
}

absl::StatusOr<const ScenarioStatement*> ScenarioText::Unique(std::string_view keyword) const {
  const ScenarioStatement* found = nullptr;
  for (const ScenarioStatement& s : statements_) {
    if (s.keyword != keyword) continue;
    if (found != nullptr) {
      return ScenarioError(s.line, absl::StrCat("'", ToAbsl(keyword),
                                                "' given twice (first on line ", found->line, ")"));
    }
    found = &s;
  }
  return found;
}

absl::StatusOr<std::string> ScenarioText::RulesetAndName(std::string_view ruleset) const {
  absl::StatusOr<const ScenarioStatement*> named = Unique("ruleset");
  if (!named.ok()) return named.status();
  if (*named != nullptr && (*named)->rest != ruleset) {
    return ScenarioError((*named)->line, absl::StrCat("this scenario is for '", (*named)->rest,
                                                      "', not ", ToAbsl(ruleset)));
  }
  absl::StatusOr<const ScenarioStatement*> name = Unique("name");
  if (!name.ok()) return name.status();
  return *name != nullptr ? (*name)->rest : std::string("unnamed");
}

absl::Status CheckDeployment(int line, int x, int y, int width, int height, int side, int depth) {
  if (x < 0 || y < 0 || x >= width || y >= height) {
    return ScenarioError(line, absl::StrCat("at=", x, ",", y, " is off the ", width, " x ", height,
                                            " map (cells count from 0)"));
  }
  if (side == 0 ? y < height - depth : y >= depth) {
    return ScenarioError(line, absl::StrCat("player ", side, " deploys within ", depth,
                                            " rows of its edge (player 0 the bottom, player 1 "
                                            "the top)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<int> ParseScenarioInt(std::string_view text, int min, int max, int line,
                                     std::string_view what) {
  int64_t value = 0;
  const bool digits_only = !text.empty() && text.size() <= 12 &&
                           std::all_of(text.begin() + (text[0] == '-' ? 1 : 0), text.end(),
                                       [](char c) { return c >= '0' && c <= '9'; }) &&
                           text != "-";
  if (!digits_only || !absl::SimpleAtoi(ToAbsl(text), &value) || value < min || value > max) {
    return ScenarioError(line, absl::StrCat(ToAbsl(what), ": ", Quote(text),
                                            " is not an integer in ", min, "..", max));
  }
  return static_cast<int>(value);
}

absl::StatusOr<std::pair<int, int>> ParseScenarioPair(std::string_view text, int line,
                                                      std::string_view what) {
  const size_t comma = text.find(',');
  if (comma == std::string_view::npos) {
    return ScenarioError(line, absl::StrCat(ToAbsl(what), ": expected x,y, got ", Quote(text)));
  }
  constexpr int kLimit = 1000000;
  absl::StatusOr<int> x = ParseScenarioInt(text.substr(0, comma), -kLimit, kLimit, line, what);
  if (!x.ok()) return x.status();
  absl::StatusOr<int> y = ParseScenarioInt(text.substr(comma + 1), -kLimit, kLimit, line, what);
  if (!y.ok()) return y.status();
  return std::make_pair(*x, *y);
}

FieldReader::FieldReader(const ScenarioStatement& statement) : statement_(statement) {}

bool FieldReader::Has(std::string_view key) const { return statement_.Field(key).has_value(); }

absl::StatusOr<std::string> FieldReader::String(std::string_view key) {
  std::optional<std::string> value = statement_.Field(key);
  if (!value.has_value()) {
    return ScenarioError(statement_.line, absl::StrCat("'", statement_.keyword,
                                                       "' needs the field ", ToAbsl(key), "="));
  }
  used_.emplace_back(key);
  return *value;
}

absl::StatusOr<int> FieldReader::Int(std::string_view key, int min, int max) {
  absl::StatusOr<std::string> value = String(key);
  if (!value.ok()) return value.status();
  return ParseScenarioInt(*value, min, max, statement_.line, key);
}

absl::StatusOr<int> FieldReader::IntOr(std::string_view key, int min, int max, int fallback) {
  if (!Has(key)) return fallback;
  return Int(key, min, max);
}

absl::StatusOr<std::pair<int, int>> FieldReader::Pair(std::string_view key) {
  absl::StatusOr<std::string> value = String(key);
  if (!value.ok()) return value.status();
  return ParseScenarioPair(*value, statement_.line, key);
}

absl::StatusOr<char> FieldReader::UnitLabel(char fallback, int side, std::string_view taken) {
  char label = fallback;
  if (Has("label")) {
    absl::StatusOr<std::string> text = String("label");
    if (!text.ok()) return text.status();
    if (text->size() != 1 || !std::isalpha(static_cast<unsigned char>((*text)[0]))) {
      return ScenarioError(statement_.line,
                           absl::StrCat("label=", *text, " is not a single letter"));
    }
    label = (*text)[0];
  }
  const unsigned char letter = static_cast<unsigned char>(label);
  label = static_cast<char>(side == 0 ? std::toupper(letter) : std::tolower(letter));
  if (taken.find(label) != std::string_view::npos) {
    return ScenarioError(statement_.line,
                         absl::StrCat("two units labelled '", std::string(1, label),
                                      "': give one of them another label=LETTER"));
  }
  return label;
}

absl::Status FieldReader::Finish() const {
  if (!statement_.words.empty()) {
    return ScenarioError(statement_.line,
                         absl::StrCat("unexpected ", Quote(statement_.words[0]), " in '",
                                      statement_.keyword, "' (fields are written key=value)"));
  }
  for (const auto& [key, value] : statement_.fields) {
    if (std::find(used_.begin(), used_.end(), key) == used_.end()) {
      return ScenarioError(statement_.line, absl::StrCat("unknown field ", Quote(key), " in '",
                                                         statement_.keyword, "'"));
    }
  }
  return absl::OkStatus();
}

}  // namespace sandtable
