// brickaction's free rocket: "Each armored vehicle class M2 or higher grants the enemy's forces
// one (x1) Rocket at no cost", on the vehicle test board (brickaction_test_util.h) with player
// 1's w an M2 and player 0's A taking the rocket (freerockets=1).
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::HasSubstr;

enum UnitIndex { kA = 0, kB, ka, kb, kV, kW, kv, kw };
using G = BrickactionGame;

const char kM1[] = "class=M1 weapon=MAP facing=S";
const char kM2[] = "class=M2 weapon=MAP facing=S";
const char kARockets[] = "grenade=1 rockets=2 at=0,11";

// The vehicle test board with w an M2 and A's free rocket.
std::string FreeRocketScenario() {
  std::string text = VehicleTestScenario();
  text.replace(text.find(kM1), sizeof(kM1) - 1, kM2);
  text.replace(text.find(kARockets), sizeof(kARockets) - 1,
               "grenade=1 rockets=2 freerockets=1 at=0,11");
  return text;
}

TEST(BrickactionFreeRocketTest, TheEnemysM2GrantsARocketFiredAsAnyOther) {
  auto game = MakeGame({}, FreeRocketScenario());
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(game->unit(kA).rockets, 3);
  EXPECT_EQ(game->InitialState().rockets[kA], 3);
  // A fires the third rocket at w 4 cells away: 1 die and +2 (vehicle rules as before); 6 is
  // a damage, 4 a hit that w saves on 5+.
  State state = ParseOrDie(*game, Position("A@4,5/4vo/grrr/0/- B:x a:x b:x V:x W:x v:x "
                                           "w@4,1/d0/S/-/0"));
  Play(*game, state, {"A", "attack", "at w rocket"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game->PoolAt(state).dice(), 3);
  EXPECT_EQ(state.rockets[kA], 2);
  Play(*game, state, {"roll 6 4 1", "roll 5"});
  EXPECT_EQ(G::Damage(state, kw), 1);
  // Without the M2, A started with 2 rockets: 3 are rejected.
  auto plain = MakeGame({}, VehicleTestScenario());
  EXPECT_FALSE(plain
                   ->ParseState(Position("A@4,5/4vo/grrr/0/- B:x a:x b:x V:x W:x v:x "
                                         "w@4,1/d0/S/-/0"))
                   .ok());
}

TEST(BrickactionFreeRocketTest, ScenarioErrorsAndPoints) {
  const std::string base = FreeRocketScenario();
  auto error = [&](const std::string& from, const std::string& to) {
    return ScenarioErrorAfter(base, from, to);
  };
  EXPECT_THAT(error(" freerockets=1", ""),
              HasSubstr("player 0 is granted 1 free rocket(s) by the enemy's vehicles of class M2 "
                        "or heavier and its squads take 0"));
  EXPECT_THAT(error(kM2, kM1), HasSubstr("player 0 is granted 0 free rocket(s)"));
  EXPECT_THAT(error("rockets=2 freerockets=1", "rockets=3 freerockets=1"),
              HasSubstr("at most 3 rockets"));
  // Player 0: A 4 regulars 40, the veteran free 10, officer 35, the grenade free, 2 rockets 20
  // (the third free) = 105; B 40 + 10 + 10 = 60; V 90 + 20 = 110; W 120 + 80 = 200: 475.
  // Player 1 costs 495 (w an M2: 140 + 80): at 475 it is player 1 that is over.
  EXPECT_THAT(error("points 1000", "points 475"), HasSubstr("player 1's units cost 495"));
  EXPECT_THAT(error("points 1000", "points 474"), HasSubstr("player 0's units cost 475"));
}

}  // namespace
}  // namespace sandtable::brickaction_test
