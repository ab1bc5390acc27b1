#include "engine/square_grid.h"

#include <algorithm>
#include <ostream>
#include <vector>

#include "gtest/gtest.h"
#include "tests/engine/grid_test_util.h"

namespace sandtable {

// GoogleTest finds this by argument-dependent lookup to print cells in failures.
void PrintTo(Cell c, std::ostream* os) { *os << "(" << c.x << "," << c.y << ")"; }

namespace {

using Cells = std::vector<Cell>;

SquareGrid Grid(int width, int height) { return MakeGrid<SquareGrid>(width, height); }

TEST(SquareGridTest, CreateRejectsBadSizes) {
  EXPECT_FALSE(SquareGrid::Create(0, 5).ok());
  EXPECT_FALSE(SquareGrid::Create(5, 0).ok());
  EXPECT_FALSE(SquareGrid::Create(-1, 5).ok());
  EXPECT_FALSE(SquareGrid::Create(kMaxCells + 1, 1).ok());
  EXPECT_FALSE(SquareGrid::Create(64, 33).ok());            // 2112 cells
  EXPECT_FALSE(SquareGrid::Create(1 << 20, 1 << 20).ok());  // would overflow int
  EXPECT_TRUE(SquareGrid::Create(64, 32).ok());             // exactly kMaxCells
  EXPECT_TRUE(SquareGrid::Create(1, 1).ok());
  const SquareGrid grid = Grid(48, 32);
  EXPECT_EQ(grid.num_cells(), 1536);
  EXPECT_EQ(grid.Index(Cell{3, 2}), 99);
  EXPECT_EQ(grid.CellAt(99), (Cell{3, 2}));
  EXPECT_FALSE(grid.InBounds(Cell{48, 0}));
  EXPECT_FALSE(grid.InBounds(Cell{0, -1}));
}

TEST(SquareGridTest, StraightRowCrossesOnlyItsOwnRow) {
  // Centre to centre along a row runs through the middle of the row, never along a grid
  // line: the cells above and below are not touched at all.
  const SquareGrid grid = Grid(8, 3);
  EXPECT_EQ(grid.CellsCrossed({1, 1}, {5, 1}), (Cells{{2, 1}, {3, 1}, {4, 1}}));
  EXPECT_EQ(grid.CellsCrossed({5, 1}, {1, 1}), (Cells{{4, 1}, {3, 1}, {2, 1}}));
  EXPECT_EQ(grid.CellsCrossed({2, 0}, {2, 2}), (Cells{{2, 1}}));
  EXPECT_FALSE(SegmentCrossesCell({1, 1}, {5, 1}, {3, 0}));
  EXPECT_FALSE(SegmentCrossesCell({1, 1}, {5, 1}, {3, 2}));
  EXPECT_FALSE(SegmentCrossesCell({1, 1}, {5, 1}, {6, 1}));  // beyond the end
  EXPECT_FALSE(SegmentCrossesCell({1, 1}, {5, 1}, {0, 1}));  // before the start
}

TEST(SquareGridTest, NeighboursCrossNothing) {
  const SquareGrid grid = Grid(4, 4);
  EXPECT_TRUE(grid.CellsCrossed({1, 1}, {2, 1}).empty());
  EXPECT_TRUE(grid.CellsCrossed({1, 1}, {2, 2}).empty());  // diagonal neighbour: corner only
  EXPECT_TRUE(grid.CellsCrossed({1, 1}, {1, 1}).empty());
  // The diagonal neighbours' shared corner is touched by the two other cells only.
  EXPECT_FALSE(SegmentCrossesCell({1, 1}, {2, 2}, {2, 1}));
  EXPECT_FALSE(SegmentCrossesCell({1, 1}, {2, 2}, {1, 2}));
}

TEST(SquareGridTest, EndpointsCountAsCrossed) {
  EXPECT_TRUE(SegmentCrossesCell({0, 0}, {3, 1}, {0, 0}));
  EXPECT_TRUE(SegmentCrossesCell({0, 0}, {3, 1}, {3, 1}));
  EXPECT_TRUE(SegmentCrossesCell({2, 2}, {2, 2}, {2, 2}));
  EXPECT_FALSE(SegmentCrossesCell({2, 2}, {2, 2}, {2, 3}));
}

TEST(SquareGridTest, ExactDiagonalGoesCornerToCorner) {
  // (0.5,0.5) -> (3.5,3.5) passes exactly through the corners (1,1), (2,2), (3,3): only the
  // diagonal cells are crossed; the cells beside each corner are merely touched.
  const SquareGrid grid = Grid(5, 5);
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {3, 3}), (Cells{{1, 1}, {2, 2}}));
  EXPECT_EQ(grid.CellsCrossed({3, 0}, {0, 3}), (Cells{{2, 1}, {1, 2}}));
  for (Cell grazed : Cells{{1, 0}, {0, 1}, {2, 1}, {1, 2}, {3, 2}, {2, 3}}) {
    EXPECT_FALSE(SegmentCrossesCell({0, 0}, {3, 3}, grazed)) << grazed.x << "," << grazed.y;
  }
  // So a blocker beside the corner leaves the diagonal clear.
  CellMask blockers;
  blockers.Set(grid.Index({1, 0}));
  blockers.Set(grid.Index({0, 1}));
  const std::vector<CellMask> clear = grid.ClearLines(blockers);
  EXPECT_TRUE(clear[grid.Index({0, 0})].Test(grid.Index({3, 3})));
  EXPECT_TRUE(clear[grid.Index({0, 0})].Test(grid.Index({1, 1})));
}

TEST(SquareGridTest, KnightSlopeByHand) {
  // (0.5,0.5) -> (2.5,1.5): y = 0.5 + (x - 0.5) / 2 reaches the row line y = 1 at x = 1.5,
  // in the middle of column 1: cells (1,0) then (1,1).
  const SquareGrid grid = Grid(6, 6);
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {2, 1}), (Cells{{1, 0}, {1, 1}}));
  EXPECT_EQ(grid.CellsCrossed({2, 1}, {0, 0}), (Cells{{1, 1}, {1, 0}}));
  // Transposed: (0.5,0.5) -> (1.5,2.5).
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {1, 2}), (Cells{{0, 1}, {1, 1}}));
}

TEST(SquareGridTest, ShallowSlopeByHand) {
  // (0.5,0.5) -> (5.5,2.5): y = 0.5 + 0.4 (x - 0.5). Column lines x = 1..5 are met at
  // y = 0.7, 1.1, 1.5, 1.9, 2.3; row lines y = 1 and y = 2 at x = 1.75 and x = 4.25.
  // So: (1,0) until x = 1.75, (1,1), (2,1), (3,1), (4,1) until x = 4.25, (4,2).
  const SquareGrid grid = Grid(8, 4);
  const Cells expected{{1, 0}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {4, 2}};
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {5, 2}), expected);
  EXPECT_EQ(grid.CellsCrossed({5, 2}, {0, 0}), Reversed(expected));
  // Mirrored left-right: (7.5,0.5) -> (2.5,2.5) crosses the mirror images.
  Cells mirrored;
  for (Cell c : expected) mirrored.push_back(Cell{7 - c.x, c.y});
  EXPECT_EQ(grid.CellsCrossed({7, 0}, {2, 2}), mirrored);
}

TEST(SquareGridTest, SteepSlopeByHand) {
  // (0.5,0.5) -> (2.5,4.5): x = 0.5 + (y - 0.5) / 2. Row lines y = 1..4 are met at
  // x = 0.75, 1.25, 1.75, 2.25 and column lines x = 1, 2 at y = 1.5, 3.5.
  const SquareGrid grid = Grid(4, 6);
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {2, 4}), (Cells{{0, 1}, {1, 1}, {1, 2}, {1, 3}, {2, 3}}));
}

TEST(SquareGridTest, SlopeThroughExactCorners) {
  // (0.5,0.5) -> (3.5,1.5): y = 0.5 + (x - 0.5) / 3 meets x = 1 at y = 2/3, then the exact
  // corner (2,1), then x = 3 at y = 4/3. The cells beside the corner, (1,1) and (2,0), are
  // only touched.
  const SquareGrid grid = Grid(10, 4);
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {3, 1}), (Cells{{1, 0}, {2, 1}}));
  EXPECT_FALSE(SegmentCrossesCell({0, 0}, {3, 1}, {1, 1}));
  EXPECT_FALSE(SegmentCrossesCell({0, 0}, {3, 1}, {2, 0}));
  // Three times as long: corners (2,1), (5,2) and (8,3).
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {9, 3}),
            (Cells{{1, 0}, {2, 1}, {3, 1}, {4, 1}, {5, 2}, {6, 2}, {7, 2}, {8, 3}}));
  // A blocker beside a corner does not block; one on the line does.
  CellMask beside;
  beside.Set(grid.Index({1, 1}));
  beside.Set(grid.Index({4, 2}));
  EXPECT_TRUE(grid.ClearLines(beside)[grid.Index({0, 0})].Test(grid.Index({9, 3})));
  CellMask on_line;
  on_line.Set(grid.Index({5, 2}));
  EXPECT_FALSE(grid.ClearLines(on_line)[grid.Index({0, 0})].Test(grid.Index({9, 3})));
}

TEST(SquareGridTest, LongLines) {
  // (0.5,0.5) -> (6.5,3.5): y = 0.5 + (x - 0.5) / 2; column lines x = 1..6 at y = 0.75,
  // 1.25, 1.75, 2.25, 2.75, 3.25 and row lines y = 1..3 at x = 1.5, 3.5, 5.5: no corner.
  const SquareGrid grid = Grid(48, 32);
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {6, 3}),
            (Cells{{1, 0}, {1, 1}, {2, 1}, {3, 1}, {3, 2}, {4, 2}, {5, 2}, {5, 3}}));
  // Exact diagonals across the board: one cell per step, corner to corner.
  Cells diagonal;
  for (int i = 1; i < 30; ++i) diagonal.push_back(Cell{i, i});
  EXPECT_EQ(grid.CellsCrossed({0, 0}, {30, 30}), diagonal);
  Cells anti;
  for (int i = 1; i < 31; ++i) anti.push_back(Cell{47 - i, i});
  EXPECT_EQ(grid.CellsCrossed({47, 0}, {16, 31}), anti);
  // Corner to corner of the whole board: 47 column lines and 31 row lines to cross, but the
  // midpoint (24, 16) is an exact corner where both are crossed in one diagonal step, so 77
  // steps, the last of which lands on the end cell: 76 cells between the endpoints.
  const Cells across = grid.CellsCrossed({0, 0}, {47, 31});
  ASSERT_EQ(across.size(), 76u);
  EXPECT_EQ(across[37], (Cell{23, 15}));
  EXPECT_EQ(across[38], (Cell{24, 16}));
}

TEST(SquareGridTest, CellsCrossedAgreesWithSegmentCrossesCell) {
  // Exhaustive on a small grid: the walk and the slab test agree, and the walk is ordered
  // (reversing the segment reverses it).
  const SquareGrid grid = Grid(7, 5);
  for (int a = 0; a < grid.num_cells(); ++a) {
    for (int b = 0; b < grid.num_cells(); ++b) {
      const Cell from = grid.CellAt(a);
      const Cell to = grid.CellAt(b);
      const Cells walked = grid.CellsCrossed(from, to);
      Cells tested;
      for (int c = 0; c < grid.num_cells(); ++c) {
        const Cell cell = grid.CellAt(c);
        if (cell == from || cell == to) continue;
        if (SegmentCrossesCell(from, to, cell)) {
          tested.push_back(cell);
        }
        EXPECT_EQ(SegmentCrossesCell(from, to, cell), SegmentCrossesCell(to, from, cell));
      }
      ASSERT_EQ(walked.size(), tested.size()) << a << " " << b;
      for (Cell c : tested) {
        EXPECT_NE(std::find(walked.begin(), walked.end(), c), walked.end());
      }
      EXPECT_EQ(grid.CellsCrossed(to, from), Reversed(walked));
    }
  }
}

TEST(SquareGridTest, BlockerOnTheLineBlocksBothWays) {
  const SquareGrid grid = Grid(8, 4);
  CellMask blockers;
  blockers.Set(grid.Index({3, 1}));  // on the line (0,0) -> (5,2)
  const std::vector<CellMask> clear = grid.ClearLines(blockers);
  const int a = grid.Index({0, 0});
  const int b = grid.Index({5, 2});
  EXPECT_FALSE(clear[a].Test(b));
  EXPECT_FALSE(clear[b].Test(a));
  // The blocker itself is visible (it blocks only what lies beyond it) and sees out.
  const int blocker = grid.Index({3, 1});
  EXPECT_TRUE(clear[a].Test(blocker));
  EXPECT_TRUE(clear[blocker].Test(a));
  EXPECT_TRUE(clear[blocker].Test(b));
  // (0,0) -> (6,3) also crosses (3,1) (see LongLines); (0,0) -> (7,0) along row 0 does not.
  EXPECT_FALSE(clear[a].Test(grid.Index({6, 3})));
  EXPECT_TRUE(clear[a].Test(grid.Index({7, 0})));
  EXPECT_TRUE(clear[a].Test(a));
}

TEST(SquareGridTest, ClearLinesMatchesBruteForceAndIsSymmetric) {
  const SquareGrid grid = Grid(9, 6);
  CellMask blockers;
  for (Cell c : Cells{{2, 1}, {4, 4}, {5, 2}, {7, 3}, {1, 4}}) blockers.Set(grid.Index(c));
  CheckClearLinesByBruteForce(grid, blockers, SegmentCrossesCell);
}

TEST(SquareGridTest, ClearLinesOnFullSizeGrid) {
  // 48 x 32 with a wall across the middle and a gap: runs in well under a second.
  const SquareGrid grid = Grid(48, 32);
  CellMask blockers;
  for (int y = 0; y < 32; ++y) {
    if (y != 15) blockers.Set(grid.Index({24, y}));
  }
  const std::vector<CellMask> clear = grid.ClearLines(blockers);
  const int left = grid.Index({0, 15});
  EXPECT_TRUE(clear[left].Test(grid.Index({47, 15})));  // straight through the gap
  EXPECT_FALSE(clear[left].Test(grid.Index({47, 0})));  // through the wall
  EXPECT_TRUE(clear[left].Test(grid.Index({23, 0})));   // same side
  // Sampled rows against the slab test, and symmetry.
  CheckClearLinesByBruteForce(grid, blockers, SegmentCrossesCell, 37);
}

TEST(SquareGridTest, WithinDistance) {
  const SquareGrid grid = Grid(10, 10);
  const CellMask zero = grid.WithinDistance({4, 4}, 0);
  EXPECT_EQ(zero.Count(), 1);
  EXPECT_TRUE(zero.Test(grid.Index({4, 4})));
  // Radius 1: the four orthogonal neighbours, not the diagonals (distance sqrt 2).
  const CellMask one = grid.WithinDistance({4, 4}, 1);
  EXPECT_EQ(one.Count(), 5);
  EXPECT_FALSE(one.Test(grid.Index({5, 5})));
  // Radius 2: dx^2 + dy^2 <= 4 gives 13 cells; clipped at a corner it gives 6.
  EXPECT_EQ(grid.WithinDistance({4, 4}, 2).Count(), 13);
  EXPECT_EQ(grid.WithinDistance({0, 0}, 2).Count(), 6);
  // Radius 5 includes (3,4) offsets exactly on the circle.
  const CellMask five = grid.WithinDistance({0, 0}, 5);
  EXPECT_TRUE(five.Test(grid.Index({3, 4})));
  EXPECT_FALSE(five.Test(grid.Index({4, 4})));
  EXPECT_EQ(grid.WithinDistance({5, 5}, 100).Count(), 100);
}

}  // namespace
}  // namespace sandtable
