// Odds: the exact distribution of what one move leads to (an action, or both
// players' choices at a simultaneous node). The move is applied, then every chance node is
// enumerated until the next decision, simultaneous or terminal node; results are grouped
// by Position::ResultMeasures (and optionally by the resulting position) with exact
// probabilities and expected values.
#ifndef SANDTABLE_TOOLS_ODDS_H_
#define SANDTABLE_TOOLS_ODDS_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
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

// The position whose chance the odds enumerate: `before` after `move`, in the ruleset's
// notation: the action of the player to move or, at a simultaneous node, both players'
// actions as "<player 0> | <player 1>". At a chance node `move` is empty and the start is
// `before` itself. `applied` receives the move as the ruleset writes it ("" at a chance
// node). Errors say what was expected.
absl::StatusOr<std::unique_ptr<Position>> ApplyOddsMove(const Position& before,
                                                        std::string_view move,
                                                        std::string* applied);

// Enumerates the chance that follows `start` (from ApplyOddsMove) until the next decision,
// simultaneous or terminal node; measures compare with `before`. Fails beyond `max_paths`
// chance paths, or when the ruleset gives measures with different names for one move.
absl::StatusOr<OddsResult> ComputeOdds(const Position& before, const Position& start,
                                       bool by_position, int64_t max_paths = 1'000'000);

// One chance outcome on a path: the chance node it was drawn at (valid during the visit)
// and the outcome.
struct ChanceStep {
  const Position* at;
  Action outcome;
};

// Walks every chance path from `start` to the next decision, simultaneous or terminal node
// (`start` itself when it is not a chance node), calling `visit` with that node, the
// path's exact probability and its steps, in the ruleset's outcome order. The first error
// `visit` returns ends the walk and is returned.
absl::Status ForEachChancePath(
    const Position& start,
    const std::function<absl::Status(const Position& end, Probability probability,
                                     const std::vector<ChanceStep>& steps)>& visit);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_ODDS_H_
