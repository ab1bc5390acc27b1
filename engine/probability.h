// Exact probabilities as reduced fractions, so chance outcomes sum to exactly 1 and `odds`
// can print 1/9 rather than 0.1111.
#ifndef SANDTABLE_ENGINE_PROBABILITY_H_
#define SANDTABLE_ENGINE_PROBABILITY_H_

#include <cstdint>
#include <string>

namespace sandtable {

class Probability {
 public:
  constexpr Probability() = default;
  // numerator / denominator, reduced; denominator must be positive.
  Probability(uint64_t numerator, uint64_t denominator);

  static Probability Zero() { return Probability(0, 1); }
  static Probability One() { return Probability(1, 1); }

  uint64_t numerator() const { return numerator_; }
  uint64_t denominator() const { return denominator_; }
  double ToDouble() const { return static_cast<double>(numerator_) / denominator_; }
  bool IsZero() const { return numerator_ == 0; }
  bool IsOne() const { return numerator_ == denominator_; }

  // "1/9", "1" or "0".
  std::string ToString() const;

  friend Probability operator+(Probability a, Probability b);
  friend Probability operator-(Probability a, Probability b);  // requires a >= b
  friend Probability operator*(Probability a, Probability b);
  Probability& operator+=(Probability other) { return *this = *this + other; }
  Probability& operator*=(Probability other) { return *this = *this * other; }
  friend bool operator==(Probability a, Probability b) = default;
  friend bool operator<(Probability a, Probability b);

 private:
  uint64_t numerator_ = 0;
  uint64_t denominator_ = 1;
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_PROBABILITY_H_
