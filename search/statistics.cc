#include "search/statistics.h"

#include <algorithm>
#include <cmath>

namespace sandtable {

InverseTables::InverseTables() {
  inverse_[0] = inverse_sqrt_[0] = 0;
  for (uint32_t n = 1; n < kSize; ++n) {
    inverse_[n] = 1.0 / n;
    inverse_sqrt_[n] = 1.0 / std::sqrt(static_cast<double>(n));
  }
}

const InverseTables& InverseTables::Get() {
  static const InverseTables* const tables = new InverseTables();
  return *tables;
}

double WilsonLowerBound(double p, double n) {
  if (n <= 0) return 0;
  constexpr double kZ = 1.959963984540054;  // two-sided 95%
  constexpr double kZ2 = kZ * kZ;
  const double center = p + kZ2 / (2 * n);
  const double spread = kZ * std::sqrt(std::max(0.0, p * (1 - p) / n + kZ2 / (4 * n * n)));
  return std::max(0.0, (center - spread) / (1 + kZ2 / n));
}

void RegretMatchingStrategy(const float* regrets, int count, double* strategy) {
  double total = 0;
  for (int i = 0; i < count; ++i) {
    strategy[i] = std::max(0.0, static_cast<double>(regrets[i]));
    total += strategy[i];
  }
  for (int i = 0; i < count; ++i) strategy[i] = total > 0 ? strategy[i] / total : 1.0 / count;
}

void Exp3Strategy(const float* reward_estimates, int count, double gamma, double* strategy) {
  const double eta = gamma / count;
  double best = reward_estimates[0];
  for (int i = 1; i < count; ++i) best = std::max(best, static_cast<double>(reward_estimates[i]));
  double total = 0;
  for (int i = 0; i < count; ++i) {
    strategy[i] = std::exp(eta * (reward_estimates[i] - best));
    total += strategy[i];
  }
  for (int i = 0; i < count; ++i) strategy[i] /= total;
}

}  // namespace sandtable
