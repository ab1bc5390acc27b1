// brickaction's vehicle rules, one test per ruling, on hand-built positions of the vehicle
// test board (brickaction_test_util.h: A B a b squads, V W v w vehicles) with the dice
// entered: the armour table, automatic damage, saves, capacity, disabled, infantry against
// armour, swarm, roadkill, vehicle cover and armour penetrators, fire arcs and the turret,
// speed and points (reactions with vehicles: brickaction_vehicle_reactions_test.cc).
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using G = BrickactionGame;

class BrickactionVehicleTest : public VehicleBoardTest {};

// MG (2 dice) against L1 (threshold 11): every natural 6 is a damage; a total of 11 or more
// forces one save (4+) for one more.
TEST_F(BrickactionVehicleTest, ArmourTableThresholdSixesAndSave) {
  const std::string units = "A:x B:x a:x b@11,0/4v/g/0/- V@5,8/d0/N+N/-/0 W:x v@5,4/d0/S+S/-/0 w:x";
  State state = At(units);
  Play(*game_, state, {"V", "attack"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at b", "at v"));
  Play(*game_, state, {"at v"});
  EXPECT_EQ(state.phase, G::kArmourRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 2);
  EXPECT_EQ(Outcome(state, "roll 5 6"), "met sixes 1");
  EXPECT_EQ(Outcome(state, "roll 4 6"), "short sixes 1");
  EXPECT_EQ(Outcome(state, "roll 5 5"), "short sixes 0");  // 10: met needs a six for an MG
  EXPECT_EQ(Outcome(state, "roll 3 2"), "short sixes 0");
  EXPECT_FALSE(game_->ParseAction(state, kChancePlayer, "roll 5").ok());       // 2 dice
  EXPECT_FALSE(game_->ParseAction(state, kChancePlayer, "roll 5 7").ok());     // a d6
  EXPECT_TRUE(game_->ParseAction(state, kChancePlayer, "met sixes 2").ok());   // 6-6
  EXPECT_FALSE(game_->ParseAction(state, kChancePlayer, "met sixes 0").ok());  // cannot happen
  // Met with a six: one damage, and the save fails: two in one turn, disabled.
  State met = state;
  Play(*game_, met, {"roll 5 6"});
  EXPECT_EQ(met.phase, G::kSaveRoll);
  EXPECT_EQ(game_->PoolAt(met).dice(), 1);
  Play(*game_, met, {"roll 3"});
  EXPECT_EQ(Word(met, 'v'), "v@5,4/d2wz/S+S/-/0");
  // Short with a six: the six alone.
  State short_six = state;
  Play(*game_, short_six, {"roll 4 6"});
  EXPECT_EQ(short_six.phase, G::kSelect);
  EXPECT_EQ(Word(short_six, 'v'), "v@5,4/d1w/S+S/-/0");
  // Met with a six: the save on 4+ holds, the six alone damages.
  State saved = state;
  Play(*game_, saved, {"roll 6 5", "roll 4"});
  EXPECT_EQ(Word(saved, 'v'), "v@5,4/d1w/S+S/-/0");
}

TEST_F(BrickactionVehicleTest, DestroyedAtCapacity) {
  State state = At("A:x B:x a:x b@11,0/4v/g/0/- V@5,8/d0/N+N/-/0 W:x v@5,4/d2/S+S/-/0 w:x");
  Play(*game_, state, {"V", "attack", "at v", "roll 4 6"});  // L1 holds 3 damage
  EXPECT_EQ(Word(state, 'v'), "v:x");
  EXPECT_FALSE(game_->IsAlive(state, 6));
  EXPECT_EQ(state.kills[0], 0);  // minis killed: a vehicle has none
}

// 2+ damage in one turn: it may not attack in its owner's next turn, then may again.
TEST_F(BrickactionVehicleTest, DisabledAfterTwoDamageInOneTurn) {
  State state = At("A:x B:x a:x b@11,0/4v/g/0/- V@5,8/d0/N+N/-/0 W:x v@5,4/d1w/S+S/-/0 w:x");
  Play(*game_, state, {"V", "attack", "at v", "roll 4 6"});  // a second damage this turn
  EXPECT_EQ(Word(state, 'v'), "v@5,4/d2wz/S+S/-/0");
  Play(*game_, state, {"end"});
  EXPECT_EQ(Word(state, 'v'), "v@5,4/d2/S+S/x/0");
  Play(*game_, state, {"v"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("move", "hold", "turret"));
  Play(*game_, state, {"move", "to 5,4", "face SE", "end", "end"});
  Play(*game_, state, {"v"});
  EXPECT_THAT(Legal(*game_, state), Contains("attack"));
  // One damage in each of two turns does not disable.
  state = At("A:x B:x a:x b@11,0/4v/g/0/- V@5,8/d0/N+N/-/0 W:x v@5,4/d1/S+S/-/0 w:x");
  Play(*game_, state, {"V", "attack", "at v", "roll 4 6"});
  EXPECT_EQ(Word(state, 'v'), "v@5,4/d2w/S+S/-/0");
}

// Infantry against armour: only grenades and rockets (1 die for the model and the weapon's
// bonus), 4+ a hit (6 a damage), the vehicle saves on 5+.
TEST_F(BrickactionVehicleTest, InfantryAgainstArmourOnlyGrenadesAndRockets) {
  State state = At("A:x B@5,9/4v/gr/0/- a:x b:x V:x W:x v@5,4/d0/S+S/-/0 w:x");
  Play(*game_, state, {"B", "attack"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at v grenade", "at v rocket"));
  State rocket = state;
  Play(*game_, rocket, {"at v rocket"});
  EXPECT_EQ(rocket.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(rocket).dice(), 2);  // 5 cells: +1 die
  Play(*game_, rocket, {"roll 6 4"});
  EXPECT_EQ(rocket.phase, G::kSaveRoll);
  EXPECT_EQ(game_->ActionToString(rocket, kChancePlayer,
                                  *game_->ParseAction(rocket, kChancePlayer, "roll 5")),
            "saves 1");  // 5+
  EXPECT_EQ(game_->ActionToString(rocket, kChancePlayer,
                                  *game_->ParseAction(rocket, kChancePlayer, "roll 4")),
            "saves 0");
  Play(*game_, rocket, {"roll 4"});
  EXPECT_EQ(Word(rocket, 'v'), "v@5,4/d2wz/S+S/-/0");
  EXPECT_EQ(Word(rocket, 'B'), "B@5,9/4v/ga/1/-");  // the rocket is used up
  // Within 4 cells: +2 dice.
  state = At("A:x B@5,8/4v/gr/0/- a:x b:x V:x W:x v@5,4/d0/S+S/-/0 w:x");
  Play(*game_, state, {"B", "attack", "at v rocket"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 3);
  // The grenade: 2 dice within 10 cells.
  state = At("A:x B@5,9/4v/gr/0/- a:x b:x V:x W:x v@5,4/d0/S+S/-/0 w:x");
  Play(*game_, state, {"B", "attack", "at v grenade"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 2);
  // Repeaters alone cannot hurt armour: no attack at all.
  state = At("A:x B@5,9/4v/-/0/- a:x b:x V:x W:x v@5,4/d0/S+S/-/0 w:x");
  Play(*game_, state, {"B"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("attack")));
}

// Swarm: a squad in contact rolls 1 d6 per mini, the total against the Infantry Swarm row
// (L1: 8); the vehicle saves on 4+; natural 6s are damage.
TEST_F(BrickactionVehicleTest, Swarm) {
  State state = At("A:x B@5,5/4v/-/0/- a:x b:x V:x W:x v@5,4/d0/S+S/-/0 w:x");
  Play(*game_, state, {"B", "attack"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("swarm v"));
  Play(*game_, state, {"swarm v"});
  EXPECT_EQ(state.phase, G::kArmourRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 5);
  EXPECT_EQ(Outcome(state, "roll 1 1 1 2 2"), "short sixes 0");
  EXPECT_EQ(Outcome(state, "roll 1 1 1 2 3"), "met sixes 0");
  State met = state;
  Play(*game_, met, {"roll 6 1 1 1 1", "roll 1"});
  EXPECT_EQ(Word(met, 'v'), "v@5,4/d2wz/S+S/-/0");
  Play(*game_, state, {"roll 1 1 1 2 2"});
  EXPECT_EQ(Word(state, 'v'), "v@5,4/d0/S+S/-/0");
}

// Roadkill: the enemy squads on the vehicle's straight path each roll one save (4+) or lose a
// mini. A vehicle drives through squads but stops on none.
TEST_F(BrickactionVehicleTest, Roadkill) {
  const std::string units = "A:x B:x a:x b@5,8/4v/g/0/- V@5,10/d0/N+N/-/0 W:x v@0,0/d0/S+S/-/0 w:x";
  State state = At(units);
  Play(*game_, state, {"V", "move"});
  EXPECT_THAT(Legal(*game_, state), Contains("to 5,6"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 5,8")));
  Play(*game_, state, {"to 5,6", "face N"});
  EXPECT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(state.mode, G::kRoadkill);
  EXPECT_EQ(game_->PoolAt(state).dice(), 1);
  State failed = state;
  Play(*game_, failed, {"roll 3", "lose regulars"});
  EXPECT_EQ(Word(failed, 'b'), "b@5,8/3v/g/0/-");
  EXPECT_EQ(failed.kills[0], 1);
  EXPECT_EQ(failed.phase, G::kReactive);  // then b, with its grenade, may fire reactively
  Play(*game_, state, {"roll 4"});
  EXPECT_EQ(Word(state, 'b'), "b@5,8/4v/g/0/-");
  // A path beside the squad runs nobody over.
  state = At(units);
  Play(*game_, state, {"V", "move", "to 7,7", "face N"});
  EXPECT_EQ(state.phase, G::kReactive);  // no roadkill save first
}

// Vehicle cover: a vehicle firing at a vehicle less than half visible (hard cover) rolls at
// most 3 dice; an armour penetrator against a wall rolls one die fewer and the target saves
// at +1.
TEST_F(BrickactionVehicleTest, VehicleCoverAndArmourPenetrators) {
  State state = At("A:x B:x a:x b:x V:x W@4,8/d0/N/-/0 v@4,2/d0/S+S/-/0 w:x");
  Play(*game_, state, {"W", "attack", "at v"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 3);  // MAP 4, behind the low wall
  Play(*game_, state, {"roll 3 3 2"});        // 8 meets L1's 8 for the MAP
  EXPECT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(Outcome(state, "roll 3"), "saves 1");  // 3 + 1
  state = At("A:x B:x a:x b:x V:x W@6,8/d0/N/-/0 v@6,2/d0/S+S/-/0 w:x");
  Play(*game_, state, {"W", "attack", "at v"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 4);  // in the open
  Play(*game_, state, {"roll 3 3 1 1"});
  EXPECT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(Outcome(state, "roll 3"), "saves 0");
  // An MG cannot hurt an M2 ("-" in the table).
  std::string text = VehicleTestScenario();
  text.replace(text.find("label=w class=M1"), 16, "label=w class=M2");
  text.replace(text.find("rockets=2 at=0,11"), 17, "rockets=2 freerockets=1 at=0,11");  // w's gift
  const auto m2 = MakeGame({}, text);
  State at_m2 = ParseOrDie(
      *m2, Position("A:x B:x a:x b@11,0/4v/g/0/- V@5,8/d0/N+N/-/0 W:x v:x w@5,4/d0/S/-/0"));
  Play(*m2, at_m2, {"V", "attack"});
  EXPECT_THAT(Legal(*m2, at_m2), ElementsAre("at b"));
}

// A vehicle's weapon against a squad: its dice as an attack roll (natural 6s casualties,
// other 4+ saves), no veteran; full dice to 16 cells, then one fewer per cell; an armour
// penetrator against a squad behind a wall rolls one die fewer and the squad saves at +1
// more (hard cover +1, AP +1: 2+).
TEST_F(BrickactionVehicleTest, VehicleWeaponAgainstSquads) {
  State state = At("A:x B:x a:x b@5,1/4v/g/0/- V@5,11/d0/N+N/-/0 W:x v:x w:x");
  Play(*game_, state, {"V", "attack", "at b"});
  EXPECT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 2);                // 10 cells
  EXPECT_EQ(Outcome(state, "roll 6 3"), "sixes 1 hits 0");  // no veteran's +1
  Play(*game_, state, {"roll 6 4", "roll 3", "lose regulars"});
  EXPECT_EQ(Word(state, 'b'), "b@5,1/2v/sg/0/-");  // 2 lost: suppressed
  // Long shot: 17 cells, one die fewer.
  std::string text = VehicleTestScenario();
  text.replace(text.find("deploy 12"), 9, "deploy 20");
  text.replace(text.find("............\nend"), 16,
               "............\n............\n............\n............\n............\n"
               "............\n............\n............\n............\nend");
  const auto tall = MakeGame({}, text);
  ASSERT_NE(tall, nullptr);
  State far =
      ParseOrDie(*tall, Position("A:x B:x a:x b@5,1/4v/g/0/- V@5,18/d0/N+N/-/0 W:x v:x w:x"));
  Play(*tall, far, {"V", "attack", "at b"});
  EXPECT_EQ(tall->PoolAt(far).dice(), 1);
  // The MAP at a squad behind the low wall: 3 dice, saves at +2.
  state = At("A:x B:x a:x b@4,2/4v/g/0/- V:x W@4,8/d0/N/-/0 v:x w:x");
  Play(*game_, state, {"W", "attack", "at b"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 3);
  Play(*game_, state, {"roll 4 1 1"});
  EXPECT_EQ(Outcome(state, "roll 2"), "saves 1");
}

// Fire arcs: a hull weapon fires into the hull's front 90 degrees; a turret into its own arc
// after a free turn of 45 degrees (it ends facing the target's side); a larger turn is a
// turret action.
TEST_F(BrickactionVehicleTest, FireArcsAndTurretRotation) {
  State state = At("A:x B:x a:x b:x V:x W@7,8/d0/N/-/0 v@7,4/d0/S+S/-/0 w@7,11/d0/S/-/0");
  Play(*game_, state, {"W", "attack"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at v"));  // w is behind it
  state = At("A:x B:x a:x b:x V:x W@7,8/d0/N/-/0 v@10,8/d0/S+S/-/0 w:x");
  Play(*game_, state, {"W"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("move", "hold"));  // v at its side: no attack
  // The turret facing N bears on a target due east after its free 45 degrees, and ends NE.
  state = At("A:x B:x a:x b:x V@5,8/d0/N+N/-/0 W:x v@8,8/d0/S+S/-/0 w@5,11/d0/S/-/0");
  Play(*game_, state, {"V", "attack"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at v"));  // not w, behind
  Play(*game_, state, {"at v", "roll 1 1"});
  EXPECT_EQ(Word(state, 'V'), "V@5,8/d0/N+NE/a/1");
  // Turning further costs an action: 90 degrees or more.
  Play(*game_, state, {"V", "turret"});
  EXPECT_THAT(Legal(*game_, state),
              ElementsAre("turret SE", "turret S", "turret SW", "turret W", "turret NW"));
  Play(*game_, state, {"turret S"});
  EXPECT_EQ(Word(state, 'V'), "V@5,8/d0/N+S/a/2");
  EXPECT_EQ(state.left, 1);
}

// A vehicle moves up to its speed (L1 28 studs = 7 cells, M1 20 = 5), never into trees,
// walls or buildings, then chooses its hull facing; a turn in place must turn.
TEST_F(BrickactionVehicleTest, MoveUpToSpeedThenFace) {
  State state = At("A:x B:x a:x b:x V@5,11/d0/N+N/-/0 W@9,9/d0/N/-/0 v@0,0/d0/S+S/-/0 w:x");
  Play(*game_, state, {"V", "move"});
  EXPECT_THAT(Legal(*game_, state), Contains("to 5,4"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 5,3")));
  Play(*game_, state, {"to 5,11"});
  EXPECT_EQ(state.phase, G::kFacing);
  EXPECT_THAT(Legal(*game_, state), Not(Contains("face N")));
  EXPECT_EQ(Legal(*game_, state).size(), 7u);
  Play(*game_, state, {"face E"});
  EXPECT_EQ(Word(state, 'V'), "V@5,11/d0/E+N/-/1");  // the turret keeps its bearing
  Play(*game_, state, {"W", "move"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 9,7")));  // the tree
  EXPECT_THAT(Legal(*game_, state), Contains("to 9,5"));       // around it: 3+2+3+2 points
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 9,4")));  // 12 points
  Play(*game_, state, {"to 9,5"});
  EXPECT_EQ(Legal(*game_, state).size(), 8u);
}

// Points: a vehicle costs its class's and its weapon's points; rockets 10 each.
TEST_F(BrickactionVehicleTest, PointsAgainstTheLimit) {
  std::string text(G::VehiclesScenarioText());
  text.replace(text.find("points 275"), 10, "points 265");
  EXPECT_TRUE(G::CreateFromStrings({}, text).ok());
  text.replace(text.find("points 265"), 10, "points 264");
  const auto over = G::CreateFromStrings({}, text);
  ASSERT_FALSE(over.ok());
  EXPECT_THAT(std::string(over.status().message()), HasSubstr("265 points, over the limit of 264"));
}

}  // namespace
}  // namespace sandtable::brickaction_test
