#include "engine/square_grid.h"

#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

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
  if (width < 1 || height < 1 || width > kMaxCells || height > kMaxCells ||
      width * height > kMaxCells) {
    return absl::InvalidArgumentError(absl::StrCat("grid ", width, "x", height,
                                                   ": each side must be at least 1 and there "
                                                   "may be at most ",
                                                   kMaxCells, " cells"));
  }
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
  // The cells crossed depend only on the offset between the endpoints, so walk each offset
  // once, as index deltas, and reuse it for every pair. Only "forward" offsets (later in
  // index order) are walked; each unordered pair is decided once and set both ways, which
  // makes the result symmetric by construction.
  const int n = num_cells();
  std::vector<CellMask> clear(n);
  for (int a = 0; a < n; ++a) clear[a].Set(a);
  std::vector<int> deltas;
  for (int oy = 0; oy < height_; ++oy) {
    for (int ox = -(width_ - 1); ox < width_; ++ox) {
      if (oy == 0 && ox <= 0) continue;
      deltas.clear();
      // Walk from a corner that keeps the whole offset inside the grid.
      const Cell from{ox >= 0 ? 0 : -ox, 0};
      const Cell to{from.x + ox, oy};
      const int from_index = Index(from);
      WalkSegment(from, to, [&](Cell c) {
        deltas.push_back(Index(c) - from_index);
        return true;
      });
      // Every `a` whose column leaves room for the offset.
      const int x_begin = ox >= 0 ? 0 : -ox;
      const int x_end = ox >= 0 ? width_ - ox : width_;
      for (int ay = 0; ay + oy < height_; ++ay) {
        for (int ax = x_begin; ax < x_end; ++ax) {
          const int a = ay * width_ + ax;
          bool blocked = false;
          for (int delta : deltas) {
            if (blockers.Test(a + delta)) {
              blocked = true;
              break;
            }
          }
          if (blocked) continue;
          const int b = a + oy * width_ + ox;
          clear[a].Set(b);
          clear[b].Set(a);
        }
      }
    }
  }
  return clear;
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
