// quick's evaluator (eval/quick_evaluator.h): the assault on an objective's holder and the
// blue cubes left for the last round.
#include "eval/quick_evaluator.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/quick/quick_test_util.h"

namespace sandtable {
namespace {

using quick_test::BlueToAct;
using quick_test::MakeGame;
using quick_test::Position;

// Units of the test scenario: Blue's Stryker S (recon allocated) and infantry I; Red's
// infantry a on the objective 4,1 and task force t (recon allocated) on the objective 4,3.
constexpr int kRedInfantry = 6, kRedTaskForce = 7;
constexpr int kNorthObjective = 4 + 1 * 6, kSouthObjective = 4 + 3 * 6;

double Assault(const QuickGame& game, const QuickGame::State& s, int holder, int objective) {
  EXPECT_EQ(s.cell[holder], objective);
  return QuickEvaluator::Assault(game, s, holder, objective);
}

TEST(QuickEvaluatorTest, NoAssaultWithoutAnAdjacentEnemyMu) {
  auto game = MakeGame();
  const QuickGame::State s = BlueToAct(*game, 2, 0, {{"I@", "2,1"}});  // 2 hexes away
  EXPECT_EQ(Assault(*game, s, kRedInfantry, kNorthObjective), 0.0);
}

// The attacker's power over 3 (its expected hits) against the Losses the holder absorbs.
TEST(QuickEvaluatorTest, AssaultIsExpectedHitsOverLossesAbsorbed) {
  auto game = MakeGame();
  // Infantry (3 into Urban) against a full infantry without Enablers: 3 / 3 / 2.
  QuickGame::State s = BlueToAct(*game, 2, 0, {{"I@", "3,1"}});
  EXPECT_DOUBLE_EQ(Assault(*game, s, kRedInfantry, kNorthObjective), 0.5);
  // Against the task force with its recon Enabler: 3 / 3 / 3.
  s = BlueToAct(*game, 2, 0, {{"I@", "3,3"}});
  EXPECT_DOUBLE_EQ(Assault(*game, s, kRedTaskForce, kSouthObjective), 1.0 / 3.0);
  // The best of two attackers: the Stryker (3 into Urban, + 1 recon) 4 / 3 / 2.
  s = BlueToAct(*game, 2, 0, {{"I@", "3,1"}, {"S@", "4,0"}});
  EXPECT_DOUBLE_EQ(Assault(*game, s, kRedInfantry, kNorthObjective), 4.0 / 6.0);
  // A Reduced holder absorbs 1 Loss: 4 / 3 / 1 capped at 1.
  s = BlueToAct(*game, 2, 0, {{"S@", "4,0"}, {"a@", "4,1r"}});
  EXPECT_DOUBLE_EQ(Assault(*game, s, kRedInfantry, kNorthObjective), 1.0);
}

// The term in the value: an attacker next to a Red holder raises Blue's value, a Red MU
// next to a Blue holder lowers it.
TEST(QuickEvaluatorTest, AssaultMovesTheValueBothWays) {
  auto game = MakeGame();
  const QuickEvaluator evaluator;
  const double apart = evaluator.Evaluate(*game, BlueToAct(*game, 2, 0, {{"I@", "2,2"}}));
  const double adjacent = evaluator.Evaluate(*game, BlueToAct(*game, 2, 0, {{"I@", "3,1"}}));
  const double reduced =
      evaluator.Evaluate(*game, BlueToAct(*game, 2, 0, {{"I@", "3,1"}, {"a@", "4,1r"}}));
  EXPECT_LT(apart, adjacent);
  EXPECT_LT(adjacent, reduced);
  // Blue's infantry on 4,1 (Red's infantry moved off to 5,2), Red's task force far or
  // next to it.
  const double safe = evaluator.Evaluate(
      *game, BlueToAct(*game, 2, 0, {{"I@", "4,1"}, {"a@", "5,2"}, {"t@", "5,3"}}));
  const double threatened = evaluator.Evaluate(
      *game, BlueToAct(*game, 2, 0, {{"I@", "4,1"}, {"a@", "5,2"}, {"t@", "4,2"}}));
  EXPECT_LT(threatened, safe);
}

// Blue in round 5 (of 6) acting, its Hand drawn; Red's cubes as at the start. `cubes0` is
// pool/hand/discard/supply/removed, blue before pink.
QuickGame::State RoundFive(const QuickGame& game, const std::string& cubes0) {
  return Position(game, {{"round", "5"},
                         {"phase", "choose"},
                         {"cubes0", cubes0},
                         {"selected0", "4"},
                         {"cubes1", "4,4/4,0/0,0/2,2/0,0"},
                         {"selected1", "4"}});
}

TEST(QuickEvaluatorTest, LastRoundBlueFollowsThePool) {
  auto game = MakeGame();
  // At the start, drawing pink first: rounds 1-3 take 4 pink, 4 blue, 4 blue; the Discard
  // returns in round 4 (4 pink), round 5 takes 4 blue and round 6 the last 4 blue.
  EXPECT_EQ(QuickEvaluator::LastRoundBlue(*game, game->InitialState(), 0), 4);
  // Round 5 with 4 cubes left in the Pool: no refill before round 6, which takes them.
  EXPECT_EQ(QuickEvaluator::LastRoundBlue(*game, RoundFive(*game, "1,3/2,2/5,1/2,0/0,0"), 0), 1);
  EXPECT_EQ(QuickEvaluator::LastRoundBlue(*game, RoundFive(*game, "0,4/3,1/5,1/2,0/0,0"), 0), 0);
  // With 3 left the Discard (and this round's Hand) returns first: 4 blue to draw.
  EXPECT_EQ(QuickEvaluator::LastRoundBlue(*game, RoundFive(*game, "1,2/2,2/5,2/2,0/0,0"), 0), 4);
  // In the last round, after the selection: the blue cubes in the Hand.
  QuickGame::State last = RoundFive(*game, "1,2/2,2/5,2/2,0/0,0");
  last.round = 6;
  EXPECT_EQ(QuickEvaluator::LastRoundBlue(*game, last, 0), 2);
}

// A Pool without blue cubes for the last round lowers Blue's value.
TEST(QuickEvaluatorTest, NoBlueForTheLastRoundCosts) {
  auto game = MakeGame();
  const QuickEvaluator evaluator;
  EXPECT_LT(evaluator.Evaluate(*game, RoundFive(*game, "0,4/3,1/5,1/2,0/0,0")),
            evaluator.Evaluate(*game, RoundFive(*game, "1,2/2,2/5,2/2,0/0,0")));
}

}  // namespace
}  // namespace sandtable
