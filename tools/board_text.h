// The text board: a BoardView drawn with one character per cell, coordinates around the
// grid, the text lines, each side's pieces and a legend. Plain text unless a painter adds
// colour (tools/terminal.h paints with ANSI codes by colour role).
#ifndef SANDTABLE_TOOLS_BOARD_TEXT_H_
#define SANDTABLE_TOOLS_BOARD_TEXT_H_

#include <functional>
#include <string>
#include <string_view>

#include "engine/board.h"

namespace sandtable {

// Returns `text` styled for `role`.
using BoardPainter = std::function<std::string(ColourRole role, std::string_view text)>;

// The board as lines of text, each ending in '\n'. `paint` (optional) styles each cell,
// label and legend entry by its colour role.
std::string BoardText(const BoardView& view, const BoardPainter& paint = nullptr);

// Pieces: "R=rifle_squad[3,7 4 models]" ("?[3,7]" when unknown). Cells: "3,7" (column,row).
std::string CellText(const BoardView& view, int cell);
std::string PieceText(const BoardView& view, const BoardPiece& piece);
// A text line without its side's colour: "Player 1: ? ?".
std::string LineText(const BoardLine& line);
// The colour role of a side (0, 1, kNeutralSide).
ColourRole SideRole(int side);
// "Player 0", "Player 1", "Neutral".
std::string SideName(int side);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_BOARD_TEXT_H_
