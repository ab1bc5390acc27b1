// `victory capture` with one or several objectives: each objective's zone (within 2 cells of
// its point), activating it (the attacker takes it, the defender takes it back), and where the
// squads head for (docs/rulesets/brickaction.md, "Result").
#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "rulesets/brickaction/brickaction.h"

namespace sandtable {
namespace {

// Whether a side goes for objective i: the attacker for one it does not hold, the defender for
// one the attacker holds.
bool ToTake(const BrickactionGame::State& state, int i, bool attacker) {
  return ((state.captured >> i) & 1) != attacker;
}

}  // namespace

int BrickactionGame::ObjectiveAt(int c) const {
  for (int i = 0; i < num_objectives(); ++i) {
    const int dx = 2 * CellX(c) - objectives_[i].first;
    const int dy = 2 * CellY(c) - objectives_[i].second;
    if (dx * dx + dy * dy <= 16) return i;  // in half cells: within 2 cells
  }
  return -1;
}

int BrickactionGame::MinisNearObjective(const State& state, int side, int i) const {
  int minis = 0;
  for (int u = 0; u < num_units(); ++u) {
    if (units_[u].side == side && IsAlive(state, u) && ObjectiveAt(state.cell[u]) == i) {
      minis += Minis(state, u);
    }
  }
  return minis;
}

bool BrickactionGame::CanActivate(const State& state, int u) const {
  if (victory_ != kCaptureVictory || IsVehicle(u) || !IsAlive(state, u) ||
      (state.flags[u] & kSuppressedBit)) {
    return false;
  }
  const int i = ObjectiveAt(state.cell[u]);
  if (i < 0) return false;
  const int side = units_[u].side;
  return ToTake(state, i, side == attacker_) && MinisNearObjective(state, 1 - side, i) == 0;
}

double BrickactionGame::CaptureDistance(const State& state, int side, int c) const {
  double nearest = 1e9, nearest_any = 1e9;
  for (int i = 0; i < num_objectives(); ++i) {
    const double d = ObjectiveDistance(c, i);
    if (ToTake(state, i, side == attacker_)) nearest = std::min(nearest, d);
    nearest_any = std::min(nearest_any, d);
  }
  return nearest < 1e9 ? nearest : nearest_any;
}

void BrickactionGame::AddCaptureMarkers(const State& state, BoardView& view) const {
  for (int i = 0; i < num_objectives(); ++i) {
    // The defender's until the attacker activates it.
    const int holder = (state.captured >> i) & 1 ? attacker_ : 1 - attacker_;
    view.markers.push_back(
        {ObjectiveCell(i), '*',
         absl::StrCat("objective", num_objectives() > 1 ? absl::StrCat(" ", i + 1) : "",
                      " (2 cells around), player ", holder, "'s"),
         holder});
  }
}

}  // namespace sandtable
