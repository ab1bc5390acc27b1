// brickaction's reactions with vehicles, one test per ruling, on hand-built positions of the
// vehicle test board (brickaction_test_util.h: A B a b squads, V W v w vehicles) with the
// dice entered: reactive fire at a moving vehicle (only with grenades, rifle grenades and
// rockets, one die, the cheapest spent) and by a vehicle (one die of its weapon, in its arc,
// not while disabled), between vehicles and behind cover; holds placed by a vehicle (its
// full attack within 4 cells, its hold move and its roadkill) and holds naming a vehicle.
#include <string>

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

class BrickactionVehicleReactionsTest : public VehicleBoardTest {};

// V drives 5 cells in the open: a (grenade, 2 rockets) may fire reactively, b (Repeaters only)
// may not. One die, no modifiers (the veteran's +1 neither); the grenade, the cheapest, is
// spent; 4+ hits, a natural 6 is a damage, another hit is saved on 5+.
TEST_F(BrickactionVehicleReactionsTest, ReactiveFireAtAMovingVehicle) {
  const std::string units =
      "A:x B:x a@2,2/4vo/grr/0/- b@8,2/4v/-/0/- V@5,11/d0/N+N/-/0 W:x v:x w:x";
  State state = At(units);
  Play(*game_, state, {"V", "move", "to 5,6", "face N"});
  ASSERT_EQ(state.phase, G::kReactive);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("fire a", "none"));
  Play(*game_, state, {"fire a"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 1);
  EXPECT_EQ(Word(state, 'a'), "a@2,2/4vo/rr/0/-");  // the grenade thrown, the rockets kept
  // P(damage) = P(6) + P(4 or 5) * P(save fails on 5+) = 1/6 + 2/6 * 4/6 = 3/18 + 4/18 = 7/18.
  const auto roll = Odds(*game_, state);
  EXPECT_EQ(roll.at("sixes 1 hits 0"), Probability(1, 6));
  EXPECT_EQ(roll.at("sixes 0 hits 1"), Probability(1, 3));
  State hit = state;
  Play(*game_, hit, {"roll 4"});
  ASSERT_EQ(hit.phase, G::kSaveRoll);
  const auto save = Odds(*game_, hit);
  EXPECT_EQ(roll.at("sixes 1 hits 0") + roll.at("sixes 0 hits 1") * save.at("saves 0"),
            Probability(7, 18));
  Play(*game_, hit, {"roll 4"});  // 4: not saved
  EXPECT_EQ(Word(hit, 'V'), "V@5,6/d1w/N+N/-/1");
  Play(*game_, state, {"roll 6"});
  EXPECT_EQ(Word(state, 'V'), "V@5,6/d1w/N+N/-/1");
  EXPECT_EQ(state.phase, G::kSelect);
  // A rifle grenade before a rocket: the rifle grenade (l) is spent.
  const auto rifle = MakeGame({}, RifleGrenadeTestScenario());
  State lobbed =
      ParseOrDie(*rifle, Position("A:x B:x a:x b@2,2/4v/rl/0/- V@5,11/d0/N+N/-/0 W:x v:x w:x"));
  Play(*rifle, lobbed, {"V", "move", "to 5,6", "face N", "fire b"});
  EXPECT_EQ(rifle->PoolAt(lobbed).dice(), 1);
  EXPECT_NE(rifle->StateToString(lobbed).find("b@2,2/4v/r/0/-"), std::string::npos);
  // With rockets only, a rocket (12 cells); beyond its reach, none.
  state = At("A:x B:x a@2,2/4vo/r/0/- b@8,2/4v/-/0/- V@5,11/d0/N+N/-/0 W:x v:x w:x");
  Play(*game_, state, {"V", "move", "to 5,6", "face N", "fire a"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 1);
  EXPECT_EQ(Word(state, 'a'), "a@2,2/4vo/-/0/-");
  state = At("A:x B:x a@0,0/4vo/r/0/- b@8,2/4v/-/0/- V@5,11/d0/N+N/-/0 W:x v:x w:x");
  Play(*game_, state, {"V", "move", "to 9,11", "face N"});
  EXPECT_EQ(state.phase, G::kSelect);  // 14.2 cells from a
}

// v reacts to A's move with one die of its MG (not its 2), its turret turning 45 degrees
// free; w's hull MAP does not bear (54 degrees off its front). A vehicle disabled, or that
// attacked in its latest turn, does not react.
TEST_F(BrickactionVehicleReactionsTest, ReactiveFireByAVehicle) {
  State state = At("A@5,11/4v/g/0/- B:x a:x b:x V:x W:x v@5,2/d0/S+SE/-/0 w@11,3/d0/S/-/0");
  Play(*game_, state, {"A", "move", "to 4,8"});
  ASSERT_EQ(state.phase, G::kReactive);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("fire v", "none"));
  Play(*game_, state, {"fire v"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 1);
  EXPECT_EQ(Word(state, 'v'), "v@5,2/d0/S+S/-/0");  // the turret turned from SE to bear
  Play(*game_, state, {"roll 6", "lose regulars"});
  EXPECT_EQ(Word(state, 'A'), "A@4,8/3v/g/1/-");
  // Disabled v, and w that attacked in its latest turn: no reactive fire.
  state = At("A@5,11/4v/g/0/- B:x a:x b:x V:x W:x v@5,2/d2z/S+S/-/0 w@8,3/d0/S/a/0");
  Play(*game_, state, {"A", "move", "to 4,8"});
  EXPECT_EQ(state.phase, G::kSelect);
  // w, in its arc and free to fire: one die of its MAP's 4.
  state = At("A@5,11/4v/g/0/- B:x a:x b:x V:x W:x v@5,2/d2z/S+S/-/0 w@8,3/d0/S/-/0");
  Play(*game_, state, {"A", "move", "to 4,8"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("fire w", "none"));
  Play(*game_, state, {"fire w"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 1);
}

// A vehicle against a moving vehicle: one die on the armour table (its total never meets a
// threshold, a natural 6 is a damage). Behind the low wall the mover must have gone more
// than 2 cells.
TEST_F(BrickactionVehicleReactionsTest, ReactiveFireBetweenVehiclesAndCover) {
  State state = At("A:x B:x a:x b:x V@4,7/d0/N+N/-/0 W:x v@4,0/d0/S+S/-/0 w:x");
  Play(*game_, state, {"V", "move", "to 4,4", "face N"});  // 3 cells, behind the wall
  ASSERT_EQ(state.phase, G::kReactive);
  Play(*game_, state, {"fire v"});
  ASSERT_EQ(state.phase, G::kArmourRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 1);
  EXPECT_EQ(Odds(*game_, state).at("short sixes 1"), Probability(1, 6));
  EXPECT_EQ(Odds(*game_, state).at("short sixes 0"), Probability(5, 6));
  Play(*game_, state, {"roll 6"});
  EXPECT_EQ(Word(state, 'V'), "V@4,4/d1w/N+N/-/1");
  state = At("A:x B:x a:x b:x V@4,6/d0/N+N/-/0 W:x v@4,0/d0/S+S/-/0 w:x");
  Play(*game_, state, {"V", "move", "to 4,4", "face N"});  // 2 cells behind the wall
  EXPECT_EQ(state.phase, G::kSelect);
}

// A vehicle holds: the hold names any enemy unit; its fire is the weapon's full attack
// within 4 cells (then barred from attacking in its next turn), spent without effect
// beyond. The position word carries the hold (`/bmf`), the board shows it.
TEST_F(BrickactionVehicleReactionsTest, AVehicleHoldsFire) {
  const std::string units = "A:x B:x a:x b@5,4/4v/g/0/- V@5,8/d0/N+N/-/0 W:x v@9,4/d0/S+S/-/0 w:x";
  State state = At(units);
  Play(*game_, state, {"V"});
  EXPECT_THAT(Legal(*game_, state), Contains("hold"));
  Play(*game_, state, {"hold"});
  EXPECT_THAT(
      Legal(*game_, state),
      ElementsAre("if b moves fire", "if b moves move", "if b attacks fire", "if b attacks move",
                  "if v moves fire", "if v moves move", "if v attacks fire", "if v attacks move"));
  Play(*game_, state, {"if b moves fire"});
  EXPECT_EQ(Word(state, 'V'), "V@5,8/d0/N+N/-/1/bmf");
  EXPECT_EQ(ParseOrDie(*game_, game_->StateToString(state)), state);
  const BoardView board = game_->DescribeBoard(state, 0);
  ASSERT_EQ(board.pieces[4].label, "V");
  EXPECT_THAT(board.pieces[4].status, HasSubstr(", holds: if b moves fire"));
  Play(*game_, state, {"end"});
  State beyond = state;
  Play(*game_, state, {"b", "move", "to 5,5"});  // 3 cells from V
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(state.att, 4);
  EXPECT_EQ(game_->PoolAt(state).dice(), 2);  // the MG's full 2 dice
  Play(*game_, state, {"roll 1 1", "end"});
  EXPECT_EQ(Word(state, 'V'), "V@5,8/d0/N+N/x/0");
  Play(*game_, state, {"V"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("attack")));
  Play(*game_, beyond, {"b", "move", "to 5,3"});  // 5 cells: the hold is spent
  EXPECT_EQ(beyond.phase, G::kSelect);
  EXPECT_EQ(Word(beyond, 'V'), "V@5,8/d0/N+N/-/0");
  // Having attacked, only a hold move; an MG names an M2 with a move only ("-").
  state = At("A:x B:x a:x b@5,4/4v/g/0/- V@5,8/d0/N+N/a/1 W:x v:x w:x");
  Play(*game_, state, {"V", "hold"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("if b moves move", "if b attacks move"));
  std::string text = VehicleTestScenario();
  text.replace(text.find("label=w class=M1"), 16, "label=w class=M2");
  text.replace(text.find("rockets=2 at=0,11"), 17, "rockets=2 freerockets=1 at=0,11");
  const auto m2 = MakeGame({}, text);
  State at_m2 =
      ParseOrDie(*m2, Position("A:x B:x a:x b:x V@5,8/d0/N+N/-/0 W:x v:x w@5,4/d0/S/-/0"));
  Play(*m2, at_m2, {"V", "hold"});
  EXPECT_THAT(Legal(*m2, at_m2), ElementsAre("if w moves move", "if w attacks move"));
}

// A vehicle's hold move: up to its speed, not onto its own cell (`stay` keeps it), and it
// ends facing the way it drove.
TEST_F(BrickactionVehicleReactionsTest, AVehicleHoldMove) {
  const std::string units =
      "A@2,9/4v/g/0/- B:x a:x b@5,4/4v/g/0/- V@5,8/d0/N+N/-/0/bam W:x v:x w:x";
  State state = At(units, 3, 1);
  Play(*game_, state, {"b", "attack", "at A"});
  ASSERT_EQ(state.phase, G::kHoldMove);
  EXPECT_EQ(state.sub, 4);
  EXPECT_THAT(Legal(*game_, state), Contains("stay"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 5,8")));
  Play(*game_, state, {"to 7,6"});
  EXPECT_EQ(Word(state, 'V'), "V@7,6/d0/NE+N/-/0");  // the turret keeps its bearing
  EXPECT_EQ(state.phase, G::kAttackRoll);            // then b's attack
}

// A vehicle's hold move runs over enemy squads as its Move does: each on the straight line
// rolls one save (4+, chance 3/6 = 1/2) or loses a mini, in unit order, before the next hold
// and the attack that triggered it; a squad destroyed so loses its attack.
TEST_F(BrickactionVehicleReactionsTest, AVehicleHoldMoveRunsOverSquads) {
  const std::string units =
      "A@2,9/4v/g/0/- B:x a@5,6/4vo/g/0/- b@5,4/4v/g/0/- V@5,8/d0/N+N/-/0/bam W:x v:x w:x";
  State state = At(units, 3, 1);
  Play(*game_, state, {"b", "attack", "at A"});
  ASSERT_EQ(state.phase, G::kHoldMove);
  // 7 cells straight north, through a and b (and onto neither).
  EXPECT_THAT(Legal(*game_, state), Contains("to 5,1"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 5,4")));
  Play(*game_, state, {"to 5,1"});
  ASSERT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(state.mode, G::kRoadkill);
  EXPECT_EQ(state.att, 4);
  EXPECT_EQ(state.tgt, 2);  // a first, b still to roll
  EXPECT_EQ(game_->PoolAt(state).dice(), 1);
  EXPECT_EQ(Odds(*game_, state).at("saves 1"), Probability(1, 2));
  EXPECT_THAT(game_->StateToString(state), HasSubstr(" run_over=b "));
  EXPECT_EQ(ParseOrDie(*game_, game_->StateToString(state)), state);
  Play(*game_, state, {"roll 3", "lose regulars"});  // a fails
  EXPECT_EQ(Word(state, 'a'), "a@5,6/3vo/g/0/-");
  EXPECT_EQ(state.kills[0], 1);
  ASSERT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(state.tgt, 3);
  EXPECT_EQ(state.run_over, 0);
  Play(*game_, state, {"roll 4"});  // b saves: 4 minis, its action under way
  EXPECT_EQ(Word(state, 'b'), "b@5,4/4v/ga/1/-");
  EXPECT_EQ(Word(state, 'V'), "V@5,1/d0/N+N/-/0");
  ASSERT_EQ(state.phase, G::kAttackRoll);  // then b's attack
  EXPECT_EQ(state.att, 3);
  // b alone, last mini: run over, its attack is lost and the action spent.
  state = At("A@2,9/4v/g/0/- B:x a@11,0/4vo/g/0/- b@5,4/1/g/0/- V@5,8/d0/N+N/-/0/bam W:x v:x w:x",
             3, 1);
  Play(*game_, state, {"b", "attack", "at A", "to 5,1", "roll 2"});
  EXPECT_EQ(Word(state, 'b'), "b:x");
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.left, 2);
  // A run_over= word needs a hold move's roadkill under way.
  EXPECT_FALSE(game_->ParseState(Position("run_over=b " + units, 3, 1)).ok());
}

// Holds naming a vehicle: fire only for a squad with a grenade, rifle grenade or rocket, a
// full attack (the rocket's 3 dice within 4 cells, the veteran's +1) when it moves within 4
// cells; beyond, spent. Reactive fire may follow the hold. On its attack, the hold comes
// first and may destroy it: its attack is lost.
TEST_F(BrickactionVehicleReactionsTest, HoldsNamingAVehicle) {
  State state = At("A@5,11/4vo/grr/0/- B@7,11/4v/-/0/- a:x b:x V:x W:x v@5,2/d0/S+S/-/0 w:x");
  Play(*game_, state, {"A", "hold"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("if v moves fire", "if v moves move",
                                                "if v attacks fire", "if v attacks move"));
  Play(*game_, state, {"if v moves fire", "B", "hold"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("if v moves move", "if v attacks move"));
  Play(*game_, state, {"if v moves move", "end"});
  State beyond = state;
  Play(*game_, state, {"v", "move", "to 5,8", "face S"});  // 3 cells from A
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(state.att, 0);
  EXPECT_EQ(game_->PoolAt(state).dice(), 3);
  EXPECT_EQ(Outcome(state, "roll 3 1 1"), "sixes 0 hits 1");  // the veteran's +1
  EXPECT_EQ(Word(state, 'A'), "A@5,11/4vo/gfr/0/-");          // one rocket fired
  Play(*game_, state, {"roll 6 1 1"});
  EXPECT_EQ(Word(state, 'v'), "v@5,8/d1w/S+S/-/1");
  ASSERT_EQ(state.phase, G::kHoldMove);  // B's hold move
  Play(*game_, state, {"stay"});
  ASSERT_EQ(state.phase, G::kReactive);  // then reactive fire: A's grenade
  EXPECT_THAT(Legal(*game_, state), ElementsAre("fire A", "none"));
  Play(*game_, beyond, {"v", "move", "to 5,6", "face S", "stay"});  // 5 cells: A's is spent
  EXPECT_EQ(beyond.phase, G::kReactive);
  EXPECT_EQ(Word(beyond, 'A'), "A@5,11/4vo/grr/0/-");
  // v attacks A: A's hold fires first; v destroyed, its attack is lost.
  state = At("A@5,11/4vo/grr/0/vaf B:x a:x b:x V:x W:x v@5,7/d2/S+S/-/0 w@0,0/d0/S/-/0", 3, 1);
  Play(*game_, state, {"v", "attack", "at A"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(state.att, 0);
  Play(*game_, state, {"roll 6 1 1"});
  EXPECT_EQ(Word(state, 'v'), "v:x");
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.left, 2);
}

}  // namespace
}  // namespace sandtable::brickaction_test
