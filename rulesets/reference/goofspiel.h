// Goofspiel (the game of pure strategy) with a random prize order.
//
// Each player holds cards 1..`cards`; a prize deck holds the same values. Each round a
// prize is revealed (a chance node, uniform over the prizes left), both players bid one
// card of their hand in secret (a simultaneous node), the bids are revealed and the higher
// bid wins the prize's value in points; on a tie nobody does. Bid cards are discarded.
// After `cards` rounds the player with more points wins (+1), equal points draw (0).
//
// With turn_based=true the secret bids are taken one after the other: player 0 bids, then
// player 1 bids without seeing it (the bid stays hidden until player 1 has bid too).
#ifndef SANDTABLE_RULESETS_REFERENCE_GOOFSPIEL_H_
#define SANDTABLE_RULESETS_REFERENCE_GOOFSPIEL_H_

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

class Goofspiel {
 public:
  static constexpr const char* kName = "goofspiel";
  // Simultaneous bids (or, turn-based, a first bid the second bidder has not seen).
  static constexpr bool kHasSimultaneousNodes = true;
  static constexpr bool kHasHiddenInformation = true;
  static constexpr int kMaxCards = 13;

  // Actions: a bid is the card's value 1..cards; a chance outcome is the prize's value.
  struct State {
    uint8_t round = 0;        // rounds completed
    uint8_t prize = 0;        // the revealed prize of the current round, 0 before the reveal
    uint8_t pending_bid = 0;  // turn_based: player 0's hidden bid, 0 if not made yet
    uint8_t points[kNumPlayers] = {0, 0};
    uint16_t prizes_left = 0;              // bit v-1 set: prize v still in the deck
    uint16_t hands[kNumPlayers] = {0, 0};  // bit v-1 set: card v still in hand (a hidden
                                           // pending bid stays in the hand until revealed)
    uint8_t history[kMaxCards][3] = {};    // per completed round: prize, bid 0, bid 1
    friend bool operator==(const State&, const State&) = default;
  };

  Goofspiel(int cards, bool turn_based) : cards_(cards), turn_based_(turn_based) {}

  static std::vector<ParamDef> ParamDefs();
  static std::string_view Description() { return "Goofspiel: secret bids for random prize cards"; }
  static absl::StatusOr<std::shared_ptr<const Goofspiel>> Create(const Params& params,
                                                                 std::string_view scenario_text);

  int cards() const { return cards_; }
  bool turn_based() const { return turn_based_; }

  State InitialState() const {
    State state;
    const uint16_t all = static_cast<uint16_t>((1u << cards_) - 1);
    state.prizes_left = all;
    state.hands[0] = state.hands[1] = all;
    return state;
  }
  NodeKind Kind(const State& state) const {
    if (state.round == cards_) return NodeKind::kTerminal;
    if (state.prize == 0) return NodeKind::kChance;
    return turn_based_ ? NodeKind::kDecision : NodeKind::kSimultaneous;
  }
  Player CurrentPlayer(const State& state) const {
    switch (Kind(state)) {
      case NodeKind::kChance:
        return kChancePlayer;
      case NodeKind::kDecision:
        return state.pending_bid == 0 ? 0 : 1;
      default:
        return kNoPlayer;
    }
  }
  void LegalActions(const State& state, Player player, ActionList& actions) const {
    actions.clear();
    const NodeKind kind = Kind(state);
    if (kind != NodeKind::kDecision && kind != NodeKind::kSimultaneous) return;
    for (uint32_t hand = state.hands[player]; hand != 0; hand &= hand - 1) {
      actions.push_back(static_cast<Action>(__builtin_ctz(hand) + 1));
    }
  }
  void ChanceOutcomes(const State& state, ChanceList& outcomes) const;
  void Apply(State& state, Action action) const {
    if (state.prize == 0) {
      state.prize = static_cast<uint8_t>(action);
      state.prizes_left &= static_cast<uint16_t>(~(1u << (action - 1)));
      return;
    }
    if (state.pending_bid == 0) {
      state.pending_bid = static_cast<uint8_t>(action);
      return;
    }
    Resolve(state, state.pending_bid, static_cast<uint8_t>(action));
  }
  void ApplyJoint(State& state, JointAction joint) const {
    Resolve(state, static_cast<uint8_t>(joint[0]), static_cast<uint8_t>(joint[1]));
  }
  double Returns(const State& state, Player player) const {
    if (state.round < cards_) return 0;
    const int diff = state.points[player] - state.points[Opponent(player)];
    return diff > 0 ? 1.0 : (diff < 0 ? -1.0 : 0.0);
  }
  int Score(const State& state, Player player) const { return state.points[player]; }
  int MaxGameLength() const { return cards_ * (turn_based_ ? 3 : 2); }
  uint64_t InformationSetKey(const State& state, Player player) const;
  // The only hidden information is player 0's unrevealed bid (turn_based): for player 1 it
  // is resampled from player 0's hand, which still holds it.
  State Determinize(const State& state, Player player, Rng& rng) const;
  std::string ActionToString(const State& state, Player player, Action action) const;
  absl::StatusOr<Action> ParseAction(const State& state, Player player,
                                     std::string_view text) const;
  std::string StateToString(const State& state) const;
  absl::StatusOr<State> ParseState(std::string_view text) const;
  BoardView DescribeBoard(const State& state, Player viewer) const;
  std::string DescribeHidden(const State& state, Player owner) const;
  std::vector<std::pair<std::string, int>> ResultMeasures(const State& before,
                                                          const State& after) const;

 private:
  void Resolve(State& state, uint8_t bid0, uint8_t bid1) const {
    if (bid0 > bid1) state.points[0] = static_cast<uint8_t>(state.points[0] + state.prize);
    if (bid1 > bid0) state.points[1] = static_cast<uint8_t>(state.points[1] + state.prize);
    state.hands[0] &= static_cast<uint16_t>(~(1u << (bid0 - 1)));
    state.hands[1] &= static_cast<uint16_t>(~(1u << (bid1 - 1)));
    state.history[state.round][0] = state.prize;
    state.history[state.round][1] = bid0;
    state.history[state.round][2] = bid1;
    ++state.round;
    state.prize = 0;
    state.pending_bid = 0;
  }

  int cards_;
  bool turn_based_;
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_REFERENCE_GOOFSPIEL_H_
