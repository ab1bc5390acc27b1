#include "tools/cli_odds.h"

#include <cxxopts.hpp>
#include <map>
#include <memory>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"
#include "engine/text.h"
#include "tools/cli_common.h"
#include "tools/odds.h"

namespace sandtable {
namespace {

struct Flags : PositionFlags {
  std::string action;
  bool by_position = false;
};

absl::Status ParseFlags(int argc, const char* const* argv, Flags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options(
        "sandtable odds",
        "The exact distribution of one action's results: the action is applied, then every "
        "chance node is enumerated until the next decision or the end. Each distinct result "
        "(the ruleset's measures, e.g. damage and destroyed) is printed with its exact "
        "probability, then the expected value of each measure.");
    AddPositionFlags(options);
    options.add_options()(
        "action",
        "the move: the action of the player to move, or at a simultaneous node both "
        "players' as 'A0 | A1' (omit at a chance node)",
        cxxopts::value<std::string>())("positions", "also tell results apart by position")(
        "h,help", "this help");
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (absl::Status status = FinishParse(options, result, flags); !status.ok() || flags.help) {
      return status;
    }
    ReadPositionFlags(result, flags);
    if (result.count("action")) flags.action = result["action"].as<std::string>();
    flags.by_position = result.count("positions") > 0;
    return absl::OkStatus();
  });
}

}  // namespace

int RunOdds(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Flags flags;
  const int code = ReportFlags("odds", ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  absl::StatusOr<GameAndPosition> loaded = LoadGameAndPosition(flags);
  if (!loaded.ok()) return Fail("odds", loaded.status(), err);
  const Game& game = *loaded->game;
  const Position& before = *loaded->position;

  std::string applied;
  absl::StatusOr<std::unique_ptr<Position>> start = ApplyOddsMove(before, flags.action, &applied);
  if (!start.ok()) return Fail("odds", start.status(), err);
  std::string what = "the chance node";
  if (before.Kind() == NodeKind::kDecision) {
    what = absl::StrCat("'", applied, "' by player ", before.CurrentPlayer());
  } else if (before.Kind() == NodeKind::kSimultaneous) {
    what = absl::StrCat("'", applied, "' (player 0 | player 1)");
  }
  absl::StatusOr<OddsResult> odds = ComputeOdds(before, **start, flags.by_position);
  if (!odds.ok()) return Fail("odds", odds.status(), err, kExitFailure);

  out << "odds of " << what << " in " << game.spec() << " from " << before.ToString() << "\n";
  for (const OddsLine& line : odds->lines) {
    std::string label;
    for (size_t i = 0; i < line.values.size(); ++i) {
      absl::StrAppend(&label, i > 0 ? " " : "", odds->measure_names[i], "=", line.values[i]);
    }
    if (label.empty()) label = "(no measures)";
    out << absl::StrFormat("  %-40s %12s  %.6f\n", label, line.probability.ToString(),
                           line.probability.ToDouble());
    if (!line.position.empty()) out << "    -> " << line.position << "\n";
  }
  for (size_t i = 0; i < odds->measure_names.size(); ++i) {
    out << absl::StrFormat("expected %s: %s = %.6g\n", odds->measure_names[i],
                           odds->expected[i].ToString(), odds->expected[i].ToDouble());
  }
  out << absl::StrFormat("total probability %s over %d chance paths\n", odds->total.ToString(),
                         odds->paths);
  return kExitOk;
}

}  // namespace sandtable
