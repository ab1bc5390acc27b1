// brickaction's spotter on the test board (brickaction_test_util.h) with the dice entered: no
// attack die without a sniper rifle, a sniper squad's reactive fires in one enemy turn (1, 2
// with its spotter), two sniper rifles with two veterans, the notation and scenario errors.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

enum UnitIndex { kA = 0, kB, kC, ka, kb };
using G = BrickactionGame;

class BrickactionSpotterTest : public ::testing::Test {
 protected:
  BrickactionSpotterTest() : game_(MakeGame({}, SpotterTestScenario())) {}
  State At(const std::string& units, int left = 3, int player = 0) {
    return ParseOrDie(*game_, Position(units, left, player));
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionSpotterTest, TheSpotterRollsNoDieWithoutASniperRifle) {
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

TEST_F(BrickactionSpotterTest, ASniperSquadFiresReactivelyOnceATurnTwiceWithItsSpotter) {
  State state = At("A@11,11/1o/-/0/- B:x C@10,11/1/-/0/- a@10,0/4v/g/0/- b@11,0/2/-/0/-", 3, 1);
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
  state = At("A@11,11/1o/ee/0/- B:x C:x a@10,0/4v/g/0/- b@11,0/2/-/0/-", 3, 1);
  Play(*game_, state, {"b", "move", "to 11,3"});
  EXPECT_NE(state.phase, G::kReactive);
  // One taken and the spotter dead: the sniper's limit is one.
  state = At("A@11,11/1/e/0/- B:x C:x a@10,0/4v/g/0/- b@11,0/2/-/0/-", 3, 1);
  Play(*game_, state, {"b", "move", "to 11,3"});
  EXPECT_NE(state.phase, G::kReactive);
}

TEST_F(BrickactionSpotterTest, Notation) {
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

TEST(BrickactionSpotterScenarioTest, ErrorsAndPoints) {
  const std::string base = SpotterTestScenario();
  auto error = [&](const std::string& from, const std::string& to) {
    return ScenarioErrorAfter(base, from, to);
  };
  EXPECT_THAT(error("officer=1 spotter=1 sniper=1", "officer=0 spotter=1 sniper=1"),
              HasSubstr("a spotter is the squad's officer"));
  EXPECT_THAT(error("officer=1 spotter=1 sniper=1", "officer=1 commander=field spotter=1 sniper=1"),
              HasSubstr("a spotter is the squad's officer"));
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
  // Player 0: A 10 + 55 + 15 = 80, B 15 + 55 + 30 = 100, C 10 + 15 = 25: 205 points.
  EXPECT_EQ(error("points 1000", "points 205"), "ok");
  EXPECT_THAT(error("points 1000", "points 204"), HasSubstr("205 points, over the limit of 204"));
}

}  // namespace
}  // namespace sandtable::brickaction_test
