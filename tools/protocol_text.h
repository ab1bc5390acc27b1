// Text helpers of the protocol (words, blanks and quoting: engine/text.h): the move-list
// grammar and the arguments of `go` and `setoption`.
// docs/protocol.md is the authority for every format here.
#ifndef SANDTABLE_TOOLS_PROTOCOL_TEXT_H_
#define SANDTABLE_TOOLS_PROTOCOL_TEXT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/text.h"

namespace sandtable {

// The keyword a host writes for a choice or chance outcome its engine's seat did not see.
inline constexpr std::string_view kHiddenWord = "hidden";

// One entry of a move list. At a simultaneous node `parts` holds both players' actions
// (player 0 first); elsewhere it holds one action or outcome. Each part is either the
// ruleset's notation or kHiddenWord.
struct MoveItem {
  std::vector<std::string> parts;
  std::string text;  // as written, trimmed, for error messages
};

// The move list grammar: moves are separated by ';' (a move may contain spaces, as in
// "roll 4 2 6"; blanks around moves are ignored; one trailing ';' is allowed). Inside a
// move, '|' separates the two players' actions of a simultaneous move ("a | b"). Empty
// moves and empty actions are errors.
absl::StatusOr<std::vector<MoveItem>> ParseMoveList(std::string_view text);

// Formats a move list the way ParseMoveList reads it back: "a; b; c".
std::string JoinMoveList(const std::vector<std::string>& moves);

// `go` arguments.
struct GoLimits {
  int64_t iterations = 0;  // 0: no limit of that kind
  int64_t movetime_ms = 0;
  bool infinite = false;
};
absl::StatusOr<GoLimits> ParseGoArguments(const std::vector<std::string_view>& words);

// `setoption name <N...> value <V...>`: `line` is everything after "setoption". The name
// may hold several words; the value is the rest of the line, trimmed (may be empty when
// "value" is absent, for buttons).
struct SetOptionArgs {
  std::string name;
  std::string value;
  bool has_value = false;
};
absl::StatusOr<SetOptionArgs> ParseSetOption(std::string_view line);

// A non-negative decimal integer up to `max`, with a clear error naming `what`.
absl::StatusOr<int64_t> ParseCount(std::string_view text, std::string_view what, int64_t max);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_PROTOCOL_TEXT_H_
