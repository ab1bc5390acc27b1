// The summary of a match, from A's score: the text lines that `match` and `match-report`
// print (W/D/L and score, Elo with its interval, mean return, the SPRT when asked for) and
// the --json summary line.
#ifndef SANDTABLE_TOOLS_MATCH_MATCH_SUMMARY_H_
#define SANDTABLE_TOOLS_MATCH_MATCH_SUMMARY_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/match/elo.h"

namespace sandtable {

// --sprt elo0,elo1 (match and match-report): two finite numbers, elo0 < elo1, both within
// +-kMaxSprtElo, beyond which the expected scores round to 0 or 1 where no outcome
// distribution fits.
inline constexpr int kMaxSprtElo = 2000;
struct SprtBounds {
  double elo0 = 0;
  double elo1 = 0;
};
absl::StatusOr<SprtBounds> CheckSprtBounds(const std::vector<double>& bounds);

// The summary lines (the SPRT of elo0 against elo1 when `sprt` is set).
std::string MatchSummary(const MatchScore& score, bool sprt, double elo0, double elo1);

// The same as one JSON object (no newline), with the pairs by A's points.
std::string SummaryJson(const MatchScore& score, bool sprt, double elo0, double elo1);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_MATCH_MATCH_SUMMARY_H_
