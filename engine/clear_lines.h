// The symmetric "who sees whom" table both grids build from their exact line walks. Both
// number their cells row by row in a width x height rectangle, and the cells a line crosses
// depend only on the (row, column) offset between its endpoints and, on a hex grid, on the
// start row modulo 2 (`row_period`): so each such class is walked once, as index deltas, and
// every pair of the class is decided by testing those deltas against the blocker mask.
#ifndef SANDTABLE_ENGINE_CLEAR_LINES_H_
#define SANDTABLE_ENGINE_CLEAR_LINES_H_

#include <vector>

#include "absl/functional/function_ref.h"
#include "engine/cell_mask.h"

namespace sandtable {

// walk(from, to, crossed) appends to `crossed` the index of every cell the line between the
// cell indices `from` and `to` crosses (endpoints excluded), minus `from`. For every cell a:
// the cells b whose line crosses no blocker; a itself included. Each unordered pair is
// decided once and set both ways, so the result is symmetric by construction.
std::vector<CellMask> ClearLinesOnRows(
    int width, int height, int row_period, const CellMask& blockers,
    absl::FunctionRef<void(int from, int to, std::vector<int>& crossed)> walk);

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_CLEAR_LINES_H_
