// A tiny test-only ruleset that has every node kind the conformance suite must handle: a
// chance deal with non-uniform exact probabilities, hidden cards, a simultaneous stake and
// sequential decisions. Its deliberately broken variants (CardStakesBug) prove that the invariant
// checks catch real mistakes.
//
// Rules: each player is dealt a hidden card 1..n (card c with probability proportional to
// c); both secretly stake 1 or 2 at once; then player 0 sees or folds, and if player 0
// saw, player 1 sees or folds. A fold loses; otherwise the higher card wins, equal cards
// draw. Actions: 0..n-1 = card 1..n (chance), 0/1 = stake 1/2, 0/1 = see/fold.
#ifndef SANDTABLE_TESTS_CONFORMANCE_CARD_STAKES_H_
#define SANDTABLE_TESTS_CONFORMANCE_CARD_STAKES_H_

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
#include "engine/board.h"
#include "engine/check.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/text.h"
#include "engine/types.h"

namespace sandtable::conformance {

enum class CardStakesBug {
  kNone,
  kWrongPlayer,        // CurrentPlayer says 0 at the simultaneous node
  kDuplicateAction,    // "see" listed twice
  kDescendingActions,  // "fold" listed after "see"
  kUnclearedList,      // LegalActions appends to what the list held
  kNoActions,          // player 1's decision has no actions
  kBadChanceSum,       // the deal's probabilities do not sum to 1
  kLeakyDeterminize,   // Determinize resamples the observer's own card
  kLossyStateString,   // StateToString forgets the stakes
  kBadActionText,      // "fold" prints as "see"
  kNotZeroSum,         // both players win
  kShortMaxLength,     // MaxGameLength is too small
  kEmptyRender,        // DescribeBoard() is empty at terminal states
  kLeakyRender,        // DescribeBoard() shows the opponent's card to every viewer
  kLeakySvg,           // ... only as a terrain colour, which the text board does not show
};

template <CardStakesBug kBug>
class CardStakesT {
 public:
  static constexpr std::string_view kName = "card_stakes";
  static constexpr bool kHasSimultaneousNodes = true;
  static constexpr bool kHasHiddenInformation = true;
  static constexpr int kUnset = -1;
  static constexpr int kHiddenCard = 0;  // printed as '0': no real card is 0

  struct State {
    int8_t cards[2] = {kUnset, kUnset};      // 1..n once dealt
    int8_t stakes[2] = {kUnset, kUnset};     // 1 or 2 once staked
    int8_t decisions[2] = {kUnset, kUnset};  // 0 see, 1 fold
    friend bool operator==(const State&, const State&) = default;
  };

  static std::vector<ParamDef> ParamDefs() {
    return {{.name = "cards",
             .description = "number of distinct cards",
             .default_value = "3",
             .min = 2,
             .max = 9}};
  }
  static std::string_view Description() { return "test-only card_stakes game"; }
  static absl::StatusOr<std::shared_ptr<const CardStakesT>> Create(const Params& params,
                                                                   std::string_view scenario) {
    if (!scenario.empty()) return absl::InvalidArgumentError("card_stakes has no scenarios");
    return std::make_shared<const CardStakesT>(static_cast<int>(params.GetInt("cards")));
  }

  explicit CardStakesT(int num_cards) : num_cards_(num_cards) {}

  State InitialState() const { return State{}; }

  NodeKind Kind(const State& s) const {
    if (s.cards[0] == kUnset || s.cards[1] == kUnset) return NodeKind::kChance;
    if (s.stakes[0] == kUnset) return NodeKind::kSimultaneous;
    if (s.decisions[0] == kUnset) return NodeKind::kDecision;
    if (s.decisions[0] == 0 && s.decisions[1] == kUnset) return NodeKind::kDecision;
    return NodeKind::kTerminal;
  }

  Player CurrentPlayer(const State& s) const {
    switch (Kind(s)) {
      case NodeKind::kChance:
        return kChancePlayer;
      case NodeKind::kSimultaneous:
        return kBug == CardStakesBug::kWrongPlayer ? 0 : kNoPlayer;
      case NodeKind::kDecision:
        return s.decisions[0] == kUnset ? 0 : 1;
      case NodeKind::kTerminal:
        return kNoPlayer;
    }
    return kNoPlayer;
  }

  void LegalActions(const State& s, Player player, ActionList& actions) const {
    if (kBug != CardStakesBug::kUnclearedList) actions.clear();
    switch (Kind(s)) {
      case NodeKind::kSimultaneous:
        actions.push_back(0);
        actions.push_back(1);
        return;
      case NodeKind::kDecision:
        if (kBug == CardStakesBug::kNoActions && player == 1) return;
        if (kBug == CardStakesBug::kDescendingActions) {
          actions.push_back(1);
          actions.push_back(0);
          return;
        }
        actions.push_back(0);
        actions.push_back(kBug == CardStakesBug::kDuplicateAction ? 0 : 1);
        return;
      default:
        return;
    }
  }

  void ChanceOutcomes(const State& s, ChanceList& outcomes) const {
    outcomes.clear();
    const uint64_t total = static_cast<uint64_t>(num_cards_) * (num_cards_ + 1) / 2;
    for (int c = 1; c <= num_cards_; ++c) {
      const uint64_t weight = (kBug == CardStakesBug::kBadChanceSum && c == 1) ? 2 : c;
      outcomes.push_back(ChanceOutcome{static_cast<Action>(c - 1), Probability(weight, total)});
    }
  }

  void Apply(State& s, Action action) const {
    if (Kind(s) == NodeKind::kChance) {
      s.cards[s.cards[0] == kUnset ? 0 : 1] = static_cast<int8_t>(action + 1);
    } else {
      CHECK(Kind(s) == NodeKind::kDecision);
      s.decisions[s.decisions[0] == kUnset ? 0 : 1] = static_cast<int8_t>(action);
    }
  }

  void ApplyJoint(State& s, JointAction joint) const {
    for (int p = 0; p < 2; ++p) s.stakes[p] = static_cast<int8_t>(joint[p] + 1);
  }

  double Returns(const State& s, Player player) const {
    if (Kind(s) != NodeKind::kTerminal) return 0;
    int winner = -1;  // -1 draw
    if (s.decisions[0] == 1) {
      winner = 1;
    } else if (s.decisions[1] == 1) {
      winner = 0;
    } else if (s.cards[0] != s.cards[1]) {
      winner = s.cards[0] > s.cards[1] ? 0 : 1;
    }
    if (winner < 0) return 0;
    if (kBug == CardStakesBug::kNotZeroSum) return 1;
    return player == winner ? 1 : -1;
  }

  int Score(const State& s, Player player) const { return 0; }
  int MaxGameLength() const { return kBug == CardStakesBug::kShortMaxLength ? 3 : 5; }

  uint64_t InformationSetKey(const State& s, Player player) const {
    uint64_t key = HashCombine(Mix64(player), static_cast<uint64_t>(s.cards[player] + 2));
    key = HashCombine(key, s.cards[Opponent(player)] == kUnset ? 0 : 1);  // dealt or not
    for (int p = 0; p < 2; ++p) {
      key = HashCombine(key, static_cast<uint64_t>(s.stakes[p] + 2));
      key = HashCombine(key, static_cast<uint64_t>(s.decisions[p] + 2));
    }
    return key;
  }

  State Determinize(const State& s, Player player, Rng& rng) const {
    State result = s;
    const Player opponent = Opponent(player);
    if (result.cards[opponent] != kUnset) result.cards[opponent] = SampleCard(rng);
    if (kBug == CardStakesBug::kLeakyDeterminize && result.cards[player] != kUnset) {
      result.cards[player] = SampleCard(rng);
    }
    return result;
  }

  std::string ActionToString(const State& s, Player player, Action action) const {
    switch (Kind(s)) {
      case NodeKind::kChance:
        return absl::StrCat("card ", action + 1);
      case NodeKind::kSimultaneous:
        return absl::StrCat("stake ", action + 1);
      case NodeKind::kDecision:
        if (kBug == CardStakesBug::kBadActionText) return "see";
        return action == 0 ? "see" : "fold";
      case NodeKind::kTerminal:
        break;
    }
    return "?";
  }

  absl::StatusOr<Action> ParseAction(const State& s, Player player, std::string_view text) const {
    const absl::string_view t(text.data(), text.size());
    std::vector<absl::string_view> words = absl::StrSplit(t, ' ', absl::SkipEmpty());
    int number = 0;
    const bool acts = Kind(s) == NodeKind::kChance         ? player == kChancePlayer
                      : Kind(s) == NodeKind::kSimultaneous ? (player == 0 || player == 1)
                                                           : player == CurrentPlayer(s);
    if (!acts) return absl::InvalidArgumentError("card_stakes: this player does not act here");
    switch (Kind(s)) {
      case NodeKind::kChance:
        if (words.size() == 2 && words[0] == "card" && absl::SimpleAtoi(words[1], &number) &&
            number >= 1 && number <= num_cards_) {
          return static_cast<Action>(number - 1);
        }
        break;
      case NodeKind::kSimultaneous:
        if (words.size() == 2 && words[0] == "stake" && absl::SimpleAtoi(words[1], &number) &&
            (number == 1 || number == 2)) {
          return static_cast<Action>(number - 1);
        }
        break;
      case NodeKind::kDecision:
        if (t == "see") return 0;
        if (t == "fold") return 1;
        break;
      case NodeKind::kTerminal:
        break;
    }
    return absl::InvalidArgumentError(absl::StrCat("bad card_stakes action '", t, "'"));
  }

  // Six fields, '-' when unset: "c0 c1 s0 s1 d0 d1".
  std::string StateToString(const State& s) const {
    const int8_t fields[6] = {
        s.cards[0],
        s.cards[1],
        kBug == CardStakesBug::kLossyStateString ? int8_t{kUnset} : s.stakes[0],
        kBug == CardStakesBug::kLossyStateString ? int8_t{kUnset} : s.stakes[1],
        s.decisions[0],
        s.decisions[1]};
    std::string out;
    for (int i = 0; i < 6; ++i) {
      if (i > 0) out += ' ';
      out += fields[i] == kUnset ? std::string("-") : absl::StrCat(fields[i]);
    }
    return out;
  }

  absl::StatusOr<State> ParseState(std::string_view text) const {
    std::vector<absl::string_view> words = absl::StrSplit(ToAbsl(text), ' ');
    if (words.size() != 6)
      return absl::InvalidArgumentError("card_stakes state: expected 6 fields");
    int8_t fields[6];
    const int max_value[6] = {num_cards_, num_cards_, 2, 2, 1, 1};
    const int min_value[6] = {1, 1, 1, 1, 0, 0};
    for (int i = 0; i < 6; ++i) {
      int value = 0;
      if (words[i] == "-") {
        fields[i] = kUnset;
      } else if (absl::SimpleAtoi(words[i], &value) && value >= min_value[i] &&
                 value <= max_value[i]) {
        fields[i] = static_cast<int8_t>(value);
      } else {
        return absl::InvalidArgumentError(
            absl::StrCat("card_stakes state: bad field '", words[i], "'"));
      }
    }
    State s{{fields[0], fields[1]}, {fields[2], fields[3]}, {fields[4], fields[5]}};
    // Only states reachable in play.
    const bool ok = (s.cards[0] != kUnset || s.cards[1] == kUnset) &&
                    (s.stakes[0] == kUnset) == (s.stakes[1] == kUnset) &&
                    (s.stakes[0] == kUnset || s.cards[1] != kUnset) &&
                    (s.decisions[0] == kUnset || s.stakes[0] != kUnset) &&
                    (s.decisions[1] == kUnset || s.decisions[0] == 0);
    if (!ok) return absl::InvalidArgumentError("card_stakes state: unreachable");
    return s;
  }

  // The state string with the cards `viewer` has not seen as '?' (all shown at the end).
  BoardView DescribeBoard(const State& s, Player viewer) const {
    if (kBug == CardStakesBug::kEmptyRender && Kind(s) == NodeKind::kTerminal) return {};
    State shown = s;
    const bool over = Kind(s) == NodeKind::kTerminal;
    if (kBug != CardStakesBug::kLeakyRender && !over && viewer != kOmniscient) {
      const Player opponent = Opponent(viewer);
      if (shown.cards[opponent] != kUnset) shown.cards[opponent] = kHiddenCard;
    }
    BoardView view = TextBoard(StateToString(shown));
    if (kBug == CardStakesBug::kLeakySvg && !over && viewer != kOmniscient) {
      // One cell whose terrain tells the opponent's card's parity by colour alone: two
      // kinds with the same glyph and name draw alike as text.
      view.grid = GridKind::kSquare;
      view.width = view.height = 1;
      view.terrain_kinds = {{"ground", '.', ColourRole::kGround},
                            {"ground", '.', ColourRole::kCover}};
      view.terrain = {static_cast<uint8_t>(s.cards[Opponent(viewer)] > 0 &&
                                           s.cards[Opponent(viewer)] % 2 == 1)};
    }
    return view;
  }
  std::string DescribeHidden(const State& s, Player player) const {
    return s.cards[player] == kUnset ? "" : absl::StrCat("card ", s.cards[player]);
  }
  std::vector<std::pair<std::string, int>> ResultMeasures(const State& before,
                                                          const State& after) const {
    return {};
  }

 private:
  int8_t SampleCard(Rng& rng) const {
    // Card c with probability c / (n (n + 1) / 2).
    uint32_t r = rng.Below(static_cast<uint32_t>(num_cards_ * (num_cards_ + 1) / 2));
    for (int c = 1;; ++c) {
      if (r < static_cast<uint32_t>(c)) return static_cast<int8_t>(c);
      r -= c;
    }
  }

  int num_cards_;
};

using CardStakes = CardStakesT<CardStakesBug::kNone>;

}  // namespace sandtable::conformance

#endif  // SANDTABLE_TESTS_CONFORMANCE_CARD_STAKES_H_
