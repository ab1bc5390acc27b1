// Searcher, part 2 of 4: the descent of one iteration (determinization, selection in the
// players' trees, expansion, playout).
//
// Threads: in fast mode every worker at once, each on its own Iteration; in deterministic
// mode the workers of a batch at once, on a tree that no one writes until the batch ends.
// They may touch: their own Iteration (state, steps, lists, cursor, pending updates) and
// their own Rng; the tree only through atomic loads, except that in fast mode a descent also
// records its visits at once (OnSelect: visits, virtual loss, availability) and creates
// nodes with its own edge cursor (both in searcher_backup.h). Never the node table's size:
// growth belongs to the drivers.
#ifndef SANDTABLE_SEARCH_SEARCHER_DESCENT_H_
#define SANDTABLE_SEARCH_SEARCHER_DESCENT_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "engine/chance.h"
#include "search/searcher.h"

namespace sandtable {

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
void Searcher<G, E, P>::RunIteration(Iteration& it, uint64_t index, SearchMode mode) {
  Rng rng(options_.seed, index);
  it.steps.clear();
  it.lists.clear();
  State& s = it.state;
  s = SampleRoot(rng);
  // Self-determinization: the searching player's own hidden state redrawn as the opponent
  // sees it. Its root statistics then blend in the worlds the opponent cannot rule out, so
  // its choice depends less on what it alone knows (the root node stays its true one).
  if (options_.belief == BeliefModel::kBluff && rng.Uniform() < options_.bluff_share) {
    s = rules::Determinize(game_, s, Opponent(player_), rng);
  }
  bool in_tree = true;
  bool at_root = true;
  int rollout_steps = 0;
  while (true) {
    switch (game_.Kind(s)) {
      case NodeKind::kTerminal:
        it.value0 = game_.Returns(s, 0);
        return;
      case NodeKind::kChance:
        game_.ChanceOutcomes(s, it.outcomes);
        game_.Apply(s, SampleChance(it.outcomes, rng));
        break;
      case NodeKind::kDecision: {
        const Player p = game_.CurrentPlayer(s);
        Action action;
        if (in_tree) {
          game_.LegalActions(s, p, it.actions);
          if (it.actions.size() == 1 && !at_root) {
            action = it.actions[0];  // forced: no statistics needed
          } else {
            bool stay = true;
            action = SelectInTree(it, s, p, /*simultaneous=*/false, at_root, mode, rng, &stay);
            in_tree = stay;
          }
        } else {
          game_.LegalActions(s, p, it.actions);
          action = policy_.Choose(game_, s, it.actions, rng);
          ++rollout_steps;
        }
        game_.Apply(s, action);
        at_root = false;
        break;
      }
      case NodeKind::kSimultaneous: {
        JointAction joint;
        bool stay_all = true;
        for (Player p = 0; p < kNumPlayers; ++p) {
          game_.LegalActions(s, p, it.actions);
          if (in_tree && (it.actions.size() > 1 || at_root)) {
            bool stay = true;
            joint[p] = SelectInTree(it, s, p, /*simultaneous=*/true, at_root, mode, rng, &stay);
            stay_all &= stay;
          } else {
            joint[p] =
                it.actions[static_cast<int>(rng.Below(static_cast<uint32_t>(it.actions.size())))];
          }
        }
        if (!in_tree) ++rollout_steps;
        in_tree &= stay_all;
        rules::ApplyJoint(game_, s, joint);
        at_root = false;
        break;
      }
    }
    if (!in_tree && options_.rollout_cutoff > 0 && rollout_steps >= options_.rollout_cutoff &&
        game_.Kind(s) != NodeKind::kTerminal) {
      it.value0 = std::clamp(evaluator_.Evaluate(game_, s), -1.0, 1.0);
      return;
    }
  }
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
Action Searcher<G, E, P>::SelectInTree(Iteration& it, const State& s, Player p, bool simultaneous,
                                       bool at_root, SearchMode mode, Rng& rng, bool* stay) {
  const ActionList& actions = it.actions;
  const int n = actions.size();
  Step step;
  step.key = at_root && p == player_ ? root_key_ : Tree::NodeKey(game_.InformationSetKey(s, p), p);
  step.player = p;
  step.node = tree_->Find(step.key);
  const bool bandit = simultaneous && options_.simultaneous != SimultaneousAlgorithm::kDecoupledUct;
  if (step.node == kNone) {
    // Expansion: the information set joins its player's tree with this visit.
    const int i = static_cast<int>(rng.Below(static_cast<uint32_t>(n)));
    step.action = actions[i];
    step.visit = Visit::kCreate;
    step.bandit_node = bandit;
    *stay = false;
    step.create_key = step.key;
    step.create_begin = static_cast<uint32_t>(it.lists.size());
    it.lists.insert(it.lists.end(), actions.begin(), actions.end());
    step.create_end = static_cast<uint32_t>(it.lists.size());
    if (mode == SearchMode::kFast) {
      uint32_t slot = kNone;
      const Tree::Created created =
          tree_->CreateNode(step.key, actions.data(), n, bandit, it.cursor, &slot);
      step.create_key = 0;
      if (slot == kNone) return step.action;  // the memory cap: not tracked
      if (created == Tree::Created::kCreated) {
        step.node = slot;
        step.edge = tree_->node(slot).first_edge + static_cast<uint32_t>(i);
      } else {
        ResolveExisting(it, step, slot, it.cursor);
      }
      OnSelect(it, step, mode);
    }
    it.steps.push_back(step);
    return step.action;
  }
  const Node& node = tree_->node(step.node);
  const Edge* edges = tree_->edges(node);
  const bool main = node.count.load(std::memory_order_acquire) == n &&
                    std::equal(actions.begin(), actions.end(), tree_->actions(node));
  if (!main) return SelectOther(it, step, node, mode, rng, stay);
  int i;
  if (bandit && node.bandit) {
    i = SelectBandit(tree_->bandit(node), n, rng, &step.probability);
    step.bandit = true;
  } else {
    const uint32_t main_visits = node.visits.load(std::memory_order_relaxed);
    search_internal::PendingEdge* pending = nullptr;
    if (mode == SearchMode::kFast && options_.threads > 1 &&
        main_visits >= search_internal::PendingUpdates::kHotVisits) {
      pending = it.pending.Edges(step.node, node.first_edge, n);
    }
    i = SelectUcb(edges, n, main_visits, pending, rng);
    if (pending != nullptr) step.pending = &pending[i];
  }
  step.edge = node.first_edge + static_cast<uint32_t>(i);
  step.action = actions[i];
  step.visit = Visit::kMain;
  if (mode == SearchMode::kFast) OnSelect(it, step, mode);
  it.steps.push_back(step);
  return step.action;
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
uint32_t Searcher<G, E, P>::FindEdge(uint64_t key, const Node& node, Action action) const {
  const int count = node.count.load(std::memory_order_acquire);
  const Action* actions = tree_->actions(node);
  for (int i = 0; i < count; ++i) {
    if (actions[i] == action) return node.first_edge + static_cast<uint32_t>(i);
  }
  const int overflow = node.overflow.load(std::memory_order_acquire);
  for (int k = 1; k <= overflow; ++k) {
    const uint32_t slot = tree_->Find(HashCombine(key, search_internal::kOverflowSalt + k));
    if (slot == kNone) continue;
    const uint32_t found = FindEdge(0, tree_->node(slot), action);
    if (found != kNone) return found;
  }
  return kNone;
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
Action Searcher<G, E, P>::SelectOther(Iteration& it, Step& step, const Node& node, SearchMode mode,
                                      Rng& rng, bool* stay) {
  // The legal actions differ from the node's block (they vary between determinizations):
  // each available edge counts this visit; missing actions get an overflow block.
  const ActionList& actions = it.actions;
  step.visit = Visit::kOther;
  step.avail_begin = static_cast<uint32_t>(it.lists.size());
  FixedVector<uint32_t, kMaxActions> found;  // per legal action: edge or kNone
  int missing = 0;
  for (Action action : actions) {
    const uint32_t e = FindEdge(step.key, node, action);
    found.push_back(e);
    if (e == kNone) {
      ++missing;
    } else {
      it.lists.push_back(e);
    }
  }
  step.avail_end = static_cast<uint32_t>(it.lists.size());
  const uint32_t main_visits = node.visits.load(std::memory_order_relaxed);
  const uint32_t primary_end = node.first_edge + node.count.load(std::memory_order_relaxed);
  if (missing > 0) {
    // This visit creates an overflow block with the missing actions and tries one of them.
    int pick = static_cast<int>(rng.Below(static_cast<uint32_t>(missing)));
    step.create_begin = static_cast<uint32_t>(it.lists.size());
    for (int i = 0; i < actions.size(); ++i) {
      if (found[i] != kNone) continue;
      if (pick-- == 0) step.action = actions[i];
      it.lists.push_back(actions[i]);
    }
    step.create_end = static_cast<uint32_t>(it.lists.size());
    step.overflow_index = static_cast<uint16_t>(node.overflow.load(std::memory_order_acquire) + 1);
    step.create_key = HashCombine(step.key, search_internal::kOverflowSalt + step.overflow_index);
    *stay = false;
    if (mode == SearchMode::kFast) {
      uint32_t slot = kNone;
      const Tree::Created created =
          tree_->CreateNode(step.create_key, it.lists.data() + step.create_begin,
                            static_cast<int>(step.create_end - step.create_begin),
                            /*bandit=*/false, it.cursor, &slot);
      if (created == Tree::Created::kCreated) {
        uint16_t expected = static_cast<uint16_t>(step.overflow_index - 1);
        const_cast<Node&>(node).overflow.compare_exchange_strong(expected, step.overflow_index);
      }
      if (slot != kNone) step.edge = FindEdge(0, tree_->node(slot), step.action);
      step.create_key = 0;
      OnSelect(it, step, mode);
    }
    it.steps.push_back(step);
    return step.action;
  }
  // Availability-aware UCB over the edges of the legal actions.
  const double c = options_.ucb_c;
  MeanScale scale;
  if (options_.ucb_values == UcbValues::kNormalized) {
    double low = 1e300;
    double high = -1e300;
    for (int i = 0; i < actions.size(); ++i) {
      const Edge& e = tree_->edge(found[i]);
      const double visits = e.visits.load(std::memory_order_relaxed);
      if (visits == 0) continue;
      const double mean =
          e.value.load(std::memory_order_relaxed) / search_internal::kValueScale / visits;
      low = std::min(low, mean);
      high = std::max(high, mean);
    }
    scale = MeanScale::Spanning(low, high);
  }
  double best = -1e300;
  int best_i = -1;
  int unvisited = 0;
  for (int i = 0; i < actions.size(); ++i) {
    const Edge& e = tree_->edge(found[i]);
    const double visits = e.visits.load(std::memory_order_relaxed);
    if (visits == 0) {
      ++unvisited;
      continue;
    }
    const double availability =
        (found[i] < primary_end && found[i] >= node.first_edge ? main_visits : 0) +
        e.avail_other.load(std::memory_order_relaxed) + 1.0;
    const double mean =
        e.value.load(std::memory_order_relaxed) / search_internal::kValueScale / visits;
    const double score = scale(mean) + c * std::sqrt(std::log(availability) / visits);
    if (score > best) {
      best = score;
      best_i = i;
    }
  }
  if (unvisited > 0) {
    int pick = static_cast<int>(rng.Below(static_cast<uint32_t>(unvisited)));
    for (int i = 0; i < actions.size(); ++i) {
      if (tree_->edge(found[i]).visits.load(std::memory_order_relaxed) == 0 && pick-- == 0) {
        best_i = i;
        break;
      }
    }
  }
  step.edge = found[best_i];
  step.action = actions[best_i];
  if (mode == SearchMode::kFast) OnSelect(it, step, mode);
  it.steps.push_back(step);
  return step.action;
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
int Searcher<G, E, P>::SelectUcb(const Edge* edges, int count, uint32_t main_visits,
                                 const search_internal::PendingEdge* pending, Rng& rng) const {
  const InverseTables& tables = InverseTables::Get();
  if (pending != nullptr) {
    for (int i = 0; i < count; ++i) main_visits += pending[i].visits;
  }
  const double c = options_.ucb_c;
  const double exploration_main = c * std::sqrt(std::log(main_visits + 1.0));
  // Visits and summed value of edge i, the worker's pending updates included.
  const auto totals = [&](int i) {
    uint32_t visits = edges[i].visits.load(std::memory_order_relaxed);
    int64_t value = edges[i].value.load(std::memory_order_relaxed);
    if (pending != nullptr) {
      visits += pending[i].visits;
      value += pending[i].value;
    }
    return std::pair(visits, value);
  };
  const auto mean_of = [&](uint32_t visits, int64_t value) {
    return static_cast<double>(value) * (1 / search_internal::kValueScale) * tables.Inverse(visits);
  };
  MeanScale scale;
  if (options_.ucb_values == UcbValues::kNormalized) {
    double low = 1e300;
    double high = -1e300;
    for (int i = 0; i < count; ++i) {
      const auto [visits, value] = totals(i);
      if (visits == 0) continue;
      low = std::min(low, mean_of(visits, value));
      high = std::max(high, mean_of(visits, value));
    }
    scale = MeanScale::Spanning(low, high);
  }
  double best = -1e300;
  int best_i = 0;
  int unvisited = 0;
  for (int i = 0; i < count; ++i) {
    const auto [visits, value] = totals(i);
    if (visits == 0) {
      ++unvisited;
      continue;
    }
    if (unvisited > 0) continue;
    const uint32_t other = edges[i].avail_other.load(std::memory_order_relaxed);
    const double exploration =
        other == 0 ? exploration_main : c * std::sqrt(std::log(main_visits + other + 1.0));
    const double score = scale(mean_of(visits, value)) + exploration * tables.InverseSqrt(visits);
    if (score > best) {
      best = score;
      best_i = i;
    }
  }
  if (unvisited == 0) return best_i;
  // Every action is tried once before UCB compares them, in random order.
  int pick = static_cast<int>(rng.Below(static_cast<uint32_t>(unvisited)));
  for (int i = 0; i < count; ++i) {
    const uint32_t visits = edges[i].visits.load(std::memory_order_relaxed) +
                            (pending != nullptr ? pending[i].visits : 0);
    if (visits == 0 && pick-- == 0) {
      return i;
    }
  }
  return best_i;
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
int Searcher<G, E, P>::SelectBandit(const search_internal::BanditStats* stats, int count, Rng& rng,
                                    float* probability) const {
  float aux[kMaxActions];
  double strategy[kMaxActions];
  for (int i = 0; i < count; ++i) aux[i] = stats[i].aux.load(std::memory_order_relaxed);
  if (options_.simultaneous == SimultaneousAlgorithm::kRegretMatching) {
    RegretMatchingStrategy(aux, count, strategy);
  } else {
    Exp3Strategy(aux, count, kBanditGamma, strategy);
  }
  double u = rng.Uniform();
  int chosen = count - 1;
  for (int i = 0; i < count; ++i) {
    const double q = (1 - kBanditGamma) * strategy[i] + kBanditGamma / count;
    if (u < q) {
      chosen = i;
      break;
    }
    u -= q;
  }
  *probability = static_cast<float>((1 - kBanditGamma) * strategy[chosen] + kBanditGamma / count);
  return chosen;
}

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_SEARCHER_DESCENT_H_
