// DoubletapEvaluator: a cheap heuristic value of a doubletap position for player 0, in
// [-1, 1], for playouts cut short and for the `greedy` player.
//
//   value = tanh(3 * (alive[0] / total[0] - alive[1] / total[1]))
//
// alive[p]: the points player p's living units are worth (10 a unit, 20 a Hero: what the
// enemy scores by destroying them); total[p]: the same for p's whole army. The score is
// points destroyed, so a side's share of its army still alive is what it has not yet given
// away; the difference is the score margin to come, scaled per army so that uneven
// scenarios compare fairly. Terminal positions return the exact result.
#ifndef SANDTABLE_EVAL_DOUBLETAP_EVALUATOR_H_
#define SANDTABLE_EVAL_DOUBLETAP_EVALUATOR_H_

#include <cmath>

#include "rulesets/doubletap/doubletap.h"
#include "search/playout.h"

namespace sandtable {

struct DoubletapEvaluator {
  // Playouts stop after this many steps and take this value: random play to the end
  // mostly measures dice luck (docs/rulesets/doubletap.md has the matches).
  static constexpr int kPlayoutCutoff = 8;

  double Evaluate(const DoubletapGame& game, const DoubletapGame::State& state) const {
    if (game.Kind(state) == NodeKind::kTerminal) return game.Returns(state, 0);
    double alive[2] = {0.0, 0.0}, total[2] = {0.0, 0.0};
    for (int u = 0; u < game.num_units(); ++u) {
      const DoubletapGame::Unit& unit = game.unit(u);
      total[unit.side] += unit.value;
      if (game.IsAlive(state, u)) alive[unit.side] += unit.value;
    }
    return std::tanh(3.0 * (alive[0] / total[0] - alive[1] / total[1]));
  }
};

static_assert(Evaluator<DoubletapEvaluator, DoubletapGame>);

}  // namespace sandtable

#endif  // SANDTABLE_EVAL_DOUBLETAP_EVALUATOR_H_
