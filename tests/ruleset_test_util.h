// Helpers for any ruleset's rule tests: what is legal at a state and the odds of its chance
// outcomes, in the ruleset's own notation, so a test reads like the rules.
#ifndef SANDTABLE_TESTS_RULESET_TEST_UTIL_H_
#define SANDTABLE_TESTS_RULESET_TEST_UTIL_H_

#include <map>
#include <string>
#include <vector>

#include "engine/probability.h"
#include "engine/ruleset.h"

namespace sandtable::ruleset_test {

// The legal actions of `player` (default: the player to move), or at a chance node the
// outcomes, as text.
template <Ruleset G>
std::vector<std::string> Legal(const G& game, const typename G::State& state,
                               Player player = kNoPlayer) {
  std::vector<std::string> out;
  const Player actor = player == kNoPlayer ? game.CurrentPlayer(state) : player;
  if (game.Kind(state) == NodeKind::kChance) {
    ChanceList outcomes;
    game.ChanceOutcomes(state, outcomes);
    for (const ChanceOutcome& o : outcomes) {
      out.push_back(game.ActionToString(state, kChancePlayer, o.outcome));
    }
    return out;
  }
  ActionList actions;
  game.LegalActions(state, actor, actions);
  for (Action a : actions) out.push_back(game.ActionToString(state, actor, a));
  return out;
}

// The probability of each chance outcome at `state`, by its text.
template <Ruleset G>
std::map<std::string, Probability> Odds(const G& game, const typename G::State& state) {
  std::map<std::string, Probability> out;
  ChanceList outcomes;
  game.ChanceOutcomes(state, outcomes);
  for (const ChanceOutcome& o : outcomes) {
    out[game.ActionToString(state, kChancePlayer, o.outcome)] = o.probability;
  }
  return out;
}

}  // namespace sandtable::ruleset_test

#endif  // SANDTABLE_TESTS_RULESET_TEST_UTIL_H_
