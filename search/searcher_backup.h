// Searcher, part 3 of 4: recording an iteration in the tree (visit bookkeeping, deferred
// node creation, backpropagation of the result, the bandits' updates).
//
// Threads: in fast mode the worker that ran the descent, concurrently with the others:
// OnSelect() and ResolveExisting() during the descent, Backpropagate() right after it, all
// through atomics on the nodes and edges of its own steps (or its own pending updates). In
// deterministic mode the caller's thread alone, between batches, applying the batch's
// iterations in iteration order: that order, not timing, decides which iteration creates a
// node, so results depend only on the options. Never the node table's size.
#ifndef SANDTABLE_SEARCH_SEARCHER_BACKUP_H_
#define SANDTABLE_SEARCH_SEARCHER_BACKUP_H_

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "search/searcher.h"

namespace sandtable {

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
void Searcher<G, E, P>::OnSelect(Iteration& it, const Step& step, SearchMode mode) {
  // Selection-time bookkeeping: at selection in fast mode (so that other threads see it,
  // with a virtual loss on the chosen edge), at backpropagation in deterministic mode.
  if (step.pending != nullptr) {
    ++step.pending->visits;  // this worker sees it at once; the others at the next flush
    return;
  }
  if (mode == SearchMode::kFast && step.edge != kNone) {
    Edge& edge = tree_->edge(step.edge);
    edge.visits.fetch_add(1, std::memory_order_relaxed);
    edge.value.fetch_sub(kVirtualLoss, std::memory_order_relaxed);
  }
  if (step.visit == Visit::kOther) {
    bool chosen_counted = false;
    for (uint32_t i = step.avail_begin; i < step.avail_end; ++i) {
      tree_->edge(it.lists[i]).avail_other.fetch_add(1, std::memory_order_relaxed);
      chosen_counted |= it.lists[i] == step.edge;
    }
    if (!chosen_counted && step.edge != kNone) {
      tree_->edge(step.edge).avail_other.fetch_add(1, std::memory_order_relaxed);
    }
  } else if (step.node != kNone) {
    tree_->node(step.node).visits.fetch_add(1, std::memory_order_relaxed);
  }
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
void Searcher<G, E, P>::ResolveExisting(Iteration& it, Step& step, uint32_t slot,
                                        search_internal::EdgeCursor& cursor) {
  Node& node = tree_->node(slot);
  step.node = slot;
  const uint32_t n = step.create_end - step.create_begin;
  const bool main = node.count.load(std::memory_order_acquire) == n &&
                    std::equal(it.lists.begin() + step.create_begin,
                               it.lists.begin() + step.create_end, tree_->actions(node));
  if (main) {
    step.visit = Visit::kCreate;  // counts as a main visit of the node
    step.edge = FindEdge(step.key, node, step.action);
    return;
  }
  step.visit = Visit::kOther;
  step.avail_begin = static_cast<uint32_t>(it.lists.size());
  for (uint32_t i = step.create_begin; i < step.create_end; ++i) {
    const uint32_t e = FindEdge(step.key, node, it.lists[i]);
    if (e != kNone) it.lists.push_back(e);
  }
  step.avail_end = static_cast<uint32_t>(it.lists.size());
  step.edge = FindEdge(step.key, node, step.action);
  // A missing action gets an overflow block of its own.
  for (int attempt = 0; step.edge == kNone && attempt < 8; ++attempt) {
    const uint16_t k = static_cast<uint16_t>(node.overflow.load(std::memory_order_acquire) + 1);
    uint32_t overflow_slot = kNone;
    const Tree::Created created =
        tree_->CreateNode(HashCombine(step.key, search_internal::kOverflowSalt + k), &step.action,
                          1, /*bandit=*/false, cursor, &overflow_slot);
    if (overflow_slot == kNone) return;  // the memory cap
    if (created == Tree::Created::kCreated) {
      uint16_t expected = static_cast<uint16_t>(k - 1);
      node.overflow.compare_exchange_strong(expected, k);
    }
    step.edge = FindEdge(step.key, node, step.action);
  }
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
void Searcher<G, E, P>::Backpropagate(Iteration& it, SearchMode mode) {
  for (Step& step : it.steps) {
    const double value = step.player == 0 ? it.value0 : -it.value0;
    if (mode == SearchMode::kDeterministic) {
      if (step.create_key != 0) {
        // Deferred creation (deterministic mode): an earlier iteration of the batch may have
        // created the node already.
        uint32_t slot = kNone;
        const Tree::Created created = tree_->CreateNode(
            step.create_key, it.lists.data() + step.create_begin,
            static_cast<int>(step.create_end - step.create_begin),
            step.bandit_node && step.create_key == step.key, deterministic_cursor_, &slot);
        if (slot == kNone) continue;
        if (step.create_key == step.key) {
          if (created == Tree::Created::kCreated) {
            step.node = slot;
            step.edge = FindEdge(0, tree_->node(slot), step.action);
          } else {
            ResolveExisting(it, step, slot, deterministic_cursor_);
          }
        } else {
          if (created == Tree::Created::kCreated) {
            Node& primary = tree_->node(step.node);
            if (primary.overflow.load() < step.overflow_index) {
              primary.overflow.store(step.overflow_index);
            }
          }
          step.edge = FindEdge(0, tree_->node(slot), step.action);
        }
      }
      OnSelect(it, step, mode);
    }
    if (step.edge == kNone) continue;
    const int64_t fixed = std::llround(value * search_internal::kValueScale);
    if (step.pending != nullptr) {
      step.pending->value += fixed;
      continue;
    }
    Edge& edge = tree_->edge(step.edge);
    if (mode == SearchMode::kFast) {
      edge.value.fetch_add(fixed + kVirtualLoss, std::memory_order_relaxed);  // undo the loss
    } else {
      edge.visits.fetch_add(1, std::memory_order_relaxed);
      edge.value.fetch_add(fixed, std::memory_order_relaxed);
    }
    if (step.bandit) BanditUpdate(step, value);
  }
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
void Searcher<G, E, P>::BanditUpdate(const Step& step, double value) {
  const Node& node = tree_->node(step.node);
  search_internal::BanditStats* edges = tree_->bandit(node);
  const int count = node.count.load(std::memory_order_relaxed);
  const int chosen = static_cast<int>(step.edge - node.first_edge);
  if (count <= 0 || count > kMaxActions) return;
  float aux[kMaxActions];
  double strategy[kMaxActions];
  for (int i = 0; i < count; ++i) aux[i] = edges[i].aux.load(std::memory_order_relaxed);
  if (options_.simultaneous == SimultaneousAlgorithm::kRegretMatching) {
    RegretMatchingStrategy(aux, count, strategy);
    // Importance-sampled regrets against the current strategy (outcome sampling).
    const double estimate = value / step.probability;
    const double baseline = strategy[chosen] * estimate;
    for (int i = 0; i < count; ++i) {
      const double regret = (i == chosen ? estimate : 0.0) - baseline;
      edges[i].aux.fetch_add(static_cast<float>(regret), std::memory_order_relaxed);
    }
  } else {
    Exp3Strategy(aux, count, kBanditGamma, strategy);
    edges[chosen].aux.fetch_add(static_cast<float>((value + 1) / 2 / step.probability),
                                std::memory_order_relaxed);
  }
  // The average of the strategy actually played (exploration included) is what converges
  // to an equilibrium: each player's regrets are measured against the other's play.
  for (int i = 0; i < count; ++i) {
    const double played = (1 - kBanditGamma) * strategy[i] + kBanditGamma / count;
    edges[i].policy_sum.fetch_add(static_cast<float>(played), std::memory_order_relaxed);
  }
}

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_SEARCHER_BACKUP_H_
