// One test per ruling of quick (docs/rulesets/quick.md), on hand-built positions with the
// dice entered. The map is tests/quick/quick_test_util.h's.
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/quick/quick_test_util.h"

namespace sandtable::quick_test {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::IsSupersetOf;
using ::testing::Not;

TEST(QuickRules, StartIsASimultaneousSecretSelection) {
  auto game = MakeGame();
  const State s = game->InitialState();
  EXPECT_EQ(game->Kind(s), NodeKind::kSimultaneous);
  EXPECT_EQ(game->CurrentPlayer(s), kNoPlayer);
  // Pool 8 blue + 4 pink: any split of 4 cubes.
  EXPECT_THAT(Legal(*game, s, 0),
              ElementsAre("select 0 blue 4 pink", "select 1 blue 3 pink", "select 2 blue 2 pink",
                          "select 3 blue 1 pink", "select 4 blue 0 pink"));
}

TEST(QuickRules, SelectionTakesFewerWhenThePoolCannotSupplyFour) {
  auto game = MakeGame();
  // Pool 2 blue + 1 pink and an empty Discard: the refill gives nothing, 3 cubes are taken.
  State s = Position(*game, {{"cubes0", "2,1/0,0/0,0/2,2/6,3"}});
  EXPECT_THAT(Legal(*game, s, 0), ElementsAre("select 2 blue 1 pink"));
}

TEST(QuickRules, RefillFromTheDiscardWhenThePoolHoldsFewerThanFour) {
  auto game = MakeGame();
  // Round 1 ends with Blue's Pool at 2,1 and Discard 6,3: round 2 starts with Pool 8,4.
  State s = BlueToAct(
      *game, 1, 0,
      {{"round", "1"}, {"cubes0", "2,1/1,0/5,3/2,2/0,0"}, {"spent0", "0,0"}, {"selected0", "1"}});
  Play(*game, s, {"blue pass"});
  EXPECT_EQ(s.phase, QuickGame::kSelect);
  EXPECT_EQ(s.round, 2);
  EXPECT_EQ(s.cubes[0][QuickGame::kPool][0], 8);
  EXPECT_EQ(s.cubes[0][QuickGame::kPool][1], 4);
  EXPECT_EQ(s.cubes[0][QuickGame::kDiscard][0], 0);
}

TEST(QuickRules, HandsStayHiddenAndDiscardsRevealTheirColour) {
  auto game = MakeGame();
  State s = game->InitialState();
  game->ApplyJoint(s, {3, 1});
  EXPECT_EQ(s.cubes[0][QuickGame::kHand][0], 3);
  EXPECT_EQ(s.cubes[1][QuickGame::kHand][0], 1);
  State other = game->InitialState();
  game->ApplyJoint(other, {1, 1});
  // Red cannot tell Blue's two Hands apart; Blue can.
  EXPECT_EQ(game->InformationSetKey(s, 1), game->InformationSetKey(other, 1));
  EXPECT_NE(game->InformationSetKey(s, 0), game->InformationSetKey(other, 0));
  EXPECT_EQ(game->DescribeHidden(s, 0), "hand 3 blue 1 pink");
  // Red's board shows Blue's Hand as four unknown cubes, Blue's shows it.
  const BoardView red_view = game->DescribeBoard(s, 1);
  EXPECT_EQ(red_view, game->DescribeBoard(other, 1));
  EXPECT_NE(game->DescribeBoard(s, 0), game->DescribeBoard(other, 0));
}

TEST(QuickRules, InitiativeHolderChoosesWhoActsFirstThenSidesAlternate) {
  auto game = MakeGame();
  State s = game->InitialState();
  game->ApplyJoint(s, {4, 2});  // Blue: 4 blue; Red: 2 blue 2 pink
  EXPECT_EQ(s.phase, QuickGame::kInitiative);
  EXPECT_EQ(game->CurrentPlayer(s), 0);  // Blue holds the Initiative in round 1
  Play(*game, s, {"go second"});
  EXPECT_EQ(game->CurrentPlayer(s), 1);
  Play(*game, s, {"pink pass"});
  EXPECT_EQ(game->CurrentPlayer(s), 0);
  Play(*game, s, {"blue pass"});
  EXPECT_EQ(game->CurrentPlayer(s), 1);
}

TEST(QuickRules, ASideWithAnEmptyHandPassesAutomatically) {
  auto game = MakeGame();
  State s = BlueToAct(*game, 2, 0);  // Red's Hand is empty
  Play(*game, s, {"blue pass"});
  EXPECT_EQ(game->CurrentPlayer(s), 0);
  Play(*game, s, {"blue pass"});
  // Both Hands empty: round 2's selection.
  EXPECT_EQ(s.phase, QuickGame::kSelect);
  EXPECT_EQ(s.round, 2);
}

TEST(QuickRules, ActionsByColour) {
  auto game = MakeGame();
  const State blue = BlueToAct(*game, 1, 0);
  EXPECT_THAT(Legal(*game, blue),
              ElementsAre("blue pass", "blue move unit", "blue move formation", "blue move all",
                          "blue regroup enabler artillery", "blue regroup enabler engineer",
                          "blue regroup enabler supply", "blue regroup cube blue",
                          "blue regroup cube pink"));
  // Pink: Redeploy (Recon can go from S to I or H), Pass; nothing to Revive.
  const State pink = BlueToAct(*game, 0, 1);
  EXPECT_THAT(Legal(*game, pink), ElementsAre("pink pass", "pink redeploy"));
}

TEST(QuickRules, WithoutItsCpASideCannotRedeployRegroupOrRevive) {
  auto game = MakeGame();
  const State s = BlueToAct(
      *game, 1, 1, {{"C@", "off"}, {"I@", "1,2r"}, {"enablers0", "S,exhausted,supply,supply"}});
  for (const std::string& a : Legal(*game, s)) {
    EXPECT_EQ(a.find("regroup"), std::string::npos) << a;
    EXPECT_EQ(a.find("redeploy"), std::string::npos) << a;
    EXPECT_EQ(a.find("revive"), std::string::npos) << a;
  }
  const State with_cp =
      BlueToAct(*game, 1, 1, {{"I@", "1,2r"}, {"enablers0", "S,exhausted,supply,supply"}});
  EXPECT_THAT(Legal(*game, with_cp),
              IsSupersetOf({"pink revive unit", "pink revive enablers", "pink redeploy"}));
}

TEST(QuickRules, ClaimInitiativeOncePerRoundWithASupportOption) {
  auto game = MakeGame();
  State s = BlueToAct(*game, 1, 1, {{"initiative", "1"}});
  EXPECT_THAT(Legal(*game, s), IsSupersetOf({"blue claim", "pink claim"}));
  Play(*game, s, {"pink claim"});
  EXPECT_THAT(Legal(*game, s), ElementsAre("support none", "support gain", "support cost"));
  Play(*game, s, {"support cost"});
  EXPECT_EQ(s.initiative, 0);
  EXPECT_EQ(s.support[1], -1);
  // Blue acts again (Red's Hand is empty); the Initiative may not move again this round.
  EXPECT_THAT(Legal(*game, s), Not(Contains("blue claim")));
  State gain = BlueToAct(*game, 1, 0, {{"initiative", "1"}});
  Play(*game, gain, {"blue claim", "support gain"});
  EXPECT_EQ(gain.support[0], 1);
}

TEST(QuickRules, StackingAndEnemyHexes) {
  auto game = MakeGame();
  // S at 3,1 next to a (4,1): it may not enter a's hex; I at 3,2 is a friendly MU.
  State s = BlueToAct(*game, 1, 0, {{"S@", "3,1"}, {"I@", "3,2"}, {"H@", "2,2"}});
  Play(*game, s, {"blue move unit", "unit S"});
  const std::vector<std::string> to = Legal(*game, s);
  EXPECT_THAT(to, Not(Contains("to 4,1")));
  EXPECT_THAT(to, Not(Contains("to 3,2")));
  // An HQ may join a friendly MU's hex.
  State h = BlueToAct(*game, 1, 0, {{"S@", "3,1"}, {"I@", "3,2"}, {"H@", "2,2"}});
  Play(*game, h, {"blue move unit", "unit H"});
  EXPECT_THAT(Legal(*game, h), Contains("to 3,2"));
}

TEST(QuickRules, BonusMoveOfTwoHexesNeedsCommandAndOpenGround) {
  auto game = MakeGame();
  // I at 1,2 in command of H (0,1): 2 hexes when one of the two hexes entered is Open.
  State s = BlueToAct(*game, 1, 0);
  Play(*game, s, {"blue move unit", "unit I"});
  std::vector<std::string> to = Legal(*game, s);
  EXPECT_THAT(to, Contains("to 2,2"));       // 1 hex
  EXPECT_THAT(to, Contains("to 1,3"));       // 1 hex
  EXPECT_THAT(to, Not(Contains("to 3,2")));  // via 2,2 (Urban) into 3,2 (Urban)
  EXPECT_THAT(to, Contains("to 2,3"));       // via 1,3 (Open) into 2,3 (Urban)
  // Out of command (H removed): 1 hex only.
  State out = BlueToAct(*game, 1, 0, {{"H@", "off"}});
  Play(*game, out, {"blue move unit", "unit I"});
  EXPECT_THAT(Legal(*game, out), Not(Contains("to 2,3")));
}

TEST(QuickRules, FormationMoveIsASequenceOfPerUnitDecisions) {
  auto game = MakeGame();
  State s = BlueToAct(*game, 2, 0);
  Play(*game, s, {"blue move formation", "formation H"});
  // H, then S, then I (unit order), each may stay.
  EXPECT_EQ(s.cursor, 1);
  EXPECT_THAT(Legal(*game, s), Contains("stay"));
  Play(*game, s, {"to 1,0"});
  EXPECT_EQ(s.cursor, 2);
  Play(*game, s, {"to 2,0"});
  EXPECT_EQ(s.cursor, 3);
  Play(*game, s, {"stay"});
  EXPECT_EQ(s.phase, QuickGame::kChoose);
  EXPECT_EQ(s.cell[1], game->CellOf(1, 0));
  EXPECT_EQ(s.cell[2], game->CellOf(2, 0));
}

TEST(QuickRules, MoveAllTakesInCommandHqsAndTheirInCommandMus) {
  auto game = MakeGame();
  // I is 3 hexes from H: out of command, so not part of the move.
  State s = BlueToAct(*game, 1, 0, {{"I@", "3,3"}});
  Play(*game, s, {"blue move all"});
  EXPECT_EQ(s.group, (1u << 1) | (1u << 2));
}

TEST(QuickRules, CombatPowerFromTheChart) {
  auto game = MakeGame();
  const State s = BlueToAct(*game, 1, 0, {{"S@", "3,1"}, {"I@", "1,1r"}});
  const int S = 2, a = 6, t = 7, h = 5;
  // Stryker into Urban: 3, +1 Recon. Into Open it would be 4.
  EXPECT_EQ(game->AttackPower(s, S, game->CellOf(4, 1)), 4);
  EXPECT_EQ(game->AttackPower(s, S, game->CellOf(0, 2)), 5);
  // Reduced: -1.
  EXPECT_EQ(game->AttackPower(s, 3, game->CellOf(2, 2)), 2);
  // Infantry defends with 3 in Urban; the task force 4 + Recon; HQ 1.
  EXPECT_EQ(game->DefencePower(s, a), 3);
  EXPECT_EQ(game->DefencePower(s, t), 5);
  EXPECT_EQ(game->DefencePower(s, h), 1);
  // +1 in Close.
  const State close = BlueToAct(*game, 1, 0, {{"a@", "2,1"}});
  EXPECT_EQ(game->DefencePower(close, a), 4);
}

TEST(QuickRules, DefenderRollsFirstAndEachFiveOrSixIsALoss) {
  auto game = MakeGame();
  State s = BlueToAct(*game, 1, 0, {{"S@", "3,1"}});
  Play(*game, s, {"blue attack", "unit S", "target a"});
  EXPECT_EQ(s.phase, QuickGame::kDefRoll);
  // a defends with 3 dice: exact binomial(3, 1/3).
  const auto odds = Odds(*game, s);
  EXPECT_EQ(odds.at("losses 0"), Probability(8, 27));
  EXPECT_EQ(odds.at("losses 1"), Probability(12, 27));
  EXPECT_EQ(odds.at("losses 2"), Probability(6, 27));
  EXPECT_EQ(odds.at("losses 3"), Probability(1, 27));
  Play(*game, s, {"roll 5 2 1"});
  // One Loss on S: exhaust Recon or Reduce.
  EXPECT_THAT(Legal(*game, s), ElementsAre("exhaust recon", "reduce"));
  Play(*game, s, {"exhaust recon"});
  // S's power is recomputed: 3 dice now.
  EXPECT_EQ(s.phase, QuickGame::kAtkRoll);
  EXPECT_EQ(Odds(*game, s).size(), 4u);
}

TEST(QuickRules, EnablersBeforeRemovalAndRetreatOncePerCombatThenAdvance) {
  auto game = MakeGame();
  State s = BlueToAct(*game, 1, 0, {{"S@", "3,1"}});
  Play(*game, s, {"blue attack", "unit S", "target a", "roll 1 1 1", "roll 6 6 5 1"});
  // Three Losses on a: Reduce or retreat (5,1 holds the friendly HQ, 5,0 the CP).
  EXPECT_THAT(Legal(*game, s), ElementsAre("reduce", "retreat 4,0", "retreat 5,0", "retreat 5,1",
                                           "retreat 4,2", "retreat 5,2"));
  Play(*game, s, {"retreat 4,2"});
  EXPECT_THAT(Legal(*game, s), ElementsAre("reduce"));  // retreat at most once
  Play(*game, s, {"reduce"});
  EXPECT_THAT(Legal(*game, s), ElementsAre("remove"));
  Play(*game, s, {"remove"});
  // Removal: a random cube of Red's Pool leaves the game, in proportion (8 blue, 4 pink).
  EXPECT_EQ(s.phase, QuickGame::kCube);
  EXPECT_EQ(Odds(*game, s).at("cube blue"), Probability(2, 3));
  Play(*game, s, {"cube pink"});
  EXPECT_EQ(s.cubes[1][QuickGame::kRemoved][1], 1);
  // Rubble and a CIV marker where a was; Blue gains 1 Popular Support.
  EXPECT_EQ(game->TerrainAt(s, game->CellOf(4, 2)), QuickGame::kClose);
  EXPECT_EQ(s.civ[0], game->CellOf(4, 2));
  EXPECT_EQ(s.support[0], 1);
  // The attacker may advance into the vacated hex.
  EXPECT_THAT(Legal(*game, s), ElementsAre("hold", "advance"));
  Play(*game, s, {"advance"});
  EXPECT_EQ(s.cell[2], game->CellOf(4, 1));
}

TEST(QuickRules, AllEnablersAreExhaustedBeforeAnMuIsRemoved) {
  auto game = MakeGame();
  // S is Reduced with Recon: the attacker may not retreat, and must exhaust Recon first.
  State s = BlueToAct(*game, 2, 0, {{"S@", "3,1r"}});
  Play(*game, s, {"blue attack", "unit S", "target a", "roll 6 6 1"});
  EXPECT_THAT(Legal(*game, s), ElementsAre("exhaust recon"));
  Play(*game, s, {"exhaust recon"});
  EXPECT_THAT(Legal(*game, s), ElementsAre("remove"));
  Play(*game, s, {"remove", "cube blue"});
  // The attacker is gone: it does not roll. Red gains the Popular Support.
  EXPECT_EQ(s.phase, QuickGame::kChoose);
  EXPECT_EQ(s.support[1], 1);
  EXPECT_EQ(s.cell[2], QuickGame::kNone);
}

TEST(QuickRules, AnHqIsRemovedForTheRoundAndReturnsNextToItsMus) {
  auto game = MakeGame();
  // S at 4,1 attacks h at 5,1, whose other neighbours are 5,0 (its own CP: one HQ or CP per
  // hex) and 5,2 (Blue's I): h cannot retreat and has no Enabler.
  State s = BlueToAct(*game, 1, 0, {{"S@", "4,1"}, {"I@", "5,2"}, {"a@", "3,0"}});
  Play(*game, s, {"blue attack", "unit S", "target h", "roll 1", "roll 6 1 1 1"});
  EXPECT_THAT(Legal(*game, s), ElementsAre("remove"));
  Play(*game, s, {"remove"});
  // No cube for an HQ; its MUs are out of command for the rest of the round.
  EXPECT_EQ(s.cell[5], QuickGame::kOff);
  EXPECT_EQ(s.cubes[1][QuickGame::kRemoved][0] + s.cubes[1][QuickGame::kRemoved][1], 0);
  EXPECT_FALSE(game->InCommand(s, 6));
  // Next round: after the selection, Red places h on or next to one of its MUs.
  EXPECT_EQ(s.phase, QuickGame::kSelect);
  game->ApplyJoint(s, {4, 4});
  EXPECT_EQ(s.phase, QuickGame::kPlace);
  EXPECT_EQ(game->CurrentPlayer(s), 1);
  const std::vector<std::string> at = Legal(*game, s);
  EXPECT_THAT(at, IsSupersetOf({"at 3,0", "at 4,0", "at 4,3", "at 5,3"}));
  EXPECT_THAT(at, Not(Contains("at 4,1")));  // S, an enemy
  EXPECT_THAT(at, Not(Contains("at 5,0")));  // c's hex: one HQ or CP per hex
  Play(*game, s, {"at 4,3"});
  EXPECT_EQ(s.phase, QuickGame::kInitiative);
  EXPECT_TRUE(game->InCommand(s, 7));
}

TEST(QuickRules, ACpRemovalCostsACube) {
  auto game = MakeGame();
  // c at 5,0 with every neighbour blocked: 4,0 S and 4,1 I (enemies), 5,1 h (an HQ).
  State s = BlueToAct(*game, 1, 0, {{"S@", "4,0"}, {"I@", "4,1"}, {"a@", "3,3"}});
  Play(*game, s, {"blue attack", "unit S", "target c", "roll 1", "roll 6 1 1 1"});
  EXPECT_THAT(Legal(*game, s), ElementsAre("remove"));
  Play(*game, s, {"remove"});
  EXPECT_EQ(s.phase, QuickGame::kCube);
  Play(*game, s, {"cube blue"});
  EXPECT_EQ(s.cell[4], QuickGame::kOff);
  EXPECT_EQ(s.cubes[1][QuickGame::kRemoved][0], 1);
  EXPECT_EQ(s.support[0], 0);  // Popular Support is for MUs
}

TEST(QuickRules, CivMarkersWanderWithADieAndBlockedMovesAreCancelled) {
  auto game = MakeGame();
  // A CIV marker at 0,2 wanders after the selection.
  State s = Position(*game, {{"civ", "0,2"}});
  game->ApplyJoint(s, {4, 4});
  EXPECT_EQ(s.phase, QuickGame::kWander);
  // NE 0,1 (H) and E 1,2 (I) are occupied, SW, W and NW are off the map: only SE moves it.
  const auto odds = Odds(*game, s);
  ASSERT_EQ(odds.size(), 2u);
  EXPECT_EQ(odds.at("to 0,2"), Probability(5, 6));
  EXPECT_EQ(odds.at("to 0,3"), Probability(1, 6));
  // Raw face: 3 is south-east.
  State rolled = s;
  Play(*game, rolled, {"roll 3"});
  EXPECT_EQ(rolled.civ[0], game->CellOf(0, 3));
}

TEST(QuickRules, RedeployIsUpToThreeTransfersDecidedOneAtATime) {
  auto game = MakeGame();
  State s = BlueToAct(*game, 0, 1, {{"enablers0", "S,I,supply,supply"}});
  Play(*game, s, {"pink redeploy"});
  EXPECT_THAT(Legal(*game, s), ElementsAre("enabler recon", "enabler artillery"));
  Play(*game, s, {"enabler recon"});
  EXPECT_THAT(Legal(*game, s), ElementsAre("unit H", "unit I"));
  Play(*game, s, {"unit I", "enabler artillery", "unit S", "enabler recon", "unit H"});
  // Three transfers: the action is over.
  EXPECT_EQ(s.enabler[0][0], 1);
  EXPECT_EQ(s.enabler[0][1], 2);
  EXPECT_EQ(s.phase, QuickGame::kSelect);  // both Hands were empty afterwards
}

TEST(QuickRules, ReviveAReducedMuOrUpToTwoEnablers) {
  auto game = MakeGame();
  State s = BlueToAct(*game, 0, 2,
                      {{"I@", "1,2r"}, {"enablers0", "exhausted,exhausted,exhausted,supply"}});
  Play(*game, s, {"pink revive unit", "unit I"});
  EXPECT_EQ(s.reduced[3], 0);
  Play(*game, s, {"pink revive enablers", "enabler recon", "enabler engineer"});
  EXPECT_EQ(s.enabler[0][0], QuickGame::kAvailable);
  EXPECT_EQ(s.enabler[0][1], QuickGame::kExhausted);
  EXPECT_EQ(s.enabler[0][2], QuickGame::kAvailable);
}

TEST(QuickRules, RegroupDrawsAnEnablerAddsACubeOrAllocates) {
  auto game = MakeGame();
  State s = BlueToAct(*game, 3, 0);
  Play(*game, s, {"blue regroup enabler engineer"});
  EXPECT_EQ(s.enabler[0][2], QuickGame::kAvailable);
  Play(*game, s, {"blue regroup cube pink"});
  EXPECT_EQ(s.cubes[0][QuickGame::kSupply][1], 1);
  EXPECT_EQ(s.cubes[0][QuickGame::kPool][1], 5);
  Play(*game, s, {"blue regroup allocate engineer"});
  // Only in-command units receive: H (HQ, 1 from the CP), S, I.
  EXPECT_THAT(Legal(*game, s), ElementsAre("unit H", "unit S", "unit I"));
  Play(*game, s, {"unit I"});
  EXPECT_EQ(s.enabler[0][2], 3);
}

TEST(QuickRules, BlueWinsHoldingTwoObjectives) {
  auto game = MakeGame({{"rounds", "1"}});
  State s = BlueToAct(*game, 1, 0, {{"S@", "4,1"}, {"a@", "gone"}, {"I@", "4,2"}, {"t@", "3,3"}});
  Play(*game, s, {"blue move unit", "unit I", "to 4,3"});
  EXPECT_EQ(s.phase, QuickGame::kOver);
  EXPECT_EQ(game->Returns(s, 0), 1.0);
  State held = BlueToAct(*game, 1, 0, {{"S@", "4,0"}});
  Play(*game, held, {"blue pass"});
  EXPECT_EQ(game->Returns(held, 1), 1.0);
}

TEST(QuickRules, SupportVictoryWithMusRemovedAsTieBreak) {
  auto game = MakeGame({{"rounds", "1"}, {"victory", "support"}});
  State s = BlueToAct(*game, 1, 0, {{"support", "2,1"}});
  Play(*game, s, {"blue pass"});
  EXPECT_EQ(game->Returns(s, 0), 1.0);
  State tie = BlueToAct(*game, 1, 0, {{"support", "1,1"}, {"mus_removed", "0,1"}});
  Play(*game, tie, {"blue pass"});
  EXPECT_EQ(game->Returns(tie, 1), 1.0);
  State draw = BlueToAct(*game, 1, 0, {{"support", "1,1"}});
  Play(*game, draw, {"blue pass"});
  EXPECT_EQ(game->Returns(draw, 0), 0.0);
}

TEST(QuickRules, DeterminizerNeverContradictsPublicInformation) {
  auto game = MakeGame();
  Rng rng(7);
  int checked = 0;
  for (int g = 0; g < 300; ++g) {
    State s = game->InitialState();
    while (game->Kind(s) != NodeKind::kTerminal) {
      for (Player p = 0; p < 2; ++p) {
        const State sample = game->Determinize(s, p, rng);
        const int o = 1 - p;
        // What p knows is untouched; the opponent's Hand fits the public counts.
        EXPECT_EQ(game->InformationSetKey(sample, p), game->InformationSetKey(s, p));
        for (int c = 0; c < 2; ++c) {
          EXPECT_EQ(sample.cubes[o][QuickGame::kPool][c] + sample.cubes[o][QuickGame::kHand][c],
                    s.cubes[o][QuickGame::kPool][c] + s.cubes[o][QuickGame::kHand][c]);
          EXPECT_EQ(sample.cubes[p][QuickGame::kHand][c], s.cubes[p][QuickGame::kHand][c]);
        }
        // The sample is a state the rules reach (ParseState validates the Pool events too).
        EXPECT_TRUE(game->ParseState(game->StateToString(sample)).ok())
            << game->StateToString(sample);
        ++checked;
      }
      if (game->Kind(s) == NodeKind::kSimultaneous) {
        ActionList a0, a1;
        game->LegalActions(s, 0, a0);
        game->LegalActions(s, 1, a1);
        game->ApplyJoint(s, {a0[rng.Below(a0.size())], a1[rng.Below(a1.size())]});
      } else if (game->Kind(s) == NodeKind::kChance) {
        ChanceList outcomes;
        game->ChanceOutcomes(s, outcomes);
        game->Apply(s, outcomes[rng.Below(outcomes.size())].outcome);
      } else {
        ActionList actions;
        game->LegalActions(s, game->CurrentPlayer(s), actions);
        game->Apply(s, actions[rng.Below(actions.size())]);
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

TEST(QuickRules, RemovalsWeighTheDeterminizedHand) {
  auto game = MakeGame();
  // Red selected 4 cubes from Pool 8,4 and lost a pink cube from its Pool since: Red's
  // Pool had pink left, so a Hand of 4 pink (Pool 8,0) cannot have been.
  State s = BlueToAct(*game, 1, 0,
                      {{"cubes1", "6,1/2,2/0,0/2,2/0,1"}, {"selected1", "4"}, {"log1", "P"}});
  const auto candidates = game->HandCandidates(s, 1);
  // Hands 0..4 blue of Pool+Hand 8 blue 3 pink: blue 1..4; weights = pink in Pool then.
  ASSERT_EQ(candidates.size(), 4u);
  EXPECT_EQ(candidates[0].first, 1);
  EXPECT_EQ(candidates[0].second, 1u);  // Hand 1 blue 3 pink: Pool had 1 pink
  EXPECT_EQ(candidates[3].first, 4);
  EXPECT_EQ(candidates[3].second, 4u);  // Hand 4 blue: Pool had 4 pink
}

TEST(QuickRules, TextRoundTripsAndRawFaces) {
  auto game = MakeGame();
  const State s = BlueToAct(*game, 1, 0, {{"S@", "3,1"}});
  EXPECT_EQ(game->StateToString(ParseOrDie(*game, game->StateToString(s))), game->StateToString(s));
  EXPECT_FALSE(game->ParseAction(s, 0, "blue fly").ok());
  EXPECT_FALSE(game->ParseState("round=1").ok());
  EXPECT_FALSE(game->ParseState(Edit(game->StateToString(s), {{"I@", "3,1"}})).ok());
}

}  // namespace
}  // namespace sandtable::quick_test

namespace sandtable::quick_test {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(QuickScenarios, DefaultFileIsTheBuiltInDefault) {
  EXPECT_EQ(ReadFile(std::string(QUICK_SCENARIO_DIR) + "/default.scn"),
            std::string(QuickGame::DefaultScenario()));
}

TEST(QuickScenarios, HandWrittenScenarioLoads) {
  auto game = MakeGame({}, ReadFile(std::string(QUICK_SCENARIO_DIR) + "/two_formations.scn"));
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(game->width(), 9);
  EXPECT_EQ(game->objectives().size(), 4u);
  // Two Blue formations: G's MUs are in G's formation.
  const State s = game->InitialState();
  EXPECT_TRUE(game->InCommand(s, 5));  // T, 1 hex from G
  EXPECT_EQ(game->unit(5).formation, 2);
}

TEST(QuickScenarios, BadScenariosNameTheirLine) {
  const std::string base = TestScenario();
  for (const auto& [extra, message] : std::vector<std::pair<std::string, std::string>>{
           {"unit side=0 type=tank label=Q at=2,2\n", "unknown type"},
           {"unit side=0 type=infantry label=Q at=2,2\n", "names its HQ"},
           {"unit side=1 type=infantry label=Q hq=h at=1,1\n", "share a hex"},
           {"unit side=0 type=infantry label=S hq=H at=2,2\n", "used twice"},
           {"enabler side=0 type=recon at=available\n", "placed twice"},
           {"name a\nname b\n", "'name' given twice"}}) {
    auto game = QuickGame::CreateFromStrings({}, base + extra);
    ASSERT_FALSE(game.ok()) << extra;
    EXPECT_NE(std::string(game.status().message()).find(message), std::string::npos)
        << game.status();
  }
}

TEST(QuickScenarios, AnotherRulesetsScenarioIsRefused) {
  std::string text = TestScenario();
  text.replace(0, std::string("ruleset quick").size(), "ruleset doubletap");
  auto game = QuickGame::CreateFromStrings({}, text);
  ASSERT_FALSE(game.ok());
  EXPECT_NE(std::string(game.status().message())
                .find("line 1: this scenario is for 'doubletap', not quick"),
            std::string::npos)
      << game.status();
}

}  // namespace
}  // namespace sandtable::quick_test

namespace sandtable::quick_test {
namespace {

// Positions from random games with one word's value replaced by junk or another value:
// ParseState never crashes, and what it accepts prints back to the same text, which
// parses to the same state.
TEST(QuickText, MutatedPositionsAreRejectedOrRoundTrip) {
  auto game = MakeGame();
  Rng rng(11);
  const std::vector<std::string> junk = {"",
                                         "-",
                                         "0",
                                         "1",
                                         "2",
                                         "3",
                                         "4",
                                         "7",
                                         "15",
                                         "99",
                                         "255",
                                         "-1",
                                         "a",
                                         "S",
                                         "x",
                                         "0,0",
                                         "5,3",
                                         "9,9",
                                         "8,4/0,0/0,0/2,2/0,0",
                                         "B",
                                         "P",
                                         "bbbbbbbbbbbbbbbbb",
                                         "off",
                                         "gone",
                                         "1,1r",
                                         "supply",
                                         "exhausted"};
  int accepted = 0;
  for (int g = 0; g < 40; ++g) {
    State s = game->InitialState();
    while (game->Kind(s) != NodeKind::kTerminal) {
      const std::vector<std::string> words = absl::StrSplit(game->StateToString(s), ' ');
      for (int m = 0; m < 3; ++m) {
        std::vector<std::string> mutated = words;
        std::string& word = mutated[rng.Below(static_cast<uint32_t>(mutated.size()))];
        const size_t at = word.find_first_of("=@");
        word = word.substr(0, at + 1) + junk[rng.Below(static_cast<uint32_t>(junk.size()))];
        const std::string text = absl::StrJoin(mutated, " ");
        const absl::StatusOr<State> parsed = game->ParseState(text);
        if (parsed.ok()) {
          ++accepted;
          const std::string printed = game->StateToString(*parsed);
          const absl::StatusOr<State> again = game->ParseState(printed);
          ASSERT_TRUE(again.ok()) << printed;
          EXPECT_TRUE(*again == *parsed) << printed;
          EXPECT_EQ(printed, text);  // the notation is canonical
        }
      }
      ActionList actions;
      if (game->Kind(s) == NodeKind::kSimultaneous) {
        ActionList other;
        game->LegalActions(s, 0, actions);
        game->LegalActions(s, 1, other);
        game->ApplyJoint(s, {actions[rng.Below(actions.size())], other[rng.Below(other.size())]});
      } else if (game->Kind(s) == NodeKind::kChance) {
        ChanceList outcomes;
        game->ChanceOutcomes(s, outcomes);
        game->Apply(s, outcomes[rng.Below(outcomes.size())].outcome);
      } else {
        game->LegalActions(s, game->CurrentPlayer(s), actions);
        game->Apply(s, actions[rng.Below(actions.size())]);
      }
    }
  }
  EXPECT_GT(accepted, 0);
}

}  // namespace
}  // namespace sandtable::quick_test
