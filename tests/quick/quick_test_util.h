// Helpers for the quick tests: a small hand-made map, positions edited field by field from
// the position string, and playing actions and dice in notation.
#ifndef SANDTABLE_TESTS_QUICK_QUICK_TEST_UTIL_H_
#define SANDTABLE_TESTS_QUICK_QUICK_TEST_UTIL_H_

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "rulesets/quick/quick.h"
#include "tests/ruleset_test_util.h"

namespace sandtable::quick_test {

using ::sandtable::ruleset_test::Legal;
using ::sandtable::ruleset_test::Odds;
using ::sandtable::ruleset_test::ParseOrDie;
using ::sandtable::ruleset_test::Play;

using State = QuickGame::State;

// A 6 x 4 map: Open columns 0-1 (and 1,1 is Urban), a Close hex at 2,1, objectives at 4,1 and
// 4,3. Units, in this order: Blue C (CP), H (HQ), S (Stryker, recon), I (infantry); Red c (CP),
// h (HQ), a (infantry), t (task force, recon). Tests move them with the position string.
inline std::string TestScenario() {
  return "ruleset quick\n"
         "legend . open\n"
         "legend u urban\n"
         "legend # close\n"
         "legend * urban objective\n"
         "map hex\n"
         ". . u u u u\n"
         " . u # u * u\n"
         ". . u u u u\n"
         " . . u u * u\n"
         "end\n"
         "cubes side=0 pool=8,4 supply=2,2\n"
         "cubes side=1 pool=8,4 supply=2,2\n"
         "unit side=0 type=cp label=C at=0,0\n"
         "unit side=0 type=hq label=H at=0,1\n"
         "unit side=0 type=stryker label=S hq=H at=1,1 enablers=recon\n"
         "unit side=0 type=infantry label=I hq=H at=1,2\n"
         "unit side=1 type=cp label=c at=5,0\n"
         "unit side=1 type=hq label=h at=5,1\n"
         "unit side=1 type=infantry label=a hq=h at=4,1\n"
         "unit side=1 type=taskforce label=t hq=h at=4,3 enablers=recon\n";
}

inline std::shared_ptr<const QuickGame> MakeGame(
    const std::map<std::string, std::string>& params = {}, const std::string& scenario = "") {
  auto game = QuickGame::CreateFromStrings(params, scenario.empty() ? TestScenario() : scenario);
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? *game : nullptr;
}

// The position string of `base` with some fields replaced: {"phase", "choose"}, {"S@", "3,1"}.
inline std::string Edit(const std::string& base,
                        const std::vector<std::pair<std::string, std::string>>& changes) {
  std::vector<std::string> words = absl::StrSplit(base, ' ');
  for (const auto& [key, value] : changes) {
    bool found = false;
    const bool unit = key.back() == '@';
    for (std::string& word : words) {
      if (word.rfind(unit ? key : key + "=", 0) == 0) {
        word = unit ? key + value : key + "=" + value;
        found = true;
      }
    }
    EXPECT_TRUE(found) << key;
  }
  return absl::StrJoin(words, " ");
}

// The initial position's string with the changes: the usual start of a test.
inline State Position(const QuickGame& game,
                      const std::vector<std::pair<std::string, std::string>>& changes) {
  return ParseOrDie(game, Edit(game.StateToString(game.InitialState()), changes));
}

// Blue to act in round 1 with a Hand of `hand_blue` blue and `hand_pink` pink cubes (taken
// from its Pool), Red's Hand empty, plus further changes.
inline State BlueToAct(const QuickGame& game, int hand_blue, int hand_pink,
                       std::vector<std::pair<std::string, std::string>> changes = {}) {
  std::vector<std::pair<std::string, std::string>> all = {
      {"phase", "choose"},
      {"cubes0", std::to_string(8 - hand_blue) + "," + std::to_string(4 - hand_pink) + "/" +
                     std::to_string(hand_blue) + "," + std::to_string(hand_pink) + "/0,0/2,2/0,0"},
      {"selected0", std::to_string(hand_blue + hand_pink)}};
  all.insert(all.end(), changes.begin(), changes.end());
  return Position(game, all);
}

}  // namespace sandtable::quick_test

#endif  // SANDTABLE_TESTS_QUICK_QUICK_TEST_UTIL_H_
