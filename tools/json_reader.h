// A small JSON reader for the lines sandtable writes itself (match-report reads the shards of
// a match): objects, arrays, strings, numbers, true, false and null, at most 32 levels deep.
// Its input is outside input, so anything else is an error saying what and where.
#ifndef SANDTABLE_TOOLS_JSON_READER_H_
#define SANDTABLE_TOOLS_JSON_READER_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace sandtable {

struct JsonMember;

struct JsonValue {
  enum class Type { kNull, kBool, kNumber, kString, kArray, kObject };
  Type type = Type::kNull;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<JsonValue> items;     // kArray
  std::vector<JsonMember> members;  // kObject, in the text's order

  // The member named `key` of an object (the first, should there be several), or null.
  const JsonValue* Find(std::string_view key) const;
};

// A pair would need JsonValue complete where it is still being defined.
struct JsonMember {
  std::string key;
  JsonValue value;
};

inline constexpr int kMaxJsonDepth = 32;

// One JSON value filling all of `text` (whitespace around it allowed).
absl::StatusOr<JsonValue> ParseJson(std::string_view text);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_JSON_READER_H_
