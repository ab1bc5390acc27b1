// Helpers for the quickplay tests: games from scenario text, positions from strings, actions
// from notation, and exact enumeration of chance trees.
#ifndef SANDTABLE_TESTS_QUICKPLAY_QUICKPLAY_TEST_UTIL_H_
#define SANDTABLE_TESTS_QUICKPLAY_QUICKPLAY_TEST_UTIL_H_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "rulesets/quickplay/quickplay.h"
#include "tests/ruleset_test_util.h"

namespace sandtable::quickplay_test {

using ::sandtable::ruleset_test::ParseOrDie;
using ::sandtable::ruleset_test::Play;

using State = QuickplayGame::State;

// A 12 x 8 test board: cover at (3,2) and (8,5), impassable at (5,4) and (6,4), one
// strategic point at (10,6). Units: R T B for player 0, r t b for player 1.
inline std::string TestScenario(const std::string& extra_units = "") {
  return "ruleset quickplay\n"
         "name test\n"
         "legend . open\n"
         "legend # cover\n"
         "legend X impassable\n"
         "legend * objective\n"
         "map\n"
         "............\n"
         "............\n"
         "...#........\n"
         "............\n"
         ".....XX.....\n"
         "........#...\n"
         "..........*.\n"
         "............\n"
         "end\n"
         "unit side=0 type=rifle_squad at=0,0\n"
         "unit side=0 type=tank at=1,0\n"
         "unit side=0 type=brassbounder at=2,0\n"
         "unit side=1 type=rifle_squad at=11,7\n"
         "unit side=1 type=tank at=10,7\n"
         "unit side=1 type=brassbounder at=9,7\n" +
         extra_units;
}

inline std::shared_ptr<const QuickplayGame> MakeGame(
    const std::string& scenario, const std::map<std::string, std::string>& params = {}) {
  auto game = QuickplayGame::CreateFromStrings(params, scenario);
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? *game : nullptr;
}

// A position on the test board: `units` is the unit words, `head` the fields before it.
inline std::string Position(const std::string& units,
                            const std::string& head =
                                "round=1 phase=select player=0 vp=0-0 "
                                "active=- done=- target=- weapon=- hits=0") {
  return head + " " + units;
}

// Visits every leaf of the chance subtree below `state` (stopping at the first decision or
// terminal node) with its exact probability.
inline void EnumerateChance(const QuickplayGame& game, const State& state, Probability p,
                            const std::function<void(const State&, Probability)>& leaf) {
  if (game.Kind(state) != NodeKind::kChance) {
    leaf(state, p);
    return;
  }
  ChanceList outcomes;
  game.ChanceOutcomes(state, outcomes);
  for (const ChanceOutcome& outcome : outcomes) {
    State next = state;
    game.Apply(next, outcome.outcome);
    EnumerateChance(game, next, p * outcome.probability, leaf);
  }
}

}  // namespace sandtable::quickplay_test

#endif  // SANDTABLE_TESTS_QUICKPLAY_QUICKPLAY_TEST_UTIL_H_
