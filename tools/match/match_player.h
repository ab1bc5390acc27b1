// The players of `sandtable match`, from specs such as "ismcts:iterations=2000",
// "ismcts:movetime=100,threads=1", "random" and "greedy".
//
// greedy is one ply deep: it scores each legal action by the ruleset's evaluator after the
// action, taking the exact expectation over the chance that follows and the best of its own
// consecutive decisions (a decomposed turn: unit, then destination, then target) while a
// node budget lasts (budget=4096 evaluations per move by default, split evenly among
// branches); where the budget runs out it evaluates the position as it stands. It looks at
// a determinization of what it can observe, never at hidden truth. Ties are broken at random.
#ifndef SANDTABLE_TOOLS_MATCH_MATCH_PLAYER_H_
#define SANDTABLE_TOOLS_MATCH_MATCH_PLAYER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "engine/rng.h"
#include "search/search_types.h"
#include "tools/game.h"

namespace sandtable {

enum class PlayerKind { kRandom, kGreedy, kIsmcts };

struct PlayerSpec {
  PlayerKind kind = PlayerKind::kRandom;
  std::string text;      // as given
  SearchOptions search;  // ismcts: limits, threads, ucb, cutoff (the seed is set per move)
  int64_t greedy_budget = 4096;
};

// Accepted: random | greedy[:budget=N] | ismcts[:key=value,...] with keys iterations,
// movetime (ms), threads, c (UCB constant), cutoff (playout steps before the evaluator),
// rollout (ruleset|uniform), deterministic (0|1). ismcts without a limit searches 1000
// iterations.
absl::StatusOr<PlayerSpec> ParsePlayerSpec(std::string_view text);

class MatchPlayer {
 public:
  virtual ~MatchPlayer() = default;
  // A legal action for `seat` at a decision node of `seat` or at a simultaneous node, using
  // only what `seat` observes. `seed` makes the choice reproducible.
  virtual Action Choose(const Position& position, Player seat, uint64_t seed) = 0;
};

std::unique_ptr<MatchPlayer> NewMatchPlayer(const PlayerSpec& spec, const Game& game);

// The greedy player's choice (see above); `position` is used as given (no determinization).
Action GreedyChoice(const Position& position, Player seat, int64_t budget, Rng& rng);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_MATCH_MATCH_PLAYER_H_
