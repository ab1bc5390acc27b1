#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/tools/pick_shoot.h"
#include "tools/match/match_player.h"
#include "tools/match/match_runner.h"

namespace sandtable {
namespace {

using ::sandtable::testing::PickShootGameObject;
using ::testing::HasSubstr;

TEST(PlayerSpecTest, Parses) {
  const auto ismcts = ParsePlayerSpec("ismcts:movetime=100,threads=2,c=0.7,cutoff=20");
  ASSERT_TRUE(ismcts.ok()) << ismcts.status();
  EXPECT_EQ(ismcts->kind, PlayerKind::kIsmcts);
  EXPECT_EQ(ismcts->search.max_time_ms, 100);
  EXPECT_EQ(ismcts->search.max_iterations, 0);
  EXPECT_EQ(ismcts->search.threads, 2);
  EXPECT_DOUBLE_EQ(ismcts->search.ucb_c, 0.7);
  EXPECT_EQ(ismcts->search.rollout_cutoff, 20);
  EXPECT_EQ(ismcts->search.rollout, RolloutChoice::kRuleset);
  EXPECT_EQ(ParsePlayerSpec("ismcts:rollout=uniform")->search.rollout, RolloutChoice::kUniform);
  EXPECT_EQ(ParsePlayerSpec("ismcts:rollout=ruleset")->search.rollout, RolloutChoice::kRuleset);
  EXPECT_EQ(ismcts->search.ucb_values, UcbValues::kRuleset);
  EXPECT_EQ(ParsePlayerSpec("ismcts:values=raw")->search.ucb_values, UcbValues::kRaw);
  EXPECT_EQ(ParsePlayerSpec("ismcts:values=normalized")->search.ucb_values, UcbValues::kNormalized);
  EXPECT_EQ(ismcts->search.belief, BeliefModel::kInference);
  EXPECT_EQ(ParsePlayerSpec("ismcts:belief=uniform")->search.belief, BeliefModel::kUniform);
  EXPECT_EQ(ParsePlayerSpec("ismcts:belief=bluff")->search.belief, BeliefModel::kBluff);
  EXPECT_EQ(ParsePlayerSpec("ismcts:model=300")->search.model_iterations, 300);
  // No limit given: 1000 iterations.
  EXPECT_EQ(ParsePlayerSpec("ismcts")->search.max_iterations, 1000);
  EXPECT_EQ(ParsePlayerSpec("ismcts:iterations=2000")->search.max_iterations, 2000);
  EXPECT_EQ(ParsePlayerSpec("greedy:budget=10")->greedy_budget, 10);
  EXPECT_EQ(ParsePlayerSpec(" random ")->kind, PlayerKind::kRandom);
}

TEST(PlayerSpecTest, RejectsWithReasons) {
  for (const char* bad :
       {"", "alphazero", "random:x=1", "greedy:depth=2", "ismcts:", "ismcts:iterations=0",
        "ismcts:iterations=ten", "ismcts:threads", "ismcts:foo=1", "ismcts:c=-1", "ismcts:c=inf",
        "ismcts:c=nan", "ismcts:deterministic=2", "ismcts:rollout=greedy", "ismcts:values=scaled",
        "ismcts:belief=psychic", "ismcts:model=0", "ismcts:model=x"}) {
    const auto spec = ParsePlayerSpec(bad);
    EXPECT_FALSE(spec.ok()) << bad;
    EXPECT_THAT(std::string(spec.status().message()), HasSubstr("expected random, greedy")) << bad;
  }
}

TEST(GreedyTest, TakesTheBestExpectedAction) {
  const std::shared_ptr<const Game> game = PickShootGameObject();
  std::unique_ptr<Position> position = game->NewInitialPosition();
  Rng rng(1);
  // Player 0 picking 2 wins outright against picks 0 and 1, and then shoots two dice.
  EXPECT_EQ(GreedyChoice(*position, 0, 4096, rng), 2u);
  position->ApplyJoint({0, 0});
  EXPECT_EQ(GreedyChoice(*position, 0, 4096, rng), 2u);  // two dice: 11/36 > 1/6
}

TEST(MatchTest, GamesComeInPairsWithSidesSwapped) {
  const std::shared_ptr<const Game> game = PickShootGameObject();
  auto a = NewMatchPlayer(*ParsePlayerSpec("random"), *game);
  auto b = NewMatchPlayer(*ParsePlayerSpec("random"), *game);
  const GameRecord first = PlayMatchGame(*game, *a, *b, 4, 99);
  const GameRecord second = PlayMatchGame(*game, *a, *b, 5, 99);
  const GameRecord third = PlayMatchGame(*game, *a, *b, 6, 99);
  EXPECT_EQ(first.seed, second.seed);
  EXPECT_NE(first.seed, third.seed);
  EXPECT_EQ(first.a_seat, 0);
  EXPECT_EQ(second.a_seat, 1);
  EXPECT_EQ(first.plies, 3);
  // Reproducible from (match seed, index).
  const GameRecord again = PlayMatchGame(*game, *a, *b, 4, 99);
  EXPECT_EQ(again.final_position, first.final_position);
  EXPECT_EQ(again.a_result, first.a_result);
}

TEST(MatchTest, GreedyBeatsRandomOnPickShoot) {
  // Greedy as player 0 wins 1 - (1/3)(25/36) = 77% and as player 1 about 41% (it cannot
  // see past player 0's reply with a neutral evaluator): about 59% overall.
  const std::shared_ptr<const Game> game = PickShootGameObject();
  MatchOptions options;
  options.a = *ParsePlayerSpec("greedy");
  options.b = *ParsePlayerSpec("random");
  options.games = 400;
  options.concurrency = 2;
  options.seed = 5;
  const MatchResult result = PlayMatch(*game, options);
  ASSERT_EQ(result.games.size(), 400u);
  for (size_t i = 0; i < result.games.size(); ++i) EXPECT_EQ(result.games[i].index, int64_t(i));
  EXPECT_EQ(result.score.games(), 400);
  EXPECT_GT(result.score.Fraction(), 0.52);
  EXPECT_LT(result.score.Fraction(), 0.66);
  // Every game is in one completed pair, scored as its two games.
  EXPECT_EQ(result.score.pair_count(), 200);
  MatchScore rebuilt;
  for (size_t i = 0; i < result.games.size(); i += 2) {
    rebuilt.AddPair(result.games[i].a_result, result.games[i + 1].a_result);
  }
  for (int k = 0; k < 5; ++k) EXPECT_EQ(result.score.pairs[k], rebuilt.pairs[k]) << k;
  EXPECT_DOUBLE_EQ(result.score.PairFraction(), result.score.Fraction());
}

TEST(MatchTest, StopsWhenTheCallbackSaysSo) {
  const std::shared_ptr<const Game> game = PickShootGameObject();
  MatchOptions options;
  options.a = *ParsePlayerSpec("random");
  options.b = *ParsePlayerSpec("random");
  options.games = 100;
  int calls = 0;
  options.on_game = [&](const GameRecord&, const MatchScore& score) {
    ++calls;
    return score.games() < 10;
  };
  const MatchResult result = PlayMatch(*game, options);
  EXPECT_EQ(result.games.size(), 10u);
  EXPECT_EQ(calls, 10);
  EXPECT_EQ(result.score.pair_count(), 5);
}

}  // namespace
}  // namespace sandtable
