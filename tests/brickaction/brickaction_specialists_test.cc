// brickaction's special officers on the test board (brickaction_test_util.h) with the dice
// entered: the spotter (no attack die without a sniper rifle, a sniper squad's reactive fires
// in one enemy turn: 1, 2 with its spotter; two sniper rifles with two veterans) and the
// commando (the dash, 3 a game); the notation and scenario errors.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsSupersetOf;
using ::testing::Not;

enum UnitIndex { kA = 0, kB, kC, ka, kb };
using G = BrickactionGame;

class BrickactionSpecialistsTest : public ::testing::Test {
 protected:
  BrickactionSpecialistsTest() : game_(MakeGame({}, SpecialistsTestScenario())) {}
  State At(const std::string& units, int left = 3, int player = 0) {
    return ParseOrDie(*game_, Position(units, left, player));
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionSpecialistsTest, TheSpotterRollsNoDieWithoutASniperRifle) {
  // b 10 cells from A and B (within the sniper rifle's 12).
  State state = At("A@0,11/1o/-/0/- B@1,11/0vo/-/0/- C:x a:x b@0,1/2/-/0/-");
  // A: the sniper's die and its rifle's +1; the spotter adds none.
  EXPECT_EQ(game_->ArmedMinis(state, kA), 1);
  EXPECT_EQ(game_->WeaponDice(state, kA, kb, G::kRepeaters), 1 + 1);
  // B: both carry a rifle: 2 dice and +1 each.
  EXPECT_EQ(game_->ArmedMinis(state, kB), 2);
  EXPECT_EQ(game_->WeaponDice(state, kB, kb, G::kRepeaters), 2 + 2);
  // The attack rolls them: A's 2 dice with the officer's +1 (the spotter counts as one) on
  // the best die: 6 and 3 (+1 = 4) are a casualty and a save.
  State copy = state;
  Play(*game_, copy, {"A", "attack", "at b"});
  ASSERT_EQ(copy.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(copy).dice(), 2);
  Play(*game_, copy, {"roll 6 3"});
  EXPECT_EQ(copy.cas_t, 1);
  EXPECT_EQ(copy.saves, 1);
  // The sniper dead, the spotter picks its rifle up: 1 die and +1.
  state = At("A@0,11/0o/-/0/- B:x C:x a:x b@0,1/2/-/0/-");
  EXPECT_EQ(game_->ArmedMinis(state, kA), 1);
  EXPECT_EQ(game_->WeaponDice(state, kA, kb, G::kRepeaters), 2);
  // Without the spotter the sniper is as before.
  state = At("A@0,11/1/-/0/- B:x C:x a:x b@0,1/2/-/0/-");
  EXPECT_EQ(game_->WeaponDice(state, kA, kb, G::kRepeaters), 2);
}

TEST_F(BrickactionSpecialistsTest, ASniperSquadFiresReactivelyOnceATurnTwiceWithItsSpotter) {
  State state = At("A@11,11/1o/-/0/- B:x C@10,11/1/-/0/- a@10,0/3vo/g/0/- b@11,0/2/-/0/-", 3, 1);
  Play(*game_, state, {"b", "move", "to 11,3"});
  ASSERT_EQ(state.phase, G::kReactive);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("fire A", "fire C", "none"));
  Play(*game_, state, {"fire C", "roll 1"});
  EXPECT_EQ(state.reacted[kC], 1);
  // C has had its one; A (with its spotter) fires at a, then at b again.
  Play(*game_, state, {"a", "move", "to 10,3"});
  ASSERT_EQ(state.phase, G::kReactive);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("fire A", "none"));
  Play(*game_, state, {"fire A", "roll 1"});
  Play(*game_, state, {"b", "move", "to 11,6"});
  ASSERT_EQ(state.phase, G::kReactive);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("fire A", "none"));
  Play(*game_, state, {"fire A"});
  EXPECT_EQ(state.reacted[kA], 2);
  Play(*game_, state, {"roll 1"});
  // The player's 3 actions spent, the turn passes: the counts start again.
  EXPECT_EQ(state.player, 0);
  EXPECT_EQ(state.reacted[kA], 0);
  EXPECT_EQ(state.reacted[kC], 0);
  // Two taken (the notation: one `e` each): no third.
  state = At("A@11,11/1o/ee/0/- B:x C:x a@10,0/3vo/g/0/- b@11,0/2/-/0/-", 3, 1);
  Play(*game_, state, {"b", "move", "to 11,3"});
  EXPECT_NE(state.phase, G::kReactive);
  // One taken and the spotter dead: the sniper's limit is one.
  state = At("A@11,11/1/e/0/- B:x C:x a@10,0/3vo/g/0/- b@11,0/2/-/0/-", 3, 1);
  Play(*game_, state, {"b", "move", "to 11,3"});
  EXPECT_NE(state.phase, G::kReactive);
}

TEST_F(BrickactionSpecialistsTest, Notation) {
  const State state = At("A@11,11/1o/e/0/- B@1,11/0vo/ee/0/- C@10,11/1/e/0/- a:x b@11,0/2/-/0/-");
  EXPECT_EQ(game_->StateToString(state),
            Position("A@11,11/1o/e/0/- B@1,11/0vo/ee/0/- C@10,11/1/e/0/- a:x b@11,0/2/-/0/-"));
  auto rejected = [&](const std::string& units) {
    return std::string(game_->ParseState(Position(units)).status().message());
  };
  EXPECT_THAT(rejected("A:x B:x C@10,11/1/ee/0/- a:x b@11,0/2/-/0/-"),
              HasSubstr("C took 2 reactive fires"));
  EXPECT_THAT(rejected("A:x B:x C:x a:x b@11,0/2/e/0/-"), HasSubstr("b took 1 reactive fires"));
  EXPECT_FALSE(game_->ParseState(Position("A@11,11/1o/eee/0/- B:x C:x a:x b@11,0/2/-/0/-")).ok());
}

TEST_F(BrickactionSpecialistsTest, TheCommandosSquadDashesSixCellsThreeTimesAGame) {
  State state = At("A:x B:x C@6,11/1/-/0/- a@0,0/3vo/gbbb/0/- b@11,0/2/-/0/-", 3, 1);
  Play(*game_, state, {"a"});
  EXPECT_THAT(Legal(*game_, state),
              ElementsAre("move", "prone", "hold", "dash", "split", "split moves"));
  // A move reaches 4 cells (8 points), a dash 6 (12 points: 6 straight, 4 diagonal; 3
  // diagonal and 2 straight, 5.8 cells, cost 13: the grid's limit, as for vehicles).
  State move = state;
  Play(*game_, move, {"move"});
  EXPECT_THAT(Legal(*game_, move), Contains("to 4,0"));
  EXPECT_THAT(Legal(*game_, move), Not(Contains("to 5,0")));
  Play(*game_, state, {"dash"});
  ASSERT_EQ(state.phase, G::kDest);
  EXPECT_THAT(Legal(*game_, state), IsSupersetOf({"to 6,0", "to 4,4", "to 0,6"}));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 7,0")));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 5,3")));
  // The notation of the dash under way (weapon=dash), and one dash spent.
  const std::string text = game_->StateToString(state);
  EXPECT_THAT(text, HasSubstr("phase=dest"));
  EXPECT_THAT(text, HasSubstr("weapon=dash"));
  EXPECT_THAT(text, HasSubstr("a@0,0/3vo/gbb/1/-"));
  EXPECT_TRUE(ParseOrDie(*game_, text) == state);
  // A move like any other: C's reactive fire answers it (6 cells moved in the open).
  Play(*game_, state, {"to 6,0"});
  ASSERT_EQ(state.phase, G::kReactive);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("fire C", "none"));
  Play(*game_, state, {"none"});
  EXPECT_EQ(state.cell[ka], game_->CellIndex(6, 0));
  EXPECT_EQ(state.weapon, G::kRepeaters);
  // No dash left, prone, or the commando dead (its dashes leave with it).
  for (const char* a : {"a@0,0/3vo/g/0/-", "a@0,0/3vo/pgbb/0/-"}) {
    State other = At(std::string("A:x B:x C@6,11/1/-/0/- ") + a + " b@11,0/2/-/0/-", 3, 1);
    Play(*game_, other, {"a"});
    EXPECT_THAT(Legal(*game_, other), Not(Contains("dash"))) << a;
  }
  EXPECT_FALSE(
      game_->ParseState(Position("A:x B:x C@6,11/1/-/0/- a@0,0/3v/gb/0/- b:x", 3, 1)).ok());
  // weapon=dash only at phase dest.
  EXPECT_FALSE(
      game_->ParseState(std::string(text).replace(text.find("phase=dest"), 10, "phase=target"))
          .ok());
}

TEST_F(BrickactionSpecialistsTest, TheCommandosSplitIsAHalfMoveThenAnAttackOfAtMost4Dice) {
  // a: 5 minis, 5 dice with its Repeaters (3 and +2) within 8 cells.
  State state = At("A:x B@1,3/0vo/-/0/- C@0,7/1/-/0/- a@0,0/3vo/gbbb/0/- b@11,0/2/-/0/-", 3, 1);
  Play(*game_, state, {"a", "split"});
  ASSERT_EQ(state.phase, G::kDest);
  // Half a move: 2 cells.
  EXPECT_THAT(Legal(*game_, state), Contains("to 0,2"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 0,3")));
  // hj: a half move under way, then the attack.
  EXPECT_THAT(game_->StateToString(state), HasSubstr("a@0,0/3vo/gbbhj/1/-"));
  // The move draws C's reactive fire as any other (none taken), then the attack follows.
  Play(*game_, state, {"to 0,2"});
  ASSERT_EQ(state.phase, G::kReactive);
  Play(*game_, state, {"none"});
  ASSERT_EQ(state.phase, G::kTarget);
  EXPECT_EQ(state.active, ka);
  // No close combat in the split (B is next to a): ranged attacks only.
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at B", "at B grenade", "at C", "at C grenade"));
  const std::string text = game_->StateToString(state);
  EXPECT_THAT(text, HasSubstr("a@0,2/3vo/gabbj/1/-"));
  EXPECT_TRUE(ParseOrDie(*game_, text) == state);
  // At most 4 dice where a normal attack rolls 5: 6 6 1 1 kill the lone sniper (last in
  // squad: any natural 6).
  EXPECT_EQ(game_->WeaponDice(state, ka, kC, G::kRepeaters), 5);
  Play(*game_, state, {"at C"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 4);
  Play(*game_, state, {"roll 6 6 1 1"});
  EXPECT_FALSE(game_->IsAlive(state, kC));
  // The reactive move toward C's cell, then the action is over: one action, one special.
  ASSERT_EQ(state.phase, G::kReactMove);
  Play(*game_, state, {"stay"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.left, 2);
  EXPECT_EQ(state.acted[ka], 1);
  EXPECT_EQ(state.bonus[ka], 2);
  // With no target after the half move the action ends there.
  state = At("A:x B:x C@11,11/1/-/0/- a@0,0/3vo/gbbb/0/- b@11,0/2/-/0/-", 3, 1);
  Play(*game_, state, {"a", "split", "to 0,2"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.bonus[ka], 2);
  // The commando killed by a hold as the split's attack is declared: the attack keeps its
  // cap (4 minis and the grenade would roll 5).
  state = At("A:x B:x C@0,6/1/-/0/aaf a@0,0/3vo/gbbb/0/- b@11,0/2/-/0/-", 3, 1);
  Play(*game_, state, {"a", "split", "to 0,2", "none", "at C grenade", "roll 6 1", "lose officer"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(G::Minis(state, ka), 4);
  EXPECT_EQ(game_->PoolAt(state).dice(), 4);
  // h and j only on the active squad.
  EXPECT_FALSE(
      game_->ParseState(Position("A:x B:x C@11,11/1/-/0/- a@0,0/3vo/gbj/0/- b:x", 3, 1)).ok());
}

TEST(BrickactionSpecialistsScenarioTest, ErrorsAndPoints) {
  const std::string base = SpecialistsTestScenario();
  auto error = [&](const std::string& from, const std::string& to) {
    return ScenarioErrorAfter(base, from, to);
  };
  EXPECT_THAT(error("officer=1 spotter=1 sniper=1", "officer=0 spotter=1 sniper=1"),
              HasSubstr("a spotter or a commando is the squad's officer"));
  EXPECT_THAT(error("officer=1 spotter=1 sniper=1", "officer=1 commander=field spotter=1 sniper=1"),
              HasSubstr("a spotter or a commando is the squad's officer"));
  // Every mini a sniper but the spotter.
  EXPECT_THAT(error("regulars=1 veteran=0 officer=1", "regulars=2 veteran=0 officer=1"),
              HasSubstr("sniper rifles go to a squad of snipers and a spotter only"));
  EXPECT_THAT(error("regulars=1 veteran=0 sniper=1", "regulars=1 veteran=1 sniper=1"),
              HasSubstr("sniper rifles go to a squad of snipers and a spotter only"));
  // Two rifles need two veterans (the spotter counts as one): 2 regulars may not.
  EXPECT_THAT(error("regulars=0 veteran=1 officer=1 spotter=1 sniper=2",
                    "regulars=2 veteran=0 officer=0 sniper=2"),
              HasSubstr("a second sniper rifle needs two veterans"));
  EXPECT_THAT(error("sniper=2", "sniper=3"), HasSubstr("sniper"));
  EXPECT_THAT(error("officer=1 commando=1", "officer=0 commando=1"),
              HasSubstr("a spotter or a commando is the squad's officer"));
  EXPECT_THAT(error("officer=1 commando=1", "officer=1 commando=1 spotter=1"),
              HasSubstr("a spotter or a commando is the squad's officer"));
  // The commando's squad: 3 regulars 30, the veteran free (5 minis), the commando 45, the
  // grenade free: 85.
  const std::string commando = TestBoardWith(
      "squad side=0 regulars=1 veteran=0 at=0,11\n"
      "squad side=1 regulars=3 veteran=1 officer=1 commando=1 at=0,0\n");
  EXPECT_EQ(ScenarioErrorAfter(commando, "points 1000", "points 85"), "ok");
  EXPECT_THAT(ScenarioErrorAfter(commando, "points 1000", "points 84"),
              HasSubstr("player 1's units cost 85 points"));
  // Player 0: A 10 + 55 + 15 = 80, B 15 + 55 + 30 = 100, C 10 + 15 = 25: 205 points.
  EXPECT_EQ(error("points 1000", "points 205"), "ok");
  EXPECT_THAT(error("points 1000", "points 204"), HasSubstr("205 points, over the limit of 204"));
}

}  // namespace
}  // namespace sandtable::brickaction_test
