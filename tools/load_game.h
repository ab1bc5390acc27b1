// Loading a game and a position from text, as every tool does: a scenario file, a ruleset
// spec, a position string and moves in the rulesets' notation. Shared by the command-line
// subcommands and the protocol.
#ifndef SANDTABLE_TOOLS_LOAD_GAME_H_
#define SANDTABLE_TOOLS_LOAD_GAME_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "tools/game.h"

namespace sandtable {

// A scenario file's text. Errors ("cannot read file '<path>': why") for anything but a
// non-empty regular file of at most 16 MiB: a device or a directory would otherwise read
// forever or as an empty scenario (the default one).
absl::StatusOr<std::string> ReadScenarioFile(const std::string& path);

// The game named by `ruleset_spec` ("" = the default ruleset), with the scenario read from
// `scenario_path` when it is not empty.
absl::StatusOr<std::shared_ptr<const Game>> LoadGame(const std::string& ruleset_spec,
                                                     const std::string& scenario_path);

// Applies one move in the notation of the node it is played at: a decision of the player
// to move, a chance outcome (raw faces accepted), or at a simultaneous node both players'
// choices as "<player 0 action> | <player 1 action>". Errors leave `position` unchanged.
// `applied`, when given, receives the move as the ruleset writes it.
absl::Status ApplyMoveText(Position& position, std::string_view text,
                           std::string* applied = nullptr);

// The position given by `state_text` ("" = the initial position) after `moves`.
absl::StatusOr<std::unique_ptr<Position>> LoadPosition(const Game& game,
                                                       const std::string& state_text,
                                                       const std::vector<std::string>& moves);

// "player 0 to move", "chance", "simultaneous", "terminal".
std::string DescribeNode(const Position& position);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_LOAD_GAME_H_
