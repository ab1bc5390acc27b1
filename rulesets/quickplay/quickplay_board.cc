// quickplay's board description: terrain, strategic points, units and the turn's status.
// Perfect information: every viewer sees the same board.
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/board.h"
#include "rulesets/quickplay/quickplay.h"

namespace sandtable {

BoardView QuickplayGame::DescribeBoard(const State& state, Player /*viewer*/) const {
  const int n = num_units();
  BoardView view;
  view.grid = GridKind::kSquare;
  view.width = width_;
  view.height = height_;
  enum : uint8_t { kOpen, kNear, kCoverKind, kImpassableKind, kBoth };
  view.terrain_kinds = {{"open", '.', ColourRole::kGround},
                        {"within S of a point", ',', ColourRole::kHighlight},
                        {"cover", '#', ColourRole::kCover},
                        {"impassable", 'X', ColourRole::kBlocking},
                        {"cover and impassable", '%', ColourRole::kBlocking}};
  view.terrain.resize(static_cast<size_t>(width_) * height_);
  for (int c = 0; c < width_ * height_; ++c) {
    uint8_t kind = ObjectivesNear(c) ? kNear : kOpen;
    if (IsCover(c) && IsImpassable(c)) {
      kind = kBoth;
    } else if (IsCover(c)) {
      kind = kCoverKind;
    } else if (IsImpassable(c)) {
      kind = kImpassableKind;
    }
    view.terrain[c] = kind;
  }
  for (uint16_t o : objectives_) view.markers.push_back({o, '*', "strategic point", kNeutralSide});

  // Status.
  const char* what = "";
  switch (state.phase) {
    case kDeploySelect:
      what = "choose a unit to deploy";
      break;
    case kDeployPlace:
      what = "choose the unit's cell (place X,Y)";
      break;
    case kSelect:
      what = "choose a unit to activate";
      break;
    case kActivation:
      what = "move X,Y / shoot L / end";
      break;
    case kQualityCheck:
      what = "quality check roll";
      break;
    case kHitRoll:
      what = "hit roll";
      break;
    case kDamageRoll:
      what = "damage roll";
      break;
    default:
      break;
  }
  if (state.phase == kOver) {
    view.AddLine().Add(absl::StrCat(
        "Game over after round ", kRounds, ": VP ", state.vp[0], "-", state.vp[1], ", ",
        state.vp[0] == state.vp[1]
            ? std::string("draw")
            : absl::StrCat("player ", state.vp[0] > state.vp[1] ? 0 : 1, " wins")));
  } else {
    view.AddLine().Add(absl::StrCat(
        state.round == 0 ? std::string("Deployment")
                         : absl::StrCat("Round ", state.round, " of ", kRounds),
        " | VP ", state.vp[0], "-", state.vp[1], " | player ", state.player, ": ", what));
  }
  if (state.active < n) {
    const int a = state.active;
    std::string active = absl::StrCat(std::string(1, units_[a].label), " ", profile(a).name,
                                      (state.done & kMoved) ? ", has moved" : "",
                                      (state.done & kShot) ? ", has shot" : "");
    if (state.target < n) {
      absl::StrAppend(&active, "; shooting ", std::string(1, units_[state.target].label), " with ",
                      QuickplayWeapons()[profile(a).weapons[state.weapon]].name,
                      PartlyBehindCover(state.cell[a], state.cell[state.target])
                          ? " (target partly behind cover)"
                          : "");
      if (state.phase == kDamageRoll) absl::StrAppend(&active, ", ", state.hits, " hit(s)");
    }
    view.AddLine("Active", units_[a].side).Add(std::move(active));
  }
  for (int u = 0; u < n; ++u) {
    BoardPiece piece;
    piece.side = units_[u].side;
    piece.label = std::string(1, units_[u].label);
    piece.kind = profile(u).name;
    if (!IsAlive(state, u)) {
      piece.status = "destroyed";
    } else {
      if (state.cell[u] == kNoCell) {
        piece.status = "not deployed ";
      } else {
        piece.cell = state.cell[u];
      }
      if (profile(u).squad) {
        absl::StrAppend(&piece.status, Models(state.health[u]), " models");
        if (Wounded(state.health[u]) > 0) {
          absl::StrAppend(&piece.status, ", ", Wounded(state.health[u]), " wounded");
        }
      } else {
        absl::StrAppend(&piece.status, state.health[u], " damage");
      }
      if ((state.activated >> u) & 1) piece.status += ", done";
    }
    view.pieces.push_back(std::move(piece));
  }
  return view;
}

int QuickplayGame::ActionCell(const State& state, Player /*player*/, Action action) const {
  auto cell_of = [&](int u) {
    return u < num_units() && state.cell[u] != kNoCell ? static_cast<int>(state.cell[u]) : kOffGrid;
  };
  if (action < static_cast<Action>(width_ * height_)) return static_cast<int>(action);
  if (action >= kSelectBase && action < kOutcomeBase) return cell_of(action - kSelectBase);
  if (action >= kShootBase && action < kEndAction) return cell_of((action - kShootBase) & 0xFF);
  return kOffGrid;
}

}  // namespace sandtable
