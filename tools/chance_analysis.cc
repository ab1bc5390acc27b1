#include "tools/chance_analysis.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "tools/analysis_report.h"
#include "tools/board_text.h"
#include "tools/json_writer.h"
#include "tools/odds.h"

namespace sandtable {
namespace {

std::string ToMoveText(const ChanceBranch& branch) {
  switch (branch.position->Kind()) {
    case NodeKind::kDecision:
      return absl::StrCat(branch.position->CurrentPlayer());
    case NodeKind::kSimultaneous:
      return "both";
    default:
      return "-";
  }
}

}  // namespace

absl::StatusOr<std::vector<ChanceBranch>> EnumerateChanceBranches(const Position& position) {
  std::vector<ChanceBranch> branches;
  const absl::Status status = ForEachChancePath(
      position,
      [&](const Position& end, Probability probability,
          const std::vector<ChanceStep>& steps) -> absl::Status {
        if (static_cast<int>(branches.size()) == kMaxChanceBranches) {
          return absl::InvalidArgumentError(
              absl::StrCat("the chance here falls more than ", kMaxChanceBranches,
                           " ways before the next decision; give some outcomes with --moves"));
        }
        ChanceBranch& branch = branches.emplace_back();
        for (const ChanceStep& step : steps) {
          branch.outcomes.push_back(step.at->ActionToString(kChancePlayer, step.outcome));
        }
        branch.probability = probability;
        branch.position = end.Clone();
        return absl::OkStatus();
      });
  if (!status.ok()) return status;
  return branches;
}

absl::StatusOr<ChanceAnalysis> AnalyseChance(const Position& position, Player viewer,
                                             const SearchOptions& options,
                                             const std::function<void(int, int)>& before_search) {
  absl::StatusOr<std::vector<ChanceBranch>> branches = EnumerateChanceBranches(position);
  if (!branches.ok()) return branches.status();
  ChanceAnalysis analysis;
  analysis.viewer = viewer;
  analysis.branches = *std::move(branches);
  const int n = static_cast<int>(analysis.branches.size());
  for (int i = 0; i < n; ++i) {
    ChanceBranch& branch = analysis.branches[i];
    const NodeKind kind = branch.position->Kind();
    if (kind == NodeKind::kTerminal) {
      branch.value = branch.position->Returns(viewer);
    } else {
      if (before_search) before_search(i, n);
      const Player searcher =
          kind == NodeKind::kDecision ? branch.position->CurrentPlayer() : viewer;
      branch.search = position.game().NewSearch(options)->Run(*branch.position, searcher);
      double value = 0;
      double win_probability = 0;
      RootAverages(branch.search, value, win_probability);
      // Returns are zero-sum: the opponent's value is the viewer's, negated.
      branch.value = searcher == viewer ? value : -value;
    }
    analysis.expected_value += branch.probability.ToDouble() * branch.value;
  }
  return analysis;
}

std::string ChanceAnalysisText(const Game& game, const Position& position,
                               const ChanceAnalysis& analysis) {
  std::string text = absl::StrCat(
      game.spec(), "  ", position.ToString(), "\n", BoardText(position.DescribeBoard(kOmniscient)),
      "chance node: ", analysis.branches.size(),
      " ways to the next decision (exact probabilities), each searched; values "
      "for player ",
      analysis.viewer, "\n");
  absl::StrAppend(&text, absl::StrFormat("%-30s %11s %-9s %7s  %-24s %9s\n", "outcomes",
                                         "probability", "fraction", "to move", "best", "value"));
  for (const ChanceBranch& branch : analysis.branches) {
    const std::string best = branch.search.iterations > 0 ? branch.search.best_action_text : "-";
    absl::StrAppend(
        &text,
        absl::StrFormat("%-30s %11.4f %-9s %7s  %-24s %+9.3f\n",
                        absl::StrJoin(branch.outcomes, " "), branch.probability.ToDouble(),
                        branch.probability.ToString(), ToMoveText(branch), best, branch.value));
  }
  absl::StrAppend(&text, absl::StrFormat("expected value for player %d: %+.3f\n", analysis.viewer,
                                         analysis.expected_value));
  return text;
}

std::string ChanceAnalysisJson(const Game& game, const Position& position,
                               const ChanceAnalysis& analysis) {
  Json branches = Json::array();
  for (const ChanceBranch& branch : analysis.branches) {
    Json entry = {{"outcomes", branch.outcomes},
                  {"probability", branch.probability.ToDouble()},
                  {"fraction", branch.probability.ToString()},
                  {"position", branch.position->ToString()},
                  {"nodeKind", NodeKindName(branch.position->Kind())},
                  {"value", branch.value}};
    if (branch.search.iterations > 0) {
      entry["analysis"] = AnalysisJsonValue(game, *branch.position, branch.search);
    }
    branches.push_back(std::move(entry));
  }
  return JsonText({{"ruleset", game.spec()},
                   {"position", position.ToString()},
                   {"nodeKind", NodeKindName(NodeKind::kChance)},
                   {"player", analysis.viewer},
                   {"value", analysis.expected_value},
                   {"branches", std::move(branches)}});
}

}  // namespace sandtable
