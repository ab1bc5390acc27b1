// The opponent model of inference (search/inference.h): what the opponent would play at one
// of its information sets, taken from a small search of our own at that information set from
// the opponent's seat (the visit shares of its root), mixed with a little uniform play.
//
// Why a search: it is the model of the opponent the bot already trusts for its own moves,
// it needs nothing from the ruleset, and it reads only what the opponent observes. The
// model's searches use the uniform prior themselves (no inference within inference), and
// are seeded from the information set alone, so a model is the same in every search and
// its answers can be kept in a cache shared across searches (ModelCache).
#ifndef SANDTABLE_SEARCH_OPPONENT_MODEL_H_
#define SANDTABLE_SEARCH_OPPONENT_MODEL_H_

#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/rng.h"
#include "engine/ruleset.h"
#include "engine/types.h"
#include "search/searcher.h"

namespace sandtable {

// Model answers by (model settings, player, information set); safe to share between
// threads. Cleared when full: a model is cheap to recompute and this bounds the memory.
class ModelCache {
 public:
  static constexpr size_t kMaxEntries = size_t{1} << 16;

  std::optional<std::vector<double>> Find(uint64_t key) const {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(key);
    if (it == entries_.end()) return std::nullopt;
    return it->second;
  }
  void Insert(uint64_t key, std::vector<double> probabilities) {
    std::lock_guard lock(mutex_);
    if (entries_.size() >= kMaxEntries) entries_.clear();
    entries_.emplace(key, std::move(probabilities));
  }

 private:
  mutable std::mutex mutex_;
  std::unordered_map<uint64_t, std::vector<double>> entries_;
};

template <Ruleset G, Evaluator<G> E, RolloutPolicy<G> P>
class SearchOpponentModel {
 public:
  using State = typename G::State;
  // The share of uniform play mixed in: the opponent is not our model, and a world whose
  // opponent would seldom play the observed action must keep some weight.
  static constexpr double kUniformShare = 0.1;
  // One step's model searches share kSharedViews full budgets: with more distinct
  // information sets of the opponent to model (liars_dice with 5 dice: up to 252 hands)
  // each gets a share, at least kMinIterations, so the cost stays bounded.
  static constexpr int kSharedViews = 8;
  static constexpr int64_t kMinIterations = 16;

  // `options`: the main search's; the model searches with model_iterations of them on one
  // thread. `cache` may be null.
  SearchOpponentModel(const G& game, const SearchOptions& options, const E& evaluator,
                      ModelCache* cache)
      : game_(game), options_(ModelOptions(options)), evaluator_(evaluator), cache_(cache) {}

  // Identifies the model's settings (its answers depend on nothing else).
  uint64_t fingerprint() const { return fingerprint_; }

  void operator()(const State& s, Player p, const ActionList& actions, int views,
                  std::vector<double>& probabilities) {
    const int64_t iterations =
        std::min(options_.max_iterations,
                 std::max(kMinIterations, options_.max_iterations * kSharedViews / views));
    const uint64_t info = game_.InformationSetKey(s, p);
    const uint64_t seed = HashCombine(HashCombine(fingerprint_, static_cast<uint64_t>(p)), info);
    const uint64_t key = HashCombine(seed, static_cast<uint64_t>(iterations));
    if (cache_ != nullptr) {
      if (std::optional<std::vector<double>> known = cache_->Find(key);
          known && known->size() == static_cast<size_t>(actions.size())) {
        probabilities = *std::move(known);
        return;
      }
    }
    SearchOptions options = options_;
    options.seed = seed;
    options.max_iterations = iterations;
    Searcher<G, E, P> searcher(game_, options, evaluator_);
    const SearchResult result = searcher.Search(s, p);
    const double uniform = kUniformShare / actions.size();
    probabilities.assign(actions.size(), uniform);
    for (const RootActionStats& stats : result.actions) {
      for (int i = 0; i < actions.size(); ++i) {
        if (actions[i] == stats.action) probabilities[i] += (1 - kUniformShare) * stats.policy;
      }
    }
    double sum = 0;
    for (double q : probabilities) sum += q;
    for (double& q : probabilities) q /= sum;
    if (cache_ != nullptr) cache_->Insert(key, probabilities);
  }

 private:
  static SearchOptions ModelOptions(const SearchOptions& main) {
    SearchOptions options = main;
    options.threads = 1;
    options.deterministic = false;  // one thread: reproducible either way, and faster
    options.max_time_ms = 0;
    options.max_iterations =
        main.model_iterations > 0
            ? main.model_iterations
            : std::max<int64_t>(SearchOptions::kMinModelIterations, main.max_iterations / 4);
    options.memory_mb = std::min<int64_t>(main.memory_mb, 64);
    options.belief_samples = 0;
    // options.belief stays: under kBluff the opponent is modelled as bluffing too (its model
    // searches self-determinize), which measured better than a transparent model
    // (docs/search.md, "Belief").
    options.on_progress = nullptr;
    return options;
  }

  const G& game_;
  const SearchOptions options_;
  // What the model's answers depend on besides the information set.
  const uint64_t fingerprint_ =
      HashCombine(HashCombine(static_cast<uint64_t>(options_.max_iterations),
                              static_cast<uint64_t>(options_.ucb_c * 1e6)),
                  HashCombine(static_cast<uint64_t>(options_.rollout_cutoff + 2),
                              static_cast<uint64_t>(options_.ucb_values)));
  const E& evaluator_;
  ModelCache* cache_;
};

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_OPPONENT_MODEL_H_
