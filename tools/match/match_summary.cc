#include "tools/match/match_summary.h"

#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/json_writer.h"

namespace sandtable {
namespace {

std::string SignedElo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  return absl::StrFormat("%+.1f", elo);
}

}  // namespace

absl::StatusOr<SprtBounds> CheckSprtBounds(const std::vector<double>& bounds) {
  if (bounds.size() != 2 || !std::isfinite(bounds[0]) || !std::isfinite(bounds[1]) ||
      bounds[0] >= bounds[1]) {
    return absl::InvalidArgumentError("--sprt takes elo0,elo1 with elo0 < elo1");
  }
  if (std::abs(bounds[0]) > kMaxSprtElo || std::abs(bounds[1]) > kMaxSprtElo) {
    return absl::InvalidArgumentError(
        absl::StrCat("--sprt bounds must lie in -", kMaxSprtElo, "..", kMaxSprtElo));
  }
  return SprtBounds{bounds[0], bounds[1]};
}

std::string MatchSummary(const MatchScore& score, bool sprt, double elo0, double elo1) {
  const EloEstimate elo = EstimateElo(score);
  std::string text =
      absl::StrFormat("A: %d wins, %d draws, %d losses in %d games; score %.1f/%d = %.1f%%\n",
                      score.wins, score.draws, score.losses, score.games(),
                      static_cast<double>(score.wins) + 0.5 * static_cast<double>(score.draws),
                      score.games(), 100 * score.Fraction());
  const std::string model = score.pair_count() > 0
                                ? absl::StrCat("pentanomial, ", score.pair_count(), " pairs")
                                : "per game";
  absl::StrAppend(&text, "Elo difference ", SignedElo(elo.elo), " (95% interval ",
                  SignedElo(elo.lower), " .. ", SignedElo(elo.upper), "; ", model, ")\n");
  // How much A wins on average: where a win can be worth more or less (kuhn_poker's chips)
  // this says what the counts above cannot.
  const ReturnInterval interval = MeanReturnInterval(score);
  absl::StrAppend(
      &text, absl::StrFormat("Mean return of A: %+.3f per game", score.MeanReturn()),
      interval.valid
          ? absl::StrFormat(" (95%% interval %+.3f .. %+.3f over %d pairs)\n", interval.lower,
                            interval.upper, score.pair_count())
          : absl::StrCat(" (an interval from ", kMinPairsForReturnInterval, " pairs on)\n"));
  if (sprt) {
    const SprtResult result = Sprt(score, elo0, elo1);
    absl::StrAppend(&text, absl::StrFormat("SPRT elo0=%g elo1=%g alpha=beta=0.05: LLR %.3f "
                                           "(bounds %.3f, %.3f): %s\n",
                                           elo0, elo1, result.llr, result.lower_bound,
                                           result.upper_bound, SprtDecisionName(result.decision)));
  }
  return text;
}

std::string SummaryJson(const MatchScore& score, bool sprt, double elo0, double elo1) {
  const EloEstimate elo = EstimateElo(score);
  Json json = {{"type", "summary"},
               {"games", score.games()},
               {"wins", score.wins},
               {"draws", score.draws},
               {"losses", score.losses},
               {"score", score.Fraction()},
               // completed pairs worth 0, 1/2, 1, 3/2, 2 points to A
               {"pairs", score.pairs},
               {"elo", elo.elo},
               {"eloLower", elo.lower},
               {"eloUpper", elo.upper},
               {"meanReturn", score.MeanReturn()}};
  if (const ReturnInterval interval = MeanReturnInterval(score); interval.valid) {
    json["meanReturnLower"] = interval.lower;
    json["meanReturnUpper"] = interval.upper;
  }
  if (sprt) {
    const SprtResult result = Sprt(score, elo0, elo1);
    json["sprt"] = {{"elo0", elo0},
                    {"elo1", elo1},
                    {"llr", result.llr},
                    {"lowerBound", result.lower_bound},
                    {"upperBound", result.upper_bound},
                    {"decision", SprtDecisionName(result.decision)}};
  }
  return JsonText(json);
}

}  // namespace sandtable
