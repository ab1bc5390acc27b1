// DoubletapRollout: the playout policy for doubletap. Uniform random playouts waste the
// game: a turn ends at random (pass is one choice among the units at every activation),
// half the attacks are held back, and reactions are picked blindly, so a playout says
// little about who wins the firefight. This policy plays like a plain skirmisher:
//
// - Activation: a random unit; pass only kPassPercent of the time.
// - Action: Assault when one is possible (kAssaultPercent), otherwise Move (which shoots),
//   Run kRunPercent of the time.
// - Targets: never hold fire when there is a target (a random one).
// - Reactions: shoot back when possible (kShootPercent), dodge when the unit is a target
//   of the attack (kDodgePercent), otherwise no reaction; Move reactions are left out.
// - Everything else (destinations, timing, dodge moves): uniform.
// docs/rulesets/doubletap.md has the match figures that justify it.
#ifndef SANDTABLE_EVAL_DOUBLETAP_ROLLOUT_H_
#define SANDTABLE_EVAL_DOUBLETAP_ROLLOUT_H_

#include "engine/rng.h"
#include "engine/types.h"
#include "rulesets/doubletap/doubletap.h"
#include "search/playout.h"

namespace sandtable {

struct DoubletapRollout {
  static constexpr uint32_t kPassPercent = 3;
  static constexpr uint32_t kAssaultPercent = 70;
  static constexpr uint32_t kRunPercent = 15;
  static constexpr uint32_t kShootPercent = 80;
  static constexpr uint32_t kDodgePercent = 80;

  Action Choose(const DoubletapGame& game, const DoubletapGame::State& state,
                const ActionList& actions, Rng& rng) const {
    using G = DoubletapGame;
    const int n = actions.size();
    switch (state.phase) {
      case G::kSelect:
        // The last action is pass.
        if (n > 1 && rng.Below(100) >= kPassPercent)
          return actions[static_cast<int>(rng.Below(static_cast<uint32_t>(n - 1)))];
        return actions[n - 1];
      case G::kKind:
        if (actions.Contains(G::kKindBase + G::kAssault) && rng.Below(100) < kAssaultPercent) {
          return G::kKindBase + G::kAssault;
        }
        if (actions.Contains(G::kKindBase + G::kRun) && rng.Below(100) < kRunPercent) {
          return G::kKindBase + G::kRun;
        }
        return actions.Contains(G::kKindBase + G::kMove) ? G::kKindBase + G::kMove : actions[0];
      case G::kTarget:
        // Targets come before hold fire.
        if (n > 1 && actions[n - 1] == G::kHoldFire)
          return actions[static_cast<int>(rng.Below(static_cast<uint32_t>(n - 1)))];
        break;
      case G::kReact: {
        if (actions.Contains(G::kReactBase + G::kReactShoot) && rng.Below(100) < kShootPercent) {
          return G::kReactBase + G::kReactShoot;
        }
        bool target = false;
        for (int g = 0; g < state.ngroups; ++g) target |= state.target[g] == state.cursor;
        if (target && actions.Contains(G::kReactBase + G::kReactMelee)) {
          return G::kReactBase + G::kReactMelee;
        }
        if (target && rng.Below(100) < kDodgePercent) return G::kReactBase + G::kReactDodge;
        return G::kReactBase + G::kNoReaction;
      }
      default:
        break;
    }
    (void)game;
    return actions[static_cast<int>(rng.Below(static_cast<uint32_t>(n)))];
  }
};

static_assert(RolloutPolicy<DoubletapRollout, DoubletapGame>);

}  // namespace sandtable

#endif  // SANDTABLE_EVAL_DOUBLETAP_ROLLOUT_H_
