// The SVG picture of a BoardView: square or hex cells coloured by terrain, coordinates,
// markers, pieces told apart by colour and shape (player 0 circles, player 1 squares,
// neutral diamonds; unknown pieces grey "?"), a legend, then the text lines and piece
// lists. A board without a grid is drawn as panels of labelled boxes (cards, dice).
#ifndef SANDTABLE_TOOLS_BOARD_SVG_H_
#define SANDTABLE_TOOLS_BOARD_SVG_H_

#include <string>
#include <string_view>

#include "engine/board.h"

namespace sandtable {

// A standalone SVG document (valid XML, text escaped), ending in '\n'. `title`, when not
// empty, names the picture (the <title> element). With `cell_ids` every cell and piece on
// the grid carries data-cell="<index>", so a page can tell which cell was clicked.
std::string BoardSvg(const BoardView& view, std::string_view title = "", bool cell_ids = false);

// `text` with &, <, >, " and ' escaped, and control characters replaced by '?' (XML 1.0
// forbids most of them).
std::string XmlEscape(std::string_view text);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_BOARD_SVG_H_
