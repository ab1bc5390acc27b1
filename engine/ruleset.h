// The ruleset contract: what the search, the conformance suite and the tools need of a game.
// Static polymorphism in the hot loop (search/ is a template over this concept); tools/
// wraps it in a virtual adapter at the edges.
//
// A ruleset `G` is an immutable game object (parameters, scenario, precomputed tables) shared
// by every state; `G::State` is a small value type (trivially copyable, no heap) holding only
// what changes during a game. All methods are const and thread-safe on a shared `G`.
#ifndef SANDTABLE_ENGINE_RULESET_H_
#define SANDTABLE_ENGINE_RULESET_H_

#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/board.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/types.h"

namespace sandtable {

template <typename G>
concept Ruleset = requires(const G& game, const typename G::State& state,
                           typename G::State& mutable_state, Player player, Action action,
                           JointAction joint, ActionList& actions, ChanceList& outcomes, Rng& rng,
                           std::string_view text) {
  requires std::is_trivially_copyable_v<typename G::State>;
  requires std::equality_comparable<typename G::State>;

  // "quickplay", "kuhn_poker", ...: the registry name.
  { G::kName } -> std::convertible_to<std::string_view>;

  // The start of a game from the scenario (may be a chance node, e.g. a deal).
  { game.InitialState() } -> std::same_as<typename G::State>;

  { game.Kind(state) } -> std::same_as<NodeKind>;
  // The player to move at a decision node; kChancePlayer at chance nodes; kNoPlayer at
  // simultaneous and terminal nodes.
  { game.CurrentPlayer(state) } -> std::same_as<Player>;

  // Decision node: the legal actions of `player` (the current player). Simultaneous node:
  // the legal actions of either player. Duplicate-free, in a fixed order; empty at terminal.
  { game.LegalActions(state, player, actions) } -> std::same_as<void>;
  // Chance node: every distinct outcome with its exact probability (summing to exactly 1).
  { game.ChanceOutcomes(state, outcomes) } -> std::same_as<void>;

  // Decision or chance node: apply one action or outcome.
  { game.Apply(mutable_state, action) } -> std::same_as<void>;
  // Simultaneous node: apply both players' choices at once.
  { game.ApplyJoint(mutable_state, joint) } -> std::same_as<void>;

  // Terminal node: the result for `player` in [-1, 1], zero-sum. Tabletop rulesets return
  // exactly +1 win, 0 draw, -1 loss; reference games may scale a payoff into [-1, 1]
  // (kuhn_poker: chips / 2) and give the raw payoff in Score().
  { game.Returns(state, player) } -> std::same_as<double>;
  // The ruleset's own score for `player` (victory points, points destroyed), any node.
  { game.Score(state, player) } -> std::same_as<int>;
  // Upper bound on the number of Apply/ApplyJoint calls from InitialState() to terminal.
  { game.MaxGameLength() } -> std::same_as<int>;

  // Information: a 64-bit hash of everything `player` has observed (equal for two states
  // iff `player` cannot tell them apart, up to hash collisions). For perfect-information
  // rulesets, a hash of the whole state.
  { game.InformationSetKey(state, player) } -> std::same_as<uint64_t>;
  // A full state consistent with `player`'s observations in `state`, sampled with `rng`.
  // Must not read what `player` cannot see: its result depends only on the observer's
  // information and the rng. Perfect-information rulesets return `state`.
  { game.Determinize(state, player, rng) } -> std::same_as<typename G::State>;

  // Text. Actions are printed and parsed from the point of view of the actor `player`
  // (kChancePlayer for chance outcomes, which also accept raw faces such as "roll 4 2 6").
  // Round trips are exact: ParseAction(s, p, ActionToString(s, p, a)) == a and
  // ParseState(StateToString(s)) == s.
  { game.ActionToString(state, player, action) } -> std::same_as<std::string>;
  { game.ParseAction(state, player, text) } -> std::same_as<absl::StatusOr<Action>>;
  { game.StateToString(state) } -> std::same_as<std::string>;
  { game.ParseState(text) } -> std::same_as<absl::StatusOr<typename G::State>>;
  // The board as `viewer` (0, 1 or kOmniscient) sees it, as data (engine/board.h) that the
  // renderers in tools/ draw as text or SVG. Before the end what viewer has not observed is
  // marked unknown, so the description depends only on viewer's information (states viewer
  // cannot tell apart describe alike, and so render byte-identical); at a terminal state
  // everything may be shown. Never empty: at least one line or a grid.
  { game.DescribeBoard(state, player) } -> std::same_as<BoardView>;

  // What `owner` holds that its opponent cannot see, as a short label ("dice 3 5"), so the
  // search can report its belief over it; "" for perfect-information rulesets. Owner knows
  // what it holds, so the label is a function of owner's information set (the search
  // describes one state per set).
  { game.DescribeHidden(state, player) } -> std::same_as<std::string>;
  // For `odds`: named integer measures of what changed from `before` to `after` (e.g.
  // {"damage", 1}, {"destroyed", 0}, {"casualties", 2}); the same names, in the same order,
  // for any pair of states where the same action was resolved.
  { game.ResultMeasures(state, state) } -> std::same_as<std::vector<std::pair<std::string, int>>>;
};

// How the registry in tools/ creates a ruleset: its parameters, a one-line description, and
// a factory taking validated parameters and an optional scenario text (empty: the default
// scenario; rulesets without scenarios reject a non-empty one).
template <typename G>
concept RegisteredRuleset = Ruleset<G> &&
    requires(const Params& params, std::string_view scenario_text) {
  { G::ParamDefs() } -> std::same_as<std::vector<ParamDef>>;
  { G::Description() } -> std::convertible_to<std::string_view>;
  { G::Create(params, scenario_text) } -> std::same_as<absl::StatusOr<std::shared_ptr<const G>>>;
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_RULESET_H_
