// brickaction's playout policy (eval/brickaction_rollout.h): Move destinations nearest the
// objective, every other decision uniform. On the default scenario (objective 11.5,11.5).
#include "eval/brickaction_rollout.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

std::shared_ptr<const BrickactionGame> DefaultGame() {
  return MakeGame({}, std::string(BrickactionGame::DefaultScenarioText()));
}

// From 9,21 a Move reaches 4 cells straight (8 points) or fewer with diagonals (3 points
// each): 9,17 is 6.04 cells from the objective, 11,18 (2 diagonal steps and 1 straight) 6.52,
// 10,18 6.67; 10,17 would cost 9 points.
TEST(BrickactionRolloutTest, MovesToTheDestinationNearestTheObjective) {
  auto game = DefaultGame();
  State state = game->InitialState();
  Play(*game, state, {"A", "move"});
  ASSERT_EQ(state.phase, BrickactionGame::kDest);
  ActionList actions;
  game->LegalActions(state, 0, actions);
  ASSERT_GT(actions.size(), 10);
  Rng rng(3);
  for (int draw = 0; draw < 20; ++draw) {
    EXPECT_EQ(
        game->ActionToString(state, 0, BrickactionRollout().Choose(*game, state, actions, rng)),
        "to 9,17");
  }
}

// The choice of squad (or end) is uniform: every legal action drawn about equally often.
TEST(BrickactionRolloutTest, OtherDecisionsAreUniform) {
  auto game = DefaultGame();
  const State state = game->InitialState();
  ActionList actions;
  game->LegalActions(state, 0, actions);
  ASSERT_EQ(actions.size(), 3);  // A, B, end
  std::map<Action, int> counts;
  Rng rng(5);
  const int draws = 3000;
  for (int draw = 0; draw < draws; ++draw) {
    ++counts[BrickactionRollout().Choose(*game, state, actions, rng)];
  }
  for (Action action : actions) EXPECT_NEAR(counts[action], draws / 3, 150);
}

}  // namespace
}  // namespace sandtable::brickaction_test
