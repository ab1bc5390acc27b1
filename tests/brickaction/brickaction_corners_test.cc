// brickaction's corners (the map's `corner` cells) with the dice entered: hard cover for 2
// minis from every side, or full cover, and an action to change which.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::Contains;
using ::testing::Not;
using G = BrickactionGame;

// A 12 x 12 board: a wall (total) at x 4..6, y 4..5 with a corner cell at (7,5). Player 0: A
// (4 regulars, veteran), B (2 regulars); player 1: a (4 regulars, veteran: 5 dice), b (2
// regulars).
std::string CornerScenario() {
  return "ruleset brickaction\n"
         "name corner\n"
         "deploy 12\n"
         "points 1000\n"
         "legend . open\n"
         "legend X total\n"
         "legend + corner\n"
         "map\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "....XXX.....\n"
         "....XXX+....\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "end\n"
         "squad side=0 label=A regulars=4 veteran=1 grenade=0 at=7,5\n"
         "squad side=0 label=B regulars=2 veteran=0 grenade=0 at=9,5\n"
         "squad side=1 label=a regulars=4 veteran=1 grenade=0 at=8,0\n"
         "squad side=1 label=b regulars=2 veteran=0 grenade=0 at=11,0\n";
}

class BrickactionCornersTest : public ::testing::Test {
 protected:
  BrickactionCornersTest() : game_(MakeGame({}, CornerScenario())) {}
  State At(const std::string& units, int player = 0) {
    return ParseOrDie(*game_, Position(units, 3, player));
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionCornersTest, HardCoverForTwoMinisFromEverySide) {
  State state = At("A@7,5/4v/-/0/- B@9,5/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-", 1);
  // a's 5 dice: three 5s are hits (the veteran's +1 on a 1 changes nothing).
  Play(*game_, state, {"a", "attack", "at A", "roll 5 5 5 1 1"});
  ASSERT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(state.saves, 3);
  // 4+ with +1 to two of the three dice: all three save unless a die is 2 or less or all
  // three are 3s: (4/6)^3 - (1/6)^3 = 63/216 = 7/24; none save when all are 2 or less,
  // (2/6)^3 = 1/27.
  EXPECT_EQ(Odds(*game_, state)["saves 3"], Probability(7, 24));
  EXPECT_EQ(Odds(*game_, state)["saves 0"], Probability(1, 27));
  // B in the open: (3/6)^2 for 2 saves of 2.
  state = At("A@7,5/4v/-/0/- B@9,5/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-", 1);
  Play(*game_, state, {"a", "attack", "at B", "roll 5 5 5 1 1"});
  EXPECT_EQ(state.saves, 2);
  EXPECT_EQ(Odds(*game_, state)["saves 2"], Probability(1, 4));
}

TEST_F(BrickactionCornersTest, FullCoverIsAnActionAndTotalCoverBothWays) {
  State state = At("A@7,5/4v/-/0/- B@9,5/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"A"});
  EXPECT_THAT(Legal(*game_, state), Contains("hide"));
  Play(*game_, state, {"hide"});
  EXPECT_EQ(state.left, 2);
  EXPECT_TRUE(G::InFullCover(state, 0));
  EXPECT_THAT(game_->StateToString(state), testing::HasSubstr("A@7,5/4v/c/1/-"));
  EXPECT_FALSE(game_->CanSee(state, 2, 0));
  EXPECT_FALSE(game_->CanSee(state, 0, 2));
  // Going back to hard cover is an action too; A has none left after it.
  Play(*game_, state, {"A"});
  EXPECT_THAT(Legal(*game_, state), Contains("peek"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("attack")));
  Play(*game_, state, {"peek"});
  EXPECT_FALSE(G::InFullCover(state, 0));
  EXPECT_TRUE(game_->CanSee(state, 2, 0));
  // a cannot target A in full cover; B off the corner has no hide.
  state = At("A@7,5/4v/c/0/- B@9,5/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-", 1);
  Play(*game_, state, {"a", "attack"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("at A")));
  EXPECT_THAT(Legal(*game_, state), Contains("at B"));
  state = At("A@7,5/4v/c/0/- B@9,5/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"B"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("hide")));
}

TEST_F(BrickactionCornersTest, LeavingTheCornerEndsFullCover) {
  State state = At("A@7,5/4v/c/0/- B@9,5/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"A", "move", "to 7,7"});
  EXPECT_FALSE(G::InFullCover(state, 0));
  // Full cover only for a squad standing on a corner.
  EXPECT_FALSE(game_
                   ->ParseState(Position("A@7,6/4v/c/0/- B@9,5/2/-/0/- a@8,0/4v/-/0/- "
                                         "b@11,0/2/-/0/-"))
                   .ok());
}

TEST_F(BrickactionCornersTest, ACornerIsCoverForReactiveFire) {
  // Two cells onto the corner: behind cover, no reactive fire (more than 2 needed).
  State state = At("A@7,7/4v/-/0/- B@9,7/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"A", "move", "to 7,5"});
  EXPECT_NE(state.phase, G::kReactive);
  // Two cells in the open: more than 1, a may fire.
  Play(*game_, state, {"B", "move", "to 9,5"});
  EXPECT_EQ(state.phase, G::kReactive);
}

TEST_F(BrickactionCornersTest, MoveHideDeclaresFullCoverOnArrival) {
  // a holds fire on A's move (the corner is 3.2 cells from it, within the hold's 4).
  const std::string units = "A@7,8/4v/-/0/- B@11,11/2/-/0/- a@8,2/4v/-/0/Amf b@11,0/2/-/0/-";
  State state = At(units);
  Play(*game_, state, {"A"});
  EXPECT_THAT(Legal(*game_, state), Contains("move hide"));
  Play(*game_, state, {"move hide"});
  ASSERT_EQ(state.phase, G::kDest);
  EXPECT_THAT(game_->StateToString(state), testing::HasSubstr("weapon=hide"));
  EXPECT_TRUE(ParseOrDie(*game_, game_->StateToString(state)) == state);
  // Only corners: the map's one.
  EXPECT_THAT(Legal(*game_, state), testing::ElementsAre("to 7,5"));
  Play(*game_, state, {"to 7,5"});
  // Hidden as it arrives: the hold finds no line of sight (spent without effect), and there
  // is no reactive fire (3 cells behind cover would draw it).
  EXPECT_TRUE(G::InFullCover(state, 0));
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.hold[2], 0);
  EXPECT_EQ(state.left, 2);
  EXPECT_THAT(game_->StateToString(state), testing::HasSubstr("A@7,5/4v/c/1/-"));
  // The plain move arrives in hard cover: the hold fires.
  state = At(units);
  Play(*game_, state, {"A", "move", "to 7,5"});
  EXPECT_FALSE(G::InFullCover(state, 0));
  EXPECT_EQ(state.phase, G::kAttackRoll);
  // ... and without the hold, reactive fire answers it.
  state = At("A@7,8/4v/-/0/- B@11,11/2/-/0/- a@8,2/4v/-/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"A", "move", "to 7,5"});
  EXPECT_EQ(state.phase, G::kReactive);
}

TEST_F(BrickactionCornersTest, MoveHideOnlyWithAnotherCornerInReach) {
  // B cannot reach the corner in a move; A stands on the map's only one.
  State state = At("A@7,5/4v/-/0/- B@11,11/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"B"});
  EXPECT_THAT(Legal(*game_, state), Contains("move"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("move hide")));
  state = At("A@7,5/4v/-/0/- B@11,11/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"A"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("move hide")));
  // weapon=hide only at phase dest.
  state = At("A@7,8/4v/-/0/- B@11,11/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"A", "move hide"});
  std::string text = game_->StateToString(state);
  text.replace(text.find("phase=dest"), 10, "phase=hold");
  EXPECT_THAT(std::string(game_->ParseState(text).status().message()),
              testing::HasSubstr("weapon=hide only at phase dest"));
}

TEST_F(BrickactionCornersTest, RandomGamesMoveHiddenOntoTheCorner) {
  int hidden_moves = 0;
  for (int g = 0; g < 200; ++g) {
    Rng rng(static_cast<uint64_t>(g));
    State state = game_->InitialState();
    while (game_->Kind(state) != NodeKind::kTerminal) {
      if (state.phase == G::kDest && state.weapon == G::kHideMove) {
        ++hidden_moves;
        ASSERT_TRUE(ParseOrDie(*game_, game_->StateToString(state)) == state);
      }
      RandomStep(*game_, state, rng);
    }
  }
  EXPECT_GT(hidden_moves, 0);
}

TEST_F(BrickactionCornersTest, TheBoardShowsTheCorner) {
  const BoardView view = game_->DescribeBoard(game_->InitialState(), 0);
  EXPECT_EQ(view.terrain_kinds[view.terrain[game_->CellIndex(7, 5)]].name, "corner");
  State state = At("A@7,5/4v/c/0/- B@9,5/2/-/0/- a@8,0/4v/-/0/- b@11,0/2/-/0/-");
  EXPECT_THAT(game_->DescribeBoard(state, 0).pieces[0].status,
              testing::HasSubstr("full cover at its corner"));
}

}  // namespace
}  // namespace sandtable::brickaction_test
