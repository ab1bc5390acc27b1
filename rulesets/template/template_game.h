// template: the smallest complete ruleset, written to be copied (docs/adding-a-ruleset.md).
// Two scouts duel over a flag on a small square grid. On its turn a scout either steps to
// an orthogonally adjacent free cell or, when the enemy is within range, shoots with a pool
// of two dice that hit on 5+ (a DicePool); each hit takes one of the target's two health. A scout
// at 0 health loses. After `turns` turns a scout on the flag wins, otherwise it is a draw.
//
// It shows each part of the contract (engine/ruleset.h) in its plainest form: a trivially
// copyable State, one immutable game object with precomputed tables, a chance node whose
// outcomes are hit counts (not face combinations) with raw faces accepted, ascending action
// lists, exact text round trips, and validation in ParseState. It has no hidden
// information and no simultaneous nodes, so it declares neither and writes no stubs.
#ifndef SANDTABLE_RULESETS_TEMPLATE_TEMPLATE_GAME_H_
#define SANDTABLE_RULESETS_TEMPLATE_TEMPLATE_GAME_H_

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/board.h"
#include "engine/params.h"
#include "engine/ruleset.h"
#include "engine/types.h"

namespace sandtable {

class TemplateGame {
 public:
  static constexpr std::string_view kName = "template";
  static constexpr int kHealth = 2;
  static constexpr int kDice = 2;
  static constexpr int kHitOn = 5;  // a die hits on 5 or 6
  static constexpr int kRange = 3;  // shooting range in cells, centre to centre
  static constexpr int kMaxSize = 9;
  // A step points at its destination and a shot at the enemy: the board can be clicked.
  static constexpr bool kHasActionCells = true;

  enum Phase : uint8_t { kTurn = 0, kShot = 1, kOver = 2 };

  // Everything that changes. `player` is the scout to move, or the shooter during kShot.
  struct State {
    std::array<uint8_t, 2> cell = {0, 0};  // y * size + x
    std::array<uint8_t, 2> health = {kHealth, kHealth};
    uint8_t turn = 0;  // turns completed
    uint8_t player = 0;
    uint8_t phase = kTurn;
    uint8_t spare = 0;  // no padding: the state is hashed as bytes
    friend bool operator==(const State&, const State&) = default;
  };
  static_assert(std::is_trivially_copyable_v<State>);
  static_assert(std::has_unique_object_representations_v<State>);

  // Actions: a step is the destination cell index; kShoot shoots; a chance outcome is
  // kHitsBase + hits.
  static constexpr Action kShoot = 100;
  static constexpr Action kHitsBase = 200;

  // --- Registration.
  static std::vector<ParamDef> ParamDefs();
  static std::string_view Description();
  static absl::StatusOr<std::shared_ptr<const TemplateGame>> Create(const Params& params,
                                                                    std::string_view scenario_text);

  // --- The Ruleset concept.
  State InitialState() const;
  NodeKind Kind(const State& state) const;
  Player CurrentPlayer(const State& state) const;
  void LegalActions(const State& state, Player player, ActionList& actions) const;
  void ChanceOutcomes(const State& state, ChanceList& outcomes) const;
  void Apply(State& state, Action action) const;
  double Returns(const State& state, Player player) const;
  int Score(const State& state, Player player) const;
  int MaxGameLength() const { return 2 * turns_; }  // a turn is a step, or a shot and its roll
  uint64_t InformationSetKey(const State& state, Player player) const;
  std::string ActionToString(const State& state, Player player, Action action) const;
  absl::StatusOr<Action> ParseAction(const State& state, Player player,
                                     std::string_view text) const;
  std::string StateToString(const State& state) const;
  absl::StatusOr<State> ParseState(std::string_view text) const;
  BoardView DescribeBoard(const State& state, Player viewer) const;
  int ActionCell(const State& state, Player player, Action action) const {
    if (action == kShoot) return state.cell[1 - player];
    return action < kShoot ? static_cast<int>(action) : kOffGrid;
  }

  int size() const { return size_; }
  int flag() const { return flag_; }
  bool InRange(const State& state) const;

 private:
  TemplateGame(int size, int turns);
  void EndTurn(State& state) const;

  int size_;
  int turns_;
  int flag_;                                        // the centre cell
  std::vector<std::array<uint8_t, 4>> neighbours_;  // per cell, ascending; 255: none
  std::vector<ChanceOutcome> hits_;                 // the shot pool's distribution
};

}  // namespace sandtable

#endif  // SANDTABLE_RULESETS_TEMPLATE_TEMPLATE_GAME_H_
