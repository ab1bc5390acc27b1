// quick's evaluator (eval/quick_evaluator.h): the assault on an objective's holder.
#include "eval/quick_evaluator.h"

#include <gtest/gtest.h>

#include "tests/quick/quick_test_util.h"

namespace sandtable {
namespace {

using quick_test::BlueToAct;
using quick_test::MakeGame;

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

}  // namespace
}  // namespace sandtable
