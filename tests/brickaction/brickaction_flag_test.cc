// brickaction's `victory flag` (the source's "Capture the flag"): picking the flag up, carrying
// it, dropping it where its carrier falls, the win in the carrier's deployment zone and kills
// at the end, the `flag=` and `carrier=` fields of the position, the scenario errors and the
// shipped flag scenario, on hand-built positions of the test board (brickaction_test_util.h)
// with 3-row deployment zones (player 0 rows 9-11, player 1 rows 0-2) and the flag at 6,6.
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_replace.h"
#include "engine/rng.h"
#include "eval/brickaction_evaluator.h"
#include "eval/brickaction_rollout.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::HasSubstr;
using G = BrickactionGame;

enum UnitIndex { kA = 0, kB, kC, kD, ka, kb, kc, kd };

// `units` with the flag at `flag` ("X,Y" or "-") carried by `carrier` ("L" or "-").
std::string FlagPosition(const std::string& units, const std::string& flag,
                         const std::string& carrier, int player = 0, int turn = 1,
                         const std::string& kills = "0/0") {
  return absl::StrReplaceAll(Position(units, 3, player, turn),
                             {{"kills=0/0", "kills=" + kills},
                              {"spot=- ", "spot=- flag=" + flag + " carrier=" + carrier + " "}});
}

// Both sides' squads away from the flag; A one cell below it.
constexpr char kUnits[] =
    "A@6,7/4vo/g/0/- B@1,11/4v/g/0/- C@2,11/0v/-/0/- D@3,11/2/-/0/- a@0,0/4vo/g/0/- "
    "b@1,0/4v/g/0/- c@2,0/0vm/-/0/- d@3,0/2/-/0/-";

TEST(BrickactionFlagTest, ASquadEndingItsMoveOnTheFlagPicksItUp) {
  const auto game = MakeGame({}, FlagTestScenario());
  ASSERT_EQ(game->victory(), G::kFlagVictory);
  EXPECT_EQ(game->InitialState().flag[0], game->CellIndex(6, 6));
  EXPECT_EQ(game->InitialState().carrier[0], G::kNone);
  State state = ParseOrDie(*game, FlagPosition(kUnits, "6,6", "-"));
  // One cell: no reactive fire; the move's action ends with A on the flag.
  Play(*game, state, {"A", "move", "to 6,6"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.carrier[0], kA);
  EXPECT_EQ(state.flag[0], G::kNoCell);
  EXPECT_EQ(game->FlagCell(state), game->CellIndex(6, 6));
  EXPECT_THAT(game->StateToString(state), HasSubstr(" spot=- flag=- carrier=A A@6,6/"));
  // The carrier moves at its usual pace, the flag with it.
  Play(*game, state, {"A", "move", "to 6,8"});
  EXPECT_EQ(game->FlagCell(state), game->CellIndex(6, 8));
}

// Rows 9-11 are player 0's deployment zone: the carrier's action ending there wins at once.
TEST(BrickactionFlagTest, TheCarrierWinsInItsDeploymentZone) {
  const auto game = MakeGame({}, FlagTestScenario());
  State state = ParseOrDie(
      *game, FlagPosition(absl::StrReplaceAll(kUnits, {{"A@6,7/", "A@6,8/"}}), "-", "A"));
  Play(*game, state, {"A", "move", "to 6,9"});
  EXPECT_EQ(state.phase, G::kOver);
  EXPECT_EQ(state.turn, 1);
  EXPECT_EQ(game->Returns(state, 0), 1.0);
  // Player 1's zone (rows 0-2) does nothing for player 0's carrier.
  EXPECT_FALSE(game->AtHome(0, game->CellIndex(6, 2)));
  EXPECT_TRUE(game->AtHome(1, game->CellIndex(6, 2)));
}

// The carrier destroyed: the flag lies on its cell; B's reactive move onto it picks it up.
TEST(BrickactionFlagTest, TheFlagDropsWhereItsCarrierFalls) {
  const auto game = MakeGame({}, FlagTestScenario());
  State state = ParseOrDie(
      *game, FlagPosition("A@0,11/4vo/g/0/- B@1,8/4v/g/0/- C@2,11/0v/-/0/- D@3,11/2/-/0/- "
                          "a@0,0/4vo/g/0/- b@5,0/4v/g/0/- c@2,0/0vm/-/0/- d@1,5/2/-/0/-",
                          "-", "d"));
  Play(*game, state, {"B", "attack", "at d", "sixes 2 hits 0"});
  EXPECT_FALSE(game->IsAlive(state, kd));
  EXPECT_EQ(state.carrier[0], G::kNone);
  EXPECT_EQ(state.flag[0], game->CellIndex(1, 5));
  ASSERT_EQ(state.phase, G::kReactMove);
  Play(*game, state, {"to 1,5"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.carrier[0], kB);
}

// Not brought home by the end: kills decide (here player 1's one kill), else a draw.
TEST(BrickactionFlagTest, KillsDecideWhenTheFlagIsNotBroughtHome) {
  const auto game = MakeGame({}, FlagTestScenario());
  State state = ParseOrDie(*game, FlagPosition(kUnits, "-", "A", 1, 6, "0/1"));
  Play(*game, state, {"end"});
  ASSERT_EQ(state.phase, G::kOver);
  EXPECT_EQ(game->Returns(state, 1), 1.0);
  state = ParseOrDie(*game, FlagPosition(kUnits, "6,6", "-", 1, 6));
  Play(*game, state, {"end"});
  EXPECT_EQ(game->Returns(state, 0), 0.0);
}

TEST(BrickactionFlagTest, ParseStateChecksTheFlagFields) {
  const auto game = MakeGame({}, FlagTestScenario());
  auto error = [&](const std::string& text) {
    auto parsed = game->ParseState(text);
    return parsed.ok() ? std::string("ok") : std::string(parsed.status().message());
  };
  EXPECT_EQ(error(FlagPosition(kUnits, "6,6", "-")), "ok");
  EXPECT_EQ(error(FlagPosition(kUnits, "-", "A")), "ok");
  EXPECT_THAT(error(FlagPosition(kUnits, "6,6", "A")), HasSubstr("flag=X,Y"));
  EXPECT_THAT(error(FlagPosition(kUnits, "-", "-")), HasSubstr("flag=X,Y"));
  EXPECT_THAT(error(FlagPosition(kUnits, "2,5", "-")), HasSubstr("flag=X,Y"));  // a wall
  EXPECT_THAT(
      error(FlagPosition(absl::StrReplaceAll(kUnits, {{"d@3,0/2/-/0/-", "d:x"}}), "-", "d")),
      HasSubstr("a living squad"));
  EXPECT_THAT(error(FlagPosition(kUnits, "6,7", "-")), HasSubstr("picked it up"));
  EXPECT_THAT(error(FlagPosition(absl::StrReplaceAll(kUnits, {{"A@6,7/", "A@6,9/"}}), "-", "A")),
              HasSubstr("the game is over"));
  EXPECT_THAT(error(FlagPosition(kUnits, "6,6", "z")), HasSubstr("carrier=L"));
  // The fields belong to flag scenarios only.
  EXPECT_THAT(error(Position(kUnits)), HasSubstr("words"));
  EXPECT_THAT(
      std::string(MakeGame()->ParseState(FlagPosition(kUnits, "6,6", "-")).status().message()),
      HasSubstr("words"));
}

// Along random games: a carrier in its zone at the end has won; the flag is always lying or
// carried by a living squad.
TEST(BrickactionFlagTest, RandomGamesEndWithTheRule) {
  const auto game = MakeGame({}, FlagTestScenario());
  int brought = 0, picked = 0;
  for (int g = 0; g < 3000; ++g) {
    Rng rng(static_cast<uint64_t>(g));
    State state = game->InitialState();
    bool carried = false;
    while (game->Kind(state) != NodeKind::kTerminal) {
      RandomStep(*game, state, rng);
      ASSERT_NE(game->FlagCell(state), G::kNoCell) << game->StateToString(state);
      carried |= state.carrier[0] != G::kNone;
    }
    picked += carried;
    if (state.carrier[0] == G::kNone) continue;
    const int side = game->unit(state.carrier[0]).side;
    if (!game->AtHome(side, state.cell[state.carrier[0]])) continue;
    ++brought;
    EXPECT_EQ(game->Returns(state, side), 1.0) << game->StateToString(state);
  }
  EXPECT_GT(picked, 0);
  EXPECT_GT(brought, 0) << picked;
}

// The playout policy: the carrier moves to a destination in (or nearest) its zone, the other
// squads to the one nearest the flag.
TEST(BrickactionFlagTest, RolloutTakesTheFlagHomeAndOthersToTheFlag) {
  const auto game = MakeGame({}, FlagTestScenario());
  auto chosen = [&](const std::string& position, const std::vector<std::string>& moves) {
    State state = ParseOrDie(*game, position);
    Play(*game, state, moves);
    EXPECT_EQ(state.phase, G::kDest);
    ActionList actions;
    game->LegalActions(state, 0, actions);
    std::set<int> cells;
    Rng rng(7);
    for (int draw = 0; draw < 400; ++draw) {
      cells.insert(static_cast<int>(BrickactionRollout().Choose(*game, state, actions, rng)));
    }
    return cells;
  };
  // A carries it from 6,6: rows 9 and 10 are in reach (4 cells), all of them home.
  const std::set<int> home = chosen(
      FlagPosition(absl::StrReplaceAll(kUnits, {{"A@6,7/", "A@6,6/"}}), "-", "A"), {"A", "move"});
  EXPECT_GT(home.size(), 1);
  for (int c : home) EXPECT_EQ(game->HomeDistance(0, c), 0) << c;
  // B from 1,11 toward the flag at 6,6: 3,8 and 4,9 (2 diagonals and a straight step each,
  // sqrt(13) = 3.61 cells away) are the nearest of its reach.
  const std::set<int> toward = chosen(FlagPosition(kUnits, "6,6", "-"), {"B", "move"});
  EXPECT_EQ(toward, std::set<int>({game->CellIndex(3, 8), game->CellIndex(4, 9)}));
}

// The evaluator: carrying the flag is worth more the nearer the carrier is to its zone, and
// the opponent's carrier counts against.
TEST(BrickactionFlagTest, EvaluatorValuesTheCarriersWayHome) {
  const auto game = MakeGame({}, FlagTestScenario());
  auto value = [&](const std::string& units, const std::string& flag, const std::string& carrier) {
    return BrickactionEvaluator().Evaluate(*game,
                                           ParseOrDie(*game, FlagPosition(units, flag, carrier)));
  };
  const double lying = value(kUnits, "6,6", "-");
  const double carried = value(absl::StrReplaceAll(kUnits, {{"A@6,7/", "A@6,6/"}}), "-", "A");
  const double nearer = value(absl::StrReplaceAll(kUnits, {{"A@6,7/", "A@6,8/"}}), "-", "A");
  EXPECT_GT(carried, lying);
  EXPECT_GT(nearer, carried);
  const double theirs = value(absl::StrReplaceAll(kUnits, {{"d@3,0/", "d@6,6/"}}), "-", "d");
  EXPECT_LT(theirs, lying);
}

TEST(BrickactionFlagTest, ScenarioErrors) {
  auto error = [](const std::string& text) {
    auto game = G::CreateFromStrings({}, text);
    return game.ok() ? std::string("ok") : std::string(game.status().message());
  };
  const std::string flag = FlagTestScenario();
  EXPECT_EQ(error(flag), "ok");
  EXPECT_THAT(error(absl::StrReplaceAll(flag, {{"flag 6,6\n", ""}})), HasSubstr("flag X,Y"));
  EXPECT_THAT(error(TestScenario() + "flag 6,6\n"), HasSubstr("needs the line 'victory flag'"));
  for (const char* bad : {"flag 6,10\n", "flag 6,1\n", "flag 2,5\n", "flag 12,6\n"}) {
    EXPECT_THAT(error(absl::StrReplaceAll(flag, {{"flag 6,6\n", bad}})), HasSubstr("flag X,Y"))
        << bad;
  }
  EXPECT_THAT(error(flag + "flag 5,5\n"), HasSubstr("flag"));
}

// The shipped flag scenario (the file, compiled in as scenario=flag): the default's table and
// squads, the flag at 11,11 in the central building.
TEST(BrickactionFlagTest, FlagScenarioFileIsTheParameter) {
  EXPECT_EQ(ScenarioFileText("flag"), G::FlagScenarioText());
  const auto created = G::CreateFromStrings({{"scenario", "flag"}}, "");
  ASSERT_TRUE(created.ok()) << created.status();
  const auto& game = *created;
  EXPECT_EQ(game->scenario_name(), "flag");
  EXPECT_EQ(game->victory(), G::kFlagVictory);
  EXPECT_EQ(game->InitialState().flag[0], game->CellIndex(11, 11));
  const auto standard = MakeGame({}, std::string(G::DefaultScenarioText()));
  EXPECT_EQ(game->StateToString(game->InitialState()),
            absl::StrReplaceAll(standard->StateToString(standard->InitialState()),
                                {{"spot=- ", "spot=- flag=11,11 carrier=- "}}));
}

}  // namespace
}  // namespace sandtable::brickaction_test
