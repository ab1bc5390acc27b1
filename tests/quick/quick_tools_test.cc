// quick through the tools: `sandtable odds` on representative attacks against exact
// fractions worked out by hand, perft counts of the default scenario, and the cells the
// web board lights up for each action.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/chance.h"
#include "engine/rng.h"
#include "tests/odds_test_util.h"
#include "tests/perft_test_util.h"
#include "tests/quick/quick_test_util.h"

namespace sandtable {
namespace {

using quick_test::BlueToAct;
using quick_test::MakeGame;
using quick_test::TestScenario;

using odds_test::Expected;

// The exact odds of `move` after `moves` from `position` on the test map.
absl::StatusOr<OddsResult> OddsOf(const std::string& position,
                                  const std::vector<std::string>& moves, std::string_view move) {
  return odds_test::OddsAfter("quick", TestScenario(), position, moves, move);
}

// The probability that measure `name` equals `value`.
std::string ProbabilityOf(const OddsResult& odds, std::string_view name, int value) {
  size_t m = 0;
  while (m < odds.measure_names.size() && odds.measure_names[m] != name) ++m;
  Probability p = Probability::Zero();
  for (const OddsLine& line : odds.lines) {
    if (m < line.values.size() && line.values[m] == value) p += line.probability;
  }
  return p.ToString();
}

std::string AttackPosition(const std::vector<std::pair<std::string, std::string>>& changes) {
  auto game = MakeGame();
  std::vector<std::pair<std::string, std::string>> all = {{"S@", "3,1"}};
  all.insert(all.end(), changes.begin(), changes.end());
  return game->StateToString(BlueToAct(*game, 2, 0, all));
}

TEST(QuickOddsTest, InfantryDefendsWithThreeDice) {
  // a defends in Urban with 3 dice, each 5 or 6 a Loss: binomial(3, 1/3). P(0) = 8/27,
  // P(1) = 3 * 1/3 * 4/9 = 12/27 = 4/9, P(3) = 1/27; expected 1.
  const auto odds = OddsOf(AttackPosition({}), {"blue attack", "unit S"}, "target a");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(ProbabilityOf(*odds, "losses_on_attacker", 0), "8/27");
  EXPECT_EQ(ProbabilityOf(*odds, "losses_on_attacker", 1), "4/9");
  EXPECT_EQ(ProbabilityOf(*odds, "losses_on_attacker", 3), "1/27");
  EXPECT_EQ(Expected(*odds, "losses_on_attacker"), "1");
  // With no Loss to absorb the attacker rolls at once: 4 dice (Stryker into Urban 3, Recon
  // 1), expected 4/3 Losses: 8/27 * 4/3 = 32/81 on the defender, and none on it with
  // 1 - 8/27 * (1 - 16/81) = 1667/2187.
  EXPECT_EQ(Expected(*odds, "losses_on_defender"), "32/81");
  EXPECT_EQ(ProbabilityOf(*odds, "losses_on_defender", 0), "1667/2187");
  EXPECT_TRUE(odds->total.IsOne());
}

TEST(QuickOddsTest, DefenderInCloseWithAnEnablerRollsMore) {
  // a in the Close hex 2,1 with Engineer: 3 + 1 + 1 = 5 dice; P(no Loss) = (2/3)^5 = 32/243,
  // expected 5/3. S attacks from 3,1.
  const auto odds = OddsOf(
      AttackPosition({{"a@", "2,1"}, {"enablers1", "supply,supply,a,supply"}, {"t@", "4,3"}}),
      {"blue attack", "unit S"}, "target a");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(ProbabilityOf(*odds, "losses_on_attacker", 0), "32/243");
  EXPECT_EQ(Expected(*odds, "losses_on_attacker"), "5/3");
}

TEST(QuickOddsTest, StrykerWithReconAttacksWithFourDice) {
  // After the defender's roll missed: S rolls 3 (Stryker into Urban) + 1 (Recon) = 4 dice.
  // P(no Loss) = (2/3)^4 = 16/81; P(4 Losses) = 1/81; expected 4/3.
  const auto odds =
      OddsOf(AttackPosition({}), {"blue attack", "unit S", "target a", "roll 1 1 1"}, "");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(ProbabilityOf(*odds, "losses_on_defender", 0), "16/81");
  EXPECT_EQ(ProbabilityOf(*odds, "losses_on_defender", 4), "1/81");
  EXPECT_EQ(Expected(*odds, "losses_on_defender"), "4/3");
}

TEST(QuickOddsTest, RemovalCostsARandomCubeInProportion) {
  // a, Reduced, takes its last Loss: removed, and a random cube of Red's Pool (8 blue,
  // 4 pink) leaves the game: blue with 2/3.
  const auto odds =
      OddsOf(AttackPosition({{"a@", "4,1r"}}),
             {"blue attack", "unit S", "target a", "roll 1 1 1", "roll 6 1 1 1"}, "remove");
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(Expected(*odds, "removed_p1"), "1");
  EXPECT_EQ(Expected(*odds, "cubes_lost"), "1");
  EXPECT_EQ(Expected(*odds, "blue_cubes_lost"), "2/3");
}

// Recorded from `sandtable perft --ruleset quick --depth D` on the default scenario: a
// change in the selection, move generation or turn order moves these numbers.
TEST(QuickPerftTest, DefaultScenario) {
  perft_test::ExpectPerft("quick", {{2, 50, 25, 50, 0, 0, 1, 25},
                                    {4, 2968, 535, 3478, 0, 0, 1, 25},
                                    {6, 136732, 22747, 159454, 0, 0, 1, 25}});
}

// Over random games: an action's cell is the hex its text names ("to 3,1", "at 0,2",
// "retreat 2,2"), the hex of the unit it names ("unit S", "formation H", "target a"), the
// moving unit's own hex for "stay", the vacated hex for "advance"; anything else (cubes,
// initiative, enablers) is off the grid.
TEST(QuickActionCells, PointAtTheHexOrUnitTheActionNames) {
  const std::shared_ptr<const QuickGame> game = MakeGame();
  ASSERT_NE(game, nullptr);
  int on_grid = 0;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng(seed, 7);
    QuickGame::State s = game->InitialState();
    while (game->Kind(s) != NodeKind::kTerminal) {
      ActionList actions;
      if (game->Kind(s) == NodeKind::kChance) {
        ChanceList outcomes;
        game->ChanceOutcomes(s, outcomes);
        game->Apply(s, SampleChance(outcomes, rng));
        continue;
      }
      if (game->Kind(s) == NodeKind::kSimultaneous) {
        JointAction joint{};
        for (Player p = 0; p < kNumPlayers; ++p) {
          game->LegalActions(s, p, actions);
          for (Action a : actions) EXPECT_EQ(game->ActionCell(s, p, a), kOffGrid);
          joint[p] = actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
        }
        game->ApplyJoint(s, joint);
        continue;
      }
      const Player p = game->CurrentPlayer(s);
      game->LegalActions(s, p, actions);
      for (Action a : actions) {
        const std::string text = game->ActionToString(s, p, a);
        const int cell = game->ActionCell(s, p, a);
        const size_t blank = text.find(' ');
        const std::string word = text.substr(0, blank);
        const std::string rest = blank == std::string::npos ? "" : text.substr(blank + 1);
        int expected = kOffGrid;
        if (word == "to" || word == "at" || word == "retreat") {
          ASSERT_NE(cell, kOffGrid) << text;
          expected = cell;
          EXPECT_EQ(game->CellText(cell), rest) << text;
        } else if (word == "unit" || word == "formation" || word == "target") {
          for (int u = 0; u < game->num_units(); ++u) {
            if (std::string(1, game->unit(u).label) == rest) expected = s.cell[u];
          }
        } else if (text == "stay") {
          expected = s.cell[s.cursor];
        } else if (text == "advance") {
          expected = s.vacated;
        }
        EXPECT_EQ(cell, expected) << text << " in " << game->StateToString(s);
        if (cell != kOffGrid) ++on_grid;
      }
      game->Apply(s, actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))]);
    }
  }
  EXPECT_GT(on_grid, 1000);
}

}  // namespace
}  // namespace sandtable
