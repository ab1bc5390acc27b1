// Test helpers shared by the square-grid, hex-grid and reachability tests.
#ifndef SANDTABLE_TESTS_ENGINE_GRID_TEST_UTIL_H_
#define SANDTABLE_TESTS_ENGINE_GRID_TEST_UTIL_H_

#include <vector>

#include "engine/cell_mask.h"
#include "engine/check.h"
#include "gtest/gtest.h"

namespace sandtable {

// A grid of a size the test knows to be valid.
template <typename Grid>
Grid MakeGrid(int width, int height) {
  auto grid = Grid::Create(width, height);
  CHECK(grid.ok());
  return *grid;
}

template <typename T>
std::vector<T> Reversed(const std::vector<T>& items) {
  return std::vector<T>(items.rbegin(), items.rend());
}

// Checks grid.ClearLines(blockers) for the starts 0, step, 2 step, ... against every blocker
// tested with crosses(from, to, cell), the grid's slab test, and checks that it is symmetric.
template <typename Grid, typename Crosses>
void CheckClearLinesByBruteForce(const Grid& grid, const CellMask& blockers, Crosses crosses,
                                 int step = 1) {
  const std::vector<CellMask> clear = grid.ClearLines(blockers);
  ASSERT_EQ(static_cast<int>(clear.size()), grid.num_cells());
  for (int a = 0; a < grid.num_cells(); a += step) {
    EXPECT_TRUE(clear[a].Test(a));
    for (int b = 0; b < grid.num_cells(); ++b) {
      bool expected = true;
      blockers.ForEach([&](int c) {
        if (c != a && c != b && crosses(grid.CellAt(a), grid.CellAt(b), grid.CellAt(c))) {
          expected = false;
        }
      });
      ASSERT_EQ(clear[a].Test(b), expected) << a << " " << b;
      ASSERT_EQ(clear[a].Test(b), clear[b].Test(a));
    }
  }
}

}  // namespace sandtable

#endif  // SANDTABLE_TESTS_ENGINE_GRID_TEST_UTIL_H_
