#include "tools/cli_common.h"

#include <atomic>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/chance.h"
#include "engine/check.h"
#include "engine/text.h"
#include "tools/protocol_text.h"
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
  err << "sandtable " << command << ": " << OneLine(message, kMaxErrorChars) << "\n";
  return code;
}

int Fail(std::string_view command, const absl::Status& status, std::ostream& err, int code) {
  return Fail(command, ToStd(status.message()), err, code);
}

absl::StatusOr<std::string> ReadScenarioFile(const std::string& path) {
  constexpr uintmax_t kMaxBytes = 16 << 20;
  const auto cannot = [&](absl::string_view why) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot read file '", OneLine(path, 120), "'", why));
  };
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) return cannot("");
  if (!std::filesystem::is_regular_file(status)) return cannot(": not a regular file");
  const uintmax_t size = std::filesystem::file_size(path, error);
  if (error) return cannot("");
  if (size > kMaxBytes) return cannot(": larger than 16 MiB");
  if (size == 0) return cannot(": it is empty");
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  std::string contents = text.str();
  if (!file || contents.empty()) return cannot("");
  return contents;
}

absl::StatusOr<std::shared_ptr<const Game>> LoadGame(const std::string& ruleset_spec,
                                                     const std::string& scenario_path) {
  std::string scenario_text;
  if (!scenario_path.empty()) {
    absl::StatusOr<std::string> text = ReadScenarioFile(scenario_path);
    if (!text.ok()) return text.status();
    scenario_text = *std::move(text);
  }
  return CreateGame(ruleset_spec.empty() ? DefaultRulesetName() : ruleset_spec, scenario_text);
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

absl::Status ApplyMoveText(Position& position, std::string_view text_in, std::string* applied) {
  const absl::string_view text = absl::StripAsciiWhitespace(ToAbsl(text_in));
  const std::string_view move(text.data(), text.size());
  switch (position.Kind()) {
    case NodeKind::kTerminal:
      return absl::InvalidArgumentError(absl::StrCat("move '", text, "': the game is over"));
    case NodeKind::kDecision:
    case NodeKind::kChance: {
      const Player actor =
          position.Kind() == NodeKind::kChance ? kChancePlayer : position.CurrentPlayer();
      absl::StatusOr<Action> action = position.ParseAction(actor, move);
      if (!action.ok()) return action.status();
      if (applied != nullptr) *applied = position.ActionToString(actor, *action);
      position.Apply(*action);
      return absl::OkStatus();
    }
    case NodeKind::kSimultaneous: {
      std::vector<absl::string_view> parts = absl::StrSplit(text, '|');
      if (parts.size() != 2) {
        return absl::InvalidArgumentError(
            absl::StrCat("move '", text,
                         "': at a simultaneous node write both choices as "
                         "'<player 0 action> | <player 1 action>'"));
      }
      JointAction joint;
      for (Player p = 0; p < kNumPlayers; ++p) {
        const absl::string_view part = absl::StripAsciiWhitespace(parts[p]);
        absl::StatusOr<Action> action = position.ParseAction(p, ToStd(part));
        if (!action.ok()) {
          return absl::InvalidArgumentError(
              absl::StrCat("player ", p, ": ", action.status().message()));
        }
        joint[p] = *action;
      }
      if (applied != nullptr) {
        *applied = absl::StrCat(position.ActionToString(0, joint[0]), " | ",
                                position.ActionToString(1, joint[1]));
      }
      position.ApplyJoint(joint);
      return absl::OkStatus();
    }
  }
  return absl::InternalError("unknown node kind");
}

absl::StatusOr<std::unique_ptr<Position>> LoadPosition(const Game& game,
                                                       const std::string& state_text,
                                                       const std::vector<std::string>& moves) {
  std::unique_ptr<Position> position;
  if (state_text.empty()) {
    position = game.NewInitialPosition();
  } else {
    absl::StatusOr<std::unique_ptr<Position>> parsed = game.ParsePosition(state_text);
    if (!parsed.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad position string: ", parsed.status().message()));
    }
    position = *std::move(parsed);
  }
  for (size_t i = 0; i < moves.size(); ++i) {
    const absl::Status status = ApplyMoveText(*position, moves[i]);
    if (!status.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("move ", i + 1, " '", moves[i], "': ", status.message()));
    }
  }
  return position;
}

std::optional<RolloutChoice> RolloutChoiceNamed(std::string_view name) {
  if (name == "ruleset") return RolloutChoice::kRuleset;
  if (name == "uniform") return RolloutChoice::kUniform;
  return std::nullopt;
}

std::string BestSoFar(const SearchResult& snapshot) {
  if (snapshot.actions.empty()) return "";
  const RootActionStats& top = snapshot.actions[0];
  return absl::StrFormat(", best %s (%.1f%%)", top.text, 100 * top.win_probability);
}

void RandomStep(Position& position, Rng& rng) {
  switch (position.Kind()) {
    case NodeKind::kChance:
      position.Apply(SampleChance(position.ChanceOutcomes(), rng));
      return;
    case NodeKind::kDecision: {
      const ActionList actions = position.LegalActions(position.CurrentPlayer());
      position.Apply(actions[static_cast<int>(rng.Below(actions.size()))]);
      return;
    }
    case NodeKind::kSimultaneous: {
      const ActionList first = position.LegalActions(0);
      const ActionList second = position.LegalActions(1);
      position.ApplyJoint({first[static_cast<int>(rng.Below(first.size()))],
                           second[static_cast<int>(rng.Below(second.size()))]});
      return;
    }
    case NodeKind::kTerminal:
      CHECK(false);
  }
}

std::string DescribeNode(const Position& position) {
  if (position.Kind() == NodeKind::kDecision) {
    return absl::StrCat("player ", position.CurrentPlayer(), " to move");
  }
  return NodeKindName(position.Kind());
}

}  // namespace sandtable
