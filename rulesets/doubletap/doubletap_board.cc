// doubletap's board description: terrain, units, the turn and the action being resolved.
// Perfect information: every viewer sees the same board.
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/board.h"
#include "rulesets/doubletap/doubletap.h"

namespace sandtable {
namespace {

constexpr const char* kWhat[] = {
    "choose a unit to activate (or pass)",
    "move / assault / run",
    "choose the destination (to X,Y / stay)",
    "shoot before or after the move",
    "choose the next attack's target (at L / hold)",
    "react with the unit marked '?' (none / move / dodge / shoot / melee)",
    "dodge move (to X,Y / stay)",
    "attack roll",
    "reaction roll",
    "block tests",
    "morale test",
    "Hero's re-roll of the morale test",
    "",
};
constexpr const char* kKinds[] = {"Move", "Assault", "Run"};
constexpr const char* kReactions[] = {"", "move", "dodge", "shoot", "melee"};

}  // namespace

BoardView DoubletapGame::DescribeBoard(const State& state, Player /*viewer*/) const {
  const int n = num_units();
  BoardView view;
  view.grid = GridKind::kSquare;
  view.width = width_;
  view.height = height_;
  view.terrain_kinds = {{"open", '.', ColourRole::kGround},
                        {"cover", '#', ColourRole::kCover},
                        {"blocking", 'X', ColourRole::kBlocking},
                        {"difficult", '~', ColourRole::kHighlight}};
  view.terrain.assign(terrain_.begin(), terrain_.end());

  const int score0 = Score(state, 0), score1 = Score(state, 1);
  if (state.phase == kOver) {
    view.AddLine().Add(
        absl::StrCat("Game over: points ", score0, "-", score1, ", ",
                     score0 == score1 ? std::string("draw")
                                      : absl::StrCat("player ", score0 > score1 ? 0 : 1, " wins")));
  } else {
    view.AddLine().Add(absl::StrCat(
        "Round ", state.round, " of ", rounds_, " | player ", state.player, "'s turn, ",
        state.points, " activation point(s) left | points ", score0, "-", score1, " | ",
        Kind(state) == NodeKind::kChance ? std::string("dice")
                                         : absl::StrCat("player ", CurrentPlayer(state)),
        ": ", kWhat[state.phase]));
  }
  if (state.active < n) {
    const int a = state.active;
    std::string line = absl::StrCat(std::string(1, units_[a].label), " ",
                                    state.sub ? "Move reaction" : kKinds[state.kind & 3]);
    if (state.dest != kNoCell) {
      absl::StrAppend(&line, " from ", CoordinateText(CellX(state.from), CellY(state.from)), " to ",
                      CoordinateText(CellX(state.dest), CellY(state.dest)));
    }
    if (state.timing == kBefore) absl::StrAppend(&line, ", shooting first");
    if (state.timing == kAfter) absl::StrAppend(&line, ", shooting after moving");
    for (int g = 0; g < state.ngroups; ++g) {
      absl::StrAppend(&line, g == 0 ? "; attacks: " : ", ", state.attacks[g], " at ",
                      std::string(1, units_[state.target[g]].label), " (",
                      state.mod[g] >= kModBias ? "+" : "", state.mod[g] - kModBias,
                      ((state.cover >> g) & 1) ? ", in cover" : "", ")");
      if (state.stage > kStageAttackRolls || g < state.gcursor) {
        absl::StrAppend(&line, " ", state.succ[g], " success(es)");
        if (state.cancel[g] > 0) absl::StrAppend(&line, ", ", state.cancel[g], " cancelled");
      }
    }
    view.AddLine("Action", units_[a].side).Add(std::move(line));
  }
  if (state.subject < n) {
    view.AddLine("Testing", units_[state.subject].side)
        .Add(absl::StrCat(std::string(1, units_[state.subject].label), ": ",
                          state.hits_open + state.hits_cover, " hit(s) to block"));
  }
  for (int u = 0; u < n; ++u) {
    BoardPiece piece;
    piece.side = units_[u].side;
    piece.label = std::string(1, units_[u].label);
    piece.kind = absl::StrCat(units_[u].hero ? "hero " : "", weapon(u).name);
    if (state.cell[u] == kNoCell) {
      piece.status = "destroyed";
    } else {
      piece.cell = state.cell[u];
      piece.status = absl::StrCat("Q", units_[u].quality, "+");
      const uint8_t f = state.flags[u];
      if ((f & kReactionMask) != 0) {
        absl::StrAppend(&piece.status, ", reacts: ", kReactions[f & kReactionMask]);
      } else if (f & kReactedBit) {
        absl::StrAppend(&piece.status, ", has reacted");
      }
      if ((f >> kCountShift) != 0) absl::StrAppend(&piece.status, ", activated ", f >> kCountShift);
      if ((state.phase == kReact || state.phase == kDodgeMove) && state.cursor == u) {
        absl::StrAppend(&piece.status, ", ? deciding");
      }
    }
    view.pieces.push_back(std::move(piece));
  }
  return view;
}

int DoubletapGame::ActionCell(const State& state, Player /*player*/, Action action) const {
  auto cell_of = [&](int u) {
    return u < num_units() && state.cell[u] != kNoCell ? static_cast<int>(state.cell[u]) : kOffGrid;
  };
  if (state.phase == kDest || state.phase == kDodgeMove) {
    return action < static_cast<Action>(width_ * height_) ? static_cast<int>(action) : kOffGrid;
  }
  if (state.phase == kSelect && action >= kSelectBase && action < kPass) {
    return cell_of(action - kSelectBase);
  }
  if (state.phase == kTarget && action >= kTargetBase && action < kHoldFire) {
    return cell_of(action - kTargetBase);
  }
  return kOffGrid;
}

}  // namespace sandtable
