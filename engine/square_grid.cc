#include "engine/square_grid.h"

#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/clear_lines.h"

namespace sandtable {
namespace {

// Walks the cells the segment from the centre of `from` to the centre of `to` passes
// through, in order, calling visit(cell) for each one strictly between them; stops early
// when visit returns false. After k steps in x the walk leaves its column at
// t = (2k + 1) / (2 |dx|), and after m steps in y it leaves its row at
// t = (2m + 1) / (2 |dy|); whichever comes first is the next step, and a tie is an exact
// corner, stepped diagonally (the two cells beside the corner are only touched).
template <typename Visit>
void WalkSegment(Cell from, Cell to, Visit&& visit) {
  const int dx = to.x - from.x;
  const int dy = to.y - from.y;
  const int step_x = dx > 0 ? 1 : -1;
  const int step_y = dy > 0 ? 1 : -1;
  const int64_t abs_x = std::abs(dx);
  const int64_t abs_y = std::abs(dy);
  int64_t k = 0;  // steps taken in x
  int64_t m = 0;  // steps taken in y
  Cell cell = from;
  while (true) {
    bool move_x;
    bool move_y;
    if (abs_x == 0) {
      move_x = false;
      move_y = true;
    } else if (abs_y == 0) {
      move_x = true;
      move_y = false;
    } else {
      // Compare (2k+1)/(2|dx|) with (2m+1)/(2|dy|).
      const int64_t leave_x = (2 * k + 1) * abs_y;
      const int64_t leave_y = (2 * m + 1) * abs_x;
      move_x = leave_x <= leave_y;
      move_y = leave_y <= leave_x;
    }
    if (move_x) {
      cell.x += step_x;
      ++k;
    }
    if (move_y) {
      cell.y += step_y;
      ++m;
    }
    if (cell == to) return;
    if (!visit(cell)) return;
  }
}

}  // namespace

absl::StatusOr<SquareGrid> SquareGrid::Create(int width, int height) {
  if (absl::Status s = CheckGridSize(width, height, "grid"); !s.ok()) return s;
  return SquareGrid(width, height);
}

std::vector<Cell> SquareGrid::CellsCrossed(Cell from, Cell to) const {
  CHECK(InBounds(from) && InBounds(to));
  std::vector<Cell> cells;
  if (from == to) return cells;
  WalkSegment(from, to, [&](Cell c) {
    cells.push_back(c);
    return true;
  });
  return cells;
}

std::vector<CellMask> SquareGrid::ClearLines(const CellMask& blockers) const {
  return ClearLinesOnRows(width_, height_, 1, blockers,
                          [&](int from, int to, std::vector<int>& crossed) {
                            WalkSegment(CellAt(from), CellAt(to), [&](Cell c) {
                              crossed.push_back(Index(c) - from);
                              return true;
                            });
                          });
}

CellMask SquareGrid::WithinDistance(Cell c, int distance) const {
  CHECK(InBounds(c));
  CellMask mask;
  if (distance < 0) return mask;
  const int64_t limit = static_cast<int64_t>(distance) * distance;
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      if (DistanceSquared(c, Cell{x, y}) <= limit) mask.Set(Index(Cell{x, y}));
    }
  }
  return mask;
}

}  // namespace sandtable
