#include "tools/match/elo.h"

#include <gtest/gtest.h>

#include <cmath>

namespace sandtable {
namespace {

TEST(EloTest, ScoreAndVariance) {
  const MatchScore score{60, 20, 20};
  EXPECT_EQ(score.games(), 100);
  EXPECT_DOUBLE_EQ(score.Fraction(), 0.7);
  // (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100 = (5.4 + 0.8 + 9.8) / 100.
  EXPECT_NEAR(score.GameVariance(), 0.16, 1e-12);
  EXPECT_DOUBLE_EQ(MatchScore{}.Fraction(), 0.5);
}

TEST(EloTest, LogisticModel) {
  EXPECT_DOUBLE_EQ(ExpectedScore(0), 0.5);
  // 400 points: 10 to 1.
  EXPECT_NEAR(ExpectedScore(400), 10.0 / 11.0, 1e-12);
  // 3 to 1: 400 log10(3).
  EXPECT_NEAR(EloFromScore(0.75), 400 * std::log10(3.0), 1e-9);
  EXPECT_NEAR(EloFromScore(0.75), 190.8485, 1e-4);
  EXPECT_NEAR(EloFromScore(ExpectedScore(-123.4)), -123.4, 1e-9);
  EXPECT_TRUE(std::isinf(EloFromScore(1.0)) && EloFromScore(1.0) > 0);
  EXPECT_TRUE(std::isinf(EloFromScore(0.0)) && EloFromScore(0.0) < 0);
}

TEST(EloTest, IntervalFromTheNormalApproximation) {
  // s = 0.7, standard error sqrt(0.16 / 100) = 0.04, margin 1.96 * 0.04 = 0.0784:
  // Elo(0.7) = 147.19, Elo(0.6216) = 86.23, Elo(0.7784) = 218.25.
  const EloEstimate elo = EstimateElo({60, 20, 20});
  EXPECT_NEAR(elo.elo, 147.1907, 1e-3);
  EXPECT_NEAR(elo.lower, 86.2250, 1e-3);
  EXPECT_NEAR(elo.upper, 218.2518, 1e-3);
}

TEST(EloTest, AllWinsHaveAnUnboundedEstimate) {
  const EloEstimate elo = EstimateElo({10, 0, 0});
  EXPECT_TRUE(std::isinf(elo.elo));
  EXPECT_TRUE(std::isinf(elo.upper));
}

TEST(EloTest, SprtLogLikelihoodRatio) {
  // s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)) = 0.514387;
  // LLR = 100 * 0.014387 * (1.4 - 1.014387) / (2 * 0.16) = 1.7337.
  const SprtResult sprt = Sprt({60, 20, 20}, 0, 10);
  EXPECT_NEAR(sprt.llr, 1.73371, 1e-4);
  // log(0.05 / 0.95) and its negative.
  EXPECT_NEAR(sprt.lower_bound, -2.944439, 1e-6);
  EXPECT_NEAR(sprt.upper_bound, 2.944439, 1e-6);
  EXPECT_EQ(sprt.decision, SprtDecision::kContinue);
}

TEST(EloTest, SprtDecides) {
  EXPECT_EQ(Sprt({600, 200, 200}, 0, 10).decision, SprtDecision::kAcceptH1);
  EXPECT_EQ(Sprt({200, 200, 600}, 0, 10).decision, SprtDecision::kAcceptH0);
  // An even score leans slightly to H0 = 0: LLR = 100 * 0.0071941 * (1 - 1.0071941) / 0.45.
  EXPECT_NEAR(Sprt({45, 10, 45}, 0, 5).llr, -0.0115043, 1e-6);
  EXPECT_EQ(Sprt({}, 0, 5).llr, 0);
}

TEST(EloTest, SprtOnASweep) {
  // One win alone: variance from {1 win, 1 draw} = 1/16, LLR = 0.014387 * 0.985613 / 0.125.
  EXPECT_NEAR(Sprt({1, 0, 0}, 0, 10).llr, 0.1134415, 1e-6);
  EXPECT_EQ(Sprt({1, 0, 0}, 0, 10).decision, SprtDecision::kContinue);
  EXPECT_EQ(Sprt({40, 0, 0}, 0, 10).decision, SprtDecision::kAcceptH1);
  EXPECT_EQ(Sprt({0, 0, 40}, 0, 10).decision, SprtDecision::kAcceptH0);
}

}  // namespace
}  // namespace sandtable
