// QuickplayEvaluator: a cheap heuristic value of a quickplay position for player 0, in
// [-1, 1], for playouts cut short.
//
//   value = tanh(0.6 * (vp + 0.5 * control * rounds_left) / points + 0.8 * material)
//
// - vp: player 0's victory points minus player 1's.
// - control: the strategic points player 0 would score minus player 1's if the round ended
//   now (the rulings' control test on the current positions); rounds_left counts the
//   end-of-round scorings still to come. Halved because positions will change.
// - points: the number of strategic points (at least 1), so the VP term is in "rounds of
//   holding one point more" whatever the scenario.
// - material: sum over each side's units of their remaining strength (a squad: unwounded
//   models plus half the wounded ones, over the squad size; a vehicle: 1, or 1/2 with a
//   damage token; destroyed: 0), player 0's minus player 1's, over the larger side's unit
//   count: units score points and deny them, so losing them matters beyond the VP so far.
// Terminal positions return the exact result.
#ifndef SANDTABLE_EVAL_QUICKPLAY_EVALUATOR_H_
#define SANDTABLE_EVAL_QUICKPLAY_EVALUATOR_H_

#include <algorithm>
#include <array>
#include <cmath>

#include "rulesets/quickplay/quickplay.h"
#include "search/playout.h"

namespace sandtable {

struct QuickplayEvaluator {
  double Evaluate(const QuickplayGame& game, const QuickplayGame::State& state) const {
    if (game.Kind(state) == NodeKind::kTerminal) return game.Returns(state, 0);
    const int points = std::max<int>(1, static_cast<int>(game.objectives().size()));
    const int rounds_left =
        state.round == 0 ? QuickplayGame::kRounds : QuickplayGame::kRounds - state.round + 1;
    int control = 0;
    if (state.round > 0) {
      const std::array<int, QuickplayGame::kMaxObjectives> held = game.Control(state);
      for (int c : held) control += c;
    }
    const double vp = static_cast<double>(state.vp[0]) - static_cast<double>(state.vp[1]);

    double strength[2] = {0.0, 0.0};
    int units[2] = {0, 0};
    for (int u = 0; u < game.num_units(); ++u) {
      const int side = game.unit(u).side;
      ++units[side];
      if (!game.IsAlive(state, u)) continue;
      const uint8_t health = state.health[u];
      if (game.profile(u).squad) {
        const int models = QuickplayGame::Models(health);
        const int wounded = QuickplayGame::Wounded(health);
        strength[side] += (models - wounded + 0.5 * wounded) / game.squad_size();
      } else {
        strength[side] += health == 0 ? 1.0 : 0.5;
      }
    }
    const double material = (strength[0] - strength[1]) / std::max({units[0], units[1], 1});
    return std::tanh(0.6 * (vp + 0.5 * control * rounds_left) / points + 0.8 * material);
  }
};

static_assert(Evaluator<QuickplayEvaluator, QuickplayGame>);

}  // namespace sandtable

#endif  // SANDTABLE_EVAL_QUICKPLAY_EVALUATOR_H_
