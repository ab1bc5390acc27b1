#include "tools/board_look.h"

#include <algorithm>
#include <string>
#include <vector>

#include "tools/board_text.h"

namespace sandtable {
namespace {

bool InGrid(const BoardView& view, int cell) { return cell >= 0 && cell < view.num_cells(); }

int TerrainOf(const BoardView& view, int cell) {
  return static_cast<size_t>(cell) < view.terrain.size() ? view.terrain[cell] : 0;
}

}  // namespace

std::vector<CellLook> CellLooks(const BoardView& view) {
  std::vector<CellLook> cells(view.num_cells());
  for (int c = 0; c < view.num_cells(); ++c) {
    const size_t kind = TerrainOf(view, c);
    if (kind < view.terrain_kinds.size()) {
      cells[c] = {view.terrain_kinds[kind].glyph, view.terrain_kinds[kind].role};
    }
  }
  for (const BoardMarker& marker : view.markers) {
    if (!InGrid(view, marker.cell)) continue;
    cells[marker.cell] = {marker.glyph, marker.owner == kNeutralSide ? ColourRole::kObjective
                                                                     : SideRole(marker.owner)};
  }
  for (const BoardPiece& piece : view.pieces) {
    if (!InGrid(view, piece.cell)) continue;
    if (piece.unknown || piece.label.empty()) {
      cells[piece.cell] = {'?', ColourRole::kUnknown};
    } else {
      cells[piece.cell] = {piece.label[0], SideRole(piece.side)};
    }
  }
  return cells;
}

std::vector<LegendEntry> BoardLegend(const BoardView& view) {
  std::vector<LegendEntry> legend;
  if (view.num_cells() == 0) return legend;
  std::vector<bool> used(view.terrain_kinds.size(), false);
  for (int c = 0; c < view.num_cells(); ++c) {
    const size_t kind = TerrainOf(view, c);
    if (kind < used.size()) used[kind] = true;
  }
  for (size_t k = 0; k < view.terrain_kinds.size(); ++k) {
    const TerrainKind& kind = view.terrain_kinds[k];
    if (used[k]) legend.push_back({std::string(1, kind.glyph), kind.name, kind.role});
  }
  for (size_t k = 0; k < view.edge_kinds.size(); ++k) {
    const TerrainKind& kind = view.edge_kinds[k];
    if (std::none_of(view.edges.begin(), view.edges.end(),
                     [&](const BoardEdge& e) { return e.kind == k; })) {
      continue;
    }
    LegendEntry entry{std::string(1, kind.glyph), kind.name, kind.role};
    entry.is_edge = true;
    legend.push_back(entry);
  }
  std::vector<const BoardMarker*> seen;
  for (const BoardMarker& marker : view.markers) {
    const bool repeat = std::any_of(seen.begin(), seen.end(), [&](const BoardMarker* m) {
      return m->glyph == marker.glyph && m->name == marker.name && m->owner == marker.owner;
    });
    if (repeat || !InGrid(view, marker.cell)) continue;
    seen.push_back(&marker);
    LegendEntry entry{
        std::string(1, marker.glyph), marker.name,
        marker.owner == kNeutralSide ? ColourRole::kObjective : SideRole(marker.owner)};
    entry.side = marker.owner;
    entry.is_marker = true;
    legend.push_back(entry);
  }
  for (int side : {0, 1, kNeutralSide}) {
    std::string glyphs;
    bool any = false;
    for (const BoardPiece& piece : view.pieces) {
      if (piece.side != side || !InGrid(view, piece.cell)) continue;
      any = true;
      const char glyph = piece.unknown || piece.label.empty() ? '?' : piece.label[0];
      if (glyphs.find(glyph) != std::string::npos) continue;
      if (!glyphs.empty()) glyphs += ' ';
      glyphs += glyph;
    }
    if (!any) continue;
    LegendEntry entry{glyphs, side == kNeutralSide ? "neutral" : "player " + std::to_string(side),
                      SideRole(side)};
    entry.side = side;
    entry.is_side = true;
    legend.push_back(entry);
  }
  return legend;
}

}  // namespace sandtable
