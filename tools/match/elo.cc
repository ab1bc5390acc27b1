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

void MatchScore::AddGame(double a_result) {
  if (a_result > 0) {
    ++wins;
  } else if (a_result < 0) {
    ++losses;
  } else {
    ++draws;
  }
}

void MatchScore::AddPair(double first_result, double second_result) {
  // Points in halves: a win 2, a draw 1, a loss 0; pairs[k] is worth k/2 points.
  const auto halves = [](double result) { return result > 0 ? 2 : (result < 0 ? 0 : 1); };
  ++pairs[halves(first_result) + halves(second_result)];
}

int64_t MatchScore::pair_count() const {
  int64_t count = 0;
  for (int64_t n : pairs) count += n;
  return count;
}

double MatchScore::PairFraction() const {
  if (pair_count() == 0) return 0.5;
  double points = 0;
  for (int k = 0; k < 5; ++k) points += static_cast<double>(pairs[k]) * k / 4.0;
  return points / static_cast<double>(pair_count());
}

double MatchScore::PairVariance() const {
  if (pair_count() == 0) return 0;
  const double s = PairFraction();
  double sum = 0;
  for (int k = 0; k < 5; ++k) sum += static_cast<double>(pairs[k]) * (k / 4.0 - s) * (k / 4.0 - s);
  return sum / static_cast<double>(pair_count());
}

double ExpectedScore(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double EloFromScore(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return 400.0 * std::log10(score / (1.0 - score));  // +0 (not -0) at an even score
}

namespace {

// The units the interval counts: completed pairs when they differ, else games. How many,
// their mean points per game and the variance of one unit's points per game.
struct Units {
  double count = 0;
  double mean = 0.5;
  double variance = 0;
};

Units CountUnits(const MatchScore& score) {
  Units units;
  if (score.PairVariance() > 0) {
    units.count = static_cast<double>(score.pair_count());
    units.mean = score.PairFraction();
    units.variance = score.PairVariance();
  } else if (score.games() > 0) {
    // Every game alike: as if one more game had been drawn, so that a clean sweep still
    // gets a finite lower bound.
    units.count = static_cast<double>(score.games());
    units.mean = score.Fraction();
    units.variance = score.GameVariance();
    if (units.variance == 0) {
      units.variance = MatchScore{score.wins, score.draws + 1, score.losses}.GameVariance();
    }
  }
  return units;
}

}  // namespace

EloEstimate EstimateElo(const MatchScore& score) {
  const double s = score.Fraction();
  EloEstimate estimate;
  estimate.elo = EloFromScore(s);
  const Units units = CountUnits(score);
  if (units.count == 0) {
    estimate.lower = -std::numeric_limits<double>::infinity();
    estimate.upper = std::numeric_limits<double>::infinity();
    return estimate;
  }
  const double margin = kZ95 * std::sqrt(units.variance / units.count);
  estimate.lower = EloFromScore(s - margin);
  estimate.upper = EloFromScore(s + margin);
  return estimate;
}

namespace {

// The counts the SPRT sees: completed pairs by points per game (0, 1/4, 1/2, 3/4, 1) when
// there are any, else games (0, 1/2, 1).
struct Outcomes {
  int size = 0;
  double value[5] = {};
  double count[5] = {};
};

Outcomes SprtOutcomes(const MatchScore& score) {
  Outcomes outcomes;
  if (score.pair_count() > 0) {
    outcomes.size = 5;
    for (int k = 0; k < 5; ++k) {
      outcomes.value[k] = k / 4.0;
      outcomes.count[k] = static_cast<double>(score.pairs[k]);
    }
  } else {
    outcomes.size = 3;
    const int64_t counts[3] = {score.losses, score.draws, score.wins};
    for (int k = 0; k < 3; ++k) {
      outcomes.value[k] = k / 2.0;
      outcomes.count[k] = static_cast<double>(counts[k]);
    }
  }
  return outcomes;
}

// Pseudo-count added to every outcome before fitting, so that a mean the observed
// outcomes alone cannot reach (all wins, say) still has a fit.
constexpr double kPrior = 1e-3;

// The most likely distribution over the outcomes whose mean is `mean` (0 < mean < 1):
// p_k = f_k / (1 + lambda (x_k - mean)), f the observed frequencies, where lambda solves
// sum_k f_k (x_k - mean) / (1 + lambda (x_k - mean)) = 0 (a Lagrange multiplier; the sum
// falls strictly as lambda grows, from +inf to -inf across the interval where every
// denominator stays positive, so bisection finds it).
void FitWithMean(const Outcomes& outcomes, double mean, double p[5]) {
  double total = 0;
  for (int k = 0; k < outcomes.size; ++k) total += outcomes.count[k] + kPrior;
  double f[5];
  for (int k = 0; k < outcomes.size; ++k) f[k] = (outcomes.count[k] + kPrior) / total;
  const auto slope = [&](double lambda) {
    double sum = 0;
    for (int k = 0; k < outcomes.size; ++k) {
      const double d = outcomes.value[k] - mean;
      sum += f[k] * d / (1 + lambda * d);
    }
    return sum;
  };
  // The outcomes span [0, 1]: denominators stay positive for -1/(1 - mean) < lambda < 1/mean.
  double lo = -1 / (1 - mean);
  double hi = 1 / mean;
  for (int i = 0; i < 200; ++i) {
    const double mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    (slope(mid) > 0 ? lo : hi) = mid;
  }
  const double lambda = lo + (hi - lo) / 2;
  double sum = 0;
  for (int k = 0; k < outcomes.size; ++k) {
    p[k] = f[k] / (1 + lambda * (outcomes.value[k] - mean));
    sum += p[k];
  }
  for (int k = 0; k < outcomes.size; ++k) p[k] /= sum;
}

}  // namespace

SprtResult Sprt(const MatchScore& score, double elo0, double elo1, double alpha, double beta) {
  SprtResult result;
  result.lower_bound = std::log(beta / (1 - alpha));
  result.upper_bound = std::log((1 - beta) / alpha);
  const Outcomes outcomes = SprtOutcomes(score);
  double p0[5];
  double p1[5];
  FitWithMean(outcomes, ExpectedScore(elo0), p0);
  FitWithMean(outcomes, ExpectedScore(elo1), p1);
  for (int k = 0; k < outcomes.size; ++k) {
    if (outcomes.count[k] > 0) result.llr += outcomes.count[k] * std::log(p1[k] / p0[k]);
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
