// Inference: the searching player's posterior over the worlds it cannot tell apart, from the
// history it observed (a particle filter with exact enumeration of each step).
//
// The filter starts from determinizations of the first state of the history and follows the
// history step by step. At each step every world is extended by every chance outcome and
// every action that leads to what the searching player observed next (its information-set
// key), weighted by the outcome's probability, or for the opponent's actions by the
// probability that the opponent model gives them in that world. It reads the true states
// only through the searching player's information-set key, so it cannot peek: two histories
// the player cannot tell apart give the same posterior.
//
// Why this and not a reweighting of root determinizations: an opponent's choice is
// evidence about what it held when it chose, and later steps (a die rerolled, a card drawn)
// may have changed that; following the worlds along the history keeps each past choice tied
// to the state it was made in. Equal worlds are merged, so small games are followed exactly;
// larger sets are resampled down to InferenceOptions::max_worlds.
#ifndef SANDTABLE_SEARCH_INFERENCE_H_
#define SANDTABLE_SEARCH_INFERENCE_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/rng.h"
#include "engine/ruleset.h"
#include "engine/types.h"
#include "search/worlds.h"

namespace sandtable {

struct InferenceOptions {
  // The most worlds kept after a step (and drawn at the start of the history).
  int max_worlds = 512;
  // What else the filter's result depends on: the opponent model's settings (for
  // InferenceCache).
  uint64_t model_fingerprint = 0;
};

// OpponentModel: `model(state, p, actions, views, probabilities)` fills `probabilities`
// (one per action of `actions`, the legal actions of `p` at `state`, summing to 1) with the
// probability that player `p` plays each there. It must depend only on what `p` observes
// and on `views`, the number of distinct information sets of `p` it will be asked about at
// this step (so that it can share a budget among them).
template <typename M, typename G>
concept OpponentModel = requires(M& model, const typename G::State& state, Player p,
                                 const ActionList& actions, int views,
                                 std::vector<double>& probabilities) {
  model(state, p, actions, views, probabilities);
};

// Weighted worlds with equal states merged: the filter's state between steps. The worlds
// are ones `player` cannot tell apart, so they are told apart (hashed) by what the opponent
// sees.
template <typename G>
class WorldSet {
 public:
  using State = typename G::State;
  WorldSet(const G& game, Player player) : game_(&game), opponent_(Opponent(player)) {}

  void Add(const State& state, double weight) {
    const uint64_t hash = game_->InformationSetKey(state, opponent_);
    const auto [first, last] = index_.equal_range(hash);
    for (auto it = first; it != last; ++it) {
      if (states_[it->second] == state) {
        weights_[it->second] += weight;
        return;
      }
    }
    index_.emplace(hash, static_cast<int>(states_.size()));
    states_.push_back(state);
    weights_.push_back(weight);
  }
  int size() const { return static_cast<int>(states_.size()); }
  const State& state(int i) const { return states_[i]; }
  double weight(int i) const { return weights_[i]; }
  double total() const {
    double sum = 0;
    for (double w : weights_) sum += w;
    return sum;
  }

  // Systematic resampling down to `count` worlds (merged again, so counts become weights):
  // unbiased, and a world of weight w keeps about w * count copies.
  WorldSet Resampled(int count, Rng& rng) const {
    WorldSet out(*game_, Opponent(opponent_));
    const double step = total() / count;
    double next = rng.Uniform() * step;
    double cumulative = 0;
    for (int i = 0; i < size(); ++i) {
      cumulative += weights_[i];
      while (next < cumulative) {
        out.Add(states_[i], 1);
        next += step;
      }
    }
    return out;
  }

 private:
  const G* game_;
  Player opponent_;
  std::vector<State> states_;
  std::vector<double> weights_;
  std::unordered_multimap<uint64_t, int> index_;
};

// Filtered worlds by the history that led to them, shared by the searches of one game
// object (a match's games, a session's moves), so that each search filters only the steps
// since the last one. Keyed by everything the filter reads (the searching player, its
// information-set keys along the history, the options); the filter's random draws are
// seeded from the same, so a hit gives exactly what filtering from the start would.
// Thread-safe; cleared when full.
template <typename G>
class InferenceCache {
 public:
  static constexpr size_t kMaxEntries = 256;

  std::shared_ptr<const WorldSet<G>> Find(uint64_t key) const {
    std::lock_guard lock(mutex_);
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : it->second;
  }
  void Insert(uint64_t key, std::shared_ptr<const WorldSet<G>> worlds) {
    std::lock_guard lock(mutex_);
    if (entries_.size() >= kMaxEntries) entries_.clear();
    entries_.emplace(key, std::move(worlds));
  }

 private:
  mutable std::mutex mutex_;
  std::unordered_map<uint64_t, std::shared_ptr<const WorldSet<G>>> entries_;
};

namespace inference_internal {

// One step of the filter: `worlds` extended by every outcome or action that leads to what
// `player` observed next (`observed`, its information-set key), weighted by the outcome's
// probability or by `model` for the opponent's actions; resampled down to max_worlds.
template <Ruleset G, OpponentModel<G> M>
WorldSet<G> Step(const G& game, const WorldSet<G>& worlds, uint64_t observed, Player player,
                 M& model, const InferenceOptions& options, Rng& rng) {
  using State = typename G::State;
  const Player opponent = Opponent(player);
  ActionList actions;        // of the player to move, or of player 0 at a joint choice
  ActionList other_actions;  // of player 1 at a joint choice
  ChanceList outcomes;
  std::vector<double> probabilities;
  // The number of distinct information sets of the opponent among the worlds, counted at
  // the step's first opponent choice (chance steps and our own choices never need it). The
  // model is asked only when there are several: otherwise it weighs every world alike.
  int views = 0;
  // The probability of each of `p`'s legal actions `legal` at `s`.
  const auto action_probabilities = [&](const State& s, Player p, const ActionList& legal) {
    probabilities.assign(legal.size(), 1.0);
    if (p != opponent) return;
    if (views == 0) {
      std::unordered_set<uint64_t> opponent_views;
      for (int i = 0; i < worlds.size(); ++i) {
        opponent_views.insert(game.InformationSetKey(worlds.state(i), opponent));
      }
      views = static_cast<int>(opponent_views.size());
    }
    if (views > 1) model(s, p, legal, views, probabilities);
  };
  WorldSet<G> extended(game, player);
  for (int i = 0; i < worlds.size(); ++i) {
    const State& world = worlds.state(i);
    const double weight = worlds.weight(i);
    switch (game.Kind(world)) {
      case NodeKind::kTerminal:
        break;  // the history went on: not this world
      case NodeKind::kChance:
        game.ChanceOutcomes(world, outcomes);
        for (const ChanceOutcome& outcome : outcomes) {
          State next = world;
          game.Apply(next, outcome.outcome);
          if (game.InformationSetKey(next, player) == observed) {
            extended.Add(next, weight * outcome.probability.ToDouble());
          }
        }
        break;
      case NodeKind::kDecision: {
        const Player p = game.CurrentPlayer(world);
        game.LegalActions(world, p, actions);
        bool probabilities_known = false;
        for (int a = 0; a < actions.size(); ++a) {
          State next = world;
          game.Apply(next, actions[a]);
          if (game.InformationSetKey(next, player) != observed) continue;
          if (!probabilities_known) action_probabilities(world, p, actions);
          probabilities_known = true;
          extended.Add(next, weight * probabilities[a]);
        }
        break;
      }
      case NodeKind::kSimultaneous: {
        if constexpr (kHasSimultaneousNodes<G>) {
          game.LegalActions(world, 0, actions);
          game.LegalActions(world, 1, other_actions);
          action_probabilities(world, opponent, opponent == 0 ? actions : other_actions);
          for (int a0 = 0; a0 < actions.size(); ++a0) {
            for (int a1 = 0; a1 < other_actions.size(); ++a1) {
              State next = world;
              game.ApplyJoint(next, {actions[a0], other_actions[a1]});
              if (game.InformationSetKey(next, player) != observed) continue;
              extended.Add(next, weight * probabilities[opponent == 0 ? a0 : a1]);
            }
          }
        }
        break;
      }
    }
  }
  return extended.size() > options.max_worlds ? extended.Resampled(options.max_worlds, rng)
                                              : extended;
}

}  // namespace inference_internal

// The posterior over the worlds at `root`, for `player`, given `path`: the states before
// each step from some earlier state to `root` (path[k + 1], or `root` after the last, is
// path[k] after one Apply or ApplyJoint). Empty `path`: empty worlds (nothing observed; the
// caller uses the uniform prior). Also empty when the filter lost every world consistent
// with the history (possible only after resampling); the caller then falls back to the prior.
// Every returned world has `root`'s information-set key for `player`. `cache` may be null.
template <Ruleset G, OpponentModel<G> M>
Worlds<typename G::State> InferWorlds(const G& game, std::span<const typename G::State> path,
                                      const typename G::State& root, Player player, M& model,
                                      const InferenceOptions& options,
                                      InferenceCache<G>* cache = nullptr) {
  using State = typename G::State;
  Worlds<State> result;
  if (path.empty()) return result;
  // history[k]: what the filter has read once it reached step k (its seed there too).
  std::vector<uint64_t> history(path.size() + 1);
  history[0] =
      HashCombine(HashCombine(HashCombine(options.model_fingerprint, options.max_worlds), player),
                  game.InformationSetKey(path[0], player));
  for (size_t k = 1; k <= path.size(); ++k) {
    const State& state = k < path.size() ? path[k] : root;
    history[k] = HashCombine(history[k - 1], game.InformationSetKey(state, player));
  }
  // Resume from the latest step filtered before.
  size_t k = path.size();
  std::shared_ptr<const WorldSet<G>> known;
  for (; cache != nullptr; --k) {
    if ((known = cache->Find(history[k])) || k == 0) break;
  }
  if (known == nullptr) k = 0;
  const size_t resumed_at = k;
  WorldSet<G> worlds(game, player);
  if (known != nullptr) {
    worlds = *known;
  } else {
    Rng rng(history[0]);
    for (int i = 0; i < options.max_worlds; ++i) {
      worlds.Add(rules::Determinize(game, path[0], player, rng), 1);
    }
  }
  for (; k < path.size() && worlds.size() > 0; ++k) {
    const State& next = k + 1 < path.size() ? path[k + 1] : root;
    Rng rng(history[k + 1]);
    worlds = inference_internal::Step(game, worlds, game.InformationSetKey(next, player), player,
                                      model, options, rng);
  }
  if (worlds.size() == 0) return result;
  if (cache != nullptr && resumed_at < path.size()) {
    cache->Insert(history[path.size()], std::make_shared<const WorldSet<G>>(worlds));
  }
  for (int i = 0; i < worlds.size(); ++i) {
    if (worlds.weight(i) > 0) result.Add(worlds.state(i), worlds.weight(i));
  }
  return result;
}

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_INFERENCE_H_
