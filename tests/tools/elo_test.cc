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

// 100 pairs: 30 won twice (2 points), 70 split one win and one loss (1 point).
MatchScore SplitPairs() {
  MatchScore score;
  for (int i = 0; i < 30; ++i) {
    score.AddGame(1);
    score.AddGame(1);
    score.AddPair(1, 1);
  }
  for (int i = 0; i < 70; ++i) {
    score.AddGame(1);
    score.AddGame(-1);
    score.AddPair(1, -1);
  }
  return score;
}

TEST(EloTest, PairsAreCountedByPoints) {
  MatchScore score;
  score.AddPair(1, 0);    // 1.5 points
  score.AddPair(0, 0);    // 1
  score.AddPair(-1, 1);   // 1
  score.AddPair(-1, 0);   // 0.5
  score.AddPair(-1, -1);  // 0
  const int64_t expected[5] = {1, 1, 2, 1, 0};
  for (int k = 0; k < 5; ++k) EXPECT_EQ(score.pairs[k], expected[k]) << k;
  EXPECT_EQ(score.pair_count(), 5);
  // (0 + 1/4 + 2 * 1/2 + 3/4) / 5 = 0.4.
  EXPECT_DOUBLE_EQ(score.PairFraction(), 0.4);
}

TEST(EloTest, PentanomialVarianceAndInterval) {
  const MatchScore score = SplitPairs();
  EXPECT_EQ(score.games(), 200);
  EXPECT_DOUBLE_EQ(score.Fraction(), 0.65);
  EXPECT_DOUBLE_EQ(score.PairFraction(), 0.65);
  // Per pair, points per game 1 (30) or 1/2 (70): (30 * 0.35^2 + 70 * 0.15^2) / 100.
  EXPECT_NEAR(score.PairVariance(), 0.0525, 1e-12);
  // Per game it would be 0.65 * 0.35 = 0.2275 over 200 games: standard error 0.0337
  // instead of sqrt(0.0525 / 100) = 0.022913 (margin 0.044909).
  EXPECT_NEAR(score.GameVariance(), 0.2275, 1e-12);
  const EloEstimate elo = EstimateElo(score);
  EXPECT_NEAR(elo.lower, EloFromScore(0.65 - 1.959964 * std::sqrt(0.0525 / 100)), 1e-3);
  EXPECT_NEAR(elo.upper, EloFromScore(0.65 + 1.959964 * std::sqrt(0.0525 / 100)), 1e-3);
  EXPECT_NEAR(elo.lower, 74.13, 0.01);   // -400 log10(1 / 0.605091 - 1)
  EXPECT_NEAR(elo.upper, 143.00, 0.01);  // -400 log10(1 / 0.694909 - 1)
}

TEST(EloTest, SprtCountsPairs) {
  // LLR = 100 * 0.014387 * (1.3 - 1.014387) / (2 * 0.0525) = 3.9134: H1 accepted, where
  // the per-game model (200 * 0.014387 * 0.285613 / 0.455 = 1.8062) would go on.
  const SprtResult sprt = Sprt(SplitPairs(), 0, 10);
  EXPECT_NEAR(sprt.llr, 3.91341, 1e-4);
  EXPECT_EQ(sprt.decision, SprtDecision::kAcceptH1);
  MatchScore per_game = SplitPairs();
  for (int64_t& n : per_game.pairs) n = 0;
  EXPECT_NEAR(Sprt(per_game, 0, 10).llr, 1.80620, 1e-4);
}

TEST(EloTest, PairsWithoutSpreadFallBackToGames) {
  // Every pair split (the dice decided): no spread between pairs to measure, so the games
  // count as independent: s = 0.5, variance 1/4 over 6 games; margin 1.96 * sqrt(1/24).
  MatchScore score;
  for (int i = 0; i < 3; ++i) {
    score.AddGame(1);
    score.AddGame(-1);
    score.AddPair(1, -1);
  }
  EXPECT_EQ(score.PairVariance(), 0);
  const EloEstimate elo = EstimateElo(score);
  EXPECT_DOUBLE_EQ(elo.elo, 0);
  EXPECT_NEAR(elo.upper, EloFromScore(0.5 + 1.959964 * std::sqrt(0.25 / 6)), 1e-3);
  EXPECT_NEAR(elo.lower, -elo.upper, 1e-9);
  // One split pair does not decide an SPRT.
  MatchScore one;
  one.AddGame(1);
  one.AddGame(-1);
  one.AddPair(1, -1);
  EXPECT_EQ(Sprt(one, 0, 10).decision, SprtDecision::kContinue);
}

}  // namespace
}  // namespace sandtable
