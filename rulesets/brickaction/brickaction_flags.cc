// `victory flag`: picking a flag up, returning one's own flag home, the flag a destroyed carrier
// drops, and the carriers home (docs/rulesets/brickaction.md, "Result").
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "rulesets/brickaction/brickaction.h"

namespace sandtable {
namespace {

// The squad (not a vehicle) standing on cell c, or -1.
int SquadAt(const BrickactionGame& game, const BrickactionGame::State& state, int c) {
  for (int u = 0; u < game.num_units(); ++u) {
    if (state.cell[u] == c && !game.IsVehicle(u)) return u;
  }
  return -1;
}

}  // namespace

void BrickactionGame::PickUpFlag(State& state) const {
  for (int i = 0; i < num_flags(); ++i) {
    if (state.flag[i] == kNoCell) continue;
    int u = SquadAt(*this, state, state.flag[i]);
    if (u < 0) continue;
    if (flag_per_side_ && units_[u].side == i) {
      if (state.flag[i] == flag_start_[i]) continue;  // guarded at home
      state.flag[i] = flag_start_[i];                 // its side returns it home at once,
      u = SquadAt(*this, state, flag_start_[i]);      // to an enemy there if one waits
      if (u < 0 || units_[u].side == i) continue;
    }
    state.carrier[i] = static_cast<uint8_t>(u);
    state.flag[i] = kNoCell;
  }
}

void BrickactionGame::DropFlag(State& state, int u) const {
  const int i = CarriedFlag(state, u);
  if (i < 0) return;
  state.flag[i] = state.cell[u];  // where its carrier fell
  state.carrier[i] = kNone;
}

int BrickactionGame::FlagsHome(const State& state) const {
  int sides = 0;
  for (int i = 0; i < num_flags(); ++i) {
    const int c = state.carrier[i];
    if (c != kNone && AtHome(units_[c].side, state.cell[c])) sides |= 1 << units_[c].side;
  }
  return sides;
}

std::string BrickactionGame::FlagName(int i) const {
  return flag_per_side_ ? absl::StrCat("player ", i, "'s flag") : "the flag";
}

void BrickactionGame::AddFlagMarkers(const State& state, BoardView& view) const {
  for (int i = 0; i < num_flags(); ++i) {
    const int c = state.carrier[i];
    const std::string where = c != kNone
                                  ? absl::StrCat("carried by ", std::string(1, units_[c].label))
                              : state.flag[i] == flag_start_[i] && flag_per_side_ ? "at home"
                                                                                  : "lying";
    // Player 0's flag F, player 1's f (as their units' labels); the neutral one F.
    view.markers.push_back({FlagCell(state, i), flag_per_side_ && i == 1 ? 'f' : 'F',
                            absl::StrCat(FlagName(i), " (", where, ")"),
                            flag_per_side_ ? i : kNeutralSide});
  }
}

absl::Status BrickactionGame::ValidateFlags(const State& state) const {
  for (int i = 0; i < num_flags(); ++i) {
    // Each flag lies on a cell a squad can enter, or a living squad carries it (with a flag per
    // side, an enemy of its owner).
    const int c = state.carrier[i];
    const bool lying = state.flag[i] != kNoCell && c == kNone && !impassable_.Test(state.flag[i]);
    const bool carried = state.flag[i] == kNoCell && c != kNone && IsAlive(state, c) &&
                         !IsVehicle(c) && !(flag_per_side_ && units_[c].side == i);
    if (!lying && !carried) {
      return absl::InvalidArgumentError(
          flag_per_side_ ? "flagN=X,Y (on a cell a squad can enter) with carrierN=-, or flagN=- "
                           "with carrierN=L, a living squad of the other side"
                         : "flag=X,Y (on a cell a squad can enter) with carrier=-, or flag=- with "
                           "carrier=L, a living squad");
    }
    // A squad on a lying flag picked it up when its action ended (its own side's: returned it
    // home, where it may stand guard).
    const int u = lying ? SquadAt(*this, state, state.flag[i]) : -1;
    const bool guard =
        u >= 0 && flag_per_side_ && units_[u].side == i && state.flag[i] == flag_start_[i];
    if (state.phase == kSelect && u >= 0 && !guard) {
      return absl::InvalidArgumentError(
          "a squad stands on a lying flag: it picked it up (carrier=L, flag=-), or returned its "
          "own side's home");
    }
  }
  if (state.active == kNone && state.phase != kOver && FlagsHome(state) != 0) {
    return absl::InvalidArgumentError(
        "a flag's carrier is in its deployment zone: the game is over (phase=over)");
  }
  return absl::OkStatus();
}

}  // namespace sandtable
