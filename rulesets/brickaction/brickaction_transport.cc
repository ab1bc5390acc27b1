// brickaction's transports: a vehicle with `transport=1` carries one squad. A squad next to it
// embarks (an action); aboard, it is off the board (it moves with the vehicle, cannot act or
// be attacked); the vehicle's `dismount` action (one of its actions, and one of the squad's)
// puts it on a cell within 12 studs; when the vehicle is destroyed the squad is placed on the
// wreck's cell, suppressed.
#include "absl/strings/str_cat.h"
#include "rulesets/brickaction/brickaction.h"

namespace sandtable {

int BrickactionGame::Carrier(const State& state, int u) const {
  for (int v = 0; v < num_units(); ++v) {
    if (state.cargo[v] == u + 1) return v;
  }
  return -1;
}

void BrickactionGame::EmbarkActions(const State& state, int u, ActionList& actions) const {
  for (int v = 0; v < num_units(); ++v) {
    if (units_[v].transport && units_[v].side == units_[u].side && IsAlive(state, v) &&
        state.cargo[v] == 0 && Adjacent(state, u, v)) {
      actions.push_back(kEmbarkBase + static_cast<Action>(v));
    }
  }
}

CellMask BrickactionGame::DismountCells(const State& state, int v) const {
  // As the squad's own move from the vehicle's cell: through friends, not enemies, onto no
  // unit; cover costs double.
  CellMask enemies, friends;
  for (int w = 0; w < num_units(); ++w) {
    if (!IsAlive(state, w)) continue;
    (units_[w].side == units_[v].side ? friends : enemies).Set(state.cell[w]);
  }
  CellMask cells = dismount_->Reachable(state.cell[v], enemies, friends);
  cells.Reset(state.cell[v]);
  return cells;
}

bool BrickactionGame::CanDismount(const State& state, int v) const {
  if (state.cargo[v] == 0) return false;
  return state.acted[state.cargo[v] - 1] < kActionsPerUnit && DismountCells(state, v).Count() > 0;
}

void BrickactionGame::Embark(State& state, int u, int v) const {
  SpendAction(state, u);
  state.cell[u] = kNoCell;
  // Inside, a squad is neither prone, in full cover nor watching anyone, and no one watches it.
  state.flags[u] &= static_cast<uint8_t>(~kProneBit);
  state.full_cover &= static_cast<uint16_t>(~(1 << u));  // it left its corner
  state.hold[u] = 0;
  StandDownHoldsOn(state, u);
  state.cargo[v] = static_cast<uint8_t>(u + 1);
  EndAction(state);
}

void BrickactionGame::Dismount(State& state, int cell) const {
  const int v = state.active;
  state.cell[state.cargo[v] - 1] = static_cast<uint16_t>(cell);
  state.cargo[v] = 0;
  EndAction(state);
}

void BrickactionGame::BailOut(State& state, int v) const {
  if (state.cargo[v] == 0) return;
  const int u = state.cargo[v] - 1;
  state.cell[u] = state.cell[v];
  state.flags[u] |= kSuppressedBit;
  state.cargo[v] = 0;
}

absl::Status BrickactionGame::ValidateCargo(const State& state) const {
  for (int u = 0; u < num_units(); ++u) {
    const std::string name(1, units_[u].label);
    if (state.cargo[u] != 0) {
      const int s = state.cargo[u] - 1;
      if (!units_[u].transport || !IsAlive(state, u) || s >= num_units() || IsVehicle(s) ||
          units_[s].side != units_[u].side || !Aboard(state, s)) {
        return absl::InvalidArgumentError(
            absl::StrCat(name, " carries no squad: only a transport carries its side's squad"));
      }
    }
    if (!IsVehicle(u) && Aboard(state, u) &&
        (Carrier(state, u) < 0 || (state.flags[u] & (kProneBit | kSuppressedBit)) ||
         state.hold[u] != 0)) {
      return absl::InvalidArgumentError(absl::StrCat(
          name, " is aboard a transport (neither prone, suppressed nor holding) or destroyed"));
    }
  }
  return absl::OkStatus();
}

}  // namespace sandtable
