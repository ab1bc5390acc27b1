// BrickactionRollout: the playout policy for brickaction. The game is won on the objective,
// but a uniform Move destination is as likely to lead away from it as toward it, so uniform
// playouts seldom reach it before they are cut short. This policy moves each squad to the
// destination nearest the objective (uniform among equals); every other decision is uniform,
// and so are destinations when the scenario's victory is not the objective.
#ifndef SANDTABLE_EVAL_BRICKACTION_ROLLOUT_H_
#define SANDTABLE_EVAL_BRICKACTION_ROLLOUT_H_

#include "engine/rng.h"
#include "engine/types.h"
#include "rulesets/brickaction/brickaction.h"
#include "search/playout.h"

namespace sandtable {

struct BrickactionRollout {
  Action Choose(const BrickactionGame& game, const BrickactionGame::State& state,
                const ActionList& actions, Rng& rng) const {
    if (state.phase != BrickactionGame::kDest ||
        game.victory() != BrickactionGame::kObjectiveVictory) {
      return actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
    }
    // Destinations are cell indices.
    double best = 1e9;
    Action choice = actions[0];
    int ties = 0;
    for (Action action : actions) {
      const double d = game.ObjectiveDistance(action);
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
