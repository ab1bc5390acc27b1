// brickaction's elevation (heights in blocks on the map, `hN` legend words) with the dice
// entered: from 5 blocks or more above, high ground's +1 to one attack die and the target's
// hard cover and tree count for nothing.
#include <string>

#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using G = BrickactionGame;

// A 12 x 12 board: a platform 5 blocks high (x 3..5, y 8..9), another 4 blocks high (x
// 7..9, y 8..9), low walls at (4,2) and (7,2), a tree at (3,1). Player 0: A (4 regulars,
// veteran, officer: 5 dice); player 1: a (4 regulars, veteran), b (2 regulars).
std::string ElevationScenario() {
  return "ruleset brickaction\n"
         "name elevation\n"
         "deploy 12\n"
         "points 1000\n"
         "legend . open\n"
         "legend # hard\n"
         "legend T tree\n"
         "legend ^ open h5\n"
         "legend = open h4\n"
         "map\n"
         "............\n"
         "...T........\n"
         "....#..#....\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "...^^^.===..\n"
         "...^^^.===..\n"
         "............\n"
         "............\n"
         "end\n"
         "squad side=0 label=A regulars=4 veteran=1 officer=1 grenade=0 at=4,8\n"
         "squad side=1 label=a regulars=4 veteran=1 grenade=0 at=4,1\n"
         "squad side=1 label=b regulars=2 veteran=0 grenade=0 at=11,0\n";
}

class BrickactionElevationTest : public ::testing::Test {
 protected:
  BrickactionElevationTest() : game_(MakeGame({}, ElevationScenario())) {}
  int Cell(int x, int y) const { return game_->CellIndex(x, y); }
  uint8_t Between(int x0, int y0, int x1, int y1) const {
    return game_->Between(Cell(x0, y0), Cell(x1, y1));
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionElevationTest, FiveBlocksAboveIsHighGroundAndIgnoresHardCover) {
  EXPECT_EQ(game_->Elevation(Cell(4, 8)), 5);
  EXPECT_EQ(game_->Elevation(Cell(8, 9)), 4);
  EXPECT_EQ(game_->Elevation(Cell(4, 2)), 0);
  // 5 blocks above the wall's target: no hard cover, high ground.
  EXPECT_EQ(Between(4, 8, 4, 1), G::kSight | G::kHighGround);
  // 4 blocks are not enough: the wall covers.
  EXPECT_EQ(Between(7, 8, 7, 1), G::kSight | G::kHardCover);
  // Nor does the tree cover from 5 blocks above.
  EXPECT_EQ(Between(3, 8, 3, 1), G::kSight | G::kHighGround);
  // Looking up is no advantage.
  EXPECT_EQ(Between(4, 1, 4, 8), G::kSight);
  EXPECT_EQ(Between(4, 5, 4, 8), G::kSight);
}

TEST_F(BrickactionElevationTest, HighGroundAddsOneToAnotherDieAndNoSaveForTheWall) {
  State state = ParseOrDie(*game_, Position("A@4,8/4vo/-/0/- a@4,1/4v/-/0/- b@11,0/2/-/0/-"));
  Play(*game_, state, {"A", "attack", "at a"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 5);
  // The veteran's +1 and high ground's to the two 3s: two hits.
  Play(*game_, state, {"roll 3 3 2 2 1"});
  ASSERT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(state.saves, 2);
  // The wall gives no +1 from above: 4+ on each die, (1/2)^2.
  EXPECT_EQ(Odds(*game_, state)["saves 2"], Probability(1, 4));

  // From the 4-block platform: only the veteran's +1 (one hit) and the wall's +1 to save.
  state = ParseOrDie(*game_, Position("A@7,8/4vo/-/0/- a@7,1/4v/-/0/- b@11,0/2/-/0/-"));
  Play(*game_, state, {"A", "attack", "at a", "roll 3 3 2 2 1"});
  ASSERT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(state.saves, 1);
  EXPECT_EQ(Odds(*game_, state)["saves 1"], Probability(2, 3));  // 3+
}

TEST_F(BrickactionElevationTest, ProneBehindAWallIsNotTotalCoverFromAbove) {
  State state = ParseOrDie(*game_, Position("A@4,8/4vo/-/0/- a@4,1/4v/p/0/- b@11,0/2/-/0/-"));
  EXPECT_TRUE(game_->CanSee(state, 0, 1));
  Play(*game_, state, {"A", "attack", "at a", "roll 3 3 2 2 1"});
  // Prone in the open: +1 to save, 3+ each, (2/3)^2.
  EXPECT_EQ(Odds(*game_, state)["saves 2"], Probability(4, 9));
  state = ParseOrDie(*game_, Position("A@7,8/4vo/-/0/- a@7,1/4v/p/0/- b@11,0/2/-/0/-"));
  EXPECT_FALSE(game_->CanSee(state, 0, 1));
}

TEST_F(BrickactionElevationTest, TheBoardShowsRaisedGround) {
  const BoardView view = game_->DescribeBoard(game_->InitialState(), 0);
  const TerrainKind& raised = view.terrain_kinds[view.terrain[Cell(4, 8)]];
  EXPECT_EQ(raised.name, "open, 5 blocks high");
  EXPECT_EQ(raised.glyph, '^');
  EXPECT_EQ(view.terrain_kinds[view.terrain[Cell(8, 9)]].name, "open, 4 blocks high");
  EXPECT_EQ(view.terrain_kinds[view.terrain[Cell(0, 0)]].name, "open");
}

TEST_F(BrickactionElevationTest, ScenarioErrors) {
  // Errors name the first map row (line 19) that uses the character.
  const std::string text = ElevationScenario();
  EXPECT_EQ(ScenarioErrorAfter(text, "legend ^ open h5", "legend ^ h5"), "ok");  // open ground
  EXPECT_EQ(ScenarioErrorAfter(text, "legend ^ open h5", "legend ^ open h5 h6"),
            "line 19: map character '^' has more than one height");
  EXPECT_EQ(ScenarioErrorAfter(text, "legend ^ open h5", "legend ^ open h100"),
            "line 19: map character '^' has height 'h100' (at most h99)");
  EXPECT_EQ(ScenarioErrorAfter(text, "legend ^ open h5", "legend ^ hill h5"),
            "line 19: map character '^' has unknown terrain 'hill' (known: open, hard, total, "
            "soft, tree, floor, window, corner, and a height hN)");
}

}  // namespace
}  // namespace sandtable::brickaction_test
