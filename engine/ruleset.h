// The ruleset contract: everything the search, the conformance suite and the tools may
// assume of a game, with every pre- and postcondition. Static polymorphism in the hot loop
// (search/ is a template over this concept); tools/ wraps it in a virtual adapter at the
// edges. docs/adding-a-ruleset.md is the checklist for writing one.
//
// A ruleset `G` is an immutable game object (parameters, scenario, precomputed tables) and
// `G::State` a small value type holding only what changes during a game.
//
// Threads: one `G` is shared read-only by every search thread. Every method is const and
// must be safe to call concurrently on the same `G` (no mutable caches, no mutable statics);
// a State is a plain value owned by the thread that holds it. Text methods may allocate;
// Kind, CurrentPlayer, LegalActions, ChanceOutcomes, Apply, ApplyJoint, Returns and
// InformationSetKey run in the search's hot loop and should not.
//
// Preconditions are the caller's duty and are not checked in release builds: a method
// documented for one node kind is only called at that kind, and only with an action that is
// legal there (ParseAction and ParseState are the gates for outside input: they accept any
// text and reject what is not legal or not valid with a reason).
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
#include "engine/check.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/types.h"

namespace sandtable {

// --- Capability traits. A ruleset declares only what it has, as `static constexpr bool`
// members; an absent member takes the default shown. The rest of the contract asks for the
// methods a capability needs only when the ruleset declares it, so no ruleset writes stubs.

// `G::kHasSimultaneousNodes` (default false): some node is kSimultaneous, where both players
// choose secretly at once. Requires ApplyJoint.
template <typename G>
inline constexpr bool kHasSimultaneousNodes = [] {
  if constexpr (requires { G::kHasSimultaneousNodes; }) return bool{G::kHasSimultaneousNodes};
  return false;
}();

// `G::kHasHiddenInformation` (default false): a player may not observe everything (dealt
// cards, secret dice, a secret choice not yet revealed). Requires Determinize and
// DescribeHidden. Without it the information-set key may hash the whole state, a
// determinization is the state itself, and nothing is hidden.
template <typename G>
inline constexpr bool kHasHiddenInformation = [] {
  if constexpr (requires { G::kHasHiddenInformation; }) return bool{G::kHasHiddenInformation};
  return false;
}();

// `G::kReturnsWinDrawLoss` (default true): terminal returns are exactly +1 (win), 0 (draw)
// or -1 (loss), as every tabletop ruleset's are. False for reference games that scale a
// payoff into [-1, 1] (kuhn_poker: chips / 2), which give the raw payoff in Score().
template <typename G>
inline constexpr bool kReturnsWinDrawLoss = [] {
  if constexpr (requires { G::kReturnsWinDrawLoss; }) return bool{G::kReturnsWinDrawLoss};
  return true;
}();

// `G::kHasActionCells` (default false): actions point at cells of the board description (a
// destination, a target, a piece to select), so a picture of the board can be clicked.
// Requires ActionCell(state, player, action): decision or simultaneous node, `action` legal
// for `player`; the cell (as in DescribeBoard's grid) the action points at, or kOffGrid
// ("end", "pass"). It depends only on what `player` has observed, like the action list.
template <typename G>
inline constexpr bool kHasActionCells = [] {
  if constexpr (requires { G::kHasActionCells; }) return bool{G::kHasActionCells};
  return false;
}();

// Named integer measures of what one resolved action changed, for `odds`.
using ResultMeasureList = std::vector<std::pair<std::string, int>>;

template <typename G>
concept Ruleset = requires(const G& game, const typename G::State& state,
                           typename G::State& mutable_state, Player player, Action action,
                           ActionList& actions, ChanceList& outcomes, std::string_view text) {
  // The state is a value: copied with memcpy by the search, compared for the conformance
  // suite's twin check. No pointers into the game or the heap.
  requires std::is_trivially_copyable_v<typename G::State>;
  requires std::equality_comparable<typename G::State>;

  // "quickplay", "kuhn_poker", ...: the registry name, lower case, [a-z0-9_].
  { G::kName } -> std::convertible_to<std::string_view>;

  // The start of a game from the scenario. May be a chance node (a deal), never terminal.
  { game.InitialState() } -> std::same_as<typename G::State>;

  // Any node. Decision: one player chooses (CurrentPlayer() is 0 or 1). Chance: the dice
  // or the deck choose (CurrentPlayer() is kChancePlayer). Simultaneous: both players
  // choose secretly at once (only with kHasSimultaneousNodes; CurrentPlayer() is
  // kNoPlayer). Terminal: the game is over (CurrentPlayer() is kNoPlayer).
  { game.Kind(state) } -> std::same_as<NodeKind>;
  { game.CurrentPlayer(state) } -> std::same_as<Player>;

  // Decision node, `player` the current player; simultaneous node, `player` 0 or 1.
  // Postconditions: `actions` is cleared first, then holds every legal action of `player`,
  // at least one, duplicate-free, in ascending order, never kInvalidAction. The list (its
  // members and so its order) depends only on what `player` has observed: two states
  // `player` cannot tell apart give the same list, so the search may key statistics on
  // (information set, action). At a terminal node the list is left empty. Not called at
  // chance nodes.
  { game.LegalActions(state, player, actions) } -> std::same_as<void>;

  // Chance node. Postconditions: `outcomes` is cleared first, then holds every distinct
  // outcome that matters to the rules (for a dice pool, say, the number of hits, not one
  // entry per combination of faces), each with its exact probability, strictly positive,
  // summing to exactly 1, outcomes duplicate-free and never kInvalidAction.
  { game.ChanceOutcomes(state, outcomes) } -> std::same_as<void>;

  // Decision node: `action` is one of LegalActions(state, CurrentPlayer(state)). Chance
  // node: one of ChanceOutcomes(state). Deterministic: the same state and action give the
  // same next state.
  { game.Apply(mutable_state, action) } -> std::same_as<void>;

  // Terminal node: the result for `player` in [-1, 1], zero-sum (Returns(s, 0) ==
  // -Returns(s, 1)); exactly +1, 0 or -1 while kReturnsWinDrawLoss.
  { game.Returns(state, player) } -> std::same_as<double>;
  // Any node: the ruleset's own score for `player` (victory points, points destroyed).
  { game.Score(state, player) } -> std::same_as<int>;
  // An upper bound on the number of Apply/ApplyJoint calls from InitialState() to a
  // terminal state, whatever the choices and the dice.
  { game.MaxGameLength() } -> std::same_as<int>;

  // Any node, `player` 0 or 1: a 64-bit hash of everything `player` has observed, and
  // nothing else. Two states get the same key iff `player` cannot tell them apart (up to
  // hash collisions). It includes the public history as far as it matters to the future
  // (the position, whose turn, the phase) and `player`'s own secrets; it excludes the
  // opponent's secrets. Perfect recall is not required: two histories that lead to the same
  // observable situation may share a key (so the search merges them, which is what it
  // wants for a game whose future depends only on the present). A ruleset whose past
  // observations still matter (a card seen and put back) keeps them in the State so the
  // key can see them. Without kHasHiddenInformation this is a hash of the whole state.
  { game.InformationSetKey(state, player) } -> std::same_as<uint64_t>;

  // Text. Actions are printed and parsed from the point of view of the actor `player`
  // (kChancePlayer for chance outcomes). ActionToString: `action` legal for `player` at
  // `state`; distinct actions print distinct texts. ParseAction: any text; returns one of
  // the actor's legal actions (chance: outcomes), or an error whose message says why (not
  // legal here, malformed) and ideally what is legal. Chance outcomes also accept the raw
  // faces rolled at a real table ("roll 4 2 6"). StateToString: one line, no newline.
  // ParseState: any text; returns only a state that is valid under the scenario (every
  // field in range, consistent with the rules), else an error. Round trips are exact:
  // ParseAction(s, p, ActionToString(s, p, a)) == a and ParseState(StateToString(s)) == s.
  { game.ActionToString(state, player, action) } -> std::same_as<std::string>;
  { game.ParseAction(state, player, text) } -> std::same_as<absl::StatusOr<Action>>;
  { game.StateToString(state) } -> std::same_as<std::string>;
  { game.ParseState(text) } -> std::same_as<absl::StatusOr<typename G::State>>;
  // Any node: the board as `viewer` (0, 1 or kOmniscient) sees it, as data (engine/board.h)
  // that the renderers in tools/ draw as text or SVG. Before the end what viewer has not
  // observed is marked unknown, so the description depends only on viewer's information
  // (states viewer cannot tell apart describe alike, and so render byte-identical); at a
  // terminal state everything may be shown. Never empty: at least one line or a grid.
  { game.DescribeBoard(state, player) } -> std::same_as<BoardView>;
}
// Simultaneous node (only with kHasSimultaneousNodes): apply both players' choices at
// once, `joint[p]` one of LegalActions(state, p).
&&(!kHasSimultaneousNodes<G> ||
   requires(const G& game, typename G::State& state, JointAction joint) {
     { game.ApplyJoint(state, joint) } -> std::same_as<void>;
   })
    // Hidden information (only with kHasHiddenInformation):
    // - Determinize(state, player, rng): any non-terminal node; a full state that `player`
    //   cannot tell apart from `state` (same information-set key, node kind and player to
    //   move), drawn from the distribution of the hidden parts given what `player` observed:
    //   the prior the rules define (a shuffled deck, fair dice) conditioned on the public
    //   history, and no more (it does not model how the opponent chose). It must not read what
    //   `player` cannot see: the result depends only on `player`'s information and the rng.
    // - DescribeHidden(state, owner): what `owner` holds that the opponent cannot see, as a
    //   short label ("dice 3 5"), so the search can report its belief over it; a function of
    //   owner's information set.
    && (!kHasActionCells<G> ||
        requires(const G& game, const typename G::State& state, Player player, Action action) {
          { game.ActionCell(state, player, action) } -> std::same_as<int>;
        }) &&
    (!kHasHiddenInformation<G> ||
     requires(const G& game, const typename G::State& state, Player player, Rng& rng) {
       { game.Determinize(state, player, rng) } -> std::same_as<typename G::State>;
       { game.DescribeHidden(state, player) } -> std::same_as<std::string>;
     });

// How the registry in tools/ creates a ruleset: its parameters, a one-line description, and
// a factory taking validated parameters and an optional scenario text (empty: the default
// scenario; rulesets without scenarios reject a non-empty one). Create validates everything
// (a bad scenario is an error naming its line, never a crash).
template <typename G>
concept RegisteredRuleset = Ruleset<G> &&
    requires(const Params& params, std::string_view scenario_text) {
  { G::ParamDefs() } -> std::same_as<std::vector<ParamDef>>;
  { G::Description() } -> std::convertible_to<std::string_view>;
  { G::Create(params, scenario_text) } -> std::same_as<absl::StatusOr<std::shared_ptr<const G>>>;
};

// --- The optional parts of the contract, called through these so that a ruleset without
// the capability needs no stub. Same pre- and postconditions as above.
namespace rules {

template <Ruleset G>
void ApplyJoint(const G& game, typename G::State& state, JointAction joint) {
  if constexpr (kHasSimultaneousNodes<G>) {
    game.ApplyJoint(state, joint);
  } else {
    CHECK(false);  // no simultaneous nodes: Kind() never said kSimultaneous
  }
}

template <Ruleset G>
typename G::State Determinize(const G& game, const typename G::State& state, Player player,
                              Rng& rng) {
  if constexpr (kHasHiddenInformation<G>) {
    return game.Determinize(state, player, rng);
  } else {
    return state;
  }
}

template <Ruleset G>
std::string DescribeHidden(const G& game, const typename G::State& state, Player owner) {
  if constexpr (kHasHiddenInformation<G>) {
    return game.DescribeHidden(state, owner);
  } else {
    return "";
  }
}

// The cell `action` points at, or kOffGrid for a ruleset without kHasActionCells.
template <Ruleset G>
int ActionCell(const G& game, const typename G::State& state, Player player, Action action) {
  if constexpr (kHasActionCells<G>) {
    return game.ActionCell(state, player, action);
  } else {
    return kOffGrid;
  }
}

// For `odds`: named integer measures of what changed from `before` to `after` (e.g.
// {"damage", 1}, {"destroyed", 0}), the same names in the same order for any pair of states
// where the same action was resolved. Optional: a ruleset without `ResultMeasures(before,
// after)` reports none.
template <Ruleset G>
ResultMeasureList ResultMeasures(const G& game, const typename G::State& before,
                                 const typename G::State& after) {
  if constexpr (requires { game.ResultMeasures(before, after); }) {
    return game.ResultMeasures(before, after);
  } else {
    return {};
  }
}

}  // namespace rules
}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_RULESET_H_
