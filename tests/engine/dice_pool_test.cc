#include "engine/dice_pool.h"

#include <map>
#include <vector>

#include "engine/dice.h"
#include "gtest/gtest.h"

namespace sandtable {
namespace {

using Outcomes = std::vector<PoolOutcome>;

TEST(DicePoolTest, CountsSuccessesLikeTheBinomial) {
  // 2d6 hitting on 4 or less: p = 2/3, so 1/9, 4/9, 4/9.
  EXPECT_EQ(DicePool::CountSuccesses(2, 6, SuccessRule::AtMost(4)).Distribution(),
            (Outcomes{{0, Probability(1, 9)}, {1, Probability(4, 9)}, {2, Probability(4, 9)}}));
  for (int dice = 0; dice <= 5; ++dice) {
    const std::vector<Probability> binomial = SuccessCountDistribution(dice, 10, 6);
    const Outcomes pool =
        DicePool::CountSuccesses(dice, 10, SuccessRule::AtLeast(5)).Distribution();
    ASSERT_EQ(pool.size(), binomial.size()) << dice;
    for (size_t k = 0; k < pool.size(); ++k) {
      EXPECT_EQ(pool[k].value, static_cast<int>(k));
      EXPECT_EQ(pool[k].probability, binomial[k]) << dice << " dice, " << k << " successes";
    }
  }
}

TEST(DicePoolTest, ImpossibleOutcomesAreLeftOut) {
  // A d6 succeeding on 7+ never succeeds; on 1+ always does.
  EXPECT_EQ(DicePool::CountSuccesses(2, 6, SuccessRule::AtLeast(7)).Distribution(),
            (Outcomes{{0, Probability::One()}}));
  EXPECT_EQ(DicePool::CountSuccesses(2, 6, SuccessRule::AtLeast(1)).Distribution(),
            (Outcomes{{2, Probability::One()}}));
}

TEST(DicePoolTest, ModifiersAndNaturalRules) {
  // Quality 4+ at +3: every face passes by the sum, but a natural 1 fails: 5/6.
  EXPECT_EQ(DicePool::CountSuccesses(1, 6, SuccessRule::Test(4, 3)).Distribution(),
            (Outcomes{{0, Probability(1, 6)}, {1, Probability(5, 6)}}));
  // Quality 4+ at -3: no face passes by the sum, but a natural 6 succeeds: 1/6 a die, so
  // two dice give 25/36, 10/36, 1/36.
  EXPECT_EQ(
      DicePool::CountSuccesses(2, 6, SuccessRule::Test(4, -3)).Distribution(),
      (Outcomes{{0, Probability(25, 36)}, {1, Probability(10, 36)}, {2, Probability(1, 36)}}));
  // Without the natural rules the same modifiers are plain: 1+ always, 7+ never.
  const SuccessRule plain{SuccessRule::Compare::kAtLeast, 4, -3};
  EXPECT_EQ(DicePool::CountSuccesses(2, 6, plain).Distribution(),
            (Outcomes{{0, Probability::One()}}));
  // A +1 per die turns 4+ into 3+ on a d6: 2/3.
  const SuccessRule plus_one{SuccessRule::Compare::kAtLeast, 4, 1};
  EXPECT_EQ(DicePool::CountSuccesses(1, 6, plus_one).Distribution(),
            (Outcomes{{0, Probability(1, 3)}, {1, Probability(2, 3)}}));
}

TEST(DicePoolTest, DefenderRemovesTheBestDie) {
  // 3d8 hitting on 4 or less (p = 1/2): 0..3 raw hits with 1/8, 3/8, 3/8, 1/8; removing the
  // best die takes a hit whenever there is one.
  EXPECT_EQ(DicePool::CountSuccesses(3, 8, SuccessRule::AtMost(4)).RemoveBest(1).Distribution(),
            (Outcomes{{0, Probability(1, 2)}, {1, Probability(3, 8)}, {2, Probability(1, 8)}}));
  // For a sum the best die is the highest face: 2d6 keeping the lowest. P(min = m) =
  // ((7 - m)^2 - (6 - m)^2) / 36 = (13 - 2m) / 36.
  const Outcomes lowest = DicePool::Sum(2, 6).RemoveBest(1).Distribution();
  ASSERT_EQ(lowest.size(), 6u);
  for (int m = 1; m <= 6; ++m) {
    EXPECT_EQ(lowest[m - 1].value, m);
    EXPECT_EQ(lowest[m - 1].probability, Probability(13 - 2 * m, 36)) << m;
  }
}

TEST(DicePoolTest, RerollsOfSuccesses) {
  // A d10 hitting on 5+ (6/10) whose hit is rolled again and counts above 7 (3/10): 9/50.
  const DicePool one = DicePool::CountSuccesses(1, 10, SuccessRule::AtLeast(5))
                           .RerollSuccesses(SuccessRule::AtLeast(8));
  EXPECT_EQ(one.Distribution(), (Outcomes{{0, Probability(41, 50)}, {1, Probability(9, 50)}}));
  // Two such dice: (41/50)^2, 2 * 9 * 41 / 2500, (9/50)^2.
  const DicePool two = DicePool::CountSuccesses(2, 10, SuccessRule::AtLeast(5))
                           .RerollSuccesses(SuccessRule::AtLeast(8));
  EXPECT_EQ(two.Distribution(), (Outcomes{{0, Probability(1681, 2500)},
                                          {1, Probability(738, 2500)},
                                          {2, Probability(81, 2500)}}));
  EXPECT_EQ(*two.OutcomeOfFaces(std::vector{5, 2, 8}), 1);      // one hit, rerolled 8
  EXPECT_EQ(*two.OutcomeOfFaces(std::vector{5, 9, 7, 10}), 1);  // two hits, one reroll counts
  EXPECT_EQ(*two.OutcomeOfFaces(std::vector{1, 4}), 0);         // no hits, nothing rerolled
}

TEST(DicePoolTest, SumsAndResultTables) {
  const Outcomes two_d6 = DicePool::Sum(2, 6).Distribution();
  ASSERT_EQ(two_d6.size(), 11u);
  EXPECT_EQ(two_d6.front(), (PoolOutcome{2, Probability(1, 36)}));
  EXPECT_EQ(two_d6[5], (PoolOutcome{7, Probability(1, 6)}));
  EXPECT_EQ(two_d6.back(), (PoolOutcome{12, Probability(1, 36)}));

  const Outcomes plus_two = DicePool::Sum(1, 6, 2).Distribution();
  ASSERT_EQ(plus_two.size(), 6u);
  EXPECT_EQ(plus_two.front(), (PoolOutcome{3, Probability(1, 6)}));
  EXPECT_EQ(plus_two.back(), (PoolOutcome{8, Probability(1, 6)}));

  // 2d6: 2-7 -> 0, 8-10 -> 1, 11-12 -> 2. P(8..10) = (5 + 4 + 3) / 36, P(11, 12) = 3 / 36.
  const DicePool table = DicePool::Sum(2, 6).LookUp({{2, 0}, {8, 1}, {11, 2}});
  EXPECT_EQ(table.Distribution(),
            (Outcomes{{0, Probability(7, 12)}, {1, Probability(1, 3)}, {2, Probability(1, 12)}}));
  EXPECT_EQ(*table.OutcomeOfFaces(std::vector{3, 4}), 0);
  EXPECT_EQ(*table.OutcomeOfFaces(std::vector{4, 4}), 1);
  EXPECT_EQ(*table.OutcomeOfFaces(std::vector{6, 5}), 2);
}

// Two bonuses to two different dice: 2d6 saving on 4+, each die may get +1 (the tree's and
// the medic's). Both fail only on two faces of 1 or 2: 4/36. Both save on faces of 3+: 16/36.
TEST(DicePoolTest, BonusToTheBestTwoDice) {
  const DicePool pool =
      DicePool::CountSuccesses(2, 6, SuccessRule::AtLeast(4)).BonusToBestDice(1, 2);
  EXPECT_EQ(pool.Distribution(),
            (Outcomes{{0, Probability(1, 9)}, {1, Probability(4, 9)}, {2, Probability(4, 9)}}));
  EXPECT_EQ(*pool.OutcomeOfFaces(std::vector{3, 3}), 2);
  EXPECT_EQ(*pool.OutcomeOfFaces(std::vector{2, 3}), 1);
  // More bonuses than dice: every die gets one.
  const DicePool one =
      DicePool::CountSuccesses(1, 6, SuccessRule::AtLeast(4)).BonusToBestDice(1, 2);
  EXPECT_EQ(one.Distribution(), (Outcomes{{0, Probability(1, 3)}, {1, Probability(2, 3)}}));
}

// brickaction's close combat: the total decides, and natural 6s and natural 1s both count.
TEST(DicePoolTest, SumAndNaturals) {
  const DicePool pool = DicePool::SumAndNaturals(2, 6, 1);
  const Outcomes outcomes = pool.Distribution();
  // The 11 multisets holding a 1 or a 6 give distinct (sum, 6s, 1s); the 10 multisets of
  // faces 2..5 give only their sums 4..10, 7 values: 18 outcomes.
  ASSERT_EQ(outcomes.size(), 18u);
  std::map<int, Probability> by_value;
  for (const PoolOutcome& o : outcomes) by_value[o.value] = o.probability;
  // (1,1): total 2 + 1 = 3, two 1s: 1/36.
  EXPECT_EQ(by_value[DicePool::TripleValue(3, 0, 2)], Probability(1, 36));
  // (1,6) and (6,1): total 8, one 6 and one 1: 2/36.
  EXPECT_EQ(by_value[DicePool::TripleValue(8, 1, 1)], Probability(1, 18));
  // (2,5), (5,2), (3,4), (4,3): total 8, no natural: 4/36.
  EXPECT_EQ(by_value[DicePool::TripleValue(8, 0, 0)], Probability(1, 9));
  // (6,6): total 13, two 6s: 1/36.
  EXPECT_EQ(by_value[DicePool::TripleValue(13, 2, 0)], Probability(1, 36));
  const int value = *pool.OutcomeOfFaces(std::vector{6, 1});
  EXPECT_EQ(DicePool::TripleSum(value), 8);
  EXPECT_EQ(DicePool::TripleHighs(value), 1);
  EXPECT_EQ(DicePool::TripleOnes(value), 1);
  EXPECT_FALSE(pool.OutcomeOfFaces(std::vector{6}).ok());
}

// brickaction's attack roll: natural 6s are casualties, other dice of 4+ force a save.
DicePool AttackRoll(int dice) {
  return DicePool::CountPair(dice, 6, SuccessRule::Natural(6), SuccessRule::AtLeast(4));
}

Outcomes Pairs(std::vector<std::pair<std::pair<int, int>, int>> first_second_and_36ths) {
  Outcomes outcomes;
  for (const auto& [counts, rolls] : first_second_and_36ths) {
    outcomes.push_back({DicePool::PairValue(counts.first, counts.second), Probability(rolls, 36)});
  }
  return outcomes;
}

TEST(DicePoolTest, TwoCountsFromOneRoll) {
  // One die: a 6 counts first (1/6), a 4 or 5 second (2/6), 1-3 nothing (3/6).
  EXPECT_EQ(AttackRoll(1).Distribution(), Pairs({{{0, 0}, 18}, {{0, 1}, 12}, {{1, 0}, 6}}));
  // Two dice, each 6 (1/6), 4-5 (2/6) or 1-3 (3/6), in 36ths: none 9; one 4-5 2*2*3 = 12;
  // two 4-5s 4; one 6 alone 2*1*3 = 6; a 6 and a 4-5 2*1*2 = 4; two 6s 1.
  EXPECT_EQ(AttackRoll(2).Distribution(),
            Pairs({{{0, 0}, 9}, {{0, 1}, 12}, {{0, 2}, 4}, {{1, 0}, 6}, {{1, 1}, 4}, {{2, 0}, 1}}));
  EXPECT_EQ(DicePool::PairFirst(DicePool::PairValue(3, 2)), 3);
  EXPECT_EQ(DicePool::PairSecond(DicePool::PairValue(3, 2)), 2);
  EXPECT_EQ(AttackRoll(3).OutcomeOfFacesText("6 5 2").value(), DicePool::PairValue(1, 1));
}

TEST(DicePoolTest, BonusToTheBestDie) {
  // A veteran's +1 to one die: a natural 3 becomes a 4 (forces a save); a 5 made 6 is no
  // natural 6, so it stays a save. One die: 6 first (1/6), 3-5 second (3/6), 1-2 none (2/6).
  EXPECT_EQ(AttackRoll(1).BonusToBestDie(1).Distribution(),
            Pairs({{{0, 0}, 12}, {{0, 1}, 18}, {{1, 0}, 6}}));
  // Two dice, each 6 (S, 1/6), 4-5 (H, 2/6), 3 (T, 1/6) or 1-2 (M, 2/6); the bonus turns one
  // T into H. In 36ths: MM 4 -> (0,0); HM 8 + TT 1 + TM 4 -> (0,1); HH 4 + HT 4 -> (0,2);
  // SM 4 -> (1,0); SH 4 + ST 2 -> (1,1); SS 1 -> (2,0).
  EXPECT_EQ(AttackRoll(2).BonusToBestDie(1).Distribution(),
            Pairs({{{0, 0}, 4}, {{0, 1}, 13}, {{0, 2}, 8}, {{1, 0}, 4}, {{1, 1}, 6}, {{2, 0}, 1}}));
  EXPECT_EQ(AttackRoll(2).BonusToBestDie(1).OutcomeOfFacesText("3 6").value(),
            DicePool::PairValue(1, 1));
  EXPECT_EQ(AttackRoll(2).BonusToBestDie(1).OutcomeOfFacesText("5 5").value(),
            DicePool::PairValue(0, 2));
  // A success count: 2d6 on 5+ with +1 to one die. Each die 5-6 (A, 2/6), 4 (B, 1/6), 1-3
  // (C, 3/6): two successes AA 4 + AB 4 = 8; one AC 12 + BB 1 + BC 6 = 19; none CC 9.
  EXPECT_EQ(
      DicePool::CountSuccesses(2, 6, SuccessRule::AtLeast(5)).BonusToBestDie(1).Distribution(),
      (Outcomes{{0, Probability(9, 36)}, {1, Probability(19, 36)}, {2, Probability(8, 36)}}));
  // A natural rule ignores the bonus and the modifier: natural 6+ at +3 is still 1/6.
  SuccessRule natural_six = SuccessRule::Natural(6);
  natural_six.modifier = 3;
  EXPECT_EQ(DicePool::CountSuccesses(1, 6, natural_six).BonusToBestDie(2).Distribution(),
            (Outcomes{{0, Probability(5, 6)}, {1, Probability(1, 6)}}));
  // A sum: the bonus adds to the total, 2d6 + 1 runs from 3 to 13.
  const Outcomes sum = DicePool::Sum(2, 6).BonusToBestDie(1).Distribution();
  EXPECT_EQ(sum.front(), (PoolOutcome{3, Probability(1, 36)}));
  EXPECT_EQ(sum.back(), (PoolOutcome{13, Probability(1, 36)}));
}

TEST(DicePoolTest, OutcomeOfFacesRejectsBadRolls) {
  const DicePool pool = DicePool::CountSuccesses(3, 6, SuccessRule::AtMost(2));
  EXPECT_EQ(*pool.OutcomeOfFaces(std::vector{1, 2, 3}), 2);
  EXPECT_EQ(pool.OutcomeOfFaces(std::vector{1, 2}).status().message(),
            "expected 3 dice (3d6 succeeding on 2 or less), got 2");
  EXPECT_EQ(pool.OutcomeOfFaces(std::vector{1, 2, 3, 4}).status().message(),
            "expected 3 dice (3d6 succeeding on 2 or less), got 4");
  EXPECT_EQ(pool.OutcomeOfFaces(std::vector{1, 7, 3}).status().message(),
            "'7' is not a face of a d6 (1..6)");
  EXPECT_EQ(pool.OutcomeOfFaces(std::vector{0, 1, 3}).status().message(),
            "'0' is not a face of a d6 (1..6)");
  DicePool labelled = pool;
  labelled.Label("3d6 (one per wounded model)");
  EXPECT_EQ(labelled.OutcomeOfFaces(std::vector{1}).status().message(),
            "expected 3 dice (3d6 (one per wounded model)), got 1");

  const DicePool reroll = DicePool::CountSuccesses(2, 6, SuccessRule::AtLeast(5))
                              .RerollSuccesses(SuccessRule::AtLeast(4));
  EXPECT_FALSE(reroll.OutcomeOfFaces(std::vector{5, 6, 4}).ok());  // two hits, one reroll
  EXPECT_FALSE(reroll.OutcomeOfFaces(std::vector{5, 1}).ok());     // one hit, no reroll
  EXPECT_FALSE(reroll.OutcomeOfFaces(std::vector{5, 1, 9}).ok());  // not a d6 face
  EXPECT_EQ(*reroll.OutcomeOfFaces(std::vector{5, 1, 4}), 1);
}

// Every face sequence of the pool (and of its rerolls), each with probability
// faces^-length, through OutcomeOfFaces: the exact distribution by brute force.
Outcomes EnumerateFaces(const DicePool& pool) {
  std::map<int, Probability> by_value;
  std::vector<int> faces;
  const Probability one_face(1, pool.faces());
  auto visit = [&](auto& self, Probability p) -> void {
    const absl::StatusOr<int> outcome = pool.OutcomeOfFaces(faces);
    if (outcome.ok()) {
      by_value[*outcome] += p;
      return;
    }
    // Too few faces so far (the first roll, or rerolls still owed): roll one more die.
    if (faces.size() > 2 * static_cast<size_t>(pool.dice())) return;
    for (int face = 1; face <= pool.faces(); ++face) {
      faces.push_back(face);
      self(self, p * one_face);
      faces.pop_back();
    }
  };
  visit(visit, Probability::One());
  Outcomes outcomes;
  for (const auto& [value, p] : by_value) outcomes.push_back({value, p});
  return outcomes;
}

TEST(DicePoolTest, EveryFaceCombinationGivesTheDistribution) {
  const std::vector<DicePool> pools = {
      DicePool::CountSuccesses(3, 6, SuccessRule::AtMost(4)),
      DicePool::CountSuccesses(3, 8, SuccessRule::AtLeast(5)).RemoveBest(1),
      DicePool::CountSuccesses(4, 6, SuccessRule::Test(4, -1)),
      DicePool::CountSuccesses(3, 6, SuccessRule::Test(5, 2)).RemoveBest(2),
      DicePool::CountSuccesses(2, 10, SuccessRule::AtLeast(5))
          .RerollSuccesses(SuccessRule::AtLeast(5)),
      DicePool::CountSuccesses(3, 6, SuccessRule::AtLeast(4))
          .RemoveBest(1)
          .RerollSuccesses(SuccessRule::AtLeast(6)),
      DicePool::Sum(3, 6),
      DicePool::Sum(3, 4, -2).RemoveBest(1),
      DicePool::Sum(2, 6, 1).LookUp({{0, 0}, {7, 1}, {10, 2}}),
      DicePool::CountSuccesses(3, 6, SuccessRule::AtLeast(5)).LookUp({{0, 0}, {2, 5}}),
      DicePool::CountSuccesses(0, 6, SuccessRule::AtLeast(5)),
      AttackRoll(4),
      AttackRoll(3).BonusToBestDie(1),
      DicePool::CountPair(3, 8, SuccessRule::Test(7, 0), SuccessRule::AtMost(2)).BonusToBestDie(-1),
      DicePool::CountSuccesses(3, 6, SuccessRule::Test(4, 1)).BonusToBestDie(2),
      DicePool::Sum(3, 6, -1).BonusToBestDie(1).LookUp({{0, 0}, {12, 1}}),
  };
  for (const DicePool& pool : pools) {
    const Outcomes exact = pool.Distribution();
    EXPECT_EQ(EnumerateFaces(pool), exact) << pool.Describe();
    Probability total;
    for (const PoolOutcome& outcome : exact) total += outcome.probability;
    EXPECT_TRUE(total.IsOne()) << pool.Describe();
  }
}

TEST(DicePoolTest, Describe) {
  EXPECT_EQ(DicePool::CountSuccesses(3, 8, SuccessRule::AtLeast(5)).RemoveBest(1).Describe(),
            "3d8 succeeding on 5+, the defender removes the best die");
  EXPECT_EQ(DicePool::CountSuccesses(2, 6, SuccessRule::Test(4, -1)).Describe(),
            "2d6 succeeding on 4+ at -1 (natural 1 fails, natural 6 succeeds)");
  EXPECT_EQ(DicePool::CountSuccesses(2, 10, SuccessRule::AtLeast(5))
                .RerollSuccesses(SuccessRule::AtLeast(8))
                .Describe(),
            "2d10 succeeding on 5+, successes rerolled needing 8+");
  EXPECT_EQ(DicePool::Sum(2, 6, 3).Describe(), "2d6 +3");
  EXPECT_EQ(AttackRoll(3).BonusToBestDie(1).Describe(),
            "3d6 counting natural 6+, else 4+, +1 to the best die");
}

}  // namespace
}  // namespace sandtable
