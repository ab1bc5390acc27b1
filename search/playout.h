// What a playout needs from outside the search: evaluators cut playouts short and rollout
// policies guide them. The searcher is generic over these concepts, so they live with it;
// eval/ holds the per-ruleset heuristics and includes this header.
#ifndef SANDTABLE_SEARCH_PLAYOUT_H_
#define SANDTABLE_SEARCH_PLAYOUT_H_

#include <concepts>

#include "engine/rng.h"
#include "engine/ruleset.h"
#include "search/search_types.h"

namespace sandtable {

// Estimates the value of a non-terminal state for player 0, in [-1, 1] (player 1's value is
// its negation). Must be cheap: it runs once per playout when rollout_cutoff > 0. An
// evaluator may declare `static constexpr int kPlayoutCutoff`: the playout length the
// search uses unless told otherwise (SearchOptions::rollout_cutoff = -1), chosen by a match.
template <typename E, typename G>
concept Evaluator = Ruleset<G> &&
    requires(const E& evaluator, const G& game, const typename G::State& state) {
  { evaluator.Evaluate(game, state) } -> std::same_as<double>;
};

// The evaluator's own playout cutoff: its kPlayoutCutoff, or 0 (play to the end).
template <typename E>
constexpr int DefaultPlayoutCutoff() {
  if constexpr (requires { E::kPlayoutCutoff; }) {
    static_assert(E::kPlayoutCutoff >= 0);
    return E::kPlayoutCutoff;
  } else {
    return 0;
  }
}

// The evaluator's UCB value scale: kNormalized if it declares `static constexpr bool
// kNormalizeUcbValues = true` (its values crowd a corner of [-1, 1]), else kRaw.
template <typename E>
constexpr UcbValues DefaultUcbValues() {
  if constexpr (requires { E::kNormalizeUcbValues; }) {
    return E::kNormalizeUcbValues ? UcbValues::kNormalized : UcbValues::kRaw;
  } else {
    return UcbValues::kRaw;
  }
}

// Picks the next action in a playout at a decision node (chance and simultaneous nodes are
// handled by the search). `actions` is the non-empty legal action list of the mover.
template <typename P, typename G>
concept RolloutPolicy = Ruleset<G> &&
    requires(const P& policy, const G& game, const typename G::State& state,
             const ActionList& actions, Rng& rng) {
  { policy.Choose(game, state, actions, rng) } -> std::same_as<Action>;
};

// The default policy: uniform random over the legal actions.
struct UniformRollout {
  template <typename G>
  Action Choose(const G&, const typename G::State&, const ActionList& actions, Rng& rng) const {
    return actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
  }
};

// The evaluator of rulesets without a heuristic yet: every cut-off state is a draw.
struct NeutralEvaluator {
  template <typename G>
  double Evaluate(const G&, const typename G::State&) const {
    return 0.0;
  }
};

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_PLAYOUT_H_
