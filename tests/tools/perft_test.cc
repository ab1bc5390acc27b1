#include "tools/perft.h"

#include <gtest/gtest.h>

#include "tests/perft_test_util.h"
#include "tests/tools/pick_shoot.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

using ::sandtable::testing::PickShootGameObject;

TEST(PerftTest, PickShootByHand) {
  const std::unique_ptr<Position> start = PickShootGameObject()->NewInitialPosition();
  const PerftCounts zero = Perft(*start, 0);
  EXPECT_EQ(zero.leaves, 1);
  EXPECT_TRUE(zero.leaf_mass.IsOne());

  // 3 x 3 joint choices.
  const PerftCounts one = Perft(*start, 1);
  EXPECT_EQ(one.leaves, 9);
  EXPECT_EQ(one.simultaneous_nodes, 1);
  EXPECT_EQ(one.joint_branches, 9);
  EXPECT_EQ(one.decision_branches, 0);

  // Then "shoot 1" or "shoot 2".
  const PerftCounts two = Perft(*start, 2);
  EXPECT_EQ(two.leaves, 18);
  EXPECT_EQ(two.decision_nodes, 9);
  EXPECT_EQ(two.decision_branches, 18);

  // Then 2 outcomes after one die, 3 after two: 9 * (2 + 3) terminal leaves.
  const PerftCounts three = Perft(*start, 3);
  EXPECT_EQ(three.leaves, 45);
  EXPECT_EQ(three.terminal_leaves, 45);
  EXPECT_EQ(three.chance_nodes, 18);
  EXPECT_EQ(three.chance_branches, 45);
  EXPECT_TRUE(three.leaf_mass.IsOne());

  // Deeper than the game: the same leaves, all terminal.
  EXPECT_EQ(Perft(*start, 5).leaves, 45);
}

TEST(PerftTest, DivideSumsToTheTotal) {
  std::unique_ptr<Position> position = PickShootGameObject()->NewInitialPosition();
  position->ApplyJoint({1, 1});
  const std::vector<PerftDivideLine> lines = PerftDivide(*position, 2);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].branch, "shoot 1");
  EXPECT_EQ(lines[0].counts.leaves, 2);
  EXPECT_EQ(lines[1].counts.leaves, 3);
  EXPECT_EQ(lines[1].probability, Probability(1, 2));
  EXPECT_EQ(Perft(*position, 2).leaves, 5);
}

TEST(PerftTest, KuhnPoker) {
  const auto game = CreateGame("kuhn_poker");
  ASSERT_TRUE(game.ok());
  const std::unique_ptr<Position> start = (*game)->NewInitialPosition();
  // The deal is two chance nodes, one card each: 3 then 3 x 2 = 6 deals.
  const PerftCounts deals = Perft(*start, 2);
  EXPECT_EQ(deals.leaves, 6);
  EXPECT_EQ(deals.chance_nodes, 4);
  EXPECT_EQ(deals.chance_branches, 9);
  EXPECT_TRUE(deals.leaf_mass.IsOne());
  // Per deal: pass-pass, bet-fold and bet-call end the game; pass-bet goes on.
  const PerftCounts two_bets = Perft(*start, 4);
  EXPECT_EQ(two_bets.leaves, 24);
  EXPECT_EQ(two_bets.terminal_leaves, 18);
  const PerftCounts full = Perft(*start, 5);
  EXPECT_EQ(full.leaves, 30);
  EXPECT_EQ(full.terminal_leaves, 30);
  EXPECT_EQ(full.decision_branches, 6 * (2 + 4 + 2));
  EXPECT_TRUE(full.leaf_mass.IsOne());
}

TEST(PerftTest, GoofspielHasJointBranches) {
  const auto game = CreateGame("goofspiel(cards=3)");
  ASSERT_TRUE(game.ok());
  // A prize card is turned (3 outcomes), then both bid one of 3 cards.
  const PerftCounts counts = Perft(*(*game)->NewInitialPosition(), 2);
  EXPECT_EQ(counts.chance_branches, 3);
  EXPECT_EQ(counts.joint_branches, 27);
  EXPECT_EQ(counts.leaves, 27);
  EXPECT_TRUE(counts.leaf_mass.IsOne());
}

// Recorded from `sandtable perft --ruleset quickplay --depth D` on the default scenario: a
// change in move generation, chance outcomes or turn order moves these numbers.
TEST(PerftTest, QuickplayDefaultScenario) {
  perft_test::ExpectPerft("quickplay",
                          {{4, 1310, 407, 1657, 30, 89}, {6, 64115, 41434, 104943, 318, 923}});
}

}  // namespace
}  // namespace sandtable
