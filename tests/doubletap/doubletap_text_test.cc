// doubletap's notation: position strings, action and chance texts, raw faces, the scenario
// file, and the errors bad input gets.
#include <fstream>
#include <sstream>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/doubletap/doubletap_test_util.h"

namespace sandtable::doubletap_test {
namespace {

using ::testing::HasSubstr;

TEST(DoubletapTextTest, InitialPositionString) {
  auto game = MakeGame({}, std::string(DoubletapGame::DefaultScenarioText()));
  const State start = game->InitialState();
  const std::string text = game->StateToString(start);
  EXPECT_EQ(text,
            "round=1 player=0 points=6 phase=select stage=- active=- kind=move from=- dest=- "
            "timing=- groups=- assigned=0 cursor=0 gcursor=0 subject=- hits=0/0 atk=0/0 took=0 "
            "sub=0 H@11,21 A@4,20 B@9,20 C@16,20 M@13,20 S@19,21 h@12,2 a@19,3 b@14,3 c@7,3 "
            "m@10,3 s@4,2");
  EXPECT_EQ(*game->ParseState(text), start);
}

TEST(DoubletapTextTest, MidActivationRoundTrip) {
  auto game = MakeGame();
  State state = ParseOrDie(*game, Position("H:x R@1,11 M@5,11 h:x r@1,1 s@3,1 g:x", 2));
  Play(*game, state, {"R", "move", "stay", "at r", "at r", "dodge", "shoot", "successes 2"});
  const std::string text = game->StateToString(state);
  EXPECT_THAT(text, HasSubstr("phase=reacttest stage=reactions active=R"));
  EXPECT_THAT(text, HasSubstr("groups=r.2.0.2.0"));
  EXPECT_THAT(text, HasSubstr("r@1,1:r:d s@3,1:r:s"));
  EXPECT_EQ(*game->ParseState(text), state);
}

TEST(DoubletapTextTest, ChanceNotationAndRawFaces) {
  auto game = MakeGame();
  State state = ParseOrDie(*game, Position("H:x R@1,11 M:x h:x r@1,1 s:x g:x", 1));
  Play(*game, state, {"R", "move", "stay", "at r", "none"});
  EXPECT_EQ(*game->ParseAction(state, kChancePlayer, "roll 4 3"), DoubletapGame::kOutcomeBase + 1);
  EXPECT_EQ(*game->ParseAction(state, kChancePlayer, "successes 2"),
            DoubletapGame::kOutcomeBase + 2);
  EXPECT_THAT(game->ParseAction(state, kChancePlayer, "roll 4").status().message(), HasSubstr("2"));
  EXPECT_FALSE(game->ParseAction(state, kChancePlayer, "roll 4 7").ok());
  EXPECT_FALSE(game->ParseAction(state, kChancePlayer, "successes 3").ok());
  EXPECT_FALSE(game->ParseAction(state, 0, "successes 1").ok());
  Play(*game, state, {"successes 1"});
  EXPECT_EQ(*game->ParseAction(state, kChancePlayer, "roll 1"), DoubletapGame::kOutcomeBase);
  EXPECT_EQ(*game->ParseAction(state, kChancePlayer, "saved"), DoubletapGame::kOutcomeBase + 1);
  Play(*game, state, {"roll 4"});
  EXPECT_EQ(game->ActionToString(state, kChancePlayer, DoubletapGame::kOutcomeBase), "fail");
  EXPECT_EQ(*game->ParseAction(state, kChancePlayer, "roll 6"), DoubletapGame::kOutcomeBase + 1);
}

TEST(DoubletapTextTest, ParseActionSaysWhy) {
  auto game = MakeGame();
  State state = game->InitialState();
  EXPECT_THAT(game->ParseAction(state, 0, "h").status().message(), HasSubstr("not legal"));
  EXPECT_THAT(game->ParseAction(state, 1, "h").status().message(), HasSubstr("player 0"));
  EXPECT_THAT(game->ParseAction(state, 0, "fly").status().message(), HasSubstr("expected"));
  Play(*game, state, {"R", "move"});
  EXPECT_THAT(game->ParseAction(state, 0, "to 9,9").status().message(), HasSubstr("legal:"));
  EXPECT_FALSE(game->ParseAction(state, 0, "to 99,1").ok());
}

TEST(DoubletapTextTest, ParseStateRejectsWhatTheRulesCannotReach) {
  auto game = MakeGame();
  const std::string good = Position("H@0,11 R@1,11 M@2,11 h@0,0 r@1,0 s@2,0 g@3,0", 3);
  ASSERT_TRUE(game->ParseState(good).ok());
  for (const std::string& bad : {
           Position("H@0,11 R@0,11 M@2,11 h@0,0 r@1,0 s@2,0 g@3,0", 3),     // shared cell
           Position("H@8,3 R@1,11 M@2,11 h@0,0 r@1,0 s@2,0 g@3,0", 3),      // on cover
           Position("H@4,5 R@1,11 M@2,11 h@0,0 r@1,0 s@2,0 g@3,0", 3),      // on blocking
           Position("H@0,11 R@1,11 M@2,11 h@0,0 r@1,0 s@2,0 g@3,0", 4),     // too many points
           Position("H@0,11 R@1,11 M@2,11 h@0,0 r@1,0 s@2,0 g@3,0", 0),     // no points
           Position("H:x R:x M:x h@0,0 r@1,0 s@2,0 g@3,0", 1, 1),           // wiped, not over
           Position("H@0,11:d R@1,11 M@2,11 h@0,0 r@1,0 s@2,0 g@3,0", 3),   // own reaction
           Position("H@0,11:a1 R@1,11 M@2,11 h@0,0 r@1,0 s@2,0 g@3,0", 3),  // no cap
           Position("H@0,11 R@1,11 M@2,11 h@0,0 r@1,0 s@2,0", 3),           // a unit missing
           std::string(""),
           std::string("round=1"),
       }) {
    EXPECT_FALSE(game->ParseState(bad).ok()) << bad;
  }
}

TEST(DoubletapTextTest, ScenarioFileIsTheBuiltInDefault) {
  std::ifstream file(std::string(DOUBLETAP_SCENARIO_DIR) + "/default.scn");
  std::stringstream text;
  text << file.rdbuf();
  EXPECT_EQ(text.str(), DoubletapGame::DefaultScenarioText());
}

TEST(DoubletapTextTest, ScenarioErrorsNameTheLine) {
  const std::string base = TestScenario();
  auto error = [&](const std::string& extra) {
    auto game = DoubletapGame::CreateFromStrings({}, base + extra);
    return game.ok() ? std::string("ok") : std::string(game.status().message());
  };
  EXPECT_THAT(error("unit side=0 weapon=laser at=5,5\n"), HasSubstr("unknown weapon"));
  EXPECT_THAT(error("unit side=0 label=Z weapon=rifle at=8,3\n"), HasSubstr("cover"));
  EXPECT_THAT(error("unit side=0 label=Z weapon=rifle at=30,3\n"), HasSubstr("off the"));
  EXPECT_THAT(error("unit side=0 label=R weapon=rifle at=6,6\n"), HasSubstr("two units"));
  EXPECT_THAT(error("unit side=0 label=Z weapon=rifle at=6,6 quality=7\n"), HasSubstr("line"));
  EXPECT_THAT(error("tank 3\n"), HasSubstr("line"));
  auto shallow = DoubletapGame::CreateFromStrings(
      {},
      "map\n....\n....\n....\nend\nunit side=0 weapon=rifle at=0,0\n"
      "unit side=1 weapon=rifle at=0,2\n");
  EXPECT_FALSE(shallow.ok());  // player 0 deploys at the bottom edge
}

}  // namespace
}  // namespace sandtable::doubletap_test
