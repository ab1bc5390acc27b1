#include "tools/registry.h"

#include <map>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tools/game_impl.h"

#if defined(SANDTABLE_HAVE_QUICKPLAY)
#include "eval/quickplay_evaluator.h"
#include "eval/quickplay_rollout.h"
#include "rulesets/quickplay/quickplay.h"
#endif
#if defined(SANDTABLE_HAVE_REFERENCE)
#include "rulesets/reference/goofspiel.h"
#include "rulesets/reference/kuhn_poker.h"
#include "rulesets/reference/liars_dice.h"
#endif

// Each ruleset joins the list when its library is built (tools/CMakeLists.txt defines
// SANDTABLE_HAVE_<TARGET> for every ruleset and evaluator target that exists).

namespace sandtable {
namespace {

struct Entry {
  std::string_view name;
  std::string_view (*description)();
  std::vector<ParamDef> (*params)();
  absl::StatusOr<std::shared_ptr<const Game>> (*create)(
      const std::map<std::string, std::string>& values, std::string_view scenario_text);
};

// G with its evaluator E and playout policy P.
template <RegisteredRuleset G, typename E = NeutralEvaluator, typename P = UniformRollout>
Entry Register() {
  return Entry{G::kName, [] { return std::string_view(G::Description()); }, &G::ParamDefs,
               &CreateGameOf<G, E, P>};
}

// The registry: one line per ruleset, the default first.
std::vector<Entry> MakeEntries() {
  std::vector<Entry> entries;
#if defined(SANDTABLE_HAVE_QUICKPLAY)
  entries.push_back(Register<QuickplayGame, QuickplayEvaluator, QuickplayRollout>());
#endif
#if defined(SANDTABLE_HAVE_REFERENCE)
  entries.push_back(Register<KuhnPoker>());
  entries.push_back(Register<LiarsDice>());
  entries.push_back(Register<Goofspiel>());
#endif
  return entries;
}

const std::vector<Entry>& Entries() {
  static const std::vector<Entry>* const entries = new std::vector<Entry>(MakeEntries());
  return *entries;
}

}  // namespace

std::vector<RulesetInfo> ListRulesets() {
  std::vector<RulesetInfo> list;
  for (const Entry& entry : Entries()) {
    list.push_back({std::string(entry.name), std::string(entry.description()), entry.params()});
  }
  return list;
}

std::string DefaultRulesetName() {
  return Entries().empty() ? std::string("quickplay") : std::string(Entries()[0].name);
}

absl::StatusOr<std::shared_ptr<const Game>> CreateGame(std::string_view spec_text,
                                                       std::string_view scenario_text) {
  absl::StatusOr<RulesetSpec> spec = ParseRulesetSpec(spec_text);
  if (!spec.ok()) return spec.status();
  std::vector<std::string> names;
  for (const Entry& entry : Entries()) {
    if (entry.name == spec->name) return entry.create(spec->values, scenario_text);
    names.emplace_back(entry.name);
  }
  return absl::NotFoundError(
      absl::StrCat("unknown ruleset '", spec->name, "'; known: ", absl::StrJoin(names, ", ")));
}

}  // namespace sandtable
