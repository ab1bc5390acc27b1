#include "engine/hex_grid.h"

#include <cstdint>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/clear_lines.h"
#include "engine/segment_interval.h"

namespace sandtable {
namespace {

// A hex's open interior is where all three of q - r, q + 2r and 2q + r lie strictly within
// 1 of their values at its centre: the six edges lie on those six lines (the vertices are
// at the centroids of three mutually adjacent centres, e.g. (2/3, -1/3)). Axial coordinates
// are an affine image of the plane, and crossing an open interior is affine-invariant, so
// the test needs no square roots.
constexpr int kSlabs = 3;
constexpr int SlabValue(int slab, int q, int r) {
  return slab == 0 ? q - r : slab == 1 ? q + 2 * r : 2 * q + r;
}

// The interval of t where the segment from `from` to `to` is inside `cell`.
SegmentInterval HexInterval(Hex from, Hex to, Hex cell) {
  SegmentInterval t;
  for (int slab = 0; slab < kSlabs; ++slab) {
    const int start = SlabValue(slab, from.q, from.r);
    const int delta = SlabValue(slab, to.q - from.q, to.r - from.r);
    const int centre = SlabValue(slab, cell.q, cell.r);
    if (!t.Narrow(start, delta, centre - 1, centre + 1)) break;
  }
  return t;
}

// The hexes within two steps of a hex, itself excluded.
constexpr std::array<Hex, 18> kNearOffsets = [] {
  std::array<Hex, 18> offsets{};
  int n = 0;
  for (int dq = -2; dq <= 2; ++dq) {
    for (int dr = -2; dr <= 2; ++dr) {
      const int distance = HexDistance(Hex{0, 0}, Hex{dq, dr});
      if (distance == 1 || distance == 2) offsets[n++] = Hex{dq, dr};
    }
  }
  return offsets;
}();

// Walks the hexes the segment crosses, in order, calling visit(hex) for each one strictly
// between the endpoints. The crossed hexes' open intervals of t are disjoint, so the next
// one is the hex whose interval starts first at or after the current one ends. It is never
// more than two steps away: the segment leaves a hex into a neighbour, or through a vertex
// into a neighbour, or runs along one edge (crossing neither hex beside it) into the hex
// two steps away beyond that edge.
template <typename Visit>
void WalkSegment(Hex from, Hex to, Visit&& visit) {
  Hex current = from;
  Fraction leave = HexInterval(from, to, from).hi();
  while (true) {
    std::optional<Hex> next;
    Fraction next_enter{0, 1};
    for (Hex offset : kNearOffsets) {
      const Hex candidate{current.q + offset.q, current.r + offset.r};
      const SegmentInterval t = HexInterval(from, to, candidate);
      if (t.Empty() || Less(t.lo(), leave)) continue;
      if (!next.has_value() || Less(t.lo(), next_enter)) {
        next = candidate;
        next_enter = t.lo();
      }
    }
    CHECK(next.has_value());
    if (*next == to) return;
    visit(*next);
    current = *next;
    leave = HexInterval(from, to, current).hi();
  }
}

}  // namespace

bool SegmentCrossesHex(Hex from, Hex to, Hex cell) { return !HexInterval(from, to, cell).Empty(); }

absl::StatusOr<HexGrid> HexGrid::Create(int width, int height) {
  if (absl::Status s = CheckGridSize(width, height, "hex grid"); !s.ok()) return s;
  return HexGrid(width, height);
}

FixedVector<Hex, 6> HexGrid::Neighbours(Hex h) const {
  FixedVector<Hex, 6> result;
  for (Hex d : kHexDirections) {
    const Hex n{h.q + d.q, h.r + d.r};
    if (InBounds(n)) result.push_back(n);
  }
  return result;
}

std::vector<Hex> HexGrid::CellsCrossed(Hex from, Hex to) const {
  CHECK(InBounds(from) && InBounds(to));
  std::vector<Hex> cells;
  if (from == to) return cells;
  WalkSegment(from, to, [&](Hex h) { cells.push_back(h); });
  return cells;
}

std::vector<CellMask> HexGrid::ClearLines(const CellMask& blockers) const {
  // In map coordinates the axial offset of a (row, column) offset depends on the parity of
  // the start row, hence period 2. The segment stays inside the convex hull of the map's
  // centres, and every hex meeting that hull's interior is on the map, so Index is safe.
  return ClearLinesOnRows(
      width_, height_, 2, blockers, [&](int from, int to, std::vector<int>& crossed) {
        WalkSegment(CellAt(from), CellAt(to), [&](Hex h) { crossed.push_back(Index(h) - from); });
      });
}

CellMask HexGrid::WithinDistance(Hex h, int distance) const {
  CHECK(InBounds(h));
  CellMask mask;
  for (int index = 0; index < num_cells(); ++index) {
    if (HexDistance(h, CellAt(index)) <= distance) mask.Set(index);
  }
  return mask;
}

}  // namespace sandtable
