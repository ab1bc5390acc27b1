#include "tools/json_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <iterator>
#include <string>
#include <vector>

#include "tools/json_writer.h"

namespace sandtable {
namespace {

using ::testing::HasSubstr;

TEST(JsonReaderTest, ReadsWhatTheWriterWrites) {
  JsonWriter writer;
  writer.BeginObject();
  writer.Key("s").String("a\"b\\c\n\x01 caf\xc3\xa9");
  writer.Key("n").Int(-12);
  writer.Key("x").Double(0.1);
  writer.Key("list").BeginArray().Int(1).Bool(true).Null().EndArray();
  writer.Key("empty").BeginObject().EndObject();
  writer.EndObject();
  const absl::StatusOr<JsonValue> value = ParseJson(writer.str());
  ASSERT_TRUE(value.ok()) << value.status();
  ASSERT_EQ(value->type, JsonValue::Type::kObject);
  EXPECT_EQ(value->Find("s")->string, "a\"b\\c\n\x01 caf\xc3\xa9");
  EXPECT_EQ(value->Find("n")->number, -12);
  EXPECT_EQ(value->Find("x")->number, 0.1);  // exactly: the shortest text reads back
  const JsonValue* list = value->Find("list");
  ASSERT_EQ(list->items.size(), 3u);
  EXPECT_TRUE(list->items[1].boolean);
  EXPECT_EQ(list->items[2].type, JsonValue::Type::kNull);
  EXPECT_EQ(value->Find("empty")->type, JsonValue::Type::kObject);
  EXPECT_EQ(value->Find("missing"), nullptr);
}

TEST(JsonReaderTest, DecodesEscapes) {
  EXPECT_EQ(ParseJson(R"("\u00e9\/\t")")->string, "\xc3\xa9/\t");
  EXPECT_EQ(ParseJson(R"("\ud83d\ude00")")->string, "\xf0\x9f\x98\x80");  // a surrogate pair
  EXPECT_EQ(ParseJson(" 1e3 ")->number, 1000);
  EXPECT_EQ(ParseJson("-0.5E-1")->number, -0.05);
}

TEST(JsonReaderTest, RejectsWhatIsNotJson) {
  constexpr const char* kBadValues[] = {"x",     "{",   "{\"a\":1", "{\"a\" 1}", "{a:1}", "[1,]",
                                        "[1 2]", "01",  "1.",       ".5",        "+1",    "1e",
                                        "-",     "nan", "inf",      "1e999",     "tru",   "{} {}"};
  constexpr const char* kBadStrings[] = {"\"open",      "\"\\x\"",       "\"\\u12\"", "\"\\ud83d\"",
                                         "\"\\ude00\"", "\"tab\there\"", "\"a\"x"};
  std::vector<const char*> bad_texts(std::begin(kBadValues), std::end(kBadValues));
  bad_texts.insert(bad_texts.end(), std::begin(kBadStrings), std::end(kBadStrings));
  EXPECT_FALSE(ParseJson("").ok());
  for (const char* bad : bad_texts) {
    const absl::StatusOr<JsonValue> value = ParseJson(bad);
    EXPECT_FALSE(value.ok()) << bad;
    if (!value.ok()) {
      EXPECT_THAT(std::string(value.status().message()), HasSubstr("bad JSON"));
    }
  }
}

TEST(JsonReaderTest, LimitsTheDepth) {
  const int deep = kMaxJsonDepth + 1;
  EXPECT_THAT(
      std::string(ParseJson(std::string(deep, '[') + std::string(deep, ']')).status().message()),
      HasSubstr("nested too deeply"));
  EXPECT_TRUE(ParseJson(std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']')).ok());
}

}  // namespace
}  // namespace sandtable
