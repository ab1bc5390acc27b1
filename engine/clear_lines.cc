#include "engine/clear_lines.h"

namespace sandtable {

ClearLinesBuilder::ClearLinesBuilder(int num_cells, const CellMask& blockers)
    : blockers_(blockers), clear_(num_cells) {
  for (int a = 0; a < num_cells; ++a) clear_[a].Set(a);
}

void ClearLinesBuilder::AddLines(std::span<const int> crossed, int end_delta,
                                 std::span<const int> starts) {
  for (int a : starts) {
    bool blocked = false;
    for (int delta : crossed) {
      if (blockers_.Test(a + delta)) {
        blocked = true;
        break;
      }
    }
    if (blocked) continue;
    const int b = a + end_delta;
    clear_[a].Set(b);
    clear_[b].Set(a);
  }
}

}  // namespace sandtable
