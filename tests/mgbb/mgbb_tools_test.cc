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

// Recorded from `sandtable perft --ruleset mgbb --depth D` on the default scenario: the
// initiative, then the tokens (one decision a token) and the first activations. A change in
// the turn sequence, the tokens or the chance nodes moves these.
TEST(MgbbPerftTest, ElectionDay) {
  perft_test::ExpectPerft("mgbb", {{3, 113, 17, 128, 1, 2},
                                   {6, 45081, 6952, 51811, 221, 442},
                                   {8, 2025785, 353174, 2356946, 22003, 44015}});
}

// Recorded from `sandtable perft --ruleset 'mgbb(scenario=night_assault)' --depth 8`.
TEST(MgbbPerftTest, NightAssault) {
  perft_test::ExpectPerft("mgbb(scenario=night_assault)",
                          {{8, 2026383, 353223, 2357590, 22010, 44025}});
}

}  // namespace
}  // namespace sandtable
