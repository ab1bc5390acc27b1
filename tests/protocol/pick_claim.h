// A test-only ruleset for the protocol: every node kind, multi-word notation, raw-face
// chance input, hidden choices whose later consequences constrain them, and odds.
//
// Each round: both players secretly "pick 1".."pick 3" (simultaneous, hidden from the
// opponent for good); player 0 may "claim k" with k <= its pick, or "pass"; a die is
// rolled ("low" 1-3 = +0, "mid" 4-5 = +1, "high" 6 = +2 to player 0's score; raw faces
// "roll N" accepted); player 1 may "claim k" (k <= its pick) or "pass". A claim adds k to
// the claimer's score. After `rounds` rounds the higher score wins.
#ifndef SANDTABLE_TESTS_PROTOCOL_PICK_CLAIM_H_
#define SANDTABLE_TESTS_PROTOCOL_PICK_CLAIM_H_

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "engine/board.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/text.h"
#include "engine/types.h"
#include "tools/protocol_text.h"

namespace sandtable::protocol_test {

class PickClaim {
 public:
  static constexpr const char* kName = "pick_claim";
  static constexpr bool kHasSimultaneousNodes = true;
  static constexpr bool kHasHiddenInformation = true;
  enum Phase : int { kPick = 0, kClaim0 = 1, kRoll = 2, kClaim1 = 3, kOver = 4 };

  struct State {
    int round = 0;
    int phase = kPick;
    int picks[2] = {0, 0};
    int claimed[2] = {-1, -1};  // this round's claim (0 = pass), -1 = not yet
    int score[2] = {0, 0};
    int bonus = 0;  // player 0's dice bonus so far
    friend bool operator==(const State&, const State&) = default;
  };

  static std::vector<ParamDef> ParamDefs() {
    ParamDef rounds;
    rounds.name = "rounds";
    rounds.description = "rounds in a game";
    rounds.default_value = "2";
    rounds.min = 1;
    rounds.max = 5;
    return {rounds};
  }
  static std::string_view Description() { return "protocol test game"; }
  static absl::StatusOr<std::shared_ptr<const PickClaim>> Create(const Params& params,
                                                                 std::string_view scenario) {
    if (!scenario.empty() && scenario != "pick_claim scenario\n") {
      return absl::InvalidArgumentError("pick_claim takes no scenario");
    }
    auto pick_claim = std::make_shared<PickClaim>();
    pick_claim->rounds_ = static_cast<int>(params.GetInt("rounds"));
    return std::shared_ptr<const PickClaim>(pick_claim);
  }

  State InitialState() const { return State{}; }
  NodeKind Kind(const State& s) const {
    switch (s.phase) {
      case kPick:
        return NodeKind::kSimultaneous;
      case kClaim0:
      case kClaim1:
        return NodeKind::kDecision;
      case kRoll:
        return NodeKind::kChance;
      default:
        return NodeKind::kTerminal;
    }
  }
  Player CurrentPlayer(const State& s) const {
    if (s.phase == kClaim0) return 0;
    if (s.phase == kClaim1) return 1;
    if (s.phase == kRoll) return kChancePlayer;
    return kNoPlayer;
  }
  void LegalActions(const State& s, Player p, ActionList& actions) const {
    actions.clear();
    if (s.phase == kPick) {
      for (Action a = 1; a <= 3; ++a) actions.push_back(a);
    } else if (s.phase == kClaim0 || s.phase == kClaim1) {
      for (Action a = 0; a <= static_cast<Action>(s.picks[p]); ++a) actions.push_back(a);
    }
  }
  void ChanceOutcomes(const State&, ChanceList& outcomes) const {
    outcomes.clear();
    outcomes.push_back({0, Probability(1, 2)});
    outcomes.push_back({1, Probability(1, 3)});
    outcomes.push_back({2, Probability(1, 6)});
  }
  void Apply(State& s, Action a) const {
    if (s.phase == kClaim0 || s.phase == kClaim1) {
      const int p = s.phase == kClaim0 ? 0 : 1;
      s.claimed[p] = static_cast<int>(a);
      s.score[p] += static_cast<int>(a);
      if (p == 0) {
        s.phase = kRoll;
      } else if (++s.round >= rounds_) {
        s.phase = kOver;
      } else {
        s.phase = kPick;
        s.claimed[0] = s.claimed[1] = -1;
      }
    } else {
      s.bonus += static_cast<int>(a);
      s.score[0] += static_cast<int>(a);
      s.phase = kClaim1;
    }
  }
  void ApplyJoint(State& s, JointAction joint) const {
    s.picks[0] = static_cast<int>(joint[0]);
    s.picks[1] = static_cast<int>(joint[1]);
    s.phase = kClaim0;
  }
  double Returns(const State& s, Player p) const {
    if (s.phase != kOver || s.score[0] == s.score[1]) return 0;
    return (s.score[p] > s.score[1 - p]) ? 1 : -1;
  }
  int Score(const State& s, Player p) const { return s.score[p]; }
  int MaxGameLength() const { return rounds_ * 4; }
  uint64_t InformationSetKey(const State& s, Player p) const {
    uint64_t h = Mix64(static_cast<uint64_t>(p) + 1);
    for (int v : {s.round, s.phase, s.picks[p], s.claimed[0], s.claimed[1], s.score[0], s.score[1],
                  s.bonus}) {
      h = HashCombine(h, static_cast<uint64_t>(v + 16));
    }
    return h;
  }
  State Determinize(const State& s, Player observer, Rng& rng) const {
    State d = s;
    const int o = 1 - observer;
    if (s.phase != kPick) {
      const int low = s.claimed[o] > 0 ? s.claimed[o] : 1;
      d.picks[o] = low + static_cast<int>(rng.Below(static_cast<uint32_t>(4 - low)));
    }
    return d;
  }
  std::string ActionToString(const State& s, Player p, Action a) const {
    if (p == kChancePlayer) return a == 0 ? "low" : a == 1 ? "mid" : "high";
    if (s.phase == kPick) return absl::StrCat("pick ", a);
    return a == 0 ? "pass" : absl::StrCat("claim ", a);
  }
  absl::StatusOr<Action> ParseAction(const State& s, Player p, std::string_view text) const {
    if (p == kChancePlayer) {
      if (text == "low") return 0;
      if (text == "mid") return 1;
      if (text == "high") return 2;
      int face = 0;
      if (text.substr(0, 5) == "roll " &&
          absl::SimpleAtoi(absl::string_view(text.data() + 5, text.size() - 5), &face) &&
          face >= 1 && face <= 6) {
        return face <= 3 ? 0 : face <= 5 ? 1 : 2;
      }
      return absl::InvalidArgumentError("expected low, mid, high or 'roll N' (N 1..6)");
    }
    for (Action a = 0; a <= 3; ++a) {
      if (ActionToString(s, p, a) == text) {
        ActionList legal;
        LegalActions(s, p, legal);
        if (!legal.Contains(a)) break;
        return a;
      }
    }
    return absl::InvalidArgumentError(absl::StrCat("not a legal action: '", ToAbsl(text), "'"));
  }
  std::string StateToString(const State& s) const {
    return absl::StrCat("round ", s.round, " phase ", s.phase, " picks ", s.picks[0], " ",
                        s.picks[1], " claimed ", s.claimed[0], " ", s.claimed[1], " score ",
                        s.score[0], " ", s.score[1], " bonus ", s.bonus);
  }
  absl::StatusOr<State> ParseState(std::string_view text) const {
    const std::vector<std::string_view> expect = {"round",   "phase", "picks",
                                                  "claimed", "score", "bonus"};
    std::vector<std::string> words;
    std::string word;
    for (char c : std::string(text) + " ") {
      if (c == ' ') {
        if (!word.empty()) words.push_back(word);
        word.clear();
      } else {
        word += c;
      }
    }
    std::vector<int> v;
    size_t i = 0;
    for (std::string_view key : expect) {
      if (i >= words.size() || words[i] != key) {
        return absl::InvalidArgumentError(absl::StrCat("expected '", ToAbsl(key), "'"));
      }
      ++i;
      const int count = (key == "round" || key == "phase" || key == "bonus") ? 1 : 2;
      for (int k = 0; k < count; ++k, ++i) {
        int n = 0;
        if (i >= words.size() || !absl::SimpleAtoi(absl::string_view(words[i]), &n) || n < -1 ||
            n > 99) {
          return absl::InvalidArgumentError(absl::StrCat("bad number after '", ToAbsl(key), "'"));
        }
        v.push_back(n);
      }
    }
    if (i != words.size()) return absl::InvalidArgumentError("trailing words");
    State s;
    s.round = v[0];
    s.phase = v[1];
    s.picks[0] = v[2];
    s.picks[1] = v[3];
    s.claimed[0] = v[4];
    s.claimed[1] = v[5];
    s.score[0] = v[6];
    s.score[1] = v[7];
    s.bonus = v[8];
    if (s.round < 0 || s.round >= rounds_ + 1 || s.phase < 0 || s.phase > kOver || s.picks[0] < 0 ||
        s.picks[0] > 3 || s.picks[1] < 0 || s.picks[1] > 3) {
      return absl::InvalidArgumentError("value out of range");
    }
    if (s.phase != kPick && s.phase != kOver && (s.picks[0] == 0 || s.picks[1] == 0)) {
      return absl::InvalidArgumentError("picks must be 1..3 after the pick phase");
    }
    return s;
  }
  BoardView DescribeBoard(const State& s, Player /*viewer*/) const {  // shows nothing hidden
    BoardView view;
    view.AddLine().Add(absl::StrCat("pick_claim round ", s.round + 1, " of ", rounds_));
    view.AddLine("", 0).Add(absl::StrCat("player 0 score ", s.score[0]));
    view.AddLine("", 1).Add(absl::StrCat("player 1 score ", s.score[1]));
    return view;
  }
  std::string DescribeHidden(const State& s, Player owner) const {
    if (s.phase == kPick) return "";
    return absl::StrCat("pick ", s.picks[owner]);
  }
  std::vector<std::pair<std::string, int>> ResultMeasures(const State& before,
                                                          const State& after) const {
    return {{"bonus", after.bonus - before.bonus}, {"score", after.score[0] - before.score[0]}};
  }

 private:
  int rounds_ = 2;
};

}  // namespace sandtable::protocol_test

#endif  // SANDTABLE_TESTS_PROTOCOL_PICK_CLAIM_H_
