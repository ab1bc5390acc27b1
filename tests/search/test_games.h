// Tiny games defined for the search tests, with values known exactly.
#ifndef SANDTABLE_TESTS_SEARCH_TEST_GAMES_H_
#define SANDTABLE_TESTS_SEARCH_TEST_GAMES_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/board.h"
#include "engine/rng.h"
#include "engine/types.h"

namespace sandtable::testing_games {

// A dice race with perfect information: players alternate turns, starting with player 0;
// the mover either scores 1 point ("safe") or rolls a die ("risky": 1-2 score 0, 3-4 score
// 2, 5-6 score 3, a chance node of three outcomes of 1/3 each). The first to reach kGoal
// wins; after kMaxTurns turns without a winner the game is a draw.
class DiceRace {
 public:
  static constexpr const char* kName = "dice_race";
  static constexpr int kGoal = 5;
  static constexpr int kMaxTurns = 8;
  static constexpr Action kSafe = 0;
  static constexpr Action kRisky = 1;

  struct State {
    uint8_t score[kNumPlayers] = {0, 0};
    uint8_t turn = 0;      // turns completed
    bool rolling = false;  // a risky roll is pending (chance node)
    friend bool operator==(const State&, const State&) = default;
  };

  State InitialState() const { return {}; }
  NodeKind Kind(const State& s) const {
    if (s.score[0] >= kGoal || s.score[1] >= kGoal || s.turn >= kMaxTurns) {
      return NodeKind::kTerminal;
    }
    return s.rolling ? NodeKind::kChance : NodeKind::kDecision;
  }
  Player CurrentPlayer(const State& s) const {
    const NodeKind kind = Kind(s);
    if (kind == NodeKind::kChance) return kChancePlayer;
    return kind == NodeKind::kDecision ? s.turn % 2 : kNoPlayer;
  }
  void LegalActions(const State& s, Player, ActionList& actions) const;
  void ChanceOutcomes(const State& s, ChanceList& outcomes) const;
  void Apply(State& s, Action action) const;
  double Returns(const State& s, Player player) const;
  int Score(const State& s, Player player) const { return s.score[player]; }
  int MaxGameLength() const { return 2 * kMaxTurns; }
  uint64_t InformationSetKey(const State& s, Player) const {
    return HashCombine(s.score[0] | s.score[1] << 8 | s.turn << 16, s.rolling);
  }
  std::string ActionToString(const State& s, Player player, Action action) const;
  absl::StatusOr<Action> ParseAction(const State& s, Player player, std::string_view text) const;
  std::string StateToString(const State& s) const;
  absl::StatusOr<State> ParseState(std::string_view text) const;
  BoardView DescribeBoard(const State& s, Player) const { return TextBoard(StateToString(s)); }
};

// The exact value of `state` for player 0, by enumeration (expectimax over the finite tree).
double SolveDiceRace(const DiceRace& game, const DiceRace::State& state);

// Biased rock-paper-scissors, one simultaneous move. Player 0's payoff (player 1 gets the
// negation): paper beats rock +-1, rock beats scissors +-1/2, scissors beat paper +-1/4.
class BiasedRps {
 public:
  static constexpr const char* kName = "biased_rps";
  static constexpr bool kHasSimultaneousNodes = true;
  static constexpr Action kRock = 0;
  static constexpr Action kPaper = 1;
  static constexpr Action kScissors = 2;

  struct State {
    Action moves[kNumPlayers] = {kInvalidAction, kInvalidAction};
    friend bool operator==(const State&, const State&) = default;
  };

  State InitialState() const { return {}; }
  NodeKind Kind(const State& s) const {
    return s.moves[0] == kInvalidAction ? NodeKind::kSimultaneous : NodeKind::kTerminal;
  }
  Player CurrentPlayer(const State&) const { return kNoPlayer; }
  void LegalActions(const State& s, Player, ActionList& actions) const {
    actions.clear();
    if (Kind(s) != NodeKind::kSimultaneous) return;
    for (Action a : {kRock, kPaper, kScissors}) actions.push_back(a);
  }
  void ChanceOutcomes(const State&, ChanceList& outcomes) const { outcomes.clear(); }
  void Apply(State&, Action) const {}
  void ApplyJoint(State& s, JointAction joint) const {
    s.moves[0] = joint[0];
    s.moves[1] = joint[1];
  }
  // Row player's payoff for (own move, other move).
  static double Payoff(Action own, Action other);
  double Returns(const State& s, Player player) const {
    if (Kind(s) != NodeKind::kTerminal) return 0;
    return Payoff(s.moves[player], s.moves[1 - player]);
  }
  int Score(const State&, Player) const { return 0; }
  int MaxGameLength() const { return 1; }
  uint64_t InformationSetKey(const State& s, Player) const { return s.moves[0] == kInvalidAction; }
  std::string ActionToString(const State&, Player, Action action) const {
    return std::string(1, "RPS"[action]);
  }
  absl::StatusOr<Action> ParseAction(const State& s, Player player, std::string_view text) const;
  std::string StateToString(const State& s) const;
  absl::StatusOr<State> ParseState(std::string_view text) const;
  BoardView DescribeBoard(const State& s, Player) const { return TextBoard(StateToString(s)); }
};

// A game whose legal actions vary within one information set (so availability matters): a
// hidden coin the mover never observes decides whether action 2 is legal. Actions score
// -1 (action 0), 0 (action 1), +1 (action 2) for player 0, then the game ends. The mover's
// information-set key ignores the coin on purpose and Determinize redraws it (1/2 each).
class VaryingMenu {
 public:
  static constexpr const char* kName = "varying_menu";
  static constexpr bool kHasHiddenInformation = true;
  struct State {
    uint8_t coin = 0;
    int8_t chosen = -1;
    friend bool operator==(const State&, const State&) = default;
  };

  State InitialState() const { return {}; }
  NodeKind Kind(const State& s) const {
    return s.chosen < 0 ? NodeKind::kDecision : NodeKind::kTerminal;
  }
  Player CurrentPlayer(const State& s) const { return s.chosen < 0 ? 0 : kNoPlayer; }
  void LegalActions(const State& s, Player, ActionList& actions) const {
    actions.clear();
    if (s.chosen >= 0) return;
    actions.push_back(0);
    actions.push_back(1);
    if (s.coin) actions.push_back(2);
  }
  void ChanceOutcomes(const State&, ChanceList& outcomes) const { outcomes.clear(); }
  void Apply(State& s, Action action) const { s.chosen = static_cast<int8_t>(action); }
  double Returns(const State& s, Player player) const {
    if (s.chosen < 0) return 0;
    const double value = s.chosen - 1.0;
    return player == 0 ? value : -value;
  }
  int Score(const State&, Player) const { return 0; }
  int MaxGameLength() const { return 1; }
  uint64_t InformationSetKey(const State& s, Player player) const {
    return HashCombine(static_cast<uint64_t>(player), static_cast<uint64_t>(s.chosen + 1));
  }
  State Determinize(const State& s, Player, Rng& rng) const {
    State result = s;
    result.coin = static_cast<uint8_t>(rng.Below(2));
    return result;
  }
  std::string ActionToString(const State&, Player, Action action) const {
    return std::string(1, static_cast<char>('0' + action));
  }
  absl::StatusOr<Action> ParseAction(const State&, Player, std::string_view text) const {
    if (text.size() == 1 && text[0] >= '0' && text[0] <= '2') return Action(text[0] - '0');
    return absl::InvalidArgumentError("bad action");
  }
  std::string StateToString(const State& s) const {
    return std::string{static_cast<char>('0' + s.coin),
                       s.chosen < 0 ? '-' : static_cast<char>('0' + s.chosen)};
  }
  absl::StatusOr<State> ParseState(std::string_view) const {
    return absl::UnimplementedError("not needed by the tests");
  }
  // The coin is hidden from the mover: only an all-seeing viewer sees it.
  BoardView DescribeBoard(const State& s, Player viewer) const {
    const std::string text = StateToString(s);
    if (viewer == kOmniscient || s.chosen >= 0) return TextBoard(text);
    BoardView view;
    view.AddLine().AddUnknown().Add(text.substr(1));
    return view;
  }
  std::string DescribeHidden(const State&, Player) const { return ""; }
};

// One decision of player 0 among kMoves actions, all nearly lost: action k returns
// kWorst + k * kStep to player 0 (the negation to player 1), then the game ends. The values
// crowd the corner of [-1, 1] where an evaluator of a lost-looking position puts them.
class NearlyLostMenu {
 public:
  static constexpr const char* kName = "nearly_lost_menu";
  static constexpr int kMoves = 3;
  static constexpr double kWorst = -0.99;
  static constexpr double kStep = 0.01;
  struct State {
    int8_t chosen = -1;
    friend bool operator==(const State&, const State&) = default;
  };

  State InitialState() const { return {}; }
  NodeKind Kind(const State& s) const {
    return s.chosen < 0 ? NodeKind::kDecision : NodeKind::kTerminal;
  }
  Player CurrentPlayer(const State& s) const { return s.chosen < 0 ? 0 : kNoPlayer; }
  void LegalActions(const State& s, Player, ActionList& actions) const {
    actions.clear();
    for (int k = 0; s.chosen < 0 && k < kMoves; ++k) actions.push_back(k);
  }
  void ChanceOutcomes(const State&, ChanceList& outcomes) const { outcomes.clear(); }
  void Apply(State& s, Action action) const { s.chosen = static_cast<int8_t>(action); }
  double Returns(const State& s, Player player) const {
    if (s.chosen < 0) return 0;
    const double value = kWorst + s.chosen * kStep;
    return player == 0 ? value : -value;
  }
  int Score(const State&, Player) const { return 0; }
  int MaxGameLength() const { return 1; }
  uint64_t InformationSetKey(const State& s, Player player) const {
    return HashCombine(static_cast<uint64_t>(player), static_cast<uint64_t>(s.chosen + 1));
  }
  std::string ActionToString(const State&, Player, Action action) const {
    return std::string(1, static_cast<char>('0' + action));
  }
  absl::StatusOr<Action> ParseAction(const State&, Player, std::string_view text) const {
    if (text.size() == 1 && text[0] >= '0' && text[0] < '0' + kMoves) return Action(text[0] - '0');
    return absl::InvalidArgumentError("bad action");
  }
  std::string StateToString(const State& s) const {
    return std::string(1, s.chosen < 0 ? '-' : static_cast<char>('0' + s.chosen));
  }
  absl::StatusOr<State> ParseState(std::string_view) const {
    return absl::UnimplementedError("not needed by the tests");
  }
  BoardView DescribeBoard(const State& s, Player) const { return TextBoard(StateToString(s)); }
};

}  // namespace sandtable::testing_games

#endif  // SANDTABLE_TESTS_SEARCH_TEST_GAMES_H_
