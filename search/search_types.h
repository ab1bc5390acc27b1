// Options and results of a search: plain, non-template types shared by search/ and tools/.
// The searcher itself is `Searcher<G, Evaluator>` in search/searcher.h.
#ifndef SANDTABLE_SEARCH_SEARCH_TYPES_H_
#define SANDTABLE_SEARCH_SEARCH_TYPES_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"

namespace sandtable {

enum class SimultaneousAlgorithm : uint8_t { kDecoupledUct, kExp3, kRegretMatching };

struct SearchProgress;

// The most belief samples a tool accepts (the sample loop runs on one thread).
inline constexpr int kMaxBeliefSamples = 1 << 24;

enum class RolloutChoice { kRuleset, kUniform };

// "ruleset" or "uniform" (the playout policy's names in every tool), or nullopt.
inline std::optional<RolloutChoice> RolloutChoiceNamed(std::string_view name) {
  if (name == "ruleset") return RolloutChoice::kRuleset;
  if (name == "uniform") return RolloutChoice::kUniform;
  return std::nullopt;
}

enum class UcbValues { kRuleset, kRaw, kNormalized };

// "ruleset", "raw" or "normalized" (the UCB value scale's names in every tool), or nullopt.
inline std::optional<UcbValues> UcbValuesNamed(std::string_view name) {
  if (name == "ruleset") return UcbValues::kRuleset;
  if (name == "raw") return UcbValues::kRaw;
  if (name == "normalized") return UcbValues::kNormalized;
  return std::nullopt;
}

// What the searcher believes about the hidden state (search/inference.h): the ruleset's
// uniform prior (Determinize), the posterior given the opponent's observed actions, or that
// posterior with self-determinization (some iterations also redraw the searcher's own hidden
// state as the opponent sees it, so its choices give less away).
enum class BeliefModel { kUniform, kInference, kBluff };

// "uniform", "inference" or "bluff" (the belief model's names in every tool), or nullopt.
inline std::optional<BeliefModel> BeliefModelNamed(std::string_view name) {
  if (name == "uniform") return BeliefModel::kUniform;
  if (name == "inference") return BeliefModel::kInference;
  if (name == "bluff") return BeliefModel::kBluff;
  return std::nullopt;
}

struct SearchOptions {
  uint64_t seed = 0;
  int threads = 1;
  // Fixed seed and iteration count give the same result for any thread count (slower);
  // otherwise threads race for throughput.
  bool deterministic = false;
  // Limits; 0 means no limit of that kind. A search with no limit at all runs until Stop().
  int64_t max_iterations = 0;
  int64_t max_time_ms = 0;
  // The tree stops growing at this size; the search goes on without expanding.
  int64_t memory_mb = 256;
  double ucb_c = 1.4;
  // UCB compares each node's child means as they are (kRaw) or rescaled to [0, 1] by the
  // smallest and largest of them (kNormalized): for evaluators whose values crowd a corner
  // of [-1, 1], where the exploration term would drown the differences between actions.
  // kRuleset: the evaluator's choice (DefaultUcbValues in search/playout.h).
  UcbValues ucb_values = UcbValues::kRuleset;
  SimultaneousAlgorithm simultaneous = SimultaneousAlgorithm::kDecoupledUct;
  // Playouts: 0 = play to the end; K > 0 = stop after K steps and ask the evaluator;
  // kRulesetCutoff = the evaluator's own (DefaultPlayoutCutoff in search/playout.h).
  static constexpr int kRulesetCutoff = -1;
  int rollout_cutoff = kRulesetCutoff;
  // Read by the tools, not by Searcher (whose policy is a template argument): search with
  // the ruleset's registered playout policy, or with uniform random playouts to compare.
  RolloutChoice rollout = RolloutChoice::kRuleset;
  // Determinizations sampled for SearchResult::belief: each share is within about
  // 1 / sqrt(belief_samples) of the prior's (at 95%, 0.98 / sqrt(n) at most).
  int belief_samples = 512;
  // Read by the tools (which hold the history), not by Searcher, except bluff_share.
  BeliefModel belief = BeliefModel::kInference;
  // Inference: the iterations of the opponent model's search at each of the opponent's past
  // information sets (0: a quarter of max_iterations, at least kMinModelIterations).
  static constexpr int kMinModelIterations = 100;
  int model_iterations = 0;
  int max_worlds = 512;  // worlds the inference keeps
  // kBluff: the share of iterations that also redraw the searcher's own hidden state.
  double bluff_share = 0.25;
  // Called from one search thread about every progress_interval_ms while searching.
  int progress_interval_ms = 500;
  std::function<void(const SearchProgress&)> on_progress;
};

// Statistics of one root action of the searching player.
struct RootActionStats {
  Action action = kInvalidAction;
  std::string text;  // the action in the ruleset's notation
  int64_t visits = 0;
  double mean_value = 0;       // mean return for the searching player, in [-1, 1]
  double win_probability = 0;  // fraction of playouts won (draws count half)
  double lower_bound = 0;      // lower confidence bound on win_probability (95%, Wilson)
  double policy = 0;           // share in the final policy (mixed strategy at simultaneous
                               // roots, visit share elsewhere)
  std::vector<std::string> principal_variation;  // starting with this action
};

struct SearchResult {
  Player player = 0;  // the searching player
  NodeKind root_kind = NodeKind::kDecision;
  Action best_action = kInvalidAction;  // at a simultaneous root: sampled from the policy
  std::string best_action_text;
  std::vector<RootActionStats> actions;  // most visited first
  // Across chance nodes, the most likely outcome; each step in the ruleset's notation.
  std::vector<std::string> principal_variation;
  int64_t iterations = 0;
  double seconds = 0;
  double iterations_per_second = 0;
  // The tree: information-set nodes (an overflow block counts as a node), edges (one per
  // (information set, action) pair), and what they occupy: node table bytes per node (empty
  // slots included), edge arena bytes per edge (its action and chunk slack included).
  int64_t tree_nodes = 0;
  int64_t tree_edges = 0;
  int64_t tree_bytes = 0;
  double bytes_per_node = 0;
  double bytes_per_edge = 0;
  bool memory_capped = false;  // the tree hit options.memory_mb
  bool stopped = false;        // ended by Stop()
  // For hidden information: the searching player's belief over the opponent's hidden
  // state, as (label from DescribeHidden, probability), most likely first.
  std::vector<std::pair<std::string, double>> belief;
  int belief_samples = 0;     // the determinizations behind `belief` (0: nothing hidden)
  bool belief_exact = false;  // `belief` is the inferred posterior (exact over its worlds)
};

struct SearchProgress {
  int64_t iterations = 0;
  double seconds = 0;
  double iterations_per_second = 0;
  // A snapshot of the root statistics (principal variations filled in).
  SearchResult snapshot;
};

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_SEARCH_TYPES_H_
