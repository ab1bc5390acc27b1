// Searcher, part 1 of 4: the drivers. Search() sets up, runs one driver and builds the result.
//
// Threads: Search(), RunDeterministic() and CheckClockAndProgress(true) run on the caller's
// thread; FastWorker() runs on every worker thread at once (worker 0 also reports progress).
// They may touch: the per-search fields (set up by Search() before any worker starts),
// next_index_ and time_up_ (atomics), each worker's own Iteration, and the tree's growth:
// in fast mode only inside gate_.RunExclusive() with every other worker paused (after
// flushing pending updates, which name nodes by slot), in deterministic mode between
// batches, when no descent runs.
#ifndef SANDTABLE_SEARCH_SEARCHER_DRIVERS_H_
#define SANDTABLE_SEARCH_SEARCHER_DRIVERS_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>

#include "search/searcher.h"

namespace sandtable {

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
SearchResult Searcher<G, E, P>::Search(const State& root, Player player,
                                       const Worlds<State>* worlds) {
  start_ = Clock::now();
  next_progress_ = start_ + std::chrono::milliseconds(std::max(1, options_.progress_interval_ms));
  root_ = root;
  player_ = player;
  worlds_ = worlds != nullptr && !worlds->empty() ? worlds : nullptr;
  root_key_ = Tree::NodeKey(game_.InformationSetKey(root, player), player);
  const NodeKind kind = game_.Kind(root);
  if (!((kind == NodeKind::kDecision && game_.CurrentPlayer(root) == player) ||
        kind == NodeKind::kSimultaneous)) {
    SearchResult result;
    result.player = player;
    result.root_kind = kind;
    stop_.store(false);
    return result;
  }
  tree_ = std::make_unique<Tree>(options_.memory_mb * (int64_t{1} << 20));
  const int records =
      options_.deterministic ? std::max(kDeterministicBatch, options_.threads) : options_.threads;
  iterations_.clear();
  // Not value-initialized: the scratch space (several kilobytes) is written before use.
  for (int i = 0; i < records; ++i)
    iterations_.push_back(std::make_unique_for_overwrite<Iteration>());
  deterministic_cursor_.next = deterministic_cursor_.end = 0;
  deterministic_cursor_.node_credits = 0;
  deterministic_cursor_.edges.store(0);
  next_index_.store(0);
  time_up_.store(false);
  finished_seconds_ = -1;
  if (options_.deterministic) {
    RunDeterministic();
  } else {
    RunFast();
  }
  finished_seconds_ = Seconds();  // the rate excludes building the result
  SearchResult result = BuildResult();
  result.stopped = stop_.exchange(false);
  worlds_ = nullptr;
  return result;
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
int64_t Searcher<G, E, P>::Completed() const {
  int64_t total = 0;
  for (const auto& it : iterations_) total += it->completed.load(std::memory_order_relaxed);
  return total;
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
void Searcher<G, E, P>::CheckClockAndProgress(bool may_report) {
  const Clock::time_point now = Clock::now();
  if (options_.max_time_ms > 0 && now - start_ >= std::chrono::milliseconds(options_.max_time_ms)) {
    time_up_.store(true, std::memory_order_relaxed);
  }
  if (may_report && options_.on_progress && now >= next_progress_) {
    next_progress_ = now + std::chrono::milliseconds(std::max(1, options_.progress_interval_ms));
    SearchProgress progress;
    progress.snapshot = BuildResult();
    progress.iterations = progress.snapshot.iterations;
    progress.seconds = progress.snapshot.seconds;
    progress.iterations_per_second = progress.snapshot.iterations_per_second;
    options_.on_progress(progress);
  }
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
void Searcher<G, E, P>::RunFast() {
  search_internal::ParallelRunner runner(options_.threads);
  runner.For(options_.threads, [&](int worker) { FastWorker(worker); });
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
void Searcher<G, E, P>::FastWorker(int worker) {
  Iteration& it = *iterations_[worker];
  int64_t since_check = 0;
  int64_t since_flush = 0;
  gate_.Enter();
  while (true) {
    if (it.next_index == it.end_index) {
      int64_t claim = kClaim;
      const int64_t start = next_index_.fetch_add(claim, std::memory_order_relaxed);
      if (options_.max_iterations > 0) {
        if (start >= options_.max_iterations) break;
        claim = std::min(claim, options_.max_iterations - start);
      }
      it.next_index = start;
      it.end_index = start + claim;
    }
    RunIteration(it, static_cast<uint64_t>(it.next_index++), SearchMode::kFast);
    Backpropagate(it, SearchMode::kFast);
    it.completed.fetch_add(1, std::memory_order_relaxed);
    if (++since_flush >= search_internal::PendingUpdates::FlushInterval(
                             it.completed.load(std::memory_order_relaxed))) {
      since_flush = 0;
      it.pending.Flush(*tree_);
    }
    if (++since_check >= 16) {
      since_check = 0;
      CheckClockAndProgress(worker == 0);
    }
    if (stop_.load(std::memory_order_relaxed) || time_up_.load(std::memory_order_relaxed)) break;
    // Growth moves the nodes, which pending updates name by slot: flush before stopping.
    if (gate_.PauseRequested()) {
      it.pending.Flush(*tree_);
      gate_.Wait();
    }
    if (tree_->WantsGrowth()) {
      it.pending.Flush(*tree_);
      gate_.RunExclusive([&] {
        if (tree_->WantsGrowth()) tree_->Grow();
      });
    }
  }
  // The result reads the shared statistics.
  it.pending.Flush(*tree_);
  gate_.Leave();
}

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
void Searcher<G, E, P>::RunDeterministic() {
  search_internal::ParallelRunner runner(options_.threads);
  int64_t done = 0;
  Iteration& counter = *iterations_[0];
  while (true) {
    int batch = kDeterministicBatch;
    if (options_.max_iterations > 0) {
      batch = static_cast<int>(std::min<int64_t>(batch, options_.max_iterations - done));
    }
    if (batch <= 0) break;
    const auto descend = [&](int j) {
      RunIteration(*iterations_[j], static_cast<uint64_t>(done + j), SearchMode::kDeterministic);
    };
    runner.For(batch, descend);
    for (int j = 0; j < batch; ++j) Backpropagate(*iterations_[j], SearchMode::kDeterministic);
    done += batch;
    counter.completed.store(done, std::memory_order_relaxed);
    if (tree_->WantsGrowth()) tree_->Grow();
    CheckClockAndProgress(true);
    if (Finished()) break;
  }
}

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_SEARCHER_DRIVERS_H_
