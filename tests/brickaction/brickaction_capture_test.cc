// brickaction's `victory capture` (the source's "capture/defend an objective within/through a
// certain # of turns" and "Activating Objectives"): the attacker's `activate` action, who may
// take it, the win at once and the defender's win at the end, the `captured=` field of the
// position, the scenario errors and the shipped capture scenario, on hand-built positions of
// the test board (brickaction_test_util.h: the objective is cell 6,6).
#include <set>
#include <string>

#include "absl/strings/str_replace.h"
#include "engine/rng.h"
#include "eval/brickaction_rollout.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::HasSubstr;
using G = BrickactionGame;

enum UnitIndex { kA = 0, kB, kC, kD, ka, kb, kc, kd };

// The test board under `victory capture` with player 0 the attacker.
std::string CaptureScenario() { return VictoryTestScenario("capture") + "attacker 0\n"; }

// Player `player` to choose a squad on `turn`, with `kills` ("K0/K1"), not captured.
State At(const G& game, const std::string& units, int player = 0, int turn = 1,
         const std::string& kills = "0/0") {
  return ParseOrDie(game, absl::StrReplaceAll(Position(units, 3, player, turn),
                                              {{"kills=0/0", "kills=" + kills},
                                               {"spot=- ", "spot=- captured=0 "}}));
}

// Player 1's squads far from the objective; A one cell below it.
constexpr char kANextToTheObjective[] =
    "A@6,7/4vo/g/0/- B@1,11/4v/g/0/- C@2,11/0v/-/0/- D@3,11/2/-/0/- a@0,0/4vo/g/0/- "
    "b@1,0/4v/g/0/- c@2,0/0vm/-/0/- d@3,0/2/-/0/-";

TEST(BrickactionCaptureTest, ActivatingTheObjectiveWinsAtOnce) {
  const auto game = MakeGame({}, CaptureScenario());
  ASSERT_EQ(game->victory(), G::kCaptureVictory);
  ASSERT_EQ(game->attacker(), 0);
  State state = At(*game, kANextToTheObjective);
  Play(*game, state, {"A"});
  EXPECT_THAT(Legal(*game, state),
              ::testing::ElementsAre("move", "attack", "prone", "hold", "activate"));
  Play(*game, state, {"activate"});
  EXPECT_EQ(state.captured, 1);
  EXPECT_EQ(state.phase, G::kOver);
  EXPECT_EQ(state.turn, 1);
  EXPECT_EQ(game->Returns(state, 0), 1.0);
  EXPECT_EQ(game->Returns(state, 1), -1.0);
  const std::string text = game->StateToString(state);
  EXPECT_THAT(text, HasSubstr(" spot=- captured=1 A@6,7/4vo/g/1/- "));
  EXPECT_TRUE(ParseOrDie(*game, text) == state);
}

// Within 2 cells of the objective point: (6,8) is 2 cells away, (8,8) 2.83 and (6,9) 3.
TEST(BrickactionCaptureTest, OnlyTheAttackersSquadsWithinTwoCellsActivate) {
  const auto game = MakeGame({}, CaptureScenario());
  auto can_activate = [&](const std::string& units, int u, int player = 0) {
    return game->CanActivate(At(*game, units, player), u);
  };
  EXPECT_TRUE(can_activate(kANextToTheObjective, kA));
  EXPECT_FALSE(can_activate(kANextToTheObjective, kB));  // 1,11: far
  const std::string a_at = "A@6,7/";
  EXPECT_TRUE(can_activate(absl::StrReplaceAll(kANextToTheObjective, {{a_at, "A@6,8/"}}), kA));
  EXPECT_FALSE(can_activate(absl::StrReplaceAll(kANextToTheObjective, {{a_at, "A@8,8/"}}), kA));
  EXPECT_FALSE(can_activate(absl::StrReplaceAll(kANextToTheObjective, {{a_at, "A@6,9/"}}), kA));
  // Suppressed: no.
  EXPECT_FALSE(can_activate(
      absl::StrReplaceAll(kANextToTheObjective, {{"A@6,7/4vo/g/", "A@6,7/4vo/gs/"}}), kA));
  // Prone: yes (it spends an action, as any squad may).
  EXPECT_TRUE(can_activate(
      absl::StrReplaceAll(kANextToTheObjective, {{"A@6,7/4vo/g/", "A@6,7/4vo/pg/"}}), kA));
  // The defender's squad on the objective never activates it.
  EXPECT_FALSE(can_activate(
      absl::StrReplaceAll(kANextToTheObjective, {{"A@6,7/", "A@0,11/"}, {"d@3,0/", "d@6,5/"}}), kd,
      1));
  // A has taken its 2 actions this turn: only its officer's free prone is left.
  State state =
      At(*game, absl::StrReplaceAll(kANextToTheObjective, {{"A@6,7/4vo/g/0/", "A@6,7/4vo/g/2/"}}));
  Play(*game, state, {"A"});
  EXPECT_THAT(Legal(*game, state), ::testing::ElementsAre("prone"));
}

// An enemy mini within 2 cells contests the objective, even a lone suppressed one.
TEST(BrickactionCaptureTest, AContestedObjectiveCannotBeActivated) {
  const auto game = MakeGame({}, CaptureScenario());
  State state =
      At(*game, absl::StrReplaceAll(kANextToTheObjective, {{"c@2,0/0vm/-/", "c@7,5/0vm/s/"}}));
  EXPECT_FALSE(game->CanActivate(state, kA));
  Play(*game, state, {"A"});
  EXPECT_THAT(Legal(*game, state), ::testing::Not(::testing::Contains("activate")));
  EXPECT_FALSE(game->ParseAction(state, 0, "activate").ok());
  // c one step further (7,4: 2.24 cells away) leaves it uncontested.
  state = At(*game, absl::StrReplaceAll(kANextToTheObjective, {{"c@2,0/0vm/-/", "c@7,4/0vm/s/"}}));
  EXPECT_TRUE(game->CanActivate(state, kA));
}

// Not activated by the end of the last turn: the defender wins, whatever the kills and the
// minis on the objective.
TEST(BrickactionCaptureTest, TheDefenderWinsIfNotActivatedByTheEnd) {
  const auto game = MakeGame({}, CaptureScenario());
  State state = At(*game, kANextToTheObjective, 1, 6, "5/0");
  Play(*game, state, {"end"});
  ASSERT_EQ(state.phase, G::kOver);
  EXPECT_EQ(state.captured, 0);
  EXPECT_EQ(game->Returns(state, 1), 1.0);
  // A side wiped out still loses at once: here the defender.
  state = At(*game, "A@6,7/4vo/g/0/- B@1,11/4v/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-");
  Play(*game, state, {"B", "attack", "at d", "sixes 2 hits 0"});
  EXPECT_EQ(state.phase, G::kOver);
  EXPECT_EQ(game->Returns(state, 0), 1.0);
}

TEST(BrickactionCaptureTest, ParseStateChecksTheCapturedField) {
  const auto game = MakeGame({}, CaptureScenario());
  const std::string start =
      absl::StrReplaceAll(Position(kANextToTheObjective), {{"spot=- ", "spot=- captured=0 "}});
  EXPECT_TRUE(game->ParseState(start).ok());
  const std::string over =
      absl::StrReplaceAll(start, {{"phase=select", "phase=over"}, {"captured=0", "captured=1"}});
  EXPECT_TRUE(game->ParseState(over).ok());
  // Captured while the game goes on, with the objective contested, or by nobody on it.
  auto error = [&](const std::string& text) {
    auto parsed = game->ParseState(text);
    return parsed.ok() ? std::string("ok") : std::string(parsed.status().message());
  };
  EXPECT_THAT(error(absl::StrReplaceAll(start, {{"captured=0", "captured=1"}})),
              HasSubstr("captured=1: the game is over"));
  EXPECT_THAT(error(absl::StrReplaceAll(over, {{"d@3,0/", "d@6,5/"}})), HasSubstr("captured=1"));
  EXPECT_THAT(error(absl::StrReplaceAll(over, {{"A@6,7/", "A@6,9/"}})), HasSubstr("captured=1"));
  EXPECT_THAT(error(absl::StrReplaceAll(start, {{"captured=0", "captured=2"}})),
              HasSubstr("captured=0 or 1"));
  // The field belongs to capture scenarios only.
  EXPECT_THAT(error(Position(kANextToTheObjective)), HasSubstr("words"));
  EXPECT_THAT(std::string(MakeGame()->ParseState(start).status().message()), HasSubstr("words"));
}

// Along random games: a captured objective gives the attacker the win, else (both sides
// standing) the defender wins.
TEST(BrickactionCaptureTest, RandomGamesEndWithTheRule) {
  const auto game = MakeGame({}, CaptureScenario());
  int captured = 0, defended = 0;
  for (int g = 0; g < 300; ++g) {
    Rng rng(static_cast<uint64_t>(g));
    State state = game->InitialState();
    while (game->Kind(state) != NodeKind::kTerminal) {
      RandomStep(*game, state, rng);
    }
    bool alive[2] = {false, false};
    for (int u = 0; u < game->num_units(); ++u)
      alive[game->unit(u).side] |= game->IsAlive(state, u);
    if (!alive[0] || !alive[1]) continue;
    (state.captured ? captured : defended)++;
    EXPECT_EQ(game->Returns(state, state.captured ? 0 : 1), 1.0) << game->StateToString(state);
  }
  EXPECT_GT(captured, 0);
  EXPECT_GT(defended, 0);
}

// The playout policy activates the objective whenever it can, and moves toward it.
TEST(BrickactionCaptureTest, RolloutActivatesAndMovesTowardTheObjective) {
  const auto game = MakeGame({}, CaptureScenario());
  State state = At(*game, kANextToTheObjective);
  Play(*game, state, {"A"});
  ActionList actions;
  game->LegalActions(state, 0, actions);
  Rng rng(9);
  for (int draw = 0; draw < 20; ++draw) {
    EXPECT_EQ(
        game->ActionToString(state, 0, BrickactionRollout().Choose(*game, state, actions, rng)),
        "activate");
  }
  // B from 1,11 (8 points: a diagonal 3, a straight step 2): 3,8 and 4,9 (2 diagonals and a
  // straight step each) are both sqrt(13) = 3.61 cells from the objective 6,6, the nearest of
  // its reach; the policy picks either.
  state = At(*game, kANextToTheObjective);
  Play(*game, state, {"B", "move"});
  game->LegalActions(state, 0, actions);
  std::set<std::string> chosen;
  for (int draw = 0; draw < 400; ++draw) {
    chosen.insert(
        game->ActionToString(state, 0, BrickactionRollout().Choose(*game, state, actions, rng)));
  }
  EXPECT_EQ(chosen, std::set<std::string>({"to 3,8", "to 4,9"}));
}

TEST(BrickactionCaptureTest, ScenarioErrors) {
  auto error = [](const std::string& text) {
    auto game = G::CreateFromStrings({}, text);
    return game.ok() ? std::string("ok") : std::string(game.status().message());
  };
  EXPECT_EQ(error(CaptureScenario()), "ok");
  EXPECT_EQ(error(VictoryTestScenario("capture") + "attacker 1\n"), "ok");
  EXPECT_THAT(error(VictoryTestScenario("capture")), HasSubstr("attacker 0 or attacker 1"));
  EXPECT_THAT(error(VictoryTestScenario("capture") + "attacker 2\n"),
              HasSubstr("attacker: 0 or 1"));
  EXPECT_THAT(error(CaptureScenario() + "attacker 1\n"), HasSubstr("attacker"));
  EXPECT_THAT(error(TestScenario() + "attacker 0\n"),
              HasSubstr("with the line 'victory capture' only"));
}

// The shipped capture scenario (the file, compiled in as scenario=capture): the default's table,
// objective and squads, player 0 the attacker.
TEST(BrickactionCaptureTest, CaptureScenarioFileIsTheParameter) {
  EXPECT_EQ(ScenarioFileText("capture"), G::CaptureScenarioText());
  const auto created = G::CreateFromStrings({{"scenario", "capture"}}, "");
  ASSERT_TRUE(created.ok()) << created.status();
  const auto& game = *created;
  EXPECT_EQ(game->scenario_name(), "capture");
  EXPECT_EQ(game->victory(), G::kCaptureVictory);
  EXPECT_EQ(game->attacker(), 0);
  const auto standard = MakeGame({}, std::string(G::DefaultScenarioText()));
  EXPECT_EQ(game->StateToString(game->InitialState()),
            absl::StrReplaceAll(standard->StateToString(standard->InitialState()),
                                {{"spot=- ", "spot=- captured=0 "}}));
}

}  // namespace
}  // namespace sandtable::brickaction_test
