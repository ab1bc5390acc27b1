// What every subcommand shares: exit codes, cxxopts wrapped so no exception escapes, and
// loading a game and a position from --ruleset, --scenario, --state and --moves.
#ifndef SANDTABLE_TOOLS_CLI_COMMON_H_
#define SANDTABLE_TOOLS_CLI_COMMON_H_

#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tools/game.h"
#include "tools/load_game.h"

// Declared, not included: <cxxopts.hpp> costs seconds of compile time in every file that
// includes it, and most files that include this header never touch a flag. The
// subcommands' .cc files include it themselves.
namespace cxxopts {
class Options;
class ParseResult;
}  // namespace cxxopts

namespace sandtable {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // something went wrong while running
inline constexpr int kExitUsage = 2;    // bad flags, values, specs, positions or actions

// Runs `parse`, which may use cxxopts freely, and turns any exception it throws (unknown
// flag, bad value, missing argument) into an InvalidArgument status.
absl::Status CatchFlagErrors(const std::function<absl::Status()>& parse);

// The flags of a subcommand, parsed: `help` set when --help was given (with `help_text`).
struct FlagsBase {
  bool help = false;
  std::string help_text;
};

// --ruleset and --scenario, parsed: the game a subcommand works on.
struct GameFlags : FlagsBase {
  std::string ruleset;   // "" = the default ruleset
  std::string scenario;  // "" = the ruleset's own scenario
};

// The value of --moves: moves separated by ';', as in the protocol's `position ... moves`
// (commas belong to notations such as quickplay's "move 3,7"); a repeated --moves adds
// its moves after the earlier ones.
struct MoveList {
  std::vector<std::string> moves;
};
// How cxxopts reads a MoveList (found by argument-dependent lookup); an empty move throws.
void parse_value(const std::string& text, MoveList& list);

// GameFlags plus --state and --moves: a position in that game.
struct PositionFlags : GameFlags {
  std::string state;  // "" = the initial position
  std::vector<std::string> moves;
};

// The --help descriptions of --ruleset and --scenario, which differ between subcommands.
struct GameFlagHelp {
  std::string ruleset = "ruleset spec";
  std::string scenario = "scenario file";
  std::string shown_default;  // a --ruleset default shown in --help ("" = none)
};

// Declares --ruleset and --scenario.
void AddGameFlags(cxxopts::Options& options, const GameFlagHelp& help = {});

// Declares --ruleset, --scenario, --state and --moves.
void AddPositionFlags(cxxopts::Options& options, const GameFlagHelp& help = {});

// Reads back what AddGameFlags and AddPositionFlags declared; absent flags stay as they are.
void ReadGameFlags(const cxxopts::ParseResult& result, GameFlags& flags);
void ReadPositionFlags(const cxxopts::ParseResult& result, PositionFlags& flags);

// The checks every subcommand makes right after cxxopts parsed: an error for a stray
// argument, and for --help sets `flags.help` and its text. The caller stops reading flags
// when this is not OK or `flags.help` is set.
absl::Status FinishParse(const cxxopts::Options& options, const cxxopts::ParseResult& result,
                         FlagsBase& flags);

// Prints the outcome of parsing flags: the help text (returns kExitOk), one error line
// "sandtable <command>: <message>" (returns kExitUsage), or nothing (returns -1: go on).
int ReportFlags(std::string_view command, const absl::Status& status, const FlagsBase& flags,
                std::ostream& out, std::ostream& err);

// For the flag fuzzer: while set, ReportFlags stops every subcommand right after its flags
// parsed and passed their checks (returns kExitOk), before it loads a game or runs anything.
void SetStopAfterFlagsForTesting(bool stop);

// Prints "sandtable <command>: <message>" on one line (control characters become '?') and
// returns `code`.
int Fail(std::string_view command, std::string_view message, std::ostream& err,
         int code = kExitUsage);

// Prints "sandtable <command>: <status message>" and returns `code`.
int Fail(std::string_view command, const absl::Status& status, std::ostream& err,
         int code = kExitUsage);

// The game named by --ruleset and --scenario.
absl::StatusOr<std::shared_ptr<const Game>> LoadGame(const GameFlags& flags);

// A game and a position in it.
struct GameAndPosition {
  std::shared_ptr<const Game> game;
  std::unique_ptr<Position> position;
};

// The game and position named by --ruleset, --scenario, --state and --moves.
absl::StatusOr<GameAndPosition> LoadGameAndPosition(const PositionFlags& flags);

// For a progress line: ", best <action> (<win probability>%)" of the most visited root
// action of a search snapshot, or "" before it has one.
std::string BestSoFar(const SearchResult& snapshot);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_COMMON_H_
