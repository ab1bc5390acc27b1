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

TEST_F(BrickactionWeaponsTest, CloseCombatBayonetsAddOneEachToTheTotal) {
  // c: 2 regulars with bayonets, +1 each to its total (no veteran), 2 dice.
  State state = At("A:x B@3,3/4v/-/0/- C:x D:x a:x b@11,0/4v/-/0/- c@3,2/2/-/0/- d:x");
  EXPECT_EQ(game_->CloseModifier(state, kc), 2);
  EXPECT_EQ(game_->CloseModifier(state, kB), 1);  // B: its veteran, no bayonets
  Play(*game_, state, {"B", "attack", "close c", "roll 5 4 3 3 2 2"});
  EXPECT_EQ(state.a_sum, 19 + 1);
  ASSERT_EQ(state.phase, G::kCcRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 2);
  Play(*game_, state, {"roll 4 4"});
  EXPECT_EQ(state.b_sum, 8 + 2);
  // B's 20 beats 10: c loses a mini; the survivor keeps one bayonet (+1).
  ASSERT_EQ(state.phase, G::kRepeat);
  EXPECT_EQ(state.regulars[kc], 1);
  Play(*game_, state, {"repeat", "roll 3 3 2 2 2 2"});
  ASSERT_EQ(state.phase, G::kCcRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 1);
  const auto outcome = game_->ParseAction(state, kChancePlayer, "roll 5");
  ASSERT_TRUE(outcome.ok()) << outcome.status();
  EXPECT_EQ(game_->ActionToString(state, kChancePlayer, *outcome), "total 6 sixes 0 ones 0");
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

// The rifle grenade (40-64 studs, +1 die, single use) on the vehicle test board, B with 2:
// with the squad's fire +1 die within 10 cells (not offered beyond: "40-64"'s one die fewer
// takes the bonus away); on its own against a vehicle 1 die and its +1 within 10 cells, 1
// die up to 16.
TEST(BrickactionRifleGrenadeTest, WithTheSquadsFireWithinTenCells) {
  const auto game = MakeGame({}, RifleGrenadeTestScenario());
  enum { kB = 1, kb = 3 };
  State state = ParseOrDie(
      *game, Position("A:x B@1,11/4v/ll/0/- a:x b@1,1/4v/-/0/- V:x W:x v@6,0/d0/S+S/-/0 w:x"));
  // 10 cells: 5 minis with Repeaters, 3 + 2 - 1 (beyond 8) = 4, and the rifle grenade's 1.
  EXPECT_EQ(game->WeaponDice(state, kB, kb, G::kRepeaters), 4);
  EXPECT_EQ(game->WeaponDice(state, kB, kb, G::kWithRifleGrenade), 5);
  State fired = state;
  Play(*game, fired, {"B", "attack", "at b riflegrenade"});
  ASSERT_EQ(fired.phase, G::kAttackRoll);
  EXPECT_EQ(game->PoolAt(fired).dice(), 5);
  EXPECT_EQ(fired.rifle_grenades[kB], 1);  // one used, one left
  // 11 cells: not offered.
  state = ParseOrDie(
      *game, Position("A:x B@1,11/4v/ll/0/- a:x b@1,0/4v/-/0/- V:x W:x v@6,0/d0/S+S/-/0 w:x"));
  Play(*game, state, {"B", "attack"});
  EXPECT_THAT(Legal(*game, state), testing::Contains("at b"));
  EXPECT_THAT(Legal(*game, state), testing::Not(testing::Contains("at b riflegrenade")));
}

TEST(BrickactionRifleGrenadeTest, OnItsOwnAgainstAVehicle) {
  const auto game = MakeGame({}, RifleGrenadeTestScenario());
  enum { kB = 1, kv = 6 };
  auto at = [&](const std::string& v) {
    return ParseOrDie(*game, Position("A:x B@1,11/4v/gl/0/- a:x b:x V:x W:x " + v + " w:x"));
  };
  EXPECT_EQ(game->WeaponDice(at("v@1,1/d0/S+S/-/0"), kB, kv, G::kWithRifleGrenade), 2);  // 10
  EXPECT_EQ(game->WeaponDice(at("v@1,0/d0/S+S/-/0"), kB, kv, G::kWithRifleGrenade), 1);  // 11
  EXPECT_EQ(game->WeaponDice(at("v@1,0/d0/S+S/-/0"), kB, kv, G::kWithGrenade), 0);
  // 13.6 cells (9,0 from 1,11: sqrt(64 + 121)): one die, the veteran's +1; a natural 6
  // is a damage.
  State state = at("v@9,0/d0/S+S/-/0");
  Play(*game, state, {"B", "attack"});
  EXPECT_THAT(Legal(*game, state), testing::ElementsAre("at v riflegrenade"));
  Play(*game, state, {"at v riflegrenade"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game->PoolAt(state).dice(), 1);
  EXPECT_EQ(state.rifle_grenades[kB], 0);
  Play(*game, state, {"roll 6"});
  EXPECT_EQ(G::Damage(state, kv), 1);
}

// The smoke grenade (40 studs, a 16 x 16-stud screen for one action) on the smoke test board:
// D and d, 8 cells apart on row 8, each with one.
class BrickactionSmokeTest : public ::testing::Test {
 protected:
  enum { kD = 3, kd = 7 };
  BrickactionSmokeTest() : game_(MakeGame({}, SmokeTestScenario())) {}
  State At(const std::string& smoke_and_units, int left = 3, int player = 0) {
    return ParseOrDie(*game_, Position(smoke_and_units, left, player));
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionSmokeTest, TheScreenBlocksSightUntilTheNextActionEnds) {
  const State start = At("smoke=- A:x B:x C:x D@0,8/2/k/0/- a:x b:x c:x d@8,8/2/k/0/-");
  EXPECT_TRUE(game_->CanSee(start, kD, kd));
  // Without smoke, D's move of 2 cells in the open draws d's reactive fire.
  State state = start;
  Play(*game_, state, {"D", "move", "to 2,8"});
  EXPECT_EQ(state.phase, G::kReactive);
  // Screens within 10 cells (their centre) and on the map: 3,7 covers 3..6 x 7..10.
  state = start;
  Play(*game_, state, {"D", "smoke"});
  ASSERT_EQ(state.phase, G::kSmokeTarget);
  EXPECT_THAT(Legal(*game_, state), testing::Contains("smoke 3,7"));
  // 8,0: its centre (10,2) is 11.5 cells from D's (0.5,8.5); 9,9 runs off the map.
  EXPECT_THAT(Legal(*game_, state), testing::Not(testing::Contains("smoke 8,0")));
  EXPECT_THAT(Legal(*game_, state), testing::Not(testing::Contains("smoke 9,9")));
  Play(*game_, state, {"smoke 3,7"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.left, 2);
  EXPECT_EQ(state.smokes[kD], 0);
  EXPECT_FALSE(game_->CanSee(state, kD, kd));
  EXPECT_FALSE(game_->CanSee(state, kd, kD));
  // The next action, D's move, is under the screen: no reactive fire; then it is gone.
  Play(*game_, state, {"D", "move", "to 2,8"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.smoke, G::kNoCell);
  EXPECT_TRUE(game_->CanSee(state, kD, kd));
}

TEST_F(BrickactionSmokeTest, ThrownLastItHidesTheOpponentsFirstAction) {
  State state = At("smoke=- A:x B:x C:x D@0,8/2/k/0/- a:x b:x c:x d@8,8/2/k/0/-", 1);
  Play(*game_, state, {"D", "smoke", "smoke 3,7"});
  ASSERT_EQ(state.player, 1);
  Play(*game_, state, {"d"});
  EXPECT_THAT(Legal(*game_, state), testing::Not(testing::Contains("attack")));  // D unseen
  Play(*game_, state, {"prone"});  // an action spent: the screen is gone after it
  EXPECT_EQ(state.smoke, G::kNoCell);
  Play(*game_, state, {"d"});
  EXPECT_THAT(Legal(*game_, state), testing::Contains("attack"));
}

TEST_F(BrickactionSmokeTest, ASquadInTheScreenIsHidden) {
  // From the position string: the screen at 3,7 thrown by D, standing; d at 4,8 inside it.
  const State state = At("smoke=3,7/D/1 A:x B:x C:x D@0,0/2/-/0/- a:x b:x c:x d@4,8/2/k/0/-");
  EXPECT_FALSE(game_->CanSee(state, kD, kd));
  EXPECT_THAT(game_->StateToString(state), HasSubstr("smoke=3,7/D/1 A:x"));
  // A screen off the map, or of age 2 between actions, is rejected.
  for (const char* bad : {"smoke=9,9/D/1", "smoke=3,7/D/2", "smoke=3,7/d/3", "smoke=3,7"}) {
    EXPECT_FALSE(
        game_
            ->ParseState(Position(std::string(bad) + " A:x B:x C:x D@0,0/2/-/0/- a:x b:x c:x "
                                                     "d@4,8/2/k/0/-"))
            .ok())
        << bad;
  }
}

TEST(BrickactionWeaponsScenarioTest, SmokeGrenadePoints) {
  // Player 1 (the dearer side) on the test board: a 85, b 50, c 55 (veteran and medic), d 20
  // and its smoke grenade 5 (2 minis: none free): 215.
  const std::string base = SmokeTestScenario();
  EXPECT_EQ(ScenarioErrorAfter(base, "points 1000", "points 215"), "ok");
  EXPECT_THAT(ScenarioErrorAfter(base, "points 1000", "points 214"),
              HasSubstr("player 1's units cost 215 points, over the limit of 214"));
  // a (6 minis) has its grenade free; a smoke grenade besides it costs 5: 220.
  std::string both = base;
  both.insert(both.find("label=a ") + 8, "smoke=1 ");
  EXPECT_EQ(ScenarioErrorAfter(both, "points 1000", "points 220"), "ok");
  EXPECT_THAT(ScenarioErrorAfter(both, "points 1000", "points 219"), HasSubstr("220 points"));
  EXPECT_THAT(ScenarioErrorAfter(base, "smoke=1", "smoke=4"), HasSubstr("smoke"));
}

// Heavy support: a crew of 2 (B) or 2 and a loader (A) serving one weapon, 17 cells.
class BrickactionHeavySupportTest : public ::testing::Test {
 protected:
  enum { kA = 0, kB, ka, kb };
  BrickactionHeavySupportTest() : game_(MakeGame({}, HeavySupportTestScenario())) {}
  State At(const std::string& units) { return ParseOrDie(*game_, Position(units)); }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionHeavySupportTest, AtMostTwoDiceForTheCrewPlusTwoOrThreeWithTheLoader) {
  auto dice = [&](int u, int minis, int cells) {
    return game_->LoadoutDice(u, minis, cells * cells);
  };
  EXPECT_EQ(dice(kA, 3, 17), 2 + 3);  // the loader's +3, full dice to 17 cells
  EXPECT_EQ(dice(kA, 3, 18), 2 + 3 - 1);
  EXPECT_EQ(dice(kB, 2, 10), 2 + 2);
  EXPECT_EQ(dice(kA, 2, 10), 2 + 2);  // the loader lost
  EXPECT_EQ(dice(kA, 1, 10), 1 + 2);
  EXPECT_EQ(game_->LoadoutRange(kA, 3), 17);
  // Through a position: A at a 11 cells away, 5 dice and no veteran.
  State state = At("A@0,11/3/-/0/- B@1,11/2/-/0/- a@0,0/4v/-/0/- b@11,0/4v/-/0/-");
  Play(*game_, state, {"A", "attack", "at a"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 5);
}

TEST_F(BrickactionHeavySupportTest, TwoCrewMoveAtHalfSpeedThreeAtFull) {
  State state = At("A@0,11/3/-/0/- B@5,11/2/-/0/- a@0,0/4v/-/0/- b@11,0/4v/-/0/-");
  State a = state;
  Play(*game_, a, {"A", "move"});
  EXPECT_THAT(Legal(*game_, a), testing::Contains("to 0,7"));  // 4 cells
  State b = state;
  Play(*game_, b, {"B", "move"});
  EXPECT_THAT(Legal(*game_, b), testing::Contains("to 5,9"));  // 2 cells
  EXPECT_THAT(Legal(*game_, b), testing::Not(testing::Contains("to 5,8")));
  // One crew left, or two prone: it stays.
  state = At("A@0,11/1/-/0/- B@5,11/2/p/0/- a@0,0/4v/-/0/- b@11,0/4v/-/0/-");
  for (const char* label : {"A", "B"}) {
    State s = state;
    Play(*game_, s, {label});
    EXPECT_THAT(Legal(*game_, s), testing::Not(testing::Contains("move"))) << label;
  }
}

TEST(BrickactionWeaponsScenarioTest, HeavySupportPointsAndErrors) {
  // Player 0: A 65 and its loader 10, B 65: 140.
  const std::string base = HeavySupportTestScenario();
  EXPECT_EQ(ScenarioErrorAfter(base, "points 1000", "points 140"), "ok");
  EXPECT_THAT(ScenarioErrorAfter(base, "points 1000", "points 139"),
              HasSubstr("player 0's units cost 140 points, over the limit of 139"));
  for (const char* bad : {"regulars=2 veteran=1 heavy=1", "regulars=1 veteran=0 heavy=1",
                          "regulars=2 veteran=0 smg=1 heavy=1"}) {
    EXPECT_THAT(ScenarioErrorAfter(base, "regulars=2 veteran=0 heavy=1", bad),
                HasSubstr("heavy=1: a crew of regulars"))
        << bad;
  }
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
  EXPECT_THAT(error("bayonet=2", "bayonet=3"), HasSubstr("bayonet"));  // 2 minis
  EXPECT_THAT(error("smg=3 carbine=2", "smg=3 carbine=2 riflegrenade=4"),
              HasSubstr("riflegrenade"));
  // Two rifle grenades for A, 10 points each: 235.
  std::string armed = base;
  armed.replace(armed.find("smg=3 carbine=2"), 15, "smg=3 carbine=2 riflegrenade=2");
  EXPECT_EQ(ScenarioErrorAfter(armed, "points 1000", "points 235"), "ok");
  EXPECT_THAT(ScenarioErrorAfter(armed, "points 1000", "points 234"),
              HasSubstr("235 points, over the limit of 234"));
  EXPECT_THAT(error("regulars=1 veteran=0 sniper=1", "regulars=2 veteran=0 sniper=1"),
              HasSubstr("sniper rifles go to a squad of snipers and a spotter only"));
  // Player 0: A 50 (its veteran and grenade free) + 10, B 50 + 30, C 10 + 15, D 30 + 20:
  // 215 points.
  EXPECT_EQ(error("points 1000", "points 215"), "ok");
  EXPECT_THAT(error("points 1000", "points 214"), HasSubstr("215 points, over the limit of 214"));
}

}  // namespace
}  // namespace sandtable::brickaction_test
