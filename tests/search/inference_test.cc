#include "search/inference.h"

#include <gtest/gtest.h>

#include <vector>

#include "rulesets/reference/liars_dice.h"
#include "search/searcher.h"

namespace sandtable {
namespace {

// An opponent who opens by bidding one die of its own face half the time and spreads the
// other half evenly over its other actions. Counts the times it is asked.
struct OwnFaceOpener {
  const LiarsDice* game;
  int calls = 0;
  void operator()(const LiarsDice::State& s, Player p, const ActionList& actions, int views,
                  std::vector<double>& probabilities) {
    EXPECT_EQ(views, 6);  // player 0's six possible dice
    ++calls;
    const Action own_face = game->BidAction(1, s.dice[p][0]);
    for (int i = 0; i < actions.size(); ++i) {
      probabilities[i] = actions[i] == own_face ? 0.5 : 0.5 / (actions.size() - 1);
    }
  }
};

// The states from the start of a one-die game to player 1's decision after player 0 rolled
// `face0`, player 1 rolled 5 and player 0 bid 1x3; the last one is the root.
std::vector<LiarsDice::State> History(const LiarsDice& game, int face0) {
  std::vector<LiarsDice::State> states = {game.InitialState()};
  for (const Action action : {static_cast<Action>(face0), Action{5}, game.BidAction(1, 3)}) {
    states.push_back(states.back());
    game.Apply(states.back(), action);
  }
  return states;
}

Worlds<LiarsDice::State> Posterior(const LiarsDice& game, int face0, OwnFaceOpener& model) {
  const std::vector<LiarsDice::State> states = History(game, face0);
  return InferWorlds(game, std::span(states).first(states.size() - 1), states.back(),
                     /*player=*/1, model, {});
}

TEST(InferenceTest, PosteriorAfterAnOpeningBidIsBayes) {
  const LiarsDice game(1, 6);
  OwnFaceOpener model{&game};
  const Worlds<LiarsDice::State> worlds = Posterior(game, 3, model);
  const LiarsDice::State root = History(game, 3).back();
  ActionList openings;
  game.LegalActions(History(game, 3)[2], 0, openings);
  const int n = openings.size();  // 12 bids: 1 or 2 dice of 6 faces
  ASSERT_EQ(n, 12);
  // Bayes with a uniform prior over player 0's die: P(1x3 | 3) = 1/2, P(1x3 | f) = 1/2 / 11
  // for each of the 5 other faces, so P(3 | 1x3) = (1/2) / (1/2 + 5/22) = 11/16 and 1/16
  // for each other face.
  ASSERT_EQ(worlds.size(), 6);
  double total = 0;
  for (int i = 0; i < worlds.size(); ++i) {
    const LiarsDice::State& world = worlds.state(i);
    EXPECT_EQ(game.InformationSetKey(world, 1), game.InformationSetKey(root, 1));
    EXPECT_EQ(world.dice[1][0], 5);
    EXPECT_NEAR(worlds.probability(i), world.dice[0][0] == 3 ? 11.0 / 16 : 1.0 / 16, 1e-12);
    total += worlds.probability(i);
  }
  EXPECT_NEAR(total, 1, 1e-12);
  // Asked once per world at player 0's bid, never at chance nor at player 1's own steps.
  EXPECT_EQ(model.calls, 6);
}

TEST(InferenceTest, NoPeekingThePosteriorIgnoresTheOpponentsTrueDie) {
  const LiarsDice game(1, 6);
  OwnFaceOpener model_a{&game};
  OwnFaceOpener model_b{&game};
  const Worlds<LiarsDice::State> a = Posterior(game, 3, model_a);
  const Worlds<LiarsDice::State> b = Posterior(game, 6, model_b);
  ASSERT_EQ(a.size(), b.size());
  for (int i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a.state(i), b.state(i));
    EXPECT_EQ(a.probability(i), b.probability(i));
  }
}

TEST(InferenceTest, WithoutHistoryThereIsNothingToInfer) {
  const LiarsDice game(1, 6);
  OwnFaceOpener model{&game};
  const LiarsDice::State root = History(game, 3).back();
  EXPECT_TRUE(InferWorlds(game, std::span<const LiarsDice::State>(), root, 1, model, {}).empty());
  EXPECT_EQ(model.calls, 0);
}

TEST(InferenceTest, TheSearchDrawsItsDeterminizationsFromTheWorlds) {
  const LiarsDice game(1, 6);
  const LiarsDice::State root = History(game, 3).back();
  // One world: player 0 holds a 3, so 1x3 is true and 1x5 (player 1's own face) is a sure
  // win: player 0 can neither call it nor raise to a true bid.
  Worlds<LiarsDice::State> worlds;
  worlds.Add(root, 1);
  SearchOptions options;
  options.max_iterations = 3000;
  options.deterministic = true;
  Searcher<LiarsDice> searcher(game, options);
  const SearchResult result = searcher.Search(root, 1, &worlds);
  EXPECT_TRUE(result.belief_exact);
  ASSERT_EQ(result.belief.size(), 1u);
  EXPECT_EQ(result.belief[0].second, 1.0);
  EXPECT_EQ(result.best_action, game.BidAction(1, 5));
  EXPECT_GT(result.actions[0].mean_value, 0.8);  // below 1: the search's own exploration
  for (const RootActionStats& stats : result.actions) {
    if (stats.action == game.LiarAction()) {
      EXPECT_EQ(stats.mean_value, -1);  // 1x3 is true
    }
  }
  // The same search from the prior calls: 1x3 is false five times in six.
  Searcher<LiarsDice> prior(game, options);
  const SearchResult uniform = prior.Search(root, 1);
  EXPECT_FALSE(uniform.belief_exact);
  EXPECT_EQ(uniform.belief.size(), 6u);
  EXPECT_EQ(uniform.best_action, game.LiarAction());
}

TEST(InferenceTest, TheCacheResumesWhereTheLastSearchStopped) {
  const LiarsDice game(1, 6);
  std::vector<LiarsDice::State> states = History(game, 3);
  const size_t first_root = states.size() - 1;  // player 1 after 1x3
  for (const Action bid : {game.BidAction(1, 5), game.BidAction(2, 3)}) {
    states.push_back(states.back());
    game.Apply(states.back(), bid);
  }
  const std::span<const LiarsDice::State> path = std::span(states).first(states.size() - 1);
  OwnFaceOpener scratch_model{&game};
  const Worlds<LiarsDice::State> scratch =
      InferWorlds(game, path, states.back(), 1, scratch_model, {});
  EXPECT_EQ(scratch_model.calls, 12);  // 6 worlds at each of player 0's two bids

  InferenceCache<LiarsDice> cache;
  OwnFaceOpener model{&game};
  InferWorlds(game, path.first(first_root), states[first_root], 1, model, {}, &cache);
  EXPECT_EQ(model.calls, 6);
  const Worlds<LiarsDice::State> resumed =
      InferWorlds(game, path, states.back(), 1, model, {}, &cache);
  EXPECT_EQ(model.calls, 12);  // only the new bid asked the model
  ASSERT_EQ(resumed.size(), scratch.size());
  for (int i = 0; i < resumed.size(); ++i) {
    EXPECT_EQ(resumed.state(i), scratch.state(i));
    EXPECT_DOUBLE_EQ(resumed.probability(i), scratch.probability(i));
  }
  InferWorlds(game, path, states.back(), 1, model, {}, &cache);
  EXPECT_EQ(model.calls, 12);  // the whole history was filtered before
}

}  // namespace
}  // namespace sandtable
