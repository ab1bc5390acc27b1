// `sandtable odds`: the exact distribution of what one action leads to. The action is
// applied, then every chance node is enumerated until the next decision, simultaneous or
// terminal node; results are grouped by Position::ResultMeasures (and optionally by the
// resulting position) with exact probabilities and expected values.
#ifndef SANDTABLE_TOOLS_CLI_ODDS_H_
#define SANDTABLE_TOOLS_CLI_ODDS_H_

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/probability.h"
#include "tools/game.h"

namespace sandtable {

// An exact rational that may be negative: positive minus negative part.
struct SignedProbability {
  Probability positive = Probability::Zero();
  Probability negative = Probability::Zero();

  void AddTimes(Probability p, int value);
  double ToDouble() const { return positive.ToDouble() - negative.ToDouble(); }
  std::string ToString() const;  // "21/25", "-1/3", "0"
};

struct OddsLine {
  std::vector<int> values;  // one per measure name
  std::string position;     // the resulting position (empty unless grouped by position)
  Probability probability;
};

struct OddsResult {
  std::vector<std::string> measure_names;
  std::vector<OddsLine> lines;              // distinct results in increasing order of their values
  std::vector<SignedProbability> expected;  // per measure
  Probability total = Probability::Zero();  // 1 for a correct ruleset
  int64_t paths = 0;                        // chance paths enumerated
};

// Applies `action` (none: `before` must be a chance node) to a copy of `before` and
// enumerates the chance that follows. Fails beyond `max_paths` chance paths, or when the
// ruleset gives measures with different names for the same action.
absl::StatusOr<OddsResult> ComputeOdds(const Position& before, std::optional<Action> action,
                                       bool by_position, int64_t max_paths = 1'000'000);

int RunOdds(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_ODDS_H_
