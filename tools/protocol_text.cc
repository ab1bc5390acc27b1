#include "tools/protocol_text.h"

#include <cctype>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/text.h"

namespace sandtable {
namespace {

absl::Status Error(std::string_view message) { return absl::InvalidArgumentError(ToAbsl(message)); }

// Splits one move into its players' parts at '|'.
absl::StatusOr<MoveItem> ParseMoveItem(std::string_view text) {
  MoveItem item;
  item.text = std::string(TrimBlanks(text));
  if (item.text.empty()) return Error("empty move in the move list");
  std::string_view rest = item.text;
  while (true) {
    const size_t bar = rest.find('|');
    std::string_view part = TrimBlanks(rest.substr(0, bar));
    if (part.empty()) {
      return Error(absl::StrCat("empty action in the simultaneous move '", Printable(item.text, 80),
                                "' (write 'a0 | a1')"));
    }
    item.parts.emplace_back(part);
    if (bar == std::string_view::npos) break;
    rest = rest.substr(bar + 1);
  }
  if (item.parts.size() > 2) {
    return Error(absl::StrCat("a simultaneous move has exactly two actions: '",
                              Printable(item.text, 80), "'"));
  }
  return item;
}

}  // namespace

absl::StatusOr<std::vector<MoveItem>> ParseMoveList(std::string_view text) {
  std::vector<MoveItem> items;
  text = TrimBlanks(text);
  if (text.empty()) return items;
  std::vector<std::string> raw;
  size_t start = 0;
  while (true) {
    const size_t semicolon = text.find(';', start);
    raw.emplace_back(text.substr(start, semicolon - start));
    if (semicolon == std::string_view::npos) break;
    start = semicolon + 1;
  }
  // A trailing ';' is tolerated ("a; b;").
  if (TrimBlanks(raw.back()).empty()) raw.pop_back();
  for (const std::string& move : raw) {
    absl::StatusOr<MoveItem> item = ParseMoveItem(move);
    if (!item.ok()) return item.status();
    items.push_back(*std::move(item));
  }
  return items;
}

std::string JoinMoveList(const std::vector<std::string>& moves) {
  std::string joined;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i > 0) joined += "; ";
    joined += moves[i];
  }
  return joined;
}

absl::StatusOr<int64_t> ParseCount(std::string_view text, std::string_view what, int64_t max) {
  if (text.empty() || text.size() > 19) {
    return Error(absl::StrCat(ToAbsl(what), " needs a whole number from 0 to ", max, ", got '",
                              Printable(text, 40), "'"));
  }
  int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') {
      return Error(absl::StrCat(ToAbsl(what), " needs a whole number from 0 to ", max, ", got '",
                                Printable(text, 40), "'"));
    }
    value = value * 10 + (c - '0');
  }
  if (value > max) {
    return Error(
        absl::StrCat(ToAbsl(what), " must be at most ", max, ", got ", Printable(text, 40)));
  }
  return value;
}

absl::StatusOr<GoLimits> ParseGoArguments(const std::vector<std::string_view>& words) {
  // A day of searching is the longest `movetime`; 10^12 the most iterations.
  constexpr int64_t kMaxMovetimeMs = 86'400'000;
  constexpr int64_t kMaxIterations = 1'000'000'000'000;
  GoLimits limits;
  bool seen_iterations = false;
  bool seen_movetime = false;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string_view word = words[i];
    if (word == "infinite") {
      if (limits.infinite) return Error("go: 'infinite' given twice");
      limits.infinite = true;
    } else if (word == "iterations" || word == "movetime") {
      const bool is_iterations = word == "iterations";
      if (i + 1 >= words.size())
        return Error(absl::StrCat("go: '", ToAbsl(word), "' needs a number"));
      if (is_iterations ? seen_iterations : seen_movetime) {
        return Error(absl::StrCat("go: '", ToAbsl(word), "' given twice"));
      }
      absl::StatusOr<int64_t> value = ParseCount(words[i + 1], absl::StrCat("go ", ToAbsl(word)),
                                                 is_iterations ? kMaxIterations : kMaxMovetimeMs);
      if (!value.ok()) return value.status();
      if (*value == 0) return Error(absl::StrCat("go: '", ToAbsl(word), "' must be at least 1"));
      if (is_iterations) {
        limits.iterations = *value;
        seen_iterations = true;
      } else {
        limits.movetime_ms = *value;
        seen_movetime = true;
      }
      ++i;
    } else {
      return Error(absl::StrCat("go: unknown argument '", Printable(word, 40),
                                "' (expected iterations N, movetime MS or infinite)"));
    }
  }
  if (limits.infinite && (seen_iterations || seen_movetime)) {
    return Error("go: 'infinite' cannot be combined with iterations or movetime");
  }
  return limits;
}

absl::StatusOr<SetOptionArgs> ParseSetOption(std::string_view line) {
  const std::vector<std::string_view> words = SplitWords(line);
  if (words.empty() || words[0] != "name") {
    return Error("setoption: expected 'setoption name <name> value <value>'");
  }
  SetOptionArgs args;
  size_t i = 1;
  for (; i < words.size() && words[i] != "value"; ++i) {
    if (!args.name.empty()) args.name += ' ';
    args.name += words[i];
  }
  if (args.name.empty()) return Error("setoption: the option name is missing");
  if (i < words.size()) {
    args.has_value = true;
    // The value is the raw rest of the line after the word "value" (keeps inner spaces).
    const std::string_view value_word = words[i];
    const size_t offset = static_cast<size_t>(value_word.data() - line.data()) + value_word.size();
    args.value = std::string(TrimBlanks(line.substr(offset)));
  }
  return args;
}

}  // namespace sandtable
