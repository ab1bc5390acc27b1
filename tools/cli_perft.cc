#include "tools/cli_perft.h"

#include <atomic>
#include <chrono>
#include <cxxopts.hpp>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli_common.h"
#include "tools/progress_line.h"
#include "tools/terminal.h"

namespace sandtable {
namespace {

std::unique_ptr<Position> Stepped(const Position& position, Action action) {
  std::unique_ptr<Position> child = position.Clone();
  child->Apply(action);
  return child;
}

void CountNode(const Position& position, int branches, PerftCounts& counts) {
  switch (position.Kind()) {
    case NodeKind::kDecision:
      ++counts.decision_nodes;
      counts.decision_branches += branches;
      break;
    case NodeKind::kChance:
      ++counts.chance_nodes;
      counts.chance_branches += branches;
      break;
    case NodeKind::kSimultaneous:
      ++counts.simultaneous_nodes;
      counts.joint_branches += branches;
      break;
    case NodeKind::kTerminal:
      break;
  }
}

struct Flags : PositionFlags {
  int depth = 0;
  bool divide = false;
};

absl::Status ParseFlags(int argc, const char* const* argv, Flags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options("sandtable perft",
                             "Counts the game tree to a depth: leaves, decision, chance and "
                             "simultaneous branches, and the exact probability mass at the "
                             "leaves (chance exact, decisions uniform; 1 for a correct "
                             "ruleset).");
    AddPositionFlags(options, {.ruleset = "ruleset spec, e.g. quickplay(squad_size=5)"});
    options.add_options()("depth", "plies to count (required)", cxxopts::value<int>())(
        "divide", "counts below each root branch")("h,help", "this help");
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (absl::Status status = FinishParse(options, result, flags); !status.ok() || flags.help) {
      return status;
    }
    ReadPositionFlags(result, flags);
    if (!result.count("depth")) return absl::InvalidArgumentError("--depth is required");
    flags.depth = result["depth"].as<int>();
    if (flags.depth < 0 || flags.depth > 64) {
      return absl::InvalidArgumentError("--depth must be 0..64");
    }
    flags.divide = result.count("divide") > 0;
    return absl::OkStatus();
  });
}

std::string CountsText(const PerftCounts& c) {
  return absl::StrFormat(
      "leaves %d (terminal %d)\ndecision nodes %d, branches %d\nchance nodes %d, branches "
      "%d\nsimultaneous nodes %d, joint branches %d\nleaf mass %s (%.17g)\n",
      c.leaves, c.terminal_leaves, c.decision_nodes, c.decision_branches, c.chance_nodes,
      c.chance_branches, c.simultaneous_nodes, c.joint_branches, c.leaf_mass.ToString(),
      c.leaf_mass.ToDouble());
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
  CountNode(position, static_cast<int>(branches.size()), counts);
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

int RunPerft(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Flags flags;
  const int code = ReportFlags("perft", ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  absl::StatusOr<GameAndPosition> loaded = LoadGameAndPosition(flags);
  if (!loaded.ok()) return Fail("perft", loaded.status(), err);
  const Game& game = *loaded->game;
  Position& position = *loaded->position;

  out << "perft " << flags.depth << " of " << game.spec() << " from " << position.ToString() << " ("
      << DescribeNode(position) << ")\n";
  const auto start = std::chrono::steady_clock::now();
  std::atomic<int64_t> visited{0};
  const auto seconds_so_far = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  std::optional<ProgressLine> progress;
  progress.emplace(err, ProgressStyle(err), [&] {
    const double seconds = seconds_so_far();
    const int64_t nodes = visited.load(std::memory_order_relaxed);
    return absl::StrFormat("perft: %d nodes in %.1f s (%.0f/s)", nodes, seconds, nodes / seconds);
  });
  PerftCounts counts;
  if (flags.divide && flags.depth > 0 && position.Kind() != NodeKind::kTerminal) {
    // The total is the root plus the branches: no second walk.
    const std::vector<PerftDivideLine> lines = PerftDivide(position, flags.depth, &visited);
    progress.reset();  // ends the progress line before the results
    CountNode(position, static_cast<int>(lines.size()), counts);
    for (const PerftDivideLine& line : lines) {
      out << absl::StrFormat("%s: %d leaves, mass %s (branch probability %s)\n", line.branch,
                             line.counts.leaves, line.counts.leaf_mass.ToString(),
                             line.probability.ToString());
      counts.Add(line.counts);
      counts.leaf_mass += line.probability * line.counts.leaf_mass;
    }
  } else {
    counts = Perft(position, flags.depth, nullptr, &visited);
  }
  const double seconds = seconds_so_far();
  progress.reset();
  out << CountsText(counts);
  const int64_t nodes =
      counts.leaves + counts.decision_nodes + counts.chance_nodes + counts.simultaneous_nodes;
  out << absl::StrFormat("time %.3f s, %.0f nodes/s\n", seconds,
                         seconds > 0 ? nodes / seconds : 0.0);
  return kExitOk;
}

}  // namespace sandtable
