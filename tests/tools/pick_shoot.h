// A tiny ruleset with every node kind, small enough to check perft and odds by hand:
//   1. simultaneous: both players pick 0, 1 or 2 ("pick N"); 9 joint branches.
//   2. decision of player 0: "shoot 1" or "shoot 2" (that many d6).
//   3. chance: the number of sixes rolled ("sixes K", or raw faces "roll 6 3").
//   4. terminal: player 0 wins with at least one six, or when the picks differ and player
//      0's is larger; otherwise player 1 wins.
#ifndef SANDTABLE_TESTS_TOOLS_PICK_SHOOT_H_
#define SANDTABLE_TESTS_TOOLS_PICK_SHOOT_H_

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/dice.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "engine/text.h"
#include "engine/types.h"
#include "tools/game.h"

namespace sandtable::testing {

class PickShoot {
 public:
  static constexpr std::string_view kName = "pick_shoot";
  static constexpr bool kHasSimultaneousNodes = true;
  struct State {
    int step = 0;  // 0 picks, 1 shoot, 2 roll, 3 over
    int pick[2] = {0, 0};
    int dice = 0;
    int sixes = 0;
    friend bool operator==(const State&, const State&) = default;
  };

  static std::vector<ParamDef> ParamDefs() { return {}; }
  static std::string_view Description() { return "a test game with every node kind"; }
  static absl::StatusOr<std::shared_ptr<const PickShoot>> Create(const Params&,
                                                                 std::string_view scenario) {
    if (!scenario.empty()) return absl::InvalidArgumentError("pick_shoot takes no scenario");
    return std::make_shared<const PickShoot>();
  }

  State InitialState() const { return State{}; }
  NodeKind Kind(const State& s) const {
    constexpr NodeKind kKinds[] = {NodeKind::kSimultaneous, NodeKind::kDecision, NodeKind::kChance,
                                   NodeKind::kTerminal};
    return kKinds[s.step];
  }
  Player CurrentPlayer(const State& s) const {
    return s.step == 1 ? 0 : s.step == 2 ? kChancePlayer : kNoPlayer;
  }
  void LegalActions(const State& s, Player, ActionList& actions) const {
    if (s.step == 0) {
      for (Action a = 0; a < 3; ++a) actions.push_back(a);
    } else if (s.step == 1) {
      actions.push_back(1);
      actions.push_back(2);
    }
  }
  void ChanceOutcomes(const State& s, ChanceList& outcomes) const {
    const std::vector<Probability> dist = SuccessCountDistribution(s.dice, 6, 1);
    for (int k = 0; k <= s.dice; ++k) outcomes.push_back({static_cast<Action>(k), dist[k]});
  }
  void Apply(State& s, Action action) const {
    if (s.step == 1) {
      s.dice = static_cast<int>(action);
    } else {
      s.sixes = static_cast<int>(action);
    }
    ++s.step;
  }
  void ApplyJoint(State& s, JointAction joint) const {
    s.pick[0] = static_cast<int>(joint[0]);
    s.pick[1] = static_cast<int>(joint[1]);
    ++s.step;
  }
  double Returns(const State& s, Player player) const {
    if (s.step != 3) return 0;
    const bool zero_wins = s.sixes > 0 || s.pick[0] > s.pick[1];
    return (zero_wins == (player == 0)) ? 1.0 : -1.0;
  }
  int Score(const State& s, Player player) const { return player == 0 ? s.sixes : 0; }
  int MaxGameLength() const { return 3; }
  uint64_t InformationSetKey(const State& s, Player) const {
    return HashCombine(HashCombine(s.step, s.pick[0] * 3 + s.pick[1]), s.dice * 4 + s.sixes);
  }

  std::string ActionToString(const State& s, Player player, Action action) const {
    if (player == kChancePlayer) return absl::StrCat("sixes ", action);
    return absl::StrCat(s.step == 0 ? "pick " : "shoot ", action);
  }
  absl::StatusOr<Action> ParseAction(const State& s, Player player, std::string_view text) const {
    std::vector<std::string> words = absl::StrSplit(ToAbsl(text), ' ', absl::SkipEmpty());
    if (player == kChancePlayer && !words.empty() && words[0] == "roll") {
      Action sixes = 0;
      for (size_t i = 1; i < words.size(); ++i) {
        int face = 0;
        if (!absl::SimpleAtoi(words[i], &face) || face < 1 || face > 6) {
          return absl::InvalidArgumentError("faces are 1..6");
        }
        sixes += face == 6;
      }
      return sixes;
    }
    const std::string_view expected =
        player == kChancePlayer ? "sixes" : (s.step == 0 ? "pick" : "shoot");
    uint32_t n = 0;
    if (words.size() != 2 || words[0] != expected || !absl::SimpleAtoi(words[1], &n)) {
      return absl::InvalidArgumentError(absl::StrCat("expected '", ToAbsl(expected), " N'"));
    }
    return n;
  }
  std::string StateToString(const State& s) const {
    return absl::StrCat(s.step, " ", s.pick[0], " ", s.pick[1], " ", s.dice, " ", s.sixes);
  }
  absl::StatusOr<State> ParseState(std::string_view text) const {
    std::vector<std::string> words = absl::StrSplit(ToAbsl(text), ' ', absl::SkipEmpty());
    State s;
    int* fields[] = {&s.step, &s.pick[0], &s.pick[1], &s.dice, &s.sixes};
    if (words.size() != 5) return absl::InvalidArgumentError("expected 5 numbers");
    for (int i = 0; i < 5; ++i) {
      if (!absl::SimpleAtoi(words[i], fields[i]) || *fields[i] < 0 || *fields[i] > 3) {
        return absl::InvalidArgumentError("numbers are 0..3");
      }
    }
    return s;
  }
  BoardView DescribeBoard(const State& s, Player) const { return TextBoard(StateToString(s)); }
  std::vector<std::pair<std::string, int>> ResultMeasures(const State& before,
                                                          const State& after) const {
    return {{"sixes", after.sixes - before.sixes}, {"won", Returns(after, 0) > 0 ? 1 : 0}};
  }
};

static_assert(RegisteredRuleset<PickShoot>);

// The pick_shoot game behind the type-erased interface, as the registry would make it.
// Defined in pick_shoot.cc, so the GameImpl and Searcher templates are instantiated for
// PickShoot once rather than in every test file that plays it.
std::shared_ptr<const Game> PickShootGameObject();

}  // namespace sandtable::testing

#endif  // SANDTABLE_TESTS_TOOLS_PICK_SHOOT_H_
