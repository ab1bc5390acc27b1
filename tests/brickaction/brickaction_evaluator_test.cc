// brickaction's evaluator (eval/brickaction_evaluator.h) on hand-built positions of the
// default scenario, whose board and forces are the same for both sides turned 180 degrees
// about the objective 11.5,11.5 (the floor inside the central building).
#include "eval/brickaction_evaluator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "absl/strings/str_replace.h"
#include "engine/chance.h"
#include "engine/rng.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

class BrickactionEvaluatorTest : public ::testing::Test {
 protected:
  BrickactionEvaluatorTest()
      : game_(MakeGame({}, std::string(BrickactionGame::DefaultScenarioText()))) {}
  // Player 0 to choose a squad on `turn`, with `kills` ("K0/K1"), or the end of the game.
  State At(const std::string& units, int turn = 1, const std::string& kills = "0/0",
           bool over = false) {
    const std::string text = absl::StrReplaceAll(
        Position(units, 3, over ? 1 : 0, turn),
        {{"kills=0/0", "kills=" + kills}, {"phase=select", over ? "phase=over" : "phase=select"}});
    return ParseOrDie(*game_, text);
  }
  double Value(const State& state) { return BrickactionEvaluator().Evaluate(*game_, state); }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionEvaluatorTest, InRangeAndExactAtTheEndAlongRandomGames) {
  Rng rng(7);
  for (int game = 0; game < 50; ++game) {
    State state = game_->InitialState();
    while (game_->Kind(state) != NodeKind::kTerminal) {
      const double value = Value(state);
      ASSERT_TRUE(std::isfinite(value));
      ASSERT_GE(value, -1.0);
      ASSERT_LE(value, 1.0);
      if (game_->Kind(state) == NodeKind::kChance) {
        ChanceList outcomes;
        game_->ChanceOutcomes(state, outcomes);
        game_->Apply(state, SampleChance(outcomes, rng));
      } else {
        ActionList actions;
        game_->LegalActions(state, game_->CurrentPlayer(state), actions);
        game_->Apply(state, actions[static_cast<int>(rng.Below(actions.size()))]);
      }
    }
    EXPECT_EQ(Value(state), game_->Returns(state, 0));
  }
}

TEST_F(BrickactionEvaluatorTest, StartIsEven) {
  EXPECT_NEAR(Value(game_->InitialState()), 0.0, 1e-12);
}

// The same position with the sides swapped (each squad turned about the objective, kills
// swapped) is worth the negation.
TEST_F(BrickactionEvaluatorTest, SwappingTheSidesNegatesTheValue) {
  for (int turn : {1, 4, 6}) {
    const double value =
        Value(At("A@11,12/4vo/g/0/- B@14,18/2v/s/0/- a@14,5/4vo/g/0/- b@9,2/3/-/0/-", turn, "2/2"));
    const double swapped =
        Value(At("A@9,18/4vo/g/0/- B@14,21/3/-/0/- a@12,11/4vo/g/0/- b@9,5/2v/s/0/-", turn, "2/2"));
    EXPECT_GT(value, 0.1) << turn;
    EXPECT_NEAR(swapped, -value, 1e-12) << turn;
  }
}

TEST_F(BrickactionEvaluatorTest, HoldingTheObjectiveLateIsWorthMore) {
  const std::string units = "A@11,12/4vo/g/0/- B@14,21/4v/g/0/- a@14,8/4vo/g/0/- b@9,2/4v/g/0/-";
  const double early = Value(At(units, 1)), late = Value(At(units, 6));
  EXPECT_GT(early, 0.0);
  EXPECT_GT(late, early + 0.2);
  // And player 1 holding it: the mirror image.
  const std::string theirs = "A@9,15/4vo/g/0/- B@14,21/4v/g/0/- a@12,11/4vo/g/0/- b@9,2/4v/g/0/-";
  EXPECT_LT(Value(At(theirs, 6)), Value(At(theirs, 1)) - 0.2);
}

TEST_F(BrickactionEvaluatorTest, ApproachingTheObjectiveIsWorthMore) {
  EXPECT_GT(Value(At("A@9,21/4vo/g/0/- B@14,16/4v/g/0/- a@14,2/4vo/g/0/- b@9,2/4v/g/0/-")),
            Value(At("A@9,21/4vo/g/0/- B@14,21/4v/g/0/- a@14,2/4vo/g/0/- b@9,2/4v/g/0/-")));
}

TEST_F(BrickactionEvaluatorTest, LosingMinisOrBeingSuppressedLowersTheValue) {
  const double full =
      Value(At("A@9,18/4vo/g/0/- B@14,18/4v/g/0/- a@14,5/4vo/g/0/- b@9,5/4v/g/0/-", 3));
  const double lost =
      Value(At("A@9,18/2vo/g/0/- B@14,18/4v/g/0/- a@14,5/4vo/g/0/- b@9,5/4v/g/0/-", 3, "0/2"));
  const double suppressed =
      Value(At("A@9,18/4vo/gs/0/- B@14,18/4v/g/0/- a@14,5/4vo/g/0/- b@9,5/4v/g/0/-", 3));
  EXPECT_LT(lost, full - 0.1);
  EXPECT_LT(suppressed, full - 0.05);
  EXPECT_LT(lost, suppressed);
  // Player 1's losses raise it.
  EXPECT_GT(Value(At("A@9,18/4vo/g/0/- B@14,18/4v/g/0/- a@14,5/4vo/g/0/- b@9,5/1/g/0/-", 3, "4/0")),
            full + 0.1);
}

// At the end the exact result, whatever the heuristic terms say.
TEST_F(BrickactionEvaluatorTest, TerminalPositionsGiveTheExactResult) {
  // Player 0 holds the objective with one mini against player 1's two full squads.
  EXPECT_EQ(Value(At("A@11,12/0o/-/0/- B:x a@14,5/4vo/g/0/- b@9,5/4v/g/0/-", 6, "0/10", true)),
            1.0);
  // Nobody holds it: player 1 killed more.
  EXPECT_EQ(Value(At("A@9,18/4vo/g/0/- B@14,18/1v/g/0/- a@14,5/4vo/g/0/- b@9,5/2v/g/0/-", 6, "2/3",
                     true)),
            -1.0);
  // Equal on the objective and in kills: a draw, though player 0's B is nearer.
  EXPECT_EQ(Value(At("A@11,12/4vo/g/0/- B@11,15/4v/g/0/- a@12,11/4vo/g/0/- b@9,2/4v/g/0/-", 6,
                     "0/0", true)),
            0.0);
}

}  // namespace
}  // namespace sandtable::brickaction_test
