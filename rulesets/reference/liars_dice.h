// Liar's dice, the standard two-player bid/"liar" game (as in OpenSpiel's liars_dice).
//
// Each player rolls `dice` dice of `faces` faces in secret (one chance node per die, player
// 0's dice first). Player 0 opens with a bid "q x f" (at least q dice among all dice show
// face f); players alternate, each either raising the bid or calling "liar". Bids are
// ordered by quantity, then face: (q, f) < (q', f') iff q < q' or (q == q' and f < f').
// On "liar" all dice are shown: if at least q dice show f the bidder wins, else the caller
// wins. No face is wild.
#ifndef SANDTABLE_RULESETS_REFERENCE_LIARS_DICE_H_
#define SANDTABLE_RULESETS_REFERENCE_LIARS_DICE_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/board.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/types.h"

namespace sandtable {

class LiarsDice {
 public:
  static constexpr const char* kName = "liars_dice";
  static constexpr bool kHasHiddenInformation = true;
  static constexpr int kMaxDice = 5;
  static constexpr int kMaxFaces = 6;

  // Actions: bid (q, f) is (q - 1) * faces + (f - 1); "liar" is 2 * dice * faces.
  // Chance outcomes: the face rolled, 1..faces.
  struct State {
    uint8_t dice[kNumPlayers][kMaxDice] = {};  // 0 = not rolled yet
    uint8_t rolled = 0;                        // dice rolled so far (player 0's first)
    uint8_t num_bids = 0;
    int8_t last_bid = -1;      // the current bid's action, -1 before the first bid
    bool liar_called = false;  // terminal
    uint64_t bids_made = 0;    // bit per bid action: with increasing bids, the whole history
    friend bool operator==(const State&, const State&) = default;
  };

  LiarsDice(int dice, int faces) : dice_(dice), faces_(faces) {}

  static std::vector<ParamDef> ParamDefs();
  static std::string_view Description() {
    return "Liar's dice: two players bid on hidden dice or call liar";
  }
  static absl::StatusOr<std::shared_ptr<const LiarsDice>> Create(const Params& params,
                                                                 std::string_view scenario_text);

  int dice() const { return dice_; }
  int faces() const { return faces_; }
  Action LiarAction() const { return static_cast<Action>(2 * dice_ * faces_); }
  Action BidAction(int quantity, int face) const {
    return static_cast<Action>((quantity - 1) * faces_ + face - 1);
  }

  State InitialState() const { return State{}; }
  NodeKind Kind(const State& state) const {
    if (state.rolled < 2 * dice_) return NodeKind::kChance;
    return state.liar_called ? NodeKind::kTerminal : NodeKind::kDecision;
  }
  Player CurrentPlayer(const State& state) const {
    switch (Kind(state)) {
      case NodeKind::kChance:
        return kChancePlayer;
      case NodeKind::kDecision:
        return state.num_bids % 2;
      default:
        return kNoPlayer;
    }
  }
  void LegalActions(const State& state, Player player, ActionList& actions) const {
    actions.clear();
    if (Kind(state) != NodeKind::kDecision) return;
    const int num_bid_actions = 2 * dice_ * faces_;
    for (int a = state.last_bid + 1; a < num_bid_actions; ++a) {
      actions.push_back(static_cast<Action>(a));
    }
    if (state.last_bid >= 0) actions.push_back(LiarAction());
  }
  void ChanceOutcomes(const State& state, ChanceList& outcomes) const;
  void Apply(State& state, Action action) const {
    if (state.rolled < 2 * dice_) {
      const int player = state.rolled / dice_;
      state.dice[player][state.rolled % dice_] = static_cast<uint8_t>(action);
      ++state.rolled;
      return;
    }
    if (action == LiarAction()) {
      state.liar_called = true;
      return;
    }
    state.last_bid = static_cast<int8_t>(action);
    state.bids_made |= uint64_t{1} << action;
    ++state.num_bids;
  }
  double Returns(const State& state, Player player) const;
  int Score(const State& state, Player player) const;
  int MaxGameLength() const { return 2 * dice_ + 2 * dice_ * faces_ + 1; }
  uint64_t InformationSetKey(const State& state, Player player) const;
  State Determinize(const State& state, Player player, Rng& rng) const {
    State result = state;
    const Player other = Opponent(player);
    // Only the opponent's rolled dice are resampled; their values are never read.
    const int other_rolled = std::min<int>(dice_, std::max<int>(0, state.rolled - other * dice_));
    for (int i = 0; i < other_rolled; ++i) {
      result.dice[other][i] = static_cast<uint8_t>(1 + rng.Below(static_cast<uint32_t>(faces_)));
    }
    return result;
  }
  std::string ActionToString(const State& state, Player player, Action action) const;
  absl::StatusOr<Action> ParseAction(const State& state, Player player,
                                     std::string_view text) const;
  std::string StateToString(const State& state) const;
  absl::StatusOr<State> ParseState(std::string_view text) const;
  BoardView DescribeBoard(const State& state, Player viewer) const;
  std::string DescribeHidden(const State& state, Player owner) const;
  std::vector<std::pair<std::string, int>> ResultMeasures(const State& before,
                                                          const State& after) const {
    return {};
  }

 private:
  // The player who made the current bid and whether it stands (at least q dice show f).
  bool BidStands(const State& state) const;

  int dice_;
  int faces_;
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_REFERENCE_LIARS_DICE_H_
