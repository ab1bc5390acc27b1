// Helpers for the brickaction tests: a small hand-made board, positions from squad words,
// and playing actions and dice in notation.
#ifndef SANDTABLE_TESTS_BRICKACTION_BRICKACTION_TEST_UTIL_H_
#define SANDTABLE_TESTS_BRICKACTION_BRICKACTION_TEST_UTIL_H_

#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "engine/rng.h"
#include "gtest/gtest.h"
#include "rulesets/brickaction/brickaction.h"
#include "tests/ruleset_test_util.h"

namespace sandtable::brickaction_test {

using ::sandtable::ruleset_test::Legal;
using ::sandtable::ruleset_test::Odds;
using ::sandtable::ruleset_test::ParseOrDie;
using ::sandtable::ruleset_test::Play;

using State = BrickactionGame::State;

// A 12 x 12 board: a low wall (hard) at (4,3), a high wall (total) at (2,5) and (3,5), tall
// grass (soft) at (6,6) and (7,6), a tree at (9,7); the objective at cell (6,6); deployment
// anywhere. Squads, in this order: player 0 A (4 regulars, veteran, officer, grenade),
// B (4 regulars, veteran, grenade), C (a lone veteran), D (2 regulars); player 1 a, b, c, d
// the same, but c has a medic besides its veteran. Every test places them with a position string.
inline std::string TestScenario() {
  return "ruleset brickaction\n"
         "name test\n"
         "deploy 12\n"
         "points 1000\n"
         "objective 6,6\n"
         "legend . open\n"
         "legend # hard\n"
         "legend X total\n"
         "legend \" soft\n"
         "legend T tree\n"
         "map\n"
         "............\n"
         "............\n"
         "............\n"
         "....#.......\n"
         "............\n"
         "..XX........\n"
         "......\"\"....\n"
         ".........T..\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "end\n"
         "squad side=0 label=A regulars=4 veteran=1 officer=1 grenade=1 at=0,11\n"
         "squad side=0 label=B regulars=4 veteran=1 grenade=1 at=1,11\n"
         "squad side=0 label=C regulars=0 veteran=1 grenade=0 at=2,11\n"
         "squad side=0 label=D regulars=2 veteran=0 grenade=0 at=3,11\n"
         "squad side=1 label=a regulars=4 veteran=1 officer=1 grenade=1 at=0,0\n"
         "squad side=1 label=b regulars=4 veteran=1 grenade=1 at=1,0\n"
         "squad side=1 label=c regulars=0 veteran=1 medic=1 grenade=0 at=2,0\n"
         "squad side=1 label=d regulars=2 veteran=0 grenade=0 at=3,0\n";
}

// The test board's text with `units` (squad and vehicle lines) in place of its squads.
inline std::string TestBoardWith(const std::string& units) {
  const std::string text = TestScenario();
  return text.substr(0, text.find("squad ")) + units;
}

// The same board with vehicles: player 0 A (4 regulars, veteran, officer, grenade, 2
// rockets), B (4 regulars, veteran, grenade, 1 rocket), V (L1, MG in a turret), W (M1, MAP
// along the hull); player 1 a, b, v, w the same. The units, in this order: A B a b V W v w.
inline std::string VehicleTestScenario() {
  return TestBoardWith(
      "squad side=0 label=A regulars=4 veteran=1 officer=1 grenade=1 rockets=2 at=0,11\n"
      "squad side=0 label=B regulars=4 veteran=1 grenade=1 rockets=1 at=1,11\n"
      "squad side=1 label=a regulars=4 veteran=1 officer=1 grenade=1 rockets=2 at=0,0\n"
      "squad side=1 label=b regulars=4 veteran=1 grenade=1 rockets=1 at=1,0\n"
      "vehicle side=0 label=V class=L1 weapon=MG turret=1 facing=N at=5,11\n"
      "vehicle side=0 label=W class=M1 weapon=MAP facing=N at=7,11\n"
      "vehicle side=1 label=v class=L1 weapon=MG turret=1 facing=S at=6,0\n"
      "vehicle side=1 label=w class=M1 weapon=MAP facing=S at=4,0\n");
}

// The vehicle test board with 2 rifle grenades for B and for b.
inline std::string RifleGrenadeTestScenario() {
  std::string text = VehicleTestScenario();
  for (const char* label : {"label=B ", "label=b "}) {
    text.insert(text.find(label) + 8, "riflegrenade=2 ");
  }
  return text;
}

// The test board with a smoke grenade for D and for d (2 regulars each). Its positions have
// the word `smoke=` after `spot=`.
inline std::string SmokeTestScenario() {
  std::string text = TestScenario();
  for (const char* label : {"label=D ", "label=d "}) {
    text.insert(text.find(label) + 8, "smoke=1 ");
  }
  return text;
}

// The test board with heavy support: player 0 A (a crew of 2 and a loader) and B (a crew of
// 2), player 1 a and b (4 regulars and a veteran each, Repeaters). The units: A B a b.
inline std::string HeavySupportTestScenario() {
  return TestBoardWith(
      "squad side=0 label=A regulars=3 veteran=0 heavy=1 grenade=0 at=0,11\n"
      "squad side=0 label=B regulars=2 veteran=0 heavy=1 grenade=0 at=1,11\n"
      "squad side=1 label=a regulars=4 veteran=1 grenade=0 at=0,0\n"
      "squad side=1 label=b regulars=4 veteran=1 grenade=0 at=1,0\n");
}

// The same board with infantry weapons: player 0 A (4 regulars and a veteran: 3 SMGs, 2
// carbines, a grenade), B (4 regulars and a veteran: 2 shotguns, a battle rifle, 2
// Repeaters), C (a lone sniper), D (3 regulars: 2 carbines, a battle rifle); player 1 a (4
// regulars: a support weapon, 3 Repeaters), b (4 regulars and a veteran, Repeaters), c (2
// regulars with bayonets), d (a lone veteran). The units, in this order: A B C D a b c d.
inline std::string WeaponsTestScenario() {
  return TestBoardWith(
      "squad side=0 label=A regulars=4 veteran=1 smg=3 carbine=2 at=0,11\n"
      "squad side=0 label=B regulars=4 veteran=1 shotgun=2 battlerifle=1 grenade=0 at=1,11\n"
      "squad side=0 label=C regulars=1 veteran=0 sniper=1 grenade=0 at=2,11\n"
      "squad side=0 label=D regulars=3 veteran=0 carbine=2 battlerifle=1 grenade=0 at=3,11\n"
      "squad side=1 label=a regulars=4 veteran=0 support=1 grenade=0 at=0,0\n"
      "squad side=1 label=b regulars=4 veteran=1 grenade=0 at=1,0\n"
      "squad side=1 label=c regulars=2 veteran=0 grenade=0 bayonet=2 at=2,0\n"
      "squad side=1 label=d regulars=0 veteran=1 grenade=0 at=3,0\n");
}

// The same board with commanders: player 0 A (4 regulars, veteran, the general as its
// officer, grenade), B (4 regulars, veteran, grenade), C (2 regulars), D (a lone veteran);
// player 1 the same with a field commander in a and a ranking commander (with 2 regulars)
// in c.
inline std::string CommandersTestScenario() {
  return TestBoardWith(
      "squad side=0 label=A regulars=4 veteran=1 officer=1 commander=general at=0,11\n"
      "squad side=0 label=B regulars=4 veteran=1 at=1,11\n"
      "squad side=0 label=C regulars=2 veteran=0 grenade=0 at=2,11\n"
      "squad side=0 label=D regulars=0 veteran=1 grenade=0 at=3,11\n"
      "squad side=1 label=a regulars=4 veteran=1 officer=1 commander=field at=0,0\n"
      "squad side=1 label=b regulars=4 veteran=1 at=1,0\n"
      "squad side=1 label=c regulars=2 veteran=0 officer=1 commander=ranking grenade=0 "
      "at=2,0\n"
      "squad side=1 label=d regulars=0 veteran=1 grenade=0 at=3,0\n");
}

// The same board with special officers: player 0 A a sniper (a regular) and its spotter, B
// a veteran and a spotter with a sniper rifle each, C a lone sniper; player 1: a (3
// regulars, veteran, a commando), b (2 regulars).
inline std::string SpecialistsTestScenario() {
  return TestBoardWith(
      "squad side=0 label=A regulars=1 veteran=0 officer=1 spotter=1 sniper=1 grenade=0 "
      "at=0,11\n"
      "squad side=0 label=B regulars=0 veteran=1 officer=1 spotter=1 sniper=2 grenade=0 "
      "at=1,11\n"
      "squad side=0 label=C regulars=1 veteran=0 sniper=1 grenade=0 at=2,11\n"
      "squad side=1 label=a regulars=3 veteran=1 officer=1 commando=1 at=0,0\n"
      "squad side=1 label=b regulars=2 veteran=0 grenade=0 at=1,0\n");
}

// The same board with transports: player 0 A (4 regulars, veteran, grenade), B (2 regulars),
// V (an L1 transport, MG in a turret); player 1 a (4 regulars, veteran, grenade), v (a C1
// transport, hull MG). The units, in this order: A B a V v.
inline std::string TransportTestScenario() {
  return TestBoardWith(
      "squad side=0 label=A regulars=4 veteran=1 at=0,11\n"
      "squad side=0 label=B regulars=2 veteran=0 grenade=0 at=1,11\n"
      "squad side=1 label=a regulars=4 veteran=1 at=0,0\n"
      "vehicle side=0 label=V class=L1 weapon=MG turret=1 transport=1 facing=N at=5,11\n"
      "vehicle side=1 label=v class=C1 weapon=MG transport=1 facing=S at=6,0\n");
}

// The same board for close combat of 7 and 8 dice: player 0 A (4 regulars and a veteran, 2
// carbines and 2 shotguns: 4 + 1 + 2 = 7 dice, +1) and B (a regular, a veteran, an officer
// and a medic, 3 veterans, with 2 carbines and 2 shotguns: 4 + 1 + 1 + 2 = 8 dice, +3);
// player 1 a (a lone regular, 1 die) and b (as B). The units: A B a b.
inline std::string CloseRollTestScenario() {
  return TestBoardWith(
      "squad side=0 label=A regulars=4 veteran=1 carbine=2 shotgun=2 grenade=0 at=0,11\n"
      "squad side=0 label=B regulars=1 veteran=1 officer=1 medic=1 carbine=2 shotgun=2 "
      "grenade=0 at=1,11\n"
      "squad side=1 label=a regulars=1 veteran=0 grenade=0 at=0,0\n"
      "squad side=1 label=b regulars=1 veteran=1 officer=1 medic=1 carbine=2 shotgun=2 "
      "grenade=0 at=1,0\n");
}

// The test board under another victory condition (`victory eliminate` or `victory target`);
// with `victory target`, D and d (2 regulars each) are the targets.
inline std::string VictoryTestScenario(const std::string& victory) {
  std::string text = TestScenario();
  text.insert(text.find("legend"), "victory " + victory + "\n");
  if (victory == "target") {
    for (const char* label : {"label=D ", "label=d "}) {
      text.insert(text.find(label) + 8, "target=1 ");
    }
  }
  return text;
}

// A board with the terrain rules: a building with windows (x 3..7, y 3..7), a platform 5
// blocks high (x 2..3, y 1..2) and a corner cell (8,5). Player 0: A (3 regulars, veteran,
// medic) on the corner, B (4 regulars, veteran, grenade) behind a north window; player 1: a
// (4 regulars, veteran, officer) on the platform, b (2 regulars).
inline std::string TerrainTestScenario() {
  return "ruleset brickaction\n"
         "name terrain\n"
         "deploy 12\n"
         "points 1000\n"
         "legend . open\n"
         "legend X total\n"
         "legend _ floor\n"
         "legend W window\n"
         "legend + corner\n"
         "legend ^ open h5\n"
         "map\n"
         "............\n"
         "..^^........\n"
         "..^^........\n"
         "...XXWWX....\n"
         "...X___X....\n"
         "...W___X+...\n"
         "...X___X....\n"
         "...XXWXX....\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "end\n"
         "squad side=0 label=A regulars=3 veteran=1 medic=1 grenade=0 at=8,5\n"
         "squad side=0 label=B regulars=4 veteran=1 grenade=1 at=5,4\n"
         "squad side=1 label=a regulars=4 veteran=1 officer=1 grenade=0 at=2,1\n"
         "squad side=1 label=b regulars=2 veteran=0 grenade=0 at=10,1\n";
}

// A test board's text (`board`: TestScenario() or TestBoardWith(...)) under `victory flag`:
// the flag at 6,6, deployment zones of 3 rows (player 0 rows 9-11, player 1 rows 0-2; the
// flag is carried home to them).
inline std::string UnderVictoryFlag(std::string board) {
  board.insert(board.find("legend"), "victory flag\n");
  board.replace(board.find("deploy 12"), 9, "deploy 3");
  return board + "flag 6,6\n";
}

// The test board under `victory flag` (UnderVictoryFlag).
inline std::string FlagTestScenario() { return UnderVictoryFlag(TestScenario()); }

inline std::shared_ptr<const BrickactionGame> MakeGame(
    const std::map<std::string, std::string>& params = {}, const std::string& scenario = "") {
  auto game =
      BrickactionGame::CreateFromStrings(params, scenario.empty() ? TestScenario() : scenario);
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? *game : nullptr;
}

// The text of the shipped scenario file rulesets/brickaction/scenarios/`name`.scn.
inline std::string ScenarioFileText(const std::string& name) {
  std::ifstream in(std::string(BRICKACTION_SCENARIO_DIR) + "/" + name + ".scn");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// One step of a random game: a chance outcome or a legal action, each equally likely.
inline void RandomStep(const BrickactionGame& game, BrickactionGame::State& state, Rng& rng) {
  if (game.Kind(state) == NodeKind::kChance) {
    ChanceList outcomes;
    game.ChanceOutcomes(state, outcomes);
    game.Apply(state, outcomes[rng.Below(outcomes.size())].outcome);
  } else {
    ActionList actions;
    game.LegalActions(state, game.CurrentPlayer(state), actions);
    game.Apply(state, actions[rng.Below(actions.size())]);
  }
}

// Loading `scenario` with the first `from` replaced by `to`: "ok", or the error message.
inline std::string ScenarioErrorAfter(const std::string& scenario, const std::string& from,
                                      const std::string& to) {
  std::string text = scenario;
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  auto game = BrickactionGame::CreateFromStrings({}, text);
  return game.ok() ? std::string("ok") : std::string(game.status().message());
}

// A position at the start of a decision: `units` is the eight squad words.
inline std::string Position(const std::string& units, int left = 3, int player = 0, int turn = 1) {
  return "turn=" + std::to_string(turn) + " player=" + std::to_string(player) +
         " left=" + std::to_string(left) +
         " phase=select stage=none active=- target=- weapon=fire cursor=0 sub=- mode=none att=- "
         "tgt=- roll=0 side=0 saves=0 subject=- cas_a=0 cas_t=0 lost_a=0 lost_t=0 a_sum=0 "
         "a_six=0 a_one=0 b_sum=0 b_six=0 b_one=0 first=0 kills=0/0 from=- spot=- " +
         units;
}

// A fixture on the vehicle test board: positions by their units' words, a unit's word, and
// a chance outcome's text from raw faces.
class VehicleBoardTest : public ::testing::Test {
 protected:
  VehicleBoardTest() : game_(MakeGame({}, VehicleTestScenario())) {}
  State At(const std::string& units, int left = 3, int player = 0, int turn = 1) {
    return ParseOrDie(*game_, Position(units, left, player, turn));
  }
  // The position string's word of the unit labelled `label`.
  std::string Word(const State& state, char label) const {
    const std::string text = game_->StateToString(state) + " ";
    for (const char* tail : {"@", ":"}) {
      const size_t at = text.find(std::string(" ") + label + tail);
      if (at != std::string::npos) return text.substr(at + 1, text.find(' ', at + 1) - at - 1);
    }
    return "";
  }
  std::string Outcome(const State& state, const std::string& faces) const {
    auto outcome = game_->ParseAction(state, kChancePlayer, faces);
    EXPECT_TRUE(outcome.ok()) << outcome.status();
    return outcome.ok() ? game_->ActionToString(state, kChancePlayer, *outcome) : "";
  }
  std::shared_ptr<const BrickactionGame> game_;
};

}  // namespace sandtable::brickaction_test

#endif  // SANDTABLE_TESTS_BRICKACTION_BRICKACTION_TEST_UTIL_H_
