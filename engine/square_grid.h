// Square-grid geometry shared by the square-grid rulesets. Cells are unit squares; a unit stands at
// its cell's centre. Distances are Euclidean between centres; line of sight and straight moves run
// centre to centre, and a cell blocks them when the open segment passes through the cell's interior
// (touching a corner or running along an edge does not block). Everything is exact integer
// arithmetic; the per-scenario tables below are precomputed so the hot path does no geometry at
// all.
#ifndef SANDTABLE_ENGINE_SQUARE_GRID_H_
#define SANDTABLE_ENGINE_SQUARE_GRID_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/cell_mask.h"
#include "engine/check.h"

namespace sandtable {

struct Cell {
  int x = 0;  // column, 0 = left
  int y = 0;  // row, 0 = top
  friend bool operator==(Cell, Cell) = default;
};

// Squared Euclidean distance between the centres of two cells, in cells^2: "within r cells"
// is DistanceSquared(a, b) <= r * r.
constexpr int DistanceSquared(Cell a, Cell b) {
  const int dx = a.x - b.x;
  const int dy = a.y - b.y;
  return dx * dx + dy * dy;
}

// True when the open segment between the centres of `from` and `to` passes through the
// interior of `cell`. Symmetric in from/to. A cell equal to `from` or `to` counts as crossed
// (callers exclude the endpoints themselves). Inline: the hot path asks it per unit on a
// line of fire.
constexpr bool SegmentCrossesCell(Cell from, Cell to, Cell cell) {
  // Separating axes of the segment and the open cell: x, y and the segment's normal. On x
  // and y the cell's centre must lie within the segment's extent; on the normal, the
  // centre's distance from the line times |D| (the cross product) must be less than the
  // cell's half-width there, (|dx| + |dy|) / 2.
  if (cell.x < std::min(from.x, to.x) || cell.x > std::max(from.x, to.x) ||
      cell.y < std::min(from.y, to.y) || cell.y > std::max(from.y, to.y)) {
    return false;
  }
  const int64_t dx = to.x - from.x;
  const int64_t dy = to.y - from.y;
  if (dx == 0 && dy == 0) return true;  // a point: the cell is `from` itself
  const int64_t cross = dx * (cell.y - from.y) - dy * (cell.x - from.x);
  return 2 * (cross < 0 ? -cross : cross) < (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

// The edge between two orthogonally neighbouring cells, named by the west or north one of
// the two: `cell` and its east neighbour (kEast) or its south neighbour (kSouth). Every edge
// between two cells has exactly this one form.
struct CellEdge {
  enum class Side : uint8_t { kEast, kSouth };
  Cell cell;
  Side side = Side::kEast;
  friend bool operator==(CellEdge, CellEdge) = default;
};

// The edge between `a` and `b` when they are orthogonal neighbours (either order).
std::optional<CellEdge> EdgeBetween(Cell a, Cell b);

// True when the open segment between the centres of `from` and `to` crosses `edge` strictly
// between its two ends. Touching an end (a grid corner) does not cross, as touching a corner
// does not cross a cell; a centre-to-centre segment never runs along an edge.
bool SegmentCrossesEdge(Cell from, Cell to, CellEdge edge);

// True when the segment gets through the wall made of `edges` nowhere: it crosses one of
// them (SegmentCrossesEdge), or passes exactly through a grid corner where edges of the set
// end on both sides of it (the joint of a straight wall, or squeezing into the inside of an
// L). Passing the free end of a wall, or the outside of an L, does not cross.
bool SegmentCrossesEdges(Cell from, Cell to, std::span<const CellEdge> edges);

class SquareGrid {
 public:
  // width x height cells, each at least 1, at most kMaxCells in all.
  static absl::StatusOr<SquareGrid> Create(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  int num_cells() const { return width_ * height_; }
  bool InBounds(Cell c) const { return c.x >= 0 && c.y >= 0 && c.x < width_ && c.y < height_; }
  int Index(Cell c) const {
    DCHECK(InBounds(c));
    return c.y * width_ + c.x;
  }
  Cell CellAt(int index) const { return Cell{index % width_, index / width_}; }

  // The cells whose interior the segment from the centre of `from` to the centre of `to`
  // crosses, excluding `from` and `to`, ordered from `from` to `to`.
  std::vector<Cell> CellsCrossed(Cell from, Cell to) const;

  // For every cell a: the cells b such that the segment a-b crosses no cell of `blockers`
  // other than a and b themselves (so it is symmetric: b in result[a] iff a in result[b]).
  // Cells are included in their own entry.
  std::vector<CellMask> ClearLines(const CellMask& blockers) const;

  // The cells within `distance` (Euclidean, centre to centre) of `c`, `c` included.
  CellMask WithinDistance(Cell c, int distance) const;

 private:
  SquareGrid(int width, int height) : width_(width), height_(height) {}
  int width_;
  int height_;
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_SQUARE_GRID_H_
