// brickaction through the tools: `sandtable odds` on representative attacks against exact
// fractions worked out by hand, and perft counts of the default scenario.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/brickaction/brickaction_test_util.h"
#include "tests/odds_test_util.h"
#include "tests/perft_test_util.h"

namespace sandtable {
namespace {

using odds_test::Expected;

// The exact odds of `move` after `moves` from `units` on the test board.
absl::StatusOr<OddsResult> OddsOf(const std::string& units, const std::vector<std::string>& moves,
                                  std::string_view move) {
  return odds_test::OddsAfter("brickaction", brickaction_test::TestScenario(),
                              brickaction_test::Position(units), moves, move);
}

TEST(BrickactionOddsTest, TwoRegularsAtTwoInTheOpen) {
  // D's 2 dice at 6 cells (full dice, no veteran). A die is a casualty on a 6 (1/6), a hit
  // on 4-5 (1/3) whose save (4+) fails half the time: 1/6 + 1/3 * 1/2 = 1/3 a die. Two dice
  // never exceed d's two minis, so the dice are independent: 2/3 minis expected, both with
  // (1/3)^2 = 1/9 (two minis lost in one action would suppress, but d is gone).
  const auto odds = OddsOf("A:x B:x C:x D@8,10/2/-/0/- a:x b:x c@11,0/0v/-/0/- d@8,4/2/-/0/-",
                           {"D", "attack"}, "at d");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "minis_lost_p1"), "2/3");
  EXPECT_EQ(Expected(*odds, "units_destroyed_p1"), "1/9");
  EXPECT_EQ(Expected(*odds, "minis_lost_p0"), "0");
  EXPECT_TRUE(odds->total.IsOne());
}

TEST(BrickactionOddsTest, VeteranBonusAndSoftCover) {
  // The lone veteran's die with +1: 6 a casualty (1/6), 3-5 a hit (1/2): 1/6 + 1/2 * 1/2 =
  // 5/12. Behind tall grass the +1 is negated: 1/6 + 1/3 * 1/2 = 1/3.
  auto odds = OddsOf("A:x B:x C@8,10/0v/-/0/- D:x a:x b:x c@11,0/0v/-/0/- d@8,5/2/-/0/-",
                     {"C", "attack"}, "at d");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "minis_lost_p1"), "5/12");
  odds = OddsOf("A:x B:x C@6,10/0v/-/0/- D:x a:x b:x c@11,0/0v/-/0/- d@6,5/2/-/0/-",
                {"C", "attack"}, "at d");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "minis_lost_p1"), "1/3");
}

TEST(BrickactionOddsTest, HardCover) {
  // Behind the low wall the save is 3+ (2/3): a die kills 1/6 + 1/3 * 1/3 = 5/18; two
  // independent dice: 5/9 expected, both (5/18)^2 = 25/324.
  const auto odds = OddsOf("A:x B:x C:x D@4,8/2/-/0/- a:x b:x c@11,0/0v/-/0/- d@4,2/2/-/0/-",
                           {"D", "attack"}, "at d");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "minis_lost_p1"), "5/9");
  EXPECT_EQ(Expected(*odds, "units_destroyed_p1"), "25/324");
}

TEST(BrickactionOddsTest, PendingRemovalsCount) {
  // b has a veteran: when it survives, its owner chooses who dies (a decision), but the odds
  // count those casualties. The lone veteran C against b (5 minis, open, 5 cells): its die
  // kills with 1/6 + 1/2 * 1/2 = 5/12 as before, whoever b's owner then removes.
  const auto odds = OddsOf("A:x B:x C@8,10/0v/-/0/- D:x a:x b@8,5/4v/g/0/- c@11,0/0v/-/0/- d:x",
                           {"C", "attack"}, "at b");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "minis_lost_p1"), "5/12");
}

TEST(BrickactionOddsTest, CarbinesAndABattleRifle) {
  // D (3 regulars: 2 carbines and a battle rifle counted as a third carbine) at b, 6 cells in
  // the open: 3 dice + 2 for 3 carbines = 5. Each die kills 1/6 + 1/3 * 1/2 = 1/3, and 5
  // dice never exceed b's 5 minis, so the dice are independent: 5/3 expected, all five
  // (b destroyed) (1/3)^5 = 1/243.
  const auto odds =
      odds_test::OddsAfter("brickaction", brickaction_test::WeaponsTestScenario(),
                           brickaction_test::Position(
                               "A:x B:x C:x D@11,11/3/-/0/- a:x b@11,5/4v/-/0/- c@2,0/2/-/0/- d:x"),
                           {"D", "attack"}, "at b");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "minis_lost_p1"), "5/3");
  EXPECT_EQ(Expected(*odds, "units_destroyed_p1"), "1/243");
  EXPECT_TRUE(odds->total.IsOne());
}

// The armour table: V's MG (2 dice) at v (L1, threshold 11) in the open, 4 cells ahead. Each
// die is a natural 6 (a damage) with 1/6: 2/6 = 1/3 expected. The total meets 11 on 5-6, 6-5
// or 6-6 (3/36 = 1/12), and then the save (4+) fails half the time: 1/24 more. 1/3 + 1/24 =
// 3/8. Destroyed (3 damage, L1's capacity): 6-6 and a failed save, 1/36 * 1/2 = 1/72.
TEST(BrickactionOddsTest, ArmourTableMgAgainstLightVehicle) {
  const auto odds = odds_test::OddsAfter(
      "brickaction", brickaction_test::VehicleTestScenario(),
      brickaction_test::Position(
          "A:x B:x a:x b@11,0/4v/g/0/- V@5,8/d0/N+N/-/0 W:x v@5,4/d0/S+S/-/0 w:x"),
      {"V", "attack"}, "at v");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "vehicle_damage_p1"), "3/8");
  EXPECT_EQ(Expected(*odds, "units_destroyed_p1"), "1/72");
  EXPECT_EQ(Expected(*odds, "minis_lost_p1"), "0");
  EXPECT_TRUE(odds->total.IsOne());
}

// Infantry against armour: B's rocket at v 5 cells away: 2 dice (the model's and the
// rocket's +1 beyond 4 cells), the veteran's +1 to the best die. A natural 6 is a damage
// (2/6 = 1/3 expected); a 4 or 5 is a hit (2/3 expected), and a 3 with the +1 (one die: a 3
// among the two, 1 - (5/6)^2 = 11/36): 35/36 hits expected, each saved on 5+ (fails 2/3):
// 1/3 + 35/36 * 2/3 = 53/54.
TEST(BrickactionOddsTest, RocketAgainstLightVehicle) {
  const auto odds = odds_test::OddsAfter(
      "brickaction", brickaction_test::VehicleTestScenario(),
      brickaction_test::Position("A:x B@5,9/4v/gr/0/- a:x b:x V:x W:x v@5,4/d0/S+S/-/0 w:x"),
      {"B", "attack"}, "at v rocket");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "vehicle_damage_p1"), "53/54");
  EXPECT_EQ(Expected(*odds, "units_destroyed_p1"), "0");
}

// A rifle grenade on its own at v 13.6 cells away (beyond 10, within 16): 1 die, with the
// veteran's +1. A natural 6 is a damage (1/6); a 3, 4 or 5 (+1: 4-6) a hit (1/2), saved on
// 5+ (fails 2/3): 1/6 + 1/2 * 2/3 = 1/2.
TEST(BrickactionOddsTest, RifleGrenadeAgainstLightVehicle) {
  const auto odds = odds_test::OddsAfter(
      "brickaction", brickaction_test::RifleGrenadeTestScenario(),
      brickaction_test::Position("A:x B@1,11/4v/l/0/- a:x b:x V:x W:x v@9,0/d0/S+S/-/0 w:x"),
      {"B", "attack"}, "at v riflegrenade");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "vehicle_damage_p1"), "1/2");
  EXPECT_EQ(Expected(*odds, "units_destroyed_p1"), "0");
}

// Heavy support with its crew of 2 (B) at a (5 minis) 6 cells away in the open: 2 + 2 = 4
// dice, no veteran. A die kills 1/6 + 1/3 * 1/2 = 1/3; 4 dice never exceed a's 5 minis, so
// they are independent: 4/3 expected, a never destroyed.
TEST(BrickactionOddsTest, HeavySupportCrewOfTwo) {
  const auto odds = odds_test::OddsAfter(
      "brickaction", brickaction_test::HeavySupportTestScenario(),
      brickaction_test::Position("A:x B@8,10/2/-/0/- a@8,4/4v/-/0/- b@11,0/4v/-/0/-"),
      {"B", "attack"}, "at a");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "minis_lost_p1"), "4/3");
  EXPECT_EQ(Expected(*odds, "units_destroyed_p1"), "0");
}

TEST(BrickactionOddsTest, CommandosSplitAttackOfFourDice) {
  // a (5 minis: 5 dice within 8 cells) splits: 2 cells, no reactive fire taken, then at the
  // lone sniper C 5 cells away in the open with 4 dice (the cap) and the officer's +1 to the
  // best die. C dies on any natural 6: 1 - (5/6)^4 = 671/1296. Without one, the dice are
  // uniform on 1-5; k of them 4-5 (hits), Binomial(4, 2/5), and the +1 makes one more hit
  // when a 3 is among the others. C's one save: 4+ after one hit (fails 1/2), 5+ after two
  // (2/3), only a 6 after three or more (5/6). Per k, with the others uniform on 1-3:
  //   k=0  81/625: a 3 among 4: 65/81, then 1 hit: 65/81 * 1/2
  //   k=1 216/625: a 3 among 3: 19/27 -> 2 hits (2/3), else 1 (1/2): 50/81
  //   k=2 216/625: a 3 among 2: 5/9 -> 3 hits (5/6), else 2 (2/3): 41/54
  //   k=3  96/625: 3 or 4 hits: 5/6;   k=4  16/625: 5/6
  // Sum: 65/1250 + 400/1875 + 164/625 + 80/625 + 40/1875 = 2539/3750. So C dies with
  // 1 - 625/1296 * (1 - 2539/3750) = 1 - 1211/7776 = 6565/7776.
  const auto odds = odds_test::OddsAfter(
      "brickaction", brickaction_test::SpecialistsTestScenario(),
      brickaction_test::Position("A:x B:x C@0,7/1/-/0/- a@0,0/3vo/gbbb/0/- b:x", 3, 1),
      {"a", "split", "to 0,2", "none"}, "at C");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "minis_lost_p0"), "6565/7776");
  EXPECT_EQ(Expected(*odds, "units_destroyed_p0"), "6565/7776");
  EXPECT_TRUE(odds->total.IsOne());
}

TEST(BrickactionOddsTest, CloseCombatOfSevenDice) {
  // A (5 minis, 7 dice, +1) at the lone regular a (1 die): A's total, at least 7 + 1, always
  // beats a's, so a always dies. A loses a mini to a's natural 6 (S, 1/6) and one per failed
  // save (4+, 1/2) of its natural 1s, at most 5 saves: min(F + S, 5) with O ~ Bin(7, 1/6)
  // ones and F ~ Bin(min(O, 5), 1/2). E[min(O, 5)] = 7/6 - 1 * P(O=6) - 2 * P(O=7) = 7/6 -
  // (35 + 2)/6^7, so E[F] = 7/12 - 37/559872; the cap takes 1 when F = 5 and S = 1:
  // P(O >= 5) = (21 * 25 + 7 * 5 + 1)/6^7 = 561/279936, times 1/32 and 1/6. In all
  // 1/6 + 7/12 - 37/559872 - 561/53747712 = 40306671/53747712 = 4478519/5971968.
  const auto odds =
      odds_test::OddsAfter("brickaction", brickaction_test::CloseRollTestScenario(),
                           brickaction_test::Position("A@5,5/4v/-/0/- B:x a@5,4/1/-/0/- b:x"),
                           {"A", "attack"}, "close a");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "minis_lost_p0"), "4478519/5971968");
  EXPECT_EQ(Expected(*odds, "units_destroyed_p1"), "1");
  EXPECT_TRUE(odds->total.IsOne());
}

// Recorded from `sandtable perft --ruleset brickaction --depth D` on the default scenario: a
// change in move generation, holds, reactions, chance outcomes or turn order moves these.
TEST(BrickactionPerftTest, DefaultScenario) {
  perft_test::ExpectPerft(
      "brickaction",
      {{3, 114, 13, 126, 0, 0}, {5, 1497, 556, 2052, 0, 0}, {8, 209857, 70146, 279619, 169, 552}});
}

// Recorded from `sandtable perft --ruleset 'brickaction(scenario=vehicles)' --depth D`: the
// second shipped scenario (a light vehicle per side, rockets; the vehicles hold and are named
// by holds, as squads).
TEST(BrickactionPerftTest, VehiclesScenario) {
  perft_test::ExpectPerft(
      "brickaction(scenario=vehicles)",
      {{3, 230, 18, 247, 0, 0}, {5, 6216, 1687, 7902, 0, 0}, {7, 398441, 53732, 452158, 4, 18}});
}

}  // namespace
}  // namespace sandtable
