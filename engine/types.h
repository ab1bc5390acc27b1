// The vocabulary every ruleset and the search share.
#ifndef SANDTABLE_ENGINE_TYPES_H_
#define SANDTABLE_ENGINE_TYPES_H_

#include <array>
#include <cstdint>

#include "engine/fixed_vector.h"
#include "engine/probability.h"

namespace sandtable {

// Every sandtable game has two players, 0 and 1; returns are zero-sum (+1 / 0 / -1).
using Player = int;
inline constexpr int kNumPlayers = 2;
inline constexpr Player kChancePlayer = -1;
inline constexpr Player kNoPlayer = -2;  // terminal and simultaneous nodes
// A viewer who sees everything, hidden information included (DescribeBoard).
inline constexpr Player kOmniscient = -3;

inline Player Opponent(Player p) { return 1 - p; }

enum class NodeKind : uint8_t {
  kDecision,      // CurrentPlayer() chooses one of LegalActions().
  kChance,        // nature picks one of ChanceOutcomes() with its exact probability.
  kSimultaneous,  // both players choose at once, in secret; applied with ApplyJoint().
  kTerminal,
};

const char* NodeKindName(NodeKind kind);

// A ruleset-defined code for a decision or a chance outcome, meaningful only together with
// the state it is legal in. Rulesets document their encoding and text notation.
using Action = uint32_t;
inline constexpr Action kInvalidAction = UINT32_MAX;

// One choice per player at a simultaneous node, indexed by player.
using JointAction = std::array<Action, kNumPlayers>;

struct ChanceOutcome {
  Action outcome = kInvalidAction;
  Probability probability;
};

// Capacities: the largest decision set any ruleset produces after decomposition, and the
// largest set of distinct chance outcomes.
inline constexpr int kMaxActions = 1024;
inline constexpr int kMaxChanceOutcomes = 256;
using ActionList = FixedVector<Action, kMaxActions>;
using ChanceList = FixedVector<ChanceOutcome, kMaxChanceOutcomes>;

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_TYPES_H_
