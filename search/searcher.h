// The parallel multiple-observer ISMCTS searcher, generic over the Ruleset concept.
//
// Each iteration samples a determinization of the root consistent with what the searching
// player observes (Rng(seed, iteration) drives everything random in that iteration), then
// descends: at a decision node the mover selects with the statistics of its own
// information set (availability-aware UCB), at a simultaneous node each player selects
// with its own bandit (decoupled UCT, regret matching or EXP3), chance nodes are sampled
// from their exact distributions. The first information set missing from its player's tree
// is added (one node per iteration; at a simultaneous node both players' may be added),
// then a playout runs to the end, or for rollout_cutoff steps before the evaluator judges
// it. See docs/search.md for the design and search/tree.h for the statistics.
//
// This header declares the class; the definitions follow in parts by role, each opening with
// which threads run it and what they may touch: searcher_drivers.h (Search and the fast and
// deterministic drivers), searcher_descent.h (one iteration's descent), searcher_backup.h
// (recording it in the tree) and searcher_results.h (result, principal variations, belief).
//
// Thread safety: Search() blocks and must not run twice at once on one Searcher; Stop()
// may be called from any thread at any time (a Stop() while no search runs ends the next
// Search() after its first iteration).
#ifndef SANDTABLE_SEARCH_SEARCHER_H_
#define SANDTABLE_SEARCH_SEARCHER_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/check.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "engine/types.h"
#include "search/parallel.h"
#include "search/pending_updates.h"
#include "search/playout.h"
#include "search/search_types.h"
#include "search/statistics.h"
#include "search/tree.h"
#include "search/worker_gate.h"
#include "search/worlds.h"

namespace sandtable {

// How the iterations share the tree (SearchOptions::deterministic picks one). Fast: workers
// update it as they go (virtual loss, creation at selection, pending updates), so results
// vary with timing. Deterministic: batches descend a frozen tree and their updates are
// applied in iteration order, so results depend only on the options. The functions of one
// iteration take the mode as an argument, not a template argument: one copy of the hot loop
// keeps the rollout policy inlined into it (with two, GCC called QuickplayRollout::Choose,
// and a quickplay search ran 2.5% more instructions).
enum class SearchMode : uint8_t { kFast, kDeterministic };

template <Ruleset G, Evaluator<G> E = NeutralEvaluator, RolloutPolicy<G> P = UniformRollout>
class Searcher {
 public:
  using State = typename G::State;

  Searcher(const G& game, SearchOptions options, E evaluator = {}, P policy = {})
      : game_(game),
        options_(std::move(options)),
        evaluator_(std::move(evaluator)),
        policy_(std::move(policy)) {
    options_.threads = std::max(1, options_.threads);
    if (options_.rollout_cutoff < 0) options_.rollout_cutoff = DefaultPlayoutCutoff<E>();
    if (options_.ucb_values == UcbValues::kRuleset) options_.ucb_values = DefaultUcbValues<E>();
  }

  // Blocking. `player` is the searching player (the player to move, or its seat at a
  // simultaneous root); uses only what `player` observes in `root` (via Determinize and
  // InformationSetKey). Root must be a decision node of `player` or a simultaneous node;
  // otherwise the result has no best action and no iterations. `worlds`, when not null and
  // not empty: the belief to draw determinizations from instead of the uniform prior (each
  // world has `root`'s information-set key for `player`; search/inference.h); it must live
  // until Search returns.
  SearchResult Search(const State& root, Player player, const Worlds<State>* worlds = nullptr);

  // Any thread; Search returns within 10 ms.
  void Stop() { stop_.store(true, std::memory_order_relaxed); }

 private:
  using Tree = search_internal::SearchTree;
  using Edge = search_internal::Edge;
  using Node = search_internal::Node;
  using Clock = std::chrono::steady_clock;
  static constexpr uint32_t kNone = search_internal::kNone;
  // Deterministic mode: iterations descend a frozen tree in batches of this many, then their
  // updates are applied in iteration order.
  static constexpr int kDeterministicBatch = 16;
  // Fast mode: a worker claims this many iteration indices at a time.
  static constexpr int64_t kClaim = 64;
  static constexpr double kBanditGamma = 0.1;  // exploration of regret matching and EXP3
  static constexpr int64_t kVirtualLoss = static_cast<int64_t>(search_internal::kValueScale);
  static constexpr int kMaxPrincipalVariation = 24;
  // Rng streams outside the iteration indices.
  static constexpr uint64_t kPvStream = uint64_t{1} << 62;
  static constexpr uint64_t kBeliefStream = kPvStream + 1;
  static constexpr uint64_t kBestStream = kPvStream + 2;

  enum class Visit : uint8_t {
    kMain,    // the legal actions equal the node's block
    kOther,   // another legal action list: availability counted per edge
    kCreate,  // the node is created by this visit (a main visit of the new node)
  };

  // One selection by one player, replayed at backpropagation.
  struct Step {
    uint64_t key = 0;          // the node's key
    uint64_t create_key = 0;   // the node this visit creates (the node or an overflow block)
    uint32_t node = kNone;     // the node's slot
    uint32_t edge = kNone;     // the chosen edge; kNone: not tracked (or not created yet)
    uint32_t avail_begin = 0;  // kOther: Iteration::lists range of the available edges
    uint32_t avail_end = 0;
    uint32_t create_begin = 0;  // creation: Iteration::lists range of the block's actions
    uint32_t create_end = 0;
    uint16_t overflow_index = 0;  // creation of overflow block k
    Action action = kInvalidAction;
    float probability = 1;  // sampling probability under regret matching / EXP3
    Player player = 0;
    Visit visit = Visit::kMain;
    bool bandit = false;       // regret matching / EXP3 update due
    bool bandit_node = false;  // a created node gets bandit statistics
    // Fast mode at a hot node: the visit is counted in the worker's pending updates.
    search_internal::PendingEdge* pending = nullptr;
  };

  // The scratch space and record of one iteration (a worker's own cache lines: a neighbour
  // sharing one would slow both workers down).
  struct alignas(64) Iteration {
    State state;
    ActionList actions;
    ChanceList outcomes;
    std::vector<Step> steps;
    std::vector<uint32_t> lists;
    double value0 = 0;                   // the result for player 0
    search_internal::EdgeCursor cursor;  // fast mode: this worker's edge arena cursor
    int64_t next_index = 0;              // fast mode: claimed iteration indices
    int64_t end_index = 0;
    search_internal::PendingUpdates pending;  // fast mode with several workers
    std::atomic<int64_t> completed{0};
  };

  // --- one iteration: searcher_descent.h ------------------------------------------------
  void RunIteration(Iteration& it, uint64_t index, SearchMode mode);
  // `at_root`: the searching player's node there is the root's, whatever its hidden state in
  // `s` (self-determinization may have redrawn it).
  Action SelectInTree(Iteration& it, const State& s, Player p, bool simultaneous, bool at_root,
                      SearchMode mode, Rng& rng, bool* stay);
  Action SelectOther(Iteration& it, Step& step, const Node& node, SearchMode mode, Rng& rng,
                     bool* stay);
  // Maps a child's mean return to the scale UCB compares (SearchOptions::ucb_values): the
  // identity, or [0, 1] from the smallest to the largest mean among the node's children.
  struct MeanScale {
    double low = 0;
    double factor = 1;
    double operator()(double mean) const { return (mean - low) * factor; }
    static MeanScale Spanning(double low, double high) {
      return high - low > 1e-12 ? MeanScale{low, 1 / (high - low)} : MeanScale{};
    }
  };
  // `pending`: the worker's not yet shared updates of these edges, or nullptr.
  int SelectUcb(const Edge* edges, int count, uint32_t main_visits,
                const search_internal::PendingEdge* pending, Rng& rng) const;
  int SelectBandit(const search_internal::BanditStats* stats, int count, Rng& rng,
                   float* probability) const;
  // Edge index of `action` at the node `key` (primary block, then overflow blocks).
  uint32_t FindEdge(uint64_t key, const Node& node, Action action) const;

  // --- recording it in the tree: searcher_backup.h ---------------------------------------
  void OnSelect(Iteration& it, const Step& step, SearchMode mode);
  // The node `step` meant to create exists already (another thread, or an earlier
  // iteration of the batch, created it): record the visit there, as a main visit if the
  // block matches this visit's legal actions, else counting availability per edge (and
  // adding an overflow edge for a missing action).
  void ResolveExisting(Iteration& it, Step& step, uint32_t slot,
                       search_internal::EdgeCursor& cursor);
  void Backpropagate(Iteration& it, SearchMode mode);
  void BanditUpdate(const Step& step, double value);

  // --- drivers: searcher_drivers.h ------------------------------------------------------
  void RunFast();
  void FastWorker(int worker);
  void RunDeterministic();
  bool Finished() const {
    return stop_.load(std::memory_order_relaxed) || time_up_.load(std::memory_order_relaxed) ||
           (options_.max_iterations > 0 && Completed() >= options_.max_iterations);
  }
  int64_t Completed() const;
  void CheckClockAndProgress(bool may_report);
  double Seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

  // --- results: searcher_results.h ------------------------------------------------------
  SearchResult BuildResult();
  std::vector<std::string> PrincipalVariation(State s, int max_length) const;
  // A determinization of the root: from the worlds when there are any, else the prior.
  State SampleRoot(Rng& rng) const {
    return worlds_ != nullptr ? worlds_->Sample(rng)
                              : rules::Determinize(game_, root_, player_, rng);
  }
  // The most visited action of `p` at `s` in its tree, or kInvalidAction.
  Action MostVisited(const State& s, Player p, ActionList& actions) const;

  const G& game_;
  SearchOptions options_;
  E evaluator_;
  P policy_;
  std::atomic<bool> stop_{false};

  // Per search.
  State root_{};
  Player player_ = 0;
  const Worlds<State>* worlds_ = nullptr;  // null: the uniform prior
  uint64_t root_key_ = 0;                  // the root's node key
  std::unique_ptr<Tree> tree_;
  std::vector<std::unique_ptr<Iteration>> iterations_;
  search_internal::EdgeCursor deterministic_cursor_;
  // Claimed by workers every kClaim iterations: its own cache line, away from the flags
  // that they read after every iteration.
  alignas(64) std::atomic<int64_t> next_index_{0};
  alignas(64) std::atomic<bool> time_up_{false};
  search_internal::WorkerGate gate_;  // for growing the node table during a fast search
  Clock::time_point start_;
  Clock::time_point next_progress_;
  double finished_seconds_ = -1;
};

}  // namespace sandtable

// The definitions, by role.
#include "search/searcher_backup.h"
#include "search/searcher_descent.h"
#include "search/searcher_drivers.h"
#include "search/searcher_results.h"

#endif  // SANDTABLE_SEARCH_SEARCHER_H_
