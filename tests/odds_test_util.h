// Exact odds through the `sandtable odds` machinery, for the rulesets' tools tests.
#ifndef SANDTABLE_TESTS_ODDS_TEST_UTIL_H_
#define SANDTABLE_TESTS_ODDS_TEST_UTIL_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/load_game.h"
#include "tools/odds.h"
#include "tools/registry.h"

namespace sandtable::odds_test {

// The exact odds of `move` in `ruleset` on `scenario`, after `moves` from `position`.
inline absl::StatusOr<OddsResult> OddsAfter(std::string_view ruleset, std::string_view scenario,
                                            const std::string& position,
                                            const std::vector<std::string>& moves,
                                            std::string_view move) {
  auto game = CreateGame(ruleset, scenario);
  if (!game.ok()) return game.status();
  auto before = LoadPosition(**game, position, moves);
  if (!before.ok()) return before.status();
  std::string applied;
  auto start = ApplyOddsMove(**before, move, &applied);
  if (!start.ok()) return start.status();
  return ComputeOdds(**before, **start, false);
}

// The expected value of measure `name` as a fraction, or "no measure <name>".
inline std::string Expected(const OddsResult& odds, std::string_view name) {
  for (size_t i = 0; i < odds.measure_names.size(); ++i) {
    if (odds.measure_names[i] == name) return odds.expected[i].ToString();
  }
  return "no measure " + std::string(name);
}

}  // namespace sandtable::odds_test

#endif  // SANDTABLE_TESTS_ODDS_TEST_UTIL_H_
