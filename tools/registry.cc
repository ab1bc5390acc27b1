#include "tools/registry.h"

#include <map>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "rulesets/registered_bots.h"
#include "tools/game_impl.h"

namespace sandtable {
namespace {

struct Entry {
  std::string_view name;
  std::string_view (*description)();
  std::vector<ParamDef> (*params)();
  int playout_cutoff;
  bool normalized_ucb_values;
  absl::StatusOr<std::shared_ptr<const Game>> (*create)(
      const std::map<std::string, std::string>& values, std::string_view scenario_text);
};

// G with its evaluator E and playout policy P.
template <RegisteredRuleset G, typename E, typename P>
Entry Register() {
  return Entry{G::kName,
               [] { return std::string_view(G::Description()); },
               &G::ParamDefs,
               DefaultPlayoutCutoff<E>(),
               DefaultUcbValues<E>() == UcbValues::kNormalized,
               &CreateGameOf<G, E, P>};
}

// The registry, in the order of the list in rulesets/CMakeLists.txt (the default first).
std::vector<Entry> MakeEntries() {
#define SANDTABLE_REGISTER(G, E, P) Register<G, E, P>(),
  return {SANDTABLE_FOR_EACH_RULESET_BOT(SANDTABLE_REGISTER)};
#undef SANDTABLE_REGISTER
}

const std::vector<Entry>& Entries() {
  static const std::vector<Entry>* const entries = new std::vector<Entry>(MakeEntries());
  return *entries;
}

}  // namespace

std::vector<RulesetInfo> ListRulesets() {
  std::vector<RulesetInfo> list;
  for (const Entry& entry : Entries()) {
    list.push_back({std::string(entry.name), std::string(entry.description()), entry.params(),
                    entry.playout_cutoff, entry.normalized_ucb_values});
  }
  return list;
}

std::string DefaultRulesetName() { return std::string(Entries().front().name); }

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
