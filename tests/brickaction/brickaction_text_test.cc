// brickaction's notation and position string: exact round trips along random games, raw
// faces for every roll, clear errors for bad input, and the scenario format.
#include <map>
#include <string>
#include <vector>

#include "engine/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::HasSubstr;
using G = BrickactionGame;

// Plays random games on `game` from `start` (default: the initial state), checking that
// every state and every action or outcome prints to a text that parses back to it; with
// `until_select`, each game stops when the next squad is to be chosen.
void RoundTripRandomGames(const G& game, int games, const State* start = nullptr,
                          bool until_select = false, std::map<int, int>* phases = nullptr,
                          std::map<int, int>* stages = nullptr) {
  for (int g = 0; g < games; ++g) {
    Rng rng(static_cast<uint64_t>(g));
    State state = start != nullptr ? *start : game.InitialState();
    for (int step = 0; game.Kind(state) != NodeKind::kTerminal; ++step) {
      if (until_select && step > 0 && state.phase == G::kSelect) break;
      if (phases != nullptr) ++(*phases)[state.phase];
      if (stages != nullptr) ++(*stages)[state.mode == G::kRoadkill ? -1 : state.weapon];
      const std::string text = game.StateToString(state);
      auto parsed = game.ParseState(text);
      ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
      ASSERT_TRUE(*parsed == state) << text;
      Action action;
      Player actor = game.CurrentPlayer(state);
      if (game.Kind(state) == NodeKind::kChance) {
        ChanceList outcomes;
        game.ChanceOutcomes(state, outcomes);
        action = outcomes[rng.Below(outcomes.size())].outcome;
      } else {
        ActionList actions;
        game.LegalActions(state, actor, actions);
        ASSERT_FALSE(actions.empty()) << text;
        action = actions[rng.Below(actions.size())];
      }
      const std::string printed = game.ActionToString(state, actor, action);
      auto back = game.ParseAction(state, actor, printed);
      ASSERT_TRUE(back.ok()) << back.status() << "\n" << printed << "\n" << text;
      ASSERT_EQ(*back, action) << printed;
      game.Apply(state, action);
    }
  }
}

TEST(BrickactionTextTest, RoundTripsAlongRandomGames) {
  RoundTripRandomGames(*MakeGame(), 40);
  RoundTripRandomGames(*MakeGame({}, std::string(G::DefaultScenarioText())), 40);
  RoundTripRandomGames(*MakeGame({}, TestScenario() + "first rolloff\n"), 20);
  RoundTripRandomGames(*MakeGame({}, WeaponsTestScenario()), 40);
  RoundTripRandomGames(*MakeGame({}, HeavySupportTestScenario()), 40);
  RoundTripRandomGames(*MakeGame({}, CommandersTestScenario()), 100);
  RoundTripRandomGames(*MakeGame({}, SpecialistsTestScenario()), 100);
  // A commando's squad with smoke grenades: k (smoke grenades left) beside h and j (its split).
  std::string commando_smoke = SpecialistsTestScenario();
  commando_smoke.insert(commando_smoke.find("commando=1 ") + 11, "smoke=2 ");
  RoundTripRandomGames(*MakeGame({}, commando_smoke), 100);
  RoundTripRandomGames(*MakeGame({}, TransportTestScenario()), 100);
  RoundTripRandomGames(*MakeGame({}, VictoryTestScenario("eliminate")), 40);
  RoundTripRandomGames(*MakeGame({}, VictoryTestScenario("target")), 100);
  RoundTripRandomGames(*MakeGame({}, VictoryTestScenario("capture") + "attacker 0\n"), 100);
  RoundTripRandomGames(*MakeGame({}, FlagTestScenario()), 100);
  // The objectives with the squads' rules: the flag with the commando's dash and split and
  // with transports, the capture with transports.
  RoundTripRandomGames(*MakeGame({}, UnderVictoryFlag(SpecialistsTestScenario())), 100);
  RoundTripRandomGames(*MakeGame({}, UnderVictoryFlag(TransportTestScenario())), 100);
  std::string capture = TransportTestScenario() + "attacker 0\n";
  capture.insert(capture.find("legend"), "victory capture\n");
  RoundTripRandomGames(*MakeGame({}, capture), 100);
  RoundTripRandomGames(*MakeGame({}, TerrainTestScenario()), 200);  // hide, peek, windows
  // Smoke screens (the position's smoke= word) are thrown in random games.
  std::map<int, int> phases;
  RoundTripRandomGames(*MakeGame({}, SmokeTestScenario()), 100, nullptr, false, &phases);
  EXPECT_GT(phases[G::kSmokeTarget], 0);
}

// The terrain and the weapons together: on the terrain board A (on the corner) and a carry
// smoke, A bayonets, B a rifle grenade, and b is heavy support.
TEST(BrickactionTextTest, TerrainAndWeaponsTogether) {
  std::string text = TerrainTestScenario();
  for (const auto& [label, extra] :
       std::map<std::string, std::string>{{"label=A ", "smoke=1 bayonet=2 "},
                                          {"label=B ", "riflegrenade=1 "},
                                          {"label=a ", "smoke=1 "},
                                          {"label=b ", "heavy=1 "}}) {
    text.insert(text.find(label) + label.size(), extra);
  }
  const auto game = MakeGame({}, text);
  ASSERT_NE(game, nullptr);
  std::map<int, int> phases;
  RoundTripRandomGames(*game, 200, nullptr, false, &phases);
  EXPECT_GT(phases[G::kSmokeTarget], 0);
  // The position string has both the smoke word and the corner's flag: A in full cover (c)
  // with its smoke grenade (k), which it may still throw; `peek` ends full cover.
  const std::string position =
      Position("smoke=- A@8,5/3vm/kc/0/- B@5,4/4v/gl/0/- a@2,1/4vo/k/0/- b@10,1/2/-/0/-");
  State state = ParseOrDie(*game, position);
  EXPECT_EQ(game->StateToString(state), position);
  Play(*game, state, {"A"});
  EXPECT_THAT(Legal(*game, state), ::testing::IsSupersetOf({"smoke", "peek"}));
}

// The vehicles scenario: vehicle words (damage, hull and turret facing), rockets, the facing
// and turret decisions, armour rolls, roadkill.
TEST(BrickactionTextTest, RoundTripsAlongRandomGamesWithVehicles) {
  std::map<int, int> phases, weapons;
  RoundTripRandomGames(*MakeGame({}, std::string(G::VehiclesScenarioText())), 200, nullptr, false,
                       &phases, &weapons);
  RoundTripRandomGames(*MakeGame({}, VehicleTestScenario()), 200, nullptr, false, &phases,
                       &weapons);
  RoundTripRandomGames(*MakeGame({}, RifleGrenadeTestScenario()), 200, nullptr, false, &phases,
                       &weapons);
  // The random games reach every vehicle node: facing, turret, armour rolls, rockets (random
  // play seldom runs a squad over: RoundTripsThroughVehicleContact).
  for (int phase : {G::kFacing, G::kTurret, G::kArmourRoll, G::kAttackRoll, G::kSaveRoll}) {
    EXPECT_GT(phases[phase], 0) << phase;
  }
  EXPECT_GT(weapons[G::kWithRocket], 0);
  EXPECT_GT(weapons[G::kWithRifleGrenade], 0);
}

// Random play seldom brings squads into contact: close combat (rolls, saves for natural 1s,
// removals, repeats, reactive moves) gets its own random round trips.
TEST(BrickactionTextTest, RoundTripsThroughCloseCombat) {
  const auto game = MakeGame();
  State start = ParseOrDie(
      *game, Position("A@3,4/4vo/g/0/- B@3,3/4v/g/0/- C:x D:x a:x b@3,2/4v/g/0/- c@2,2/0vm/-/0/- "
                      "d@4,2/2/-/0/-"));
  Play(*game, start, {"B", "attack", "close b"});
  RoundTripRandomGames(*game, 300, &start, true);
  start = ParseOrDie(*game, Position("A@3,4/4vo/g/0/- B@3,3/4v/g/0/- C:x D:x a:x b@3,2/4v/g/0/- "
                                     "c@2,2/0vm/-/0/- d@4,2/2/-/0/-"));
  Play(*game, start, {"A", "attack", "at b"});
  RoundTripRandomGames(*game, 300, &start, true);
  // 7 and 8 dice a side: each roll in two chance nodes (brickaction_close_roll.cc).
  const auto big = MakeGame({}, CloseRollTestScenario());
  for (const char* squad : {"A", "B"}) {
    start = ParseOrDie(*big, Position("A@5,5/4v/-/0/- B@6,5/1vom/-/0/- a@5,4/1/-/0/- "
                                      "b@6,4/1vom/-/0/-"));
    Play(*big, start, {squad, "attack", squad == std::string("A") ? "close a" : "close b"});
    RoundTripRandomGames(*big, 300, &start, true);
  }
  RoundTripRandomGames(*big, 30);
}

// Roadkill, swarms and armour rolls at close range, from hand-built contacts.
TEST(BrickactionTextTest, RoundTripsThroughVehicleContact) {
  const auto game = MakeGame({}, VehicleTestScenario());
  std::map<int, int> phases, weapons;
  for (const std::string& units :
       {std::string("A@4,9/4vo/grr/0/- B@6,5/4v/gr/0/- a@5,6/4vo/grr/0/- b@5,8/4v/gr/0/- "
                    "V@5,10/d0/N+N/-/0 W@7,10/d0/N/-/0 v@5,5/d1/S+S/-/0 w@4,4/d0/S/-/0"),
        std::string("A@4,9/4vo/grr/0/- B@6,5/4v/gr/0/- a@5,6/4vo/grr/0/- b@5,8/4v/gr/0/- "
                    "V@5,10/d2/N+NE/-/0 W@7,10/d0/N/-/0 v@5,5/d1/S+S/-/0 w@4,4/d2/S/-/0")}) {
    for (int player = 0; player < 2; ++player) {
      const State start = ParseOrDie(*game, Position(units, 3, player));
      RoundTripRandomGames(*game, 300, &start, true, &phases, &weapons);
    }
  }
  EXPECT_GT(weapons[-1], 0);  // roadkill
  EXPECT_GT(weapons[G::kCloseCombat], 0);
  EXPECT_GT(phases[G::kArmourRoll], 0);
}

TEST(BrickactionTextTest, RawFacesAreAcceptedWhereverAnOutcomeIs) {
  const auto game = MakeGame();
  State state =
      ParseOrDie(*game, Position("A:x B@1,11/4v/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-"));
  Play(*game, state, {"B", "attack", "at d"});
  // 6: a casualty; 3 with the veteran's +1 is a hit; the rest miss.
  auto outcome = game->ParseAction(state, kChancePlayer, "roll 6 3 2 1 1");
  ASSERT_TRUE(outcome.ok()) << outcome.status();
  EXPECT_EQ(game->ActionToString(state, kChancePlayer, *outcome), "sixes 1 hits 1");
  EXPECT_FALSE(game->ParseAction(state, kChancePlayer, "roll 6 3").ok());  // 5 dice
  EXPECT_FALSE(game->ParseAction(state, kChancePlayer, "roll 6 3 2 1 7").ok());
  EXPECT_FALSE(game->ParseAction(state, 0, "sixes 1 hits 1").ok());  // not a decision
}

TEST(BrickactionTextTest, ParseActionExplains) {
  const auto game = MakeGame();
  const State state = game->InitialState();
  auto bad = game->ParseAction(state, 0, "Z");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(std::string(bad.status().message()), HasSubstr("legal: A, B, C, D, end"));
  EXPECT_FALSE(game->ParseAction(state, 1, "a").ok());  // not player 1's decision
  EXPECT_TRUE(game->ParseAction(state, 0, "  A ").ok());
}

TEST(BrickactionTextTest, ParseStateRejectsWhatTheRulesCannotReach) {
  const auto game = MakeGame();
  const std::string fine = "A:x B@1,11/4v/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-";
  EXPECT_TRUE(game->ParseState(Position(fine)).ok());
  for (const std::string& units : {
           std::string("A:x B@2,5/4v/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-"),    // a wall
           std::string("A:x B@1,5/4v/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-"),    // shared
           std::string("A:x B@1,11/5v/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-"),   // minis
           std::string("A:x B@1,11/4vo/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-"),  // officer
           std::string("A:x B@1,11/4v/g/0/- C:x D@3,3/2/g/0/- a:x b:x c:x d@1,5/2/-/0/-"),
           std::string("A:x B@1,11/4v/g/0/Bmf C:x D:x a:x b:x c:x d@1,5/2/-/0/-"),  // own side
           std::string("A:x B@1,11/4vm/g/0/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-"),   // a medic
           std::string("A:x B@1,11/4v/g/3/- C:x D:x a:x b:x c:x d@1,5/2/-/0/-"),    // 3 actions
           std::string("A:x B@1,11/4v/g/0/- C:x D:x a:x b:x c:x"),
       }) {
    EXPECT_FALSE(game->ParseState(Position(units)).ok()) << units;
  }
  EXPECT_FALSE(game->ParseState(Position(fine, 3, 0, 7)).ok());  // past the last turn
  std::string wrong_phase = Position(fine);
  wrong_phase.replace(wrong_phase.find("phase=select"), 12, "phase=attackroll");
  EXPECT_FALSE(game->ParseState(wrong_phase).ok());
}

TEST(BrickactionTextTest, ParseStateRejectsInconsistentVehicles) {
  const auto game = MakeGame({}, VehicleTestScenario());
  const std::string squads =
      "A@0,11/4vo/grr/0/- B@1,11/4v/gr/0/- a@0,0/4vo/grr/0/- b@1,0/4v/gr/0/- ";
  const std::string fine = "V@5,11/d1w/N+NE/a/1 W@7,11/d2wz/N/x/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0";
  EXPECT_TRUE(game->ParseState(Position(squads + fine)).ok());
  for (const std::string& vehicles : {
           std::string(
               "V@5,11/d3/N+N/-/0 W@7,11/d0/N/-/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0"),  // capacity
           std::string(
               "V@5,11/d0w/N+N/-/0 W@7,11/d0/N/-/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0"),  // w, no
                                                                                       // damage
           std::string(
               "V@5,11/d1z/N+N/-/0 W@7,11/d0/N/-/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0"),  // z under 2
           std::string(
               "V@5,11/d0/N/-/0 W@7,11/d0/N/-/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0"),  // no turret
           std::string(
               "V@5,11/d0/N+N/-/0 W@7,11/d0/N+N/-/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0"),  // hull gun
           std::string(
               "V@5,11/d0/Q+N/-/0 W@7,11/d0/N/-/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0"),  // facing
           std::string(
               "V@5,11/d0/N+N/p/0 W@7,11/d0/N/-/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0"),  // prone
           std::string(
               "V@5,11/d0/N+N/-/0 W@9,7/d0/N/-/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0"),  // a tree
           std::string(
               "V@1,11/d0/N+N/-/0 W@7,11/d0/N/-/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0"),  // on B
           std::string(
               "V@5,11/4v/g/0/- W@7,11/d0/N/-/0 v@6,0/d0/S+S/-/0 w@4,0/d0/S/-/0"),  // a squad word
       }) {
    EXPECT_FALSE(game->ParseState(Position(squads + vehicles)).ok()) << vehicles;
  }
  // Rockets beyond the scenario's; a squad word for a vehicle's place.
  EXPECT_FALSE(game->ParseState(Position("A@0,11/4vo/grrr/0/- B@1,11/4v/gr/0/- a@0,0/4vo/grr/0/- "
                                         "b@1,0/4v/gr/0/- " +
                                         fine))
                   .ok());
  EXPECT_FALSE(game->ParseState(Position("A@0,11/4vo/grr/0/- B@1,11/4v/grr/0/- a@0,0/4vo/grr/0/- "
                                         "b@1,0/4v/gr/0/- " +
                                         fine))
                   .ok());
  // A hold names an enemy: a vehicle of the other side, not one of its own.
  EXPECT_TRUE(game->ParseState(Position("A@0,11/4vo/grr/0/vmf B@1,11/4v/gr/0/- a@0,0/4vo/grr/0/- "
                                        "b@1,0/4v/gr/0/- " +
                                        fine))
                  .ok());
  EXPECT_FALSE(game->ParseState(Position("A@0,11/4vo/grr/0/Vmf B@1,11/4v/gr/0/- a@0,0/4vo/grr/0/- "
                                         "b@1,0/4v/gr/0/- " +
                                         fine))
                   .ok());
  // The facing node needs the vehicle's move (from=); the turret node a turreted vehicle.
  std::string facing = Position(squads + fine);
  facing.replace(facing.find("phase=select"), 12, "phase=facing");
  facing.replace(facing.find("active=-"), 8, "active=V");
  EXPECT_FALSE(game->ParseState(facing).ok());
  std::string moved = facing;
  moved.replace(moved.find("from=-"), 6, "from=5,10");
  EXPECT_TRUE(game->ParseState(moved).ok()) << moved;
  std::string turret = facing;
  turret.replace(turret.find("phase=facing"), 12, "phase=turret");
  EXPECT_TRUE(game->ParseState(turret).ok());
  turret.replace(turret.find("active=V"), 8, "active=W");
  EXPECT_FALSE(game->ParseState(turret).ok());
}

// The fuzz target plays the default scenario: vehicle words get mutated positions here. No
// crash, and whatever parses prints back to itself.
TEST(BrickactionTextTest, MutatedVehiclePositionsParseCleanly) {
  const auto game = MakeGame({}, std::string(G::VehiclesScenarioText()));
  std::vector<std::string> seeds;
  Rng play(7);
  State state = game->InitialState();
  for (int step = 0; step < 400 && game->Kind(state) != NodeKind::kTerminal; ++step) {
    if (step % 10 == 0) seeds.push_back(game->StateToString(state));
    if (game->Kind(state) == NodeKind::kChance) {
      ChanceList outcomes;
      game->ChanceOutcomes(state, outcomes);
      game->Apply(state, outcomes[play.Below(outcomes.size())].outcome);
    } else {
      ActionList actions;
      game->LegalActions(state, game->CurrentPlayer(state), actions);
      game->Apply(state, actions[play.Below(actions.size())]);
    }
  }
  const std::string alphabet = "0123456789dwzxNSEW+/@-:,=rgapvos ";
  Rng rng(11);
  int parsed = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text = seeds[rng.Below(seeds.size())];
    // Mutate the tail (the unit words) a few times.
    const size_t units = text.find(" A");
    for (int m = 0, n = 1 + static_cast<int>(rng.Below(3)); m < n; ++m) {
      const size_t at = units + rng.Below(text.size() - units);
      text[at] = alphabet[rng.Below(alphabet.size())];
    }
    auto state_or = game->ParseState(text);
    if (!state_or.ok()) continue;
    ++parsed;
    auto again = game->ParseState(game->StateToString(*state_or));
    ASSERT_TRUE(again.ok()) << text;
    ASSERT_TRUE(*again == *state_or) << text;
  }
  EXPECT_GT(parsed, 0);
}

TEST(BrickactionTextTest, DefaultScenarioFileMatchesTheBuiltIn) {
  EXPECT_EQ(ScenarioFileText("default"), G::DefaultScenarioText());
}

TEST(BrickactionTextTest, VehiclesScenarioFileMatchesTheBuiltInAndTheParameter) {
  EXPECT_EQ(ScenarioFileText("vehicles"), G::VehiclesScenarioText());
  auto game = G::CreateFromStrings({{"scenario", "vehicles"}}, "");
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ((*game)->scenario_name(), "vehicles");
  EXPECT_EQ((*game)->num_units(), 6);
  EXPECT_TRUE((*game)->has_vehicles());
  EXPECT_EQ((*game)->StateToString((*game)->InitialState()),
            "turn=1 player=0 left=3 phase=select stage=none active=- target=- weapon=fire cursor=0 "
            "sub=- mode=none att=- tgt=- roll=0 side=0 saves=0 subject=- cas_a=0 cas_t=0 lost_a=0 "
            "lost_t=0 a_sum=0 a_six=0 a_one=0 b_sum=0 b_six=0 b_one=0 first=0 kills=0/0 from=- "
            "spot=- A@9,21/4vo/gr/0/- B@14,21/4v/gr/0/- a@14,2/4vo/gr/0/- b@9,2/4v/gr/0/- "
            "V@12,22/d0/N+N/-/0 v@11,1/d0/S+S/-/0");
  EXPECT_EQ((*G::CreateFromStrings({}, ""))->scenario_name(), "default");
  // The parameter names a built-in scenario: not with a scenario text as well.
  EXPECT_FALSE(G::CreateFromStrings({{"scenario", "vehicles"}}, TestScenario()).ok());
  EXPECT_FALSE(G::CreateFromStrings({{"scenario", "tanks"}}, "").ok());
}

TEST(BrickactionTextTest, VehicleScenarioErrors) {
  const std::string base = VehicleTestScenario();
  auto error = [&](const std::string& from, const std::string& to) {
    return ScenarioErrorAfter(base, from, to);
  };
  EXPECT_THAT(error("class=L1 weapon=MG turret=1 facing=N", "class=L9 weapon=MG turret=1 facing=N"),
              HasSubstr("class: one of"));
  EXPECT_THAT(error("weapon=MG turret=1 facing=N", "weapon=Flak turret=1 facing=N"),
              HasSubstr("weapon: one of"));
  EXPECT_THAT(error("turret=1 facing=N", "turret=1 facing=UP"), HasSubstr("facing: one of"));
  EXPECT_THAT(error("facing=N at=5,11", "facing=N at=9,7"), HasSubstr("a vehicle cannot stand"));
  EXPECT_THAT(error("facing=N at=5,11", "facing=N at=1,11"), HasSubstr("two units on one cell"));
  EXPECT_THAT(error("label=A regulars=4 veteran=1 officer=1 grenade=1 rockets=2",
                    "label=A regulars=4 veteran=1 officer=1 grenade=1 rockets=4"),
              HasSubstr("rockets"));
  EXPECT_THAT(error("points 1000", "points 474"), HasSubstr("475 points, over the limit of 474"));
  // 4 units per side at most, squads and vehicles together.
  EXPECT_THAT(error("vehicle side=1 label=w", "squad side=1 at=9,0\nvehicle side=1 label=w"),
              HasSubstr("at most 4"));
}

TEST(BrickactionTextTest, ScenarioErrors) {
  const std::string base = TestScenario();
  auto error = [&](const std::string& from, const std::string& to) {
    return ScenarioErrorAfter(base, from, to);
  };
  EXPECT_THAT(error("points 1000", "points 100"), HasSubstr("over the limit of 100"));
  EXPECT_THAT(error("legend T tree", "legend T forest"), HasSubstr("unknown terrain 'forest'"));
  EXPECT_THAT(error("at=0,11", "at=2,5"), HasSubstr("total-cover"));
  EXPECT_THAT(error("regulars=4 veteran=1 grenade=1 at=1,11", "regulars=5 veteran=1 at=1,11"),
              HasSubstr("at most 5 minis"));
  EXPECT_THAT(error("objective 6,6", "objective 6,x"), HasSubstr("objective X,Y"));
  // The default's 150 points: 85 for the first squad (the officer 35, the veteran and the
  // grenade free with 5 minis), 50 for the second.
  EXPECT_TRUE(MakeGame({}, std::string(G::DefaultScenarioText())) != nullptr);
  // Deployment zones: 4 rows at each edge.
  std::string text(G::DefaultScenarioText());
  text.replace(text.find("at=9,21"), 7, "at=9,15");
  auto game = G::CreateFromStrings({}, text);
  ASSERT_FALSE(game.ok());
  EXPECT_THAT(std::string(game.status().message()), HasSubstr("deploys within 4 rows"));
}

// The engine's limits are errors, not crashes: a chance node has at most 256 outcomes and a
// position names its dice pool in a byte.
TEST(BrickactionTextTest, ScenariosPastTheEnginesFormerLimitsPlay) {
  // The engine's former limits are gone: close combat of 7 or 8 dice rolls in two chance
  // nodes (brickaction_close_roll_test.cc), and `roll` indexes the pools of its chance node's
  // kind only, which never exceed a byte. Squads with rockets, 6 close-combat dice and up to
  // +9 (3 veterans, 6 bayonets) and six vehicle classes (the free rockets their M3, H2 and H1
  // grant the enemy among the 3) on the terrain board (its corner adds 24 save pools, its
  // heights an attack pool with two +1s a die) need 274 pools (3 of them for the carbine each squad
  // may pick up from the other's dropped weapons), more than one byte's 255 when they shared one
  // index: they load and play.
  const std::string units =
      "squad side=0 label=A regulars=3 veteran=1 officer=1 medic=1 smg=2 carbine=1 support=1 "
      "bayonet=6 rockets=2 freerockets=1 at=0,11\n"
      "squad side=1 label=a regulars=3 veteran=1 officer=1 medic=1 smg=2 carbine=1 support=1 "
      "bayonet=6 rockets=1 freerockets=2 at=0,0\n"
      "vehicle side=0 class=C1 weapon=HAP at=3,11\n"
      "vehicle side=0 class=M3 weapon=MG at=5,11\n"
      "vehicle side=0 class=H2 weapon=LCannon at=7,11\n"
      "vehicle side=1 class=C2 weapon=HCannon at=3,0\n"
      "vehicle side=1 class=L2 weapon=LAP at=5,0\n"
      "vehicle side=1 class=H1 weapon=MAP at=7,0\n";
  const std::string terrain = TerrainTestScenario();
  const auto game = MakeGame({}, terrain.substr(0, terrain.find("squad ")) + units);
  ASSERT_NE(game, nullptr);
  std::map<int, int> phases;
  RoundTripRandomGames(*game, 100, nullptr, false, &phases);
  for (int phase : {G::kAttackRoll, G::kSaveRoll, G::kArmourRoll}) EXPECT_GT(phases[phase], 0);
}

}  // namespace
}  // namespace sandtable::brickaction_test
