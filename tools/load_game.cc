#include "tools/load_game.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/text.h"
#include "tools/registry.h"
#include "tools/text_file.h"

namespace sandtable {

absl::StatusOr<std::string> ReadScenarioFile(const std::string& path) {
  absl::StatusOr<std::string> text = ReadTextFile(path, uintmax_t{16} << 20);
  if (text.ok() && text->empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot read file '", Printable(path, 120), "': it is empty"));
  }
  return text;
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

std::string DescribeNode(const Position& position) {
  if (position.Kind() == NodeKind::kDecision) {
    return absl::StrCat("player ", position.CurrentPlayer(), " to move");
  }
  return NodeKindName(position.Kind());
}

}  // namespace sandtable
