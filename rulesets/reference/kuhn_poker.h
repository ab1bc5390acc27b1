// Kuhn poker: the standard three-card poker game (Kuhn 1950), a reference game whose
// equilibrium value is known (-1/18 chip per hand for player 0).
//
// A deck of J, Q, K; each player antes one chip and is dealt one card (two chance nodes).
// Player 0 acts first: pass or bet one chip. After a pass, player 1 may pass (showdown for
// the antes) or bet; after a bet, the other player calls (showdown for two chips each) or
// folds. Returns are the chips won divided by two, so they lie in [-1, 1] and keep the
// game's strategic structure; Score() is the chips won.
#ifndef SANDTABLE_RULESETS_REFERENCE_KUHN_POKER_H_
#define SANDTABLE_RULESETS_REFERENCE_KUHN_POKER_H_

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

class KuhnPoker {
 public:
  static constexpr const char* kName = "kuhn_poker";
  static constexpr bool kHasHiddenInformation = true;
  // Returns are chips / 2 (a hand wins or loses 1 or 2 chips); Score() gives the chips.
  static constexpr bool kReturnsWinDrawLoss = false;
  // Decision actions.
  static constexpr Action kPass = 0;  // check or fold
  static constexpr Action kBet = 1;   // bet or call
  static constexpr int kNoCard = -1;

  struct State {
    int8_t cards[kNumPlayers] = {kNoCard, kNoCard};  // 0 = J, 1 = Q, 2 = K
    uint8_t num_actions = 0;                         // betting actions so far (<= 3)
    uint8_t actions[3] = {0, 0, 0};                  // kPass / kBet
    friend bool operator==(const State&, const State&) = default;
  };

  static std::vector<ParamDef> ParamDefs() { return {}; }
  static std::string_view Description() {
    return "Kuhn poker: three-card poker, one betting round";
  }
  static absl::StatusOr<std::shared_ptr<const KuhnPoker>> Create(const Params& params,
                                                                 std::string_view scenario_text);

  State InitialState() const { return State{}; }
  NodeKind Kind(const State& state) const;
  Player CurrentPlayer(const State& state) const;
  void LegalActions(const State& state, Player player, ActionList& actions) const;
  void ChanceOutcomes(const State& state, ChanceList& outcomes) const;
  void Apply(State& state, Action action) const;
  double Returns(const State& state, Player player) const;
  int Score(const State& state, Player player) const;
  int MaxGameLength() const { return 5; }
  uint64_t InformationSetKey(const State& state, Player player) const;
  State Determinize(const State& state, Player player, Rng& rng) const;
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
  static int Dealt(const State& state);
  // Chips player 0 wins at a terminal state (+-1 or +-2).
  static int ChipsForPlayer0(const State& state);
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_REFERENCE_KUHN_POKER_H_
