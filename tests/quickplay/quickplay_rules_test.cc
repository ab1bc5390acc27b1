// One test (or a few) per quickplay ruling (docs/rulesets/quickplay.md), on hand-built positions
// of the 12 x 8 test board (see quickplay_test_util.h):
//      0123456789AB
//    0 ............
//    1 ............
//    2 ...#........     # cover
//    3 ............
//    4 .....XX.....     X impassable
//    5 ........#...
//    6 ..........*.     * strategic point (10,6)
//    7 ............
#include "gmock/gmock.h"
#include "tests/quickplay/quickplay_test_util.h"

namespace sandtable::quickplay_test {
namespace {

using ::testing::Contains;
using ::testing::Not;

constexpr char kActR[] =
    "round=1 phase=act player=0 vp=0-0 active=R done=- target=- weapon=- hits=0";
constexpr char kActT[] =
    "round=1 phase=act player=0 vp=0-0 active=T done=- target=- weapon=- hits=0";
constexpr char kActB[] =
    "round=1 phase=act player=0 vp=0-0 active=B done=- target=- weapon=- hits=0";

class QuickplayRulesTest : public ::testing::Test {
 protected:
  void SetUp() override { game_ = MakeGame(TestScenario()); }
  State At(const std::string& units, const std::string& head = "") {
    return head.empty() ? ParseOrDie(*game_, Position(units))
                        : ParseOrDie(*game_, Position(units, head));
  }
  std::string Text(const State& s) { return game_->StateToString(s); }
  bool Legal(const State& s, const std::string& move) {
    return game_->ParseAction(s, game_->CurrentPlayer(s), move).ok();
  }
  // Outcome notation -> probability at a chance node.
  std::map<std::string, Probability> Outcomes(const State& s) {
    ChanceList outcomes;
    game_->ChanceOutcomes(s, outcomes);
    std::map<std::string, Probability> out;
    for (const ChanceOutcome& o : outcomes) {
      out[game_->ActionToString(s, kChancePlayer, o.outcome)] = o.probability;
    }
    return out;
  }
  // Activates every remaining unit with "end" until the round (or game) changes.
  void EndRound(State& s) {
    const int round = s.round;
    while (game_->Kind(s) != NodeKind::kTerminal && s.round == round) {
      ASSERT_EQ(game_->Kind(s), NodeKind::kDecision) << Text(s);
      ActionList actions;
      game_->LegalActions(s, s.player, actions);
      game_->Apply(s, actions[0]);  // the first unit
      Play(*game_, s, {"end"});
    }
  }
  std::shared_ptr<const QuickplayGame> game_;
};

// --- Sequence.

TEST_F(QuickplayRulesTest, PlayersAlternateActivationsAndTheFirstPlayerAlternates) {
  State s = game_->InitialState();
  EXPECT_EQ(s.player, 0);
  Play(*game_, s, {"R", "end"});
  EXPECT_EQ(s.player, 1);
  EXPECT_THAT(ruleset_test::Legal(*game_, s), (std::vector<std::string>{"r", "t", "b"}));
  Play(*game_, s, {"t", "end", "T", "end", "b", "end", "B", "end"});
  EXPECT_EQ(s.player, 1);
  Play(*game_, s, {"r", "end"});
  // Round 2: player 1 first; rounds 3 and 5 player 0, 4 and 6 player 1.
  for (int round = 2; round <= 6; ++round) {
    EXPECT_EQ(s.round, round);
    EXPECT_EQ(s.player, round % 2 == 1 ? 0 : 1) << round;
    EndRound(s);
  }
  EXPECT_EQ(game_->Kind(s), NodeKind::kTerminal);
  EXPECT_EQ(s.round, 6);
}

TEST_F(QuickplayRulesTest, SixRoundsThenMoreVictoryPointsWins) {
  // r, t and b start within S of the strategic point (10,6): player 1 holds it all game.
  State s = game_->InitialState();
  for (int round = 1; round <= 6; ++round) EndRound(s);
  EXPECT_EQ(game_->Kind(s), NodeKind::kTerminal);
  EXPECT_EQ(s.vp[0], 0);
  EXPECT_EQ(s.vp[1], 6);
  EXPECT_EQ(game_->Returns(s, 0), -1.0);
  EXPECT_EQ(game_->Returns(s, 1), 1.0);
  EXPECT_EQ(game_->Score(s, 1), 6);
}

TEST_F(QuickplayRulesTest, EqualVictoryPointsIsADraw) {
  State s = At("R@0,0:4/0 T@1,0:0 B@2,0:0 r@0,7:4/0 t@1,7:0 b@2,7:0");
  for (int round = 1; round <= 6; ++round) EndRound(s);
  EXPECT_EQ(game_->Kind(s), NodeKind::kTerminal);
  EXPECT_EQ(Text(s).substr(0, 31), "round=6 phase=over player=0 vp=");
  EXPECT_EQ(s.vp[0], 0);
  EXPECT_EQ(s.vp[1], 0);
  EXPECT_EQ(game_->Returns(s, 0), 0.0);
  EXPECT_EQ(game_->Returns(s, 1), 0.0);
}

TEST_F(QuickplayRulesTest, ASideOutOfUnitsLetsTheOtherActivateTheRest) {
  State s = At("R@0,0:4/0 T@1,0:0 B@2,0:0 r@0,7:4/0 t:x b:x");
  Play(*game_, s, {"R", "end", "r", "end"});
  EXPECT_EQ(s.player, 0);
  Play(*game_, s, {"T", "end"});
  EXPECT_EQ(s.player, 0);
  Play(*game_, s, {"B", "end"});
  // Round 2: player 1 first with its only unit, then player 0 three times.
  EXPECT_EQ(s.round, 2);
  EXPECT_EQ(s.player, 1);
  Play(*game_, s, {"r", "end", "B", "end", "R", "end", "T", "end"});
  EXPECT_EQ(s.round, 3);
}

TEST_F(QuickplayRulesTest, ASideWithNoUnitsStillPlaysToTheEndAndTheOtherKeepsScoring) {
  State s = At("R@10,5:4/0 T@1,0:0 B@2,0:0 r:x t:x b:x");
  for (int round = 1; round <= 6; ++round) {
    EXPECT_EQ(s.player, 0);
    EndRound(s);
  }
  EXPECT_EQ(game_->Kind(s), NodeKind::kTerminal);
  EXPECT_EQ(s.vp[0], 6);
  EXPECT_EQ(game_->Returns(s, 0), 1.0);
}

TEST_F(QuickplayRulesTest, MoveAndShootAtMostOnceEachInEitherOrder) {
  State s = At("R@0,0:4/0 T@1,2:0 B@2,5:0 r@4,0:4/0 t@10,7:0 b@9,7:0", kActR);
  // Move first: then only shooting or ending.
  State moved = s;
  Play(*game_, moved, {"move 1,0"});
  EXPECT_EQ(Text(moved).substr(0, 52), "round=1 phase=act player=0 vp=0-0 active=R done=m ta");
  for (const std::string& a : ruleset_test::Legal(*game_, moved)) EXPECT_NE(a.substr(0, 4), "move");
  Play(*game_, moved, {"shoot r", "hits 0"});
  EXPECT_EQ(moved.player, 1);  // moved and shot: the activation is over
  EXPECT_EQ(moved.phase, QuickplayGame::kSelect);
  // Shoot first, then move.
  State shot = s;
  Play(*game_, shot, {"shoot r", "hits 0"});
  EXPECT_THAT(ruleset_test::Legal(*game_, shot), Not(Contains("shoot r")));
  EXPECT_THAT(ruleset_test::Legal(*game_, shot), Contains("move 0,1"));
  Play(*game_, shot, {"move 0,1"});
  EXPECT_EQ(shot.player, 1);
  // Neither.
  State neither = s;
  Play(*game_, neither, {"end"});
  EXPECT_EQ(neither.player, 1);
  EXPECT_TRUE((neither.activated >> 0) & 1);
}

// --- Moving.

TEST_F(QuickplayRulesTest, MovesAreStraightLinesWithinMoveRange) {
  State s = At("R@0,3:4/0 T@2,3:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0", kActR);
  EXPECT_TRUE(Legal(s, "move 4,3"));   // distance exactly 4 (M), passing the tank at 2,3
  EXPECT_FALSE(Legal(s, "move 4,4"));  // sqrt(17) > 4
  EXPECT_FALSE(Legal(s, "move 2,3"));  // occupied
  EXPECT_FALSE(Legal(s, "move 3,2"));  // cover
  EXPECT_FALSE(Legal(s, "move 0,3"));  // not a move
  // Every cell within 4 of (0,3) except the start, cover and the two occupied cells.
  int within = 0;
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 12; ++x) {
      const bool reach = x * x + (y - 3) * (y - 3) <= 16 && !(x == 0 && y == 3) &&
                         !(x == 2 && y == 3) && !(x == 3 && y == 2) && !(x == 2 && y == 0);
      within += reach;
    }
  }
  int moves = 0;
  for (const std::string& a : ruleset_test::Legal(*game_, s)) moves += a.substr(0, 4) == "move";
  EXPECT_EQ(moves, within);
}

TEST_F(QuickplayRulesTest, MovesMayPassCoverButNotEndOnIt) {
  State s = At("R@2,1:4/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0", kActR);
  EXPECT_TRUE(Legal(s, "move 4,3"));  // the line runs through the cover cell 3,2
  EXPECT_FALSE(Legal(s, "move 3,2"));
}

TEST_F(QuickplayRulesTest, ImpassableBlocksMovementExceptForTheBrassbounder) {
  State r = At("R@4,4:4/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0", kActR);
  EXPECT_FALSE(Legal(r, "move 8,4"));  // through 5,4 and 6,4
  EXPECT_FALSE(Legal(r, "move 5,4"));  // onto impassable
  EXPECT_TRUE(Legal(r, "move 4,7"));
  State t = At("R@0,0:4/0 T@4,4:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0", kActT);
  EXPECT_FALSE(Legal(t, "move 8,4"));
  State b = At("R@0,0:4/0 T@1,0:0 B@4,4:0 r@11,7:4/0 t@10,7:0 b@9,7:0", kActB);
  EXPECT_TRUE(Legal(b, "move 8,4"));
  EXPECT_TRUE(Legal(b, "move 5,4"));   // it may stand on impassable ground
  EXPECT_TRUE(Legal(b, "move 11,1"));  // move range L = 8: 7^2 + 3^2 = 58 <= 64
  EXPECT_FALSE(Legal(b, "move 3,2"));  // still not on cover
}

// --- Shooting.

TEST_F(QuickplayRulesTest, WeaponRangesAreInclusive) {
  State s = At("R@0,0:4/0 T@1,2:0 B@2,5:0 r@4,0:4/0 t@10,2:0 b@10,5:0", kActR);
  EXPECT_TRUE(Legal(s, "shoot r"));  // distance 4 = M
  State far = At("R@0,0:4/0 T@1,2:0 B@2,5:0 r@4,1:4/0 t@10,2:0 b@10,5:0", kActR);
  EXPECT_FALSE(Legal(far, "shoot r"));  // sqrt(17)
  // Tank: the cannon has table range, the mg L = 8.
  State tank = At("R@0,0:4/0 T@1,1:0 B@2,5:0 r@0,7:4/0 t@9,1:0 b@11,0:0", kActT);
  EXPECT_TRUE(Legal(tank, "shoot t mg"));  // distance 8
  EXPECT_TRUE(Legal(tank, "shoot t cannon"));
  EXPECT_TRUE(Legal(tank, "shoot b cannon"));  // sqrt(101)
  EXPECT_FALSE(Legal(tank, "shoot b mg"));
  // Brassbounder guns: L.
  State brass = At("R@0,0:4/0 T@1,2:0 B@2,6:0 r@9,0:4/0 t@10,6:0 b@11,7:0", kActB);
  EXPECT_TRUE(Legal(brass, "shoot t"));   // distance 8
  EXPECT_FALSE(Legal(brass, "shoot b"));  // sqrt(82)
}

TEST_F(QuickplayRulesTest, TheTankPicksOneOfItsTwoWeapons) {
  State s = At("R@0,0:4/0 T@1,0:0 B@2,5:0 r@4,0:4/0 t@10,7:0 b@9,7:0", kActT);
  EXPECT_THAT(ruleset_test::Legal(*game_, s), Contains("shoot r cannon"));
  EXPECT_THAT(ruleset_test::Legal(*game_, s), Contains("shoot r mg"));
  Play(*game_, s, {"shoot r mg"});
  EXPECT_EQ(Outcomes(s).size(), 2u);  // 1d6: 0 or 1 hit
  Play(*game_, s, {"hits 1"});
  EXPECT_THAT(ruleset_test::Legal(*game_, s), Not(Contains("shoot r cannon")));
}

TEST_F(QuickplayRulesTest, CoverCellsBlockLineOfSight) {
  State s = At("R@1,2:4/0 T@1,0:0 B@2,0:0 r@5,2:4/0 t@10,7:0 b@9,7:0", kActR);
  EXPECT_FALSE(Legal(s, "shoot r"));  // through 3,2
  State clear = At("R@1,3:4/0 T@1,0:0 B@2,0:0 r@5,3:4/0 t@10,7:0 b@9,7:0", kActR);
  EXPECT_TRUE(Legal(clear, "shoot r"));
}

TEST_F(QuickplayRulesTest, UnitsOfEitherSideBlockLineOfSightButCornersDoNot) {
  const std::string target = " r@4,0:4/0 t@10,7:0 b@9,7:0";
  EXPECT_FALSE(Legal(At("R@0,0:4/0 T@2,0:0 B@2,5:0" + target, kActR), "shoot r"));  // own
  EXPECT_FALSE(Legal(At("R@0,0:4/0 T@1,5:0 B@2,5:0 r@4,0:4/0 t@2,0:0 b@9,7:0", kActR),
                     "shoot r"));  // enemy
  // Diagonal (0,0) -> (2,2): touching the corners of 1,0 and 0,1 does not block, 1,1 does.
  const std::string diagonal = " r@2,2:4/0 t@10,7:0 b@9,7:0";
  EXPECT_TRUE(Legal(At("R@0,0:4/0 T@1,0:0 B@0,1:0" + diagonal, kActR), "shoot r"));
  EXPECT_FALSE(Legal(At("R@0,0:4/0 T@1,1:0 B@0,4:0" + diagonal, kActR), "shoot r"));
}

TEST_F(QuickplayRulesTest, PartialCoverIsACoverNeighbourWithin45Degrees) {
  // Target r at 4,3; cover at 3,2 is its north-west neighbour.
  const int target = game_->CellIndex(4, 3);
  EXPECT_TRUE(game_->PartlyBehindCover(game_->CellIndex(0, 3), target));   // exactly 45
  EXPECT_TRUE(game_->PartlyBehindCover(game_->CellIndex(4, 0), target));   // exactly 45
  EXPECT_TRUE(game_->PartlyBehindCover(game_->CellIndex(0, 0), target));   // 0 degrees
  EXPECT_FALSE(game_->PartlyBehindCover(game_->CellIndex(0, 5), target));  // 72 degrees
  EXPECT_FALSE(game_->PartlyBehindCover(game_->CellIndex(8, 3), target));  // behind
  EXPECT_FALSE(game_->PartlyBehindCover(game_->CellIndex(0, 3), game_->CellIndex(6, 2)));
}

TEST_F(QuickplayRulesTest, PartialCoverAddsADieAndTheDefenderRemovesTheBest) {
  // Rifles 1d6 against a squad (hit on 4-): in the open 1/3 miss, 2/3 one hit.
  State open = At("R@2,3:4/0 T@1,0:0 B@2,0:0 r@6,3:4/0 t@10,7:0 b@9,7:0", kActR);
  Play(*game_, open, {"shoot r"});
  EXPECT_EQ(Outcomes(open), (std::map<std::string, Probability>{{"hits 0", Probability(1, 3)},
                                                                {"hits 1", Probability(2, 3)}}));
  // Behind cover: 2d6, one hit removed: P(1 hit) = P(both dice hit) = 4/9.
  State cover = At("R@0,3:4/0 T@1,0:0 B@2,0:0 r@4,3:4/0 t@10,7:0 b@9,7:0", kActR);
  Play(*game_, cover, {"shoot r"});
  EXPECT_EQ(Outcomes(cover), (std::map<std::string, Probability>{{"hits 0", Probability(5, 9)},
                                                                 {"hits 1", Probability(4, 9)}}));
  // Faces typed at the table: both dice must be given; one hit is removed.
  EXPECT_EQ(game_->ActionToString(cover, kChancePlayer,
                                  *game_->ParseAction(cover, kChancePlayer, "roll 4 2")),
            "hits 1");
  EXPECT_EQ(game_->ActionToString(cover, kChancePlayer,
                                  *game_->ParseAction(cover, kChancePlayer, "roll 4 6")),
            "hits 0");
  EXPECT_FALSE(game_->ParseAction(cover, kChancePlayer, "roll 4").ok());
}

TEST_F(QuickplayRulesTest, SquadHitsWoundModelsAndAllWoundedIsDestroyed) {
  State s = At("R@0,0:4/0 T@1,0:0 B@2,5:0 r@4,0:4/1 t@10,7:0 b@9,7:0", kActT);
  Play(*game_, s, {"shoot r cannon"});
  // 2d10 hitting on 1-4: 9/25, 12/25, 4/25.
  EXPECT_EQ(Outcomes(s), (std::map<std::string, Probability>{{"hits 0", Probability(9, 25)},
                                                             {"hits 1", Probability(12, 25)},
                                                             {"hits 2", Probability(4, 25)}}));
  State one = s;
  Play(*game_, one, {"hits 1"});
  EXPECT_NE(Text(one).find("r@4,0:4/2"), std::string::npos) << Text(one);
  State kill = At("R@0,0:4/0 T@1,0:0 B@2,5:0 r@4,0:2/1 t@10,7:0 b@9,7:0", kActT);
  Play(*game_, kill, {"shoot r cannon", "roll 3 1"});  // two hits, one model left to wound
  EXPECT_NE(Text(kill).find(" r:x "), std::string::npos) << Text(kill);
}

TEST_F(QuickplayRulesTest, VehicleHitsAreRerolledAgainstArmourAndTheSecondTokenDestroys) {
  State s = At("R@0,0:4/0 T@1,0:0 B@2,5:0 r@0,7:4/0 t@5,0:0 b@9,7:0", kActT);
  Play(*game_, s, {"shoot t cannon", "roll 5 10"});  // two hits on 5+
  EXPECT_EQ(s.phase, QuickplayGame::kDamageRoll);
  // Rerolls against armour 4: 6 of 10 faces damage.
  EXPECT_EQ(Outcomes(s), (std::map<std::string, Probability>{{"damage 0", Probability(4, 25)},
                                                             {"damage 1", Probability(12, 25)},
                                                             {"damage 2", Probability(9, 25)}}));
  State one = s;
  Play(*game_, one, {"roll 5 4"});  // 5 > 4 damages, 4 bounces
  EXPECT_NE(Text(one).find("t@5,0:1"), std::string::npos) << Text(one);
  State two = s;
  Play(*game_, two, {"damage 2"});
  EXPECT_NE(Text(two).find(" t:x "), std::string::npos);
  // A second token on a damaged vehicle destroys it.
  State damaged = At("R@0,0:4/0 T@1,0:0 B@2,5:0 r@0,7:4/0 t@5,0:1 b@9,7:0", kActT);
  Play(*game_, damaged, {"shoot t mg", "hits 1", "damage 1"});
  EXPECT_NE(Text(damaged).find(" t:x "), std::string::npos);
}

// Exact odds from the shoot action, by enumerating the chance tree.
struct Odds {
  Probability damaged;    // at least one damage token placed
  Probability destroyed;  // the target destroyed
  Probability expected_tokens;
};

Odds ShotOdds(const QuickplayGame& game, State s, int target) {
  Odds odds;
  EnumerateChance(game, s, Probability::One(), [&](const State& leaf, Probability p) {
    const bool dead = !game.IsAlive(leaf, target);
    const int tokens = dead ? 2 : leaf.health[target];
    if (tokens > 0) odds.damaged += p;
    if (dead) odds.destroyed += p;
    odds.expected_tokens += p * Probability(tokens, 1);
  });
  return odds;
}

TEST_F(QuickplayRulesTest, ExactOddsRifleSquadAgainstVehiclesInTheOpen) {
  State tank = At("R@0,0:4/0 T@1,7:0 B@2,7:0 r@0,7:4/0 t@3,0:0 b@9,7:0", kActR);
  Play(*game_, tank, {"shoot t"});
  EXPECT_EQ(ShotOdds(*game_, tank, 4).damaged, Probability(1, 9));  // 2/6 * 2/6
  State brass = At("R@0,0:4/0 T@1,7:0 B@2,7:0 r@0,7:4/0 t@9,7:0 b@3,0:0", kActR);
  Play(*game_, brass, {"shoot b"});
  EXPECT_EQ(ShotOdds(*game_, brass, 5).damaged, Probability(1, 6));  // 2/6 * 3/6
}

TEST_F(QuickplayRulesTest, ExactOddsTankCannonAgainstTheBrassbounder) {
  State s = At("R@0,0:4/0 T@1,0:0 B@2,7:0 r@0,7:4/0 t@9,7:0 b@6,0:0", kActT);
  Play(*game_, s, {"shoot b cannon"});
  // Per die: hit 6/10, then reroll > 3: 7/10, so 0.42 per die.
  const Odds odds = ShotOdds(*game_, s, 5);
  EXPECT_EQ(odds.expected_tokens, Probability(84, 100));
  EXPECT_EQ(odds.destroyed, Probability(1764, 10000));
}

// --- Quality Checks.

TEST_F(QuickplayRulesTest, QualityCheckAtTheStartOfAWoundedSquadsActivation) {
  State s = At("R@0,0:4/2 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0");
  Play(*game_, s, {"R"});
  ASSERT_EQ(game_->Kind(s), NodeKind::kChance);
  // Two d6 against 2 unwounded models: each survives on 1-2 (1/3).
  EXPECT_EQ(Outcomes(s), (std::map<std::string, Probability>{{"survive 0", Probability(4, 9)},
                                                             {"survive 1", Probability(4, 9)},
                                                             {"survive 2", Probability(1, 9)}}));
  State one = s;
  Play(*game_, one, {"roll 2 3"});
  EXPECT_NE(Text(one).find("R@0,0:3/0"), std::string::npos) << Text(one);
  EXPECT_EQ(one.phase, QuickplayGame::kActivation);
  State none = s;
  Play(*game_, none, {"survive 0"});
  EXPECT_NE(Text(none).find("R@0,0:2/0"), std::string::npos);
  // An unwounded squad takes no check.
  State fresh = At("R@0,0:4/0 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0");
  Play(*game_, fresh, {"R"});
  EXPECT_EQ(fresh.phase, QuickplayGame::kActivation);
}

TEST_F(QuickplayRulesTest, QualityCheckDistributionsDependOnUnwoundedModels) {
  State three = At("R@0,0:4/1 T@1,0:0 B@2,0:0 r@11,7:4/0 t@10,7:0 b@9,7:0");
  Play(*game_, three, {"R"});
  EXPECT_EQ(Outcomes(three),
            (std::map<std::string, Probability>{{"survive 0", Probability(1, 2)},
                                                {"survive 1", Probability(1, 2)}}));
  // With 6 or more unwounded models every wounded model returns.
  auto big = MakeGame(TestScenario(), {{"squad_size", "9"}});
  State many = ParseOrDie(*big, Position("R@0,0:9/2 T@1,0:0 B@2,0:0 r@11,7:9/0 t@10,7:0 b@9,7:0"));
  Play(*big, many, {"R"});
  ChanceList outcomes;
  big->ChanceOutcomes(many, outcomes);
  ASSERT_EQ(outcomes.size(), 1);
  EXPECT_TRUE(outcomes[0].probability.IsOne());
  EXPECT_EQ(big->ActionToString(many, kChancePlayer, outcomes[0].outcome), "survive 2");
}

// --- Scoring.

TEST_F(QuickplayRulesTest, StrategicPointGoesToMoreUnitsThenMoreSquadsThenNobody) {
  const std::string head =
      "round=1 phase=select player=0 vp=0-0 active=- done=- target=- "
      "weapon=- hits=0";
  // One unit each within S of (10,6); player 0's is the squad.
  State squad = At("R@10,4:4/0 T@1,0:0* B@2,0:0* r@11,0:4/0* t@8,6:0* b@0,7:0*", head);
  Play(*game_, squad, {"R", "end"});
  EXPECT_EQ(squad.vp[0], 1);
  EXPECT_EQ(squad.vp[1], 0);
  EXPECT_EQ(squad.round, 2);
  EXPECT_EQ(squad.player, 1);
  // One squad each: nobody.
  State tie = At("R@10,4:4/0 T@1,0:0* B@2,0:0* r@11,7:4/0* t@5,7:0* b@0,7:0*", head);
  Play(*game_, tie, {"R", "end"});
  EXPECT_EQ(tie.vp[0] + tie.vp[1], 0);
  // Two units beat one squad.
  State more = At("R@0,0:4/0 T@10,4:0* B@8,6:0* r@11,7:4/0* t@5,7:0* b@0,7:0*", head);
  Play(*game_, more, {"R", "end"});
  EXPECT_EQ(more.vp[0], 1);
  // Within S is inclusive: (10,4) is exactly 2 from (10,6); (9,4) is sqrt(5) away.
  State edge = At("R@0,0:4/0 T@10,4:0* B@2,0:0* r@11,0:4/0* t@9,4:0* b@0,7:0*", head);
  Play(*game_, edge, {"R", "end"});
  EXPECT_EQ(edge.vp[0], 1);
}

// --- Deployment and resolution.

TEST_F(QuickplayRulesTest, AlternateDeploymentIsAlternatingDecisionsInTheZones) {
  auto game = MakeGame(TestScenario(), {{"deployment", "alternate"}});
  State s = game->InitialState();
  EXPECT_EQ(game->StateToString(s),
            "round=0 phase=deploy player=0 vp=0-0 active=- done=- target=- weapon=- hits=0 "
            "R@-:4/0 T@-:0 B@-:0 r@-:4/0 t@-:0 b@-:0");
  Play(*game, s, {"T"});
  ActionList actions;
  game->LegalActions(s, 0, actions);
  EXPECT_EQ(actions.size(), 4 * 8 - 1);  // columns 0-3 minus the cover cell 3,2
  EXPECT_FALSE(game->ParseAction(s, 0, "place 4,0").ok());
  EXPECT_FALSE(game->ParseAction(s, 0, "place 3,2").ok());
  Play(*game, s, {"place 1,1", "r", "place 10,1", "R"});
  EXPECT_FALSE(game->ParseAction(s, 0, "place 1,1").ok());  // occupied
  Play(*game, s, {"place 0,0", "b", "place 11,1", "B", "place 3,7", "t", "place 8,7"});
  EXPECT_EQ(game->StateToString(s),
            "round=1 phase=select player=0 vp=0-0 active=- done=- target=- weapon=- hits=0 "
            "R@0,0:4/0 T@1,1:0 B@3,7:0 r@10,1:4/0 t@8,7:0 b@11,1:0");
}

TEST_F(QuickplayRulesTest, DoubleResolutionScalesTheBoardAndEveryDistance) {
  auto game = MakeGame(TestScenario(), {{"cells_per_brick", "2"}});
  EXPECT_EQ(game->width(), 24);
  EXPECT_EQ(game->height(), 16);
  EXPECT_TRUE(game->IsCover(game->CellIndex(6, 4)));
  EXPECT_TRUE(game->IsCover(game->CellIndex(7, 5)));
  // Units go to the quarter of their brick nearest the centre: (0,0) -> (1,1).
  EXPECT_EQ(game->StateToString(game->InitialState()),
            "round=1 phase=select player=0 vp=0-0 active=- done=- target=- weapon=- hits=0 "
            "R@1,1:4/0 T@3,1:0 B@5,1:0 r@22,14:4/0 t@20,14:0 b@18,14:0");
  State s =
      ParseOrDie(*game, Position("R@0,0:4/0 T@1,3:0 B@2,5:0 r@8,0:4/0 t@20,14:0 b@18,14:0", kActR));
  EXPECT_TRUE(game->ParseAction(s, 0, "shoot r").ok());  // 8 cells = 4 bricks
  EXPECT_TRUE(game->ParseAction(s, 0, "move 0,8").ok());
  EXPECT_FALSE(game->ParseAction(s, 0, "move 0,9").ok());
}

TEST_F(QuickplayRulesTest, ResultMeasuresCountWoundsLossesDamageAndDestruction) {
  State before = At("R@0,0:4/0 T@1,0:0 B@2,5:0 r@4,0:2/1 t@5,1:1 b@9,7:0", kActT);
  State after = before;
  Play(*game_, after, {"shoot r cannon", "hits 2"});
  EXPECT_EQ(game_->ResultMeasures(before, after),
            (std::vector<std::pair<std::string, int>>{
                {"wounds", 1}, {"models_lost", 2}, {"damage", 0}, {"destroyed", 1}}));
  State tank = before;
  Play(*game_, tank, {"shoot t cannon", "hits 1", "damage 1"});
  EXPECT_EQ(game_->ResultMeasures(before, tank),
            (std::vector<std::pair<std::string, int>>{
                {"wounds", 0}, {"models_lost", 0}, {"damage", 1}, {"destroyed", 1}}));
}

TEST_F(QuickplayRulesTest, MaxGameLengthBoundsAnActivationHeavyGame) {
  EXPECT_EQ(game_->MaxGameLength(), 2 * 6 + 6 * 6 * 6);
}

}  // namespace
}  // namespace sandtable::quickplay_test
