// Ruleset specifications in the form `name(key=value,...)`, e.g.
// `quickplay(squad_size=5,cells_per_brick=2)`, validated against each ruleset's declared
// parameters with clear errors.
#ifndef SANDTABLE_ENGINE_PARAMS_H_
#define SANDTABLE_ENGINE_PARAMS_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace sandtable {

// What a ruleset accepts: an integer in [min, max], or one of a list of words.
struct ParamDef {
  std::string name;
  std::string description;
  std::string default_value;
  int64_t min = 0;  // integers only
  int64_t max = 0;
  std::vector<std::string> choices;  // non-empty: a choice parameter; empty: an integer

  bool IsChoice() const { return !choices.empty(); }
  // "integer 1..2, default 1" or "one of objectives|support, default objectives".
  std::string Describe() const;
};

// A parsed `name(key=value,...)`; keys are unique, values are not yet validated.
struct RulesetSpec {
  std::string name;
  std::map<std::string, std::string> values;
};

absl::StatusOr<RulesetSpec> ParseRulesetSpec(std::string_view text);

// Validated values for every declared parameter (defaults filled in).
class Params {
 public:
  Params() = default;
  // Checks every key of `spec` against `defs`: unknown keys, malformed integers, values out
  // of range and unknown choices are errors naming the parameter and what it accepts.
  static absl::StatusOr<Params> Resolve(const std::vector<ParamDef>& defs,
                                        const std::map<std::string, std::string>& values);

  int64_t GetInt(std::string_view name) const;                // CHECKs that it exists
  const std::string& GetString(std::string_view name) const;  // CHECKs that it exists

  // `key=value,...` in declaration order, including defaults: the canonical form.
  std::string ToString() const;

 private:
  std::vector<std::pair<std::string, std::string>> values_;
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_PARAMS_H_
