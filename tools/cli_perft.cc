#include "tools/cli_perft.h"

#include <atomic>
#include <chrono>
#include <cxxopts.hpp>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli_common.h"
#include "tools/perft.h"
#include "tools/progress_line.h"
#include "tools/terminal.h"

namespace sandtable {
namespace {

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
    counts.AddNode(position.Kind(), static_cast<int>(lines.size()));
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
