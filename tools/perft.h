// Perft: counts the game tree to a depth, decision, chance and simultaneous branches
// separately, with the exact probability mass reaching the leaves. Used by `sandtable perft`
// and the protocol's `perft`.
#ifndef SANDTABLE_TOOLS_PERFT_H_
#define SANDTABLE_TOOLS_PERFT_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/probability.h"
#include "tools/game.h"

namespace sandtable {

struct PerftCounts {
  // Positions at the depth plus positions where the game ended earlier (every step, chance
  // outcomes and joint choices included, is one ply).
  int64_t leaves = 0;
  int64_t terminal_leaves = 0;
  // Interior nodes by kind and the branches leaving them.
  int64_t decision_nodes = 0;
  int64_t decision_branches = 0;
  int64_t chance_nodes = 0;
  int64_t chance_branches = 0;
  int64_t simultaneous_nodes = 0;
  int64_t joint_branches = 0;  // |player 0's actions| x |player 1's actions| per node
  // The probability of reaching a leaf when chance follows its exact distribution and every
  // decision is uniform: exactly 1 for a correct ruleset (a node with no actions or no
  // outcomes before the end loses its share).
  Probability leaf_mass = Probability::Zero();

  void Add(const PerftCounts& other);
  // Counts one interior node of `kind` with `branches` branches leaving it.
  void AddNode(NodeKind kind, int branches);
};

// `cancel`, when given and raised, ends the count early (the counts are then partial).
// `visited`, when given, counts every node reached, for progress reports from another
// thread (one writer: the counting thread).
PerftCounts Perft(const Position& position, int depth, const std::atomic<bool>* cancel = nullptr,
                  std::atomic<int64_t>* visited = nullptr);

// The branches leaving `position`: one per legal action, chance outcome or joint choice,
// with its text, its probability (chance exact, decisions and joint choices uniform) and
// the position it leads to.
struct PerftBranch {
  std::string text;
  Probability probability;
  std::unique_ptr<Position> position;
};
std::vector<PerftBranch> PerftBranches(const Position& position);

// Perft below each root branch; `probability` is the chance probability (or the uniform
// share of a decision or joint choice) of that branch.
struct PerftDivideLine {
  std::string branch;
  Probability probability;
  PerftCounts counts;
};
std::vector<PerftDivideLine> PerftDivide(const Position& position, int depth,
                                         std::atomic<int64_t>* visited = nullptr);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_PERFT_H_
