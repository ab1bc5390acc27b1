// Searcher, part 4 of 4: the result (root statistics, principal variations, the opponent's
// belief).
//
// Threads: the caller's thread after the drivers return, or during a search for progress
// snapshots: worker 0 in fast mode (inside the worker gate, so the tree cannot grow under
// it) or the caller's thread between batches in deterministic mode. They only read the tree,
// with relaxed loads (a snapshot may lag the workers a little), and draw their randomness
// from streams of their own (kPvStream, kBeliefStream, kBestStream), never an iteration's.
#ifndef SANDTABLE_SEARCH_SEARCHER_RESULTS_H_
#define SANDTABLE_SEARCH_SEARCHER_RESULTS_H_

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "search/searcher.h"

namespace sandtable {

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
Action Searcher<G, E, P>::MostVisited(const State& s, Player p, ActionList& actions) const {
  const uint64_t key = Tree::NodeKey(game_.InformationSetKey(s, p), p);
  const uint32_t slot = tree_->Find(key);
  game_.LegalActions(s, p, actions);
  if (actions.size() == 1) return actions[0];
  if (slot == kNone) return kInvalidAction;
  const Node& node = tree_->node(slot);
  Action best = kInvalidAction;
  uint32_t best_visits = 0;
  if (node.count.load(std::memory_order_acquire) == actions.size() &&
      std::equal(actions.begin(), actions.end(), tree_->actions(node))) {
    // The usual case: the block holds exactly the legal actions, in order.
    const Edge* edges = tree_->edges(node);
    for (int i = 0; i < actions.size(); ++i) {
      const uint32_t visits = edges[i].visits.load(std::memory_order_relaxed);
      if (visits > best_visits) {
        best_visits = visits;
        best = actions[i];
      }
    }
    return best;
  }
  for (Action action : actions) {
    const uint32_t e = FindEdge(key, node, action);
    if (e == kNone) continue;
    const uint32_t visits = tree_->edge(e).visits.load(std::memory_order_relaxed);
    if (visits > best_visits) {
      best_visits = visits;
      best = action;
    }
  }
  return best;
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
std::vector<std::string> Searcher<G, E, P>::PrincipalVariation(State s, int max_length) const {
  std::vector<std::string> pv;
  ActionList actions;
  ChanceList outcomes;
  while (static_cast<int>(pv.size()) < max_length) {
    switch (game_.Kind(s)) {
      case NodeKind::kTerminal:
        return pv;
      case NodeKind::kChance: {
        game_.ChanceOutcomes(s, outcomes);
        int best = 0;
        for (int i = 1; i < outcomes.size(); ++i) {
          if (outcomes[best].probability < outcomes[i].probability) best = i;
        }
        pv.push_back(game_.ActionToString(s, kChancePlayer, outcomes[best].outcome));
        game_.Apply(s, outcomes[best].outcome);
        break;
      }
      case NodeKind::kDecision: {
        const Player p = game_.CurrentPlayer(s);
        const Action action = MostVisited(s, p, actions);
        if (action == kInvalidAction) return pv;
        pv.push_back(game_.ActionToString(s, p, action));
        game_.Apply(s, action);
        break;
      }
      case NodeKind::kSimultaneous: {
        JointAction joint;
        for (Player p = 0; p < kNumPlayers; ++p) {
          joint[p] = MostVisited(s, p, actions);
          if (joint[p] == kInvalidAction) return pv;
        }
        pv.push_back(game_.ActionToString(s, 0, joint[0]) + " / " +
                     game_.ActionToString(s, 1, joint[1]));
        rules::ApplyJoint(game_, s, joint);
        break;
      }
    }
  }
  return pv;
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
SearchResult Searcher<G, E, P>::BuildResult() {
  SearchResult result;
  result.player = player_;
  result.root_kind = game_.Kind(root_);
  const bool simultaneous = result.root_kind == NodeKind::kSimultaneous;
  const bool mixed = simultaneous && options_.simultaneous != SimultaneousAlgorithm::kDecoupledUct;
  const uint64_t key = Tree::NodeKey(game_.InformationSetKey(root_, player_), player_);
  const uint32_t slot = tree_->Find(key);
  ActionList actions;
  game_.LegalActions(root_, player_, actions);
  // The principal variations continue in one determinization (drawn from its own stream, so
  // it depends only on what the searching player observes).
  Rng pv_rng(options_.seed, kPvStream);
  const State pv_root = SampleRoot(pv_rng);
  double total_policy = 0;
  for (Action action : actions) {
    RootActionStats stats;
    stats.action = action;
    stats.text = game_.ActionToString(root_, player_, action);
    const uint32_t e = slot == kNone ? kNone : FindEdge(key, tree_->node(slot), action);
    if (e != kNone) {
      const Edge& edge = tree_->edge(e);
      stats.visits = edge.visits.load(std::memory_order_relaxed);
      if (stats.visits > 0) {
        stats.mean_value = edge.value.load(std::memory_order_relaxed) /
                           search_internal::kValueScale / stats.visits;
      }
      stats.policy = static_cast<double>(stats.visits);
      const Node& node = tree_->node(slot);
      const uint32_t index = e - node.first_edge;
      if (mixed && node.bandit && index < node.count.load(std::memory_order_relaxed)) {
        stats.policy = tree_->bandit(node)[index].policy_sum.load(std::memory_order_relaxed);
      }
    }
    stats.win_probability = stats.visits > 0 ? (stats.mean_value + 1) / 2 : 0;
    stats.lower_bound = WilsonLowerBound(stats.win_probability, static_cast<double>(stats.visits));
    total_policy += stats.policy;
    // This action's line.
    State s = pv_root;
    stats.principal_variation.push_back(stats.text);
    if (simultaneous) {
      JointAction joint;
      joint[player_] = action;
      const Player other = Opponent(player_);
      ActionList other_actions;
      joint[other] = MostVisited(s, other, other_actions);
      if (joint[other] != kInvalidAction) {
        stats.principal_variation.push_back("opponent " +
                                            game_.ActionToString(s, other, joint[other]));
        rules::ApplyJoint(game_, s, joint);
        for (std::string& step : PrincipalVariation(s, kMaxPrincipalVariation)) {
          stats.principal_variation.push_back(std::move(step));
        }
      }
    } else {
      game_.Apply(s, action);
      for (std::string& step : PrincipalVariation(s, kMaxPrincipalVariation)) {
        stats.principal_variation.push_back(std::move(step));
      }
    }
    result.actions.push_back(std::move(stats));
  }
  for (RootActionStats& stats : result.actions) {
    stats.policy = total_policy > 0 ? stats.policy / total_policy : 1.0 / result.actions.size();
  }
  if (!result.actions.empty()) {
    if (simultaneous) {
      // A mixed strategy: the move played is drawn from it.
      Rng rng(options_.seed, kBestStream);
      double u = rng.Uniform();
      const RootActionStats* chosen = &result.actions.back();
      for (const RootActionStats& stats : result.actions) {
        if (u < stats.policy) {
          chosen = &stats;
          break;
        }
        u -= stats.policy;
      }
      result.best_action = chosen->action;
    }
    std::stable_sort(
        result.actions.begin(), result.actions.end(),
        [](const RootActionStats& a, const RootActionStats& b) { return a.visits > b.visits; });
    if (!simultaneous) result.best_action = result.actions[0].action;
    for (const RootActionStats& stats : result.actions) {
      if (stats.action == result.best_action) {
        result.best_action_text = stats.text;
        result.principal_variation = stats.principal_variation;
      }
    }
  }
  result.iterations = Completed();
  result.seconds = finished_seconds_ >= 0 ? finished_seconds_ : Seconds();
  result.iterations_per_second = result.seconds > 0 ? result.iterations / result.seconds : 0;
  result.tree_nodes = deterministic_cursor_.nodes.load(std::memory_order_relaxed);
  result.tree_edges = deterministic_cursor_.edges.load(std::memory_order_relaxed);
  for (const auto& it : iterations_) {
    result.tree_nodes += it->cursor.nodes.load(std::memory_order_relaxed);
    result.tree_edges += it->cursor.edges.load(std::memory_order_relaxed);
  }
  result.tree_bytes = tree_->table_bytes() + tree_->edge_bytes();
  result.bytes_per_node =
      result.tree_nodes > 0 ? static_cast<double>(tree_->table_bytes()) / result.tree_nodes : 0;
  result.bytes_per_edge =
      result.tree_edges > 0 ? static_cast<double>(tree_->edge_bytes()) / result.tree_edges : 0;
  result.memory_capped = tree_->capped();
  // Belief: the hidden-state labels of the opponent, exactly over the worlds when there are
  // any, else over fresh determinizations (0 samples: no belief asked).
  const Player other = Opponent(player_);
  if (options_.belief_samples > 0 && !rules::DescribeHidden(game_, pv_root, other).empty()) {
    std::map<std::string, double> shares;
    if (worlds_ != nullptr) {
      result.belief_samples = worlds_->size();
      result.belief_exact = true;
      for (int i = 0; i < worlds_->size(); ++i) {
        shares[rules::DescribeHidden(game_, worlds_->state(i), other)] += worlds_->probability(i);
      }
    } else {
      // The opponent's hidden state is part of its information set: samples in one set are
      // described once.
      std::unordered_map<uint64_t, int> set_index;
      std::vector<std::pair<State, int>> sets;
      Rng rng(options_.seed, kBeliefStream);
      result.belief_samples = options_.belief_samples;
      for (int i = 0; i < result.belief_samples; ++i) {
        State sample = SampleRoot(rng);
        const auto [it, added] = set_index.emplace(game_.InformationSetKey(sample, other),
                                                   static_cast<int>(sets.size()));
        if (added) sets.emplace_back(sample, 0);
        ++sets[it->second].second;
      }
      for (const auto& [sample, count] : sets) {
        shares[rules::DescribeHidden(game_, sample, other)] +=
            static_cast<double>(count) / result.belief_samples;
      }
    }
    for (const auto& [label, share] : shares) result.belief.emplace_back(label, share);
    std::stable_sort(result.belief.begin(), result.belief.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
  }
  return result;
}

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_SEARCHER_RESULTS_H_
