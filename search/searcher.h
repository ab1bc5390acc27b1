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
// Thread safety: Search() blocks and must not run twice at once on one Searcher; Stop()
// may be called from any thread at any time (a Stop() while no search runs ends the next
// Search() after its first iteration).
#ifndef SANDTABLE_SEARCH_SEARCHER_H_
#define SANDTABLE_SEARCH_SEARCHER_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/check.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "engine/types.h"
#include "eval/evaluator.h"
#include "search/parallel.h"
#include "search/pending_updates.h"
#include "search/search_types.h"
#include "search/statistics.h"
#include "search/tree.h"
#include "search/worker_gate.h"

namespace sandtable {

template <Ruleset G, typename E = NeutralEvaluator, typename P = UniformRollout>
class Searcher {
 public:
  using State = typename G::State;

  Searcher(const G& game, SearchOptions options, E evaluator = {}, P policy = {})
      : game_(game),
        options_(std::move(options)),
        evaluator_(std::move(evaluator)),
        policy_(std::move(policy)) {
    options_.threads = std::max(1, options_.threads);
  }

  // Blocking. `player` is the searching player (the player to move, or its seat at a
  // simultaneous root); uses only what `player` observes in `root` (via Determinize and
  // InformationSetKey). Root must be a decision node of `player` or a simultaneous node;
  // otherwise the result has no best action and no iterations.
  SearchResult Search(const State& root, Player player);

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

  // --- one iteration -----------------------------------------------------------------
  void RunIteration(Iteration& it, uint64_t index, bool fast);
  Action SelectInTree(Iteration& it, const State& s, Player p, bool simultaneous, bool fast,
                      Rng& rng, bool* stay);
  Action SelectOther(Iteration& it, Step& step, const Node& node, bool fast, Rng& rng, bool* stay);
  // `pending`: the worker's not yet shared updates of these edges, or nullptr.
  int SelectUcb(const Edge* edges, int count, uint32_t main_visits,
                const search_internal::PendingEdge* pending, Rng& rng) const;
  int SelectBandit(const search_internal::BanditStats* stats, int count, Rng& rng,
                   float* probability) const;
  // Edge index of `action` at the node `key` (primary block, then overflow blocks).
  uint32_t FindEdge(uint64_t key, const Node& node, Action action) const;
  void OnSelect(Iteration& it, const Step& step, bool fast);
  // The node `step` meant to create exists already (another thread, or an earlier
  // iteration of the batch, created it): record the visit there, as a main visit if the
  // block matches this visit's legal actions, else counting availability per edge (and
  // adding an overflow edge for a missing action).
  void ResolveExisting(Iteration& it, Step& step, uint32_t slot,
                       search_internal::EdgeCursor& cursor);
  void Backpropagate(Iteration& it, bool fast);
  void BanditUpdate(const Step& step, double value);
  Action SampleChance(const State& s, ChanceList& outcomes, Rng& rng) const;

  // --- drivers -------------------------------------------------------------------------
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

  // --- results -------------------------------------------------------------------------
  SearchResult BuildResult();
  std::vector<std::string> PrincipalVariation(State s, int max_length) const;
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

// ===================================================================================
// Implementation.

template <Ruleset G, typename E, typename P>
SearchResult Searcher<G, E, P>::Search(const State& root, Player player) {
  start_ = Clock::now();
  next_progress_ = start_ + std::chrono::milliseconds(std::max(1, options_.progress_interval_ms));
  root_ = root;
  player_ = player;
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
  return result;
}

template <Ruleset G, typename E, typename P>
int64_t Searcher<G, E, P>::Completed() const {
  int64_t total = 0;
  for (const auto& it : iterations_) total += it->completed.load(std::memory_order_relaxed);
  return total;
}

template <Ruleset G, typename E, typename P>
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

template <Ruleset G, typename E, typename P>
void Searcher<G, E, P>::RunFast() {
  search_internal::ParallelRunner runner(options_.threads);
  runner.For(options_.threads, [&](int worker) { FastWorker(worker); });
}

template <Ruleset G, typename E, typename P>
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
    RunIteration(it, static_cast<uint64_t>(it.next_index++), /*fast=*/true);
    Backpropagate(it, /*fast=*/true);
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

template <Ruleset G, typename E, typename P>
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
      RunIteration(*iterations_[j], static_cast<uint64_t>(done + j), /*fast=*/false);
    };
    runner.For(batch, descend);
    for (int j = 0; j < batch; ++j) Backpropagate(*iterations_[j], /*fast=*/false);
    done += batch;
    counter.completed.store(done, std::memory_order_relaxed);
    if (tree_->WantsGrowth()) tree_->Grow();
    CheckClockAndProgress(true);
    if (Finished()) break;
  }
}

template <Ruleset G, typename E, typename P>
Action Searcher<G, E, P>::SampleChance(const State& s, ChanceList& outcomes, Rng& rng) const {
  game_.ChanceOutcomes(s, outcomes);
  DCHECK(!outcomes.empty());
  const int n = outcomes.size();
  const Probability first = outcomes[0].probability;
  bool uniform = true;
  for (int i = 1; i < n && uniform; ++i) uniform = outcomes[i].probability == first;
  if (uniform) return outcomes[static_cast<int>(rng.Below(static_cast<uint32_t>(n)))].outcome;
  double u = rng.Uniform();
  for (int i = 0; i < n - 1; ++i) {
    u -= outcomes[i].probability.ToDouble();
    if (u < 0) return outcomes[i].outcome;
  }
  return outcomes[n - 1].outcome;
}

template <Ruleset G, typename E, typename P>
void Searcher<G, E, P>::RunIteration(Iteration& it, uint64_t index, bool fast) {
  Rng rng(options_.seed, index);
  it.steps.clear();
  it.lists.clear();
  State& s = it.state;
  s = rules::Determinize(game_, root_, player_, rng);
  bool in_tree = true;
  bool at_root = true;
  int rollout_steps = 0;
  while (true) {
    switch (game_.Kind(s)) {
      case NodeKind::kTerminal:
        it.value0 = game_.Returns(s, 0);
        return;
      case NodeKind::kChance:
        game_.Apply(s, SampleChance(s, it.outcomes, rng));
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
            action = SelectInTree(it, s, p, /*simultaneous=*/false, fast, rng, &stay);
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
            joint[p] = SelectInTree(it, s, p, /*simultaneous=*/true, fast, rng, &stay);
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

template <Ruleset G, typename E, typename P>
Action Searcher<G, E, P>::SelectInTree(Iteration& it, const State& s, Player p, bool simultaneous,
                                       bool fast, Rng& rng, bool* stay) {
  const ActionList& actions = it.actions;
  const int n = actions.size();
  Step step;
  step.key = Tree::NodeKey(game_.InformationSetKey(s, p), p);
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
    if (fast) {
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
      OnSelect(it, step, fast);
    }
    it.steps.push_back(step);
    return step.action;
  }
  const Node& node = tree_->node(step.node);
  const Edge* edges = tree_->edges(node);
  const bool main = node.count.load(std::memory_order_acquire) == n &&
                    std::equal(actions.begin(), actions.end(), tree_->actions(node));
  if (!main) return SelectOther(it, step, node, fast, rng, stay);
  int i;
  if (bandit && node.bandit) {
    i = SelectBandit(tree_->bandit(node), n, rng, &step.probability);
    step.bandit = true;
  } else {
    const uint32_t main_visits = node.visits.load(std::memory_order_relaxed);
    search_internal::PendingEdge* pending = nullptr;
    if (fast && options_.threads > 1 &&
        main_visits >= search_internal::PendingUpdates::kHotVisits) {
      pending = it.pending.Edges(step.node, node.first_edge, n);
    }
    i = SelectUcb(edges, n, main_visits, pending, rng);
    if (pending != nullptr) step.pending = &pending[i];
  }
  step.edge = node.first_edge + static_cast<uint32_t>(i);
  step.action = actions[i];
  step.visit = Visit::kMain;
  if (fast) OnSelect(it, step, fast);
  it.steps.push_back(step);
  return step.action;
}

template <Ruleset G, typename E, typename P>
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

template <Ruleset G, typename E, typename P>
Action Searcher<G, E, P>::SelectOther(Iteration& it, Step& step, const Node& node, bool fast,
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
    if (fast) {
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
      OnSelect(it, step, fast);
    }
    it.steps.push_back(step);
    return step.action;
  }
  // Availability-aware UCB over the edges of the legal actions.
  const double c = options_.ucb_c;
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
    const double score = mean + c * std::sqrt(std::log(availability) / visits);
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
  if (fast) OnSelect(it, step, fast);
  it.steps.push_back(step);
  return step.action;
}

template <Ruleset G, typename E, typename P>
int Searcher<G, E, P>::SelectUcb(const Edge* edges, int count, uint32_t main_visits,
                                 const search_internal::PendingEdge* pending, Rng& rng) const {
  const InverseTables& tables = InverseTables::Get();
  if (pending != nullptr) {
    for (int i = 0; i < count; ++i) main_visits += pending[i].visits;
  }
  const double c = options_.ucb_c;
  const double exploration_main = c * std::sqrt(std::log(main_visits + 1.0));
  double best = -1e300;
  int best_i = 0;
  int unvisited = 0;
  for (int i = 0; i < count; ++i) {
    const Edge& e = edges[i];
    uint32_t visits = e.visits.load(std::memory_order_relaxed);
    int64_t value = e.value.load(std::memory_order_relaxed);
    if (pending != nullptr) {
      visits += pending[i].visits;
      value += pending[i].value;
    }
    if (visits == 0) {
      ++unvisited;
      continue;
    }
    if (unvisited > 0) continue;
    const uint32_t other = e.avail_other.load(std::memory_order_relaxed);
    const double exploration =
        other == 0 ? exploration_main : c * std::sqrt(std::log(main_visits + other + 1.0));
    const double mean =
        static_cast<double>(value) * (1 / search_internal::kValueScale) * tables.Inverse(visits);
    const double score = mean + exploration * tables.InverseSqrt(visits);
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

template <Ruleset G, typename E, typename P>
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

template <Ruleset G, typename E, typename P>
void Searcher<G, E, P>::OnSelect(Iteration& it, const Step& step, bool fast) {
  // Selection-time bookkeeping: at selection in fast mode (so that other threads see it,
  // with a virtual loss on the chosen edge), at backpropagation in deterministic mode.
  if (step.pending != nullptr) {
    ++step.pending->visits;  // this worker sees it at once; the others at the next flush
    return;
  }
  if (fast && step.edge != kNone) {
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

template <Ruleset G, typename E, typename P>
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

template <Ruleset G, typename E, typename P>
void Searcher<G, E, P>::Backpropagate(Iteration& it, bool fast) {
  for (Step& step : it.steps) {
    const double value = step.player == 0 ? it.value0 : -it.value0;
    if (!fast) {
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
      OnSelect(it, step, fast);
    }
    if (step.edge == kNone) continue;
    const int64_t fixed = std::llround(value * search_internal::kValueScale);
    if (step.pending != nullptr) {
      step.pending->value += fixed;
      continue;
    }
    Edge& edge = tree_->edge(step.edge);
    if (fast) {
      edge.value.fetch_add(fixed + kVirtualLoss, std::memory_order_relaxed);  // undo the loss
    } else {
      edge.visits.fetch_add(1, std::memory_order_relaxed);
      edge.value.fetch_add(fixed, std::memory_order_relaxed);
    }
    if (step.bandit) BanditUpdate(step, value);
  }
}

template <Ruleset G, typename E, typename P>
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

// --- results ---------------------------------------------------------------------------

template <Ruleset G, typename E, typename P>
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

template <Ruleset G, typename E, typename P>
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

template <Ruleset G, typename E, typename P>
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
  const State pv_root = rules::Determinize(game_, root_, player_, pv_rng);
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
  result.tree_nodes = deterministic_cursor_.edges.load(std::memory_order_relaxed);
  for (const auto& it : iterations_) {
    result.tree_nodes += it->cursor.edges.load(std::memory_order_relaxed);
  }
  result.bytes_per_node =
      result.tree_nodes > 0 ? static_cast<double>(tree_->bytes()) / result.tree_nodes : 0;
  result.memory_capped = tree_->capped();
  // Belief: the hidden-state labels of the opponent over fresh determinizations.
  const Player other = Opponent(player_);
  if (!rules::DescribeHidden(game_, pv_root, other).empty()) {
    // The opponent's hidden state is part of its information set: samples in one set are
    // described once.
    std::unordered_map<uint64_t, int> set_index;
    std::vector<std::pair<State, int>> sets;
    Rng rng(options_.seed, kBeliefStream);
    result.belief_samples = std::max(1, options_.belief_samples);
    for (int i = 0; i < result.belief_samples; ++i) {
      State sample = rules::Determinize(game_, root_, player_, rng);
      const auto [it, added] =
          set_index.emplace(game_.InformationSetKey(sample, other), static_cast<int>(sets.size()));
      if (added) sets.emplace_back(sample, 0);
      ++sets[it->second].second;
    }
    std::map<std::string, int> counts;
    for (const auto& [sample, count] : sets)
      counts[rules::DescribeHidden(game_, sample, other)] += count;
    for (const auto& [label, count] : counts) {
      result.belief.emplace_back(label, static_cast<double>(count) / result.belief_samples);
    }
    std::stable_sort(result.belief.begin(), result.belief.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
  }
  return result;
}

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_SEARCHER_H_
