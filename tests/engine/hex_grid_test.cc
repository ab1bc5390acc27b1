#include "engine/hex_grid.h"

#include <algorithm>
#include <ostream>
#include <vector>

#include "gtest/gtest.h"
#include "tests/engine/grid_test_util.h"

namespace sandtable {

// GoogleTest finds this by argument-dependent lookup to print hexes in failures.
void PrintTo(Hex h, std::ostream* os) { *os << "(" << h.q << "," << h.r << ")"; }

namespace {

using Hexes = std::vector<Hex>;

HexGrid Grid(int width, int height) { return MakeGrid<HexGrid>(width, height); }

TEST(HexGridTest, CreateRejectsBadSizes) {
  EXPECT_FALSE(HexGrid::Create(0, 5).ok());
  EXPECT_FALSE(HexGrid::Create(5, 0).ok());
  EXPECT_FALSE(HexGrid::Create(64, 33).ok());
  EXPECT_FALSE(HexGrid::Create(1 << 20, 1 << 20).ok());
  EXPECT_TRUE(HexGrid::Create(64, 32).ok());
  EXPECT_TRUE(HexGrid::Create(1, 1).ok());
}

TEST(HexGridTest, OffsetRowsAndIndex) {
  // quick's default map: 8 hexes per row, 6 rows; odd rows sit half a hex to the right.
  const HexGrid grid = Grid(8, 6);
  EXPECT_EQ(grid.num_cells(), 48);
  EXPECT_EQ(HexGrid::FromOffset(0, 3), (Hex{-1, 3}));
  EXPECT_EQ(HexGrid::FromOffset(7, 5), (Hex{5, 5}));
  EXPECT_EQ(HexGrid::Column(Hex{-1, 3}), 0);
  EXPECT_EQ(grid.Index(Hex{-1, 3}), 24);
  EXPECT_EQ(grid.CellAt(24), (Hex{-1, 3}));
  EXPECT_EQ(grid.Index(Hex{5, 5}), 47);
  EXPECT_TRUE(grid.InBounds(Hex{-2, 5}));   // column 0 of row 5
  EXPECT_FALSE(grid.InBounds(Hex{-3, 5}));  // column -1
  EXPECT_FALSE(grid.InBounds(Hex{8, 0}));
  EXPECT_FALSE(grid.InBounds(Hex{0, -1}));
  EXPECT_FALSE(grid.InBounds(Hex{0, 6}));
  for (int i = 0; i < grid.num_cells(); ++i) {
    ASSERT_TRUE(grid.InBounds(grid.CellAt(i)));
    ASSERT_EQ(grid.Index(grid.CellAt(i)), i);
  }
}

TEST(HexGridTest, Distance) {
  EXPECT_EQ(HexDistance({0, 0}, {0, 0}), 0);
  EXPECT_EQ(HexDistance({0, 0}, {3, 0}), 3);
  EXPECT_EQ(HexDistance({0, 0}, {2, -1}), 2);
  EXPECT_EQ(HexDistance({0, 0}, {-2, 3}), 3);
  EXPECT_EQ(HexDistance({1, 2}, {-3, 2}), 4);
  EXPECT_EQ(HexGrid::Distance({4, -1}, {0, 1}), 4);
  for (Hex d : kHexDirections) EXPECT_EQ(HexDistance({0, 0}, d), 1);
}

TEST(HexGridTest, NeighboursInFixedOrder) {
  const HexGrid grid = Grid(5, 5);
  const Hex centre = HexGrid::FromOffset(2, 2);  // (1, 2)
  const FixedVector<Hex, 6> all = grid.Neighbours(centre);
  ASSERT_EQ(all.size(), 6);
  const Hexes expected{{2, 1}, {2, 2}, {1, 3}, {0, 3}, {0, 2}, {1, 1}};  // NE E SE SW W NW
  for (int i = 0; i < 6; ++i) EXPECT_EQ(all[i], expected[i]) << i;
  // The top-left corner has only E and SE; column 0 of an odd row has five.
  const FixedVector<Hex, 6> corner = grid.Neighbours({0, 0});
  ASSERT_EQ(corner.size(), 2);
  EXPECT_EQ(corner[0], (Hex{1, 0}));
  EXPECT_EQ(corner[1], (Hex{0, 1}));
  EXPECT_EQ(grid.Neighbours(HexGrid::FromOffset(0, 1)).size(), 5);
  EXPECT_EQ(grid.Neighbours(HexGrid::FromOffset(0, 2)).size(), 3);
}

TEST(HexGridTest, StraightRow) {
  const HexGrid grid = Grid(8, 6);
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {4, 0}), (Hexes{{1, 0}, {2, 0}, {3, 0}}));
  EXPECT_EQ(grid.CellsCrossed({4, 0}, {0, 0}), (Hexes{{3, 0}, {2, 0}, {1, 0}}));
  EXPECT_TRUE(grid.CellsCrossed({0, 0}, {1, 0}).empty());
  EXPECT_TRUE(grid.CellsCrossed({2, 2}, {2, 2}).empty());
  // Along a row the hexes above and below are not touched.
  EXPECT_FALSE(SegmentCrossesHex({0, 1}, {4, 1}, {1, 0}));
  EXPECT_FALSE(SegmentCrossesHex({0, 1}, {4, 1}, {0, 2}));
  // The three axial directions are all straight rows of hexes.
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {0, 3}), (Hexes{{0, 1}, {0, 2}}));
  EXPECT_EQ(grid.CellsCrossed({3, 0}, {0, 3}), (Hexes{{2, 1}, {1, 2}}));
}

TEST(HexGridTest, EndpointsCountAsCrossed) {
  EXPECT_TRUE(SegmentCrossesHex({0, 0}, {3, 1}, {0, 0}));
  EXPECT_TRUE(SegmentCrossesHex({0, 0}, {3, 1}, {3, 1}));
  EXPECT_TRUE(SegmentCrossesHex({2, 2}, {2, 2}, {2, 2}));
  EXPECT_FALSE(SegmentCrossesHex({2, 2}, {2, 2}, {2, 3}));
}

TEST(HexGridTest, LineAlongAnEdgeCrossesNeitherSide) {
  // (0,0) -> (1,1): q - r stays 0, exactly the edge between (1,0) and (0,1).
  const HexGrid grid = Grid(8, 6);
  EXPECT_TRUE(grid.CellsCrossed({0, 0}, {1, 1}).empty());
  EXPECT_FALSE(SegmentCrossesHex({0, 0}, {1, 1}, {1, 0}));
  EXPECT_FALSE(SegmentCrossesHex({0, 0}, {1, 1}, {0, 1}));
  // Twice as long: centre to vertex, one edge, through (1,1), one edge, vertex to centre.
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {2, 2}), (Hexes{{1, 1}}));
  for (Hex grazed : Hexes{{1, 0}, {0, 1}, {2, 1}, {1, 2}}) {
    EXPECT_FALSE(SegmentCrossesHex({0, 0}, {2, 2}, grazed));
  }
  // The other edge directions: (2,-1) runs between (1,0) and (1,-1); (-1,2) is straight
  // down the page, between (0,1) and (-1,1).
  EXPECT_TRUE(grid.CellsCrossed({0, 2}, {2, 1}).empty());
  EXPECT_EQ(grid.CellsCrossed({0, 2}, {4, 0}), (Hexes{{2, 1}}));
  EXPECT_TRUE(grid.CellsCrossed({2, 0}, {1, 2}).empty());
  EXPECT_EQ(grid.CellsCrossed({2, 0}, {0, 4}), (Hexes{{1, 2}}));
  // So two blockers side by side do not block a line along their shared edge.
  CellMask blockers;
  blockers.Set(grid.Index({1, 0}));
  blockers.Set(grid.Index({0, 1}));
  const std::vector<CellMask> clear = grid.ClearLines(blockers);
  EXPECT_TRUE(clear[grid.Index({0, 0})].Test(grid.Index({2, 2})));
  EXPECT_FALSE(clear[grid.Index({0, 0})].Test(grid.Index({2, 0})));  // through (1,0)
}

TEST(HexGridTest, LineThroughVerticesByHand) {
  // (0,0) -> (5,-1): q - r = 6t, q + 2r = 3t, 2q + r = 9t. It crosses (1,0) for t in
  // (1/9, 1/3), passes the vertex (5/3, -1/3) shared by (1,0), (2,0) and (2,-1), crosses
  // (2,0) for t in (1/3, 1/2), then mirror-symmetrically (3,-1) and (4,-1). The hexes (2,-1)
  // and (3,0) only touch the line at a vertex.
  const HexGrid grid = Grid(8, 6);
  const Hex from{0, 2};
  const Hex to{5, 1};
  const Hexes expected{{1, 2}, {2, 2}, {3, 1}, {4, 1}};
  EXPECT_EQ(grid.CellsCrossed(from, to), expected);
  EXPECT_EQ(grid.CellsCrossed(to, from), Reversed(expected));
  EXPECT_FALSE(SegmentCrossesHex(from, to, {2, 1}));
  EXPECT_FALSE(SegmentCrossesHex(from, to, {3, 2}));
  // (0,0) -> (3,1): q - r = 2t, q + 2r = 5t, 2q + r = 7t; no vertex on the way. It crosses
  // (1,0) for t in (1/7, 2/5), (1,1) in (2/5, 1/2), (2,0) in (1/2, 3/5), (2,1) in (3/5, 6/7).
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {3, 1}), (Hexes{{1, 0}, {1, 1}, {2, 0}, {2, 1}}));
}

// Every pair on a small map: the walk agrees with the slab test, stays on the map, and
// reversing the line reverses it.
void CheckWalkAgainstSlabTest(int width, int height) {
  const HexGrid grid = Grid(width, height);
  for (int a = 0; a < grid.num_cells(); ++a) {
    for (int b = 0; b < grid.num_cells(); ++b) {
      const Hex from = grid.CellAt(a);
      const Hex to = grid.CellAt(b);
      const Hexes walked = grid.CellsCrossed(from, to);
      Hexes tested;
      // Also the hexes just off the map: none may be crossed.
      for (int r = -2; r < height + 2; ++r) {
        for (int column = -2; column < width + 2; ++column) {
          const Hex h = HexGrid::FromOffset(column, r);
          if (h == from || h == to) continue;
          if (SegmentCrossesHex(from, to, h)) {
            EXPECT_TRUE(grid.InBounds(h)) << a << " " << b;
            tested.push_back(h);
          }
          EXPECT_EQ(SegmentCrossesHex(from, to, h), SegmentCrossesHex(to, from, h));
        }
      }
      ASSERT_EQ(walked.size(), tested.size()) << a << " " << b;
      for (Hex h : tested) {
        EXPECT_NE(std::find(walked.begin(), walked.end(), h), walked.end());
      }
      // Consecutive hexes (and the endpoints) are neighbours, or two apart across an edge.
      Hexes path = walked;
      path.insert(path.begin(), from);
      if (from != to) path.push_back(to);
      for (size_t i = 1; i < path.size(); ++i) {
        EXPECT_LE(HexDistance(path[i - 1], path[i]), 2);
      }
      EXPECT_EQ(grid.CellsCrossed(to, from), Reversed(walked));
    }
  }
}

TEST(HexGridTest, CellsCrossedAgreesWithSegmentCrossesHex) {
  CheckWalkAgainstSlabTest(6, 5);
  CheckWalkAgainstSlabTest(5, 6);
  // Thin and tiny maps, where the zigzag edges are closest.
  CheckWalkAgainstSlabTest(1, 7);
  CheckWalkAgainstSlabTest(7, 1);
  CheckWalkAgainstSlabTest(2, 2);
  CheckWalkAgainstSlabTest(3, 4);
}

TEST(HexGridTest, ClearLinesMatchesBruteForceAndIsSymmetric) {
  const HexGrid grid = Grid(9, 7);
  CellMask blockers;
  for (int index : {11, 12, 22, 31, 40, 41, 50}) blockers.Set(index);
  CheckClearLinesByBruteForce(grid, blockers, SegmentCrossesHex);
  const HexGrid narrow = Grid(4, 9);
  CellMask wall;
  for (int index : {5, 9, 13, 26}) wall.Set(index);
  CheckClearLinesByBruteForce(narrow, wall, SegmentCrossesHex);
  const HexGrid column = Grid(1, 8);
  CellMask middle;
  middle.Set(4);
  CheckClearLinesByBruteForce(column, middle, SegmentCrossesHex);
}

TEST(HexGridTest, ClearLinesOnLargeMap) {
  // 40 x 30 with a wall down column 20 but for one gap in row 14.
  const HexGrid grid = Grid(40, 30);
  CellMask blockers;
  for (int row = 0; row < 30; ++row) {
    if (row != 14) blockers.Set(grid.Index(HexGrid::FromOffset(20, row)));
  }
  const std::vector<CellMask> clear = grid.ClearLines(blockers);
  const int left = grid.Index(HexGrid::FromOffset(0, 14));
  EXPECT_TRUE(clear[left].Test(grid.Index(HexGrid::FromOffset(39, 14))));
  EXPECT_FALSE(clear[left].Test(grid.Index(HexGrid::FromOffset(39, 0))));
  EXPECT_TRUE(clear[left].Test(grid.Index(HexGrid::FromOffset(19, 0))));
  CheckClearLinesByBruteForce(grid, blockers, SegmentCrossesHex, 97);
}

TEST(HexGridTest, WithinDistance) {
  const HexGrid grid = Grid(9, 9);
  const Hex centre = HexGrid::FromOffset(4, 4);
  EXPECT_EQ(grid.WithinDistance(centre, 0).Count(), 1);
  EXPECT_EQ(grid.WithinDistance(centre, 1).Count(), 7);
  EXPECT_EQ(grid.WithinDistance(centre, 2).Count(), 19);
  EXPECT_EQ(grid.WithinDistance(centre, 3).Count(), 37);
  EXPECT_EQ(grid.WithinDistance(centre, -1).Count(), 0);
  EXPECT_EQ(grid.WithinDistance({0, 0}, 1).Count(), 3);  // itself, E and SE
  EXPECT_EQ(grid.WithinDistance(centre, 100).Count(), 81);
  const CellMask two = grid.WithinDistance(centre, 2);
  for (int i = 0; i < grid.num_cells(); ++i) {
    EXPECT_EQ(two.Test(i), HexDistance(centre, grid.CellAt(i)) <= 2);
  }
}

}  // namespace
}  // namespace sandtable
