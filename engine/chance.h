// Sampling a chance node: the one function that search, tools and tests all use, so that a
// seeded game walks the same outcomes wherever it is replayed.
#ifndef SANDTABLE_ENGINE_CHANCE_H_
#define SANDTABLE_ENGINE_CHANCE_H_

#include "absl/base/attributes.h"
#include "engine/check.h"
#include "engine/rng.h"
#include "engine/types.h"

namespace sandtable {

// An outcome of the non-empty `outcomes`, drawn with its probability. Equally likely outcomes
// (a deal, a single die) take one integer draw, the common and cheaper case in playouts;
// otherwise one uniform draw walks the cumulative probabilities (a double is exact enough
// for sampling; rounding that leaves a sliver picks the last outcome). Always inlined: the
// search's playouts reach it at every chance node, and GCC left it out of line once shared.
ABSL_ATTRIBUTE_ALWAYS_INLINE inline Action SampleChance(const ChanceList& outcomes, Rng& rng) {
  DCHECK(!outcomes.empty());
  const int n = outcomes.size();
  const Probability first = outcomes[0].probability;
  bool uniform = true;
  for (int i = 1; i < n && uniform; ++i) uniform = outcomes[i].probability == first;
  if (uniform) return outcomes[static_cast<int>(rng.Below(static_cast<uint32_t>(n)))].outcome;
  double u = rng.Uniform();
  for (int i = 0; i < n - 1; ++i) {
    u -= outcomes[i].probability.ToDouble();
    if (u < 0) return outcomes[i].outcome;
  }
  return outcomes[n - 1].outcome;
}

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_CHANCE_H_
