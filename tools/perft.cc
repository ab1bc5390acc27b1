#include "tools/perft.h"

#include <utility>

#include "absl/strings/str_cat.h"

namespace sandtable {
namespace {

std::unique_ptr<Position> Stepped(const Position& position, Action action) {
  std::unique_ptr<Position> child = position.Clone();
  child->Apply(action);
  return child;
}

}  // namespace

void PerftCounts::Add(const PerftCounts& other) {
  leaves += other.leaves;
  terminal_leaves += other.terminal_leaves;
  decision_nodes += other.decision_nodes;
  decision_branches += other.decision_branches;
  chance_nodes += other.chance_nodes;
  chance_branches += other.chance_branches;
  simultaneous_nodes += other.simultaneous_nodes;
  joint_branches += other.joint_branches;
}

void PerftCounts::AddNode(NodeKind kind, int branches) {
  switch (kind) {
    case NodeKind::kDecision:
      ++decision_nodes;
      decision_branches += branches;
      break;
    case NodeKind::kChance:
      ++chance_nodes;
      chance_branches += branches;
      break;
    case NodeKind::kSimultaneous:
      ++simultaneous_nodes;
      joint_branches += branches;
      break;
    case NodeKind::kTerminal:
      break;
  }
}

std::vector<PerftBranch> PerftBranches(const Position& position) {
  std::vector<PerftBranch> branches;
  switch (position.Kind()) {
    case NodeKind::kTerminal:
      break;
    case NodeKind::kDecision: {
      const Player player = position.CurrentPlayer();
      const ActionList actions = position.LegalActions(player);
      for (const Action action : actions) {
        branches.push_back({position.ActionToString(player, action), Probability(1, actions.size()),
                            Stepped(position, action)});
      }
      break;
    }
    case NodeKind::kChance:
      for (const ChanceOutcome& outcome : position.ChanceOutcomes()) {
        branches.push_back({position.ActionToString(kChancePlayer, outcome.outcome),
                            outcome.probability, Stepped(position, outcome.outcome)});
      }
      break;
    case NodeKind::kSimultaneous: {
      const ActionList first = position.LegalActions(0);
      const ActionList second = position.LegalActions(1);
      const Probability share(1, static_cast<uint64_t>(first.size()) * second.size());
      for (const Action a : first) {
        for (const Action b : second) {
          std::unique_ptr<Position> child = position.Clone();
          child->ApplyJoint(JointAction{a, b});
          branches.push_back(
              {absl::StrCat(position.ActionToString(0, a), " | ", position.ActionToString(1, b)),
               share, std::move(child)});
        }
      }
      break;
    }
  }
  return branches;
}

PerftCounts Perft(const Position& position, int depth, const std::atomic<bool>* cancel,
                  std::atomic<int64_t>* visited) {
  if (visited != nullptr) {
    visited->store(visited->load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  PerftCounts counts;
  if (position.Kind() == NodeKind::kTerminal || depth == 0) {
    counts.leaves = 1;
    counts.terminal_leaves = position.Kind() == NodeKind::kTerminal ? 1 : 0;
    counts.leaf_mass = Probability::One();
    return counts;
  }
  if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) return counts;
  const std::vector<PerftBranch> branches = PerftBranches(position);
  counts.AddNode(position.Kind(), static_cast<int>(branches.size()));
  for (const PerftBranch& branch : branches) {
    const PerftCounts child = Perft(*branch.position, depth - 1, cancel, visited);
    counts.Add(child);
    counts.leaf_mass += branch.probability * child.leaf_mass;
  }
  return counts;
}

std::vector<PerftDivideLine> PerftDivide(const Position& position, int depth,
                                         std::atomic<int64_t>* visited) {
  std::vector<PerftDivideLine> lines;
  if (depth == 0) return lines;
  for (const PerftBranch& branch : PerftBranches(position)) {
    lines.push_back(
        {branch.text, branch.probability, Perft(*branch.position, depth - 1, nullptr, visited)});
  }
  return lines;
}

}  // namespace sandtable
