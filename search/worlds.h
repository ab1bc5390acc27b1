// Worlds: a weighted set of full states that the searching player cannot tell apart, the
// searcher's belief when it is not the ruleset's uniform prior (search/inference.h computes
// it from the observed history). Each iteration of a search draws its determinization from
// here instead of calling Determinize.
#ifndef SANDTABLE_SEARCH_WORLDS_H_
#define SANDTABLE_SEARCH_WORLDS_H_

#include <algorithm>
#include <vector>

#include "engine/check.h"
#include "engine/rng.h"

namespace sandtable {

template <typename State>
class Worlds {
 public:
  // `weight` > 0; weights need not sum to 1.
  void Add(const State& state, double weight) {
    DCHECK(weight > 0);
    states_.push_back(state);
    total_ += weight;
    cumulative_.push_back(total_);
  }
  bool empty() const { return states_.empty(); }
  int size() const { return static_cast<int>(states_.size()); }
  const State& state(int i) const { return states_[i]; }
  double probability(int i) const {
    return (cumulative_[i] - (i > 0 ? cumulative_[i - 1] : 0)) / total_;
  }

  // A world drawn with its probability (not empty).
  const State& Sample(Rng& rng) const {
    DCHECK(!empty());
    const double u = rng.Uniform() * total_;
    const auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
    return states_[std::min<size_t>(it - cumulative_.begin(), states_.size() - 1)];
  }

 private:
  std::vector<State> states_;
  std::vector<double> cumulative_;
  double total_ = 0;
};

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_WORLDS_H_
