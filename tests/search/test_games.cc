#include "tests/search/test_games.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace sandtable::testing_games {

void DiceRace::LegalActions(const State& s, Player, ActionList& actions) const {
  actions.clear();
  if (Kind(s) != NodeKind::kDecision) return;
  actions.push_back(kSafe);
  actions.push_back(kRisky);
}

void DiceRace::ChanceOutcomes(const State& s, ChanceList& outcomes) const {
  outcomes.clear();
  if (Kind(s) != NodeKind::kChance) return;
  for (Action points : {0u, 2u, 3u}) outcomes.push_back({points, Probability(1, 3)});
}

void DiceRace::Apply(State& s, Action action) const {
  const Player mover = s.turn % 2;
  if (s.rolling) {
    s.score[mover] = static_cast<uint8_t>(s.score[mover] + action);
    s.rolling = false;
    ++s.turn;
  } else if (action == kRisky) {
    s.rolling = true;
  } else {
    ++s.score[mover];
    ++s.turn;
  }
}

double DiceRace::Returns(const State& s, Player player) const {
  if (Kind(s) != NodeKind::kTerminal) return 0;
  const int diff = (s.score[player] >= kGoal) - (s.score[1 - player] >= kGoal);
  return diff;
}

std::string DiceRace::ActionToString(const State&, Player player, Action action) const {
  if (player == kChancePlayer) return absl::StrCat("+", action);
  return action == kSafe ? "safe" : "risky";
}

absl::StatusOr<Action> DiceRace::ParseAction(const State&, Player player,
                                             std::string_view text) const {
  if (player == kChancePlayer) {
    if (text == "+0") return 0u;
    if (text == "+2") return 2u;
    if (text == "+3") return 3u;
  } else {
    if (text == "safe") return kSafe;
    if (text == "risky") return kRisky;
  }
  return absl::InvalidArgumentError("bad action");
}

std::string DiceRace::StateToString(const State& s) const {
  return absl::StrCat(s.score[0], ",", s.score[1], ",", s.turn, s.rolling ? ",r" : "");
}

absl::StatusOr<DiceRace::State> DiceRace::ParseState(std::string_view) const {
  return absl::UnimplementedError("not needed by the tests");
}

double SolveDiceRace(const DiceRace& game, const DiceRace::State& state) {
  switch (game.Kind(state)) {
    case NodeKind::kTerminal:
      return game.Returns(state, 0);
    case NodeKind::kChance: {
      ChanceList outcomes;
      game.ChanceOutcomes(state, outcomes);
      double value = 0;
      for (const ChanceOutcome& outcome : outcomes) {
        DiceRace::State next = state;
        game.Apply(next, outcome.outcome);
        value += outcome.probability.ToDouble() * SolveDiceRace(game, next);
      }
      return value;
    }
    default: {
      ActionList actions;
      const Player mover = game.CurrentPlayer(state);
      game.LegalActions(state, mover, actions);
      double best = mover == 0 ? -2 : 2;
      for (Action action : actions) {
        DiceRace::State next = state;
        game.Apply(next, action);
        const double value = SolveDiceRace(game, next);
        best = mover == 0 ? std::max(best, value) : std::min(best, value);
      }
      return best;
    }
  }
}

double BiasedRps::Payoff(Action own, Action other) {
  // Antisymmetric: M[own][other] = -M[other][own].
  static constexpr double kPayoff[3][3] = {
      {0, -1, 0.5},     // rock: loses to paper (1), beats scissors (1/2)
      {1, 0, -0.25},    // paper: beats rock (1), loses to scissors (1/4)
      {-0.5, 0.25, 0},  // scissors
  };
  return kPayoff[own][other];
}

absl::StatusOr<Action> BiasedRps::ParseAction(const State&, Player, std::string_view text) const {
  if (text.size() == 1) {
    for (Action a = 0; a < 3; ++a) {
      if (text[0] == "RPS"[a]) return a;
    }
  }
  return absl::InvalidArgumentError("bad action");
}

std::string BiasedRps::StateToString(const State& s) const {
  if (s.moves[0] == kInvalidAction) return "-";
  return absl::StrCat(std::string(1, "RPS"[s.moves[0]]), std::string(1, "RPS"[s.moves[1]]));
}

absl::StatusOr<BiasedRps::State> BiasedRps::ParseState(std::string_view) const {
  return absl::UnimplementedError("not needed by the tests");
}

}  // namespace sandtable::testing_games
