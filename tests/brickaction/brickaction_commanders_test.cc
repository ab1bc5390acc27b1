// brickaction's commanders, one test per ruling, on the test board with a general (A) and a
// field commander (a), the dice entered.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::HasSubstr;

enum UnitIndex { kA = 0, kB, kC, kD, ka, kb, kc, kd };
using G = BrickactionGame;

class BrickactionCommandersTest : public ::testing::Test {
 protected:
  BrickactionCommandersTest() : game_(MakeGame({}, CommandersTestScenario())) {}
  State At(const std::string& units, int left = 3, int player = 0) {
    return ParseOrDie(*game_, Position(units, left, player));
  }
  std::shared_ptr<const BrickactionGame> game_;
};

constexpr char kRest[] =
    "C@2,11/2/-/0/- D@3,11/0v/-/0/- a@0,0/4vo/gbbb/0/- b@1,0/4v/g/0/- "
    "c@2,0/2o/bbb/0/- d@3,0/0v/-/0/-";

TEST_F(BrickactionCommandersTest, TheGeneralGivesAFourthActionWhileAlive) {
  EXPECT_EQ(game_->InitialState().left, 4);
  State state = At(std::string("A@0,11/4vo/g/0/- B@1,11/4v/g/0/- ") + kRest, 3, 1);
  Play(*game_, state, {"end"});
  EXPECT_EQ(state.player, 0);
  EXPECT_EQ(state.left, 4);
  // Without its general, player 0 has 3, and a position claiming 4 is rejected.
  state = At(std::string("A:x B@1,11/4v/g/0/- ") + kRest, 3, 1);
  Play(*game_, state, {"end"});
  EXPECT_EQ(state.left, 3);
  EXPECT_FALSE(game_->ParseState(Position(std::string("A:x B@1,11/4v/g/0/- ") + kRest, 4)).ok());
  // Player 1's field commander gives no action.
  state = At(std::string("A@0,11/4vo/g/0/- B@1,11/4v/g/0/- ") + kRest);
  Play(*game_, state, {"end"});
  EXPECT_EQ(state.left, 3);
}

TEST_F(BrickactionCommandersTest, CommandersHelpSquadsWithinRangeRally) {
  // B suppressed 5 cells from the general (range 10): 3 + 1 rallies.
  State state = At(std::string("A@0,11/4vo/g/0/- B@5,11/4v/sg/0/- ") + kRest, 3, 1);
  Play(*game_, state, {"end"});
  ASSERT_EQ(state.phase, G::kRally);
  Play(*game_, state, {"roll 3"});
  EXPECT_FALSE(state.flags[kB] & G::kSuppressedBit);
  // 11 cells away: no bonus, 3 fails.
  state = At(std::string("A@0,11/4vo/g/0/- B@11,11/4v/sg/0/- ") + kRest, 3, 1);
  Play(*game_, state, {"end", "roll 3"});
  EXPECT_TRUE(state.flags[kB] & G::kSuppressedBit);
  // The general's own squad: its officer +1 and the general +1, at most +2: 2 rallies.
  state = At(std::string("A@0,11/4vo/sg/0/- B@11,11/4v/g/0/- ") + kRest, 3, 1);
  Play(*game_, state, {"end", "roll 2"});
  EXPECT_FALSE(state.flags[kA] & G::kSuppressedBit);
  // The field commander reaches 8 cells (32 studs).
  state =
      At("A@0,11/4vo/g/0/- B@1,11/4v/g/0/- C@2,11/2/-/0/- D@3,11/0v/-/0/- "
         "a@0,0/4vo/gbbb/0/- b@8,0/4v/sg/0/- c@11,11/2o/bbb/0/- d@9,0/0v/s/0/-");
  EXPECT_EQ(game_->RallyModifier(state, kb), 1);
  EXPECT_EQ(game_->RallyModifier(state, kd), 0);
  EXPECT_EQ(game_->RallyModifier(state, ka), 2);
}

TEST_F(BrickactionCommandersTest, FieldCommanderGivesItsSquadAThirdAction) {
  // Player 1's last action goes to a (its second); its field commander then gives it a
  // third, once this turn (c's ranking bonus is used already).
  State state =
      At("A@0,11/4vo/g/0/- B@1,11/4v/g/0/- C@2,11/2/-/0/- D@3,11/0v/-/0/- a@0,0/4vo/gtbbb/1/- "
         "b@1,0/4v/g/2/- c@2,0/2o/tbbu/2/- d@3,0/0v/-/2/-",
         1, 1);
  Play(*game_, state, {"a", "move", "to 0,1"});
  ASSERT_EQ(state.player, 1);
  EXPECT_EQ(state.left, 0);
  EXPECT_THAT(Legal(*game_, state), testing::ElementsAre("a", "end"));
  EXPECT_EQ(ParseOrDie(*game_, game_->StateToString(state)), state);
  Play(*game_, state, {"a", "move", "to 0,2"});
  EXPECT_EQ(state.player, 0);  // no bonus left this turn: the turn is over
  EXPECT_EQ(state.bonus[ka], 2);
  EXPECT_EQ(state.bonus[kc], 2);
  std::string status;
  for (const BoardPiece& piece : game_->DescribeBoard(state, 0).pieces) {
    if (piece.label == "a") status = piece.status;
  }
  EXPECT_THAT(status, HasSubstr("field commander"));
  EXPECT_THAT(status, HasSubstr("2 bonus action(s)"));
}

TEST_F(BrickactionCommandersTest, RankingCommanderGivesAnySquadOneBonusActionATurn) {
  State state =
      At("A@0,11/4vo/g/0/- B@1,11/4v/g/0/- C@2,11/2/-/0/- D@3,11/0v/-/0/- a@0,0/4vo/gt/2/- "
         "b@1,0/4v/g/0/- c@2,0/2o/tbbb/0/- d@3,0/0v/-/0/-",
         1, 1);
  Play(*game_, state, {"b", "move", "to 1,1"});
  ASSERT_EQ(state.player, 1);
  EXPECT_THAT(Legal(*game_, state), testing::ElementsAre("b", "c", "d", "end"));
  Play(*game_, state, {"d", "move", "to 3,1"});
  EXPECT_EQ(state.player, 0);
  EXPECT_EQ(state.bonus[kc], 2);
  // Without its commander (the officer) the bonus actions are gone.
  EXPECT_FALSE(game_
                   ->ParseState(Position("A@0,11/4vo/g/0/- B@1,11/4v/g/0/- C@2,11/2/-/0/- "
                                         "D@3,11/0v/-/0/- a@0,0/4vo/g/0/- b@1,0/4v/g/0/- "
                                         "c@2,0/2/bbb/0/- d@3,0/0v/-/0/-",
                                         3, 1))
                   .ok());
}

TEST_F(BrickactionCommandersTest, BonusActionsLeaveWithTheCommander) {
  // A wins a close combat against a (22 against 10); a's owner gives up its field commander.
  State state =
      At("A@3,3/4vo/g/0/- B@1,11/4v/g/0/- C@2,11/2/-/0/- D@3,11/0v/-/0/- a@3,2/4vo/gbbb/0/- "
         "b@1,0/4v/g/0/- c@2,0/2o/bbb/0/- d@3,0/0v/-/0/-",
         4);
  Play(*game_, state, {"A", "attack", "close a"});
  if (state.phase == G::kProneReact) Play(*game_, state, {"stand"});
  Play(*game_, state, {"roll 5 5 5 5", "roll 2 2 2 2"});
  ASSERT_EQ(state.phase, G::kRemove);
  EXPECT_EQ(state.bonus[ka], 3);
  Play(*game_, state, {"lose officer"});
  EXPECT_FALSE(state.specialists[ka] & G::kOfficer);
  EXPECT_EQ(state.bonus[ka], 0);
}

TEST(BrickactionCommandersScenarioTest, CommanderErrorsAndPoints) {
  const std::string base = CommandersTestScenario();
  auto error = [&](const std::string& from, const std::string& to) {
    return ScenarioErrorAfter(base, from, to);
  };
  EXPECT_THAT(error("commander=field", "commander=major"), HasSubstr("commander: one of"));
  EXPECT_THAT(error("officer=1 commander=field", "officer=0 commander=field"),
              HasSubstr("officer=1"));
  EXPECT_THAT(error("label=B regulars=4 veteran=1",
                    "label=B regulars=4 veteran=1 officer=1 "
                    "commander=general"),
              HasSubstr("at most one general"));
  // Player 0: A 150 (50 and the general's 100 for its officer), B 50, C 20, D 15: 235;
  // player 1: a 100 (50 and the field commander's 50), b 50, c 100 (20 and the ranking
  // commander's 80), d 15: 265.
  EXPECT_EQ(error("points 1000", "points 265"), "ok");
  EXPECT_THAT(error("points 1000", "points 264"), HasSubstr("player 1's units cost 265 points"));
  EXPECT_THAT(error("points 1000", "points 234"), HasSubstr("player 0's units cost 235 points"));
}

}  // namespace
}  // namespace sandtable::brickaction_test
