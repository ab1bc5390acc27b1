#include "tools/board_text.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "tools/board_layout.h"
#include "tools/board_look.h"

namespace sandtable {
namespace {

std::string Paint(const BoardPainter& paint, ColourRole role, std::string_view text) {
  return paint ? paint(role, text) : std::string(text);
}

// Header lines of column numbers: the tens (every tenth column, when there are more than
// ten) and the ones, `step` characters per column, `indent` before the first.
std::string ColumnHeader(int width, int step, int indent) {
  std::string tens(indent, ' ');
  std::string ones(indent, ' ');
  for (int x = 0; x < width; ++x) {
    tens += x >= 10 && x % 10 == 0 ? static_cast<char>('0' + (x / 10) % 10) : ' ';
    ones += static_cast<char>('0' + x % 10);
    tens.append(step - 1, ' ');
    ones.append(step - 1, ' ');
  }
  while (!tens.empty() && tens.back() == ' ') tens.pop_back();
  while (!ones.empty() && ones.back() == ' ') ones.pop_back();
  return absl::StrCat(tens, tens.empty() ? "" : "\n", ones, "\n");
}

// The text of the edge between `cell` and its east (or south) neighbour: its kind's glyph,
// painted, or a space.
class EdgeGlyphs {
 public:
  explicit EdgeGlyphs(const BoardView& view) : view_(view), kinds_(2 * view.num_cells(), -1) {
    for (const BoardEdge& edge : view.edges) {
      if (edge.cell >= 0 && edge.cell < view.num_cells() && edge.kind < view.edge_kinds.size()) {
        kinds_[2 * edge.cell + (edge.south ? 1 : 0)] = edge.kind;
      }
    }
  }
  std::string Of(int cell, bool south, const BoardPainter& paint) const {
    const int kind = kinds_[2 * cell + (south ? 1 : 0)];
    if (kind < 0) return " ";
    return Paint(paint, view_.edge_kinds[kind].role, std::string(1, view_.edge_kinds[kind].glyph));
  }

 private:
  const BoardView& view_;
  std::vector<int> kinds_;
};

// A square board with edges (walls) spreads out: a column between neighbouring cells and a
// line between rows show the edges there.
std::string Grid(const BoardView& view, const BoardPainter& paint) {
  const std::vector<CellLook> cells = CellLooks(view);
  const bool hex = view.grid == GridKind::kHex;
  const bool spread = !hex && !view.edges.empty();
  const EdgeGlyphs edges(view);
  const int step = hex || spread ? 2 : 1;
  std::string out = ColumnHeader(view.width, step, 4);
  for (int y = 0; y < view.height; ++y) {
    std::string row = absl::StrFormat("%3d ", y);
    if (hex && HexRowShifted(y)) row += ' ';
    for (int x = 0; x < view.width; ++x) {
      const CellLook& look = cells[y * view.width + x];
      row += Paint(paint, look.role, std::string(1, look.glyph));
      if (hex && x + 1 < view.width) row += ' ';
      if (spread && x + 1 < view.width) row += edges.Of(y * view.width + x, false, paint);
    }
    absl::StrAppend(&out, row, hex && !HexRowShifted(y) ? "  " : " ", y, "\n");
    if (spread && y + 1 < view.height) {
      std::string between(4, ' ');
      for (int x = 0; x < view.width; ++x) {
        absl::StrAppend(&between, edges.Of(y * view.width + x, true, paint),
                        x + 1 < view.width ? " " : "");
      }
      while (!between.empty() && between.back() == ' ') between.pop_back();
      absl::StrAppend(&out, between, "\n");
    }
  }
  out += ColumnHeader(view.width, step, 4);
  return out;
}

}  // namespace

ColourRole SideRole(int side) {
  return side == 0 ? ColourRole::kSide0 : side == 1 ? ColourRole::kSide1 : ColourRole::kNeutral;
}

std::string SideName(int side) {
  return side == kNeutralSide ? std::string("Neutral") : absl::StrCat("Player ", side);
}

std::string CellText(const BoardView& view, int cell) {
  if (cell < 0 || view.width <= 0) return "";
  return absl::StrCat(cell % view.width, ",", cell / view.width);
}

std::string PieceText(const BoardView& view, const BoardPiece& piece) {
  const std::string where = CellText(view, piece.cell);
  if (piece.unknown) return absl::StrCat("?[", where, "]");
  std::vector<std::string> inside;
  if (!where.empty()) inside.push_back(where);
  if (!piece.status.empty()) inside.push_back(piece.status);
  return absl::StrCat(piece.label, piece.kind.empty() ? "" : "=", piece.kind, "[",
                      absl::StrJoin(inside, " "), "]");
}

std::string LineText(const BoardLine& line) {
  std::vector<std::string> items;
  for (const BoardItem& item : line.items) items.push_back(item.unknown ? "?" : item.text);
  if (line.label.empty()) return absl::StrJoin(items, " ");
  return absl::StrCat(line.label, ":", items.empty() ? "" : " ", absl::StrJoin(items, " "));
}

std::string BoardText(const BoardView& view, const BoardPainter& paint) {
  std::string out;
  if (view.num_cells() > 0) out += Grid(view, paint);
  for (const BoardLine& line : view.lines) {
    std::string text;
    if (!line.label.empty()) {
      text = absl::StrCat(Paint(paint, SideRole(line.side), line.label), ":");
    }
    for (const BoardItem& item : line.items) {
      if (!text.empty()) text += ' ';
      text += item.unknown ? Paint(paint, ColourRole::kUnknown, "?") : item.text;
    }
    absl::StrAppend(&out, text, "\n");
  }
  for (int side : {0, 1, kNeutralSide}) {
    std::string text;
    for (const BoardPiece& piece : view.pieces) {
      if (piece.side != side) continue;
      const std::string piece_text = PieceText(view, piece);
      // Colour the label only (the first character for an unknown piece's "?").
      const size_t label_size = piece.unknown ? 1 : piece.label.size();
      absl::StrAppend(&text, " ",
                      Paint(paint, piece.unknown ? ColourRole::kUnknown : SideRole(side),
                            piece_text.substr(0, label_size)),
                      piece_text.substr(label_size));
    }
    if (!text.empty())
      absl::StrAppend(&out, Paint(paint, SideRole(side), SideName(side)), ":", text, "\n");
  }
  const std::vector<LegendEntry> legend = BoardLegend(view);
  if (!legend.empty()) {
    out += "Legend:";
    for (const LegendEntry& entry : legend) {
      absl::StrAppend(&out, " ", Paint(paint, entry.role, entry.glyphs), " ", entry.name, " ");
    }
    out.pop_back();
    out += "\n";
  }
  return out;
}

}  // namespace sandtable
