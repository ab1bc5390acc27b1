// The pick_claim ruleset as a type-erased Game, optionally with a stand-in search (random
// playouts per root action, honouring limits, Stop() and progress callbacks) so the
// protocol's threading is exercised whatever state the real searcher is in.
#ifndef SANDTABLE_TESTS_PROTOCOL_PICK_CLAIM_GAME_H_
#define SANDTABLE_TESTS_PROTOCOL_PICK_CLAIM_GAME_H_

#include <memory>
#include <string_view>

#include "absl/status/statusor.h"
#include "tools/game.h"

namespace sandtable::protocol_test {

// "pick_claim" or "pick_claim(rounds=N)"; any other name is an error naming "pick_claim".
absl::StatusOr<std::shared_ptr<const Game>> CreatePickClaimGame(std::string_view spec,
                                                                std::string_view scenario_text);

// Wraps `game` so that NewSearch returns the stand-in search.
std::shared_ptr<const Game> WithStandInSearch(std::shared_ptr<const Game> game);

}  // namespace sandtable::protocol_test

#endif  // SANDTABLE_TESTS_PROTOCOL_PICK_CLAIM_GAME_H_
