// brickaction's `victory flag` with a flag per side: each flag at its home, an enemy squad
// picking it up and carrying it to its own deployment zone to win, a guard on its own flag,
// the flag a fallen carrier drops (taken up by the enemy, or returned home by its own side),
// both carriers home at once, the `flag0=`/`carrier0=`/`flag1=`/`carrier1=` fields, the board,
// the scenario errors and the playout policy, on hand-built positions of the test board
// (brickaction_test_util.h) with 3-row deployment zones (player 0 rows 9-11, player 1 rows
// 0-2), player 0's flag at 6,10 and player 1's at 6,1.
#include <string>
#include <vector>

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

std::string FlagsScenario() {
  std::string text = TestScenario();
  text.insert(text.find("legend"), "victory flag\n");
  text.replace(text.find("deploy 12"), 9, "deploy 3");
  return text + "flag side=0 at=6,10\nflag side=1 at=6,1\n";
}

// `units` with player 0's flag at `flag0` carried by `carrier0`, player 1's likewise ("X,Y"
// or "-", "L" or "-").
std::string FlagsPosition(const std::string& units, const std::string& flag0,
                          const std::string& carrier0, const std::string& flag1,
                          const std::string& carrier1, int player = 0, int turn = 1,
                          const std::string& kills = "0/0") {
  return absl::StrReplaceAll(
      Position(units, 3, player, turn),
      {{"kills=0/0", "kills=" + kills},
       {"spot=- ", absl::StrCat("spot=- flag0=", flag0, " carrier0=", carrier0, " flag1=", flag1,
                                " carrier1=", carrier1, " ")}});
}

// Both flags at home; A two rows above player 1's flag, b on the right edge.
constexpr char kUnits[] =
    "A@6,3/4vo/g/0/- B@1,11/4v/g/0/- C@2,11/0v/-/0/- D@3,11/2/-/0/- a@0,0/4vo/g/0/- "
    "b@11,5/4v/g/0/- c@2,0/0vm/-/0/- d@3,0/2/-/0/-";

// The board's markers and A's status, one line each.
std::vector<std::string> FlagMarkers(const G& game, const State& state) {
  std::vector<std::string> lines;
  for (const BoardMarker& marker : game.DescribeBoard(state, 0).markers) {
    if (marker.name.find("flag") == std::string::npos) continue;
    lines.push_back(absl::StrCat(std::string(1, marker.glyph), " ", game.CellX(marker.cell), ",",
                                 game.CellY(marker.cell), " ", marker.name, " owner ",
                                 marker.owner));
  }
  return lines;
}

TEST(BrickactionFlagPerSideTest, EachFlagStartsAtItsHome) {
  const auto game = MakeGame({}, FlagsScenario());
  ASSERT_TRUE(game->flag_per_side());
  const State start = game->InitialState();
  EXPECT_EQ(start.flag[0], game->CellIndex(6, 10));
  EXPECT_EQ(start.flag[1], game->CellIndex(6, 1));
  EXPECT_EQ(start.carrier[0], G::kNone);
  EXPECT_EQ(start.carrier[1], G::kNone);
  EXPECT_THAT(game->StateToString(start),
              HasSubstr(" spot=- flag0=6,10 carrier0=- flag1=6,1 carrier1=- "));
  EXPECT_THAT(FlagMarkers(*game, start),
              ::testing::ElementsAre("F 6,10 player 0's flag (at home) owner 0",
                                     "f 6,1 player 1's flag (at home) owner 1"));
}

// A ends its move on player 1's flag: it carries it (the board says so), and wins when an
// action ends with it in player 0's zone.
TEST(BrickactionFlagPerSideTest, TheEnemyFlagCarriedHomeWins) {
  const auto game = MakeGame({}, FlagsScenario());
  State state = ParseOrDie(*game, FlagsPosition(absl::StrReplaceAll(kUnits, {{"A@6,3/", "A@6,2/"}}),
                                                "6,10", "-", "6,1", "-"));
  Play(*game, state, {"A", "move", "to 6,1"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.carrier[1], kA);
  EXPECT_EQ(state.flag[1], G::kNoCell);
  EXPECT_THAT(game->StateToString(state), HasSubstr(" flag1=- carrier1=A A@6,1/"));
  EXPECT_THAT(FlagMarkers(*game, state), Contains("f 6,1 player 1's flag (carried by A) owner 1"));
  EXPECT_THAT(game->DescribeBoard(state, 0).pieces[kA].status,
              HasSubstr(", carries player 1's flag"));
  // Its own deployment zone (rows 9-11) is home.
  state = ParseOrDie(*game, FlagsPosition(absl::StrReplaceAll(kUnits, {{"A@6,3/", "A@10,8/"}}),
                                          "6,10", "-", "-", "A"));
  Play(*game, state, {"A", "move", "to 10,9"});
  EXPECT_EQ(state.phase, G::kOver);
  EXPECT_EQ(game->Returns(state, 0), 1.0);
}

// A squad on its own flag at home guards it: nothing happens, and no enemy can end a move on
// that cell.
TEST(BrickactionFlagPerSideTest, ASquadOnItsOwnFlagAtHomeGuardsIt) {
  const auto game = MakeGame({}, FlagsScenario());
  const std::string guarded =
      absl::StrReplaceAll(kUnits, {{"A@6,3/", "A@6,2/"}, {"c@2,0/", "c@6,1/"}});
  State state = ParseOrDie(*game, FlagsPosition(guarded, "6,10", "-", "6,1", "-"));
  Play(*game, state, {"A", "move"});
  EXPECT_THAT(Legal(*game, state), Not(Contains("to 6,1")));
  // c stepping onto its own flag leaves it lying at home.
  state = ParseOrDie(*game, FlagsPosition(absl::StrReplaceAll(kUnits, {{"c@2,0/", "c@6,0/"}}),
                                          "6,10", "-", "6,1", "-", 1));
  Play(*game, state, {"c", "move", "to 6,1"});
  EXPECT_EQ(state.flag[1], game->CellIndex(6, 1));
  EXPECT_EQ(state.carrier[1], G::kNone);
}

// d carries player 0's flag and falls at 1,5: the flag lies there; B's reactive move onto it
// returns it to its home at once (B is its owner's squad).
TEST(BrickactionFlagPerSideTest, AFallenCarriersFlagIsReturnedByItsOwnSide) {
  const auto game = MakeGame({}, FlagsScenario());
  State state = ParseOrDie(
      *game, FlagsPosition("A@0,11/4vo/g/0/- B@1,8/4v/g/0/- C@2,11/0v/-/0/- D@3,11/2/-/0/- "
                           "a@0,0/4vo/g/0/- b@5,0/4v/g/0/- c@2,0/0vm/-/0/- d@1,5/2/-/0/-",
                           "-", "d", "6,1", "-"));
  Play(*game, state, {"B", "attack", "at d", "sixes 2 hits 0"});
  EXPECT_FALSE(game->IsAlive(state, kd));
  EXPECT_EQ(state.carrier[0], G::kNone);
  EXPECT_EQ(state.flag[0], game->CellIndex(1, 5));
  EXPECT_THAT(FlagMarkers(*game, state), Contains("F 1,5 player 0's flag (lying) owner 0"));
  ASSERT_EQ(state.phase, G::kReactMove);
  Play(*game, state, {"to 1,5"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.flag[0], game->CellIndex(6, 10));
  EXPECT_EQ(state.carrier[0], G::kNone);
}

// The dropped flag taken up by the enemy; returned home onto an enemy squad standing there,
// which takes it at once.
TEST(BrickactionFlagPerSideTest, TheEnemyTakesUpADroppedFlag) {
  const auto game = MakeGame({}, FlagsScenario());
  State state = ParseOrDie(*game, FlagsPosition(absl::StrReplaceAll(kUnits, {{"c@2,0/", "c@1,4/"}}),
                                                "1,5", "-", "6,1", "-", 1));
  Play(*game, state, {"c", "move", "to 1,5"});
  EXPECT_EQ(state.carrier[0], kc);
  state = ParseOrDie(
      *game,
      FlagsPosition(absl::StrReplaceAll(kUnits, {{"B@1,11/", "B@1,6/"}, {"c@2,0/", "c@6,10/"}}),
                    "1,5", "-", "6,1", "-"));
  Play(*game, state, {"B", "move", "to 1,5"});
  EXPECT_EQ(state.flag[0], G::kNoCell);
  EXPECT_EQ(state.carrier[0], kc);
}

// Both carriers home when the same action ends (a hold move, say): kills decide, else a draw.
TEST(BrickactionFlagPerSideTest, BothCarriersHomeAtOnceFallBackOnKills) {
  const auto game = MakeGame({}, FlagsScenario());
  const std::string both =
      absl::StrReplaceAll(kUnits, {{"A@6,3/", "A@10,9/"}, {"b@11,5/", "b@11,2/"}});
  auto over = [&](const std::string& kills) {
    return ParseOrDie(*game,
                      absl::StrReplaceAll(FlagsPosition(both, "-", "b", "-", "A", 0, 1, kills),
                                          {{"phase=select", "phase=over"}}));
  };
  EXPECT_EQ(game->FlagsHome(over("0/0")), 3);
  EXPECT_EQ(game->Returns(over("2/1"), 0), 1.0);
  EXPECT_EQ(game->Returns(over("0/0"), 0), 0.0);
}

TEST(BrickactionFlagPerSideTest, ParseStateChecksTheFlags) {
  const auto game = MakeGame({}, FlagsScenario());
  auto error = [&](const std::string& units, const std::string& flag0, const std::string& carrier0,
                   const std::string& flag1, const std::string& carrier1) {
    auto parsed = game->ParseState(FlagsPosition(units, flag0, carrier0, flag1, carrier1));
    return parsed.ok() ? std::string("ok") : std::string(parsed.status().message());
  };
  EXPECT_EQ(error(kUnits, "6,10", "-", "6,1", "-"), "ok");
  EXPECT_EQ(error(kUnits, "-", "b", "-", "A"), "ok");
  // A squad carries the other side's flag only.
  EXPECT_THAT(error(kUnits, "-", "A", "6,1", "-"), HasSubstr("a living squad of the other side"));
  EXPECT_THAT(error(kUnits, "6,10", "-", "6,1", "b"), HasSubstr("flagN=X,Y"));
  // Its own side's squad on a flag away from home returned it.
  EXPECT_THAT(error(absl::StrReplaceAll(kUnits, {{"B@1,11/", "B@1,5/"}}), "1,5", "-", "6,1", "-"),
              HasSubstr("returned its own side's home"));
  EXPECT_EQ(error(absl::StrReplaceAll(kUnits, {{"B@1,11/", "B@6,10/"}}), "6,10", "-", "6,1", "-"),
            "ok");
  // The neutral flag's words are not these.
  EXPECT_THAT(
      std::string(game->ParseState(absl::StrReplaceAll(Position(kUnits),
                                                       {{"spot=- ", "spot=- flag=6,6 carrier=- "}}))
                      .status()
                      .message()),
      HasSubstr("words"));
}

TEST(BrickactionFlagPerSideTest, ScenarioErrors) {
  const std::string flags = FlagsScenario();
  EXPECT_EQ(ScenarioErrorAfter(flags, "flag side=0 at=6,10", "flag side=0 at=6,9"), "ok");
  EXPECT_THAT(ScenarioErrorAfter(flags, "flag side=1 at=6,1\n", ""),
              HasSubstr("flag side=1 at=X,Y is missing"));
  EXPECT_THAT(ScenarioErrorAfter(flags, "flag side=0 at=6,10", "flag side=0 at=6,8"),
              HasSubstr("player S's deployment zone"));
  EXPECT_THAT(ScenarioErrorAfter(flags, "flag side=1 at=6,1", "flag side=0 at=5,10"),
              HasSubstr("player 0 has one flag"));
  EXPECT_THAT(ScenarioErrorAfter(flags, "flag side=0 at=6,10", "flag 6,6\nflag side=0 at=6,10"),
              HasSubstr("one neutral flag"));
  EXPECT_THAT(ScenarioErrorAfter(flags, "flag side=0 at=6,10", "flag side=0 at=6,10 colour=red"),
              HasSubstr("colour"));
  EXPECT_THAT(ScenarioErrorAfter(flags, "victory flag\n", ""), HasSubstr("victory flag"));
}

// The playout policy: a squad heads for the flag its side goes for (player 1's for A, lying at
// 10,2 here, not its own lying at 10,8), a carrier for home.
TEST(BrickactionFlagPerSideTest, RolloutHeadsForTheEnemyFlag) {
  const auto game = MakeGame({}, FlagsScenario());
  Rng rng(5);
  auto chosen = [&](const std::string& position) {
    State state = ParseOrDie(*game, position);
    Play(*game, state, {"A", "move"});
    ActionList actions;
    game->LegalActions(state, 0, actions);
    return game->ActionToString(state, 0, BrickactionRollout().Choose(*game, state, actions, rng));
  };
  const std::string a_at = absl::StrReplaceAll(kUnits, {{"A@6,3/", "A@10,5/"}});
  EXPECT_EQ(chosen(FlagsPosition(a_at, "10,8", "-", "10,2", "-")), "to 10,2");
  // Carrying player 1's flag from 10,4: row 8 (1 row from its zone) is the nearest it reaches.
  EXPECT_EQ(chosen(FlagsPosition(absl::StrReplaceAll(kUnits, {{"A@6,3/", "A@10,4/"}}), "6,10", "-",
                                 "-", "A")),
            "to 10,8");
}

// Random games of 20 turns played by the playout policy: every position prints back to itself, each
// flag lies or is carried by an enemy of its owner, a carrier home at the end has won (or both
// have, and kills decide); flags are picked up, brought home and returned home along the way (seeds
// 0-99: 81 pick-ups, 8 games won home, 1 flag returned).
TEST(BrickactionFlagPerSideTest, RandomGamesEndWithTheRule) {
  const auto game = MakeGame({{"turns", "20"}}, FlagsScenario());
  int picked = 0, brought = 0, returned = 0;
  for (int g = 0; g < 100; ++g) {
    Rng rng(static_cast<uint64_t>(g));
    State state = game->InitialState();
    while (game->Kind(state) != NodeKind::kTerminal) {
      const State before = state;
      if (game->Kind(state) == NodeKind::kChance) {
        RandomStep(*game, state, rng);
      } else {
        ActionList actions;
        game->LegalActions(state, game->CurrentPlayer(state), actions);
        game->Apply(state, BrickactionRollout().Choose(*game, state, actions, rng));
      }
      ASSERT_TRUE(ParseOrDie(*game, game->StateToString(state)) == state)
          << game->StateToString(state);
      for (int i = 0; i < 2; ++i) {
        ASSERT_NE(game->FlagCell(state, i), G::kNoCell);
        if (state.carrier[i] != G::kNone) {
          ASSERT_NE(game->unit(state.carrier[i]).side, i);
        }
        picked += before.carrier[i] == G::kNone && state.carrier[i] != G::kNone;
        returned += before.flag[i] != game->FlagHome(i) && before.carrier[i] == G::kNone &&
                    state.flag[i] == game->FlagHome(i);
      }
    }
    const int home = game->FlagsHome(state);
    if (home == 1 || home == 2) {
      ++brought;
      EXPECT_EQ(game->Returns(state, home == 1 ? 0 : 1), 1.0) << game->StateToString(state);
    }
  }
  EXPECT_GT(picked, 0);
  EXPECT_GT(brought, 0);
  EXPECT_GT(returned, 0);
}

// The shipped flags scenario (the file, compiled in as scenario=flags): the default's table
// and squads, player 0's flag at 11,22 and player 1's at 12,1.
TEST(BrickactionFlagPerSideTest, FlagsScenarioFileIsTheParameter) {
  EXPECT_EQ(ScenarioFileText("flags"), G::FlagsScenarioText());
  const auto created = G::CreateFromStrings({{"scenario", "flags"}}, "");
  ASSERT_TRUE(created.ok()) << created.status();
  const auto& game = *created;
  EXPECT_EQ(game->scenario_name(), "flags");
  EXPECT_TRUE(game->flag_per_side());
  const auto standard = MakeGame({}, std::string(G::DefaultScenarioText()));
  EXPECT_EQ(
      game->StateToString(game->InitialState()),
      absl::StrReplaceAll(standard->StateToString(standard->InitialState()),
                          {{"spot=- ", "spot=- flag0=11,22 carrier0=- flag1=12,1 carrier1=- "}}));
}

}  // namespace
}  // namespace sandtable::brickaction_test
