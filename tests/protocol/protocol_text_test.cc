#include "tools/protocol_text.h"

#include <gtest/gtest.h>

#include "tools/protocol_options.h"

namespace sandtable {
namespace {

std::vector<std::vector<std::string>> Parts(std::string_view text) {
  absl::StatusOr<std::vector<MoveItem>> items = ParseMoveList(text);
  EXPECT_TRUE(items.ok()) << items.status();
  std::vector<std::vector<std::string>> parts;
  if (items.ok()) {
    for (const MoveItem& item : *items) parts.push_back(item.parts);
  }
  return parts;
}

TEST(ProtocolText, OneMoveNeedsNoSeparator) {
  EXPECT_EQ(Parts("prize 3"), (std::vector<std::vector<std::string>>{{"prize 3"}}));
  EXPECT_EQ(Parts(" a ;b;  c "), (std::vector<std::vector<std::string>>{{"a"}, {"b"}, {"c"}}));
  EXPECT_EQ(Parts(""), (std::vector<std::vector<std::string>>{}));
}

TEST(ProtocolText, SemicolonFormKeepsSpacesInsideMoves) {
  EXPECT_EQ(Parts("roll 4 2 6; move a1 b2 ;hidden;"),
            (std::vector<std::vector<std::string>>{{"roll 4 2 6"}, {"move a1 b2"}, {"hidden"}}));
}

TEST(ProtocolText, BarSplitsSimultaneousMoves) {
  EXPECT_EQ(Parts("pick 1 | hidden; claim 1"),
            (std::vector<std::vector<std::string>>{{"pick 1", "hidden"}, {"claim 1"}}));
  EXPECT_EQ(Parts("x|y; z | w"), (std::vector<std::vector<std::string>>{{"x", "y"}, {"z", "w"}}));
}

TEST(ProtocolText, MalformedMoveListsAreErrors) {
  EXPECT_FALSE(ParseMoveList("a;;b").ok());
  EXPECT_FALSE(ParseMoveList("a | ; b").ok());
  EXPECT_FALSE(ParseMoveList("a|b|c").ok());
  EXPECT_FALSE(ParseMoveList(";").ok());
}

TEST(ProtocolText, JoinRoundTrips) {
  const std::vector<std::string> moves = {"roll 4 2 6", "claim 1", "pick 1 | pick 2"};
  absl::StatusOr<std::vector<MoveItem>> items = ParseMoveList(JoinMoveList(moves));
  ASSERT_TRUE(items.ok());
  ASSERT_EQ(items->size(), 3u);
  EXPECT_EQ((*items)[0].text, "roll 4 2 6");
  EXPECT_EQ((*items)[2].parts, (std::vector<std::string>{"pick 1", "pick 2"}));
}

TEST(ProtocolText, GoArguments) {
  absl::StatusOr<GoLimits> limits = ParseGoArguments(SplitWords("iterations 500 movetime 20"));
  ASSERT_TRUE(limits.ok());
  EXPECT_EQ(limits->iterations, 500);
  EXPECT_EQ(limits->movetime_ms, 20);
  EXPECT_FALSE(limits->infinite);
  EXPECT_TRUE(ParseGoArguments(SplitWords("infinite"))->infinite);
  EXPECT_TRUE(ParseGoArguments({}).ok());
  for (const char* bad :
       {"iterations", "iterations -1", "iterations 0", "movetime x", "infinite iterations 5",
        "depth 3", "iterations 1 iterations 2", "iterations 99999999999999999999"}) {
    EXPECT_FALSE(ParseGoArguments(SplitWords(bad)).ok()) << bad;
  }
}

TEST(ProtocolText, SetOptionKeepsMultiWordNamesAndValues) {
  absl::StatusOr<SetOptionArgs> args = ParseSetOption(" name UCB  Constant value  a b  ");
  ASSERT_TRUE(args.ok());
  EXPECT_EQ(args->name, "UCB Constant");
  EXPECT_EQ(args->value, "a b");
  EXPECT_TRUE(args->has_value);
  EXPECT_FALSE(ParseSetOption("value 3").ok());
  EXPECT_FALSE(ParseSetOption("name value 3").ok());
  EXPECT_FALSE(ParseSetOption("").ok());
}

TEST(ProtocolOptions, ValidatesByType) {
  ProtocolOptions options("pick_claim");
  EXPECT_EQ(*options.CanonicalName("threads"), "Threads");
  EXPECT_FALSE(options.CanonicalName("Hash").ok());
  EXPECT_EQ(*options.Validate("Threads", "4"), "4");
  EXPECT_FALSE(options.Validate("Threads", "0").ok());
  EXPECT_FALSE(options.Validate("Threads", "4x").ok());
  EXPECT_EQ(*options.Validate("Deterministic", "TRUE"), "true");
  EXPECT_FALSE(options.Validate("Deterministic", "yes").ok());
  EXPECT_EQ(*options.Validate("Simultaneous", "EXP3"), "exp3");
  EXPECT_FALSE(options.Validate("Simultaneous", "cfr").ok());
  EXPECT_EQ(*options.Validate("UCBConstant", "0.7"), "0.7");
  EXPECT_FALSE(options.Validate("UCBConstant", "nan").ok());
  EXPECT_FALSE(options.Validate("UCBConstant", "-1").ok());
  EXPECT_EQ(*options.Validate("Scenario", "<empty>"), "");
  EXPECT_EQ(options.Get("Ruleset"), "pick_claim");
}

TEST(ProtocolOptions, UciLinesAnnounceEveryOption) {
  ProtocolOptions options("quickplay");
  const std::vector<std::string> lines = options.UciLines();
  ASSERT_EQ(lines.size(), options.defs().size());
  EXPECT_EQ(lines[0], "option name Threads type spin default 1 min 1 max 256");
  EXPECT_NE(
      std::find(lines.begin(), lines.end(), "option name Ruleset type string default quickplay"),
      lines.end());
  EXPECT_NE(
      std::find(lines.begin(), lines.end(), "option name Scenario type string default <empty>"),
      lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      "option name Simultaneous type combo default decoupled var decoupled var "
                      "exp3 var regret"),
            lines.end());
}

}  // namespace
}  // namespace sandtable
