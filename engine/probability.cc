#include "engine/probability.h"

#include <numeric>

#include "absl/strings/str_cat.h"
#include "engine/check.h"

namespace sandtable {
namespace {

// a * b / c without overflow for the sizes dice produce; CHECKs if the result would not fit.
uint64_t MulDiv(uint64_t a, uint64_t b, uint64_t c) {
  const unsigned __int128 product = static_cast<unsigned __int128>(a) * b / c;
  CHECK(product <= UINT64_MAX);
  return static_cast<uint64_t>(product);
}

}  // namespace

Probability::Probability(uint64_t numerator, uint64_t denominator) {
  CHECK(denominator > 0);
  const uint64_t g = std::gcd(numerator, denominator);
  numerator_ = numerator / g;
  denominator_ = denominator / g;
}

std::string Probability::ToString() const {
  if (denominator_ == 1) return absl::StrCat(numerator_);
  return absl::StrCat(numerator_, "/", denominator_);
}

Probability operator+(Probability a, Probability b) {
  const uint64_t lcm = std::lcm(a.denominator_, b.denominator_);
  return Probability(
      MulDiv(a.numerator_, lcm, a.denominator_) + MulDiv(b.numerator_, lcm, b.denominator_), lcm);
}

Probability operator-(Probability a, Probability b) {
  const uint64_t lcm = std::lcm(a.denominator_, b.denominator_);
  const uint64_t x = MulDiv(a.numerator_, lcm, a.denominator_);
  const uint64_t y = MulDiv(b.numerator_, lcm, b.denominator_);
  CHECK(x >= y);
  return Probability(x - y, lcm);
}

Probability operator*(Probability a, Probability b) {
  const uint64_t g1 = std::gcd(a.numerator_, b.denominator_);
  const uint64_t g2 = std::gcd(b.numerator_, a.denominator_);
  const unsigned __int128 num =
      static_cast<unsigned __int128>(a.numerator_ / g1) * (b.numerator_ / g2);
  const unsigned __int128 den =
      static_cast<unsigned __int128>(a.denominator_ / g2) * (b.denominator_ / g1);
  CHECK(num <= UINT64_MAX && den <= UINT64_MAX);
  return Probability(static_cast<uint64_t>(num), static_cast<uint64_t>(den));
}

bool operator<(Probability a, Probability b) {
  return static_cast<unsigned __int128>(a.numerator_) * b.denominator_ <
         static_cast<unsigned __int128>(b.numerator_) * a.denominator_;
}

}  // namespace sandtable
