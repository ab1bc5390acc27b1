// The ruleset-independent part of the scenario file format (docs/scenario-format.md): a
// text a person writes by hand, made of
//   - comments: lines whose first non-blank character is '#' (outside a map block);
//   - statements: `keyword word word key=value key=value ...` on one line;
//   - legend statements: `legend C word ...` naming the terrain words of map character C;
//   - one map block: a line `map` (or `map square`, or `map hex`, optionally followed by the
//     width and height), then one line per row of cells, then a line `end`. Whitespace
//     inside rows is ignored, so hex maps can be drawn staggered.
// Rulesets interpret the keywords, words and field values; this layer only tokenises and
// reports errors as "line N: ...".
#ifndef SANDTABLE_ENGINE_SCENARIO_TEXT_H_
#define SANDTABLE_ENGINE_SCENARIO_TEXT_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace sandtable {

// An InvalidArgument error "line N: message" (N = 0 means the whole text).
absl::Status ScenarioError(int line, std::string_view message);

// One statement line: `unit side=0 type=tank at=2,4` has keyword "unit", no words and
// three fields; `name Default map` has keyword "name" and words {"Default", "map"}.
// A token is a field when it contains '=' after its first character.
struct ScenarioStatement {
  int line = 0;
  std::string keyword;
  std::vector<std::string> words;
  std::vector<std::pair<std::string, std::string>> fields;  // in order, keys unique
  std::string rest;                                         // the text after the keyword, trimmed

  // The value of field `key`, if present.
  std::optional<std::string> Field(std::string_view key) const;
};

enum class MapKind {
  kSquare,  // cells of a SquareGrid, row by row
  kHex,     // hexes of a HexGrid, row by row: odd rows half a hex to the right
};

struct ScenarioMap {
  int line = 0;  // the line of the `map` keyword
  MapKind kind = MapKind::kSquare;
  int width = 0;
  int height = 0;
  std::vector<std::string> rows;  // `height` rows of `width` characters, whitespace removed
  std::vector<int> row_lines;     // the line of each row, for error messages

  // An error naming the `map` line unless the map is of this kind.
  absl::Status ExpectKind(MapKind expected) const;
};

class ScenarioText {
 public:
  // Tokenises `text`. Errors: unterminated map block, a second map, a malformed `map`
  // line, rows of unequal width or not of the declared size, a hex map staggered the wrong
  // way (an odd row drawn to the left of its neighbours), an empty row, a duplicate field
  // key, a malformed or repeated legend character, a map character without a legend entry,
  // a non-printable character.
  static absl::StatusOr<ScenarioText> Parse(std::string_view text);

  // Every statement except `legend` and the map block, in file order.
  const std::vector<ScenarioStatement>& statements() const { return statements_; }
  const std::optional<ScenarioMap>& map() const { return map_; }
  // The terrain words of map character `c` (empty words: plain ground), or nullptr.
  const std::vector<std::string>* Legend(char c) const;

  // Error unless every statement's keyword is one of `known`.
  absl::Status CheckKeywords(const std::vector<std::string_view>& known) const;
  // All statements with this keyword, in order.
  std::vector<const ScenarioStatement*> All(std::string_view keyword) const;
  // The single statement with this keyword: nullptr when absent, an error when repeated.
  absl::StatusOr<const ScenarioStatement*> Unique(std::string_view keyword) const;
  // The optional `ruleset` line must name `ruleset` ("this scenario is for 'X', not Y"
  // otherwise); returns the optional `name` line's text, "unnamed" without one.
  absl::StatusOr<std::string> RulesetAndName(std::string_view ruleset) const;

 private:
  std::vector<ScenarioStatement> statements_;
  std::optional<ScenarioMap> map_;
  std::vector<std::pair<char, std::vector<std::string>>> legend_;
};

// Reads the fields of one statement, remembering which were used so Finish() can reject
// unknown ones. Errors name the statement's line.
class FieldReader {
 public:
  explicit FieldReader(const ScenarioStatement& statement);

  bool Has(std::string_view key) const;
  absl::StatusOr<std::string> String(std::string_view key);  // required
  absl::StatusOr<int> Int(std::string_view key, int min, int max);
  // Optional: `fallback` when absent.
  absl::StatusOr<int> IntOr(std::string_view key, int min, int max, int fallback);
  // "x,y": two integers (negative allowed, for axial hex coordinates).
  absl::StatusOr<std::pair<int, int>> Pair(std::string_view key);
  // A unit's one-letter label: the optional field label=LETTER, else `fallback`; upper case
  // for side 0 and lower case for side 1 (boards and notations tell the sides apart by
  // case). An error when it is not one letter or is one of `taken`.
  absl::StatusOr<char> UnitLabel(char fallback, int side, std::string_view taken);
  // Error if the statement has words, or fields that were never read.
  absl::Status Finish() const;

 private:
  const ScenarioStatement& statement_;
  std::vector<std::string> used_;
};

// Integer parsing for scenario values: the whole text, in [min, max]; errors name `what`
// and the line.
absl::StatusOr<int> ParseScenarioInt(std::string_view text, int min, int max, int line,
                                     std::string_view what);
// A unit's start cell x,y on a width x height map where player 0 deploys in the bottom
// `depth` rows and player 1 in the top `depth`: an error naming `line` when it is off the map
// or outside the side's rows.
absl::Status CheckDeployment(int line, int x, int y, int width, int height, int side, int depth);
// "x,y" with both parts integers.
absl::StatusOr<std::pair<int, int>> ParseScenarioPair(std::string_view text, int line,
                                                      std::string_view what);

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_SCENARIO_TEXT_H_
