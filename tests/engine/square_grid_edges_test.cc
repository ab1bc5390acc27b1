// Edges between cells (engine/square_grid.h): EdgeBetween, SegmentCrossesEdge and
// SegmentCrossesEdges, by hand and exhaustively against the cell walk.
#include <algorithm>
#include <optional>
#include <vector>

#include "engine/square_grid.h"
#include "gtest/gtest.h"
#include "tests/engine/grid_test_util.h"

namespace sandtable {
namespace {

using Side = CellEdge::Side;

CellEdge East(int x, int y) { return {Cell{x, y}, Side::kEast}; }
CellEdge South(int x, int y) { return {Cell{x, y}, Side::kSouth}; }

TEST(SquareGridEdgesTest, EdgeBetweenHasOneFormForEitherOrder) {
  EXPECT_EQ(EdgeBetween({3, 4}, {4, 4}), East(3, 4));
  EXPECT_EQ(EdgeBetween({4, 4}, {3, 4}), East(3, 4));
  EXPECT_EQ(EdgeBetween({3, 4}, {3, 5}), South(3, 4));
  EXPECT_EQ(EdgeBetween({3, 5}, {3, 4}), South(3, 4));
  EXPECT_EQ(EdgeBetween({3, 4}, {4, 5}), std::nullopt);  // diagonal
  EXPECT_EQ(EdgeBetween({3, 4}, {5, 4}), std::nullopt);  // two apart
  EXPECT_EQ(EdgeBetween({3, 4}, {3, 4}), std::nullopt);
}

TEST(SquareGridEdgesTest, CrossingsByHand) {
  // Neighbours cross their shared edge only.
  EXPECT_TRUE(SegmentCrossesEdge({0, 0}, {1, 0}, East(0, 0)));
  EXPECT_TRUE(SegmentCrossesEdge({0, 1}, {0, 0}, South(0, 0)));
  EXPECT_FALSE(SegmentCrossesEdge({0, 0}, {1, 0}, South(0, 0)));
  EXPECT_FALSE(SegmentCrossesEdge({0, 0}, {1, 0}, East(1, 0)));
  // (0,0) -> (2,1), doubled (1,1) -> (5,3): x = 2 at y = 1.5 (east edge of (0,0), y in
  // [0,2]); y = 2 at x = 3 (south edge of (1,0), x in [2,4]); x = 4 at y = 2.5 (east edge of
  // (1,1), y in [2,4]). Not the south edge of (0,0) (x in [0,2]) nor that of (2,0).
  for (const CellEdge& e : {East(0, 0), South(1, 0), East(1, 1)}) {
    EXPECT_TRUE(SegmentCrossesEdge({0, 0}, {2, 1}, e));
    EXPECT_TRUE(SegmentCrossesEdge({2, 1}, {0, 0}, e));
  }
  for (const CellEdge& e : {South(0, 0), South(2, 0), East(0, 1), East(1, 0)}) {
    EXPECT_FALSE(SegmentCrossesEdge({0, 0}, {2, 1}, e));
  }
  // A diagonal step only touches the four edges ending at its corner (1,1).
  for (const CellEdge& e : {East(0, 0), South(0, 0), East(0, 1), South(1, 0)}) {
    EXPECT_FALSE(SegmentCrossesEdge({0, 0}, {1, 1}, e));
  }
  // A segment of zero length crosses nothing.
  EXPECT_FALSE(SegmentCrossesEdge({0, 0}, {0, 0}, East(0, 0)));
}

// A segment crosses the edge between two cells exactly when the cell walk (from, the cells
// crossed, to) steps straight from one of them to the other: it leaves one cell through
// that edge's inside. A diagonal step of the walk passes an exact corner and crosses none.
TEST(SquareGridEdgesTest, CrossingsAgreeWithTheCellWalk) {
  const SquareGrid grid = MakeGrid<SquareGrid>(7, 5);
  for (int a = 0; a < grid.num_cells(); ++a) {
    for (int b = 0; b < grid.num_cells(); ++b) {
      const Cell from = grid.CellAt(a), to = grid.CellAt(b);
      std::vector<Cell> walk = {from};
      if (a != b) {
        for (Cell c : grid.CellsCrossed(from, to)) walk.push_back(c);
        walk.push_back(to);
      }
      std::vector<CellEdge> expected;
      for (size_t i = 0; i + 1 < walk.size(); ++i) {
        if (std::optional<CellEdge> e = EdgeBetween(walk[i], walk[i + 1])) expected.push_back(*e);
      }
      for (int c = 0; c < grid.num_cells(); ++c) {
        for (const CellEdge& e : {East(c % 7, c / 7), South(c % 7, c / 7)}) {
          const bool listed = std::find(expected.begin(), expected.end(), e) != expected.end();
          ASSERT_EQ(SegmentCrossesEdge(from, to, e), listed)
              << from.x << "," << from.y << " -> " << to.x << "," << to.y;
        }
      }
    }
  }
}

TEST(SquareGridEdgesTest, CornersBetweenEdges) {
  // The diagonal step (1,0) -> (2,1) passes the corner (2,1) (in cell units).
  const Cell from{1, 0}, to{2, 1};
  // A straight wall x = 2 from y = 0 to 2: its joint is at that corner, so the step (and
  // the longer line (1,0) -> (3,2) through it) crosses the wall, though neither edge alone.
  const std::vector<CellEdge> straight = {East(1, 0), East(1, 1)};
  EXPECT_FALSE(SegmentCrossesEdge(from, to, straight[0]));
  EXPECT_FALSE(SegmentCrossesEdge(from, to, straight[1]));
  EXPECT_TRUE(SegmentCrossesEdges(from, to, straight));
  EXPECT_TRUE(SegmentCrossesEdges({3, 2}, {1, 0}, straight));
  // The free end of a wall: one edge ending at the corner.
  EXPECT_FALSE(SegmentCrossesEdges(from, to, std::vector<CellEdge>{East(1, 1)}));
  // An L closing (1,0) on its east and south: the step squeezes out of its inside.
  EXPECT_TRUE(SegmentCrossesEdges(from, to, std::vector<CellEdge>{East(1, 0), South(1, 0)}));
  // An L closing (2,1) on its west and north: the step squeezes into it.
  EXPECT_TRUE(SegmentCrossesEdges(from, to, std::vector<CellEdge>{East(1, 1), South(2, 0)}));
  // An L around (2,0) (its west and south): the step passes its outside.
  EXPECT_FALSE(SegmentCrossesEdges(from, to, std::vector<CellEdge>{East(1, 0), South(2, 0)}));
  // Edges on both sides of a line but at two different corners do not join:
  // (0,0) -> (3,3) passes (1,1) with the east edge of (0,0) on one side and (2,2) with the
  // east edge of (1,2) on the other.
  EXPECT_FALSE(SegmentCrossesEdges({0, 0}, {3, 3}, std::vector<CellEdge>{East(0, 0), East(1, 2)}));
  EXPECT_TRUE(SegmentCrossesEdges({0, 0}, {3, 3}, std::vector<CellEdge>{East(0, 0), East(0, 1)}));
  EXPECT_FALSE(SegmentCrossesEdges({0, 0}, {3, 3}, std::vector<CellEdge>{}));
}

// A closed ring of edges around the cells x 2..4, y 1..3 of a 7 x 5 grid: every segment from
// inside to outside crosses it, none between two inside cells does, and the answer is the
// same both ways.
TEST(SquareGridEdgesTest, AClosedWallIsWatertight) {
  const SquareGrid grid = MakeGrid<SquareGrid>(7, 5);
  std::vector<CellEdge> ring;
  for (int x = 2; x <= 4; ++x) {
    ring.push_back(South(x, 0));
    ring.push_back(South(x, 3));
  }
  for (int y = 1; y <= 3; ++y) {
    ring.push_back(East(1, y));
    ring.push_back(East(4, y));
  }
  auto inside = [](Cell c) { return c.x >= 2 && c.x <= 4 && c.y >= 1 && c.y <= 3; };
  int crossing = 0;
  for (int a = 0; a < grid.num_cells(); ++a) {
    for (int b = 0; b < grid.num_cells(); ++b) {
      const Cell from = grid.CellAt(a), to = grid.CellAt(b);
      const bool crosses = SegmentCrossesEdges(from, to, ring);
      EXPECT_EQ(crosses, SegmentCrossesEdges(to, from, ring));
      if (inside(from) != inside(to)) {
        EXPECT_TRUE(crosses);
      } else if (inside(from)) {
        EXPECT_FALSE(crosses);
      }
      crossing += crosses;
    }
  }
  // 9 inside cells, 26 outside: 2 * 9 * 26 = 468 ordered pairs in and out; outside pairs
  // whose line passes through the box cross it too.
  EXPECT_GT(crossing, 468);
}

}  // namespace
}  // namespace sandtable
