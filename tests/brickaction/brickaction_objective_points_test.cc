// brickaction's `victory capture` with several objectives: each activated on its own, the
// attacker's win once it holds all of them at once, the defender taking one back, the
// `captured=` digits of the position, the board's holders, the scenario errors and where the
// playout policy heads, on hand-built positions of the test board (brickaction_test_util.h)
// with objective 1 at 6,6 and objective 2 at 9,2 (5 cells apart).
#include <string>

#include "absl/strings/str_replace.h"
#include "engine/rng.h"
#include "eval/brickaction_rollout.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;
using G = BrickactionGame;

enum UnitIndex { kA = 0, kB, kC, kD, ka, kb, kc, kd };

// The test board under `victory capture`, player 0 the attacker, two objectives.
std::string TwoObjectivesScenario() {
  return VictoryTestScenario("capture") + "attacker 0\nobjective 9,2\n";
}

// Player `player` to choose a squad on `turn`, the objectives' digits `captured`.
State At(const G& game, const std::string& units, const std::string& captured, int player = 0,
         int turn = 1) {
  return ParseOrDie(game, absl::StrReplaceAll(Position(units, 3, player, turn),
                                              {{"spot=- ", "spot=- captured=" + captured + " "}}));
}

// A 1 cell from objective 1 (6,6), B 2 cells from objective 2 (9,2); player 1's squads in
// the top-left corner, in neither zone.
constexpr char kUnits[] =
    "A@6,7/4vo/g/0/- B@9,4/4v/g/0/- C@2,11/0v/-/0/- D@3,11/2/-/0/- a@0,0/4vo/g/0/- "
    "b@1,0/4v/g/0/- c@2,0/0vm/-/0/- d@3,0/2/-/0/-";

// The board's marker for objective i (1-based): its name and holder.
std::string Marker(const G& game, const State& state, int i) {
  for (const BoardMarker& marker : game.DescribeBoard(state, 0).markers) {
    if (marker.name.starts_with(absl::StrCat("objective ", i, " "))) {
      return absl::StrCat(marker.name, " @", marker.cell, " owner ", marker.owner);
    }
  }
  return "none";
}

TEST(BrickactionObjectivePointsTest, EachObjectiveIsActivatedAndAllOfThemWin) {
  const auto game = MakeGame({}, TwoObjectivesScenario());
  ASSERT_EQ(game->num_objectives(), 2);
  EXPECT_EQ(game->ObjectiveAt(game->CellIndex(6, 7)), 0);
  EXPECT_EQ(game->ObjectiveAt(game->CellIndex(9, 4)), 1);
  EXPECT_EQ(game->ObjectiveAt(game->CellIndex(6, 9)), -1);  // 3 cells from 6,6
  State state = At(*game, kUnits, "00");
  // Both held by the defender at the start.
  EXPECT_EQ(Marker(*game, state, 1), absl::StrCat("objective 1 (2 cells around), player 1's @",
                                                  game->CellIndex(6, 6), " owner 1"));
  EXPECT_EQ(Marker(*game, state, 2), absl::StrCat("objective 2 (2 cells around), player 1's @",
                                                  game->CellIndex(9, 2), " owner 1"));
  // One of two: the game goes on.
  Play(*game, state, {"A", "activate"});
  EXPECT_EQ(state.captured, 0b01);
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.left, 2);
  EXPECT_EQ(Marker(*game, state, 1), absl::StrCat("objective 1 (2 cells around), player 0's @",
                                                  game->CellIndex(6, 6), " owner 0"));
  const std::string text = game->StateToString(state);
  EXPECT_THAT(text, HasSubstr(" spot=- captured=10 A@6,7/"));
  EXPECT_TRUE(ParseOrDie(*game, text) == state);
  // The second while it holds the first: it wins at once.
  Play(*game, state, {"B", "activate"});
  EXPECT_EQ(state.captured, 0b11);
  EXPECT_EQ(state.phase, G::kOver);
  EXPECT_EQ(game->Returns(state, 0), 1.0);
  EXPECT_THAT(game->StateToString(state), HasSubstr(" captured=11 "));
  EXPECT_TRUE(ParseOrDie(*game, game->StateToString(state)) == state);
}

// The attacker does not activate what it holds; the defender takes an objective back with the
// attacker's own conditions (in its zone, not suppressed, uncontested), and only one the
// attacker holds.
TEST(BrickactionObjectivePointsTest, TheDefenderTakesAnObjectiveBack) {
  const auto game = MakeGame({}, TwoObjectivesScenario());
  EXPECT_FALSE(game->CanActivate(At(*game, kUnits, "10"), kA));
  EXPECT_TRUE(game->CanActivate(At(*game, kUnits, "10"), kB));
  // A gone from objective 1 (6,10: 4 cells), d 1 cell from it; player 1 to move.
  const std::string retake =
      absl::StrReplaceAll(kUnits, {{"A@6,7/", "A@6,10/"}, {"d@3,0/", "d@6,5/"}});
  State state = At(*game, retake, "10", 1);
  Play(*game, state, {"d"});
  EXPECT_THAT(Legal(*game, state), Contains("activate"));
  Play(*game, state, {"activate"});
  EXPECT_EQ(state.captured, 0);
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_THAT(game->StateToString(state), HasSubstr(" captured=00 "));
  // Not one the defender holds already, not contested by A, not suppressed.
  EXPECT_FALSE(game->CanActivate(At(*game, retake, "00", 1), kd));
  EXPECT_FALSE(game->CanActivate(
      At(*game, absl::StrReplaceAll(kUnits, {{"d@3,0/", "d@6,5/"}}), "10", 1), kd));
  EXPECT_FALSE(game->CanActivate(
      At(*game, absl::StrReplaceAll(retake, {{"d@6,5/2/-/", "d@6,5/2/s/"}}), "10", 1), kd));
  // Player 1 attacking: its squads take objectives from player 0, the defender.
  const auto swapped = MakeGame({}, VictoryTestScenario("capture") + "attacker 1\nobjective 9,2\n");
  EXPECT_TRUE(swapped->CanActivate(At(*swapped, retake, "00", 1), kd));
  EXPECT_FALSE(swapped->CanActivate(At(*swapped, retake, "10", 1), kd));
}

// Holding one of the two at the end of the last turn is not enough: the defender wins.
TEST(BrickactionObjectivePointsTest, AllOrNothingAtTheEnd) {
  const auto game = MakeGame({}, TwoObjectivesScenario());
  State state = At(*game, kUnits, "10", 1, 6);
  Play(*game, state, {"end"});
  ASSERT_EQ(state.phase, G::kOver);
  EXPECT_EQ(game->Returns(state, 1), 1.0);
}

TEST(BrickactionObjectivePointsTest, ParseStateChecksTheDigits) {
  const auto game = MakeGame({}, TwoObjectivesScenario());
  auto error = [&](const std::string& captured, const std::string& phase = "select") {
    auto parsed = game->ParseState(absl::StrReplaceAll(
        Position(kUnits),
        {{"spot=- ", "spot=- captured=" + captured + " "}, {"phase=select", "phase=" + phase}}));
    return parsed.ok() ? std::string("ok") : std::string(parsed.status().message());
  };
  EXPECT_EQ(error("01"), "ok");
  EXPECT_EQ(error("11", "over"), "ok");  // A and B on them, uncontested
  EXPECT_THAT(error("11"), HasSubstr("the game is over"));
  EXPECT_THAT(error("1"), HasSubstr("each of the 2 objective(s)"));
  EXPECT_THAT(error("101"), HasSubstr("each of the 2 objective(s)"));
  EXPECT_THAT(error("12"), HasSubstr("each of the 2 objective(s)"));
}

TEST(BrickactionObjectivePointsTest, ScenarioErrors) {
  auto error = [](const std::string& text) {
    auto game = G::CreateFromStrings({}, text);
    return game.ok() ? std::string("ok") : std::string(game.status().message());
  };
  EXPECT_EQ(error(TwoObjectivesScenario()), "ok");
  EXPECT_THAT(error(TestScenario() + "objective 9,2\n"),
              HasSubstr("several objectives need the line 'victory capture'"));
  // 10,6 is 4 cells from 6,6: a cell between them (8,6) would be in both zones.
  EXPECT_THAT(error(VictoryTestScenario("capture") + "attacker 0\nobjective 10,6\n"),
              HasSubstr("more than 4 cells from the others"));
  EXPECT_EQ(error(VictoryTestScenario("capture") + "attacker 0\nobjective 10,5\n"), "ok");
  // 6,6 and seven more 5 cells apart make 8; a ninth is one too many.
  const std::string eight = VictoryTestScenario("capture") +
                            "attacker 0\nobjective 0,0\nobjective 5,0\nobjective 10,0\nobjective "
                            "0,5\nobjective 10,5\nobjective 0,10\nobjective 5,10\n";
  EXPECT_EQ(error(eight), "ok");
  EXPECT_THAT(error(eight + "objective 10,10\n"), HasSubstr("at most 8 objectives"));
}

// The playout policy heads for the nearest objective its side goes for: the attacker one it
// does not hold, the defender one the attacker holds (else any).
TEST(BrickactionObjectivePointsTest, RolloutHeadsForTheObjectivesToTake) {
  const auto game = MakeGame({}, TwoObjectivesScenario());
  const int centre = game->CellIndex(6, 6), corner = game->CellIndex(9, 2);
  // From 6,6 to objective 2 (9,2) is 5 cells.
  EXPECT_EQ(game->CaptureDistance(At(*game, kUnits, "00"), 0, centre), 0.0);
  EXPECT_EQ(game->CaptureDistance(At(*game, kUnits, "10"), 0, centre), 5.0);
  EXPECT_EQ(game->CaptureDistance(At(*game, kUnits, "10"), 1, corner), 5.0);
  EXPECT_EQ(game->CaptureDistance(At(*game, kUnits, "00"), 1, corner), 0.0);
  // B (9,4) holding objective 2 moves for objective 1: 7,6 is the only cell of its reach 1
  // cell from 6,6 (two diagonals, 6 points; 6,6 itself and 7,5 cost more or are taken).
  State state = At(*game, kUnits, "01");
  Play(*game, state, {"B", "move"});
  ActionList actions;
  game->LegalActions(state, 0, actions);
  Rng rng(3);
  const Action chosen = BrickactionRollout().Choose(*game, state, actions, rng);
  EXPECT_EQ(game->ObjectiveAt(static_cast<int>(chosen)), 0)
      << game->ActionToString(state, 0, chosen);
}

// Random games of 20 turns played by the playout policy (it activates whenever it can; seeds
// 0-99 give 14 attacker's wins, 55 defences and 22 objectives taken back): every position
// prints back to itself, and a game ends with the attacker's win exactly when it holds both
// (while both sides stand).
TEST(BrickactionObjectivePointsTest, RandomGamesEndWithTheRule) {
  const auto game = MakeGame({{"turns", "20"}}, TwoObjectivesScenario());
  int won = 0, defended = 0, retaken = 0;
  for (int g = 0; g < 100; ++g) {
    Rng rng(static_cast<uint64_t>(g));
    State state = game->InitialState();
    while (game->Kind(state) != NodeKind::kTerminal) {
      const int before = state.captured;
      if (game->Kind(state) == NodeKind::kChance) {
        RandomStep(*game, state, rng);
      } else {
        ActionList actions;
        game->LegalActions(state, game->CurrentPlayer(state), actions);
        game->Apply(state, BrickactionRollout().Choose(*game, state, actions, rng));
      }
      retaken += (before & ~state.captured) != 0;
      ASSERT_TRUE(ParseOrDie(*game, game->StateToString(state)) == state)
          << game->StateToString(state);
    }
    bool alive[2] = {false, false};
    for (int u = 0; u < game->num_units(); ++u) {
      alive[game->unit(u).side] |= game->IsAlive(state, u);
    }
    if (!alive[0] || !alive[1]) continue;
    (game->AllCaptured(state) ? won : defended)++;
    EXPECT_EQ(game->Returns(state, game->AllCaptured(state) ? 0 : 1), 1.0);
  }
  EXPECT_GT(won, 0);
  EXPECT_GT(defended, 0);
  EXPECT_GT(retaken, 0);
}

}  // namespace
}  // namespace sandtable::brickaction_test
