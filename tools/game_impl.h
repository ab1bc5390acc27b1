// GameImpl<G, E, P>: the type-erased Game/Position/Search of tools/game.h for any registered
// ruleset G with its evaluator E and playout policy P. Written once; the registry
// instantiates it per ruleset.
#ifndef SANDTABLE_TOOLS_GAME_IMPL_H_
#define SANDTABLE_TOOLS_GAME_IMPL_H_

#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "engine/chance.h"
#include "engine/check.h"
#include "engine/params.h"
#include "engine/ruleset.h"
#include "engine/text.h"
#include "engine/types.h"
#include "search/inference.h"
#include "search/opponent_model.h"
#include "search/playout.h"
#include "search/searcher.h"
#include "tools/game.h"

namespace sandtable {

namespace game_impl_internal {

// "a, b, c" of at most `limit` actions, then "... (N more)": for error messages. When some
// legal actions start with the first word of `typed`, only those are listed.
template <typename G>
std::string ListActions(const G& game, const typename G::State& state, Player actor,
                        const ActionList& actions, std::string_view typed, int limit = 24) {
  std::vector<std::string> all;
  std::vector<std::string> matching;
  const std::string_view word = typed.substr(0, typed.find(' '));
  for (const Action action : actions) {
    all.push_back(game.ActionToString(state, actor, action));
    if (!word.empty() && std::string_view(all.back()).substr(0, word.size()) == word) {
      matching.push_back(all.back());
    }
  }
  const std::vector<std::string>& shown = matching.empty() ? all : matching;
  std::string text;
  for (int i = 0; i < static_cast<int>(shown.size()) && i < limit; ++i) {
    if (i > 0) text += ", ";
    text += shown[i];
  }
  if (static_cast<int>(shown.size()) > limit) {
    absl::StrAppend(&text, ", ... (", shown.size() - limit, " more)");
  }
  if (!matching.empty() && matching.size() < all.size()) {
    absl::StrAppend(&text, " (and ", all.size() - matching.size(), " others)");
  }
  return text;
}

}  // namespace game_impl_internal

template <RegisteredRuleset G, typename E, typename P>
class GameImpl;

template <RegisteredRuleset G, typename E, typename P>
class PositionImpl final : public Position {
 public:
  using State = typename G::State;

  PositionImpl(std::shared_ptr<const GameImpl<G, E, P>> game, const State& state,
               std::vector<State> path = {})
      : game_(std::move(game)), state_(state), path_(std::move(path)) {}

  const State& state() const { return state_; }
  // The states before each step from where this position began (a new game, a parsed
  // position) to here: the history that inference reads (through the searching player's
  // information-set keys only).
  const std::vector<State>& path() const { return path_; }
  const G& ruleset() const { return game_->ruleset(); }

  std::unique_ptr<Position> Clone() const override {
    return std::make_unique<PositionImpl>(game_, state_, path_);
  }
  const Game& game() const override { return *game_; }

  NodeKind Kind() const override { return ruleset().Kind(state_); }
  Player CurrentPlayer() const override { return ruleset().CurrentPlayer(state_); }
  ActionList LegalActions(Player player) const override {
    ActionList actions;
    const NodeKind kind = Kind();
    if (kind == NodeKind::kDecision || kind == NodeKind::kSimultaneous) {
      ruleset().LegalActions(state_, player, actions);
    }
    return actions;
  }
  ChanceList ChanceOutcomes() const override {
    ChanceList outcomes;
    if (Kind() == NodeKind::kChance) ruleset().ChanceOutcomes(state_, outcomes);
    return outcomes;
  }
  void Apply(Action action) override {
    const NodeKind kind = Kind();
    if (kind == NodeKind::kDecision) {
      CHECK(LegalActions(CurrentPlayer()).Contains(action));
    } else {
      CHECK(kind == NodeKind::kChance);
      bool found = false;
      for (const ChanceOutcome& outcome : ChanceOutcomes()) found |= outcome.outcome == action;
      CHECK(found);
    }
    path_.push_back(state_);
    ruleset().Apply(state_, action);
  }
  void ApplyJoint(JointAction joint) override {
    CHECK(Kind() == NodeKind::kSimultaneous);
    for (Player p = 0; p < kNumPlayers; ++p) CHECK(LegalActions(p).Contains(joint[p]));
    path_.push_back(state_);
    rules::ApplyJoint(ruleset(), state_, joint);
  }

  double Returns(Player player) const override { return ruleset().Returns(state_, player); }
  int Score(Player player) const override { return ruleset().Score(state_, player); }
  uint64_t InformationSetKey(Player player) const override {
    return ruleset().InformationSetKey(state_, player);
  }
  std::string DescribeHidden(Player owner) const override {
    return rules::DescribeHidden(ruleset(), state_, owner);
  }
  void Determinize(Player observer, Rng& rng) override {
    state_ = rules::Determinize(ruleset(), state_, observer, rng);
    path_.clear();  // another world: its history is unknown
  }
  std::vector<std::pair<std::string, int>> ResultMeasures(const Position& before) const override {
    return rules::ResultMeasures(ruleset(), SameGame(before).state_, state_);
  }

  std::string ActionToString(Player actor, Action action) const override {
    return ruleset().ActionToString(state_, actor, action);
  }
  absl::StatusOr<Action> ParseAction(Player actor, std::string_view text) const override;
  int ActionCell(Player actor, Action action) const override {
    return rules::ActionCell(ruleset(), state_, actor, action);
  }
  std::string ToString() const override { return ruleset().StateToString(state_); }
  BoardView DescribeBoard(Player viewer) const override {
    return ruleset().DescribeBoard(state_, viewer);
  }

  double Evaluate() const override {
    if (Kind() == NodeKind::kTerminal) return Returns(0);
    return game_->evaluator().Evaluate(ruleset(), state_);
  }
  PlayoutStats RandomPlayouts(int64_t games, uint64_t seed,
                              std::atomic<int64_t>* games_done) const override;

  // Downcasts a position of the same game object (CHECKed).
  const PositionImpl& SameGame(const Position& other) const {
    CHECK(&other.game() == game_.get());
    return static_cast<const PositionImpl&>(other);
  }

 private:
  std::shared_ptr<const GameImpl<G, E, P>> game_;
  State state_;
  std::vector<State> path_;
};

// A search of a GameImpl<G, E, P> with playout policy R: P, or UniformRollout on request.
template <RegisteredRuleset G, typename E, typename P, typename R>
class SearchImpl final : public Search {
 public:
  SearchImpl(std::shared_ptr<const GameImpl<G, E, P>> game, const SearchOptions& options)
      : game_(std::move(game)),
        options_(options),
        searcher_(game_->ruleset(), options, game_->evaluator()) {}

  SearchResult Run(const Position& position, Player player) override {
    CHECK(&position.game() == game_.get());
    const auto& at = static_cast<const PositionImpl<G, E, P>&>(position);
    if constexpr (kHasHiddenInformation<G>) {
      if (options_.belief != BeliefModel::kUniform && !at.path().empty()) {
        constexpr bool kRulesetRollout = std::is_same_v<R, P>;
        SearchOpponentModel<G, E, R> model(game_->ruleset(), options_, game_->evaluator(),
                                           &game_->model_cache(kRulesetRollout));
        const Worlds<State> worlds =
            InferWorlds(game_->ruleset(), std::span(at.path()), at.state(), player, model,
                        {.max_worlds = options_.max_worlds,
                         .model_fingerprint = HashCombine(model.fingerprint(), kRulesetRollout)},
                        &game_->inference_cache(kRulesetRollout));
        return searcher_.Search(at.state(), player, &worlds);
      }
    }
    return searcher_.Search(at.state(), player);
  }
  void Stop() override { searcher_.Stop(); }

 private:
  using State = typename G::State;

  std::shared_ptr<const GameImpl<G, E, P>> game_;  // outlives searcher_, which refers to it
  SearchOptions options_;
  Searcher<G, E, R> searcher_;
};

template <RegisteredRuleset G, typename E, typename P>
class GameImpl final : public Game, public std::enable_shared_from_this<GameImpl<G, E, P>> {
 public:
  // `spec` is the canonical spec, e.g. "quickplay(squad_size=4,cells_per_brick=1)".
  GameImpl(std::shared_ptr<const G> ruleset, std::string spec, E evaluator = {})
      : ruleset_(std::move(ruleset)), spec_(std::move(spec)), evaluator_(std::move(evaluator)) {}

  const G& ruleset() const { return *ruleset_; }
  const E& evaluator() const { return evaluator_; }
  // The opponent models' answers of every search of this game, with the ruleset's playout
  // policy or with uniform playouts.
  ModelCache& model_cache(bool ruleset_rollout) const { return model_caches_[ruleset_rollout]; }
  // The inference's filtered worlds (search/inference.h), likewise.
  InferenceCache<G>& inference_cache(bool ruleset_rollout) const {
    return inference_caches_[ruleset_rollout];
  }

  std::string_view name() const override { return G::kName; }
  std::string spec() const override { return spec_; }
  int MaxGameLength() const override { return ruleset_->MaxGameLength(); }
  bool HasHiddenInformation() const override { return kHasHiddenInformation<G>; }
  std::unique_ptr<Position> NewInitialPosition() const override {
    return std::make_unique<PositionImpl<G, E, P>>(this->shared_from_this(),
                                                   ruleset_->InitialState());
  }
  absl::StatusOr<std::unique_ptr<Position>> ParsePosition(std::string_view text) const override {
    absl::StatusOr<typename G::State> state = ruleset_->ParseState(text);
    if (!state.ok()) return state.status();
    return std::unique_ptr<Position>(
        std::make_unique<PositionImpl<G, E, P>>(this->shared_from_this(), *state));
  }
  std::unique_ptr<Search> NewSearch(const SearchOptions& options) const override {
    if (options.rollout == RolloutChoice::kUniform) {
      return std::make_unique<SearchImpl<G, E, P, UniformRollout>>(this->shared_from_this(),
                                                                   options);
    }
    return std::make_unique<SearchImpl<G, E, P, P>>(this->shared_from_this(), options);
  }

 private:
  std::shared_ptr<const G> ruleset_;
  std::string spec_;
  E evaluator_;
  mutable ModelCache model_caches_[2];  // thread-safe
  mutable InferenceCache<G> inference_caches_[2];
};

// Validates `values` against G's parameters and creates the game; the registry's factory.
template <RegisteredRuleset G, typename E, typename P>
absl::StatusOr<std::shared_ptr<const Game>> CreateGameOf(
    const std::map<std::string, std::string>& values, std::string_view scenario_text) {
  const absl::StatusOr<Params> params = Params::Resolve(G::ParamDefs(), values);
  if (!params.ok()) return params.status();
  absl::StatusOr<std::shared_ptr<const G>> ruleset = G::Create(*params, scenario_text);
  if (!ruleset.ok()) return ruleset.status();
  const std::string canonical = params->ToString();
  std::string spec{std::string_view(G::kName)};
  if (!canonical.empty()) absl::StrAppend(&spec, "(", canonical, ")");
  return std::shared_ptr<const Game>(
      std::make_shared<GameImpl<G, E, P>>(*std::move(ruleset), std::move(spec)));
}

template <RegisteredRuleset G, typename E, typename P>
absl::StatusOr<Action> PositionImpl<G, E, P>::ParseAction(Player actor,
                                                          std::string_view text) const {
  const G& game = ruleset();
  const NodeKind kind = Kind();
  if (kind == NodeKind::kTerminal) {
    return absl::InvalidArgumentError(
        absl::StrCat("illegal action '", ToAbsl(text), "' here: the game is over"));
  }
  if (kind == NodeKind::kChance) {
    const ChanceList outcomes = ChanceOutcomes();
    ActionList legal;
    for (const ChanceOutcome& outcome : outcomes) legal.push_back(outcome.outcome);
    if (actor != kChancePlayer) {
      return absl::InvalidArgumentError(absl::StrCat(
          "illegal action '", ToAbsl(text), "' here: this is a chance node; outcomes: ",
          game_impl_internal::ListActions(game, state_, kChancePlayer, legal, text)));
    }
    absl::StatusOr<Action> action = game.ParseAction(state_, kChancePlayer, text);
    if (!action.ok() || !legal.Contains(*action)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "illegal outcome '", ToAbsl(text), "' here",
          action.ok() ? "" : absl::StrCat(" (", action.status().message(), ")"), "; outcomes: ",
          game_impl_internal::ListActions(game, state_, kChancePlayer, legal, text)));
    }
    return *action;
  }
  if (actor < 0 || actor >= kNumPlayers) {
    return absl::InvalidArgumentError(
        absl::StrCat("illegal action '", ToAbsl(text), "' here: ", NodeKindName(kind),
                     " node of player ", CurrentPlayer(), ", not a chance node"));
  }
  if (kind == NodeKind::kDecision && actor != CurrentPlayer()) {
    return absl::InvalidArgumentError(absl::StrCat("illegal action '", ToAbsl(text),
                                                   "' for player ", actor, ": player ",
                                                   CurrentPlayer(), " is to move"));
  }
  const ActionList legal = LegalActions(actor);
  absl::StatusOr<Action> action = game.ParseAction(state_, actor, text);
  if (!action.ok() || !legal.Contains(*action)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "illegal action '", ToAbsl(text), "' here",
        action.ok() ? "" : absl::StrCat(" (", action.status().message(), ")"),
        "; legal: ", game_impl_internal::ListActions(game, state_, actor, legal, text)));
  }
  return *action;
}

template <RegisteredRuleset G, typename E, typename P>
PlayoutStats PositionImpl<G, E, P>::RandomPlayouts(int64_t games, uint64_t seed,
                                                   std::atomic<int64_t>* games_done) const {
  const G& game = ruleset();
  PlayoutStats stats;
  Rng rng(seed);
  ActionList actions;
  ActionList other;
  ChanceList outcomes;
  for (int64_t g = 0; g < games; ++g) {
    State state = state_;
    while (true) {
      const NodeKind kind = game.Kind(state);
      if (kind == NodeKind::kTerminal) break;
      ++stats.steps;
      if (kind == NodeKind::kChance) {
        outcomes.clear();
        game.ChanceOutcomes(state, outcomes);
        game.Apply(state, SampleChance(outcomes, rng));
        continue;
      }
      ++stats.decisions;
      if (kind == NodeKind::kDecision) {
        actions.clear();
        game.LegalActions(state, game.CurrentPlayer(state), actions);
        game.Apply(state, actions[static_cast<int>(rng.Below(actions.size()))]);
      } else {
        actions.clear();
        other.clear();
        game.LegalActions(state, 0, actions);
        game.LegalActions(state, 1, other);
        rules::ApplyJoint(game, state,
                          {actions[static_cast<int>(rng.Below(actions.size()))],
                           other[static_cast<int>(rng.Below(other.size()))]});
      }
    }
    ++stats.games;
    // One writer: a plain store, no locked instruction in the hot loop.
    if (games_done != nullptr) games_done->store(stats.games, std::memory_order_relaxed);
    const double result = game.Returns(state, 0);
    if (result > 0) {
      ++stats.wins[0];
    } else if (result < 0) {
      ++stats.wins[1];
    } else {
      ++stats.draws;
    }
  }
  return stats;
}

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_GAME_IMPL_H_
