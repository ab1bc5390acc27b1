// brickaction's infantry weapons, one test per ruling, on the weapons test board
// (brickaction_test_util.h): the loadout's dice by range, close combat, range, scenario errors.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::HasSubstr;

enum UnitIndex { kA = 0, kB, kC, kD, ka, kb, kc, kd };
using G = BrickactionGame;

class BrickactionWeaponsTest : public ::testing::Test {
 protected:
  BrickactionWeaponsTest() : game_(MakeGame({}, WeaponsTestScenario())) {}
  State At(const std::string& units, int left = 3, int player = 0) {
    return ParseOrDie(*game_, Position(units, left, player));
  }
  // Squad u's ranged dice with `minis` left at `cells` cells.
  int Dice(int u, int minis, int cells) const {
    return game_->LoadoutDice(u, minis, cells * cells);
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionWeaponsTest, SmgsAndCarbinesAddTheirBonusesWithinTheirRanges) {
  // A: 3 SMGs (x3 +1, 12 cells) and 2 carbines (x2 +1, 15 cells), no Repeater.
  EXPECT_EQ(Dice(kA, 5, 6), 3 + 1 + 1);
  EXPECT_EQ(Dice(kA, 5, 13), 3 + 1);  // the SMGs are out of range
  EXPECT_EQ(Dice(kA, 5, 15), 3 + 1);  // a single range: no die fewer before it
  EXPECT_EQ(Dice(kA, 5, 16), 3);      // a long shot: the carbines keep their bonus
  // The survivors keep the dearer weapons: 4 minis carry 2 carbines and 2 SMGs.
  EXPECT_EQ(Dice(kA, 4, 6), 3 + 1);
  EXPECT_EQ(Dice(kA, 2, 6), 2 + 1);
  // Through a position, with A's grenade: +1 within 10 cells.
  const State state =
      At("A@11,11/4v/g/0/- B@1,11/4v/-/0/- C@2,11/1/-/0/- D@3,11/3/-/0/- a@0,0/4/-/0/- "
         "b@11,5/4v/-/0/- c@2,0/2/-/0/- d@3,0/0v/-/0/-");
  EXPECT_EQ(game_->WeaponDice(state, kA, kb, G::kRepeaters), 5);
  EXPECT_EQ(game_->WeaponDice(state, kA, kb, G::kWithGrenade), 6);
  // The board shows the loadout.
  std::string status;
  for (const BoardPiece& piece : game_->DescribeBoard(state, 0).pieces) {
    if (piece.label == "A") status = piece.status;
  }
  EXPECT_THAT(status, HasSubstr("2 carbine, 3 smg"));
}

TEST_F(BrickactionWeaponsTest, ShotgunsAndABattleRifleAsTwoRepeaters) {
  // B: 2 Repeaters and the battle rifle as 2 more (x3 +1; as a carbine it would add
  // nothing), each shotgun +1 within 8 cells; the squad's range is the Repeater's 8-16.
  EXPECT_EQ(Dice(kB, 5, 5), 3 + 1 + 2);
  EXPECT_EQ(Dice(kB, 5, 10), 3 + 1 - 1);
  EXPECT_EQ(Dice(kB, 5, 17), 3 + 1 - 1 - 1);
  // D: 2 carbines and the battle rifle as a third carbine (x3 +2; as Repeaters +1 only).
  EXPECT_EQ(Dice(kD, 3, 6), 3 + 2);
  EXPECT_EQ(Dice(kD, 3, 10), 3 + 2 - 1);  // the rifle's range, 8-16, is the squad's
  EXPECT_EQ(Dice(kD, 3, 16), 3 - 1);      // beyond the carbines' 15 cells
  EXPECT_EQ(game_->LoadoutRange(kB, 5), 16);
}

TEST_F(BrickactionWeaponsTest, SniperRifleAndSupportWeapon) {
  // C: a lone sniper, +1 die, 12-20 cells.
  EXPECT_EQ(Dice(kC, 1, 10), 1 + 1);
  EXPECT_EQ(Dice(kC, 1, 14), 1 + 1 - 1);
  EXPECT_EQ(Dice(kC, 1, 21), 0);  // one die fewer and a long shot
  EXPECT_EQ(game_->LoadoutRange(kC, 1), 20);
  // a: 3 Repeaters (x3 +1) and a support weapon, 48/64: +1 within 12 cells, +2 to 16, full
  // dice to 16 (the squad's range is the support weapon's).
  EXPECT_EQ(Dice(ka, 4, 10), 3 + 1 + 1);
  EXPECT_EQ(Dice(ka, 4, 14), 3 + 1 + 2);
  EXPECT_EQ(Dice(ka, 4, 17), 3 + 1 + 2 - 1);
  EXPECT_EQ(Dice(ka, 3, 10), 3 + 0 + 1);  // 2 Repeaters left
  // The Repeater squads are as before: b with 5 minis.
  EXPECT_EQ(Dice(kb, 5, 8), 3 + 2);
  EXPECT_EQ(Dice(kb, 5, 9), 3 + 2 - 1);
  EXPECT_EQ(Dice(kb, 5, 17), 3 + 2 - 1 - 1);
}

TEST_F(BrickactionWeaponsTest, ReactiveFireWithinTheSquadsRange) {
  // d ends its move 15.6 cells from (0,11): within B's range (16, the Repeater's), beyond
  // A's (15, the carbine's).
  State state = At("A:x B@0,11/4v/-/0/- C:x D:x a@11,11/4/-/0/- b:x c:x d@11,3/0v/-/0/-", 3, 1);
  Play(*game_, state, {"d", "move", "to 11,0"});
  ASSERT_EQ(state.phase, G::kReactive);
  EXPECT_THAT(Legal(*game_, state), testing::ElementsAre("fire B", "none"));
  state = At("A@0,11/4v/g/0/- B:x C:x D:x a@11,11/4/-/0/- b:x c:x d@11,3/0v/-/0/-", 3, 1);
  Play(*game_, state, {"d", "move", "to 11,0"});
  EXPECT_NE(state.phase, G::kReactive);
  EXPECT_EQ(game_->LoadoutRange(kA, 5), 15);
}

TEST_F(BrickactionWeaponsTest, CloseCombatShotgunsCarbinesAndSmgs) {
  // B: 4 dice (at most 4) and one per shotgun (2); 1 battle rifle is not 2 carbines.
  State state =
      At("A@9,9/4v/g/0/- B@3,3/4v/-/0/- C@2,11/1/-/0/- D@3,11/3/-/0/- a@0,0/4/-/0/- "
         "b@11,0/4v/-/0/- c@3,2/2/-/0/- d@9,8/0v/-/0/-");
  State copy = state;
  Play(*game_, state, {"B", "attack", "close c"});
  ASSERT_EQ(state.phase, G::kCcRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 6);
  Play(*game_, state, {"roll 6 5 4 3 2 2"});
  EXPECT_EQ(state.a_sum, 22 + 1);  // +1 for the veteran
  // A: 4 dice and one for 2+ carbines or SMGs.
  state = copy;
  Play(*game_, state, {"A", "attack", "close d"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 5);
  // D: 3 dice and one for its carbines and battle rifle (3 carbines).
  state = At("A:x B:x C:x D@3,3/3/-/0/- a:x b@11,0/4v/-/0/- c@3,2/2/-/0/- d:x");
  Play(*game_, state, {"D", "attack", "close c"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 4);
}

TEST_F(BrickactionWeaponsTest, TheAttackRollsTheLoadoutsDice) {
  // D at 6 cells from b: 5 dice (no veteran), one chance node of CountPair.
  State state = At("A:x B:x C:x D@11,11/3/-/0/- a:x b@11,5/4v/-/0/- c@2,0/2/-/0/- d:x");
  Play(*game_, state, {"D", "attack", "at b"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 5);
  Play(*game_, state, {"roll 6 6 1 1 1"});
  EXPECT_EQ(state.cas_t, 2);
}

TEST(BrickactionWeaponsScenarioTest, LoadoutErrors) {
  const std::string base = WeaponsTestScenario();
  auto error = [&](const std::string& from, const std::string& to) {
    return ScenarioErrorAfter(base, from, to);
  };
  EXPECT_THAT(error("smg=3 carbine=2", "smg=3 laser=2"), HasSubstr("laser"));
  EXPECT_THAT(error("smg=3 carbine=2", "smg=4 carbine=2"),
              HasSubstr("6 weapons need 6 minis, it has 5"));
  EXPECT_THAT(error("shotgun=2 battlerifle=1", "shotgun=3 battlerifle=1"), HasSubstr("shotgun"));
  EXPECT_THAT(error("veteran=0 support=1", "veteran=0 support=2"), HasSubstr("support"));
  EXPECT_THAT(error("regulars=1 veteran=0 sniper=1", "regulars=2 veteran=0 sniper=1"),
              HasSubstr("sniper rifles go to a squad of snipers and a spotter only"));
  // Player 0: A 50 (its veteran and grenade free) + 10, B 50 + 30, C 10 + 15, D 30 + 20:
  // 215 points.
  EXPECT_EQ(error("points 1000", "points 215"), "ok");
  EXPECT_THAT(error("points 1000", "points 214"), HasSubstr("215 points, over the limit of 214"));
}

}  // namespace
}  // namespace sandtable::brickaction_test
