#include "tools/cli_analyse.h"

#include <cmath>
#include <cxxopts.hpp>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "tools/analysis_report.h"
#include "tools/board_text.h"
#include "tools/chance_analysis.h"
#include "tools/cli_common.h"
#include "tools/terminal.h"

namespace sandtable {
namespace {

struct Flags : PositionFlags {
  int64_t iterations = 0;
  int64_t movetime_ms = 0;
  int threads = 1;
  uint64_t seed = 0;
  bool deterministic = false;
  int cutoff = SearchOptions::kRulesetCutoff;
  RolloutChoice rollout = RolloutChoice::kRuleset;
  double ucb_c = 1.4;
  UcbValues ucb_values = UcbValues::kRuleset;
  Player player = 0;
  int belief_samples = 16384;
  BeliefModel belief = BeliefModel::kInference;
  int model_iterations = 0;
  bool json = false;
};

absl::Status ParseFlags(int argc, const char* const* argv, Flags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options(
        "sandtable analyse",
        "Searches one position and prints, per root action, visits, mean value, win "
        "probability, its 95% lower bound and the principal variation; the belief over "
        "hidden information where there is some. At a chance node: every way the chance "
        "falls before the next decision, each searched, and the expected value. Default "
        "limit: 10000 iterations (per searched position).");
    AddPositionFlags(options, {.scenario = "scenario file (its initial position)"});
    options.add_options()("iterations", "search iterations", cxxopts::value<int64_t>())(
        "movetime", "search time in milliseconds", cxxopts::value<int64_t>())(
        "threads", "search threads (default 1)", cxxopts::value<int>())(
        "seed", "search seed (default 0)", cxxopts::value<uint64_t>())(
        "deterministic", "same result for any thread count (needs --iterations)")(
        "cutoff",
        "playout steps before the evaluator decides (default: the ruleset's; 0: play to the end)",
        cxxopts::value<int>())("rollout",
                               "playout policy: ruleset (the ruleset's own, default) or uniform",
                               cxxopts::value<std::string>())(
        "ucb", "UCB exploration constant (default 1.4)", cxxopts::value<double>())(
        "values",
        "what UCB compares: raw mean returns or each node's normalized to [0, 1] (default: the "
        "ruleset's)",
        cxxopts::value<std::string>())(
        "player",
        "the searching seat at a simultaneous node; at a chance node, whose values are "
        "shown (default 0)",
        cxxopts::value<int>())("belief-samples",
                               "determinizations behind the belief (default 16384)",
                               cxxopts::value<int>())(
        "belief",
        "uniform (the prior), inference (the posterior given the opponent's actions in "
        "--moves, the default) or bluff (inference and self-determinization)",
        cxxopts::value<std::string>())(
        "model",
        "inference: opponent model iterations per past decision (default: a quarter of "
        "--iterations, at least 100)",
        cxxopts::value<int>())("json", "one JSON object instead of the table")("h,help",
                                                                               "this help");
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (absl::Status status = FinishParse(options, result, flags); !status.ok() || flags.help) {
      return status;
    }
    ReadPositionFlags(result, flags);
    if (result.count("iterations")) flags.iterations = result["iterations"].as<int64_t>();
    if (result.count("movetime")) flags.movetime_ms = result["movetime"].as<int64_t>();
    if (result.count("threads")) flags.threads = result["threads"].as<int>();
    if (result.count("seed")) flags.seed = result["seed"].as<uint64_t>();
    if (result.count("cutoff")) flags.cutoff = result["cutoff"].as<int>();
    if (result.count("rollout")) {
      const std::optional<RolloutChoice> rollout =
          RolloutChoiceNamed(result["rollout"].as<std::string>());
      if (!rollout) return absl::InvalidArgumentError("--rollout must be ruleset or uniform");
      flags.rollout = *rollout;
    }
    if (result.count("ucb")) flags.ucb_c = result["ucb"].as<double>();
    if (result.count("values")) {
      const std::optional<UcbValues> values = UcbValuesNamed(result["values"].as<std::string>());
      if (!values) {
        return absl::InvalidArgumentError("--values must be ruleset, raw or normalized");
      }
      flags.ucb_values = *values;
    }
    if (result.count("player")) flags.player = result["player"].as<int>();
    if (result.count("belief-samples")) {
      flags.belief_samples = result["belief-samples"].as<int>();
    }
    if (result.count("belief")) {
      const std::optional<BeliefModel> belief =
          BeliefModelNamed(result["belief"].as<std::string>());
      if (!belief)
        return absl::InvalidArgumentError("--belief must be uniform, inference or bluff");
      flags.belief = *belief;
    }
    if (result.count("model")) {
      flags.model_iterations = result["model"].as<int>();
      if (flags.model_iterations < 1)
        return absl::InvalidArgumentError("--model must be at least 1");
    }
    flags.deterministic = result.count("deterministic") > 0;
    flags.json = result.count("json") > 0;
    if (!flags.state.empty() && !flags.scenario.empty()) {
      return absl::InvalidArgumentError("give --state or --scenario, not both");
    }
    if (result.count("iterations") && result.count("movetime")) {
      return absl::InvalidArgumentError("give --iterations or --movetime, not both");
    }
    if (result.count("iterations") && flags.iterations < 1) {
      return absl::InvalidArgumentError("--iterations must be at least 1");
    }
    if (result.count("movetime") && flags.movetime_ms < 1) {
      return absl::InvalidArgumentError("--movetime must be at least 1");
    }
    if (flags.iterations == 0 && flags.movetime_ms == 0) flags.iterations = 10000;
    if (flags.deterministic && flags.movetime_ms > 0) {
      return absl::InvalidArgumentError("--deterministic needs --iterations, not --movetime");
    }
    if (flags.threads < 1 || flags.threads > 256) {
      return absl::InvalidArgumentError("--threads must be 1..256");
    }
    if (flags.cutoff < 0 && flags.cutoff != SearchOptions::kRulesetCutoff) {
      return absl::InvalidArgumentError("--cutoff must be at least 0");
    }
    if (flags.belief_samples < 1 || flags.belief_samples > kMaxBeliefSamples) {
      return absl::InvalidArgumentError(
          absl::StrCat("--belief-samples must be 1..", kMaxBeliefSamples));
    }
    if (!(flags.ucb_c >= 0)) return absl::InvalidArgumentError("--ucb must be at least 0");
    if (flags.player < 0 || flags.player >= kNumPlayers) {
      return absl::InvalidArgumentError("--player must be 0 or 1");
    }
    return absl::OkStatus();
  });
}

}  // namespace

int RunAnalyse(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Flags flags;
  const int code = ReportFlags("analyse", ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  absl::StatusOr<GameAndPosition> loaded = LoadGameAndPosition(flags);
  if (!loaded.ok()) return Fail("analyse", loaded.status(), err);
  const Game& game = *loaded->game;
  Position& position = *loaded->position;
  const NodeKind kind = position.Kind();
  if (kind == NodeKind::kTerminal) return Fail("analyse", "the game is over at this position", err);
  SearchOptions options;
  options.seed = flags.seed;
  options.threads = flags.threads;
  options.deterministic = flags.deterministic;
  options.max_iterations = flags.iterations;
  options.max_time_ms = flags.movetime_ms;
  options.rollout_cutoff = flags.cutoff;
  options.rollout = flags.rollout;
  options.ucb_c = flags.ucb_c;
  options.ucb_values = flags.ucb_values;
  options.belief_samples = flags.belief_samples;
  options.belief = flags.belief;
  options.model_iterations = flags.model_iterations;
  // A long search shows a progress line on stderr, rewritten in place (on_progress runs on
  // one search thread while this one waits in Run, so `err` has one writer at a time).
  const TerminalStyle style = ProgressStyle(err);
  bool progress_shown = false;
  std::string branch_label;  // "outcome 2 of 9, " while a chance node's branches are searched
  options.on_progress = [&](const SearchProgress& progress) {
    err << style.ClearLine()
        << absl::StrFormat("analysing: %s%.1f s, %d iterations (%.0f/s)%s", branch_label,
                           progress.seconds, progress.iterations, progress.iterations_per_second,
                           BestSoFar(progress.snapshot))
        << std::flush;
    progress_shown = true;
  };
  // A terminal clears the line; elsewhere the last progress line is ended.
  const auto end_progress = [&] {
    if (progress_shown) err << (style.colour() ? style.ClearLine() : "\n") << std::flush;
  };
  if (kind == NodeKind::kChance) {
    absl::StatusOr<ChanceAnalysis> analysis = AnalyseChance(
        position, flags.player, options,
        [&](int i, int n) { branch_label = absl::StrCat("outcome ", i + 1, " of ", n, ", "); });
    end_progress();
    if (!analysis.ok()) return Fail("analyse", analysis.status(), err);
    out << (flags.json ? ChanceAnalysisJson(game, position, *analysis) + "\n"
                       : ChanceAnalysisText(game, position, *analysis));
    return kExitOk;
  }
  const Player player = kind == NodeKind::kDecision ? position.CurrentPlayer() : flags.player;
  const SearchResult result = game.NewSearch(options)->Run(position, player);
  end_progress();
  if (flags.json) {
    out << AnalysisJson(game, position, result) << "\n";
  } else {
    out << AnalysisText(game, position, result);
  }
  return kExitOk;
}

}  // namespace sandtable
