// The parallel multiple-observer ISMCTS searcher, generic over the Ruleset concept.
// (Stub: the interface is final; the search body lands in follow-up commits.)
#ifndef SANDTABLE_SEARCH_SEARCHER_H_
#define SANDTABLE_SEARCH_SEARCHER_H_

#include <atomic>
#include <string>
#include <utility>

#include "engine/ruleset.h"
#include "engine/types.h"
#include "eval/evaluator.h"
#include "search/search_types.h"

namespace sandtable {

template <Ruleset G, typename E = NeutralEvaluator, typename P = UniformRollout>
class Searcher {
 public:
  Searcher(const G& game, SearchOptions options, E evaluator = {}, P policy = {})
      : game_(game),
        options_(std::move(options)),
        evaluator_(std::move(evaluator)),
        policy_(std::move(policy)) {}

  // Blocking. `player` is the searching player (the player to move, or its seat at a
  // simultaneous root); uses only what `player` observes in `root` (via Determinize and
  // InformationSetKey). Root must be a decision node of `player` or a simultaneous node.
  SearchResult Search(const typename G::State& root, Player player) {
    SearchResult result;
    result.player = player;
    result.root_kind = game_.Kind(root);
    ActionList actions;
    game_.LegalActions(root, player, actions);
    if (!actions.empty()) {
      result.best_action = actions[0];
      result.best_action_text = game_.ActionToString(root, player, actions[0]);
    }
    return result;
  }

  // Thread-safe: may be called from any thread; Search returns within 10 ms.
  void Stop() { stop_.store(true, std::memory_order_relaxed); }

 private:
  const G& game_;
  SearchOptions options_;
  E evaluator_;
  P policy_;
  std::atomic<bool> stop_{false};
};

}  // namespace sandtable

#endif  // SANDTABLE_SEARCH_SEARCHER_H_
