#include "tools/protocol_moves.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace sandtable {
namespace {

// One way to play a move here: an action or outcome, or both players' actions.
struct Choice {
  JointAction actions{kInvalidAction, kInvalidAction};
};

absl::Status MoveError(size_t index, const MoveItem& move, std::string_view reason) {
  return absl::InvalidArgumentError(absl::StrCat("move ", index + 1, " '", Printable(move.text, 80),
                                                 "': ", Printable(reason, 300)));
}

std::string Message(const absl::Status& status) { return std::string(status.message()); }

bool IsHidden(const std::string& part) { return part == kHiddenWord; }

// Every choice that `move` can stand for in `position`: exactly one when it has no hidden
// part, the candidates for the placeholder otherwise (most likely chance outcome first).
absl::StatusOr<std::vector<Choice>> Choices(const Position& position, size_t index,
                                            const MoveItem& move) {
  std::vector<Choice> choices;
  const NodeKind kind = position.Kind();
  if (kind == NodeKind::kTerminal) return MoveError(index, move, "the game is already over");
  if (kind != NodeKind::kSimultaneous && move.parts.size() != 1) {
    return MoveError(index, move,
                     absl::StrCat("this is a ", NodeKindName(kind),
                                  " node, not a simultaneous one: give one action, not two"));
  }
  if (kind == NodeKind::kChance) {
    if (IsHidden(move.parts[0])) {
      const ChanceList outcomes = position.ChanceOutcomes();
      std::vector<ChanceOutcome> sorted(outcomes.begin(), outcomes.end());
      std::stable_sort(sorted.begin(), sorted.end(),
                       [](const ChanceOutcome& a, const ChanceOutcome& b) {
                         return b.probability < a.probability;
                       });
      for (const ChanceOutcome& outcome : sorted) choices.push_back({{outcome.outcome, 0}});
      return choices;
    }
    absl::StatusOr<Action> outcome = position.ParseAction(kChancePlayer, move.parts[0]);
    if (!outcome.ok()) return MoveError(index, move, Message(outcome.status()));
    choices.push_back({{*outcome, 0}});
    return choices;
  }
  if (kind == NodeKind::kDecision) {
    const Player player = position.CurrentPlayer();
    if (IsHidden(move.parts[0])) {
      for (Action action : position.LegalActions(player)) choices.push_back({{action, 0}});
      return choices;
    }
    absl::StatusOr<Action> action = position.ParseAction(player, move.parts[0]);
    if (!action.ok()) return MoveError(index, move, Message(action.status()));
    choices.push_back({{*action, 0}});
    return choices;
  }
  // Simultaneous: "a0|a1"; a lone "hidden" hides both.
  std::vector<std::string> parts = move.parts;
  if (parts.size() == 1) {
    if (!IsHidden(parts[0])) {
      return MoveError(index, move,
                       "this is a simultaneous node: give both players' actions as "
                       "'<player 0> | <player 1>' (either may be 'hidden')");
    }
    parts.push_back(parts[0]);
  }
  std::vector<Action> per_player[kNumPlayers];
  for (Player p = 0; p < kNumPlayers; ++p) {
    if (IsHidden(parts[p])) {
      for (Action action : position.LegalActions(p)) per_player[p].push_back(action);
    } else {
      absl::StatusOr<Action> action = position.ParseAction(p, parts[p]);
      if (!action.ok()) {
        return MoveError(index, move,
                         absl::StrCat("player ", p, "'s action: ", Message(action.status())));
      }
      per_player[p].push_back(*action);
    }
  }
  for (Action a0 : per_player[0]) {
    for (Action a1 : per_player[1]) choices.push_back({{a0, a1}});
  }
  return choices;
}

void ApplyChoice(Position& position, const Choice& choice) {
  if (position.Kind() == NodeKind::kSimultaneous) {
    position.ApplyJoint(choice.actions);
  } else {
    position.Apply(choice.actions[0]);
  }
}

// A move with a hidden part, kept so a later failure can try its next candidate.
struct Frame {
  size_t index = 0;
  std::unique_ptr<Position> before;
  std::vector<Choice> choices;
  size_t next = 1;
};

}  // namespace

absl::StatusOr<std::unique_ptr<Position>> ApplyMoveList(const Position& start,
                                                        const std::vector<MoveItem>& moves,
                                                        int budget) {
  std::unique_ptr<Position> position = start.Clone();
  std::vector<Frame> frames;
  std::optional<absl::Status> first_error;
  size_t first_error_index = 0;
  size_t i = 0;
  while (i < moves.size()) {
    const MoveItem& move = moves[i];
    const bool hidden = std::any_of(move.parts.begin(), move.parts.end(), IsHidden);
    absl::StatusOr<std::vector<Choice>> choices = Choices(*position, i, move);
    absl::Status failure;
    if (!choices.ok()) {
      failure = choices.status();
    } else if (choices->empty()) {
      failure = MoveError(i, move, "nothing is legal here for a hidden move");
    } else {
      if (hidden) {
        frames.push_back({i, position->Clone(), *choices, 1});
      }
      ApplyChoice(*position, (*choices)[0]);
      ++i;
      continue;
    }
    // Back up to the latest hidden move with an untried candidate.
    if (!first_error) {
      first_error = failure;
      first_error_index = i;
    }
    while (!frames.empty() && frames.back().next >= frames.back().choices.size()) {
      frames.pop_back();
    }
    if (frames.empty()) {
      if (std::any_of(moves.begin(), moves.begin() + first_error_index, [](const MoveItem& m) {
            return std::any_of(m.parts.begin(), m.parts.end(), IsHidden);
          })) {
        return absl::InvalidArgumentError(
            absl::StrCat(Message(*first_error), " (no choice for the hidden moves before it ",
                         "makes it legal)"));
      }
      return *first_error;
    }
    if (--budget <= 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          Message(*first_error), " (gave up searching for hidden moves that make it legal)"));
    }
    Frame& frame = frames.back();
    position = frame.before->Clone();
    ApplyChoice(*position, frame.choices[frame.next++]);
    i = frame.index + 1;
  }
  return position;
}

}  // namespace sandtable
