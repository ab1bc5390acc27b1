// The invariants every ruleset must keep, one check per function so each can be tested on
// a deliberately broken state, and a driver that plays seeded random games to the end and
// checks them after every step. Each check returns an absl::Status describing the first
// violation it finds.
#ifndef SANDTABLE_TESTS_CONFORMANCE_INVARIANTS_H_
#define SANDTABLE_TESTS_CONFORMANCE_INVARIANTS_H_

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/chance.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "engine/types.h"
#include "tools/board_svg.h"
#include "tools/board_text.h"

namespace sandtable::conformance {

// The players who act at `state`: the current player at a decision node, both at a
// simultaneous node, kChancePlayer at a chance node, nobody at a terminal node.
template <Ruleset G>
std::vector<Player> Actors(const G& game, const typename G::State& state) {
  switch (game.Kind(state)) {
    case NodeKind::kDecision:
      return {game.CurrentPlayer(state)};
    case NodeKind::kSimultaneous:
      return {0, 1};
    case NodeKind::kChance:
      return {kChancePlayer};
    case NodeKind::kTerminal:
      break;
  }
  return {};
}

// The actions (or chance outcomes) available to `actor`.
template <Ruleset G>
std::vector<Action> ActionsOf(const G& game, const typename G::State& state, Player actor) {
  std::vector<Action> result;
  if (actor == kChancePlayer) {
    ChanceList outcomes;
    game.ChanceOutcomes(state, outcomes);
    for (const ChanceOutcome& o : outcomes) result.push_back(o.outcome);
  } else {
    ActionList actions;
    game.LegalActions(state, actor, actions);
    result.assign(actions.begin(), actions.end());
  }
  return result;
}

// Kind() and CurrentPlayer() agree.
template <Ruleset G>
absl::Status CheckNodeKind(const G& game, const typename G::State& state) {
  const NodeKind kind = game.Kind(state);
  const Player player = game.CurrentPlayer(state);
  bool ok = false;
  switch (kind) {
    case NodeKind::kDecision:
      ok = player == 0 || player == 1;
      break;
    case NodeKind::kChance:
      ok = player == kChancePlayer;
      break;
    case NodeKind::kSimultaneous:
    case NodeKind::kTerminal:
      ok = player == kNoPlayer;
      break;
  }
  if (ok) return absl::OkStatus();
  return absl::InternalError(
      absl::StrCat(NodeKindName(kind), " node with CurrentPlayer() = ", player));
}

// A copy equals the original and hashes the same for both observers.
template <Ruleset G>
absl::Status CheckClone(const G& game, const typename G::State& state) {
  const typename G::State copy = state;
  if (!(copy == state)) return absl::InternalError("a copy of the state is not equal to it");
  for (Player p = 0; p < kNumPlayers; ++p) {
    if (game.InformationSetKey(copy, p) != game.InformationSetKey(state, p)) {
      return absl::InternalError(absl::StrCat("a copy has another information-set key for ", p));
    }
  }
  return absl::OkStatus();
}

// Decision nodes: the current player has at least one action; simultaneous nodes: both
// players do; terminal nodes: neither does. Lists are strictly ascending, with no
// kInvalidAction.
template <Ruleset G>
absl::Status CheckLegalActions(const G& game, const typename G::State& state) {
  const NodeKind kind = game.Kind(state);
  if (kind == NodeKind::kChance) return absl::OkStatus();
  for (Player p = 0; p < kNumPlayers; ++p) {
    const bool acts = kind == NodeKind::kSimultaneous ||
                      (kind == NodeKind::kDecision && game.CurrentPlayer(state) == p);
    if (!acts && kind != NodeKind::kTerminal) continue;  // not asked of a waiting player
    std::vector<Action> actions = ActionsOf(game, state, p);
    if (kind == NodeKind::kTerminal && !actions.empty()) {
      return absl::InternalError(
          absl::StrCat("terminal state has ", actions.size(), " actions for player ", p));
    }
    if (acts && actions.empty()) {
      return absl::InternalError(
          absl::StrCat(NodeKindName(kind), " node without actions for player ", p));
    }
    // Strictly ascending: duplicate-free and sorted.
    const auto out_of_order =
        std::adjacent_find(actions.begin(), actions.end(), std::greater_equal<Action>());
    if (out_of_order != actions.end()) {
      return absl::InternalError(absl::StrCat(
          *out_of_order == *(out_of_order + 1) ? "duplicate legal action" : "legal actions",
          " of player ", p, *out_of_order == *(out_of_order + 1) ? "" : " not ascending"));
    }
    if (std::find(actions.begin(), actions.end(), kInvalidAction) != actions.end()) {
      return absl::InternalError(absl::StrCat("kInvalidAction listed for player ", p));
    }
    // The cell an action points at (kHasActionCells) is on the board's grid, or kOffGrid.
    if (acts) {
      const int cells = game.DescribeBoard(state, p).num_cells();
      for (Action action : actions) {
        const int cell = rules::ActionCell(game, state, p, action);
        if (cell != kOffGrid && (cell < 0 || cell >= cells)) {
          return absl::InternalError(absl::StrCat("ActionCell of '",
                                                  game.ActionToString(state, p, action), "' is ",
                                                  cell, ", not a cell of the board"));
        }
      }
    }
  }
  return absl::OkStatus();
}

// Chance nodes: distinct outcomes, each with a positive probability, summing to exactly 1.
template <Ruleset G>
absl::Status CheckChanceOutcomes(const G& game, const typename G::State& state) {
  if (game.Kind(state) != NodeKind::kChance) return absl::OkStatus();
  ChanceList outcomes;
  game.ChanceOutcomes(state, outcomes);
  if (outcomes.empty()) return absl::InternalError("chance node without outcomes");
  Probability sum = Probability::Zero();
  std::vector<Action> seen;
  for (const ChanceOutcome& o : outcomes) {
    if (o.probability.IsZero()) {
      return absl::InternalError(absl::StrCat("chance outcome ", o.outcome, " has probability 0"));
    }
    seen.push_back(o.outcome);
    sum += o.probability;
  }
  std::sort(seen.begin(), seen.end());
  if (std::adjacent_find(seen.begin(), seen.end()) != seen.end()) {
    return absl::InternalError("duplicate chance outcome");
  }
  if (!sum.IsOne()) {
    return absl::InternalError(absl::StrCat("chance probabilities sum to ", sum.ToString()));
  }
  return absl::OkStatus();
}

// Terminal nodes: returns in [-1, 1], zero-sum; with `strict_returns` (tabletop rulesets)
// exactly -1, 0 or +1.
template <Ruleset G>
absl::Status CheckReturns(const G& game, const typename G::State& state,
                          bool strict_returns = true) {
  if (game.Kind(state) != NodeKind::kTerminal) return absl::OkStatus();
  const double r0 = game.Returns(state, 0);
  const double r1 = game.Returns(state, 1);
  for (double r : {r0, r1}) {
    if (strict_returns && r != -1.0 && r != 0.0 && r != 1.0) {
      return absl::InternalError(absl::StrCat("terminal return ", r, " is not -1, 0 or 1"));
    }
    if (!(r >= -1.0 && r <= 1.0)) {
      return absl::InternalError(absl::StrCat("terminal return ", r, " is outside [-1, 1]"));
    }
  }
  if (r0 + r1 != 0.0) {
    return absl::InternalError(absl::StrCat("returns ", r0, " and ", r1, " are not zero-sum"));
  }
  return absl::OkStatus();
}

// ParseState(StateToString(s)) == s.
template <Ruleset G>
absl::Status CheckStateRoundTrip(const G& game, const typename G::State& state) {
  const std::string text = game.StateToString(state);
  auto parsed = game.ParseState(text);
  if (!parsed.ok()) {
    return absl::InternalError(
        absl::StrCat("ParseState('", text, "') failed: ", parsed.status().ToString()));
  }
  if (!(*parsed == state)) {
    return absl::InternalError(absl::StrCat("ParseState('", text,
                                            "') gives another state, printed as '",
                                            game.StateToString(*parsed), "'"));
  }
  return absl::OkStatus();
}

// DescribeBoard() gives something a person can read (a non-empty text board without colour
// codes: no ESC byte) for every viewer, and before the end shows a player nothing that
// player has not observed: a determinization for the viewer that differs from the state
// draws byte-identical, as the text board and as the SVG picture.
template <Ruleset G>
absl::Status CheckRender(const G& game, const typename G::State& state, Rng& rng) {
  for (Player viewer : {kOmniscient, Player{0}, Player{1}}) {
    const BoardView view = game.DescribeBoard(state, viewer);
    const std::string board = BoardText(view);
    if (board.empty()) {
      return absl::InternalError(absl::StrCat("DescribeBoard() is empty for ", viewer));
    }
    if (board.find('\x1b') != std::string::npos) {
      return absl::InternalError("DescribeBoard() holds an escape sequence");
    }
    if (viewer == kOmniscient || game.Kind(state) == NodeKind::kTerminal) continue;
    const typename G::State sample = rules::Determinize(game, state, viewer, rng);
    if (sample == state) continue;  // the same state draws the same
    const BoardView sample_view = game.DescribeBoard(sample, viewer);
    const std::string sample_board = BoardText(sample_view);
    const bool svg_alike = BoardSvg(view) == BoardSvg(sample_view);
    if (sample_board != board || !svg_alike) {
      return absl::InternalError(absl::StrCat(
          "the ", sample_board != board ? "text board" : "SVG picture", " for player ", viewer,
          " shows what the player has not seen: '", board, "' but '", sample_board, "' for '",
          game.StateToString(sample), "', which the player cannot tell apart"));
    }
  }
  return absl::OkStatus();
}

// ParseAction(s, p, ActionToString(s, p, a)) == a for every action of every actor, and no
// two actions of one actor print the same.
template <Ruleset G>
absl::Status CheckActionRoundTrips(const G& game, const typename G::State& state) {
  for (Player actor : Actors(game, state)) {
    for (Action a : ActionsOf(game, state, actor)) {
      const std::string text = game.ActionToString(state, actor, a);
      auto parsed = game.ParseAction(state, actor, text);
      if (!parsed.ok()) {
        return absl::InternalError(absl::StrCat("ParseAction('", text, "') for player ", actor,
                                                " failed: ", parsed.status().ToString()));
      }
      if (*parsed != a) {
        return absl::InternalError(absl::StrCat("action ", a, " of player ", actor, " prints as '",
                                                text, "' which parses as ", *parsed));
      }
    }
  }
  return absl::OkStatus();
}

// Determinize(s, p) keeps everything p has observed: same information-set key, node kind and
// player to move, and gives a well-formed state; `samples` samples per player.
template <Ruleset G>
absl::Status CheckDeterminization(const G& game, const typename G::State& state, Rng& rng,
                                  int samples) {
  for (Player p = 0; p < kNumPlayers; ++p) {
    const uint64_t key = game.InformationSetKey(state, p);
    for (int i = 0; i < samples; ++i) {
      const typename G::State sample = rules::Determinize(game, state, p, rng);
      if (game.InformationSetKey(sample, p) != key) {
        return absl::InternalError(absl::StrCat("Determinize for player ", p, " gives '",
                                                game.StateToString(sample),
                                                "' with another information-set key"));
      }
      if (game.Kind(sample) != game.Kind(state) ||
          game.CurrentPlayer(sample) != game.CurrentPlayer(state)) {
        return absl::InternalError(absl::StrCat("Determinize for player ", p, " gives '",
                                                game.StateToString(sample),
                                                "' at another node kind or player to move"));
      }
      // The sample is a state the game could be in: it keeps the structural invariants.
      for (absl::Status status : {CheckNodeKind(game, sample), CheckLegalActions(game, sample),
                                  CheckChanceOutcomes(game, sample)}) {
        if (!status.ok()) {
          return absl::InternalError(absl::StrCat("Determinize for player ", p, " gives '",
                                                  game.StateToString(sample),
                                                  "' which breaks: ", status.message()));
        }
      }
    }
  }
  return absl::OkStatus();
}

// LegalActions and ChanceOutcomes clear the list they fill: called on a list that already
// holds entries, they give the same list as on an empty one.
template <Ruleset G>
absl::Status CheckListsCleared(const G& game, const typename G::State& state) {
  const NodeKind kind = game.Kind(state);
  if (kind == NodeKind::kChance) {
    ChanceList outcomes;
    outcomes.push_back({kInvalidAction, Probability::One()});
    game.ChanceOutcomes(state, outcomes);
    ChanceList fresh;
    game.ChanceOutcomes(state, fresh);
    if (outcomes.size() != fresh.size() || outcomes[0].outcome != fresh[0].outcome) {
      return absl::InternalError("ChanceOutcomes() does not clear the list it fills");
    }
  } else if (kind != NodeKind::kTerminal) {
    for (Player p : Actors(game, state)) {
      ActionList actions;
      actions.push_back(kInvalidAction);
      game.LegalActions(state, p, actions);
      if (actions.Contains(kInvalidAction) ||
          static_cast<int>(actions.size()) != static_cast<int>(ActionsOf(game, state, p).size())) {
        return absl::InternalError("LegalActions() does not clear the list it fills");
      }
    }
  }
  return absl::OkStatus();
}

// The actions of the player to move depend only on what that player has observed: every
// determinization for the mover offers the same list.
template <Ruleset G>
absl::Status CheckActionsFromInformation(const G& game, const typename G::State& state, Rng& rng) {
  if (!kHasHiddenInformation<G> || game.Kind(state) != NodeKind::kDecision) {
    return absl::OkStatus();
  }
  const Player mover = game.CurrentPlayer(state);
  const std::vector<Action> actions = ActionsOf(game, state, mover);
  const typename G::State sample = rules::Determinize(game, state, mover, rng);
  if (ActionsOf(game, sample, mover) != actions) {
    return absl::InternalError(absl::StrCat("player ", mover, " is offered other actions at '",
                                            game.StateToString(sample),
                                            "', which it cannot tell apart"));
  }
  return absl::OkStatus();
}

// ParseAction gives only legal actions: each of `texts` (the actions of the previous node,
// and some junk) either fails to parse, with a reason, or parses to a legal action.
template <Ruleset G>
absl::Status CheckParseGivesOnlyLegal(const G& game, const typename G::State& state,
                                      const std::vector<std::string>& texts) {
  for (Player actor : Actors(game, state)) {
    const std::vector<Action> legal = ActionsOf(game, state, actor);
    for (const std::string& text : texts) {
      const absl::StatusOr<Action> parsed = game.ParseAction(state, actor, text);
      if (parsed.ok() ? std::find(legal.begin(), legal.end(), *parsed) == legal.end()
                      : parsed.status().message().empty()) {
        return absl::InternalError(
            absl::StrCat("ParseAction('", text, "') for player ", actor,
                         parsed.ok() ? " gives an illegal action" : " fails without a reason"));
      }
    }
  }
  return absl::OkStatus();
}

struct RandomGameOptions {
  bool check_strings = true;    // text round trips at every state
  bool check_render = true;     // with check_strings: the boards at every state (slow: SVG)
  int determinize_samples = 2;  // per player per state
  bool strict_returns = true;   // terminal returns in {-1, 0, 1}, not just [-1, 1]
};

// Every per-state check.
template <Ruleset G>
absl::Status CheckState(const G& game, const typename G::State& state, Rng& rng,
                        const RandomGameOptions& options) {
  for (absl::Status status :
       {CheckNodeKind(game, state), CheckClone(game, state), CheckLegalActions(game, state),
        CheckChanceOutcomes(game, state), CheckReturns(game, state, options.strict_returns)}) {
    if (!status.ok()) return status;
  }
  if (absl::Status s = CheckListsCleared(game, state); !s.ok()) return s;
  if (absl::Status s = CheckActionsFromInformation(game, state, rng); !s.ok()) return s;
  if (options.check_strings) {
    if (absl::Status s = CheckStateRoundTrip(game, state); !s.ok()) return s;
    if (absl::Status s = CheckActionRoundTrips(game, state); !s.ok()) return s;
    if (options.check_render) {
      if (absl::Status s = CheckRender(game, state, rng); !s.ok()) return s;
    }
  }
  return CheckDeterminization(game, state, rng, options.determinize_samples);
}

// Plays one game from the initial state with uniform random decisions, chance sampled from
// its distribution and independent uniform choices at simultaneous nodes, checking every
// state on the way and that applying the same step to two copies gives equal states.
// Returns the first violation, with the moves that led to it.
template <Ruleset G>
absl::Status PlayRandomGame(const G& game, Rng& rng, const RandomGameOptions& options,
                            int* length = nullptr) {
  typename G::State state = game.InitialState();
  std::vector<std::string> history;
  auto fail = [&](const absl::Status& status) {
    return absl::InternalError(absl::StrCat(status.message(),
                                            "\n  state: ", game.StateToString(state),
                                            "\n  after: ", absl::StrJoin(history, " | ")));
  };
  int steps = 0;
  // The texts of the previous node's actions, with junk: ParseAction must reject or
  // legalise each of them here.
  std::vector<std::string> previous_texts = {"", "?", "roll", "roll 0", "pass 99"};
  while (true) {
    if (absl::Status s = CheckState(game, state, rng, options); !s.ok()) return fail(s);
    if (options.check_strings) {
      if (absl::Status s = CheckParseGivesOnlyLegal(game, state, previous_texts); !s.ok()) {
        return fail(s);
      }
      previous_texts.resize(5);
      for (Player actor : Actors(game, state)) {
        for (Action a : ActionsOf(game, state, actor)) {
          previous_texts.push_back(game.ActionToString(state, actor, a));
        }
      }
    }
    const NodeKind kind = game.Kind(state);
    if (kind == NodeKind::kTerminal) break;
    if (steps >= game.MaxGameLength()) {
      return fail(absl::InternalError(
          absl::StrCat("game not over after MaxGameLength() = ", game.MaxGameLength(), " steps")));
    }
    typename G::State twin = state;
    if (kind == NodeKind::kSimultaneous) {
      JointAction joint;
      std::string text;
      for (Player p = 0; p < kNumPlayers; ++p) {
        ActionList actions;
        game.LegalActions(state, p, actions);
        joint[p] = actions[rng.Below(actions.size())];
        absl::StrAppend(&text, p == 0 ? "" : " + ", game.ActionToString(state, p, joint[p]));
      }
      history.push_back(text);
      rules::ApplyJoint(game, state, joint);
      rules::ApplyJoint(game, twin, joint);
    } else {
      Action action;
      Player actor;
      if (kind == NodeKind::kChance) {
        ChanceList outcomes;
        game.ChanceOutcomes(state, outcomes);
        action = SampleChance(outcomes, rng);
        actor = kChancePlayer;
      } else {
        ActionList actions;
        actor = game.CurrentPlayer(state);
        game.LegalActions(state, actor, actions);
        action = actions[rng.Below(actions.size())];
      }
      history.push_back(game.ActionToString(state, actor, action));
      game.Apply(state, action);
      game.Apply(twin, action);
    }
    ++steps;
    if (!(twin == state)) {
      return fail(absl::InternalError("the same step applied to two copies gives two states"));
    }
  }
  if (length != nullptr) *length = steps;
  return absl::OkStatus();
}

}  // namespace sandtable::conformance

#endif  // SANDTABLE_TESTS_CONFORMANCE_INVARIANTS_H_
