// BrickactionRollout: the playout policy for brickaction. The game is won on the objective,
// but a uniform Move destination is as likely to lead away from it as toward it, so uniform
// playouts seldom reach it before they are cut short. This policy moves each squad to the
// destination nearest the objective (uniform among equals); under `victory capture` the one
// nearest an objective its side goes for (BrickactionGame::CaptureDistance), and it activates
// an objective whenever it can; under `victory flag` a carrier moves to the destination
// nearest its deployment zone and the other squads to the one nearest the flag they go for
// (the neutral one, or the enemy's). Every other decision is uniform, and so are destinations
// under the other victories.
#ifndef SANDTABLE_EVAL_BRICKACTION_ROLLOUT_H_
#define SANDTABLE_EVAL_BRICKACTION_ROLLOUT_H_

#include <algorithm>
#include <cmath>

#include "engine/rng.h"
#include "engine/types.h"
#include "rulesets/brickaction/brickaction.h"
#include "search/playout.h"

namespace sandtable {

struct BrickactionRollout {
  Action Choose(const BrickactionGame& game, const BrickactionGame::State& state,
                const ActionList& actions, Rng& rng) const {
    const Action activate = BrickactionGame::kActionBase + BrickactionGame::kActivate;
    const BrickactionGame::Victory victory = game.victory();
    if (victory == BrickactionGame::kCaptureVictory && state.phase == BrickactionGame::kAction &&
        std::find(actions.begin(), actions.end(), activate) != actions.end()) {
      return activate;
    }
    if (state.phase == BrickactionGame::kDest && victory == BrickactionGame::kFlagVictory) {
      const int side = game.unit(state.active).side;
      if (BrickactionGame::CarriedFlag(state, state.active) >= 0) {
        return Nearest(actions, rng, [&](int c) { return game.HomeDistance(side, c); });
      }
      const int flag = game.FlagCell(state, game.FlagSought(side));
      return Nearest(actions, rng, [&](int c) { return std::sqrt(game.Distance2(c, flag)); });
    }
    if (state.phase != BrickactionGame::kDest || (victory != BrickactionGame::kObjectiveVictory &&
                                                  victory != BrickactionGame::kCaptureVictory)) {
      return actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
    }
    if (victory == BrickactionGame::kCaptureVictory) {
      const int side = game.unit(state.active).side;
      return Nearest(actions, rng, [&](int c) { return game.CaptureDistance(state, side, c); });
    }
    return Nearest(actions, rng, [&](int c) { return game.ObjectiveDistance(c); });
  }

  // The destination (a cell index) with the least `distance`, uniform among equals.
  template <typename Distance>
  static Action Nearest(const ActionList& actions, Rng& rng, Distance distance) {
    double best = 1e9;
    Action choice = actions[0];
    int ties = 0;
    for (Action action : actions) {
      const double d = distance(static_cast<int>(action));
      if (d < best - 1e-9) {
        best = d;
        choice = action;
        ties = 1;
      } else if (d <= best + 1e-9 && rng.Below(static_cast<uint32_t>(++ties)) == 0) {
        choice = action;  // uniform among equals (reservoir sampling)
      }
    }
    return choice;
  }
};

static_assert(RolloutPolicy<BrickactionRollout, BrickactionGame>);

}  // namespace sandtable

#endif  // SANDTABLE_EVAL_BRICKACTION_ROLLOUT_H_
