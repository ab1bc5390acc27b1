#include "tools/match/elo.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sandtable {

double MatchScore::Fraction() const {
  if (games() == 0) return 0.5;
  return (static_cast<double>(wins) + 0.5 * static_cast<double>(draws)) /
         static_cast<double>(games());
}

void MatchScore::AddGame(double a_result) {
  return_sum += a_result;
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
  const double mean = (first_result + second_result) / 2;
  pair_return_sum += mean;
  pair_return_squares += mean * mean;
}

double MatchScore::MeanReturn() const {
  return games() == 0 ? 0.0 : return_sum / static_cast<double>(games());
}

ReturnInterval MeanReturnInterval(const MatchScore& score) {
  const int64_t n = score.pair_count();
  if (n < kMinPairsForReturnInterval) return {};
  const double count = static_cast<double>(n);
  const double mean = score.pair_return_sum / count;
  const double variance =
      std::max(0.0, (score.pair_return_squares - count * mean * mean) / (count - 1));
  const double half = 1.96 * std::sqrt(variance / count);
  return {true, mean - half, mean + half};
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

double ExpectedScore(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

double EloFromScore(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return 400.0 * std::log10(score / (1.0 - score));  // +0 (not -0) at an even score
}

namespace {

// What the statistics count: completed pairs by points per game (0, 1/4, 1/2, 3/4, 1)
// when there are any, else games (0, 1/2, 1).
struct Outcomes {
  int size = 0;
  double value[5] = {};
  double count[5] = {};
};

Outcomes CountOutcomes(const MatchScore& score) {
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
  for (int i = 0; i < 100; ++i) {
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

// The log-likelihood of the outcomes under the most likely distribution with mean `mean`.
double ProfileLogLikelihood(const Outcomes& outcomes, double mean) {
  double p[5];
  FitWithMean(outcomes, mean, p);
  double log_likelihood = 0;
  for (int k = 0; k < outcomes.size; ++k) {
    if (outcomes.count[k] > 0) log_likelihood += outcomes.count[k] * std::log(p[k]);
  }
  return log_likelihood;
}

// Half the 95% quantile of the chi-squared distribution with one degree of freedom.
constexpr double kHalfChiSquared95 = 3.841458820694124 / 2;

// The end of the likelihood-ratio interval between the best mean and `limit` (0 or 1): the
// mean there whose profile log-likelihood is kHalfChiSquared95 below the best, or `limit`
// when no mean on that side falls that far.
double IntervalEnd(const Outcomes& outcomes, double best_mean, double limit) {
  const double floor = ProfileLogLikelihood(outcomes, best_mean) - kHalfChiSquared95;
  constexpr double kEdge = 1e-9;  // means of exactly 0 or 1 have no fit
  const double edge = limit == 0 ? kEdge : 1 - kEdge;
  if (ProfileLogLikelihood(outcomes, edge) > floor) return limit;
  double inside = best_mean;
  double outside = edge;
  for (int i = 0; i < 60; ++i) {
    const double mid = (inside + outside) / 2;
    (ProfileLogLikelihood(outcomes, mid) > floor ? inside : outside) = mid;
  }
  return (inside + outside) / 2;
}

}  // namespace

EloEstimate EstimateElo(const MatchScore& score) {
  EloEstimate estimate;
  const Outcomes outcomes = CountOutcomes(score);
  double total = 0;
  double points = 0;
  for (int k = 0; k < outcomes.size; ++k) {
    total += outcomes.count[k];
    points += outcomes.count[k] * outcomes.value[k];
  }
  if (total == 0) {
    estimate.lower = -std::numeric_limits<double>::infinity();
    estimate.upper = std::numeric_limits<double>::infinity();
    return estimate;
  }
  const double mean = points / total;
  estimate.elo = EloFromScore(mean);
  // The best fit's mean: the observed one, kept off 0 and 1 (where nothing fits) the way
  // FitWithMean's pseudo-counts keep the fit itself.
  const double best = std::clamp(mean, 1e-6, 1 - 1e-6);
  estimate.lower = EloFromScore(IntervalEnd(outcomes, best, 0));
  estimate.upper = EloFromScore(IntervalEnd(outcomes, best, 1));
  return estimate;
}

SprtResult Sprt(const MatchScore& score, double elo0, double elo1, double alpha, double beta) {
  SprtResult result;
  result.lower_bound = std::log(beta / (1 - alpha));
  result.upper_bound = std::log((1 - beta) / alpha);
  const Outcomes outcomes = CountOutcomes(score);
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
