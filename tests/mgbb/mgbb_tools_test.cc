// mgbb through the tools: perft counts of both shipped scenarios, and `sandtable odds` on a
// representative shot against exact fractions worked out by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/odds_test_util.h"
#include "tests/perft_test_util.h"

namespace sandtable {
namespace {

using odds_test::Expected;

// Election day: the government's machine gun g4 (Regular Army, in the town at 13,6) shoots
// the insurgents' machine gun i6 four cells straight ahead (13,2, in the open, 1R).
TEST(MgbbOddsTest, MachineGunFromTheTown) {
  // Dice: 4 + 2 (machine gun) + 1 (Regular Army against other than Regular Army) = 7, then
  // 2/3 for shooting from terrain at short range: 7 - 2 = 5. Hits: -1 (target 1R) +1 (hit by
  // a machine gun) = as scored. X ~ Bin(5, 1/3): P(X = k) = C(5,k) 2^(5-k) / 243 = 32, 80,
  // 80, 40, 10, 1 / 243. Four tokens destroy: P(destroyed) = (10 + 1) / 243; the tokens
  // added are min(X, 4): (80 + 2*80 + 3*40 + 4*11) / 243 = 404/243.
  const auto odds = odds_test::OddsAfter(
      "mgbb", "", "", {"initiative government", "token g4", "done", "done", "unit g4", "shoot"},
      "at i6");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "insurgents_destroyed"), "11/243");
  EXPECT_EQ(Expected(*odds, "insurgents_hits"), "404/243");
  EXPECT_EQ(Expected(*odds, "government_hits"), "0");
  EXPECT_TRUE(odds->total.IsOne());
}

// The night assault's government sortie g8 (Regular Army) at night: 4 dice - 2 (nighttime)
// + 1 (Regular Army against other than Regular Army); hits: +1 (not a vehicle, hit by a
// ground attack sortie).
TEST(MgbbOddsTest, SortieAtGuerrillasInTheOpen) {
  // i3, guerrilla foot 1R in the open: 3 dice; hits -1 (1R) + 1 = as scored. X ~ Bin(3, 1/3):
  // 8, 12, 6, 1 / 27; E[X] = 1.
  const auto odds = odds_test::OddsAfter(
      "mgbb(scenario=night_assault)", "", "",
      {"initiative government", "token g8", "done", "done", "pass", "unit g8"}, "at i3");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "insurgents_hits"), "1");
  EXPECT_EQ(Expected(*odds, "insurgents_destroyed"), "0");
  // The lines in increasing order of the hits.
  ASSERT_EQ(odds->lines.size(), 4u);
  EXPECT_EQ(odds->lines[0].probability, Probability(8, 27));
  EXPECT_EQ(odds->lines[1].probability, Probability(12, 27));
  EXPECT_EQ(odds->lines[2].probability, Probability(6, 27));
  EXPECT_EQ(odds->lines[3].probability, Probability(1, 27));
  EXPECT_TRUE(odds->total.IsOne());
}

TEST(MgbbOddsTest, SortieAtGuerrillasInTerrainOutOfEveryRange) {
  // i4, guerrilla foot 2R in terrain at (3,2), beyond every government unit's range: 3 - 2
  // (target in terrain) = 1 die; hits -1 (Regular or Guerrilla in cover, not fired upon) + 1
  // = as scored: one hit with probability 1/3.
  const auto odds = odds_test::OddsAfter(
      "mgbb(scenario=night_assault)", "", "",
      {"initiative government", "token g8", "done", "done", "pass", "unit g8"}, "at i4");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "insurgents_hits"), "1/3");
  EXPECT_EQ(Expected(*odds, "insurgents_destroyed"), "0");
  EXPECT_TRUE(odds->total.IsOne());
}

// Depth 3 by hand: the initiative, then the first two token decisions. Tokens go in
// scenario order, so after a token on the k-th of n units only units k..n (and done) remain.
// Government initiative (6 units g2-g7, done: 7): after the k-th unit 7 - k + 1 (units k..6,
// done): 7 + 6 + ... + 2 = 27; after done the insurgents' 8 (7 units, done): 27 + 8 = 35.
// Insurgent initiative: after the k-th of 7 units 8 - k + 1: 8 + 7 + ... + 2 = 35; after done
// the government's 7: 42. Leaves 35 + 42 = 77; decision nodes 2 + 7 + 8 = 17, branches 15 +
// 77 = 92. Deeper counts recorded from `sandtable perft --ruleset mgbb --depth D`: a change
// in the turn sequence, the tokens or the chance nodes moves them.
TEST(MgbbPerftTest, ElectionDay) {
  perft_test::ExpectPerft("mgbb", {{3, 77, 17, 92, 1, 2},
                                   {6, 5634, 1744, 7208, 169, 338},
                                   {10, 526756, 191711, 632773, 85269, 170962}});
}

// Depth 3 by hand: the government's sortie g8 is one more first token, declared before any
// unit's. Government initiative (6 units, the sortie, done: 8): after the sortie 7 (6 units,
// done); after the k-th unit 7 - k + 1 as above (the sortie comes first or not at all): 27;
// after done the insurgents' 8: 7 + 27 + 8 = 42. Insurgent initiative: 35 as above, then
// after done the government's 8: 43. Leaves 42 + 43 = 85; decision nodes 2 + 8 + 8 = 18,
// branches 16 + 85 = 101. Depth 10 recorded from
// `sandtable perft --ruleset 'mgbb(scenario=night_assault)' --depth 10`.
TEST(MgbbPerftTest, NightAssault) {
  perft_test::ExpectPerft("mgbb(scenario=night_assault)",
                          {{3, 85, 18, 101, 1, 2}, {10, 716488, 251223, 853113, 114069, 228666}});
}

}  // namespace
}  // namespace sandtable
