#include "engine/square_grid.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/clear_lines.h"

namespace sandtable {
namespace {

// Walks the cells the segment from the centre of `from` to the centre of `to` passes
// through, in order, calling visit(cell) for each one strictly between them; stops early
// when visit returns false. After k steps in x the walk leaves its column at
// t = (2k + 1) / (2 |dx|), and after m steps in y it leaves its row at
// t = (2m + 1) / (2 |dy|); whichever comes first is the next step, and a tie is an exact
// corner, stepped diagonally (the two cells beside the corner are only touched).
template <typename Visit>
void WalkSegment(Cell from, Cell to, Visit&& visit) {
  const int dx = to.x - from.x;
  const int dy = to.y - from.y;
  const int step_x = dx > 0 ? 1 : -1;
  const int step_y = dy > 0 ? 1 : -1;
  const int64_t abs_x = std::abs(dx);
  const int64_t abs_y = std::abs(dy);
  int64_t k = 0;  // steps taken in x
  int64_t m = 0;  // steps taken in y
  Cell cell = from;
  while (true) {
    bool move_x;
    bool move_y;
    if (abs_x == 0) {
      move_x = false;
      move_y = true;
    } else if (abs_y == 0) {
      move_x = true;
      move_y = false;
    } else {
      // Compare (2k+1)/(2|dx|) with (2m+1)/(2|dy|).
      const int64_t leave_x = (2 * k + 1) * abs_y;
      const int64_t leave_y = (2 * m + 1) * abs_x;
      move_x = leave_x <= leave_y;
      move_y = leave_y <= leave_x;
    }
    if (move_x) {
      cell.x += step_x;
      ++k;
    }
    if (move_y) {
      cell.y += step_y;
      ++m;
    }
    if (cell == to) return;
    if (!visit(cell)) return;
  }
}

// Where a segment meets an edge, in doubled coordinates (cell centres odd, grid lines even).
enum class Meeting { kNone, kCrosses, kAtLowEnd, kAtHighEnd };

// The segment from `a` to `b` against the edge on the line u = `line` from v = `low` to
// v = `low` + 2, with u and v the segment's coordinates across and along that line.
Meeting MeetEdge(int64_t a_u, int64_t a_v, int64_t b_u, int64_t b_v, int64_t line, int64_t low) {
  // Centres are odd and grid lines even: both ends lie strictly on one side or the other.
  if ((a_u < line) == (b_u < line)) return Meeting::kNone;
  // The crossing at v = a_v + (b_v - a_v) (line - a_u) / (b_u - a_u); compare v * du
  // (with du > 0 after flipping the sign) against the edge's ends.
  int64_t du = b_u - a_u;
  int64_t v = a_v * du + (b_v - a_v) * (line - a_u);
  if (du < 0) {
    du = -du;
    v = -v;
  }
  const int64_t high = low + 2;
  if (v == low * du) return Meeting::kAtLowEnd;
  if (v == high * du) return Meeting::kAtHighEnd;
  return v > low * du && v < high * du ? Meeting::kCrosses : Meeting::kNone;
}

struct EdgeMeeting {
  Meeting meeting = Meeting::kNone;
  int64_t corner_x = 0, corner_y = 0;  // the end met (doubled), for kAtLowEnd / kAtHighEnd
  int side = 0;                        // which side of the segment the edge lies on there
};

EdgeMeeting Meet(Cell from, Cell to, CellEdge edge) {
  const int64_t ax = 2 * from.x + 1, ay = 2 * from.y + 1, bx = 2 * to.x + 1, by = 2 * to.y + 1;
  const bool east = edge.side == CellEdge::Side::kEast;
  // An east edge lies on x = 2 (cell.x + 1) from y = 2 cell.y; a south edge on
  // y = 2 (cell.y + 1) from x = 2 cell.x.
  EdgeMeeting m;
  m.meeting = east ? MeetEdge(ax, ay, bx, by, 2 * edge.cell.x + 2, 2 * edge.cell.y)
                   : MeetEdge(ay, ax, by, bx, 2 * edge.cell.y + 2, 2 * edge.cell.x);
  if (m.meeting != Meeting::kAtLowEnd && m.meeting != Meeting::kAtHighEnd) return m;
  const bool low = m.meeting == Meeting::kAtLowEnd;
  // The end met, and the edge's direction away from it.
  const int64_t along = low ? 1 : -1;
  m.corner_x = east ? 2 * edge.cell.x + 2 : 2 * edge.cell.x + (low ? 0 : 2);
  m.corner_y = east ? 2 * edge.cell.y + (low ? 0 : 2) : 2 * edge.cell.y + 2;
  const int64_t ex = east ? 0 : along, ey = east ? along : 0;
  // Never 0: through a corner the segment's direction has two odd parts.
  const int64_t cross = (bx - ax) * ey - (by - ay) * ex;
  m.side = cross > 0 ? 1 : -1;
  return m;
}

}  // namespace

std::optional<CellEdge> EdgeBetween(Cell a, Cell b) {
  if (a.y == b.y && std::abs(a.x - b.x) == 1) {
    return CellEdge{Cell{std::min(a.x, b.x), a.y}, CellEdge::Side::kEast};
  }
  if (a.x == b.x && std::abs(a.y - b.y) == 1) {
    return CellEdge{Cell{a.x, std::min(a.y, b.y)}, CellEdge::Side::kSouth};
  }
  return std::nullopt;
}

bool SegmentCrossesEdge(Cell from, Cell to, CellEdge edge) {
  return Meet(from, to, edge).meeting == Meeting::kCrosses;
}

bool SegmentCrossesEdges(Cell from, Cell to, std::span<const CellEdge> edges) {
  // The corners passed with an edge ending there, and on which sides of the segment.
  struct Touch {
    int64_t x, y;
    int sides;  // bit 0: an edge on side -1, bit 1: on side +1
  };
  std::vector<Touch> touches;
  for (const CellEdge& edge : edges) {
    const EdgeMeeting m = Meet(from, to, edge);
    if (m.meeting == Meeting::kCrosses) return true;
    if (m.meeting == Meeting::kNone) continue;
    const int bit = m.side > 0 ? 2 : 1;
    auto it = std::find_if(touches.begin(), touches.end(),
                           [&](const Touch& t) { return t.x == m.corner_x && t.y == m.corner_y; });
    if (it == touches.end()) {
      touches.push_back({m.corner_x, m.corner_y, bit});
    } else if ((it->sides |= bit) == 3) {
      return true;
    }
  }
  return false;
}

absl::StatusOr<SquareGrid> SquareGrid::Create(int width, int height) {
  if (absl::Status s = CheckGridSize(width, height, "grid"); !s.ok()) return s;
  return SquareGrid(width, height);
}

std::vector<Cell> SquareGrid::CellsCrossed(Cell from, Cell to) const {
  CHECK(InBounds(from) && InBounds(to));
  std::vector<Cell> cells;
  if (from == to) return cells;
  WalkSegment(from, to, [&](Cell c) {
    cells.push_back(c);
    return true;
  });
  return cells;
}

std::vector<CellMask> SquareGrid::ClearLines(const CellMask& blockers) const {
  return ClearLinesOnRows(width_, height_, 1, blockers,
                          [&](int from, int to, std::vector<int>& crossed) {
                            WalkSegment(CellAt(from), CellAt(to), [&](Cell c) {
                              crossed.push_back(Index(c) - from);
                              return true;
                            });
                          });
}

CellMask SquareGrid::WithinDistance(Cell c, int distance) const {
  CHECK(InBounds(c));
  CellMask mask;
  if (distance < 0) return mask;
  const int64_t limit = static_cast<int64_t>(distance) * distance;
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      if (DistanceSquared(c, Cell{x, y}) <= limit) mask.Set(Index(Cell{x, y}));
    }
  }
  return mask;
}

}  // namespace sandtable
