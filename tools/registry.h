// The rulesets the program knows, each bound with its evaluator and playout policy, from the
// one list in rulesets/CMakeLists.txt (no static-initialiser magic).
#ifndef SANDTABLE_TOOLS_REGISTRY_H_
#define SANDTABLE_TOOLS_REGISTRY_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/params.h"
#include "tools/game.h"

namespace sandtable {

struct RulesetInfo {
  std::string name;
  std::string description;
  std::vector<ParamDef> params;
  int playout_cutoff = 0;  // the bot's default playout length (0: to the end of the game)
  bool normalized_ucb_values = false;  // the bot's UCB compares normalized child means
};

// Every registered ruleset, in registry order (the default ruleset first).
std::vector<RulesetInfo> ListRulesets();

// The ruleset a command uses when none is named: the first in the list (quickplay).
std::string DefaultRulesetName();

// Creates a game from a spec "name" or "name(key=value,...)" and an optional scenario text
// (empty: the ruleset's default scenario). Errors name the unknown ruleset or parameter
// and what is accepted.
absl::StatusOr<std::shared_ptr<const Game>> CreateGame(std::string_view spec,
                                                       std::string_view scenario_text = "");

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_REGISTRY_H_
