// Small text helpers shared by every parser: the protocol, the CLI, scenario files and the
// rulesets' action and state notations. One definition of a word, a blank and a coordinate.
#ifndef SANDTABLE_ENGINE_TEXT_H_
#define SANDTABLE_ENGINE_TEXT_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/string_view.h"

namespace sandtable {

// Debian's Abseil has its own string_view type; these convert without copying.
inline absl::string_view ToAbsl(std::string_view text) { return {text.data(), text.size()}; }
inline std::string_view ToStd(absl::string_view text) { return {text.data(), text.size()}; }

// Blanks separate words: space, tab, carriage return, line feed, vertical tab, form feed.
constexpr bool IsBlank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

// The words of `text`, split on runs of blanks; views into `text`.
std::vector<std::string_view> SplitWords(std::string_view text);

// The parts of `text` between `separator`s (n separators, n + 1 parts, empty ones kept);
// views into `text`.
std::vector<std::string_view> SplitOn(std::string_view text, char separator);

// `text` without leading and trailing blanks.
std::string_view TrimBlanks(std::string_view text);

// At most `max_chars` bytes of `text` with ASCII control characters shown as '?', and "..."
// when cut: safe to quote on one output line (UTF-8 passes through). Every error message
// that quotes its input uses this.
std::string Printable(std::string_view text, size_t max_chars = 60);

// A whole number in [0, max] written only with digits (no sign, no blanks), else nullopt.
std::optional<int> ParseBoundedInt(std::string_view text, int max);
// The same, writing the number to `*value` on success (for parsers that fill many fields).
bool ParseBoundedInt(std::string_view text, int max, int* value);

// A grid coordinate written "x,y" (column, row; digits only), each in [0, max], or nullopt.
struct Coordinate {
  int x = 0;
  int y = 0;
  friend bool operator==(Coordinate, Coordinate) = default;
};
std::optional<Coordinate> ParseCoordinate(std::string_view text, int max);
std::string CoordinateText(int x, int y);

// "word N": `text` is `word`, one or more blanks and a number in [0, max] (chance outcomes
// such as "hits 2"), else nullopt.
std::optional<int> ParseWordAndNumber(std::string_view text, std::string_view word, int max);

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_TEXT_H_
