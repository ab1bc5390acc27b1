// MgbbEvaluator: a cheap heuristic value of an mgbb position for player 0 (the government),
// in [-1, 1], for playouts cut short and for the `greedy` player.
//
//   strength(p) = sum over p's living units of (4 - hit tokens) / 4, divided by the units p
//                 started with;
//   approach(p) = sum over p's living units of closeness, divided likewise, with closeness =
//                 clamp(1 - d / kApproachRange, 0, 1), d the distance in cells to the nearest
//                 polling-station cell;
//   command(p) = p's living units within command distance of p's commander (none once it is
//                destroyed), divided likewise;
//   held = clamp(station(0) - station(1), -1, 1), station(p) the sum over p's units on the
//          station of (4 - hit tokens) / 4 (a battered garrison holds less);
//   kills = clamp((destroyed by the insurgents - destroyed by the government) / kKillScale,
//           -1, 1);
//   value = tanh(kStrength * (strength(0) - strength(1)) + kApproach * (approach(0) -
//                approach(1)) + kCommand * (command(0) - command(1)) + kHold * (turn / turns)
//                * held - kKills * kills).
//
// The insurgents win by more kills or by holding the station, else the government by holding
// it: holding counts more the nearer the end, approaching makes holding possible, the kills
// margin decides whatever the station, living, unhit units hold and deny kills, and only
// units in command distance may move at all. Terminal positions return the exact result.
#ifndef SANDTABLE_EVAL_MGBB_EVALUATOR_H_
#define SANDTABLE_EVAL_MGBB_EVALUATOR_H_

#include <algorithm>
#include <cmath>

#include "rulesets/mgbb/mgbb.h"
#include "search/playout.h"

namespace sandtable {

struct MgbbEvaluator {
  static constexpr int kPlayoutCutoff = 8;
  static constexpr bool kNormalizeUcbValues = true;
  static constexpr double kStrength = 2.0;
  static constexpr double kApproach = 1.0;
  static constexpr double kApproachRange = 16.0;
  static constexpr double kHold = 2.0;
  static constexpr double kCommand = 1.0;
  static constexpr double kKills = 1.0;
  static constexpr double kKillScale = 3.0;

  double Evaluate(const MgbbGame& game, const MgbbGame::State& state) const {
    if (game.Kind(state) == NodeKind::kTerminal) return game.Returns(state, 0);
    double strength[2] = {0, 0}, approach[2] = {0, 0}, command[2] = {0, 0}, total[2] = {0, 0};
    double station[2] = {0, 0};
    for (int u = 0; u < game.num_units(); ++u) {
      const int side = game.side(u);
      total[side] += 1;
      if (!MgbbGame::Alive(state, u)) continue;
      const double health =
          (MgbbGame::kDestroyedAt - state.hits[u]) / static_cast<double>(MgbbGame::kDestroyedAt);
      strength[side] += health;
      int nearest = INT32_MAX;
      for (int c : game.objective_cells()) {
        nearest = std::min(nearest, game.Distance2(state.cell[u], c));
      }
      if (nearest == 0) station[side] += health;
      command[side] += game.LeaderOf(state, u).in_command_distance ? 1.0 : 0.0;
      approach[side] +=
          std::clamp(1.0 - std::sqrt(static_cast<double>(nearest)) / kApproachRange, 0.0, 1.0);
    }
    const double held = std::clamp(station[0] - station[1], -1.0, 1.0);
    const double kills =
        std::clamp((state.destroyed[1] - state.destroyed[0]) / kKillScale, -1.0, 1.0);
    const double progress = static_cast<double>(state.turn) / game.turns();
    const double x = kStrength * (strength[0] / total[0] - strength[1] / total[1]) +
                     kApproach * (approach[0] / total[0] - approach[1] / total[1]) +
                     kCommand * (command[0] / total[0] - command[1] / total[1]) +
                     kHold * progress * held - kKills * kills;
    return std::tanh(x);
  }
};

static_assert(Evaluator<MgbbEvaluator, MgbbGame>);

}  // namespace sandtable

#endif  // SANDTABLE_EVAL_MGBB_EVALUATOR_H_
