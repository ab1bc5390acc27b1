#include "engine/text.h"

#include <string_view>
#include <vector>

#include "gtest/gtest.h"

namespace sandtable {
namespace {

using Words = std::vector<std::string_view>;

TEST(TextTest, SplitWordsOnAnyRunOfBlanks) {
  EXPECT_EQ(SplitWords("  move \t 3,7\r\n"), (Words{"move", "3,7"}));
  EXPECT_EQ(SplitWords(""), Words{});
  EXPECT_EQ(SplitWords(" \t\r\n"), Words{});
  EXPECT_EQ(SplitWords("a"), Words{"a"});
}

TEST(TextTest, SplitOnKeepsEmptyParts) {
  EXPECT_EQ(SplitOn("3/4v/-", '/'), (Words{"3", "4v", "-"}));
  EXPECT_EQ(SplitOn("a;;b;", ';'), (Words{"a", "", "b", ""}));
  EXPECT_EQ(SplitOn("", '/'), Words{""});
}

TEST(TextTest, TrimBlanks) {
  EXPECT_EQ(TrimBlanks(" \tgo infinite \r\n"), "go infinite");
  EXPECT_EQ(TrimBlanks("   "), "");
}

TEST(TextTest, PrintableKeepsOneLine) {
  EXPECT_EQ(Printable("ok"), "ok");
  EXPECT_EQ(Printable("a\nb\x1b\x7f"), "a?b??");
  EXPECT_EQ(Printable("caf\xc3\xa9"), "caf\xc3\xa9");  // UTF-8 passes
  EXPECT_EQ(Printable("abcdef", 3), "abc...");
}

TEST(TextTest, ParseBoundedInt) {
  EXPECT_EQ(ParseBoundedInt("0", 5), 0);
  EXPECT_EQ(ParseBoundedInt("5", 5), 5);
  EXPECT_EQ(ParseBoundedInt("007", 10), 7);
  for (std::string_view bad : {"6", "", "-1", "+1", " 1", "1 ", "1e3", "9999999999"}) {
    EXPECT_FALSE(ParseBoundedInt(bad, 5).has_value()) << bad;
  }
}

TEST(TextTest, Coordinates) {
  EXPECT_EQ(ParseCoordinate("3,7", 9), (Coordinate{3, 7}));
  EXPECT_EQ(CoordinateText(3, 7), "3,7");
  for (std::string_view bad : {"3", "3,", ",7", "3,10", "3 ,7", "3,7,1", "-1,2"}) {
    EXPECT_FALSE(ParseCoordinate(bad, 9).has_value()) << bad;
  }
}

TEST(TextTest, WordAndNumber) {
  EXPECT_EQ(ParseWordAndNumber("hits 2", "hits", 3), 2);
  EXPECT_EQ(ParseWordAndNumber(" hits\t3 ", "hits", 3), 3);
  EXPECT_FALSE(ParseWordAndNumber("hits 4", "hits", 3).has_value());
  EXPECT_FALSE(ParseWordAndNumber("damage 1", "hits", 3).has_value());
  EXPECT_FALSE(ParseWordAndNumber("hits", "hits", 3).has_value());
  EXPECT_FALSE(ParseWordAndNumber("hits 1 2", "hits", 3).has_value());
}

TEST(TextTest, AbslViewsShareTheBytes) {
  const std::string_view text = "abc";
  EXPECT_EQ(ToAbsl(text).data(), text.data());
  EXPECT_EQ(ToStd(ToAbsl(text)).size(), 3u);
}

}  // namespace
}  // namespace sandtable
