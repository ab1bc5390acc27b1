#include "tools/cli_bench.h"

#include <atomic>
#include <chrono>
#include <ctime>
#include <cxxopts.hpp>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli_common.h"
#include "tools/progress_line.h"
#include "tools/registry.h"
#include "tools/search_bench.h"
#include "tools/terminal.h"

namespace sandtable {
namespace {

struct Flags : GameFlags {
  int64_t playouts = 10000;
  uint64_t seed = 1;
  bool search = false;
  int64_t iterations = kSearchBenchIterations;
  int threads = 1;
};

absl::Status ParseFlags(int argc, const char* const* argv, Flags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options(
        "sandtable bench",
        "Random playouts per second (last line 'playouts/s N'), or with --search fixed-seed "
        "deterministic searches over a fixed position set per ruleset (last line "
        "'signature N': the total tree nodes, which changes when search behaviour does).");
    AddGameFlags(options,
                 {.ruleset = "ruleset spec (default: the default ruleset; --search: all)"});
    options.add_options()("playouts", "random games to play", cxxopts::value<int64_t>())(
        "seed", "random seed for the playouts", cxxopts::value<uint64_t>())(
        "search", "run the search benchmark instead")(
        "iterations", "search iterations per position (--search; default 2000)",
        cxxopts::value<int64_t>())("threads", "search threads (--search; default 1)",
                                   cxxopts::value<int>())("h,help", "this help");
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (absl::Status status = FinishParse(options, result, flags); !status.ok() || flags.help) {
      return status;
    }
    ReadGameFlags(result, flags);
    if (result.count("playouts")) flags.playouts = result["playouts"].as<int64_t>();
    if (result.count("seed")) flags.seed = result["seed"].as<uint64_t>();
    flags.search = result.count("search") > 0;
    if (result.count("iterations")) flags.iterations = result["iterations"].as<int64_t>();
    if (result.count("threads")) flags.threads = result["threads"].as<int>();
    if (flags.playouts < 1) return absl::InvalidArgumentError("--playouts must be at least 1");
    if (flags.iterations < 1) {
      return absl::InvalidArgumentError("--iterations must be at least 1");
    }
    if (flags.threads < 1 || flags.threads > 256) {
      return absl::InvalidArgumentError("--threads must be 1..256");
    }
    if (!flags.search && (result.count("iterations") || result.count("threads"))) {
      return absl::InvalidArgumentError("--iterations and --threads need --search");
    }
    if (flags.search && (result.count("playouts") || result.count("seed"))) {
      return absl::InvalidArgumentError(
          "--playouts and --seed are for playouts; --search uses fixed seeds");
    }
    return absl::OkStatus();
  });
}

double ThreadCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int RunPlayouts(const Flags& flags, std::ostream& out, std::ostream& err) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(flags);
  if (!game.ok()) return Fail("bench", game.status(), err);
  const std::unique_ptr<Position> start = (*game)->NewInitialPosition();
  out << "bench " << (*game)->spec() << ": " << flags.playouts
      << " random playouts from the initial position, seed " << flags.seed << "\n";
  // Rates use the thread's CPU time: on a busy machine wall time also counts other
  // processes; on an idle one the two agree.
  out << std::flush;  // the header before a long run
  const auto begin = std::chrono::steady_clock::now();
  const double cpu_begin = ThreadCpuSeconds();
  std::atomic<int64_t> games_done{0};
  std::optional<ProgressLine> progress;
  progress.emplace(err, ProgressStyle(err), [&] {
    const int64_t done = games_done.load(std::memory_order_relaxed);
    return absl::StrFormat("bench: %d of %d playouts (%.0f%%), %.1f s", done, flags.playouts,
                           100.0 * done / flags.playouts, SecondsSince(begin));
  });
  const PlayoutStats stats = start->RandomPlayouts(flags.playouts, flags.seed, &games_done);
  const double seconds = std::max(ThreadCpuSeconds() - cpu_begin, 1e-9);
  const double wall = SecondsSince(begin);
  progress.reset();  // ends the progress line before the results
  out << absl::StrFormat(
      "games %d: player 0 won %d, player 1 won %d, drawn %d\n"
      "steps %d (%.1f per game), decisions %d (%.1f per game)\n"
      "time %.3f s cpu (%.3f s wall)\n"
      "actions/s %.0f (every step, chance outcomes included)\n"
      "decisions/s %.0f\n"
      "playouts/s %.0f\n",
      stats.games, stats.wins[0], stats.wins[1], stats.draws, stats.steps,
      static_cast<double>(stats.steps) / stats.games, stats.decisions,
      static_cast<double>(stats.decisions) / stats.games, seconds, wall, stats.steps / seconds,
      stats.decisions / seconds, stats.games / seconds);
  return kExitOk;
}

int RunSearchBench(const Flags& flags, std::ostream& out, std::ostream& err) {
  std::vector<std::string> specs;
  if (!flags.ruleset.empty()) {
    specs.push_back(flags.ruleset);
  } else {
    for (const RulesetInfo& info : ListRulesets()) specs.push_back(info.name);
  }
  SearchBenchTotals total;
  for (const std::string& spec : specs) {
    absl::StatusOr<std::shared_ptr<const Game>> game =
        LoadGame(spec, specs.size() == 1 ? flags.scenario : "");
    if (!game.ok()) return Fail("bench", game.status(), err);
    const SearchBenchTotals totals = SearchBench(
        **game, flags.iterations, flags.threads,
        [](Search& search, const Position& position, Player player) {
          return search.Run(position, player);
        },
        [&](int index, const Position& position, Player player, const SearchResult& result) {
          out << absl::StrFormat(
              "%s #%d %s\n  player %d best %s: iterations %d, nodes %d, edges %d, "
              "%.3f s, %.0f iterations/s\n",
              (*game)->name(), index + 1, position.ToString(), player, result.best_action_text,
              result.iterations, result.tree_nodes, result.tree_edges, result.seconds,
              result.iterations_per_second);
        });
    total.positions += totals.positions;
    total.iterations += totals.iterations;
    total.seconds += totals.seconds;
    total.signature += totals.signature;
  }
  out << absl::StrFormat("total iterations %d in %.3f s: %.0f iterations/s\n", total.iterations,
                         total.seconds, total.seconds > 0 ? total.iterations / total.seconds : 0);
  out << "signature " << total.signature << "\n";
  return kExitOk;
}

}  // namespace

int RunBench(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Flags flags;
  const int code = ReportFlags("bench", ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  return flags.search ? RunSearchBench(flags, out, err) : RunPlayouts(flags, out, err);
}

}  // namespace sandtable
