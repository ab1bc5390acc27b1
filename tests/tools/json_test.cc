#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "tools/json_writer.h"

namespace sandtable {
namespace {

TEST(JsonTest, EscapesWhatJsonNeedsAndPassesUtf8Through) {
  EXPECT_EQ(JsonText("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(JsonText("\n\r\t\b\f"), "\"\\n\\r\\t\\b\\f\"");
  EXPECT_EQ(JsonText(std::string("nul\0x\x01", 6)), "\"nul\\u0000x\\u0001\"");
  EXPECT_EQ(JsonText("caf\xc3\xa9 /"), "\"caf\xc3\xa9 /\"");
}

TEST(JsonTest, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  // A user's typed text can hold any byte; writing it must not throw.
  EXPECT_EQ(JsonText("a\xff"
                     "b"),
            "\"a\xef\xbf\xbd"
            "b\"");
}

TEST(JsonTest, KeepsMemberOrderAndWritesNonFiniteAsNull) {
  const Json json = {{"z", -3},
                     {"a",
                      {0.1, 1e300, std::numeric_limits<double>::infinity(),
                       std::numeric_limits<double>::quiet_NaN()}}};
  EXPECT_EQ(JsonText(json), R"({"z":-3,"a":[0.1,1e+300,null,null]})");
}

}  // namespace
}  // namespace sandtable
