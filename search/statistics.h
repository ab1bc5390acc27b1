// Small numeric helpers of the search: confidence bounds and bandit strategies.
#ifndef SANDTABLE_SEARCH_STATISTICS_H_
#define SANDTABLE_SEARCH_STATISTICS_H_

#include <cmath>
#include <cstdint>

namespace sandtable {

// 1/n and 1/sqrt(n) from tables for the visit counts UCB meets most (selection streams
// through every edge of a node; divisions and square roots dominate otherwise).
class InverseTables {
 public:
  static constexpr uint32_t kSize = 4096;
  static const InverseTables& Get();
  double Inverse(uint32_t n) const { return n < kSize ? inverse_[n] : 1.0 / n; }
  double InverseSqrt(uint32_t n) const {
    return n < kSize ? inverse_sqrt_[n] : 1.0 / std::sqrt(static_cast<double>(n));
  }

 private:
  InverseTables();
  double inverse_[kSize];
  double inverse_sqrt_[kSize];
};

// Lower end of the 95% Wilson score interval for a proportion `p` observed over `n` trials
// (0 when n == 0).
double WilsonLowerBound(double p, double n);

// Regret matching: the current strategy is proportional to the positive regrets (uniform
// when none is positive). Writes `count` probabilities to `strategy`.
void RegretMatchingStrategy(const float* regrets, int count, double* strategy);

// EXP3 with exploration `gamma`: the strategy (before exploration mixing) proportional to
// exp(eta * reward_estimate), eta = gamma / count, computed stably.
void Exp3Strategy(const float* reward_estimates, int count, double gamma, double* strategy);

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_STATISTICS_H_
