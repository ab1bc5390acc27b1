// Whole-game properties: random playouts with invariant checks, the default scenario.
#include <fstream>
#include <set>
#include <sstream>

#include "engine/rng.h"
#include "eval/quickplay_evaluator.h"
#include "tests/quickplay/quickplay_test_util.h"
#include "tools/board_text.h"

namespace sandtable::quickplay_test {
namespace {

// Plays `games` uniformly random games, checking the contract at every node.
void RandomGames(const QuickplayGame& game, int games, uint64_t seed) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    State state = game.InitialState();
    int steps = 0;
    while (game.Kind(state) != NodeKind::kTerminal) {
      ASSERT_LE(++steps, game.MaxGameLength());
      const std::string text = game.StateToString(state);
      absl::StatusOr<State> parsed = game.ParseState(text);
      ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
      ASSERT_TRUE(*parsed == state) << text;
      if (steps % 7 == 0) {
        const std::string board = BoardText(game.DescribeBoard(state, kOmniscient));
        ASSERT_NE(board.find("Legend:"), std::string::npos);
      }
      Action chosen = kInvalidAction;
      Player actor = game.CurrentPlayer(state);
      if (game.Kind(state) == NodeKind::kChance) {
        ChanceList outcomes;
        game.ChanceOutcomes(state, outcomes);
        ASSERT_FALSE(outcomes.empty());
        Probability total;
        for (const ChanceOutcome& o : outcomes) total += o.probability;
        ASSERT_TRUE(total.IsOne()) << text;
        chosen = outcomes[static_cast<int>(rng.Below(outcomes.size()))].outcome;
      } else {
        ActionList actions;
        game.LegalActions(state, actor, actions);
        ASSERT_FALSE(actions.empty()) << text;
        std::set<Action> unique(actions.begin(), actions.end());
        ASSERT_EQ(unique.size(), static_cast<size_t>(actions.size())) << text;
        chosen = actions[static_cast<int>(rng.Below(actions.size()))];
      }
      const std::string notation = game.ActionToString(state, actor, chosen);
      absl::StatusOr<Action> back = game.ParseAction(state, actor, notation);
      ASSERT_TRUE(back.ok()) << back.status() << " '" << notation << "' in " << text;
      ASSERT_EQ(*back, chosen) << notation;
      game.Apply(state, chosen);
    }
    EXPECT_EQ(state.round, QuickplayGame::kRounds);
    const double r0 = game.Returns(state, 0);
    EXPECT_EQ(r0, -game.Returns(state, 1));
    EXPECT_EQ(r0, state.vp[0] > state.vp[1] ? 1.0 : state.vp[0] < state.vp[1] ? -1.0 : 0.0);
    EXPECT_EQ(game.Score(state, 0), state.vp[0]);
  }
}

TEST(QuickplayGameTest, RandomGamesKeepTheContract) {
  auto game = MakeGame("");
  RandomGames(*game, 150, 1);
}

TEST(QuickplayGameTest, RandomGamesWithAlternateDeploymentAndFineGrid) {
  auto alternate = MakeGame("", {{"deployment", "alternate"}});
  RandomGames(*alternate, 40, 2);
  auto fine = MakeGame("", {{"cells_per_brick", "2"}, {"squad_size", "7"}});
  RandomGames(*fine, 15, 3);
}

TEST(QuickplayGameTest, DefaultScenarioFollowsTheRulings) {
  auto game = MakeGame("");
  EXPECT_EQ(game->width(), 24);
  EXPECT_EQ(game->height(), 16);
  EXPECT_EQ(game->num_units(), 6);
  std::vector<std::pair<int, int>> objectives;
  for (uint16_t o : game->objectives()) objectives.push_back({game->CellX(o), game->CellY(o)});
  EXPECT_EQ(objectives, (std::vector<std::pair<int, int>>{{12, 4}, {12, 8}, {12, 12}}));
  int cover = 0, impassable = 0;
  for (int c = 0; c < 24 * 16; ++c) {
    const int x = game->CellX(c), y = game->CellY(c);
    const int rotated = game->CellIndex(23 - x, 15 - y);
    EXPECT_EQ(game->IsCover(c), game->IsCover(rotated));
    EXPECT_EQ(game->IsImpassable(c), game->IsImpassable(rotated));
    cover += game->IsCover(c);
    impassable += game->IsImpassable(c);
    if (game->ObjectivesNear(c) != 0) {
      EXPECT_FALSE(game->IsCover(c) || game->IsImpassable(c)) << x << "," << y;
    }
  }
  EXPECT_GE(cover, 6);
  EXPECT_EQ(impassable, 2);
  // Mirrored forces: one of each type per side, player 0 in columns 0-3.
  for (int u = 0; u < 3; ++u) {
    const auto& a = game->unit(u);
    const auto& b = game->unit(u + 3);
    EXPECT_EQ(a.side, 0);
    EXPECT_EQ(b.side, 1);
    EXPECT_EQ(a.type, b.type);
    EXPECT_LE(game->CellX(a.start), 3);
    EXPECT_EQ(game->CellX(b.start), 23 - game->CellX(a.start));
    EXPECT_EQ(game->CellY(b.start), 15 - game->CellY(a.start));
  }
  const State start = game->InitialState();
  EXPECT_EQ(game->StateToString(start),
            "round=1 phase=select player=0 vp=0-0 active=- done=- target=- weapon=- hits=0 "
            "R@3,7:4/0 T@2,4:0 B@2,11:0 r@20,8:4/0 t@21,11:0 b@21,4:0");
}

TEST(QuickplayGameTest, DefaultScenarioFileMatchesTheBuiltInOne) {
  std::ifstream file(QUICKPLAY_SCENARIO_DIR "/default.scn", std::ios::binary);
  ASSERT_TRUE(file.good());
  std::stringstream buffer;
  buffer << file.rdbuf();
  EXPECT_EQ(buffer.str(), std::string(QuickplayGame::DefaultScenarioText()));
}

TEST(QuickplayGameTest, StateIsSmallAndHashesDistinguishPositions) {
  EXPECT_LE(sizeof(State), 64u);
  auto game = MakeGame("");
  State a = game->InitialState();
  State b = a;
  EXPECT_EQ(game->InformationSetKey(a, 0), game->InformationSetKey(b, 1));
  Play(*game, b, {"R", "move 4,7"});
  EXPECT_NE(game->InformationSetKey(a, 0), game->InformationSetKey(b, 0));
  // Perfect information: no hidden parts, so a determinization is the state itself.
  static_assert(!kHasHiddenInformation<QuickplayGame> && !kHasSimultaneousNodes<QuickplayGame>);
  Rng rng(5);
  EXPECT_TRUE(rules::Determinize(*game, b, 1, rng) == b);
  EXPECT_EQ(rules::DescribeHidden(*game, b, 0), "");
}

TEST(QuickplayGameTest, RenderShowsBoardAndStatus) {
  auto game = MakeGame("");
  const std::string board = BoardText(game->DescribeBoard(game->InitialState(), 0));
  EXPECT_NE(board.find("  7 ...R"), std::string::npos) << board;
  EXPECT_NE(board.find("Round 1 of 6 | VP 0-0 | player 0: choose a unit to activate"),
            std::string::npos)
      << board;
  EXPECT_NE(board.find("Legend: . open  , within S of a point  # cover"), std::string::npos)
      << board;
  EXPECT_NE(board.find("*"), std::string::npos);
  EXPECT_NE(board.find("r=rifle_squad[20,8 4 models]"), std::string::npos) << board;
}

TEST(QuickplayGameTest, DescriptionHoldsTheGridPointsAndUnits) {
  auto game = MakeGame("");
  const BoardView view = game->DescribeBoard(game->InitialState(), 1);
  EXPECT_EQ(view.grid, GridKind::kSquare);
  EXPECT_EQ(view.width, game->width());
  EXPECT_EQ(view.height, game->height());
  ASSERT_EQ(view.terrain.size(), static_cast<size_t>(game->width() * game->height()));
  for (int c = 0; c < game->width() * game->height(); ++c) {
    const std::string& kind = view.terrain_kinds[view.terrain[c]].name;
    EXPECT_EQ(kind == "cover" || kind == "cover and impassable", game->IsCover(c)) << c;
  }
  ASSERT_EQ(view.markers.size(), game->objectives().size());
  EXPECT_EQ(view.markers[0].cell, game->objectives()[0]);
  ASSERT_EQ(view.pieces.size(), static_cast<size_t>(game->num_units()));
  for (int u = 0; u < game->num_units(); ++u) {
    EXPECT_EQ(view.pieces[u].side, game->unit(u).side);
    EXPECT_EQ(view.pieces[u].label, std::string(1, game->unit(u).label));
    EXPECT_FALSE(view.pieces[u].unknown);  // perfect information
  }
  // Every viewer sees the same board.
  EXPECT_EQ(view, game->DescribeBoard(game->InitialState(), 0));
  EXPECT_EQ(view, game->DescribeBoard(game->InitialState(), kOmniscient));
}

}  // namespace
}  // namespace sandtable::quickplay_test

namespace sandtable::quickplay_test {
namespace {

TEST(QuickplayEvaluatorTest, ValuesFollowVictoryPointsControlAndMaterial) {
  auto game = MakeGame(TestScenario());
  const QuickplayEvaluator eval;
  // Symmetric material, player 1 holds the point (10,6): player 0 is worse off.
  const State start = game->InitialState();
  EXPECT_LT(eval.Evaluate(*game, start), 0.0);
  // Far from the point, equal forces: even.
  const State even = ParseOrDie(*game, Position("R@0,0:4/0 T@1,0:0 B@2,0:0 r@0,7:4/0 t@1,7:0 "
                                                "b@2,7:0"));
  EXPECT_DOUBLE_EQ(eval.Evaluate(*game, even), 0.0);
  // Player 1 lost its tank: player 0 is better.
  const State up = ParseOrDie(*game, Position("R@0,0:4/0 T@1,0:0 B@2,0:0 r@0,7:4/0 t:x b@2,7:0"));
  EXPECT_GT(eval.Evaluate(*game, up), 0.0);
  // Victory points count: ahead by 3 is better than ahead by 1.
  const State ahead = ParseOrDie(*game, Position("R@0,0:4/0 T@1,0:0 B@2,0:0 r@0,7:4/0 t@1,7:0 "
                                                 "b@2,7:0",
                                                 "round=4 phase=select player=1 vp=3-0 active=- "
                                                 "done=- target=- weapon=- hits=0"));
  const State slightly = ParseOrDie(*game, Position("R@0,0:4/0 T@1,0:0 B@2,0:0 r@0,7:4/0 "
                                                    "t@1,7:0 b@2,7:0",
                                                    "round=4 phase=select player=1 vp=2-1 "
                                                    "active=- done=- target=- weapon=- hits=0"));
  EXPECT_GT(eval.Evaluate(*game, ahead), eval.Evaluate(*game, slightly));
  EXPECT_LE(eval.Evaluate(*game, ahead), 1.0);
  // Terminal: the exact result.
  const State over = ParseOrDie(*game, Position("R@0,0:4/0 T@1,0:0 B@2,0:0 r@0,7:4/0 t@1,7:0 "
                                                "b@2,7:0",
                                                "round=6 phase=over player=0 vp=1-2 active=- "
                                                "done=- target=- weapon=- hits=0"));
  EXPECT_EQ(eval.Evaluate(*game, over), -1.0);
}

}  // namespace
}  // namespace sandtable::quickplay_test
