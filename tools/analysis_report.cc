#include "tools/analysis_report.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "tools/board_text.h"
#include "tools/json_writer.h"

namespace sandtable {

void RootAverages(const SearchResult& result, double& value, double& win_probability) {
  int64_t visits = 0;
  value = 0;
  win_probability = 0;
  for (const RootActionStats& stats : result.actions) {
    visits += stats.visits;
    value += stats.mean_value * stats.visits;
    win_probability += stats.win_probability * stats.visits;
  }
  if (visits > 0) {
    value /= visits;
    win_probability /= visits;
  }
}

Json AnalysisJsonValue(const Game& game, const Position& position, const SearchResult& result) {
  double value = 0;
  double win_probability = 0;
  RootAverages(result, value, win_probability);
  Json move_infos = Json::array();
  for (size_t i = 0; i < result.actions.size(); ++i) {
    const RootActionStats& stats = result.actions[i];
    move_infos.push_back({{"move", stats.text},
                          {"order", i},
                          {"visits", stats.visits},
                          {"value", stats.mean_value},
                          {"winrate", stats.win_probability},
                          {"lowerBound", stats.lower_bound},
                          {"policy", stats.policy},
                          {"pv", stats.principal_variation}});
  }
  Json belief = Json::array();
  for (const auto& [label, probability] : result.belief) {
    belief.push_back({{"hidden", label}, {"probability", probability}});
  }
  return {{"ruleset", game.spec()},
          {"position", position.ToString()},
          {"nodeKind", NodeKindName(result.root_kind)},
          {"player", result.player},
          {"bestMove", result.best_action_text},
          {"rootInfo",
           {{"visits", result.iterations},
            {"value", value},
            {"winrate", win_probability},
            {"seconds", result.seconds},
            {"iterationsPerSecond", result.iterations_per_second},
            {"treeNodes", result.tree_nodes},
            {"treeEdges", result.tree_edges},
            {"treeBytes", result.tree_bytes},
            {"bytesPerNode", result.bytes_per_node},
            {"bytesPerEdge", result.bytes_per_edge},
            {"memoryCapped", result.memory_capped},
            {"stopped", result.stopped}}},
          {"moveInfos", std::move(move_infos)},
          {"pv", result.principal_variation},
          {"beliefSamples", result.belief_samples},
          {"beliefExact", result.belief_exact},
          {"belief", std::move(belief)}};
}

std::string AnalysisJson(const Game& game, const Position& position, const SearchResult& result) {
  return JsonText(AnalysisJsonValue(game, position, result));
}

std::string AnalysisText(const Game& game, const Position& position, const SearchResult& result) {
  std::string text = absl::StrCat(
      game.spec(), "  ", position.ToString(), "\n", BoardText(position.DescribeBoard(kOmniscient)),
      "searching for player ", result.player, " at a ", NodeKindName(result.root_kind), " node\n");
  absl::StrAppend(
      &text,
      absl::StrFormat("%d iterations in %.3f s (%.0f/s), tree: %d nodes, %d edges, %.1f MB%s%s\n",
                      result.iterations, result.seconds, result.iterations_per_second,
                      result.tree_nodes, result.tree_edges, result.tree_bytes / 1048576.0,
                      result.memory_capped ? ", memory cap reached" : "",
                      result.stopped ? ", stopped" : ""));
  absl::StrAppend(&text, absl::StrFormat("%-24s %9s %7s %7s %7s %7s  %s\n", "action", "visits",
                                         "policy", "value", "win%", "lower%", "pv"));
  for (const RootActionStats& stats : result.actions) {
    absl::StrAppend(&text, absl::StrFormat("%-24s %9d %7.3f %+7.3f %7.1f %7.1f  %s\n", stats.text,
                                           stats.visits, stats.policy, stats.mean_value,
                                           100 * stats.win_probability, 100 * stats.lower_bound,
                                           absl::StrJoin(stats.principal_variation, " ")));
  }
  absl::StrAppend(&text, "best ", result.best_action_text, "\n");
  if (!result.principal_variation.empty()) {
    absl::StrAppend(&text, "pv ", absl::StrJoin(result.principal_variation, " "), "\n");
  }
  if (!result.belief.empty() && result.belief_exact) {
    absl::StrAppend(&text, "belief over player ", Opponent(result.player),
                    "'s hidden state (inferred from the history, exact over ",
                    result.belief_samples, " worlds):\n");
  } else if (!result.belief.empty()) {
    // The widest 95% margin of a share estimated from n samples: 1.96 sqrt(1/4 / n).
    const double margin = 0.98 / std::sqrt(static_cast<double>(result.belief_samples));
    absl::StrAppend(&text, "belief over player ", Opponent(result.player), "'s hidden state (",
                    result.belief_samples,
                    absl::StrFormat(" samples, each share within %.1f%%):\n", 100 * margin));
  }
  if (!result.belief.empty()) {
    for (const auto& [label, probability] : result.belief) {
      absl::StrAppend(&text, absl::StrFormat("  %-30s %6.1f%%\n", label, 100 * probability));
    }
  }
  return text;
}

}  // namespace sandtable
