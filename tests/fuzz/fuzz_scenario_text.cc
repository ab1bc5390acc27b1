// Fuzzes the ruleset-independent scenario tokeniser (engine/scenario_text.h): any text
// either parses or returns an error, and what parses obeys the documented shape.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/check.h"
#include "engine/scenario_text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = sandtable::ScenarioText::Parse(text);
  if (!parsed.ok()) return 0;
  if (parsed->map().has_value()) {
    const sandtable::ScenarioMap& map = *parsed->map();
    CHECK(static_cast<int>(map.rows.size()) == map.height);
    CHECK(map.row_lines.size() == map.rows.size());
    CHECK(map.ExpectKind(map.kind).ok());
    CHECK(!map.ExpectKind(map.kind == sandtable::MapKind::kHex ? sandtable::MapKind::kSquare
                                                               : sandtable::MapKind::kHex)
               .ok());
    for (const auto& row : map.rows) {
      CHECK(static_cast<int>(row.size()) == map.width);
      for (char c : row) CHECK(parsed->Legend(c) != nullptr);
    }
  }
  for (const sandtable::ScenarioStatement& statement : parsed->statements()) {
    CHECK(!statement.keyword.empty());
    (void)parsed->Unique(statement.keyword);
    sandtable::FieldReader reader(statement);
    for (const auto& [key, value] : statement.fields) {
      (void)reader.Int(key, -100, 100);
      (void)reader.Pair(key);
      CHECK(statement.Field(key).has_value());
    }
    (void)reader.Finish();
  }
  (void)parsed->CheckKeywords({"name", "unit", "objective"});
  return 0;
}
