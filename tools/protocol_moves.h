// Applying a protocol move list to a position: each move in the ruleset's notation (chance
// outcomes in the outcome notation, raw faces accepted), simultaneous moves as both
// players' actions, and `hidden` for what the engine's seat did not see. A hidden entry is
// replaced by a placeholder: any choice or outcome that keeps the rest of the list legal
// (searched depth-first, with a budget). The search only ever uses the searching seat's
// information, so the placeholder's content never reaches it.
#ifndef SANDTABLE_TOOLS_PROTOCOL_MOVES_H_
#define SANDTABLE_TOOLS_PROTOCOL_MOVES_H_

#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/game.h"
#include "tools/protocol_text.h"

namespace sandtable {

// How many parse-and-apply attempts the placeholder search may spend before giving up.
inline constexpr int kHiddenSearchBudget = 20000;

// Applies `moves` to a copy of `start`. Errors name the move (1-based) and the reason; on
// error nothing is returned, so the caller's position stays as it was.
absl::StatusOr<std::unique_ptr<Position>> ApplyMoveList(const Position& start,
                                                        const std::vector<MoveItem>& moves,
                                                        int budget = kHiddenSearchBudget);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_PROTOCOL_MOVES_H_
