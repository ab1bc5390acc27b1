#include <gtest/gtest.h>

#include <limits>

#include "tools/json_writer.h"

namespace sandtable {
namespace {

TEST(JsonTest, QuotesAndEscapes) {
  EXPECT_EQ(JsonQuote("plain"), "\"plain\"");
  EXPECT_EQ(JsonQuote("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(JsonQuote("\n\r\t\b\f"), "\"\\n\\r\\t\\b\\f\"");
  EXPECT_EQ(JsonQuote(std::string("\x01\x1f", 2)), "\"\\u0001\\u001f\"");
  EXPECT_EQ(JsonQuote(std::string("nul\0x", 5)), "\"nul\\u0000x\"");
  EXPECT_EQ(JsonQuote("caf\xc3\xa9 /"), "\"caf\xc3\xa9 /\"");  // UTF-8 and '/' pass through
}

TEST(JsonTest, NestsWithCommas) {
  JsonWriter json;
  json.BeginObject();
  json.Key("a").Int(-3);
  json.Key("b").BeginArray().String("x").Bool(true).Null().BeginObject().EndObject().EndArray();
  json.Key("c").BeginArray().EndArray();
  json.Key("k\"ey").Double(0.25);
  json.EndObject();
  EXPECT_EQ(json.str(), R"({"a":-3,"b":["x",true,null,{}],"c":[],"k\"ey":0.25})");
}

TEST(JsonTest, DoublesRoundTripAndNonFiniteIsNull) {
  JsonWriter json;
  json.BeginArray()
      .Double(0.1)
      .Double(1e300)
      .Double(-2)
      .Double(std::numeric_limits<double>::infinity())
      .Double(std::numeric_limits<double>::quiet_NaN())
      .EndArray();
  EXPECT_EQ(json.str(), "[0.1,1e+300,-2,null,null]");
}

}  // namespace
}  // namespace sandtable
