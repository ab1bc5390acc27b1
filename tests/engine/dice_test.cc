#include "engine/dice.h"

#include "gtest/gtest.h"

namespace sandtable {
namespace {

TEST(DiceTest, TwoD6HitsOnFourOrLess) {
  // p = 4/6 = 2/3: P(0) = 1/9, P(1) = 4/9, P(2) = 4/9.
  const auto d = SuccessCountDistribution(2, 6, 4);
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0], Probability(1, 9));
  EXPECT_EQ(d[1], Probability(4, 9));
  EXPECT_EQ(d[2], Probability(4, 9));
}

TEST(DiceTest, SumsToOneExactly) {
  for (int dice = 0; dice <= 6; ++dice) {
    Probability total;
    for (Probability p : SuccessCountDistribution(dice, 10, 6)) total += p;
    EXPECT_TRUE(total.IsOne()) << dice;
  }
}

}  // namespace
}  // namespace sandtable
