// doubletap through the tools: `sandtable odds` on representative attacks against exact
// fractions worked out by hand, and perft counts of the default scenario.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/doubletap/doubletap_test_util.h"
#include "tests/odds_test_util.h"
#include "tests/perft_test_util.h"

namespace sandtable {
namespace {

using odds_test::Expected;

// The exact odds of `move` after `moves` from `units` on the test board.
absl::StatusOr<OddsResult> OddsOf(const std::string& units, int points,
                                  const std::vector<std::string>& moves, std::string_view move) {
  return odds_test::OddsAfter("doubletap", doubletap_test::TestScenario(),
                              doubletap_test::Position(units, points), moves, move);
}

TEST(DoubletapOddsTest, RifleAtATargetInCover) {
  // Rifle at 7 cells (no band modifier), target behind cover: hits on 5+ (1/3 each), and
  // the target blocks on 3+ (2/3 each). P(killed) = 4/9 * 1/3 + 1/9 * (1 - 4/9) = 17/81.
  // It survives hits with 4/9 * 2/3 + 1/9 * 4/9 = 28/81 and then fails morale half the
  // time (no Hero near), retreating: 14/81 of a unit moved.
  const auto odds =
      OddsOf("H:x R@8,9 M:x h:x r@8,2 s:x g:x", 1, {"R", "move", "stay", "at r"}, "none");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "killed_p1_units"), "17/81");
  EXPECT_EQ(Expected(*odds, "points_p0"), "170/81");
  EXPECT_EQ(Expected(*odds, "units_moved"), "14/81");
  EXPECT_TRUE(odds->total.IsOne());
}

TEST(DoubletapOddsTest, SmgAtCloseRange) {
  // Four attacks at 4+ (band < 6, no modifier); killed unless every hit is blocked:
  // 1 - sum_k C(4,k)/16 * (1/2)^k = 1 - (3/2)^4 / 16 = 175/256.
  const auto odds =
      OddsOf("H:x R:x M@1,6 h:x r@1,1 s:x g:x", 1, {"M", "move", "stay", "at r"}, "none");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "killed_p1_units"), "175/256");
}

TEST(DoubletapOddsTest, DodgeAgainstARifle) {
  // Two attacks at 4+ against two dodge tests at 4+: hits left H = max(S - D, 0);
  // P(H=1) = 1/2 * 1/4 + 1/4 * 1/2 = 1/4, P(H=2) = 1/16; killed 1/4 * 1/2 + 1/16 * 3/4 = 11/64.
  const auto odds =
      OddsOf("H:x R@1,11 M:x h:x r@1,1 s:x g:x", 1, {"R", "move", "stay", "at r"}, "dodge");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "killed_p1_units"), "11/64");
}

TEST(DoubletapOddsTest, ShootReactionHitsBack) {
  // r shoots back with one test at 4+ (rifle at 10 cells). R kills r only with its
  // successes left after r's cancels; r's leftover success hits R, which dies unless its
  // one block test passes (1/2). P(R killed) = P(S=0) * 1/2 * 1/2 = 1/4 * 1/4 = 1/16.
  const auto odds =
      OddsOf("H:x R@1,11 M:x h:x r@1,1 s:x g:x", 1, {"R", "move", "stay", "at r"}, "shoot");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "killed_p0_units"), "1/16");
  // r dies with H = S - C hits: P(H=1) = 1/2*1/2 + 1/4*1/2 = 3/8, P(H=2) = 1/4*1/2 = 1/8;
  // killed 3/8 * 1/2 + 1/8 * 3/4 = 9/32.
  EXPECT_EQ(Expected(*odds, "killed_p1_units"), "9/32");
}

// Recorded from `sandtable perft --ruleset doubletap --depth D` on the default scenario: a
// change in move generation, reactions, chance outcomes or turn order moves these numbers.
TEST(DoubletapPerftTest, DefaultScenario) {
  perft_test::ExpectPerft("doubletap",
                          {{4, 1869, 370, 2238, 0, 0}, {6, 63248, 9564, 72377, 422, 856}});
}

}  // namespace
}  // namespace sandtable
