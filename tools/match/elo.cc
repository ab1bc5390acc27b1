#include "tools/match/elo.h"

#include <cmath>
#include <limits>

namespace sandtable {
namespace {

// The two-sided 95% quantile of the standard normal distribution.
constexpr double kZ95 = 1.959963984540054;

}  // namespace

double MatchScore::Fraction() const {
  if (games() == 0) return 0.5;
  return (static_cast<double>(wins) + 0.5 * static_cast<double>(draws)) /
         static_cast<double>(games());
}

double MatchScore::GameVariance() const {
  if (games() == 0) return 0;
  const double s = Fraction();
  const double n = static_cast<double>(games());
  return (static_cast<double>(wins) * (1 - s) * (1 - s) +
          static_cast<double>(draws) * (0.5 - s) * (0.5 - s) +
          static_cast<double>(losses) * s * s) /
         n;
}

double ExpectedScore(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double EloFromScore(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0);
}

EloEstimate EstimateElo(const MatchScore& score) {
  const double s = score.Fraction();
  EloEstimate estimate;
  estimate.elo = EloFromScore(s);
  if (score.games() == 0) {
    estimate.lower = -std::numeric_limits<double>::infinity();
    estimate.upper = std::numeric_limits<double>::infinity();
    return estimate;
  }
  const double margin = kZ95 * std::sqrt(score.GameVariance() / static_cast<double>(score.games()));
  estimate.lower = EloFromScore(s - margin);
  estimate.upper = EloFromScore(s + margin);
  return estimate;
}

SprtResult Sprt(const MatchScore& score, double elo0, double elo1, double alpha, double beta) {
  SprtResult result;
  result.lower_bound = std::log(beta / (1 - alpha));
  result.upper_bound = std::log((1 - beta) / alpha);
  double variance = score.GameVariance();
  if (score.games() > 0 && variance == 0) {
    // Every game had the same result: take the spread as if one more game had been drawn,
    // so that a clean sweep can still decide (and one game alone cannot).
    variance = MatchScore{score.wins, score.draws + 1, score.losses}.GameVariance();
  }
  if (score.games() > 0 && variance > 0) {
    const double s = score.Fraction();
    const double s0 = ExpectedScore(elo0);
    const double s1 = ExpectedScore(elo1);
    result.llr =
        static_cast<double>(score.games()) * (s1 - s0) * (2 * s - s0 - s1) / (2 * variance);
  }
  if (result.llr >= result.upper_bound) {
    result.decision = SprtDecision::kAcceptH1;
  } else if (result.llr <= result.lower_bound) {
    result.decision = SprtDecision::kAcceptH0;
  }
  return result;
}

const char* SprtDecisionName(SprtDecision decision) {
  switch (decision) {
    case SprtDecision::kContinue:
      return "continue";
    case SprtDecision::kAcceptH0:
      return "H0 accepted";
    case SprtDecision::kAcceptH1:
      return "H1 accepted";
  }
  return "?";
}

}  // namespace sandtable
