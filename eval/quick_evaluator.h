// QuickEvaluator: a cheap heuristic value of a quick position for player 0 (Blue), in
// [-1, 1], for playouts cut short and for the `greedy` player.
//
// victory=objectives (Blue wins holding 2 objective hexes at the end):
//   control(o) = 1 if a Blue MU holds objective o, 0 if a Red MU does, else
//                0.5 + 0.15 * clamp(d_red - d_blue, -3, 3) (nearest MU of each side);
//   strength(p) = sum over p's MUs on the map of 1 (full) or 0.6 (Reduced), divided by
//                 p's MU count;
//   value = tanh(2 * (sum of control - needed + 0.5) + strength(0) - strength(1)).
// victory=support: value = tanh(0.5 * (support margin + 0.5 * MUs-removed margin)).
// Terminal positions return the exact result.
#ifndef SANDTABLE_EVAL_QUICK_EVALUATOR_H_
#define SANDTABLE_EVAL_QUICK_EVALUATOR_H_

#include <algorithm>
#include <cmath>

#include "rulesets/quick/quick.h"
#include "search/playout.h"

namespace sandtable {

struct QuickEvaluator {
  // Playouts stop after this many steps and take this value: uniform playouts to the end
  // hardly ever end in a Blue win, so they tell the search little (docs/rulesets/quick.md).
  static constexpr int kPlayoutCutoff = 10;

  double Evaluate(const QuickGame& game, const QuickGame::State& state) const {
    if (game.Kind(state) == NodeKind::kTerminal) return game.Returns(state, 0);
    if (game.support_victory()) {
      const int support = state.support[0] - state.support[1];
      const int removed = state.mus_removed[0] - state.mus_removed[1];
      return std::tanh(0.5 * (support + 0.5 * removed));
    }
    double strength[2] = {0, 0};
    int count[2] = {0, 0};
    for (int u = 0; u < game.num_units(); ++u) {
      if (!game.IsManoeuvre(u)) continue;
      const int side = game.unit(u).side;
      ++count[side];
      if (state.cell[u] < QuickGame::kMaxCells) strength[side] += state.reduced[u] ? 0.6 : 1.0;
    }
    double control = 0;
    for (uint8_t objective : game.objectives()) {
      const int holder = game.UnitAt(state, objective, true);
      if (holder != QuickGame::kNone) {
        control += game.unit(holder).side == 0 ? 1.0 : 0.0;
        continue;
      }
      int nearest[2] = {99, 99};
      for (int u = 0; u < game.num_units(); ++u) {
        if (!game.IsManoeuvre(u) || state.cell[u] >= QuickGame::kMaxCells) continue;
        int& d = nearest[game.unit(u).side];
        d = std::min(d, game.Distance(state.cell[u], objective));
      }
      control += 0.5 + 0.15 * std::clamp(nearest[1] - nearest[0], -3, 3);
    }
    const int needed = std::min<int>(2, static_cast<int>(game.objectives().size()));
    const double margin = strength[0] / std::max(1, count[0]) - strength[1] / std::max(1, count[1]);
    return std::tanh(2.0 * (control - needed + 0.5) + margin);
  }
};

static_assert(Evaluator<QuickEvaluator, QuickGame>);

}  // namespace sandtable

#endif  // SANDTABLE_EVAL_QUICK_EVALUATOR_H_
