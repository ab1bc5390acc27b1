// BrickactionEvaluator: a cheap heuristic value of a brickaction position for player 0, in
// [-1, 1], for playouts cut short and for the `greedy` player.
//
//   strength(p) = p's living minis, a suppressed squad's at (1 - kSuppressed) each,
//                 divided by the minis p started with;
//   approach(p) = sum over p's living squads of minis * closeness, divided likewise, with
//                 closeness = clamp(1 - (d - 2) / kApproachRange, 0, 1), d the distance in
//                 cells to the objective point (1 within 2 cells);
//   held = clamp((minis of player 0 - minis of player 1 within 2 cells of the objective)
//                / kHeldScale, -1, 1);
//   value = tanh(kStrength * (strength(0) - strength(1)) + kApproach * (approach(0) -
//                approach(1)) + kHold * (turn / turns) * held).
//
// Under the scenario's other victory conditions the objective counts for nothing, so approach
// and held are left out: `victory eliminate` (kills decide) values strength alone, and
// `victory target` adds kTarget * (target(0) - target(1)), target(p) the share of p's target
// unit still standing (minis, or a vehicle's capacity less its damage; 1 without one).
// `victory capture` takes the value above (the attacker must reach the objective and the
// defender contest it); with several objectives d is to the nearest one the squad's side goes
// for (BrickactionGame::CaptureDistance) and held is the share of them the attacker holds
// (negated when player 1 attacks). `victory flag` measures approach to the cell of the flag
// the side goes for (the neutral one or the enemy's, carried or lying) instead of the
// objective, leaves held out and adds kCarry * carry, carry the sum over carried flags of 1 -
// (rows from the carrier to its deployment zone) / the table's height, positive for player
// 0's carriers, negative for player 1's.
//
// The result is decided at the end of the last turn by the minis within 2 cells of the
// objective, then by kills: holding it counts more the nearer the end (a squad there on turn 1
// can still be driven out), approaching it is what makes holding it possible, and living
// minis are both what holds it and the kills margin the other side has not scored (a
// suppressed squad can neither move nor fire until it rallies). Terminal positions return the
// exact result. Vehicles have no minis and count for nothing here (their damage is not yet
// in the value). The weights are as first chosen: approach 2 and held 4 were not proven better
// (docs/rulesets/brickaction.md has the matches).
#ifndef SANDTABLE_EVAL_BRICKACTION_EVALUATOR_H_
#define SANDTABLE_EVAL_BRICKACTION_EVALUATOR_H_

#include <algorithm>
#include <bit>
#include <cmath>

#include "rulesets/brickaction/brickaction.h"
#include "search/playout.h"

namespace sandtable {

struct BrickactionEvaluator {
  // Playouts stop after this many steps and take this value (docs/rulesets/brickaction.md
  // has the matches).
  static constexpr int kPlayoutCutoff = 8;
  // UCB compares each node's child means rescaled to [0, 1]: a match showed it better than
  // raw values (docs/rulesets/brickaction.md).
  static constexpr bool kNormalizeUcbValues = true;
  static constexpr double kStrength = 2.0;
  static constexpr double kSuppressed = 0.3;
  static constexpr double kApproach = 1.0;
  static constexpr double kApproachRange = 10.0;
  static constexpr double kHold = 2.0;
  static constexpr double kHeldScale = 3.0;
  static constexpr double kTarget = 2.0;
  static constexpr double kCarry = 2.0;

  double Evaluate(const BrickactionGame& game, const BrickactionGame::State& state) const {
    if (game.Kind(state) == NodeKind::kTerminal) return game.Returns(state, 0);
    double strength[2] = {0, 0}, approach[2] = {0, 0}, total[2] = {0, 0};
    // Under `victory flag` squads approach the flag they go for (carried or lying), under
    // `victory capture` the nearest objective they go for, else the objective.
    const bool flag = game.victory() == BrickactionGame::kFlagVictory;
    const bool capture = game.victory() == BrickactionGame::kCaptureVictory;
    for (int u = 0; u < game.num_units(); ++u) {
      const BrickactionGame::Unit& unit = game.unit(u);
      total[unit.side] += unit.regulars + std::popcount(static_cast<unsigned>(unit.specialists));
      if (BrickactionGame::Destroyed(state, u)) continue;
      const int minis = BrickactionGame::Minis(state, u);
      const bool suppressed = state.flags[u] & BrickactionGame::kSuppressedBit;
      strength[unit.side] += minis * (suppressed ? 1.0 - kSuppressed : 1.0);
      if (!game.IsAlive(state, u)) continue;  // aboard a transport: not approaching
      const double d = flag      ? std::sqrt(game.Distance2(
                                       state.cell[u], game.FlagCell(state, game.FlagSought(unit.side))))
                       : capture ? game.CaptureDistance(state, unit.side, state.cell[u])
                                 : game.ObjectiveDistance(state.cell[u]);
      approach[unit.side] += minis * std::clamp(1.0 - (d - 2.0) / kApproachRange, 0.0, 1.0);
    }
    // A side of vehicles only (no minis) has nothing to lose here.
    for (double& t : total) t = std::max(t, 1.0);
    const double margin = kStrength * (strength[0] / total[0] - strength[1] / total[1]);
    if (game.victory() == BrickactionGame::kEliminateVictory) return std::tanh(margin);
    if (game.victory() == BrickactionGame::kTargetVictory) {
      return std::tanh(margin +
                       kTarget * (TargetLeft(game, state, 0) - TargetLeft(game, state, 1)));
    }
    const double approached = kApproach * (approach[0] / total[0] - approach[1] / total[1]);
    if (flag) {
      // The carrier's way home: 1 at its zone's edge, 0 a table's height away.
      double carry = 0;
      for (int i = 0; i < game.num_flags(); ++i) {
        const int c = state.carrier[i];
        if (c == BrickactionGame::kNone) continue;
        const int side = game.unit(c).side;
        const double home =
            1.0 - static_cast<double>(game.HomeDistance(side, state.cell[c])) / game.height();
        carry += side == 0 ? home : -home;
      }
      return std::tanh(margin + approached + kCarry * carry);
    }
    // Several objectives: the share the attacker holds; one: the minis on it.
    const double held =
        game.num_objectives() > 1
            ? (game.attacker() == 0 ? 1.0 : -1.0) * std::popcount(state.captured) /
                  game.num_objectives()
            : std::clamp(
                  (game.MinisOnObjective(state, 0) - game.MinisOnObjective(state, 1)) / kHeldScale,
                  -1.0, 1.0);
    const double progress = static_cast<double>(state.turn) / game.turns();
    return std::tanh(margin + approached + kHold * progress * held);
  }

  // The share of `side`'s target unit still standing: 1 without one, 0 once destroyed.
  static double TargetLeft(const BrickactionGame& game, const BrickactionGame::State& state,
                           int side) {
    const int u = game.TargetUnit(side);
    if (u < 0) return 1.0;
    if (BrickactionGame::Destroyed(state, u)) return 0.0;
    if (game.IsVehicle(u)) {
      return 1.0 - static_cast<double>(BrickactionGame::Damage(state, u)) / game.Capacity(u);
    }
    const BrickactionGame::Unit& unit = game.unit(u);
    return static_cast<double>(BrickactionGame::Minis(state, u)) /
           (unit.regulars + std::popcount(static_cast<unsigned>(unit.specialists)));
  }
};

static_assert(Evaluator<BrickactionEvaluator, BrickactionGame>);

}  // namespace sandtable

#endif  // SANDTABLE_EVAL_BRICKACTION_EVALUATOR_H_
