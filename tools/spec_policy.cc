#include "tools/spec_policy.h"

#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/rng.h"

namespace sandtable {
namespace {

// The index of `action` among `actions`, or -1.
int IndexOf(const ActionList& actions, Action action) {
  for (int i = 0; i < actions.size(); ++i) {
    if (actions[i] == action) return i;
  }
  return -1;
}

}  // namespace

PolicyFunction SpecPolicy(const PlayerSpec& spec, const Game& game, uint64_t seed) {
  return [spec, &game, seed](const Position& position,
                             Player player) -> absl::StatusOr<std::vector<double>> {
    const ActionList actions = position.LegalActions(player);
    std::vector<double> policy(actions.size(), 0.0);
    if (actions.empty()) return policy;
    if (spec.kind == PlayerKind::kRandom) {
      policy.assign(actions.size(), 1.0 / actions.size());
      return policy;
    }
    const uint64_t query_seed = HashCombine(HashCombine(seed, static_cast<uint64_t>(player)),
                                            position.InformationSetKey(player));
    if (spec.kind == PlayerKind::kIsmcts) {
      SearchOptions options = spec.search;
      options.seed = query_seed;
      const SearchResult result = game.NewSearch(options)->Run(position, player);
      double sum = 0;
      for (const RootActionStats& stats : result.actions) {
        const int i = IndexOf(actions, stats.action);
        if (i < 0) {
          return absl::InternalError(
              absl::StrCat("the search returned an illegal action at ", position.ToString()));
        }
        policy[i] += stats.policy;
        sum += stats.policy;
      }
      if (sum > 0) {
        for (double& p : policy) p /= sum;
        return policy;
      }
      // No root statistics (a search stopped at once): its best action alone.
      const int best = IndexOf(actions, result.best_action);
      if (best < 0) return absl::InternalError("the search returned no action");
      policy[best] = 1;
      return policy;
    }
    const int chosen =
        IndexOf(actions, NewMatchPlayer(spec, game)->Choose(position, player, query_seed));
    if (chosen < 0) return absl::InternalError("the player chose an illegal action");
    policy[chosen] = 1;
    return policy;
  };
}

}  // namespace sandtable
