#include "engine/text.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace sandtable {

std::vector<std::string_view> SplitWords(std::string_view text) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && IsBlank(text[i])) ++i;
    const size_t start = i;
    while (i < text.size() && !IsBlank(text[i])) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

std::vector<std::string_view> SplitOn(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (size_t at; (at = text.find(separator)) != std::string_view::npos;) {
    parts.push_back(text.substr(0, at));
    text.remove_prefix(at + 1);
  }
  parts.push_back(text);
  return parts;
}

std::string_view TrimBlanks(std::string_view text) {
  while (!text.empty() && IsBlank(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsBlank(text.back())) text.remove_suffix(1);
  return text;
}

std::string Printable(std::string_view text, size_t max_chars) {
  const size_t kept = std::min(text.size(), max_chars);
  std::string out;
  out.reserve(kept + 3);
  for (const char c : text.substr(0, kept)) {
    const auto u = static_cast<unsigned char>(c);
    out += (u < 0x20 || u == 0x7f) ? '?' : c;
  }
  if (kept < text.size()) out += "...";
  return out;
}

std::optional<int> ParseBoundedInt(std::string_view text, int max) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  int value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (value > max) return std::nullopt;
  return value;
}

bool ParseBoundedInt(std::string_view text, int max, int* value) {
  const std::optional<int> parsed = ParseBoundedInt(text, max);
  if (parsed) *value = *parsed;
  return parsed.has_value();
}

std::optional<Coordinate> ParseCoordinate(std::string_view text, int max) {
  const size_t comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  const std::optional<int> x = ParseBoundedInt(text.substr(0, comma), max);
  const std::optional<int> y = ParseBoundedInt(text.substr(comma + 1), max);
  if (!x || !y) return std::nullopt;
  return Coordinate{*x, *y};
}

std::string CoordinateText(int x, int y) { return absl::StrCat(x, ",", y); }

std::optional<int> ParseWordAndNumber(std::string_view text, std::string_view word, int max) {
  const std::vector<std::string_view> words = SplitWords(text);
  if (words.size() != 2 || words[0] != word) return std::nullopt;
  return ParseBoundedInt(words[1], max);
}

}  // namespace sandtable
