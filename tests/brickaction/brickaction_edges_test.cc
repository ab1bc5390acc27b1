// brickaction's walls on cell edges (the scenario's `wall` statements) with the dice entered:
// the scenario statement and its errors, line of sight, cover, moves and the board.
#include "rulesets/brickaction/brickaction_edges.h"

#include <memory>
#include <string>

#include "engine/reachability.h"
#include "engine/scenario_text.h"
#include "engine/square_grid.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"
#include "tools/board_svg.h"
#include "tools/board_text.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;
using G = BrickactionGame;

// An open 12 x 12 board with three walls on cell edges, each written partly with the other
// spelling of its edges: a high wall (total) x = 6 from y = 2 to 5 (the east edges of (5,2),
// (5,3), (5,4)), a low wall (hard) y = 8 from x = 2 to 5 (the south edges of (2,7), (3,7),
// (4,7)) and tall grass (soft) y = 8 from x = 9 to 11 (the south edges of (9,7), (10,7)).
// The squads of the test board (brickaction_test_util.h): A B C D, a b c d.
std::string EdgesScenarioWith(const std::string& units) {
  std::string map = "map\n";
  for (int y = 0; y < 12; ++y) map += "............\n";
  return "ruleset brickaction\nname edges\ndeploy 12\npoints 1000\nlegend . open\n" + map +
         "end\n"
         "wall at=5,2 side=E kind=total\n"
         "wall at=6,3 side=W kind=total\n"
         "wall at=5,4 side=E kind=total\n"
         "wall at=2,7 side=S kind=hard\n"
         "wall at=3,8 side=N kind=hard\n"
         "wall at=4,7 side=S kind=hard\n"
         "wall at=9,7 side=S kind=soft\n"
         "wall at=10,8 side=N kind=soft\n" +
         units;
}

std::string EdgesScenario() {
  const std::string test = TestScenario();
  return EdgesScenarioWith(test.substr(test.find("squad ")));
}

class BrickactionEdgesTest : public ::testing::Test {
 protected:
  BrickactionEdgesTest() : game_(MakeGame({}, EdgesScenario())) {}
  int Cell(int x, int y) const { return game_->CellIndex(x, y); }
  State At(const std::string& units, int player = 0) {
    return ParseOrDie(*game_, Position(units, 3, player));
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionEdgesTest, ScenarioStatementAndErrors) {
  const std::string text = EdgesScenario();
  EXPECT_EQ(ScenarioErrorAfter(text, "at=6,3 side=W", "at=5,3 side=E"), "ok");
  EXPECT_THAT(ScenarioErrorAfter(text, "at=6,3 side=W", "at=5,2 side=E"),
              HasSubstr("wall at=5,2 side=E: a second wall on the edge of line"));
  // The same edge in its other spelling is the same wall.
  EXPECT_THAT(ScenarioErrorAfter(text, "at=6,3 side=W", "at=6,2 side=W"),
              HasSubstr("a second wall on the edge"));
  EXPECT_THAT(ScenarioErrorAfter(text, "at=6,3 side=W", "at=12,3 side=W"),
              HasSubstr("wall at=12,3: not a cell of the 12 x 12 map"));
  EXPECT_THAT(ScenarioErrorAfter(text, "at=6,3 side=W", "at=11,3 side=E"),
              HasSubstr("the map's border, not an edge between two cells"));
  EXPECT_THAT(ScenarioErrorAfter(text, "at=6,3 side=W", "at=0,0 side=N"),
              HasSubstr("the map's border"));
  EXPECT_THAT(ScenarioErrorAfter(text, "at=6,3 side=W", "at=6,3 side=NE"),
              HasSubstr("wall side: N, E, S or W"));
  EXPECT_THAT(ScenarioErrorAfter(text, "side=W kind=total", "side=W kind=window"),
              HasSubstr("wall kind: hard, total or soft"));
  EXPECT_THAT(ScenarioErrorAfter(text, "side=W kind=total", "side=W"), HasSubstr("kind"));
  EXPECT_THAT(ScenarioErrorAfter(text, "side=W kind=total", "side=W kind=total high=1"),
              HasSubstr("high"));
  // Every wall is kept in its one form: the west or north cell's E or S side.
  const BoardView view = game_->DescribeBoard(game_->InitialState(), 0);
  ASSERT_EQ(view.edges.size(), 8u);
  EXPECT_EQ(view.edges[1], (BoardEdge{Cell(5, 3), false, 2}));  // at=6,3 side=W, total
  EXPECT_EQ(view.edges[4], (BoardEdge{Cell(3, 7), true, 1}));   // at=3,8 side=N, hard
  EXPECT_EQ(view.edges[7], (BoardEdge{Cell(10, 7), true, 0}));  // at=10,8 side=N, soft
}

TEST_F(BrickactionEdgesTest, AHighWallBlocksTheLineBetweenCentres) {
  EXPECT_FALSE(game_->Between(Cell(4, 3), Cell(7, 3)) & G::kSight);
  EXPECT_FALSE(game_->Between(Cell(7, 3), Cell(4, 3)) & G::kSight);
  // Through the joint of two of its edges (the corner (6,4)): blocked too.
  EXPECT_FALSE(game_->Between(Cell(4, 2), Cell(7, 5)) & G::kSight);
  // Past its free ends (the corners (6,5) and (6,2)): clear, and no cover.
  EXPECT_EQ(game_->Between(Cell(5, 4), Cell(6, 5)), G::kSight);
  EXPECT_EQ(game_->Between(Cell(5, 2), Cell(6, 1)), G::kSight);
  // Along it on one side: clear.
  EXPECT_EQ(game_->Between(Cell(5, 0), Cell(5, 6)), G::kSight);
  State state = At("A@4,3/4vo/g/0/- B:x C:x D:x a@7,3/4vo/g/0/- b:x c:x d:x");
  EXPECT_FALSE(game_->CanSee(state, 0, 4));
  Play(*game_, state, {"A"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("attack")));
  // a at (7,6): the line passes the wall's free end (6,5), and A may fire.
  state = At("A@4,3/4vo/g/0/- B:x C:x D:x a@7,6/4vo/g/0/- b:x c:x d:x");
  Play(*game_, state, {"A", "attack"});
  EXPECT_THAT(Legal(*game_, state), Contains("at a"));
}

TEST_F(BrickactionEdgesTest, AWallOnTheTargetsCellGivesCover) {
  // The low wall on the target's north edge, the shooter north: hard cover; the other way
  // round the wall is at the shooter, and gives nothing.
  EXPECT_EQ(game_->Between(Cell(3, 2), Cell(3, 8)), G::kSight | G::kHardCover);
  EXPECT_EQ(game_->Between(Cell(3, 8), Cell(3, 2)), G::kSight);
  EXPECT_EQ(game_->Between(Cell(3, 11), Cell(3, 7)), G::kSight | G::kHardCover);
  // A cell away from the target: no cover.
  EXPECT_EQ(game_->Between(Cell(3, 2), Cell(3, 9)), G::kSight);
  // Into the target's corner (4,8) through the joint of two edges: hard cover; past the
  // wall's free end at the corner (2,8): none.
  EXPECT_EQ(game_->Between(Cell(2, 6), Cell(4, 8)), G::kSight | G::kHardCover);
  EXPECT_EQ(game_->Between(Cell(0, 6), Cell(2, 8)), G::kSight);
  // The grass: soft cover.
  EXPECT_EQ(game_->Between(Cell(9, 2), Cell(9, 8)), G::kSight | G::kSoftCover);
  EXPECT_EQ(game_->Between(Cell(9, 11), Cell(10, 7)), G::kSight | G::kSoftCover);
}

TEST_F(BrickactionEdgesTest, HardCoverSavesOnThreePlus) {
  // D's two hits on d behind the low wall: each save 3+ (4+ with +1), both (4/6)^2 = 4/9;
  // in the open (1/2)^2 = 1/4.
  State state = At("A:x B:x C:x D@3,2/2/-/0/- a:x b:x c:x d@3,8/2/-/0/-");
  Play(*game_, state, {"D", "attack", "at d", "sixes 0 hits 2"});
  EXPECT_EQ(Odds(*game_, state)["saves 2"], Probability(4, 9));
  state = At("A:x B:x C:x D@7,2/2/-/0/- a:x b:x c:x d@7,8/2/-/0/-");
  Play(*game_, state, {"D", "attack", "at d", "sixes 0 hits 2"});
  EXPECT_EQ(Odds(*game_, state)["saves 2"], Probability(1, 4));
  // Prone behind it: total cover, both ways.
  state = At("A:x B:x C:x D@3,2/2/-/0/- a:x b:x c:x d@3,8/2/p/0/-");
  EXPECT_FALSE(game_->CanSee(state, 3, 7));
  EXPECT_FALSE(game_->CanSee(state, 7, 3));
}

TEST_F(BrickactionEdgesTest, AWallIsCoverForReactiveFire) {
  // Two cells up to the low wall: behind cover from a, no reactive fire (more than 2 needed);
  // two cells in the open: more than 1, a may fire.
  State state = At("A:x B:x C:x D@3,10/2/-/0/- a@3,2/4vo/g/0/- b:x c:x d:x");
  Play(*game_, state, {"D", "move", "to 3,8"});
  EXPECT_NE(state.phase, G::kReactive);
  state = At("A:x B:x C:x D@7,10/2/-/0/- a@7,2/4vo/g/0/- b:x c:x d:x");
  Play(*game_, state, {"D", "move", "to 7,8"});
  EXPECT_EQ(state.phase, G::kReactive);
}

TEST_F(BrickactionEdgesTest, SoftCoverNegatesTheVeteransPlusOne) {
  // The lone veteran's one die hits on 3-5 in the open (1/2), on 4-5 behind the grass (1/3).
  State state = At("A:x B:x C@7,2/0v/-/0/- D:x a:x b:x c:x d@7,8/2/-/0/-");
  Play(*game_, state, {"C", "attack", "at d"});
  EXPECT_EQ(Odds(*game_, state)["sixes 0 hits 1"], Probability(1, 2));
  state = At("A:x B:x C@9,2/0v/-/0/- D:x a:x b:x c:x d@9,8/2/-/0/-");
  Play(*game_, state, {"C", "attack", "at d"});
  EXPECT_EQ(Odds(*game_, state)["sixes 0 hits 1"], Probability(1, 3));
}

TEST_F(BrickactionEdgesTest, CrossingALowWallOrGrassCostsDouble) {
  // Straight down from (3,6): 2 to (3,7), 4 over the wall, 2 to (3,9): 8, the whole move;
  // (3,10) would cost 10. In the open (7,6) -> (7,10) is 8.
  State state = At("A:x B:x C:x D@3,6/2/-/0/- a:x b:x c:x d@0,0/2/-/0/-");
  Play(*game_, state, {"D", "move"});
  EXPECT_THAT(Legal(*game_, state), Contains("to 3,9"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 3,10")));
  state = At("A:x B:x C:x D@7,6/2/-/0/- a:x b:x c:x d@0,0/2/-/0/-");
  Play(*game_, state, {"D", "move"});
  EXPECT_THAT(Legal(*game_, state), Contains("to 7,10"));
  state = At("A:x B:x C:x D@9,6/2/-/0/- a:x b:x c:x d@0,0/2/-/0/-");
  Play(*game_, state, {"D", "move"});
  EXPECT_THAT(Legal(*game_, state), Contains("to 9,9"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 9,10")));
}

TEST_F(BrickactionEdgesTest, AHighWallIsNeverCrossed) {
  // From (5,3) round either end: (5,4) 2, (6,5) 3 past the free end, (6,4) 2: 7; (6,3) 9.
  State state = At("A:x B:x C:x D@5,3/2/-/0/- a:x b:x c:x d@0,0/2/-/0/-");
  Play(*game_, state, {"D", "move"});
  EXPECT_THAT(Legal(*game_, state), Contains("to 6,4"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 6,3")));
  // Crawling (4 points): the diagonal step through the joint at (6,4) squeezes through the
  // wall, so (6,4) is out of reach; the diagonal past the free end at (6,5) costs 3.
  state = At("A:x B:x C:x D@5,3/2/p/0/- a:x b:x c:x d@0,0/2/-/0/-");
  Play(*game_, state, {"D", "move"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 6,4")));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 6,2")));
  state = At("A:x B:x C:x D@5,4/2/p/0/- a:x b:x c:x d@0,0/2/-/0/-");
  Play(*game_, state, {"D", "move"});
  EXPECT_THAT(Legal(*game_, state), Contains("to 6,5"));
}

// A vehicle crosses walls as a squad does: an H2 (3 cells, 6 points) from (3,6) reaches (3,8)
// (its squads take the free rocket an enemy H2 grants) over the low wall for 2 + 4, not (3,9) (8);
// in the open (7,6) -> (7,9) is 6. The high wall stops it: (6,3) from (5,3) would cost 9 round
// either end.
TEST(BrickactionEdgesVehicleTest, VehiclesCrossWallsAsSquadsDo) {
  const std::shared_ptr<const BrickactionGame> game =
      MakeGame({}, EdgesScenarioWith("squad side=0 label=A freerockets=1 at=0,11\n"
                                     "squad side=1 label=a freerockets=1 at=0,0\n"
                                     "vehicle side=0 label=V class=H2 weapon=MG at=1,11\n"
                                     "vehicle side=1 label=v class=H2 weapon=MG at=1,0\n"));
  auto legal_moves = [&](const std::string& vehicle) {
    State state = ParseOrDie(*game, Position("A:x a@0,0/4v/g/0/- " + vehicle + " v@1,0/d0/S/-/0"));
    Play(*game, state, {"V", "move"});
    return Legal(*game, state);
  };
  EXPECT_THAT(legal_moves("V@3,6/d0/N/-/0"), Contains("to 3,8"));
  EXPECT_THAT(legal_moves("V@3,6/d0/N/-/0"), Not(Contains("to 3,9")));
  EXPECT_THAT(legal_moves("V@7,6/d0/N/-/0"), Contains("to 7,9"));
  EXPECT_THAT(legal_moves("V@5,3/d0/N/-/0"), Not(Contains("to 6,3")));
  EXPECT_THAT(legal_moves("V@5,3/d0/N/-/0"), Contains("to 5,6"));
}

// Double once: on a 3 x 1 strip with a hard cell at (1,0) and a low wall on its west edge,
// the step over the wall into the cell costs 2 x 2 = 4, not 8; on to (2,0) 2 more.
TEST(BrickactionWallsTest, AStepIsDoubledOnce) {
  const absl::StatusOr<ScenarioText> text = ScenarioText::Parse("wall at=1,0 side=W kind=hard\n");
  ASSERT_TRUE(text.ok()) << text.status();
  const absl::StatusOr<BrickactionWalls> walls = BrickactionWalls::Read(*text, 3, 1);
  ASSERT_TRUE(walls.ok()) << walls.status();
  const absl::StatusOr<SquareGrid> grid = SquareGrid::Create(3, 1);
  ASSERT_TRUE(grid.ok());
  const MoveTerrain terrain{{1, 2, 1}, {}};
  const Reach reach = walls->Moves(*grid, terrain).From(0, 20);
  EXPECT_EQ(reach.cost[1], 4);
  EXPECT_EQ(reach.cost[2], 6);
  // Back over the wall into open ground: doubled by the wall alone.
  EXPECT_EQ(walls->Moves(*grid, terrain).From(1, 20).cost[0], 4);
}

TEST_F(BrickactionEdgesTest, TheBoardShowsTheWalls) {
  const BoardView view = game_->DescribeBoard(game_->InitialState(), 0);
  EXPECT_EQ(view.edge_kinds[2].name, "high wall (on an edge)");
  const std::string text = BoardText(view);
  // Row 3: the high wall between columns 5 and 6; under row 7 the low wall and the grass.
  EXPECT_THAT(text, HasSubstr("  3 . . . . . .X. . . . . . 3\n"));
  EXPECT_THAT(text, HasSubstr("\n        # # #         \" \"\n"));
  EXPECT_THAT(text, HasSubstr("X high wall (on an edge)"));
  EXPECT_THAT(BoardSvg(view, "edges", false),
              HasSubstr("<title>high wall (on an edge)</title></line>"));
}

}  // namespace
}  // namespace sandtable::brickaction_test
