#include "engine/chance.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <utility>

namespace sandtable {
namespace {

ChanceList Outcomes(std::initializer_list<std::pair<Action, Probability>> list) {
  ChanceList outcomes;
  for (const auto& [outcome, probability] : list) outcomes.push_back({outcome, probability});
  return outcomes;
}

TEST(ChanceTest, FollowsTheProbabilities) {
  // Probabilities 1/6, 2/6, 3/6: 60,000 draws land within 1% (about 6 standard deviations)
  // of the expected counts.
  const ChanceList outcomes =
      Outcomes({{0, Probability(1, 6)}, {1, Probability(2, 6)}, {2, Probability(3, 6)}});
  Rng rng(5);
  int counts[3] = {0, 0, 0};
  for (int i = 0; i < 60'000; ++i) ++counts[SampleChance(outcomes, rng)];
  EXPECT_NEAR(counts[0], 10'000, 600);
  EXPECT_NEAR(counts[1], 20'000, 600);
  EXPECT_NEAR(counts[2], 30'000, 600);
}

TEST(ChanceTest, EquallyLikelyOutcomesTakeOneIntegerDraw) {
  const ChanceList outcomes =
      Outcomes({{7, Probability(1, 3)}, {8, Probability(1, 3)}, {9, Probability(1, 3)}});
  Rng rng(11);
  Rng twin(11);
  int counts[3] = {0, 0, 0};
  for (int i = 0; i < 30'000; ++i) {
    const Action outcome = SampleChance(outcomes, rng);
    EXPECT_EQ(outcome, outcomes[static_cast<int>(twin.Below(3))].outcome);
    ++counts[outcome - 7];
  }
  for (int count : counts) EXPECT_NEAR(count, 10'000, 600);
}

TEST(ChanceTest, ASingleOutcomeIsCertain) {
  Rng rng(3);
  EXPECT_EQ(SampleChance(Outcomes({{4, Probability(1, 1)}}), rng), 4);
}

}  // namespace
}  // namespace sandtable
