// mgbb's turn sequence (rulesets/mgbb/mgbb.cc): initiative, activation tokens and rolls, the
// action loop and its points, moves, reform and the result, each on a hand-built position.
#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rulesets/mgbb/mgbb.h"
#include "tests/mgbb/mgbb_test_util.h"

namespace sandtable {
namespace {

using G = MgbbGame;

// An 8 x 8 open table (row 2 column 4 terrain, column 6 road) with the given units.
std::shared_ptr<const G> SmallGame(std::string_view units, std::string_view extra = "") {
  const std::string text =
      "ruleset mgbb\nlegend . open\nlegend t terrain\nlegend r road\nlegend * objective\n" +
      std::string(extra) +
      "map\n......r.\n......r.\n....t.r.\n......r.\n......r.\n......r.\n......r.\n*.....r.\nend\n" +
      std::string(units);
  absl::StatusOr<std::shared_ptr<const G>> game = G::CreateFromStrings({}, text);
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? *game : nullptr;
}

std::shared_ptr<const G> ElectionDay() {
  absl::StatusOr<std::shared_ptr<const G>> game = G::CreateFromStrings({}, "");
  EXPECT_TRUE(game.ok()) << game.status();
  return *game;
}

using mgbb_test::Has;
using mgbb_test::Legal;

// Through the initiative (won by `winner`) and both sides' tokens: none assigned.
G::State NoTokens(const G& game, int winner) {
  G::State state = game.InitialState();
  game.Apply(state, G::kOutcomeBase + winner);
  game.Apply(state, G::kTokensDone);
  game.Apply(state, G::kTokensDone);
  return state;
}

// A government foot unit (0) with its commander (1) at hand and an insurgent commander (2)
// far away.
constexpr std::string_view kFootAndCommanders =
    "unit side=government class=regular type=foot at=3,4\n"
    "unit side=government class=regular type=commander trait=defensive at=5,5\n"
    "unit side=insurgents class=guerrilla type=commander trait=rash at=0,0\n";

// The government foot unit selected for its activation.
G::State FootActivated(const G& game) {
  G::State state = game.InitialState();
  game.Apply(state, G::kOutcomeBase + 0);
  game.Apply(state, G::kTokenBase + 0);
  game.Apply(state, G::kTokensDone);
  game.Apply(state, G::kTokensDone);  // Regular Army: activated with no throw
  EXPECT_EQ(state.phase, G::kSelect);
  game.Apply(state, G::kSelectBase + 0);
  EXPECT_EQ(state.phase, G::kOrder);
  return state;
}

TEST(MgbbCoreTest, InitiativeIsExactWithTiesThrownAgain) {
  auto game = ElectionDay();
  G::State state = game->InitialState();
  ASSERT_EQ(state.phase, G::kInitiative);
  // Government: 6 units besides the commander, 1 die; insurgents: 7, 2 dice; no
  // adjustments (no hit tokens; the insurgents' scouts are out of command distance).
  EXPECT_EQ(game->InitiativeDiceOf(state, 0), 1);
  EXPECT_EQ(game->InitiativeDiceOf(state, 1), 2);
  EXPECT_EQ(game->InitiativeAdjustmentOf(state, 1), 0);
  // 1d6 beats 2d6 in 0+0+1+3+6+10 = 20 of 216 throws and ties in 0+1+2+3+4+5 = 15, so
  // without ties 20 / (216 - 15).
  ChanceList outcomes;
  game->ChanceOutcomes(state, outcomes);
  ASSERT_EQ(outcomes.size(), 2);
  EXPECT_EQ(outcomes[0].outcome, G::kOutcomeBase + 0);
  EXPECT_EQ(outcomes[0].probability, Probability(20, 201));
  EXPECT_EQ(outcomes[1].probability, Probability(181, 201));
}

TEST(MgbbCoreTest, InitiativeCountsBattleWornUnitsAndFreeScouts) {
  // Two units with 2+ hit tokens: -2. A scout in command distance with no friendly foot
  // forward of it (5,5): +2; one with foot ahead of it (3,6, the foot at 2,5) does not count.
  auto game = SmallGame(
      "unit side=government class=regular type=foot hits=2 at=1,1\n"
      "unit side=government class=regular type=foot hits=3 at=2,1\n"
      "unit side=government class=regular type=commander trait=defensive at=0,3\n"
      "unit side=insurgents class=guerrilla type=scouts at=5,5 facing=N\n"
      "unit side=insurgents class=guerrilla type=scouts at=3,6 facing=N\n"
      "unit side=insurgents class=guerrilla type=foot at=2,5\n"
      "unit side=insurgents class=guerrilla type=commander trait=rash at=4,6\n");
  const G::State state = game->InitialState();
  EXPECT_EQ(game->InitiativeAdjustmentOf(state, 0), -2);
  EXPECT_EQ(game->InitiativeAdjustmentOf(state, 1), 2);
}

TEST(MgbbCoreTest, InitiativeSideAssignsTokensFirstUpToItsUnitCount) {
  auto game = ElectionDay();
  G::State state = game->InitialState();
  game->Apply(state, G::kOutcomeBase + 1);  // the insurgents win
  EXPECT_EQ(state.phase, G::kTokens);
  EXPECT_EQ(game->CurrentPlayer(state), 1);
  ActionList actions = Legal(*game, state);
  EXPECT_EQ(actions.size(), 8);                   // 7 units (not the commander), done
  EXPECT_FALSE(Has(actions, G::kTokenBase + 7));  // the insurgent commander
  for (int i = 0; i < 3; ++i) game->Apply(state, G::kTokenBase + 8);  // 3 on one unit
  EXPECT_FALSE(Has(Legal(*game, state), G::kTokenBase + 8));
  for (int u = 9; u <= 12; ++u) game->Apply(state, G::kTokenBase + u);
  // 7 tokens given: only done is left.
  actions = Legal(*game, state);
  ASSERT_EQ(actions.size(), 1);
  game->Apply(state, G::kTokensDone);
  EXPECT_EQ(game->CurrentPlayer(state), 0);
  EXPECT_EQ(state.phase, G::kTokens);
}

TEST(MgbbCoreTest, TokensGoInScenarioOrder) {
  // Every assignment of tokens can be made, each in one order only: after a token on g4 the
  // government may give g4 another, or g5 to g7, not g2 or g3.
  auto game = ElectionDay();
  G::State state = game->InitialState();
  game->Apply(state, G::kOutcomeBase + 0);  // the government wins
  game->Apply(state, G::kTokenBase + 3);    // g4
  const ActionList actions = Legal(*game, state);
  EXPECT_EQ(std::vector<Action>(actions.begin(), actions.end()),
            (std::vector<Action>{G::kTokenBase + 3, G::kTokenBase + 4, G::kTokenBase + 5,
                                 G::kTokenBase + 6, G::kTokensDone}));
  EXPECT_THAT(std::string(game->ParseAction(state, 0, "token g2").status().message()),
              testing::HasSubstr("legal: token g4, token g5, token g6, token g7, done"));
}

TEST(MgbbCoreTest, ActivationRollsByClassAndAPassDiscardsTheRest) {
  auto game = ElectionDay();
  G::State state = game->InitialState();
  game->Apply(state, G::kOutcomeBase + 0);
  game->Apply(state, G::kTokenBase + 1);  // the Police: 2+
  game->Apply(state, G::kTokenBase + 2);  // Regular Army: automatic
  game->Apply(state, G::kTokensDone);
  game->Apply(state, G::kTokenBase + 8);  // Guerrilla foot: 3+, three tokens
  game->Apply(state, G::kTokenBase + 8);
  game->Apply(state, G::kTokenBase + 8);
  game->Apply(state, G::kTokensDone);
  // The commanders are activated without a token, the units in scenario order.
  EXPECT_TRUE(state.flags[0] & G::kActivatedBit);
  ASSERT_EQ(state.phase, G::kActivationRoll);
  EXPECT_EQ(state.cursor, 1);
  ChanceList outcomes;
  game->ChanceOutcomes(state, outcomes);
  ASSERT_EQ(outcomes.size(), 2);
  EXPECT_EQ(outcomes[0].probability, Probability(1, 6));  // fail on a 1
  EXPECT_EQ(outcomes[1].probability, Probability(5, 6));
  game->Apply(state, G::kOutcomeBase + 0);  // the Police fail their only token
  EXPECT_FALSE(state.flags[1] & G::kActivatedBit);
  EXPECT_TRUE(state.flags[2] & G::kActivatedBit);  // Regular Army: no throw
  ASSERT_EQ(state.cursor, 8);
  game->ChanceOutcomes(state, outcomes);
  EXPECT_EQ(outcomes[1].probability, Probability(4, 6));
  game->Apply(state, G::kOutcomeBase + 0);  // first token fails
  EXPECT_EQ(state.tokens[8], 2);
  game->Apply(state, G::kOutcomeBase + 1);  // the second passes: the third is discarded
  EXPECT_EQ(state.tokens[8], 0);
  EXPECT_TRUE(state.flags[8] & G::kActivatedBit);
  // The actions: the initiative side (the government) picks first.
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(game->CurrentPlayer(state), 0);
  const ActionList picks = Legal(*game, state);
  EXPECT_EQ(picks.size(), 2);  // its commander and the Regular Army unit
}

TEST(MgbbCoreTest, PicksAlternateUnitByUnit) {
  auto game = ElectionDay();
  G::State state = NoTokens(*game, 1);  // only the commanders are activated
  ASSERT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(game->CurrentPlayer(state), 1);
  game->Apply(state, G::kSelectBase + 7);
  game->Apply(state, G::kOrderBase + G::kEnd);
  EXPECT_TRUE(state.flags[7] & G::kDoneBit);
  ASSERT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(game->CurrentPlayer(state), 0);
  game->Apply(state, G::kSelectBase + 0);
  game->Apply(state, G::kOrderBase + G::kEnd);
  // Both done: reform (nothing to do) and the next turn's initiative.
  EXPECT_EQ(state.phase, G::kInitiative);
  EXPECT_EQ(state.turn, 2);
  EXPECT_EQ(state.flags[0], 0);  // the turn's flags are cleared
}

TEST(MgbbCoreTest, FootMovesOneMInTheOpenForOnePoint) {
  auto game = SmallGame(kFootAndCommanders);
  G::State state = FootActivated(*game);
  EXPECT_TRUE(Has(Legal(*game, state), G::kOrderBase + G::kMove));
  game->Apply(state, G::kOrderBase + G::kMove);
  ASSERT_EQ(state.phase, G::kDest);
  // 1M is 2 cells: the cells within 2 cells of (3,4) (steps of 2 points, diagonals 3,
  // allowance 4): 4 orthogonal at 1, 4 at 2, 4 diagonal at 1.
  const ActionList dests = Legal(*game, state);
  EXPECT_EQ(dests.size(), 12);
  EXPECT_EQ(game->MoveCost(state, 0, game->CellIndex(3, 6)), 1);
  EXPECT_EQ(game->MoveCost(state, 0, game->CellIndex(4, 3)), 1);
  EXPECT_EQ(game->MoveCost(state, 0, game->CellIndex(4, 2)), -1);  // diagonal + orthogonal
  game->Apply(state, game->CellIndex(3, 6));
  EXPECT_EQ(state.cell[0], game->CellIndex(3, 6));
  EXPECT_EQ(state.ap, 1);
  EXPECT_TRUE(state.flags[0] & G::kMovedBit);
  EXPECT_EQ(state.phase, G::kOrder);  // one point left: it may move again
}

TEST(MgbbCoreTest, TerrainCostsAPointMoreAndRoadsAddOneM) {
  auto game = SmallGame(
      "unit side=government class=regular type=foot at=4,4\n"
      "unit side=government class=regular type=foot at=6,4\n"
      "unit side=government class=regular type=commander trait=defensive at=5,6\n"
      "unit side=insurgents class=guerrilla type=commander trait=rash at=0,0\n");
  G::State state = game->InitialState();
  game->Apply(state, G::kOutcomeBase + 0);
  game->Apply(state, G::kTokenBase + 0);
  game->Apply(state, G::kTokenBase + 1);
  game->Apply(state, G::kTokensDone);
  game->Apply(state, G::kTokensDone);
  game->Apply(state, G::kSelectBase + 0);
  EXPECT_EQ(game->MoveCost(state, 0, game->CellIndex(4, 2)), 2);  // into terrain
  EXPECT_EQ(game->MoveCost(state, 0, game->CellIndex(4, 3)), 1);
  // Unit 1 on the road: 1M + 1M fully along the road, 4 cells up or down it.
  EXPECT_EQ(game->MoveCost(state, 1, game->CellIndex(6, 0)), 1);
  EXPECT_EQ(game->MoveCost(state, 1, game->CellIndex(5, 1)), -1);  // off the road: 1M
}

TEST(MgbbCoreTest, NoMoveOutOfCommandDistanceNorIntoContact) {
  // The commander 5 cells away: out of command distance (4 cells), 0M.
  auto far = SmallGame(
      "unit side=government class=regular type=foot at=3,4\n"
      "unit side=government class=regular type=commander trait=defensive at=7,7\n"
      "unit side=insurgents class=guerrilla type=commander trait=rash at=0,0\n");
  G::State state = FootActivated(*far);
  EXPECT_FALSE(Has(Legal(*far, state), G::kOrderBase + G::kMove));
  EXPECT_TRUE(far->MoveDestinations(state, 0).Empty());
  // An enemy at (1,4): the cells next to it ((2,3), (2,4), (2,5)) are not move ends.
  auto near = SmallGame(
      "unit side=government class=regular type=foot at=3,4\n"
      "unit side=government class=regular type=commander trait=defensive at=5,5\n"
      "unit side=insurgents class=guerrilla type=commander trait=rash at=0,0\n"
      "unit side=insurgents class=guerrilla type=foot at=1,4\n");
  state = FootActivated(*near);
  const CellMask dests = near->MoveDestinations(state, 0);
  EXPECT_FALSE(dests.Test(near->CellIndex(2, 4)));
  EXPECT_FALSE(dests.Test(near->CellIndex(2, 3)));
  EXPECT_TRUE(dests.Test(near->CellIndex(4, 4)));
}

TEST(MgbbCoreTest, RashLedUnitPaysForStandingStill) {
  // The insurgents' Rash commander leads unit 1: a first order other than a move costs the
  // stationary point; after a move it does not.
  auto game = SmallGame(
      "unit side=government class=regular type=commander trait=defensive at=7,7\n"
      "unit side=insurgents class=guerrilla type=foot at=3,4\n"
      "unit side=insurgents class=guerrilla type=commander trait=rash at=4,4\n");
  G::State state = game->InitialState();
  game->Apply(state, G::kOutcomeBase + 1);
  game->Apply(state, G::kTokenBase + 1);
  game->Apply(state, G::kTokensDone);
  game->Apply(state, G::kTokensDone);
  game->Apply(state, G::kOutcomeBase + 1);  // its activation roll passes
  ASSERT_EQ(state.phase, G::kSelect);
  ASSERT_EQ(game->CurrentPlayer(state), 1);
  G::State turned = state;
  game->Apply(turned, G::kSelectBase + 1);
  game->Apply(turned, G::kOrderBase + G::kTurn);
  EXPECT_EQ(turned.ap, 1);  // the stationary point
  game->Apply(state, G::kSelectBase + 1);
  game->Apply(state, G::kOrderBase + G::kMove);
  game->Apply(state, game->CellIndex(3, 5));
  game->Apply(state, G::kOrderBase + G::kTurn);
  game->Apply(state, G::kFaceBase + static_cast<int>(Facing::kE));
  EXPECT_EQ(state.ap, 1);  // the move's point only; turning is free
  EXPECT_EQ(state.facing[1], static_cast<int>(Facing::kE));
}

TEST(MgbbCoreTest, ReformRemovesATokenDownToTwo) {
  // Unit 0 (2R, 3 tokens) and unit 1 (1R, 3 tokens, a fresh unhit friend at 2 cells) reform
  // to 2; unit 2 (2R, 2 tokens) cannot go below 2; unit 3 (1R, 3 tokens, no support) stays.
  auto game = SmallGame(
      "unit side=government class=regular type=foot formation=2R hits=3 at=1,1\n"
      "unit side=government class=regular type=foot hits=3 at=5,1\n"
      "unit side=government class=regular type=foot formation=2R hits=2 at=1,5\n"
      "unit side=government class=regular type=foot hits=3 at=7,7\n"
      "unit side=government class=regular type=foot grade=fresh at=5,3\n"
      "unit side=government class=regular type=commander trait=defensive at=3,3\n"
      "unit side=insurgents class=guerrilla type=commander trait=rash at=0,7\n");
  G::State state = NoTokens(*game, 0);
  game->Apply(state, G::kSelectBase + 5);
  game->Apply(state, G::kOrderBase + G::kEnd);
  game->Apply(state, G::kSelectBase + 6);
  game->Apply(state, G::kOrderBase + G::kEnd);
  ASSERT_EQ(state.turn, 2);
  EXPECT_EQ(state.hits[0], 2);
  EXPECT_EQ(state.hits[1], 2);
  EXPECT_EQ(state.hits[2], 2);
  EXPECT_EQ(state.hits[3], 3);
}

TEST(MgbbCoreTest, HitTokensDestroyAtFour) {
  auto game = SmallGame(kFootAndCommanders);
  G::State state = game->InitialState();
  game->AddHits(state, 0, 3);
  EXPECT_EQ(state.hits[0], 3);
  game->AddHits(state, 0, 1);
  EXPECT_FALSE(G::Alive(state, 0));
  EXPECT_EQ(state.destroyed[1], 1);  // counted for the insurgents
  EXPECT_EQ(state.hits[0], 0);
}

TEST(MgbbCoreTest, ResultInsurgentsFirstThenTheStation) {
  auto game = SmallGame(kFootAndCommanders);
  G::State state = game->InitialState();
  state.phase = G::kOver;
  EXPECT_EQ(game->Returns(state, 0), 0.0);  // nobody holds (0,7), no kills: a draw
  state.cell[0] = static_cast<uint16_t>(game->CellIndex(0, 7));
  EXPECT_EQ(game->Returns(state, 0), 1.0);  // the government holds the station
  EXPECT_EQ(game->Returns(state, 1), -1.0);
  state.cell[2] = static_cast<uint16_t>(game->CellIndex(1, 7));
  EXPECT_EQ(game->Returns(state, 0), 1.0);  // next to it is not on it
  state.destroyed[0] = 1;
  state.destroyed[1] = 1;
  EXPECT_EQ(game->Returns(state, 0), 1.0);  // even kills: the station decides
  state.destroyed[1] = 2;
  EXPECT_EQ(game->Returns(state, 1), 1.0);  // more kills: the insurgents, station or not
  state.destroyed[1] = 0;
  state.cell[0] = static_cast<uint16_t>(game->CellIndex(3, 3));
  state.cell[2] = static_cast<uint16_t>(game->CellIndex(0, 7));
  EXPECT_EQ(game->Returns(state, 1), 1.0);  // the insurgents hold it
}

TEST(MgbbCoreTest, GameEndsAfterTheLastTurn) {
  absl::StatusOr<std::shared_ptr<const G>> game = G::CreateFromStrings({{"turns", "1"}}, "");
  ASSERT_TRUE(game.ok());
  G::State state = NoTokens(**game, 0);
  (*game)->Apply(state, G::kSelectBase + 0);
  (*game)->Apply(state, G::kOrderBase + G::kEnd);
  (*game)->Apply(state, G::kSelectBase + 7);
  (*game)->Apply(state, G::kOrderBase + G::kEnd);
  EXPECT_EQ((*game)->Kind(state), NodeKind::kTerminal);
}

}  // namespace
}  // namespace sandtable
