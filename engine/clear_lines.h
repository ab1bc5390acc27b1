// The symmetric "who sees whom" table both grids build from their exact line walks. The cells
// a line crosses depend only on the offset between its endpoints (on a hex grid, also on the
// parity of the start row), so a grid walks each such class once, as index deltas, and hands
// it here with every start cell of the class; each pair is then decided by testing those
// deltas against the blocker mask.
#ifndef SANDTABLE_ENGINE_CLEAR_LINES_H_
#define SANDTABLE_ENGINE_CLEAR_LINES_H_

#include <span>
#include <vector>

#include "engine/cell_mask.h"

namespace sandtable {

class ClearLinesBuilder {
 public:
  // Every cell sees itself.
  ClearLinesBuilder(int num_cells, const CellMask& blockers);

  // For every a in `starts`: a and a + end_delta see each other unless a + d is a blocker for
  // some d in `crossed`. Both directions are set at once, so the table is symmetric as long
  // as the grid hands each unordered pair over once.
  void AddLines(std::span<const int> crossed, int end_delta, std::span<const int> starts);

  std::vector<CellMask> Take() && { return std::move(clear_); }

 private:
  const CellMask& blockers_;
  std::vector<CellMask> clear_;
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_CLEAR_LINES_H_
