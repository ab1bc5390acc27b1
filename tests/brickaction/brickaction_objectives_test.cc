// brickaction's other victory conditions (the scenario's `victory eliminate` and `victory
// target`): the result, the scenario errors, the positions ParseState refuses, and the
// evaluator's and the playout policy's terms, on hand-built positions of the test board
// (brickaction_test_util.h) with the dice entered.
#include <map>
#include <set>
#include <string>

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

// Player `player` to choose a squad on `turn`, with `kills` ("K0/K1").
State At(const G& game, const std::string& units, int player = 0, int turn = 1,
         const std::string& kills = "0/0") {
  return ParseOrDie(game, absl::StrReplaceAll(Position(units, 3, player, turn),
                                              {{"kills=0/0", "kills=" + kills}}));
}

double Value(const G& game, const State& state) {
  return BrickactionEvaluator().Evaluate(game, state);
}

// The last turn's end with A on the objective (cell 6,6) and player 1 ahead in kills.
constexpr char kAOnTheObjective[] =
    "A@6,6/4vo/g/0/- B@1,11/4v/g/0/- C:x D@3,11/2/-/0/- a@0,0/4vo/g/0/- b@1,0/4v/g/0/- "
    "c@2,0/0vm/-/0/- d@3,0/2/-/0/-";

TEST(BrickactionObjectivesTest, EliminateASideWipedOutLosesAtOnce) {
  const auto game = MakeGame({}, VictoryTestScenario("eliminate"));
  ASSERT_EQ(game->victory(), G::kEliminateVictory);
  State state = At(*game, "A:x B@1,11/4v/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-");
  Play(*game, state, {"B", "attack", "at d", "sixes 2 hits 0"});
  EXPECT_FALSE(game->IsAlive(state, kd));
  EXPECT_EQ(state.phase, G::kOver);
  EXPECT_EQ(state.turn, 1);
  EXPECT_EQ(game->Returns(state, 0), 1.0);
}

TEST(BrickactionObjectivesTest, EliminateKillsDecideAtTheEndNotTheObjective) {
  const auto objective = MakeGame();
  const auto eliminate = MakeGame({}, VictoryTestScenario("eliminate"));
  for (const auto& game : {objective, eliminate}) {
    State state = At(*game, kAOnTheObjective, 1, 6, "0/1");
    Play(*game, state, {"end"});
    ASSERT_EQ(state.phase, G::kOver);
    // The objective's 6 minis win the default; under eliminate player 1's kill does.
    EXPECT_EQ(game->Returns(state, 0), game == objective ? 1.0 : -1.0);
  }
  State state =
      At(*eliminate, absl::StrReplaceAll(kAOnTheObjective, {{"C:x", "C@2,11/0v/-/0/-"}}), 1, 6);
  Play(*eliminate, state, {"end"});
  EXPECT_EQ(eliminate->Returns(state, 0), 0.0);  // equal kills: a draw
}

TEST(BrickactionObjectivesTest, TargetDestroyedWinsAtOnceWhateverTheKills) {
  const auto game = MakeGame({}, VictoryTestScenario("target"));
  ASSERT_EQ(game->victory(), G::kTargetVictory);
  EXPECT_EQ(game->TargetUnit(0), kD);
  EXPECT_EQ(game->TargetUnit(1), kd);
  // Player 1 has killed 5 of player 0's minis (A's 3 regulars and veteran, C).
  State state = At(*game,
                   "A@0,11/1o/g/0/- B@1,11/4v/g/0/- C:x D@3,11/2/-/0/- a@0,0/4vo/g/0/- "
                   "b@5,0/4v/g/0/- c@2,0/0vm/-/0/- d@1,5/2/-/0/-",
                   0, 1, "0/5");
  Play(*game, state, {"B", "attack", "at d", "sixes 2 hits 0"});
  EXPECT_EQ(state.kills[0], 2);
  EXPECT_EQ(state.phase, G::kOver);
  EXPECT_EQ(game->Returns(state, 0), 1.0);
  EXPECT_EQ(game->Returns(state, 1), -1.0);
}

TEST(BrickactionObjectivesTest, TargetsStandingAtTheEndFallBackToKills) {
  const auto game = MakeGame({}, VictoryTestScenario("target"));
  State state = At(*game, kAOnTheObjective, 1, 6, "0/1");
  Play(*game, state, {"end"});
  ASSERT_EQ(state.phase, G::kOver);
  EXPECT_EQ(game->Returns(state, 1), 1.0);  // the objective counts for nothing
  state = At(*game, absl::StrReplaceAll(kAOnTheObjective, {{"C:x", "C@2,11/0v/-/0/-"}}), 1, 6);
  Play(*game, state, {"end"});
  EXPECT_EQ(game->Returns(state, 0), 0.0);
}

// Destroying a unit that is not a target ends nothing; a side without a target loses none.
TEST(BrickactionObjectivesTest, OnlyTheNamedTargetsEndTheGame) {
  std::string text = VictoryTestScenario("target");
  text.erase(text.find("target=1 "), 9);  // D is no target: only player 1 has one
  const auto game = MakeGame({}, text);
  EXPECT_EQ(game->TargetUnit(0), -1);
  State state =
      At(*game, "A:x B@1,11/4v/g/0/- C:x D@1,6/2/-/0/- a:x b@1,5/4v/g/0/- c:x d@5,0/2/-/0/-", 1);
  Play(*game, state, {"b", "attack", "at D", "sixes 2 hits 0"});
  EXPECT_FALSE(game->IsAlive(state, kD));
  EXPECT_EQ(state.phase, G::kReactMove);  // b's reactive move: the game goes on
  Play(*game, state, {"stay"});
  EXPECT_EQ(state.phase, G::kSelect);
}

TEST(BrickactionObjectivesTest, ParseStateRejectsAGameGoingOnWithATargetDestroyed) {
  const auto game = MakeGame({}, VictoryTestScenario("target"));
  const std::string units =
      "A@0,11/4vo/g/0/- B@1,11/4v/g/0/- C:x D@3,11/2/-/0/- a@0,0/4vo/g/0/- b@1,0/4v/g/0/- "
      "c@2,0/0vm/-/0/- d:x";
  auto parsed = game->ParseState(Position(units));
  ASSERT_FALSE(parsed.ok());
  EXPECT_THAT(std::string(parsed.status().message()), HasSubstr("(a target unit) is destroyed"));
  EXPECT_TRUE(
      game->ParseState(absl::StrReplaceAll(Position(units), {{"phase=select", "phase=over"}}))
          .ok());
  // The same position is fine where d is no target.
  EXPECT_TRUE(MakeGame()->ParseState(Position(units)).ok());
}

// Along random games: whenever one target has fallen, the side whose target stands wins.
TEST(BrickactionObjectivesTest, RandomTargetGamesEndWithTheRule) {
  const auto game = MakeGame({}, VictoryTestScenario("target"));
  int decided = 0;
  for (int g = 0; g < 300; ++g) {
    Rng rng(static_cast<uint64_t>(g));
    State state = game->InitialState();
    while (game->Kind(state) != NodeKind::kTerminal) {
      RandomStep(*game, state, rng);
    }
    const bool lost0 = !game->IsAlive(state, kD), lost1 = !game->IsAlive(state, kd);
    if (lost0 == lost1) continue;
    ++decided;
    EXPECT_EQ(game->Returns(state, lost0 ? 1 : 0), 1.0) << game->StateToString(state);
  }
  EXPECT_GT(decided, 0);
}

TEST(BrickactionObjectivesTest, ScenarioErrors) {
  auto error = [](const std::string& text) {
    auto game = G::CreateFromStrings({}, text);
    return game.ok() ? std::string("ok") : std::string(game.status().message());
  };
  const std::string target = VictoryTestScenario("target");
  EXPECT_THAT(error(VictoryTestScenario("hill")), HasSubstr("victory: one of objective"));
  EXPECT_THAT(error(absl::StrReplaceAll(target, {{"target=1 ", ""}})),
              HasSubstr("mark a unit of either side or both with target=1"));
  EXPECT_THAT(error(absl::StrReplaceAll(target, {{"victory target", "victory eliminate"}})),
              HasSubstr("target=1 needs the line 'victory target'"));
  EXPECT_THAT(error(absl::StrReplaceAll(target, {{"label=C ", "label=C target=1 "}})),
              HasSubstr("player 0 has one target unit at most"));
  EXPECT_THAT(error(absl::StrReplaceAll(target, {{"label=C ", "label=C target=2 "}})),
              HasSubstr("target"));
  EXPECT_THAT(error(target + "victory target\n"), HasSubstr("victory"));
  EXPECT_EQ(error(VictoryTestScenario("objective")), "ok");
  EXPECT_EQ(MakeGame()->victory(), G::kObjectiveVictory);
  // A vehicle may be the target.
  std::string vehicles = VehicleTestScenario();
  vehicles.insert(vehicles.find("legend"), "victory target\n");
  vehicles.insert(vehicles.find("label=V ") + 8, "target=1 ");
  const auto game = MakeGame({}, vehicles);
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(game->TargetUnit(0), 4);  // A B a b V: V is unit 4
  EXPECT_EQ(game->TargetUnit(1), -1);
}

// The shipped target scenario (the file, compiled in as scenario=target): the default's table
// and squads with the officers' squads as the targets.
TEST(BrickactionObjectivesTest, TargetScenarioFileIsTheParameter) {
  EXPECT_EQ(ScenarioFileText("target"), G::TargetScenarioText());
  const auto created = G::CreateFromStrings({{"scenario", "target"}}, "");
  ASSERT_TRUE(created.ok()) << created.status();
  const auto& game = *created;
  EXPECT_EQ(game->scenario_name(), "target");
  EXPECT_EQ(game->victory(), G::kTargetVictory);
  EXPECT_EQ(game->TargetUnit(0), 0);  // A
  EXPECT_EQ(game->TargetUnit(1), 2);  // a
  const auto standard = MakeGame({}, std::string(G::DefaultScenarioText()));
  EXPECT_EQ(game->StateToString(game->InitialState()),
            standard->StateToString(standard->InitialState()));
  // The parameter names a built-in scenario: not with a scenario text as well.
  EXPECT_THAT(G::CreateFromStrings({{"scenario", "target"}}, TestScenario()).status().message(),
              HasSubstr("scenario=target names a built-in scenario"));
}

TEST(BrickactionObjectivesTest, EvaluatorUnderEliminateValuesKillsNotTheObjective) {
  const auto objective = MakeGame();
  const auto eliminate = MakeGame({}, VictoryTestScenario("eliminate"));
  const std::string far = "A@6,10/4vo/g/0/- B:x C:x D:x a@6,1/4vo/g/0/- b:x c:x d:x";
  const std::string near = "A@6,6/4vo/g/0/- B:x C:x D:x a@6,1/4vo/g/0/- b:x c:x d:x";
  EXPECT_GT(Value(*objective, At(*objective, near, 0, 5)),
            Value(*objective, At(*objective, far, 0, 5)) + 0.1);
  EXPECT_EQ(Value(*eliminate, At(*eliminate, near, 0, 5)),
            Value(*eliminate, At(*eliminate, far, 0, 5)));
  // Player 1's A down to 3 of its 6 minis.
  EXPECT_GT(
      Value(*eliminate,
            At(*eliminate, "A@6,6/4vo/g/0/- B:x C:x D:x a@6,1/1vo/g/0/- b:x c:x d:x", 0, 5, "3/0")),
      Value(*eliminate, At(*eliminate, near, 0, 5)) + 0.2);
}

TEST(BrickactionObjectivesTest, EvaluatorUnderTargetValuesTheTargetsMinis) {
  const auto game = MakeGame({}, VictoryTestScenario("target"));
  const std::string units =
      "A@0,11/4vo/g/0/- B@1,11/4v/g/0/- C@2,11/0v/-/0/- D@3,11/2/-/0/- a@0,0/4vo/g/0/- "
      "b@1,0/4v/g/0/- c@2,0/0vm/-/0/- d@3,0/2/-/0/-";
  EXPECT_EQ(Value(*game, At(*game, units)), 0.0);
  // One mini of player 1 lost either way: from b, or from its target d.
  const double from_b =
      Value(*game, At(*game, absl::StrReplaceAll(units, {{"b@1,0/4v", "b@1,0/3v"}}), 0, 1, "1/0"));
  const double from_d =
      Value(*game, At(*game, absl::StrReplaceAll(units, {{"d@3,0/2", "d@3,0/1"}}), 0, 1, "1/0"));
  EXPECT_GT(from_b, 0.0);
  EXPECT_GT(from_d, from_b + 0.2);
  // Player 0's own target hurt: the value turns against it.
  EXPECT_LT(
      Value(*game, At(*game, absl::StrReplaceAll(units, {{"D@3,11/2", "D@3,11/1"}}), 0, 1, "0/1")),
      -from_d + 1e-9);
  // The objective counts for nothing.
  EXPECT_EQ(Value(*game, At(*game, absl::StrReplaceAll(units, {{"A@0,11", "A@6,6"}}))), 0.0);
}

// Under another victory than the objective the policy's destinations are uniform.
TEST(BrickactionObjectivesTest, RolloutMovesUniformlyUnderOtherVictories) {
  for (const std::string victory : {"objective", "eliminate"}) {
    const auto game = MakeGame({}, VictoryTestScenario(victory));
    State state = At(*game, "A@0,11/4vo/g/0/- B:x C:x D:x a@11,0/4vo/g/0/- b:x c:x d:x");
    Play(*game, state, {"A", "move"});
    ASSERT_EQ(state.phase, G::kDest);
    ActionList actions;
    game->LegalActions(state, 0, actions);
    std::set<Action> chosen;
    Rng rng(11);
    for (int draw = 0; draw < 400; ++draw) {
      chosen.insert(BrickactionRollout().Choose(*game, state, actions, rng));
    }
    if (victory == "objective") {
      EXPECT_EQ(chosen.size(), 1);
    } else {
      EXPECT_EQ(chosen.size(), actions.size());
    }
  }
}

}  // namespace
}  // namespace sandtable::brickaction_test
