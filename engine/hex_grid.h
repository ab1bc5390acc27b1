// Hex-grid geometry for hex-map rulesets. Hexes are pointy-topped, in axial
// coordinates Hex{q, r} (cube s = -q - r): r is the row, counting down from 0 at the top, and
// q grows to the east. A map is an offset rectangle: every row holds `width` hexes, and odd
// rows sit half a hex to the right of even rows ("odd-r"), so column = q + floor(r / 2).
// Index numbers the hexes row by row, densely, so the same CellMask serves both grids.
// People read and write a hex as its offset pair "column,row" (docs/geometry.md); axial
// coordinates never appear in text.
//
// Lines run centre to centre, and a hex is crossed when the open segment meets its open
// interior: a line running exactly along an edge between two hexes, or through a vertex,
// crosses neither hex beside it. Everything is exact integer arithmetic (docs/geometry.md).
#ifndef SANDTABLE_ENGINE_HEX_GRID_H_
#define SANDTABLE_ENGINE_HEX_GRID_H_

#include <array>
#include <cstdlib>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/cell_mask.h"
#include "engine/check.h"
#include "engine/fixed_vector.h"

namespace sandtable {

struct Hex {
  int q = 0;  // axial column: east is +1
  int r = 0;  // row: south is +1
  friend bool operator==(Hex, Hex) = default;
};

// The number of hex steps between two hexes: (|dq| + |dr| + |ds|) / 2.
constexpr int HexDistance(Hex a, Hex b) {
  const int dq = a.q - b.q;
  const int dr = a.r - b.r;
  // Not std::abs: it is not constexpr in every standard library (clang's libstdc++ use).
  auto magnitude = [](int v) { return v < 0 ? -v : v; };
  return (magnitude(dq) + magnitude(dr) + magnitude(dq + dr)) / 2;
}

// The six neighbour directions, clockwise from north-east: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW.
// (A d6 "1-6 clockwise from north-east" is direction roll - 1.)
inline constexpr std::array<Hex, 6> kHexDirections = {Hex{1, -1}, Hex{1, 0},  Hex{0, 1},
                                                      Hex{-1, 1}, Hex{-1, 0}, Hex{0, -1}};

// True when the open segment between the centres of `from` and `to` meets the open interior
// of `cell`. Symmetric in from/to. A cell equal to `from` or `to` counts as crossed.
bool SegmentCrossesHex(Hex from, Hex to, Hex cell);

class HexGrid {
 public:
  // width hexes per row, height rows, each at least 1, at most kMaxCells hexes in all.
  static absl::StatusOr<HexGrid> Create(int width, int height);

  // The axial hex at map column `column` of row `row`, and back.
  static constexpr Hex FromOffset(int column, int row) { return Hex{column - (row >> 1), row}; }
  static constexpr int Column(Hex h) { return h.q + (h.r >> 1); }

  int width() const { return width_; }
  int height() const { return height_; }
  int num_cells() const { return width_ * height_; }
  bool InBounds(Hex h) const {
    const int column = Column(h);
    return h.r >= 0 && h.r < height_ && column >= 0 && column < width_;
  }
  int Index(Hex h) const {
    DCHECK(InBounds(h));
    return h.r * width_ + Column(h);
  }
  Hex CellAt(int index) const { return FromOffset(index % width_, index / width_); }

  static int Distance(Hex a, Hex b) { return HexDistance(a, b); }

  // The neighbours of `h` that are on the map, in kHexDirections order.
  FixedVector<Hex, 6> Neighbours(Hex h) const;

  // The hexes whose interior the segment from the centre of `from` to the centre of `to`
  // crosses, excluding `from` and `to`, ordered from `from` to `to`.
  std::vector<Hex> CellsCrossed(Hex from, Hex to) const;

  // For every hex a: the hexes b such that the segment a-b crosses no hex of `blockers`
  // other than a and b themselves (symmetric). Hexes are included in their own entry.
  std::vector<CellMask> ClearLines(const CellMask& blockers) const;

  // The hexes within `distance` steps of `h`, `h` included.
  CellMask WithinDistance(Hex h, int distance) const;

 private:
  HexGrid(int width, int height) : width_(width), height_(height) {}
  int width_;
  int height_;
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_HEX_GRID_H_
