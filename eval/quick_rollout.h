// QuickRollout: the playout policy for quick. A Move is decomposed into one destination
// decision per unit (phase kDest); with uniform destinations a `move all` shuffles the
// units at random, so in playouts every Move is worth about as much as a Pass and the
// search cannot tell advancing from waiting. This policy picks each destination (or stay)
// greedily by QuickEvaluator for the side moving; every other decision is uniform.
#ifndef SANDTABLE_EVAL_QUICK_ROLLOUT_H_
#define SANDTABLE_EVAL_QUICK_ROLLOUT_H_

#include "engine/rng.h"
#include "engine/types.h"
#include "eval/quick_evaluator.h"
#include "rulesets/quick/quick.h"
#include "search/playout.h"

namespace sandtable {

struct QuickRollout {
  Action Choose(const QuickGame& game, const QuickGame::State& state, const ActionList& actions,
                Rng& rng) const {
    if (state.phase != QuickGame::kDest || actions.size() == 1) {
      return actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
    }
    const double sign = game.CurrentPlayer(state) == 0 ? 1.0 : -1.0;
    double best = -2;
    Action choice = actions[0];
    int ties = 0;
    for (Action action : actions) {
      QuickGame::State next = state;
      game.Apply(next, action);
      const double value = sign * QuickEvaluator().Evaluate(game, next);
      if (value > best + 1e-12) {
        best = value;
        choice = action;
        ties = 1;
      } else if (value >= best - 1e-12 && rng.Below(static_cast<uint32_t>(++ties)) == 0) {
        choice = action;  // uniform among equals (reservoir sampling)
      }
    }
    return choice;
  }
};

static_assert(RolloutPolicy<QuickRollout, QuickGame>);

}  // namespace sandtable

#endif  // SANDTABLE_EVAL_QUICK_ROLLOUT_H_
