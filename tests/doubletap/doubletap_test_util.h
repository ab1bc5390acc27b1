// Helpers for the doubletap tests: a small hand-made board, positions from unit words, and
// playing actions and dice in notation.
#ifndef SANDTABLE_TESTS_DOUBLETAP_DOUBLETAP_TEST_UTIL_H_
#define SANDTABLE_TESTS_DOUBLETAP_DOUBLETAP_TEST_UTIL_H_

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "rulesets/doubletap/doubletap.h"
#include "tests/ruleset_test_util.h"

namespace sandtable::doubletap_test {

using ::sandtable::ruleset_test::Legal;
using ::sandtable::ruleset_test::Odds;
using ::sandtable::ruleset_test::ParseOrDie;
using ::sandtable::ruleset_test::Play;

using State = DoubletapGame::State;

// A 12 x 12 board: a cover cell at (8,3), blocking cells at (4,5) and (5,5), difficult
// cells at (7,6) and (8,6); deployment anywhere. Units, in this order: player 0 H (Hero,
// carbine), R (rifle), M (smg); player 1 h (Hero, carbine), r (rifle), s (sniper),
// g (shotgun). Every test places them with a position string.
inline std::string TestScenario() {
  return "ruleset doubletap\n"
         "name test\n"
         "deploy 12\n"
         "legend . open\n"
         "legend # cover\n"
         "legend X blocking\n"
         "legend ~ difficult\n"
         "map\n"
         "............\n"
         "............\n"
         "............\n"
         "........#...\n"
         "............\n"
         "....XX......\n"
         ".......~~...\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "end\n"
         "unit side=0 label=H weapon=carbine hero=1 at=0,11\n"
         "unit side=0 label=R weapon=rifle at=1,11\n"
         "unit side=0 label=M weapon=smg at=2,11\n"
         "unit side=1 label=h weapon=carbine hero=1 at=0,0\n"
         "unit side=1 label=r weapon=rifle at=1,0\n"
         "unit side=1 label=s weapon=sniper at=2,0\n"
         "unit side=1 label=g weapon=shotgun at=3,0\n";
}

inline std::shared_ptr<const DoubletapGame> MakeGame(
    const std::map<std::string, std::string>& params = {}, const std::string& scenario = "") {
  auto game =
      DoubletapGame::CreateFromStrings(params, scenario.empty() ? TestScenario() : scenario);
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? *game : nullptr;
}

// A position between activations: `units` is the seven unit words.
inline std::string Position(const std::string& units, int points, int player = 0, int round = 1) {
  return "round=" + std::to_string(round) + " player=" + std::to_string(player) +
         " points=" + std::to_string(points) +
         " phase=select stage=- active=- kind=move from=- dest=- timing=- groups=- assigned=0 "
         "cursor=0 gcursor=0 subject=- hits=0/0 atk=0/0 took=0 sub=0 " +
         units;
}

}  // namespace sandtable::doubletap_test

#endif  // SANDTABLE_TESTS_DOUBLETAP_DOUBLETAP_TEST_UTIL_H_
