// quick's board description, per viewer: the opponent's Hand (and so the split of its Pool)
// is unknown until the game is over; everything else is public.
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/board.h"
#include "rulesets/quick/quick.h"

namespace sandtable {
namespace {

constexpr const char* kSideNames[] = {"Blue", "Red"};
constexpr const char* kTypeNames[] = {"HQ", "CP", "infantry", "Stryker", "task force"};
constexpr const char* kEnablerNames[] = {"recon", "artillery", "engineer", "supply"};
constexpr const char* kWhat[] = {
    "select cubes (secret, simultaneous)",
    "place the returning HQ/CP",
    "CIV marker wanders",
    "Initiative holder: go first or second",
    "choose a cube and an action",
    "Claim Initiative: Popular Support option",
    "Move: which unit",
    "Move: which formation (HQ)",
    "Move: destination of the unit marked '?'",
    "Attack: which MU",
    "Attack: which adjacent enemy unit",
    "defender's roll",
    "absorb a Loss",
    "a random cube leaves the game",
    "attacker's roll",
    "advance into the vacated hex?",
    "Regroup: allocate to which unit",
    "Redeploy: which Enabler (or done)",
    "Redeploy: to which unit",
    "Revive: which Reduced MU",
    "Revive: which Exhausted Enabler (or done)",
    "",
};

std::string Cubes(const uint8_t (&counts)[2]) {
  return absl::StrCat(counts[0], " blue ", counts[1], " pink");
}

}  // namespace

BoardView QuickGame::DescribeBoard(const State& state, Player viewer) const {
  BoardView view;
  view.grid = GridKind::kHex;
  view.width = width_;
  view.height = height_;
  view.terrain_kinds = {{"open", '.', ColourRole::kGround},
                        {"urban", 'u', ColourRole::kHighlight},
                        {"close", '#', ColourRole::kCover},
                        {"rubble", 'x', ColourRole::kBlocking}};
  view.terrain.resize(num_cells());
  for (int c = 0; c < num_cells(); ++c) {
    view.terrain[c] = (TerrainAt(state, c) == kClose && terrain_[c] != kClose) ? 3 : terrain_[c];
  }
  for (uint8_t c : objectives_) view.markers.push_back({c, '*', "objective", kNeutralSide});
  for (int i = 0; i < kMaxUnits && state.civ[i] != kNone; ++i) {
    view.markers.push_back({state.civ[i], 'c', "CIV marker", kNeutralSide});
  }

  const bool over = state.phase == kOver;
  if (over) {
    const double r = Returns(state, 0);
    view.AddLine().Add(absl::StrCat(
        "Game over after round ", state.round, ": ",
        r == 0 ? std::string("draw") : absl::StrCat(kSideNames[r > 0 ? 0 : 1], " wins")));
  } else {
    const Player mover = CurrentPlayer(state);
    view.AddLine().Add(absl::StrCat("Round ", state.round, " of ", rounds_,
                                    " | Initiative: ", kSideNames[state.initiative],
                                    state.transferred ? " (transferred this round)" : "", " | ",
                                    mover == kChancePlayer ? std::string("dice")
                                    : mover == kNoPlayer   ? std::string("both sides")
                                                           : std::string(kSideNames[mover]),
                                    ": ", kWhat[state.phase]));
  }
  view.AddLine().Add(absl::StrCat(
      "Objectives held by Blue: ", ObjectivesHeld(state, 0), " of ", objectives_.size(), " (",
      support_victory_ ? "victory by support" : "Blue needs 2", ") | Popular Support: Blue ",
      static_cast<int>(state.support[0]), ", Red ", static_cast<int>(state.support[1])));
  for (int side = 0; side < 2; ++side) {
    const uint8_t(&c)[kPlaces][2] = state.cubes[side];
    const bool sees = over || viewer == kOmniscient || viewer == side;
    BoardLine& line = view.AddLine(absl::StrCat(kSideNames[side], " cubes"), side);
    const int hand = HandTotal(state, side);
    if (sees) {
      line.Add(absl::StrCat("pool ", Cubes(c[kPool]), ", hand ", Cubes(c[kHand])));
    } else {
      const uint8_t both[2] = {static_cast<uint8_t>(c[kPool][0] + c[kHand][0]),
                               static_cast<uint8_t>(c[kPool][1] + c[kHand][1])};
      line.Add(absl::StrCat("pool and hand ", Cubes(both), ", hand of ", hand, ":"));
      for (int i = 0; i < hand; ++i) line.AddUnknown();
    }
    line.Add(absl::StrCat("| discard ", Cubes(c[kDiscard]), ", supply ", Cubes(c[kSupply]),
                          ", removed ", Cubes(c[kRemoved])));
    BoardLine& enablers = view.AddLine(absl::StrCat(kSideNames[side], " enablers"), side);
    for (int e = 0; e < kEnablers; ++e) {
      const uint8_t at = state.enabler[side][e];
      enablers.Add(absl::StrCat(kEnablerNames[e], ": ",
                                at == kInSupply    ? std::string("supply")
                                : at == kAvailable ? std::string("available")
                                : at == kExhausted ? std::string("exhausted")
                                                   : std::string(1, units_[at].label)));
    }
  }
  if (state.attacker != kNone && state.defender != kNone) {
    view.AddLine("Combat", units_[state.attacker].side)
        .Add(absl::StrCat(std::string(1, units_[state.attacker].label), " attacks ",
                          std::string(1, units_[state.defender].label),
                          state.losses > 0 ? absl::StrCat(", ", state.losses, " Loss(es) to absorb")
                                           : std::string()));
  }
  for (int u = 0; u < num_units(); ++u) {
    BoardPiece piece;
    piece.side = units_[u].side;
    piece.label = std::string(1, units_[u].label);
    piece.kind = kTypeNames[units_[u].type];
    if (state.cell[u] == kOff) {
      piece.status = "off the map, returns next round";
    } else if (state.cell[u] == kNone) {
      piece.status = "removed";
    } else {
      piece.cell = state.cell[u];
      std::string status =
          units_[u].type == kCp ? "" : (InCommand(state, u) ? "in command" : "out of command");
      if (state.reduced[u]) absl::StrAppend(&status, ", Reduced");
      for (int e = 0; e < kEnablers; ++e) {
        if (state.enabler[units_[u].side][e] == u) absl::StrAppend(&status, ", ", kEnablerNames[e]);
      }
      if (state.phase == kDest && state.cursor == u) absl::StrAppend(&status, ", ? moving");
      piece.status = std::move(status);
    }
    view.pieces.push_back(std::move(piece));
  }
  return view;
}

int QuickGame::ActionCell(const State& state, Player /*player*/, Action action) const {
  auto cell_of = [&](int u) {
    return u < num_units() && state.cell[u] < kMaxCells ? static_cast<int>(state.cell[u])
                                                        : kOffGrid;
  };
  switch (state.phase) {
    case kPlace:
      return static_cast<int>(action);
    case kDest:  // staying points at the moving unit itself
      return action == kStay ? cell_of(state.cursor) : static_cast<int>(action);
    case kLoss:
      return action >= kRetreatBase ? static_cast<int>(action - kRetreatBase) : kOffGrid;
    case kAdvance:
      return action == 1 && state.vacated != kNone ? static_cast<int>(state.vacated) : kOffGrid;
    case kPickUnit:
    case kPickFormation:
    case kAttacker:
    case kTarget:
    case kAllocTo:
    case kTransferTo:
    case kReviveUnit:
      return cell_of(static_cast<int>(action));
    default:  // cubes, initiative, claims, enablers, done
      return kOffGrid;
  }
}

}  // namespace sandtable
