// MgbbRollout: the playout policy for mgbb. Playouts are cut after a few decisions
// (MgbbEvaluator::kPlayoutCutoff), and uniform ones spend them moving units anywhere, ending
// activations with enemies in range and declining return fire, so the evaluator sees little
// of what the position is worth. This policy plays like a plain player:
//
//   kOrder: fight when it can (shoot, snap shot, charge or hand-to-hand, uniform among
//           them); else a unit on the polling station stays (ends); else it moves; with no
//           move either, uniform;
//   kDest: the destination nearest the polling station (uniform among equals);
//   kTarget: the enemy with the most hit tokens, then the nearest (uniform among equals);
//   kFacing: toward the nearest enemy;
//   kReturnFire, kFollowUp: yes.
//
// Tokens, the unit to act next and disengaging stay uniform, and so is every decision with
// probability kUniformPercent / 100, so playouts stay diverse.
#ifndef SANDTABLE_EVAL_MGBB_ROLLOUT_H_
#define SANDTABLE_EVAL_MGBB_ROLLOUT_H_

#include <algorithm>
#include <climits>
#include <cstdint>

#include "engine/facing.h"
#include "engine/rng.h"
#include "engine/types.h"
#include "rulesets/mgbb/mgbb.h"
#include "search/playout.h"

namespace sandtable {

struct MgbbRollout {
  static constexpr uint32_t kUniformPercent = 10;
  // Tests set it to 0 to see the policy's own choices.
  uint32_t uniform_percent = kUniformPercent;

  Action Choose(const MgbbGame& game, const MgbbGame::State& state, const ActionList& actions,
                Rng& rng) const {
    if (actions.size() == 1 || rng.Below(100) < uniform_percent) return Uniform(actions, rng);
    const int u = state.active;
    switch (state.phase) {
      case MgbbGame::kOrder:
        return ChooseOrder(game, state, actions, rng);
      case MgbbGame::kDest:
        return Best(actions, rng,
                    [&](Action cell) { return -StationDistance2(game, static_cast<int>(cell)); });
      case MgbbGame::kTarget:
        return Best(actions, rng, [&](Action target) {
          const int t = static_cast<int>(target - MgbbGame::kTargetBase);
          const int d =
              MgbbGame::Alive(state, u) ? game.Distance2(state.cell[u], state.cell[t]) : 0;
          return state.hits[t] * 10000 - d;  // an aircraft (off the table): hits alone
        });
      case MgbbGame::kFacing: {  // only units on the table turn
        const int enemy = NearestEnemy(game, state, u);
        if (enemy == MgbbGame::kNone) break;
        const Action toward =
            MgbbGame::kFaceBase + static_cast<int>(FacingToward(game.CellOf(state.cell[u]),
                                                                game.CellOf(state.cell[enemy])));
        if (actions.Contains(toward)) return toward;
        break;
      }
      case MgbbGame::kReturnFire:
      case MgbbGame::kFollowUp:
        return MgbbGame::kYes;
      default:
        break;
    }
    return Uniform(actions, rng);
  }

  static Action Uniform(const ActionList& actions, Rng& rng) {
    return actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
  }

  // kOrder: an attack if any (uniform among them), else stay on the station, else move.
  static Action ChooseOrder(const MgbbGame& game, const MgbbGame::State& state,
                            const ActionList& actions, Rng& rng) {
    Action choice = MgbbGame::kOrderBase + MgbbGame::kEnd;
    bool move = false;
    int attacks = 0;
    for (Action action : actions) {
      switch (action - MgbbGame::kOrderBase) {
        case MgbbGame::kShoot:
        case MgbbGame::kSnapShot:
        case MgbbGame::kCharge:
        case MgbbGame::kMelee:
          if (rng.Below(static_cast<uint32_t>(++attacks)) == 0) choice = action;
          break;
        case MgbbGame::kMove:
          move = true;
          break;
        default:
          break;
      }
    }
    if (attacks > 0) return choice;
    const int u = state.active;
    if (MgbbGame::Alive(state, u) && game.IsObjective(state.cell[u])) {
      return MgbbGame::kOrderBase + MgbbGame::kEnd;
    }
    if (move) return MgbbGame::kOrderBase + MgbbGame::kMove;
    return Uniform(actions, rng);
  }

  // The squared distance from cell c to the nearest polling-station cell.
  static int StationDistance2(const MgbbGame& game, int c) {
    int nearest = INT_MAX;
    for (int o : game.objective_cells()) nearest = std::min(nearest, game.Distance2(c, o));
    return nearest;
  }

  // The living enemy of u nearest to it, or kNone.
  static int NearestEnemy(const MgbbGame& game, const MgbbGame::State& state, int u) {
    int nearest = MgbbGame::kNone, best = INT_MAX;
    for (int e = 0; e < game.num_units(); ++e) {
      if (game.side(e) == game.side(u) || !MgbbGame::Alive(state, e)) continue;
      const int d = game.Distance2(state.cell[u], state.cell[e]);
      if (d < best) {
        best = d;
        nearest = e;
      }
    }
    return nearest;
  }

  // The action with the highest `score`, uniform among equals (reservoir sampling).
  template <typename Score>
  static Action Best(const ActionList& actions, Rng& rng, Score score) {
    int best = INT_MIN, ties = 0;
    Action choice = actions[0];
    for (Action action : actions) {
      const int s = score(action);
      if (s > best) {
        best = s;
        choice = action;
        ties = 1;
      } else if (s == best && rng.Below(static_cast<uint32_t>(++ties)) == 0) {
        choice = action;
      }
    }
    return choice;
  }
};

static_assert(RolloutPolicy<MgbbRollout, MgbbGame>);

}  // namespace sandtable

#endif  // SANDTABLE_EVAL_MGBB_ROLLOUT_H_
