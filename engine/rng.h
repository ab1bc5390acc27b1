// A fast, seedable random number generator (xoshiro256**, seeded through SplitMix64).
// Independent streams come from (seed, stream index): the search seeds iteration i with
// Rng(seed, i), so results do not depend on which thread ran the iteration.
#ifndef SANDTABLE_ENGINE_RNG_H_
#define SANDTABLE_ENGINE_RNG_H_

#include <cstdint>

namespace sandtable {

// SplitMix64 finaliser: a good 64-bit mixing function, also used to combine hash keys.
constexpr uint64_t Mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Combines a hash with another value (order-dependent).
constexpr uint64_t HashCombine(uint64_t hash, uint64_t value) {
  return Mix64(hash ^ (value + 0x632be59bd9b4e019ULL + (hash << 6) + (hash >> 2)));
}

class Rng {
 public:
  explicit Rng(uint64_t seed = 0, uint64_t stream = 0) {
    uint64_t x = HashCombine(Mix64(seed), stream);
    for (uint64_t& word : state_) {
      x += 0x9e3779b97f4a7c15ULL;
      word = Mix64(x);
    }
  }

  uint64_t Next() {
    const uint64_t result = Rotl(state_[1] * 5, 7) * 9;
    const uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = Rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, bound); bound > 0. Lemire's multiply-shift (bias below 2^-32 for the
  // small bounds we use).
  uint32_t Below(uint32_t bound) {
    return static_cast<uint32_t>(((Next() >> 32) * static_cast<uint64_t>(bound)) >> 32);
  }

  // Uniform in [0, 1).
  double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

 private:
  static constexpr uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t state_[4];
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_RNG_H_
