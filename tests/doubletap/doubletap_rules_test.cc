// doubletap's rules, one test per ruling, on hand-built positions of the test board
// (doubletap_test_util.h) with the dice entered.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/doubletap/doubletap_test_util.h"

namespace sandtable::doubletap_test {
namespace {

using ::testing::ElementsAre;

enum UnitIndex { kH = 0, kR, kM, kh, kr, ks, kg };

class DoubletapRulesTest : public ::testing::Test {
 protected:
  DoubletapRulesTest() : game_(MakeGame()) {}
  int Cell(int x, int y) const { return game_->CellIndex(x, y); }
  State At(const std::string& units, int points, int player = 0, int round = 1) {
    return ParseOrDie(*game_, Position(units, points, player, round));
  }
  std::shared_ptr<const DoubletapGame> game_;
};

TEST_F(DoubletapRulesTest, RangeBandsAreStrictAndTheTableGivesModifiers) {
  // < 6, < 12, < 18, < 24 cells (12", 24", 36", 48").
  EXPECT_EQ(DoubletapGame::Band(35), 0);
  EXPECT_EQ(DoubletapGame::Band(36), 1);
  EXPECT_EQ(DoubletapGame::Band(143), 1);
  EXPECT_EQ(DoubletapGame::Band(144), 2);
  EXPECT_EQ(DoubletapGame::Band(575), 3);
  EXPECT_EQ(DoubletapGame::Band(576), -1);
  // Sniper: -1, -, +1, +1; Smg: -, -1, X, X; Carbine: -, +1, -, X.
  EXPECT_EQ(game_->RangeModifier(ks, 25), -1);
  EXPECT_EQ(game_->RangeModifier(ks, 400), 1);
  EXPECT_EQ(game_->RangeModifier(kM, 100), -1);
  EXPECT_EQ(game_->RangeModifier(kM, 144), DoubletapWeapon::kOutOfRange);
  EXPECT_EQ(game_->RangeModifier(kH, 100), 1);
  EXPECT_EQ(game_->RangeModifier(kH, 400), DoubletapWeapon::kOutOfRange);
}

TEST_F(DoubletapRulesTest, LineOfSightAndCover) {
  // Blocking cells block.
  EXPECT_FALSE(game_->TerrainSight(Cell(4, 9), Cell(4, 0)));
  // A cover cell next to neither end blocks.
  EXPECT_FALSE(game_->TerrainSight(Cell(8, 9), Cell(8, 0)));
  // Next to the target: seen over, and the target is in cover (not the shooter).
  EXPECT_TRUE(game_->TerrainSight(Cell(8, 9), Cell(8, 2)));
  EXPECT_TRUE(game_->InCover(Cell(8, 9), Cell(8, 2)));
  EXPECT_FALSE(game_->InCover(Cell(8, 2), Cell(8, 9)));
  // Next to the shooter: seen over, no cover for the target.
  EXPECT_TRUE(game_->TerrainSight(Cell(8, 4), Cell(8, 0)));
  EXPECT_FALSE(game_->InCover(Cell(8, 4), Cell(8, 0)));
  // Touching a corner of the cover cell does not cross it.
  EXPECT_TRUE(game_->TerrainSight(Cell(7, 1), Cell(10, 4)));
  EXPECT_FALSE(game_->InCover(Cell(7, 1), Cell(10, 4)));
  // Difficult ground does not block.
  EXPECT_TRUE(game_->TerrainSight(Cell(7, 9), Cell(7, 0)));
  // Other units block.
  const State state = At("H:x R@0,11 M@0,5 h:x r@0,0 s:x g:x", 2);
  EXPECT_FALSE(game_->Sees(state, Cell(0, 11), Cell(0, 0), kR, kr));
  EXPECT_TRUE(game_->Sees(state, Cell(0, 11), Cell(0, 0), kR, kM));
}

TEST_F(DoubletapRulesTest, ActivationPointsAndRepeatedActivations) {
  State state = game_->InitialState();  // the test board's deployment
  EXPECT_EQ(state.points, 3);           // one per living unit
  // The same unit twice: Run, then Run again.
  Play(*game_, state, {"R", "run", "to 1,7", "none", "none", "none", "none"});
  EXPECT_EQ(state.points, 2);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("H", "R", "M", "pass"));
  Play(*game_, state, {"R", "run"});
  // Passing ends the turn: player 1 gets one point per living unit.
  state = At("H@0,11 R@1,11 M@2,11 h@0,0 r@1,0 s@2,0 g@3,0", 2);
  Play(*game_, state, {"pass"});
  EXPECT_EQ(state.player, 1);
  EXPECT_EQ(state.points, 4);
  EXPECT_EQ(state.round, 1);
}

TEST_F(DoubletapRulesTest, ActivationCapParameter) {
  auto capped = MakeGame({{"activation_cap", "1"}});
  State state = capped->InitialState();
  Play(*capped, state, {"R", "run", "to 1,7", "none", "none", "none", "none"});
  EXPECT_THAT(Legal(*capped, state), ElementsAre("H", "M", "pass"));
}

TEST_F(DoubletapRulesTest, MoveIsTwoCellsRunFourDifficultCostsDouble) {
  // Open ground: the 13 cells within 2 (Euclidean), staying included.
  State state = At("H:x R@2,9 M:x h:x r@11,0 s:x g:x", 1);
  Play(*game_, state, {"R", "move"});
  EXPECT_THAT(Legal(*game_, state),
              ElementsAre("to 2,7", "to 1,8", "to 2,8", "to 3,8", "to 0,9", "to 1,9", "stay",
                          "to 3,9", "to 4,9", "to 1,10", "to 2,10", "to 3,10", "to 2,11"));
  // Into difficult ground a step costs double: (7,6) is 2 cells up but not reachable.
  state = At("H:x R@7,8 M:x h:x r@11,0 s:x g:x", 1);
  Play(*game_, state, {"R", "move"});
  std::vector<std::string> moves = Legal(*game_, state);
  EXPECT_THAT(moves, ::testing::Not(::testing::Contains("to 7,6")));
  EXPECT_THAT(moves, ::testing::Contains("to 7,7"));
  // A Run crosses the cover cell (8,3) but never ends on it; blocking cells are solid.
  state = At("H:x R@8,5 M:x h:x r@11,11 s:x g:x", 1);
  Play(*game_, state, {"R", "run"});
  moves = Legal(*game_, state);
  EXPECT_THAT(moves, ::testing::Contains("to 8,1"));
  EXPECT_THAT(moves, ::testing::Not(::testing::Contains("to 8,3")));
  EXPECT_THAT(moves, ::testing::Not(::testing::Contains("to 5,5")));
  EXPECT_THAT(moves, ::testing::Not(::testing::Contains("stay")));
}

TEST_F(DoubletapRulesTest, AssaultEndsInBaseContactAndMeleeHoldsUnits) {
  State state = At("H:x R:x M@10,9 h:x r:x s:x g@10,7", 1);
  Play(*game_, state, {"M"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("move", "assault", "run"));
  Play(*game_, state, {"assault"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("to 9,8", "to 10,8", "to 11,8"));
  // The Knife's two attacks go to the only enemy in contact; the target of melee may only
  // dodge or melee.
  Play(*game_, state, {"to 10,8"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at g", "hold"));
  Play(*game_, state, {"at g"});
  EXPECT_EQ(state.phase, DoubletapGame::kReact);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("none", "dodge", "melee"));
  Play(*game_, state, {"none"});
  // Knife: 2 tests at 4+, no modifiers.
  EXPECT_EQ(Odds(*game_, state)["successes 0"], Probability(1, 4));
  Play(*game_, state, {"successes 0"});
  // Player 1's turn: g is in base contact, so it can only assault (where it stands).
  EXPECT_EQ(state.player, 1);
  Play(*game_, state, {"g"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("assault"));
  Play(*game_, state, {"assault"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("stay"));
}

TEST_F(DoubletapRulesTest, UnitsInMeleeCannotShootOrBeShot) {
  // M and g are in base contact; R may not shoot g, but may shoot s.
  State state = At("H:x R@10,11 M@10,8 h:x r:x s@6,2 g@10,7", 1);
  Play(*game_, state, {"R", "move", "stay"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at s", "hold"));
  // M cannot shoot: in melee it may only assault.
  state = At("H:x R@10,11 M@10,8 h:x r:x s@11,2 g@10,7", 1);
  Play(*game_, state, {"M"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("assault"));
}

TEST_F(DoubletapRulesTest, ShootingRollsOneTestPerAttackWithBandAndCoverModifiers) {
  // Rifle at 7 cells (band < 12: no modifier) at a target behind the cover cell (8,3): -1,
  // so each attack succeeds on 5+ (1/3).
  State state = At("H:x R@8,9 M:x h:x r@8,2 s:x g:x", 1);
  Play(*game_, state, {"R", "move", "stay", "at r", "none"});
  ASSERT_EQ(state.phase, DoubletapGame::kAttackRoll);
  auto odds = Odds(*game_, state);
  EXPECT_EQ(odds["successes 0"], Probability(4, 9));
  EXPECT_EQ(odds["successes 1"], Probability(4, 9));
  EXPECT_EQ(odds["successes 2"], Probability(1, 9));
  // Raw faces: a natural 6 always succeeds, a 4 fails at -1.
  EXPECT_EQ(game_->ActionToString(state, kChancePlayer,
                                  *game_->ParseAction(state, kChancePlayer, "roll 6 4")),
            "successes 1");
  // Block tests in cover: +1, so each passes on 3+ (2/3); two hits kill unless both pass.
  Play(*game_, state, {"successes 2"});
  ASSERT_EQ(state.phase, DoubletapGame::kBlock);
  odds = Odds(*game_, state);
  EXPECT_EQ(odds["saved"], Probability(4, 9));
  EXPECT_EQ(odds["killed"], Probability(5, 9));
  EXPECT_EQ(game_->ActionToString(state, kChancePlayer,
                                  *game_->ParseAction(state, kChancePlayer, "roll 3 2")),
            "killed");
  const int before = game_->Score(state, 0);
  Play(*game_, state, {"killed"});
  EXPECT_FALSE(game_->IsAlive(state, kr));
  EXPECT_EQ(game_->Score(state, 0), before + 10);
}

TEST_F(DoubletapRulesTest, NaturalOneFailsAndNaturalSixSucceeds) {
  // At -2 (a Sniper within 6 cells, -1, at a target in cover, -1) a 4+ test needs 6: a
  // natural 6 still succeeds, 1/6.
  const DicePool& hard = game_->TestPool(1, 4, -2);
  EXPECT_EQ(hard.Distribution()[1].probability, Probability(1, 6));
  // Quality 2+ at +1: a natural 1 still fails, 5/6.
  const DicePool& easy = game_->TestPool(1, 2, 1);
  EXPECT_EQ(easy.Distribution()[1].probability, Probability(5, 6));
}

TEST_F(DoubletapRulesTest, AttacksAreSplitAsAMultisetInTargetOrder) {
  // The Smg's 4 attacks at r and s: targets are chosen one attack at a time, never going
  // back to an earlier target, and the last eligible target takes the rest.
  State state = At("H:x R:x M@1,7 h:x r@1,1 s@3,1 g:x", 1);
  Play(*game_, state, {"M", "move", "stay"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at r", "at s", "hold"));
  Play(*game_, state, {"at r"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at r", "at s"));
  Play(*game_, state, {"at s"});  // s is the last eligible target: it takes attacks 2 to 4
  EXPECT_EQ(state.ngroups, 2);
  EXPECT_EQ(state.attacks[0], 1);
  EXPECT_EQ(state.attacks[1], 3);
  EXPECT_EQ(state.phase, DoubletapGame::kReact);
}

TEST_F(DoubletapRulesTest, MoveShootsBeforeOrAfterTheMove) {
  // The attack is measured from where the unit stands when it shoots.
  State state = At("H:x R@3,9 M:x h:x r@3,0 s:x g:x", 1);
  Play(*game_, state, {"R", "move", "to 5,9"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("shoot before", "shoot after"));
  // Before: from (3,9), column 3 is open. After: from (5,9) the line to (3,0) crosses the
  // blocking cell (4,5), so there is no target and no target decision.
  State before = state;
  Play(*game_, before, {"shoot before", "at r"});
  EXPECT_EQ(before.phase, DoubletapGame::kReact);  // r was the only target: both attacks
  EXPECT_EQ(before.ngroups, 1);
  EXPECT_EQ(before.attacks[0], 2);
  State after = state;
  Play(*game_, after, {"shoot after"});
  EXPECT_FALSE(game_->TerrainSight(Cell(5, 9), Cell(3, 0)));
  EXPECT_EQ(after.phase, DoubletapGame::kReact);
  EXPECT_EQ(after.ngroups, 0);
}

TEST_F(DoubletapRulesTest, DodgeCancelsSuccessesAndTheRestHit) {
  State state = At("H:x R@1,11 M:x h:x r@1,1 s:x g:x", 1);
  Play(*game_, state, {"R", "move", "stay"});
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at r", "hold"));  // shooting is optional
  Play(*game_, state, {"at r"});
  ASSERT_EQ(state.phase, DoubletapGame::kReact);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("none", "move", "dodge", "shoot"));
  Play(*game_, state, {"dodge", "successes 2"});
  // Two Quality tests for the dodge.
  ASSERT_EQ(state.phase, DoubletapGame::kReactRoll);
  EXPECT_EQ(Odds(*game_, state)["successes 2"], Probability(1, 4));
  Play(*game_, state, {"roll 5 2"});  // one success cancels one: one hit is left
  ASSERT_EQ(state.phase, DoubletapGame::kBlock);
  EXPECT_EQ(state.hits_open, 1);
  // It takes the hit and stays; saved, it tests morale, fails and retreats 1 cell to the
  // free cell farthest from the nearest enemy (R at 1,11): (1,0).
  Play(*game_, state, {"saved", "fail"});
  EXPECT_EQ(state.cell[kr], Cell(1, 0));
  EXPECT_EQ(state.player, 1);  // R's point was the last: player 1's turn
}

TEST_F(DoubletapRulesTest, DodgeWithNoSuccessLeftMovesOneCell) {
  State state = At("H:x R@1,11 M:x h:x r@1,1 s:x g:x", 1);
  Play(*game_, state, {"R", "move", "stay", "at r", "dodge", "successes 1", "successes 2"});
  ASSERT_EQ(state.phase, DoubletapGame::kDodgeMove);
  EXPECT_EQ(game_->CurrentPlayer(state), 1);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("to 1,0", "to 0,1", "stay", "to 2,1", "to 1,2"));
  Play(*game_, state, {"to 2,1"});
  EXPECT_EQ(state.cell[kr], Cell(2, 1));
}

TEST_F(DoubletapRulesTest, OnlyADodgeLeavesBaseContact) {
  // M (in contact with g) assaults it where it stands; g dodges, nothing is left to cancel,
  // and it steps out of contact.
  State state = At("H:x R:x M@10,8 h:x r:x s:x g@10,7", 1);
  Play(*game_, state, {"M", "assault", "stay", "at g", "dodge", "successes 0", "successes 0"});
  ASSERT_EQ(state.phase, DoubletapGame::kDodgeMove);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("to 10,6", "to 9,7", "stay", "to 11,7"));
  Play(*game_, state, {"to 10,6"});
  EXPECT_EQ(state.cell[kg], Cell(10, 6));
  EXPECT_FALSE(game_->NextToSide(state, state.cell[kg], 0));
}

TEST_F(DoubletapRulesTest, EachUnitReactsAtMostOncePerEnemyTurn) {
  State state = At("H:x R@1,11 M@5,11 h:x r@1,1 s:x g:x", 2);
  Play(*game_, state, {"R", "move", "stay", "at r", "dodge", "successes 0", "successes 0"});
  // No attacker success is left: r may move 1 cell; it stays.
  Play(*game_, state, {"stay"});
  ASSERT_EQ(state.phase, DoubletapGame::kSelect);
  // M shoots r: r has reacted this turn, so no window opens.
  Play(*game_, state, {"M", "run", "to 5,7"});
  EXPECT_EQ(state.phase, DoubletapGame::kSelect);
  EXPECT_EQ(state.player, 1);
}

TEST_F(DoubletapRulesTest, ShootReactionCancelsAndLeftoverSuccessesHitTheAttacker) {
  // h at (11,0) cannot see R: the cover cell (8,3) is next to neither.
  State state = At("H:x R@1,11 M:x h@11,0 r@1,1 s:x g:x", 1);
  // r shoots back: its one success cancels nothing (R rolled none) and hits R.
  Play(*game_, state, {"R", "move", "stay", "at r", "shoot", "successes 0"});
  ASSERT_EQ(state.phase, DoubletapGame::kReactRoll);
  EXPECT_EQ(Odds(*game_, state)["successes 1"], Probability(1, 2));  // rifle at 10 cells
  Play(*game_, state, {"successes 1"});
  ASSERT_EQ(state.phase, DoubletapGame::kBlock);
  EXPECT_EQ(state.subject, kR);
  Play(*game_, state, {"killed"});
  // Player 0 is wiped out: the game ends; the Hero H scores double.
  ASSERT_EQ(game_->Kind(state), NodeKind::kTerminal);
  EXPECT_EQ(game_->Score(state, 1), 40);  // H (20), R, M
  EXPECT_EQ(game_->Score(state, 0), 20);  // s, g
  EXPECT_EQ(game_->Returns(state, 1), 1.0);

  // r's success cancels one of R's two: one hit on r, none on R.
  state = At("H:x R@1,11 M:x h:x r@1,1 s:x g:x", 1);
  Play(*game_, state, {"R", "move", "stay", "at r", "shoot", "successes 2", "successes 1"});
  EXPECT_EQ(state.subject, kr);
  EXPECT_EQ(state.hits_open, 1);
}

TEST_F(DoubletapRulesTest, AUnitKilledByAReactionCompletesItsAction) {
  // R shoots r twice; s (not a target) shoots R. R's attack is resolved in full first.
  State state = At("H:x R@1,11 M:x h:x r@1,1 s@3,1 g:x", 1);
  Play(*game_, state, {"R", "move", "stay", "at r", "at r", "none", "shoot"});
  Play(*game_, state, {"successes 2", "successes 1"});
  ASSERT_EQ(state.subject, kr);
  Play(*game_, state, {"killed"});
  ASSERT_EQ(state.subject, kR);
  Play(*game_, state, {"killed"});
  EXPECT_FALSE(game_->IsAlive(state, kr));
  EXPECT_FALSE(game_->IsAlive(state, kR));
}

TEST_F(DoubletapRulesTest, MeleeReactionCancelsMeleeSuccesses) {
  State state = At("H:x R:x M@10,9 h:x r:x s:x g@10,7", 1);
  Play(*game_, state, {"M", "assault", "to 10,8", "at g", "melee", "successes 0"});
  ASSERT_EQ(state.phase, DoubletapGame::kReactRoll);
  EXPECT_EQ(Odds(*game_, state)["successes 1"], Probability(1, 2));  // Knife, no modifiers
  Play(*game_, state, {"successes 1"});
  ASSERT_EQ(state.phase, DoubletapGame::kBlock);  // the leftover success hits M
  EXPECT_EQ(state.subject, kM);
  EXPECT_EQ(state.hits_open, 1);
}

TEST_F(DoubletapRulesTest, MoveReactionComesAfterTheAttack) {
  State state = At("H:x R@1,11 M:x h:x r@1,1 s:x g:x", 1);
  Play(*game_, state, {"R", "move", "stay", "at r", "move", "successes 0"});
  // R's attack is resolved (no success); now r makes its Move, decided by player 1.
  ASSERT_EQ(state.phase, DoubletapGame::kDest);
  EXPECT_EQ(game_->CurrentPlayer(state), 1);
  EXPECT_EQ(state.active, kr);
  Play(*game_, state, {"to 1,3", "shoot after", "at R"});
  // One Quality test only, at R: rifle at 8 cells, 4+.
  ASSERT_EQ(state.phase, DoubletapGame::kAttackRoll);
  EXPECT_EQ(state.attacks[0], 1);
  EXPECT_EQ(Odds(*game_, state)["successes 1"], Probability(1, 2));
  Play(*game_, state, {"successes 1", "saved", "pass"});
  EXPECT_EQ(state.cell[kr], Cell(1, 3));
  EXPECT_EQ(state.phase, DoubletapGame::kSelect);
  EXPECT_EQ(state.player, 1);
}

TEST_F(DoubletapRulesTest, ReactionNeedsLineOfSightToTheActivatedUnit) {
  // r at (4,0) sees R at (4,11)? No: the blocking cell (4,5) is in the way.
  State state = At("H:x R@4,11 M:x h:x r@4,0 s:x g:x", 1);
  Play(*game_, state, {"R", "run", "to 3,8"});
  EXPECT_EQ(state.phase, DoubletapGame::kSelect);  // no window, no dice: the turn moves on
  EXPECT_EQ(state.cell[kR], Cell(3, 8));
}

TEST_F(DoubletapRulesTest, HeroLetsAUnitWithinThreeCellsRerollMorale) {
  // h within 3 cells of r: a failed morale test is re-rolled.
  State state = At("H:x R@1,11 M:x h@3,1 r@1,1 s:x g:x", 1);
  Play(*game_, state,
       {"R", "move", "stay", "at r", "none", "none", "successes 1", "saved", "fail"});
  ASSERT_EQ(state.phase, DoubletapGame::kReroll);
  Play(*game_, state, {"pass"});
  EXPECT_EQ(state.cell[kr], Cell(1, 1));  // passed: stays
  // h 4 cells away: no re-roll, the unit retreats at once.
  // (h at (5,1) does not see R past the blocking cell (4,5), so only r reacts.)
  state = At("H:x R@1,11 M:x h@5,1 r@1,1 s:x g:x", 1);
  Play(*game_, state, {"R", "move", "stay", "at r", "none", "successes 1", "saved", "fail"});
  EXPECT_EQ(state.phase, DoubletapGame::kSelect);
  EXPECT_EQ(state.cell[kr], Cell(1, 0));
}

TEST_F(DoubletapRulesTest, AfterTheLastRoundMorePointsWin) {
  State state = At("H@0,11 R@1,11 M:x h:x r@1,0 s@2,0 g@3,0", 3, 1, 4);
  Play(*game_, state, {"pass"});
  ASSERT_EQ(game_->Kind(state), NodeKind::kTerminal);
  EXPECT_EQ(game_->Score(state, 0), 20);  // h counts double
  EXPECT_EQ(game_->Score(state, 1), 10);
  EXPECT_EQ(game_->Returns(state, 0), 1.0);
  EXPECT_EQ(game_->Returns(state, 1), -1.0);
  // Equal points: a draw.
  state = At("H@0,11 R:x M@2,11 h@0,0 r:x s@2,0 g@3,0", 3, 1, 4);
  Play(*game_, state, {"pass"});
  EXPECT_EQ(game_->Returns(state, 0), 0.0);
}

TEST_F(DoubletapRulesTest, ScenarioLimitsSpecialistsAndHeroes) {
  std::string scenario = TestScenario();
  const std::string extra = "unit side=0 label=Q weapon=hmg at=5,11\n";
  // R, M and H are no specialists; four snipers or hmgs on one side are too many.
  std::string four = scenario + "unit side=0 label=T weapon=sniper at=6,11\n" +
                     "unit side=0 label=U weapon=sniper at=7,11\n" +
                     "unit side=0 label=V weapon=hmg at=8,11\n" + extra;
  EXPECT_FALSE(DoubletapGame::CreateFromStrings({}, four).ok());
  EXPECT_TRUE(DoubletapGame::CreateFromStrings({}, scenario + extra).ok());
  std::string two_heroes = scenario + "unit side=1 label=k weapon=pistol hero=1 at=5,0\n";
  EXPECT_FALSE(DoubletapGame::CreateFromStrings({}, two_heroes).ok());
}

TEST(DoubletapDefaultTest, DefaultScenario) {
  auto game = MakeGame({}, std::string(DoubletapGame::DefaultScenarioText()));
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(game->width(), 24);
  EXPECT_EQ(game->height(), 24);
  int pieces_cells = 0;
  for (int c = 0; c < 24 * 24; ++c) {
    const int mirror = 24 * 24 - 1 - c;  // 180-degree rotation
    EXPECT_EQ(game->IsCover(c), game->IsCover(mirror));
    EXPECT_EQ(game->IsBlocking(c), game->IsBlocking(mirror));
    EXPECT_EQ(game->IsDifficult(c), game->IsDifficult(mirror));
    pieces_cells += game->IsCover(c) || game->IsBlocking(c) || game->IsDifficult(c);
  }
  EXPECT_GT(pieces_cells, 15);
  // Hero with Carbine, 3 Rifles, 1 Smg, 1 Sniper each, mirrored, within 6 rows of the edge.
  ASSERT_EQ(game->num_units(), 12);
  for (int u = 0; u < 6; ++u) {
    const auto& a = game->unit(u);
    const auto& b = game->unit(u + 6);
    EXPECT_EQ(a.weapon, b.weapon);
    EXPECT_EQ(a.hero, b.hero);
    EXPECT_EQ(a.start, 24 * 24 - 1 - b.start);
    EXPECT_GE(game->CellY(a.start), 18);
  }
  EXPECT_TRUE(game->unit(0).hero);
  EXPECT_STREQ(game->weapon(0).name, "carbine");
}

}  // namespace
}  // namespace sandtable::doubletap_test
