// The board description: what one viewer sees of a state, as plain data. A ruleset never
// draws; it fills a BoardView (DescribeBoard in engine/ruleset.h) and generic renderers
// (tools/board_text.h, tools/board_svg.h) turn it into a terminal board or an SVG picture.
// Whatever the viewer has not observed is marked unknown here, so no renderer can show it.
#ifndef SANDTABLE_ENGINE_BOARD_H_
#define SANDTABLE_ENGINE_BOARD_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sandtable {

// kNone: card and dice games, everything is in the text lines.
// kSquare: cell = row * width + column.
// kHex: pointy-top hexes stored row by row in an offset rectangle, cell = row * width +
// column; the renderers' hex layout decides which rows are shifted.
enum class GridKind : uint8_t { kNone, kSquare, kHex };

// What a colour means; each renderer picks its own colours for these roles.
enum class ColourRole : uint8_t {
  kPlain,      // default text
  kSide0,      // player 0's pieces and lines
  kSide1,      // player 1's
  kNeutral,    // pieces and markers of nobody
  kUnknown,    // what the viewer has not observed
  kGround,     // open terrain
  kHighlight,  // ground that matters (e.g. near an objective)
  kCover,      // terrain that hides
  kBlocking,   // terrain nothing crosses
  kObjective,  // markers worth points
};

// Side of a piece, marker or line: 0, 1, or nobody.
inline constexpr int kNeutralSide = -1;
// Cell of a piece that is not on the grid (in reserve, destroyed): listed, not drawn.
inline constexpr int kOffGrid = -1;

struct TerrainKind {
  std::string name;  // for the legend: "cover"
  char glyph = '.';  // one character per cell on the text board
  ColourRole role = ColourRole::kGround;
  friend bool operator==(const TerrainKind&, const TerrainKind&) = default;
};

// Terrain on the edge between two cells of a square grid (a wall): the edge between `cell`
// and its east neighbour, or its south neighbour when `south`; `kind` is an index into
// BoardView::edge_kinds.
struct BoardEdge {
  int cell = 0;
  bool south = false;
  uint8_t kind = 0;
  friend bool operator==(const BoardEdge&, const BoardEdge&) = default;
};

struct BoardPiece {
  int cell = kOffGrid;
  int side = kNeutralSide;
  std::string label;   // short, the first character stands for it on the text board: "R"
  std::string kind;    // what it is: "rifle_squad"
  std::string status;  // "4 models, 1 wounded", "not deployed"
  // Not observed by the viewer: drawn as "?" in its side's shape, kind and status left out.
  bool unknown = false;
  friend bool operator==(const BoardPiece&, const BoardPiece&) = default;
};

struct BoardMarker {
  int cell = 0;
  char glyph = '*';
  std::string name;  // for the legend: "strategic point"
  int owner = kNeutralSide;
  friend bool operator==(const BoardMarker&, const BoardMarker&) = default;
};

// One entry of a text line: a card, a die, a number. Unknown entries print as "?".
struct BoardItem {
  std::string text;
  bool unknown = false;
  friend bool operator==(const BoardItem&, const BoardItem&) = default;
};

// "label: item item ..." (or just the items when the label is empty).
struct BoardLine {
  std::string label;
  int side = kNeutralSide;
  std::vector<BoardItem> items;

  BoardLine& Add(std::string text) {
    items.push_back({std::move(text), false});
    return *this;
  }
  BoardLine& AddUnknown() {
    items.push_back({"", true});
    return *this;
  }
  friend bool operator==(const BoardLine&, const BoardLine&) = default;
};

struct BoardView {
  GridKind grid = GridKind::kNone;
  int width = 0;
  int height = 0;
  std::vector<TerrainKind> terrain_kinds;
  std::vector<uint8_t> terrain;  // per cell: an index into terrain_kinds (empty: all kind 0)
  // Walls and the like on the edges between cells (square grids; usually none).
  std::vector<TerrainKind> edge_kinds;
  std::vector<BoardEdge> edges;
  std::vector<BoardPiece> pieces;
  std::vector<BoardMarker> markers;
  std::vector<BoardLine> lines;  // round, score, hands: what is not on the grid

  BoardLine& AddLine(std::string label = "", int side = kNeutralSide) {
    lines.push_back({std::move(label), side, {}});
    return lines.back();
  }
  int num_cells() const { return grid == GridKind::kNone ? 0 : width * height; }
  friend bool operator==(const BoardView&, const BoardView&) = default;
};

// A board of one line of plain text (small test games).
inline BoardView TextBoard(std::string text) {
  BoardView view;
  view.AddLine().Add(std::move(text));
  return view;
}

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_BOARD_H_
