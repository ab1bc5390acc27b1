// The policy of a match player (tools/match/match_player.h) at an information set, for
// `sandtable exploitability`: random is uniform over the legal actions; ismcts is the final
// policy of one search (the root actions' `policy` shares) at the given position; greedy is
// pure, the action it chooses. The seed of each query is derived from `seed`, the player and
// the information-set key only, so the policy depends on the information set alone (the
// search determinizes what the player cannot see) and a run can be repeated exactly.
#ifndef SANDTABLE_TOOLS_SPEC_POLICY_H_
#define SANDTABLE_TOOLS_SPEC_POLICY_H_

#include <cstdint>

#include "tools/exploitability.h"
#include "tools/game.h"
#include "tools/match/match_player.h"

namespace sandtable {

// `game` must outlive the returned function.
PolicyFunction SpecPolicy(const PlayerSpec& spec, const Game& game, uint64_t seed);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_SPEC_POLICY_H_
