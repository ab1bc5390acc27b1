// Helpers for any ruleset's rule tests: positions from their strings, moves and dice played
// in notation, what is legal at a state and the odds of its chance outcomes, so a test
// reads like the rules.
#ifndef SANDTABLE_TESTS_RULESET_TEST_UTIL_H_
#define SANDTABLE_TESTS_RULESET_TEST_UTIL_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/probability.h"
#include "engine/ruleset.h"
#include "gtest/gtest.h"

namespace sandtable::ruleset_test {

// The state a position string describes; a test failure (and the initial state) if the
// string is not valid.
template <Ruleset G>
typename G::State ParseOrDie(const G& game, const std::string& text) {
  absl::StatusOr<typename G::State> state = game.ParseState(text);
  EXPECT_TRUE(state.ok()) << state.status() << "\n" << text;
  return state.ok() ? *state : game.InitialState();
}

// Applies decisions and dice in notation, each by whoever acts.
template <Ruleset G>
void Play(const G& game, typename G::State& state, const std::vector<std::string>& moves) {
  for (const std::string& move : moves) {
    absl::StatusOr<Action> action = game.ParseAction(state, game.CurrentPlayer(state), move);
    ASSERT_TRUE(action.ok()) << action.status() << "\n  at " << game.StateToString(state);
    game.Apply(state, *action);
  }
}

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
