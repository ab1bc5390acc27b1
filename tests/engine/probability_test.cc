#include "engine/probability.h"

#include "gtest/gtest.h"

namespace sandtable {
namespace {

TEST(ProbabilityTest, ReducesAndPrints) {
  EXPECT_EQ(Probability(2, 18).ToString(), "1/9");
  EXPECT_EQ(Probability(6, 6).ToString(), "1");
  EXPECT_EQ(Probability(0, 7).ToString(), "0");
}

TEST(ProbabilityTest, Arithmetic) {
  EXPECT_EQ(Probability(1, 6) + Probability(1, 3), Probability(1, 2));
  EXPECT_EQ(Probability(1, 2) - Probability(1, 3), Probability(1, 6));
  EXPECT_EQ(Probability(2, 3) * Probability(3, 10), Probability(1, 5));
  EXPECT_LT(Probability(1, 9), Probability(1, 6));
  EXPECT_FALSE(Probability(1, 6) < Probability(1, 9));
  EXPECT_DOUBLE_EQ(Probability(1, 4).ToDouble(), 0.25);
}

}  // namespace
}  // namespace sandtable
