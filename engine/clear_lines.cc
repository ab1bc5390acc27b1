#include "engine/clear_lines.h"

#include <algorithm>

namespace sandtable {

std::vector<CellMask> ClearLinesOnRows(
    int width, int height, int row_period, const CellMask& blockers,
    absl::FunctionRef<void(int from, int to, std::vector<int>& crossed)> walk) {
  std::vector<CellMask> clear(width * height);
  for (int a = 0; a < width * height; ++a) clear[a].Set(a);
  std::vector<int> crossed;
  std::vector<int> starts;
  // Only pairs later in index order: row offset >= 0, and column offset > 0 within a row.
  for (int row_offset = 0; row_offset < height; ++row_offset) {
    for (int phase = 0; phase < row_period; ++phase) {
      for (int column_offset = -(width - 1); column_offset < width; ++column_offset) {
        if (row_offset == 0 && column_offset <= 0) continue;
        starts.clear();
        for (int row = phase; row + row_offset < height; row += row_period) {
          for (int column = std::max(0, -column_offset);
               column < std::min(width, width - column_offset); ++column) {
            starts.push_back(row * width + column);
          }
        }
        if (starts.empty()) continue;
        const int end_delta = row_offset * width + column_offset;
        crossed.clear();
        walk(starts.front(), starts.front() + end_delta, crossed);
        for (int a : starts) {
          bool blocked = false;
          for (int delta : crossed) {
            if (blockers.Test(a + delta)) {
              blocked = true;
              break;
            }
          }
          if (blocked) continue;
          clear[a].Set(a + end_delta);
          clear[a + end_delta].Set(a);
        }
      }
    }
  }
  return clear;
}

}  // namespace sandtable
