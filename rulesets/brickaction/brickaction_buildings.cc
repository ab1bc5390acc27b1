// brickaction's buildings (the source's "Fighting From Inside Buildings"): which side of a
// building a squad fires from, how many windows that side has, and the limit they put on the
// attack's modifiers; and their corners (hard cover for 2 minis, or full cover). Sight through
// windows (only a squad at a window sees out or is seen) is part of the precomputed table
// (Precompute in brickaction_scenario.cc).
#include <algorithm>

#include "rulesets/brickaction/brickaction.h"

namespace sandtable {

bool BrickactionGame::InBuilding(int c) const {
  return terrain_[c] == kFloor || terrain_[c] == kWindow;
}

int BrickactionGame::WindowsOnSide(int w) const {
  const int x = CellX(w), y = CellY(w);
  auto wall = [&](int cx, int cy) {
    if (cx < 0 || cy < 0 || cx >= width_ || cy >= height_) return false;
    const uint8_t t = terrain_[CellIndex(cx, cy)];
    return t == kTotal || t == kWindow;
  };
  // The side is the straight run of wall and window cells through w: along the row when a
  // neighbour in the row is wall, else along the column.
  const bool along_row = wall(x - 1, y) || wall(x + 1, y);
  const int dx = along_row ? 1 : 0, dy = along_row ? 0 : 1;
  int windows = 0;
  for (int sign : {-1, 1}) {
    for (int cx = x + sign * dx, cy = y + sign * dy; wall(cx, cy);
         cx += sign * dx, cy += sign * dy) {
      if (terrain_[CellIndex(cx, cy)] == kWindow) ++windows;
    }
  }
  return windows + 1;  // w itself
}

void BrickactionGame::LimitModifiers(int from, int to, int base, int* dice, int* plus) const {
  const int windows = FiringWindows(from, to);
  if (windows == 0) return;  // not firing out of a building
  const int limit = 2 * windows;
  // Dice first (each worth more than a +1 to one die), then the +1s while room is left.
  *dice = std::min(*dice, base + limit);
  *plus = std::clamp(base + limit - *dice, 0, *plus);
}

bool BrickactionGame::CornerCover(int from, int to) const {
  return terrain_[to] == kCorner && !(Between(from, to) & kHighGround);
}

}  // namespace sandtable
