// The exact slab test both grids build their line geometry on. A centre-to-centre segment is
// P(t) = A + t D for t in the open interval (0, 1); a cell's open interior is the intersection
// of open slabs lower < f(P) < upper of linear functions f with integer values at the centres
// (two axes for a square, three for a hex). Each slab narrows the interval of t; the segment
// crosses the cell iff what is left is non-empty. Bounds are fractions with positive
// denominators, compared by cross-multiplication, so nothing is rounded.
#ifndef SANDTABLE_ENGINE_SEGMENT_INTERVAL_H_
#define SANDTABLE_ENGINE_SEGMENT_INTERVAL_H_

#include <cstdint>

namespace sandtable {

struct Fraction {
  int64_t num;
  int64_t den;  // > 0
};

inline bool Less(Fraction a, Fraction b) { return a.num * b.den < b.num * a.den; }

class SegmentInterval {
 public:
  // Narrows the interval to the t where lower < start + t * delta < upper. Returns false
  // when this slab alone excludes every t (delta = 0 and start outside the slab).
  bool Narrow(int64_t start, int64_t delta, int64_t lower, int64_t upper) {
    if (delta == 0) {
      if (lower < start && start < upper) return true;
      lo_ = Fraction{1, 1};
      hi_ = Fraction{0, 1};
      return false;
    }
    Fraction enter{lower - start, delta};
    Fraction leave{upper - start, delta};
    if (delta < 0) {
      enter = Fraction{start - upper, -delta};
      leave = Fraction{start - lower, -delta};
    }
    if (Less(lo_, enter)) lo_ = enter;
    if (Less(leave, hi_)) hi_ = leave;
    return true;
  }
  bool Empty() const { return !Less(lo_, hi_); }
  Fraction lo() const { return lo_; }  // where the segment enters the cell
  Fraction hi() const { return hi_; }  // where it leaves

 private:
  Fraction lo_{0, 1};
  Fraction hi_{1, 1};
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_SEGMENT_INTERVAL_H_
