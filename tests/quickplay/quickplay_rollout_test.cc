// The quickplay playout policy: its choice frequencies against exact values worked out from
// its definition (eval/quickplay_rollout.h), on hand-built positions of the test board.
#include "eval/quickplay_rollout.h"

#include <cmath>
#include <string>

#include "gtest/gtest.h"
#include "tests/quickplay/quickplay_test_util.h"

namespace sandtable::quickplay_test {
namespace {

constexpr char kActR[] =
    "round=1 phase=act player=0 vp=0-0 active=R done=- target=- weapon=- hits=0";
constexpr int kDraws = 40000;
using Rollout = QuickplayRollout;

// A position of the test board in which player 0's R is activated.
State Activating(const QuickplayGame& game, const std::string& units) {
  return ParseOrDie(game, Position(units, kActR));
}

// Player 0's legal actions at `s`.
ActionList Legal(const QuickplayGame& game, const State& s) {
  ActionList actions;
  game.LegalActions(s, 0, actions);
  return actions;
}

// The frequency of `pick` over kDraws choices is within 4.5 standard deviations of `p`.
template <typename Pick>
void ExpectFrequency(const QuickplayGame& game, const State& s, double p, Pick pick) {
  const ActionList actions = Legal(game, s);
  Rng rng(17);
  int hits = 0;
  for (int i = 0; i < kDraws; ++i) hits += pick(Rollout().Choose(game, s, actions, rng)) ? 1 : 0;
  const double sigma = std::sqrt(p * (1 - p) / kDraws);
  EXPECT_NEAR(static_cast<double>(hits) / kDraws, p, 4.5 * sigma + 1e-12);
}

bool IsMove(Action a) { return a < QuickplayGame::kShootBase; }
bool IsShot(Action a) { return a >= QuickplayGame::kShootBase && a < QuickplayGame::kEndAction; }

TEST(QuickplayRolloutTest, DistanceCountsDiagonalStepsAsOne) {
  auto game = MakeGame(TestScenario());  // the strategic point is at (10,6)
  EXPECT_EQ(Rollout::DistanceToObjective(*game, game->CellIndex(0, 0)), 10);
  EXPECT_EQ(Rollout::DistanceToObjective(*game, game->CellIndex(9, 7)), 1);
  EXPECT_EQ(Rollout::DistanceToObjective(*game, game->CellIndex(10, 6)), 0);
  EXPECT_EQ(Rollout::DistanceToObjective(*game, game->CellIndex(10, 0)), 6);
}

TEST(QuickplayRolloutTest, ShootsWhenItCan) {
  auto game = MakeGame(TestScenario());
  // r is 4 cells away: R may shoot it, move, or end.
  const State s = Activating(*game, "R@0,0:4/0 T@1,2:0 B@2,5:0 r@4,0:4/0 t@10,7:0 b@9,7:0");
  const ActionList actions = Legal(*game, s);
  int shots = 0;
  int moves = 0;
  for (Action a : actions) {
    shots += IsShot(a) ? 1 : 0;
    moves += IsMove(a) ? 1 : 0;
  }
  ASSERT_GT(shots, 0);
  ASSERT_GT(moves, 0);
  const double n = actions.size();
  // Shoot 90%; otherwise a shot only when the move search does not run (5%) or samples
  // no move in its 6 draws, and the uniform fallback then lands on a shot.
  const double no_move = std::pow((n - moves) / n, Rollout::kMoveSamples);
  const double p = 0.9 + 0.1 * (shots / n) * (0.05 + 0.95 * no_move);
  ExpectFrequency(*game, s, p, IsShot);
}

TEST(QuickplayRolloutTest, MovesTowardsTheStrategicPoint) {
  auto game = MakeGame(TestScenario());
  // Nobody in range: R moves or ends.
  const State s = Activating(*game, "R@0,0:4/0 T@1,2:0 B@2,5:0 r@11,7:4/0 t@10,7:0 b@9,7:0");
  const ActionList actions = Legal(*game, s);
  int best = 1 << 20;
  for (Action a : actions) {
    if (IsMove(a)) best = std::min(best, Rollout::DistanceToObjective(*game, a));
  }
  int closest = 0;  // moves at the best distance
  int others = 0;   // not moves
  for (Action a : actions) {
    closest += IsMove(a) && Rollout::DistanceToObjective(*game, a) == best ? 1 : 0;
    others += IsMove(a) ? 0 : 1;
  }
  ASSERT_GT(closest, 0);
  ASSERT_GT(others, 0);
  const double n = actions.size();
  const int k = Rollout::kMoveSamples;
  // 95%: the best of k draws is a closest move when any draw is one; when all draws miss
  // the moves, the uniform fallback. 5%: uniform.
  const double p =
      0.95 * (1 - std::pow(1 - closest / n, k) + std::pow(others / n, k) * closest / n) +
      0.05 * closest / n;
  ExpectFrequency(*game, s, p, [&](Action a) {
    return IsMove(a) && Rollout::DistanceToObjective(*game, a) == best;
  });
  EXPECT_GT(p, 3 * closest / n);  // far more often than uniform play
}

TEST(QuickplayRolloutTest, AUnitHoldingAPointStaysInItsRange) {
  auto game = MakeGame(TestScenario());
  // R is near the strategic point (10,6); nobody is in range to shoot.
  const State s = Activating(*game, "R@9,5:4/0 T@1,0:0 B@2,0:0 r@0,7:4/0 t@1,7:0 b@2,7:0");
  ASSERT_NE(game->ObjectivesNear(game->CellIndex(9, 5)), 0);
  const ActionList actions = Legal(*game, s);
  int leaving = 0;  // moves out of every point's range
  int others = 0;   // not moves
  for (Action a : actions) {
    ASSERT_FALSE(IsShot(a));
    leaving += IsMove(a) && game->ObjectivesNear(static_cast<int>(a)) == 0 ? 1 : 0;
    others += IsMove(a) ? 0 : 1;
  }
  ASSERT_GT(leaving, 0);
  const double n = actions.size();
  // Only the uniform choices leave: the 5% that do not try to move, and the draws that
  // sampled no move at all.
  const double p = (0.05 + 0.95 * std::pow(others / n, Rollout::kMoveSamples)) * leaving / n;
  ExpectFrequency(*game, s, p, [&](Action a) {
    return IsMove(a) && game->ObjectivesNear(static_cast<int>(a)) == 0;
  });
}

}  // namespace
}  // namespace sandtable::quickplay_test
