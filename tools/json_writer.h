// A tiny JSON writer for the --json outputs: compact, one value per call, commas and string
// escaping handled here so callers cannot produce invalid JSON.
#ifndef SANDTABLE_TOOLS_JSON_WRITER_H_
#define SANDTABLE_TOOLS_JSON_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// `text` as a JSON string literal, quotes included: ", \ and control characters escaped
// (\n, \t, ... or \u00XX); other bytes, UTF-8 included, pass through.
std::string JsonQuote(std::string_view text);

class JsonWriter {
 public:
  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  // Inside an object: the key of the next value.
  JsonWriter& Key(std::string_view key);
  JsonWriter& String(std::string_view value);
  JsonWriter& Int(int64_t value);
  // Shortest text that reads back as the same double; NaN and infinities become null.
  JsonWriter& Double(double value);
  JsonWriter& Bool(bool value);
  JsonWriter& Null();

  // The text so far (complete once every Begin has its End).
  const std::string& str() const { return text_; }

 private:
  void BeforeValue();

  std::string text_;
  // Per open container: whether it already holds a value (a comma goes before the next).
  std::vector<bool> has_value_;
  bool after_key_ = false;
};

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_JSON_WRITER_H_
