#include "engine/facing.h"

#include <cstdlib>

#include "engine/check.h"

namespace sandtable {
namespace {

constexpr Cell kFacingSteps[kNumFacings] = {{0, -1}, {1, -1}, {1, 0},  {1, 1},
                                            {0, 1},  {-1, 1}, {-1, 0}, {-1, -1}};

int Wrap(int value, int count) { return ((value % count) + count) % count; }

int FewestSteps(int from, int to, int count) {
  const int clockwise = Wrap(to - from, count);
  return clockwise <= count - clockwise ? clockwise : count - clockwise;
}

Arc Classify(bool front, bool rear, bool right) {
  if (front) return Arc::kFront;
  if (rear) return Arc::kRear;
  return right ? Arc::kRight : Arc::kLeft;
}

// Square: with dot = v . f and cross = f x v (positive clockwise on the page, y down), the
// angle between v and f is at most k * 45 degrees iff: k = 0: cross = 0 and dot > 0;
// k = 1: dot >= |cross|; k = 2: dot >= 0; k = 3: dot >= -|cross|; k >= 4 always.
struct Relative {
  int64_t dot;
  int64_t cross;
  bool same_cell;
};

Relative RelativeTo(Cell unit, Facing facing, Cell other) {
  const Cell f = FacingStep(facing);
  const int64_t vx = other.x - unit.x;
  const int64_t vy = other.y - unit.y;
  return Relative{vx * f.x + vy * f.y, f.x * vy - f.y * vx, vx == 0 && vy == 0};
}

bool Within(const Relative& v, int steps) {
  if (v.same_cell || steps >= 4) return true;
  const int64_t abs_cross = std::abs(v.cross);
  switch (steps) {
    case 0:
      return v.cross == 0 && v.dot > 0;
    case 1:
      return v.dot >= abs_cross;
    case 2:
      return v.dot >= 0;
    default:
      return v.dot >= -abs_cross;
  }
}

// Hex: the offset in cube coordinates (q, r, s), rotated so the facing is east. A rotation
// by 60 degrees anticlockwise maps (q, r, s) to (-s, -q, -r). Facing east, the angle is at
// most k * 60 degrees iff: k = 0: r = 0 and q > 0; k = 1: q >= 0 and s <= 0 (the wedge from
// SE to NE); k = 2: not (q < 0 and s > 0) (all but the open wedge from NW to SW); k >= 3
// always. Right of the facing is r > 0.
struct Cube {
  int q;
  int r;
  int s;
};

Cube FacingEast(Hex unit, HexFacing facing, Hex other) {
  Cube v{other.q - unit.q, other.r - unit.r, 0};
  v.s = -v.q - v.r;
  // kE is 1: rotate anticlockwise by (facing - kE) steps.
  for (int turn = Wrap(static_cast<int>(facing) - 1, kNumHexFacings); turn > 0; --turn) {
    v = Cube{-v.s, -v.q, -v.r};
  }
  return v;
}

bool Within(const Cube& v, int steps) {
  if ((v.q == 0 && v.r == 0) || steps >= 3) return true;
  switch (steps) {
    case 0:
      return v.r == 0 && v.q > 0;
    case 1:
      return v.q >= 0 && v.s <= 0;
    default:
      return !(v.q < 0 && v.s > 0);
  }
}

}  // namespace

Cell FacingStep(Facing facing) { return kFacingSteps[static_cast<int>(facing)]; }
Hex FacingStep(HexFacing facing) { return kHexDirections[static_cast<int>(facing)]; }

Facing Turned(Facing facing, int steps) {
  return static_cast<Facing>(Wrap(static_cast<int>(facing) + steps, kNumFacings));
}
HexFacing Turned(HexFacing facing, int steps) {
  return static_cast<HexFacing>(Wrap(static_cast<int>(facing) + steps, kNumHexFacings));
}

int TurnSteps(Facing from, Facing to) {
  return FewestSteps(static_cast<int>(from), static_cast<int>(to), kNumFacings);
}
int TurnSteps(HexFacing from, HexFacing to) {
  return FewestSteps(static_cast<int>(from), static_cast<int>(to), kNumHexFacings);
}

Facing FacingToward(Cell from, Cell to) {
  CHECK(from != to);
  // v is within 22.5 degrees of f iff dot > 0 and |cross| < (sqrt 2 - 1) dot, that is
  // (|cross| + dot)^2 < 2 dot^2. Exactly one facing passes: tan 22.5 is irrational.
  for (int f = 0; f < kNumFacings; ++f) {
    const Relative v = RelativeTo(from, static_cast<Facing>(f), to);
    const int64_t sum = std::abs(v.cross) + v.dot;
    if (v.dot > 0 && sum * sum < 2 * v.dot * v.dot) return static_cast<Facing>(f);
  }
  CHECK(false);
  return Facing::kN;
}

Arc ArcOf(Cell unit, Facing facing, Cell other) {
  const Relative v = RelativeTo(unit, facing, other);
  return Classify(Within(v, 1), !Within(v, 3), v.cross > 0);
}

Arc ArcOf(Hex unit, HexFacing facing, Hex other) {
  const Cube v = FacingEast(unit, facing, other);
  return Classify(Within(v, 1), !Within(v, 2), v.r > 0);
}

bool InFireArc(Cell unit, Facing facing, int half_width, Cell other) {
  CHECK(half_width >= 0);
  return Within(RelativeTo(unit, facing, other), half_width);
}

bool InFireArc(Hex unit, HexFacing facing, int half_width, Hex other) {
  CHECK(half_width >= 0);
  return Within(FacingEast(unit, facing, other), half_width);
}

int TurnsToBear(Cell unit, Facing facing, int half_width, Cell other) {
  for (int turns = 0; turns <= kNumFacings / 2; ++turns) {
    if (InFireArc(unit, Turned(facing, turns), half_width, other) ||
        InFireArc(unit, Turned(facing, -turns), half_width, other)) {
      return turns;
    }
  }
  return -1;
}

bool IsForwardOf(Cell unit, Facing facing, Cell other) {
  return RelativeTo(unit, facing, other).dot > 0;
}

}  // namespace sandtable
