#include "engine/reachability.h"

#include <vector>

#include "engine/rng.h"
#include "gtest/gtest.h"
#include "tests/engine/grid_test_util.h"

namespace sandtable {
namespace {

SquareGrid Square(int width, int height) { return MakeGrid<SquareGrid>(width, height); }
HexGrid HexMap(int width, int height) { return MakeGrid<HexGrid>(width, height); }

MoveGraph SquareGraph(const SquareGrid& grid, const SquareSteps& steps,
                      const MoveTerrain& terrain = {}) {
  auto graph = MoveGraph::ForSquare(grid, steps, terrain);
  CHECK(graph.ok());
  return *graph;
}

TEST(ReachabilityTest, EightWayMatchesEuclideanDiscUpToFourCells) {
  // The default steps (2 and 3 half-steps) on open ground reach exactly the cells within
  // the allowance, centre to centre, for 0..4 cells; at 5 the cell (4,3) at exactly 5 is
  // out of reach (3 diagonals and 1 straight cost 11 half-steps).
  const SquareGrid grid = Square(13, 13);
  const MoveGraph graph = SquareGraph(grid, SquareSteps{});
  const Cell centre{6, 6};
  for (int cells = 0; cells <= 4; ++cells) {
    EXPECT_EQ(graph.From(grid.Index(centre), 2 * cells).cells, grid.WithinDistance(centre, cells))
        << cells;
  }
  const Reach five = graph.From(grid.Index(centre), 10);
  EXPECT_TRUE(grid.WithinDistance(centre, 5).Test(grid.Index({10, 9})));
  EXPECT_FALSE(five.cells.Test(grid.Index({10, 9})));
  EXPECT_EQ(five.cost[grid.Index({10, 9})], Reach::kUnreachable);
  EXPECT_EQ(graph.From(grid.Index(centre), 11).cost[grid.Index({10, 9})], 11);
  EXPECT_EQ(five.cost[grid.Index({8, 8})], 6);
  EXPECT_EQ(five.cost[grid.Index({9, 7})], 7);  // one diagonal, two straight
}

TEST(ReachabilityTest, OrthogonalStepsMakeADiamond) {
  const SquareGrid grid = Square(9, 9);
  const MoveGraph graph = SquareGraph(
      grid, SquareSteps{.neighbours = SquareSteps::Neighbours::kOrthogonal, .orthogonal_cost = 1});
  const Reach reach = graph.From(grid.Index({4, 4}), 2);
  EXPECT_EQ(reach.cells.Count(), 13);
  EXPECT_EQ(reach.cost[grid.Index({5, 5})], 2);
  EXPECT_EQ(reach.cost[grid.Index({4, 2})], 2);
  EXPECT_EQ(reach.cost[grid.Index({6, 5})], Reach::kUnreachable);
  // Clipped by the corner of the grid: (0,0), (1,0), (0,1), (2,0), (1,1), (0,2).
  EXPECT_EQ(graph.From(grid.Index({0, 0}), 2).cells.Count(), 6);
}

TEST(ReachabilityTest, DoubledTerrainCostsTwiceToEnter) {
  // A corridor 6 x 1, cell 1 difficult: entering it costs 4, cell 2 then costs 6.
  const SquareGrid grid = Square(6, 1);
  MoveTerrain terrain;
  terrain.cost_factor = {1, 2, 1, 1, 1, 1};
  const MoveGraph graph = SquareGraph(grid, SquareSteps{}, terrain);
  const Reach reach = graph.From(0, 6);
  EXPECT_EQ(reach.cost, (std::vector<int>{0, 4, 6, -1, -1, -1}));
  // Leaving difficult ground is not doubled: from cell 1, cell 0 costs 2.
  EXPECT_EQ(graph.From(1, 6).cost, (std::vector<int>{2, 0, 2, 4, 6, -1}));
}

TEST(ReachabilityTest, PathsGoRoundImpassableCells) {
  // A wall at (2,0) and (2,1); the only way east is through (2,2).
  //   S . # . T
  //   . . # . .
  //   . . . . .
  const SquareGrid grid = Square(5, 3);
  MoveTerrain terrain;
  terrain.impassable.Set(grid.Index({2, 0}));
  terrain.impassable.Set(grid.Index({2, 1}));
  const MoveGraph graph = SquareGraph(grid, SquareSteps{}, terrain);
  const Reach reach = graph.From(grid.Index({0, 0}), 12);
  EXPECT_EQ(reach.cost[grid.Index({2, 2})], 6);  // two diagonals
  EXPECT_EQ(reach.cost[grid.Index({4, 0})], 12);
  EXPECT_EQ(reach.cost[grid.Index({2, 0})], Reach::kUnreachable);
  EXPECT_FALSE(graph.From(grid.Index({0, 0}), 11).cells.Test(grid.Index({4, 0})));
  // Blocked at query time works the same way: block the gap too and the east is cut off.
  CellMask blocked;
  blocked.Set(grid.Index({2, 2}));
  const Reach cut = graph.From(grid.Index({0, 0}), 100, blocked);
  EXPECT_EQ(cut.cells.Count(), 6);
  EXPECT_EQ(cut.cost[grid.Index({3, 2})], Reach::kUnreachable);
}

TEST(ReachabilityTest, CornerRules) {
  // (1,0) and (0,1) impassable: the diagonal step (0,0) -> (1,1) passes their shared corner.
  const SquareGrid grid = Square(3, 3);
  MoveTerrain terrain;
  terrain.impassable.Set(grid.Index({1, 0}));
  terrain.impassable.Set(grid.Index({0, 1}));
  const MoveGraph free = SquareGraph(grid, SquareSteps{}, terrain);
  EXPECT_EQ(free.From(0, 3).cost[grid.Index({1, 1})], 3);
  const MoveGraph no_squeeze =
      SquareGraph(grid, SquareSteps{.corners = SquareSteps::Corners::kNoSqueeze}, terrain);
  EXPECT_EQ(no_squeeze.From(0, 100).cells.Count(), 1);
  // One side open is enough.
  const MoveGraph open_graph =
      SquareGraph(grid, SquareSteps{.corners = SquareSteps::Corners::kNoSqueeze});
  CellMask one_side;
  one_side.Set(grid.Index({1, 0}));
  EXPECT_EQ(open_graph.From(0, 3, one_side).cost[grid.Index({1, 1})], 3);
  // Both sides blocked at query time (two bases): no squeeze; the mover's own cell does not
  // count as a side.
  CellMask both = one_side;
  both.Set(grid.Index({0, 1}));
  EXPECT_EQ(open_graph.From(0, 3, both).cost[grid.Index({1, 1})], Reach::kUnreachable);
  CellMask with_start;
  with_start.Set(0);
  with_start.Set(grid.Index({2, 1}));
  EXPECT_EQ(open_graph.From(grid.Index({1, 0}), 3, with_start).cost[grid.Index({0, 1})], 3);
}

TEST(ReachabilityTest, NoStopCellsArePassedButNotEndedOn) {
  const SquareGrid grid = Square(5, 1);
  const MoveGraph graph = SquareGraph(grid, SquareSteps{});
  CellMask friends;
  friends.Set(1);
  const Reach reach = graph.From(0, 4, {}, friends);
  EXPECT_FALSE(reach.cells.Test(1));
  EXPECT_TRUE(reach.cells.Test(2));
  EXPECT_EQ(reach.cost[1], 2);
  // As blockers they cut the corridor; the start is exempt from both masks.
  EXPECT_EQ(graph.From(0, 4, friends).cells.Count(), 1);
  CellMask self;
  self.Set(0);
  EXPECT_EQ(graph.From(0, 4, self, self).cells.Count(), 3);
  EXPECT_EQ(graph.From(0, -1).cells.Count(), 0);
}

TEST(ReachabilityTest, CustomStepCostsPriceEdges) {
  // A low wall on the edge between columns 1 and 2: crossing it costs double.
  const SquareGrid grid = Square(4, 1);
  const MoveGraph graph = MoveGraph::ForSquare(grid, SquareSteps{}, [](Cell from, Cell to) {
    const bool wall = (from.x == 1 && to.x == 2) || (from.x == 2 && to.x == 1);
    return wall ? 4 : 2;
  });
  EXPECT_EQ(graph.From(0, 100).cost, (std::vector<int>{0, 2, 6, 8}));
}

TEST(ReachabilityTest, HexStepsOnQuicksMap) {
  // 8 x 6 hexes, every hex costs 1: one or two hexes from the start.
  const HexGrid grid = HexMap(8, 6);
  auto graph = MoveGraph::ForHex(grid, MoveTerrain{});
  ASSERT_TRUE(graph.ok());
  const Hex start = HexGrid::FromOffset(3, 2);
  for (int allowance = 0; allowance <= 3; ++allowance) {
    EXPECT_EQ(graph->From(grid.Index(start), allowance).cells,
              grid.WithinDistance(start, allowance));
  }
  // An enemy to the east blocks entry; going round it costs one more step.
  CellMask enemy;
  const Hex east{start.q + 1, start.r};
  const Hex beyond{start.q + 2, start.r};
  enemy.Set(grid.Index(east));
  const Reach reach = graph->From(grid.Index(start), 3, enemy);
  EXPECT_FALSE(reach.cells.Test(grid.Index(east)));
  EXPECT_EQ(reach.cost[grid.Index(beyond)], 3);  // via NE then SE
  EXPECT_EQ(graph->From(grid.Index(start), 3).cost[grid.Index(beyond)], 2);
}

TEST(ReachabilityTest, HexTerrain) {
  // A 4 x 1 strip: hex 1 costs double, hex 3 impassable.
  const HexGrid grid = HexMap(4, 1);
  MoveTerrain terrain;
  terrain.cost_factor = {1, 2, 1, 1};
  terrain.impassable.Set(3);
  auto graph = MoveGraph::ForHex(grid, terrain, 2);
  ASSERT_TRUE(graph.ok());
  EXPECT_EQ(graph->From(0, 100).cost, (std::vector<int>{0, 4, 6, -1}));
}

TEST(ReachabilityTest, RejectsBadTerrain) {
  const SquareGrid grid = Square(3, 3);
  MoveTerrain short_terrain;
  short_terrain.cost_factor = {1, 1};
  EXPECT_FALSE(MoveGraph::ForSquare(grid, SquareSteps{}, short_terrain).ok());
  MoveTerrain zero;
  zero.cost_factor.assign(9, 1);
  zero.cost_factor[4] = 0;
  EXPECT_FALSE(MoveGraph::ForSquare(grid, SquareSteps{}, zero).ok());
  EXPECT_FALSE(MoveGraph::ForSquare(grid, SquareSteps{.diagonal_cost = 0}, MoveTerrain{}).ok());
  EXPECT_FALSE(MoveGraph::ForHex(HexMap(3, 3), MoveTerrain{}, 0).ok());
}

TEST(CellMaskTest, IntersectionAndRemovalWordByWord) {
  // Members on both sides of the first word boundary (63, 64) and far out (2000).
  CellMask a, b;
  for (int i : {1, 63, 64, 2000}) a.Set(i);
  for (int i : {63, 64, 65, 2000}) b.Set(i);
  CellMask both = a;
  both &= b;
  CellMask expected_both;
  for (int i : {63, 64, 2000}) expected_both.Set(i);
  EXPECT_EQ(both, expected_both);
  CellMask only_a = a;
  only_a.Remove(b);
  CellMask expected_only_a;
  expected_only_a.Set(1);
  EXPECT_EQ(only_a, expected_only_a);
  EXPECT_TRUE(only_a.Remove(a).Empty());
}

TEST(ReachabilityTest, TableAgreesWithSearch) {
  // Random static terrain and random obstacles: the table's shortcut never changes the
  // answer, for both corner rules and for a hex map.
  Rng rng(7);
  const SquareGrid grid = Square(7, 6);
  const HexGrid hexes = HexMap(7, 6);
  MoveTerrain terrain;
  terrain.cost_factor.assign(grid.num_cells(), 1);
  for (int i = 0; i < grid.num_cells(); ++i) {
    if (rng.Below(5) == 0) terrain.cost_factor[i] = 2;
    if (rng.Below(8) == 0) terrain.impassable.Set(i);
  }
  std::vector<MoveGraph> graphs;
  graphs.push_back(SquareGraph(grid, SquareSteps{}, terrain));
  graphs.push_back(
      SquareGraph(grid, SquareSteps{.corners = SquareSteps::Corners::kNoSqueeze}, terrain));
  graphs.push_back(*MoveGraph::ForHex(hexes, terrain));
  for (const MoveGraph& graph : graphs) {
    const ReachTable table(graph, 6);
    EXPECT_EQ(table.allowance(), 6);
    for (int trial = 0; trial < 300; ++trial) {
      CellMask blocked;
      CellMask no_stop;
      const int obstacles = static_cast<int>(rng.Below(6));
      for (int k = 0; k < obstacles; ++k) {
        blocked.Set(static_cast<int>(rng.Below(grid.num_cells())));
        no_stop.Set(static_cast<int>(rng.Below(grid.num_cells())));
      }
      const int start = static_cast<int>(rng.Below(grid.num_cells()));
      const CellMask reach = table.Reachable(start, blocked, no_stop);
      ASSERT_EQ(reach, graph.From(start, 6, blocked, no_stop).cells) << trial;
      for (int dest = 0; dest < grid.num_cells(); ++dest) {
        ASSERT_EQ(table.Reaches(start, dest, blocked, no_stop), reach.Test(dest)) << trial;
      }
      // Nothing in the way reaches a superset.
      ASSERT_EQ(table.Unobstructed(start), graph.From(start, 6).cells) << trial;
      CellMask beyond = reach;
      ASSERT_TRUE(beyond.Remove(table.Unobstructed(start)).Empty()) << trial;
      // The allocation-free search agrees too, at every allowance.
      const int allowance = static_cast<int>(rng.Below(12));
      ASSERT_EQ(graph.Cells(start, allowance, blocked, no_stop),
                graph.From(start, allowance, blocked, no_stop).cells)
          << trial;
    }
  }
}

}  // namespace
}  // namespace sandtable
