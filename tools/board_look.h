// What every renderer shows of a BoardView, decided once: the glyph and colour role of each
// cell (a piece over a marker over the terrain) and the legend's entries.
#ifndef SANDTABLE_TOOLS_BOARD_LOOK_H_
#define SANDTABLE_TOOLS_BOARD_LOOK_H_

#include <string>
#include <vector>

#include "engine/board.h"

namespace sandtable {

struct CellLook {
  char glyph = '.';
  ColourRole role = ColourRole::kGround;
};

// One per cell (row by row); empty for a board without a grid.
std::vector<CellLook> CellLooks(const BoardView& view);

// A legend line: the glyphs ("#", or a side's piece labels "R T B"), the name ("cover",
// "player 0") and the colour role. `side` is set for side entries (kNeutralSide otherwise)
// and `terrain` for terrain entries, so a picture can draw the matching shape or swatch.
struct LegendEntry {
  std::string glyphs;
  std::string name;
  ColourRole role = ColourRole::kPlain;
  int side = kNeutralSide;
  bool is_side = false;
  bool is_marker = false;
  bool is_edge = false;  // a kind of BoardView::edge_kinds: drawn as a line
};

// The terrain kinds that occur on the grid, the edge kinds on its edges, the distinct markers,
// then each side with
// pieces on the grid. Empty for a board without a grid.
std::vector<LegendEntry> BoardLegend(const BoardView& view);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_BOARD_LOOK_H_
