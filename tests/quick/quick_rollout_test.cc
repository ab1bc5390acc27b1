// quick's playout policy (eval/quick_rollout.h): destinations greedy by the evaluator for
// the side moving, every other decision uniform.
#include "eval/quick_rollout.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "tests/quick/quick_test_util.h"

namespace sandtable {
namespace {

using quick_test::BlueToAct;
using quick_test::MakeGame;
using quick_test::Play;
using quick_test::Position;

// The destination the policy picks in `s` (a kDest decision), the same in every draw.
std::string PickedDestination(const QuickGame& game, const QuickGame::State& s) {
  EXPECT_EQ(s.phase, QuickGame::kDest);
  ActionList actions;
  game.LegalActions(s, game.CurrentPlayer(s), actions);
  EXPECT_GT(actions.size(), 2);
  Rng rng(11);
  const Action first = QuickRollout().Choose(game, s, actions, rng);
  for (int draw = 0; draw < 20; ++draw) {
    EXPECT_EQ(QuickRollout().Choose(game, s, actions, rng), first);
  }
  return game.ActionToString(s, game.CurrentPlayer(s), first);
}

// Blue's infantry next to the empty objective 4,3 (Red's task force moved off to 2,0, out of
// reach of it): entering it is the one destination that takes an objective. (With the task
// force next to 4,3 the evaluator prefers 4,2, next to Red's infantry on 4,1: a holder of
// 4,3 would face the task force's assault.)
TEST(QuickRolloutTest, BlueMovesOntoAnEmptyObjective) {
  auto game = MakeGame();
  QuickGame::State s = BlueToAct(*game, 2, 0, {{"I@", "3,3"}, {"t@", "2,0"}});
  Play(*game, s, {"blue move unit", "unit I"});
  EXPECT_EQ(PickedDestination(*game, s), "to 4,3");
}

// Red's task force next to the empty objective 4,3 with Blue's infantry 2 hexes from it:
// Red's best (Blue's value lowest) is to hold it.
TEST(QuickRolloutTest, RedMovesOntoAnEmptyObjective) {
  auto game = MakeGame();
  QuickGame::State s = Position(*game, {{"phase", "choose"},
                                        {"actor", "1"},
                                        {"cubes1", "6,4/2,0/0,0/2,2/0,0"},
                                        {"selected1", "2"},
                                        {"I@", "2,3"},
                                        {"t@", "5,3"}});
  Play(*game, s, {"blue move unit", "unit t"});
  EXPECT_EQ(PickedDestination(*game, s), "to 4,3");
}

// The choice of cube and action is uniform: every legal action drawn about equally often.
TEST(QuickRolloutTest, OtherDecisionsAreUniform) {
  auto game = MakeGame();
  const QuickGame::State s = BlueToAct(*game, 2, 2);
  ActionList actions;
  game->LegalActions(s, 0, actions);
  ASSERT_GT(actions.size(), 3);
  std::map<Action, int> counts;
  Rng rng(5);
  const int draws = 2000 * actions.size();
  for (int i = 0; i < draws; ++i) ++counts[QuickRollout().Choose(*game, s, actions, rng)];
  EXPECT_EQ(counts.size(), actions.size());
  // 2000 expected each; 5 standard deviations (about 44 each) either side.
  for (const auto& [action, count] : counts) EXPECT_NEAR(count, 2000, 220) << action;
}

}  // namespace
}  // namespace sandtable
