// brickaction's rules, one test per ruling, on hand-built positions of the test board
// (brickaction_test_util.h) with the dice entered.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::Not;

enum UnitIndex { kA = 0, kB, kC, kD, ka, kb, kc, kd };
using G = BrickactionGame;

class BrickactionRulesTest : public ::testing::Test {
 protected:
  BrickactionRulesTest() : game_(MakeGame()) {}
  int Cell(int x, int y) const { return game_->CellIndex(x, y); }
  State At(const std::string& units, int left = 3, int player = 0, int turn = 1) {
    return ParseOrDie(*game_, Position(units, left, player, turn));
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionRulesTest, LineOfSightAndCover) {
  // Total cover blocks the line.
  EXPECT_FALSE(game_->Between(Cell(2, 8), Cell(2, 2)) & G::kSight);
  // A low wall next to the target gives it hard cover; next to the shooter it does not.
  EXPECT_EQ(game_->Between(Cell(4, 8), Cell(4, 2)), G::kSight | G::kHardCover);
  EXPECT_EQ(game_->Between(Cell(4, 2), Cell(4, 8)), G::kSight);
  // Tall grass in front of the target, or under it: soft cover.
  EXPECT_EQ(game_->Between(Cell(6, 9), Cell(6, 5)), G::kSight | G::kSoftCover);
  EXPECT_EQ(game_->Between(Cell(7, 9), Cell(7, 6)), G::kSight | G::kSoftCover);
  // A tree covers the squad standing at it.
  EXPECT_EQ(game_->Between(Cell(9, 11), Cell(9, 7)), G::kSight | G::kTreeCover);
  // Grass far from the target gives nothing.
  EXPECT_EQ(game_->Between(Cell(6, 9), Cell(6, 2)), G::kSight);
}

TEST_F(BrickactionRulesTest, MoveFourCellsCoverCostsDoubleProneCrawls) {
  State state = At("A:x B@1,10/4v/g/0/- C:x D@6,9/2/-/0/- a@11,0/4vo/g/0/- b:x c:x d:x");
  Play(*game_, state, {"B", "move"});
  const std::vector<std::string> legal = Legal(*game_, state);
  EXPECT_THAT(legal, Contains("to 5,10"));       // 4 cells straight
  EXPECT_THAT(legal, Not(Contains("to 6,10")));  // 5
  EXPECT_THAT(legal, Contains("to 3,7"));        // 2 diagonal steps and 1 straight
  EXPECT_THAT(legal, Not(Contains("to 4,7")));   // 3 diagonal steps
  state = At("A:x B@1,10/4v/g/0/- C:x D@6,9/2/-/0/- a@11,0/4vo/g/0/- b:x c:x d:x");
  Play(*game_, state, {"D", "move"});
  EXPECT_THAT(Legal(*game_, state), Contains("to 6,6"));       // into the grass: 2 + 2 + 4
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 6,5")));  // through or around it: 10
  state = At("A:x B@1,10/4v/g/0/- C:x D@6,9/2/p/0/- a@11,0/4vo/g/0/- b:x c:x d:x");
  Play(*game_, state, {"D", "move"});
  EXPECT_THAT(Legal(*game_, state), Contains("to 6,7"));  // crawling: 2 cells
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 6,6")));
}

TEST_F(BrickactionRulesTest, ThreeActionsATurnAtMostTwoPerSquad) {
  State state = At("A:x B@1,10/4v/g/0/- C:x D@9,10/2/-/0/- a@11,0/4vo/g/0/- b:x c:x d:x");
  Play(*game_, state, {"B", "move", "to 1,9", "B", "move", "to 1,8"});
  EXPECT_EQ(state.left, 1);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("D", "end"));
  Play(*game_, state, {"D", "prone"});
  // The third action ends the turn: player 1 gets three.
  EXPECT_EQ(state.player, 1);
  EXPECT_EQ(state.left, 3);
  EXPECT_EQ(state.acted[kB], 0);
  // The last turn of player 1 ends the game.
  state = At("A:x B@1,10/4v/g/0/- C:x D@9,10/2/-/0/- a@11,0/4vo/g/0/- b:x c:x d:x", 3, 1, 6);
  Play(*game_, state, {"end"});
  EXPECT_EQ(game_->Kind(state), NodeKind::kTerminal);
}

TEST_F(BrickactionRulesTest, RollOffWinnerChoosesWhoGoesFirst) {
  const auto game = MakeGame({}, TestScenario() + "first rolloff\n");
  State state = game->InitialState();
  ASSERT_EQ(game->Kind(state), NodeKind::kChance);
  EXPECT_EQ(Odds(*game, state)["player 1 wins"], Probability(1, 2));
  EXPECT_FALSE(game->ParseAction(state, kChancePlayer, "roll 4 4").ok());  // a tie: again
  Play(*game, state, {"roll 2 5"});
  EXPECT_EQ(game->CurrentPlayer(state), 1);
  EXPECT_THAT(Legal(*game, state), ElementsAre("first", "second"));
  Play(*game, state, {"second"});
  EXPECT_EQ(state.player, 0);
  EXPECT_EQ(state.phase, G::kSelect);
  // Player 1 went second: its turn ends each game turn, the last ends the game.
  Play(*game, state, {"end"});
  EXPECT_EQ(state.turn, 1);
  Play(*game, state, {"end"});
  EXPECT_EQ(state.turn, 2);
  // Player 1 first: the game turn ends with player 0's turn.
  state = game->InitialState();
  Play(*game, state, {"player 1 wins", "first", "end"});
  EXPECT_EQ(state.player, 0);
  EXPECT_EQ(state.turn, 1);
  Play(*game, state, {"end"});
  EXPECT_EQ(state.player, 1);
  EXPECT_EQ(state.turn, 2);
}

TEST_F(BrickactionRulesTest, RepeaterRangesLongShotsAndGrenade) {
  const auto big = MakeGame({}, std::string(BrickactionGame::DefaultScenarioText()));
  const State start = big->InitialState();
  const int a = 0;  // A at 9,21: 6 minis, 3 dice +2 for 5+ Repeaters
  auto dice = [&](int y, bool grenade) {
    return big->AttackDice(start, a, big->CellIndex(9, y), grenade);
  };
  EXPECT_EQ(dice(13, false), 5);  // 8 cells: full
  EXPECT_EQ(dice(12, false), 4);  // 9: one fewer
  EXPECT_EQ(dice(11, true), 5);   // 10: the grenade adds one
  EXPECT_EQ(dice(10, true), 4);   // 11: out of grenade range
  EXPECT_EQ(dice(5, false), 4);   // 16: the maximum
  EXPECT_EQ(dice(4, false), 3);   // 17: long shot, one more fewer
  EXPECT_EQ(dice(3, false), 2);   // 18
  // Two minis: two dice, no Repeater bonus.
  const State state = At("A:x B:x C:x D@3,11/2/-/0/- a@11,0/4vo/g/0/- b:x c:x d:x");
  EXPECT_EQ(game_->AttackDice(state, kD, Cell(3, 4), false), 2);
  EXPECT_EQ(game_->AttackDice(state, kD, Cell(3, 0), false), 1);
}

TEST_F(BrickactionRulesTest, NaturalSixesKillFoursForceSavesOwnerPicksSpecialists) {
  State state = At("A:x B@1,11/4v/g/0/- C:x D:x a:x b@1,5/4v/g/0/- c:x d:x");
  Play(*game_, state, {"B", "attack", "at b"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 5);
  Play(*game_, state, {"sixes 1 hits 2"});
  ASSERT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(state.saves, 2);
  Play(*game_, state, {"saves 1"});
  // Two casualties; b has a veteran, so its owner chooses.
  ASSERT_EQ(state.phase, G::kRemove);
  EXPECT_EQ(game_->CurrentPlayer(state), 1);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("lose regulars", "lose veteran"));
  Play(*game_, state, {"lose veteran"});
  EXPECT_EQ(state.regulars[kb], 3);
  EXPECT_EQ(state.specialists[kb], 0);
  EXPECT_EQ(state.kills[0], 2);
  // Two minis lost in one action: suppressed.
  EXPECT_TRUE(state.flags[kb] & G::kSuppressedBit);
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.left, 2);
}

TEST_F(BrickactionRulesTest, SavesAreCappedByMinisAndPlainMinisGoFirst) {
  State state = At("A:x B@1,11/4v/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-");
  Play(*game_, state, {"B", "attack", "at d", "sixes 1 hits 3"});
  EXPECT_EQ(state.saves, 1);  // one mini left to save
  Play(*game_, state, {"saves 1"});
  EXPECT_EQ(state.regulars[kd], 1);
  EXPECT_FALSE(state.flags[kd] & G::kSuppressedBit);  // one lost
  EXPECT_EQ(state.phase, G::kSelect);
}

TEST_F(BrickactionRulesTest, SaveModifiers) {
  // Hard cover: +1 (3+).
  State state = At("A:x B:x C:x D@4,8/2/-/0/- a:x b:x c:x d@4,2/2/-/0/-");
  Play(*game_, state, {"D", "attack", "at d", "sixes 0 hits 1"});
  EXPECT_EQ(Odds(*game_, state)["saves 1"], Probability(2, 3));
  // Prone in the open: +1.
  state = At("A:x B:x C:x D@8,8/2/-/0/- a:x b:x c:x d@8,2/2/p/0/-");
  Play(*game_, state, {"D", "attack", "at d", "sixes 0 hits 1"});
  EXPECT_EQ(Odds(*game_, state)["saves 1"], Probability(2, 3));
  // A tree: +1 to one die. Two saves: both fail only on 1s and 2s (1/9); both pass on two
  // 4+ (1/4) or a 4+ and a 3 (1/6).
  state = At("A:x B:x C:x D@9,11/2/-/0/- a:x b:x c:x d@9,7/2/-/0/-");
  Play(*game_, state, {"D", "attack", "at d", "sixes 0 hits 2"});
  EXPECT_EQ(Odds(*game_, state)["saves 0"], Probability(1, 9));
  EXPECT_EQ(Odds(*game_, state)["saves 2"], Probability(5, 12));
  // Prone at a tree: +1 to every die and +1 more to one, the cap of +2: one save on 2+.
  state = At("A:x B:x C:x D@9,11/2/-/0/- a:x b:x c:x d@9,7/2/p/0/-");
  Play(*game_, state, {"D", "attack", "at d", "sixes 0 hits 1"});
  EXPECT_EQ(Odds(*game_, state)["saves 1"], Probability(5, 6));
}

TEST_F(BrickactionRulesTest, TotalCoverAndProneBehindHardCover) {
  // Behind the high wall: no line of sight, no attack either way.
  State state = At("A:x B:x C:x D@2,8/2/-/0/- a:x b:x c:x d@2,2/2/-/0/-");
  Play(*game_, state, {"D"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("attack")));
  // Prone behind the low wall is total cover from that side, both ways.
  state = At("A:x B:x C:x D@4,8/2/-/0/- a:x b:x c:x d@4,2/2/p/0/-");
  EXPECT_FALSE(game_->CanFireAt(state, kD, kd));
  EXPECT_FALSE(game_->CanFireAt(state, kd, kD));
  state = At("A:x B:x C:x D@4,8/2/-/0/- a:x b:x c:x d@4,2/2/-/0/-");
  EXPECT_TRUE(game_->CanFireAt(state, kD, kd));
}

TEST_F(BrickactionRulesTest, VeteranBonusAndSoftCoverNegatesIt) {
  // The lone veteran's one die: 6 a casualty, 3-5 (+1) a hit.
  State state = At("A:x B:x C@8,10/0v/-/0/- D:x a:x b:x c:x d@8,5/2/-/0/-");
  Play(*game_, state, {"C", "attack", "at d"});
  EXPECT_EQ(Odds(*game_, state)["sixes 0 hits 1"], Probability(1, 2));
  EXPECT_EQ(Odds(*game_, state)["sixes 1 hits 0"], Probability(1, 6));
  // The target behind tall grass: no +1 to hit, hits on 4-5 only.
  state = At("A:x B:x C@6,10/0v/-/0/- D:x a:x b:x c:x d@6,5/2/-/0/-");
  Play(*game_, state, {"C", "attack", "at d"});
  EXPECT_EQ(Odds(*game_, state)["sixes 0 hits 1"], Probability(1, 3));
  // Raw faces: a 3 with the veteran's +1 is a hit in the open.
  state = At("A:x B:x C@8,10/0v/-/0/- D:x a:x b:x c:x d@8,5/2/-/0/-");
  Play(*game_, state, {"C", "attack", "at d", "roll 3", "roll 5"});
  EXPECT_EQ(state.regulars[kd], 2);  // saved
}

TEST_F(BrickactionRulesTest, LastInSquad) {
  const std::string units = "A:x B@1,11/4v/g/0/- C:x D@5,9/2/-/0/- a:x b:x c@5,4/0v/-/0/- d:x";
  State state = At(units);
  Play(*game_, state, {"D", "attack", "at c", "sixes 0 hits 1"});
  EXPECT_EQ(Odds(*game_, state)["saves 1"], Probability(1, 2));  // 4+
  state = At(units);
  Play(*game_, state, {"D", "attack", "at c", "sixes 0 hits 2"});
  EXPECT_EQ(Odds(*game_, state)["saves 1"], Probability(1, 3));  // 5+
  state = At(units);
  Play(*game_, state, {"B", "attack", "at c", "sixes 0 hits 3"});
  EXPECT_EQ(Odds(*game_, state)["saves 1"], Probability(1, 6));  // a natural 6
  // A natural 6 still kills outright.
  state = At(units);
  Play(*game_, state, {"B", "attack", "at c", "sixes 1 hits 2"});
  EXPECT_FALSE(game_->IsAlive(state, kc));
}

TEST_F(BrickactionRulesTest, Medic) {
  // +1 to one save die: two saves both pass on two 4+ (1/4) or a 4+ and a 3 (1/6), both
  // fail on faces 1-2 only (1/9).
  const std::string units = "A:x B:x C:x D@5,9/2/-/0/- a:x b:x c@5,4/0vm/-/0/- d:x";
  State state = At(units);
  Play(*game_, state, {"D", "attack", "at c", "sixes 0 hits 2"});
  EXPECT_EQ(Odds(*game_, state)["saves 2"], Probability(5, 12));
  EXPECT_EQ(Odds(*game_, state)["saves 0"], Probability(1, 9));
  // At a tree the tree's +1 and the medic's go to two different dice: both fail only on
  // two 1s and 2s (1/9); both pass on two 3+ (4/9).
  state = At("A:x B:x C:x D@9,11/2/-/0/- a:x b:x c@9,7/0vm/-/0/- d:x");
  Play(*game_, state, {"D", "attack", "at c", "sixes 0 hits 2"});
  EXPECT_EQ(Odds(*game_, state)["saves 2"], Probability(4, 9));
  // Once a game, a natural 6 on a squad with a medic is a hit to save instead.
  state = At(units);
  Play(*game_, state, {"D", "attack", "at c", "sixes 1 hits 0"});
  ASSERT_EQ(state.phase, G::kSaveRoll);
  EXPECT_TRUE(state.flags[kc] & G::kMedicSixBit);
  Play(*game_, state, {"saves 1", "end", "end", "D", "attack", "at c", "sixes 1 hits 0"});
  EXPECT_EQ(state.phase, G::kRemove);  // the second 6 kills; c chooses who dies
  EXPECT_THAT(Legal(*game_, state), ElementsAre("lose veteran", "lose medic"));
  Play(*game_, state, {"lose medic"});
  EXPECT_EQ(state.specialists[kc], G::kVeteran);
}

TEST_F(BrickactionRulesTest, SuppressedSquadsCannotMoveAttackOrHoldAndRally) {
  State state = At("A@0,11/4vo/gs/0/- B@1,11/4v/gs/0/- C:x D:x a@11,0/4vo/g/0/- b:x c:x d:x", 3, 1);
  // Player 1 ends; player 0's suppressed squads roll to rally, A with its officer's +1.
  Play(*game_, state, {"end"});
  ASSERT_EQ(state.phase, G::kRally);
  EXPECT_EQ(state.sub, kA);
  EXPECT_EQ(Odds(*game_, state)["pass"], Probability(2, 3));
  Play(*game_, state, {"pass"});
  EXPECT_EQ(state.sub, kB);
  EXPECT_EQ(Odds(*game_, state)["pass"], Probability(1, 2));
  Play(*game_, state, {"roll 3"});
  EXPECT_FALSE(state.flags[kA] & G::kSuppressedBit);
  EXPECT_TRUE(state.flags[kB] & G::kSuppressedBit);
  // Still suppressed: only prone and another rally attempt, which costs an action.
  Play(*game_, state, {"B"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("prone", "rally"));
  Play(*game_, state, {"rally", "pass"});
  EXPECT_FALSE(state.flags[kB] & G::kSuppressedBit);
  EXPECT_EQ(state.left, 2);
}

TEST_F(BrickactionRulesTest, ProneCostsAnActionExceptOncePerTurnWithAnOfficer) {
  State state = At("A@0,11/4vo/g/0/- B:x C:x D@3,11/2/-/0/- a@11,0/4vo/g/0/- b:x c:x d:x");
  Play(*game_, state, {"D", "prone"});
  EXPECT_EQ(state.left, 2);
  EXPECT_TRUE(state.flags[kD] & G::kProneBit);
  Play(*game_, state, {"A", "prone"});
  EXPECT_EQ(state.left, 2);  // the officer's free go / rise
  Play(*game_, state, {"A", "rise"});
  EXPECT_EQ(state.left, 1);  // the second costs
  EXPECT_FALSE(state.flags[kA] & G::kProneBit);
}

TEST_F(BrickactionRulesTest, OfficersSquadMayGoProneWhenAttacked) {
  State state = At("A:x B@4,8/4v/g/0/- C:x D:x a@4,2/4vo/g/0/- b:x c:x d:x");
  Play(*game_, state, {"B", "attack", "at a"});
  ASSERT_EQ(state.phase, G::kProneReact);
  EXPECT_EQ(game_->CurrentPlayer(state), 1);
  // Prone behind the low wall: total cover, the attack is lost.
  Play(*game_, state, {"prone"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.left, 2);
  EXPECT_EQ(state.kills[0], 0);
}

TEST_F(BrickactionRulesTest, ResultObjectiveThenKillsThenDraw) {
  // The objective is cell 6,6; within 2 cells counts.
  State state = At("A@6,8/4vo/g/0/- B:x C:x D:x a@6,4/4vo/g/0/- b:x c:x d:x", 3, 1, 6);
  Play(*game_, state, {"end"});
  EXPECT_EQ(game_->Returns(state, 0), 0.0);  // 6 minis each, no kills
  state = At("A@6,8/4vo/g/0/- B:x C:x D@5,6/2/-/0/- a@6,4/4vo/g/0/- b:x c:x d:x", 3, 1, 6);
  Play(*game_, state, {"end"});
  EXPECT_EQ(game_->Returns(state, 0), 1.0);
  std::string text = Position("A@6,8/4vo/g/0/- B:x C:x D:x a@6,4/4vo/g/0/- b:x c:x d:x", 3, 1, 6);
  text.replace(text.find("kills=0/0"), 9, "kills=0/2");
  state = ParseOrDie(*game_, text);
  Play(*game_, state, {"end"});
  EXPECT_EQ(game_->Returns(state, 1), 1.0);
}

TEST_F(BrickactionRulesTest, ReactiveFire) {
  const std::string units = "A:x B:x C:x D@5,11/2/-/0/- a:x b:x c:x d@5,2/2/-/0/-";
  State state = At(units);
  // More than one cell in the open, in sight and range: one die, no modifiers.
  Play(*game_, state, {"D", "move", "to 5,8"});
  ASSERT_EQ(state.phase, G::kReactive);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("fire d", "none"));
  Play(*game_, state, {"fire d"});
  EXPECT_EQ(Odds(*game_, state)["sixes 1 hits 0"], Probability(1, 6));
  EXPECT_EQ(Odds(*game_, state)["sixes 0 hits 1"], Probability(1, 3));
  // One cell: no reactive fire.
  state = At(units);
  Play(*game_, state, {"D", "move", "to 5,10"});
  EXPECT_EQ(state.phase, G::kSelect);
  // A squad that attacked in its last turn may not.
  state = At("A:x B:x C:x D@5,11/2/-/0/- a:x b:x c:x d@5,2/2/a/0/-");
  Play(*game_, state, {"D", "move", "to 5,8"});
  EXPECT_EQ(state.phase, G::kSelect);
  // Two cells ending behind cover: not enough; two in the open: enough.
  state = At("A:x B:x C:x D@4,6/2/-/0/- a:x b:x c:x d@4,0/2/-/0/-");
  Play(*game_, state, {"D", "move", "to 4,4"});
  EXPECT_EQ(state.phase, G::kSelect);
  state = At("A:x B:x C:x D@8,6/2/-/0/- a:x b:x c:x d@8,0/2/-/0/-");
  Play(*game_, state, {"D", "move", "to 8,4"});
  EXPECT_EQ(state.phase, G::kReactive);
}

TEST_F(BrickactionRulesTest, OneReactiveAttackPerMoveAndReactionsTriggerNoReactions) {
  // Two squads could fire: the reacting player picks one, and that is all for this move.
  State state = At("A:x B:x C:x D@5,11/2/-/0/- a:x b:x c@8,2/0vm/-/0/- d@5,2/2/-/0/-");
  Play(*game_, state, {"D", "move", "to 5,8"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("fire c", "fire d", "none"));
  Play(*game_, state, {"fire d", "sixes 0 hits 0"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.left, 2);
  // b's hold move crosses open ground in D's sight: D takes no reactive fire at it.
  state = At("A:x B:x C:x D@8,11/2/-/0/- a:x b@5,2/4v/ga/0/Dmm c:x d:x");
  Play(*game_, state, {"D", "move", "to 8,10", "to 5,5"});
  EXPECT_EQ(state.cell[kb], Cell(5, 5));
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.player, 0);
}

TEST_F(BrickactionRulesTest, HoldFireOnMoveAndItsLimits) {
  State state = At("A:x B:x C:x D@8,8/2/-/0/- a:x b@8,2/4v/g/0/Dmf c:x d:x");
  Play(*game_, state, {"D", "move", "to 8,6"});
  // Within 4 cells: b's full attack at once.
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(state.att, kb);
  EXPECT_EQ(game_->PoolAt(state).dice(), 5);
  Play(*game_, state, {"sixes 0 hits 0"});
  // Then reactive fire (b may still take it), then the turn goes on.
  EXPECT_EQ(state.phase, G::kReactive);
  Play(*game_, state, {"none", "end"});
  // b's hold attack fired: it may not attack in its next turn.
  EXPECT_EQ(state.player, 1);
  Play(*game_, state, {"b"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("attack")));
  // Further than 4 cells: the hold is spent without an attack.
  state = At("A:x B:x C:x D@8,8/2/-/0/- a:x b@8,2/4v/g/0/Dmf c:x d:x");
  Play(*game_, state, {"D", "move", "to 8,7"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.hold[kb], 0);
}

TEST_F(BrickactionRulesTest, HoldFireOnAttackComesFirstAndReactiveMovement) {
  State state = At("A:x B:x C@11,11/0v/-/0/- D@8,6/2/-/0/- a:x b@8,2/4v/g/0/Dmf c:x d@9,2/2/-/0/-");
  // A hold on D's move does not answer its attack.
  Play(*game_, state, {"D", "attack", "at b"});
  EXPECT_EQ(state.att, kD);
  state = At("A:x B:x C@11,11/0v/-/0/- D@8,6/2/-/0/- a:x b@8,2/4v/g/0/Daf c:x d@9,2/2/-/0/-");
  Play(*game_, state, {"D", "attack", "at b"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(state.att, kb);
  // b destroys D before it fires, and may move toward where D stood.
  Play(*game_, state, {"sixes 2 hits 0"});
  ASSERT_EQ(state.phase, G::kReactMove);
  EXPECT_EQ(game_->CurrentPlayer(state), 1);
  const std::vector<std::string> legal = Legal(*game_, state);
  EXPECT_THAT(legal, Contains("to 8,6"));
  EXPECT_THAT(legal, Not(Contains("to 8,1")));  // not away from it
  EXPECT_EQ(legal.back(), "stay");
  Play(*game_, state, {"to 8,5"});
  EXPECT_EQ(state.cell[kb], Cell(8, 5));
  EXPECT_EQ(state.phase, G::kSelect);  // D's attack is lost, the action spent
  EXPECT_EQ(state.left, 2);
}

TEST_F(BrickactionRulesTest, HoldPlacementMovesAndExpiry) {
  // A squad that attacked this turn may place only hold moves.
  State state = At("A:x B:x C:x D@3,8/2/-/0/- a:x b@3,2/4v/g/1/- c:x d@9,2/2/-/0/-", 2, 1);
  state.flags[kb] |= G::kAttackedBit;
  Play(*game_, state, {"b", "hold"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("if D moves move", "if D attacks move"));
  Play(*game_, state, {"if D moves move"});
  EXPECT_EQ(state.hold[kb], (kD + 1) | G::kHoldMoves);
  // It answers D's move with a move of its own.
  Play(*game_, state, {"end", "D", "move", "to 3,9"});
  ASSERT_EQ(state.phase, G::kHoldMove);
  EXPECT_EQ(game_->CurrentPlayer(state), 1);
  Play(*game_, state, {"to 4,2"});
  EXPECT_EQ(state.phase, G::kSelect);
  // A hold lasts until the end of the opponent's next turn.
  state = At("A:x B:x C:x D@3,8/2/-/0/- a:x b@3,2/4v/g/0/Dmf c:x d:x");
  Play(*game_, state, {"end"});
  EXPECT_EQ(state.hold[kb], 0);
}

TEST_F(BrickactionRulesTest, CloseCombat) {
  State state = At("A:x B@3,3/4v/g/0/- C:x D:x a:x b:x c:x d@3,2/2/-/0/-");
  Play(*game_, state, {"B", "attack"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at d", "at d grenade", "close d"));
  // B: 4 dice (at most 4), +1 for its veteran; d: 2 dice.
  Play(*game_, state, {"close d", "roll 6 5 4 1"});
  EXPECT_EQ(state.a_sum, 17);
  Play(*game_, state, {"roll 2 3"});
  // B's natural 1 forces a save on B.
  ASSERT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(state.side, 0);
  Play(*game_, state, {"saves 0"});
  // d loses one to the higher total and one to the natural 6: destroyed. B loses one and
  // chooses who.
  EXPECT_FALSE(game_->IsAlive(state, kd));
  ASSERT_EQ(state.phase, G::kRemove);
  Play(*game_, state, {"lose regulars"});
  EXPECT_EQ(state.regulars[kB], 3);
  EXPECT_EQ(state.kills[0], 2);
  EXPECT_EQ(state.kills[1], 1);
  // d is destroyed: the game is over (player 1 has no squads left).
  EXPECT_EQ(game_->Kind(state), NodeKind::kTerminal);
}

TEST_F(BrickactionRulesTest, CloseCombatWinnerMayRepeatTieKillsNobody) {
  State state = At("A:x B@3,3/4v/g/0/- C:x D:x a:x b@3,2/4v/g/0/- c:x d@9,0/2/-/0/-");
  Play(*game_, state, {"B", "attack", "close b", "roll 5 5 5 5", "roll 2 2 2 2", "lose regulars"});
  ASSERT_EQ(state.phase, G::kRepeat);
  EXPECT_EQ(game_->CurrentPlayer(state), 0);
  Play(*game_, state, {"repeat"});
  EXPECT_EQ(state.phase, G::kCcRoll);
  Play(*game_, state, {"roll 3 3 3 3", "roll 2 2 2 2"});  // 13 against 9
  ASSERT_EQ(state.phase, G::kRemove);
  Play(*game_, state, {"lose regulars", "stop"});
  EXPECT_EQ(state.regulars[kb], 2);
  EXPECT_EQ(state.phase, G::kSelect);
  // A tie: nobody dies and there is no repeat.
  state = At("A:x B@3,3/4v/g/0/- C:x D:x a:x b@3,2/4v/g/0/- c:x d@9,0/2/-/0/-");
  Play(*game_, state, {"B", "attack", "close b", "roll 3 3 3 3", "roll 3 3 3 3"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.kills[0] + state.kills[1], 0);
}

TEST_F(BrickactionRulesTest, GrenadeIsSingleUse) {
  State state = At("A:x B@1,11/4v/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-");
  Play(*game_, state, {"B", "attack", "at d grenade"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 6);
  Play(*game_, state, {"sixes 0 hits 0"});
  EXPECT_FALSE(state.flags[kB] & G::kGrenadeBit);
  Play(*game_, state, {"B", "attack"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at d"));
}

}  // namespace
}  // namespace sandtable::brickaction_test
