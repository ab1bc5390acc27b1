// Exact dice distributions shared by the rulesets.
#ifndef SANDTABLE_ENGINE_DICE_H_
#define SANDTABLE_ENGINE_DICE_H_

#include <vector>

#include "engine/probability.h"

namespace sandtable {

// Probability of exactly k successes, k = 0..dice, when rolling `dice` dice of `faces`
// faces where each die succeeds on `success_faces` of its faces (a binomial distribution).
std::vector<Probability> SuccessCountDistribution(int dice, int faces, int success_faces);

// Probability that one die of `faces` faces succeeds on `success_faces` of them.
inline Probability SingleDieChance(int faces, int success_faces) {
  return Probability(success_faces, faces);
}

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_DICE_H_
