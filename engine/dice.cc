#include "engine/dice.h"

#include "engine/check.h"

namespace sandtable {

std::vector<Probability> SuccessCountDistribution(int dice, int faces, int success_faces) {
  CHECK(dice >= 0 && faces > 0 && success_faces >= 0 && success_faces <= faces);
  // Polynomial (q + p x)^dice, built one die at a time with exact fractions.
  const Probability p(success_faces, faces);
  const Probability q(faces - success_faces, faces);
  std::vector<Probability> distribution = {Probability::One()};
  for (int die = 0; die < dice; ++die) {
    std::vector<Probability> next(distribution.size() + 1, Probability::Zero());
    for (size_t k = 0; k < distribution.size(); ++k) {
      next[k] += distribution[k] * q;
      next[k + 1] += distribution[k] * p;
    }
    distribution = std::move(next);
  }
  return distribution;
}

}  // namespace sandtable
