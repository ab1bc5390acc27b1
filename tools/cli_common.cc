#include "tools/cli_common.h"

#include <atomic>
#include <cxxopts.hpp>
#include <exception>
#include <stdexcept>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/text.h"
#include "tools/registry.h"

namespace sandtable {

// Long enough for any message of ours; only a quoted input runs longer.
constexpr size_t kMaxErrorChars = 2000;

absl::Status CatchFlagErrors(const std::function<absl::Status()>& parse) {
  // cxxopts reports errors by exceptions; this is the only place they are caught.
  try {
    return parse();
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(e.what());
  }
}

void AddGameFlags(cxxopts::Options& options, const GameFlagHelp& help) {
  std::shared_ptr<cxxopts::Value> ruleset = cxxopts::value<std::string>();
  if (!help.shown_default.empty()) ruleset->default_value(help.shown_default);
  options.add_options()("ruleset", help.ruleset, ruleset)("scenario", help.scenario,
                                                          cxxopts::value<std::string>());
}

void AddPositionFlags(cxxopts::Options& options, const GameFlagHelp& help) {
  AddGameFlags(options, help);
  options.add_options()("state", "position string (default: the initial position)",
                        cxxopts::value<std::string>())(
      "moves", "moves to play first, separated by ';' (or repeat --moves)",
      cxxopts::value<MoveList>());
}

void parse_value(const std::string& text, MoveList& list) {
  for (absl::string_view move : absl::StrSplit(text, ';')) {
    move = absl::StripAsciiWhitespace(move);
    if (move.empty()) {
      throw std::invalid_argument(
          absl::StrCat("--moves '", text, "': an empty move (moves are separated by ';')"));
    }
    list.moves.emplace_back(move);
  }
}

void ReadGameFlags(const cxxopts::ParseResult& result, GameFlags& flags) {
  if (result.count("ruleset")) flags.ruleset = result["ruleset"].as<std::string>();
  if (result.count("scenario")) flags.scenario = result["scenario"].as<std::string>();
}

void ReadPositionFlags(const cxxopts::ParseResult& result, PositionFlags& flags) {
  ReadGameFlags(result, flags);
  if (result.count("state")) flags.state = result["state"].as<std::string>();
  if (result.count("moves")) flags.moves = result["moves"].as<MoveList>().moves;
}

absl::Status FinishParse(const cxxopts::Options& options, const cxxopts::ParseResult& result,
                         FlagsBase& flags) {
  if (!result.unmatched().empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("unexpected argument '", result.unmatched()[0], "'"));
  }
  if (result.count("help")) {
    flags.help = true;
    flags.help_text = options.help();
  }
  return absl::OkStatus();
}

namespace {
std::atomic<bool> stop_after_flags{false};
}  // namespace

void SetStopAfterFlagsForTesting(bool stop) { stop_after_flags.store(stop); }

int ReportFlags(std::string_view command, const absl::Status& status, const FlagsBase& flags,
                std::ostream& out, std::ostream& err) {
  if (!status.ok()) {
    return Fail(command, absl::StrCat(status.message(), " (see --help)"), err);
  }
  if (flags.help) {
    out << flags.help_text;
    return kExitOk;
  }
  return stop_after_flags.load() ? kExitOk : -1;
}

int Fail(std::string_view command, std::string_view message, std::ostream& err, int code) {
  // Messages quote what the user typed, which may hold a newline.
  err << "sandtable " << command << ": " << Printable(message, kMaxErrorChars) << "\n";
  return code;
}

int Fail(std::string_view command, const absl::Status& status, std::ostream& err, int code) {
  return Fail(command, ToStd(status.message()), err, code);
}

absl::StatusOr<std::shared_ptr<const Game>> LoadGame(const GameFlags& flags) {
  return LoadGame(flags.ruleset, flags.scenario);
}

absl::StatusOr<GameAndPosition> LoadGameAndPosition(const PositionFlags& flags) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(flags);
  if (!game.ok()) return game.status();
  absl::StatusOr<std::unique_ptr<Position>> position =
      LoadPosition(**game, flags.state, flags.moves);
  if (!position.ok()) return position.status();
  return GameAndPosition{*std::move(game), *std::move(position)};
}

std::string BestSoFar(const SearchResult& snapshot) {
  if (snapshot.actions.empty()) return "";
  const RootActionStats& top = snapshot.actions[0];
  return absl::StrFormat(", best %s (%.1f%%)", top.text, 100 * top.win_probability);
}

}  // namespace sandtable
