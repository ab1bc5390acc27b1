// brickaction's dropped weapons with the dice entered: a destroyed squad's weapons lie on its
// cell, a squad on or next to it picks them up (free, one at a time), and the picked weapons
// change its dice; the notation, the position's words and their errors, the board.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;
using G = BrickactionGame;

// The test board with player 0 A (4 regulars and a veteran, Repeaters), B (2 regulars,
// Repeaters); player 1 a (2 regulars with carbines), b (4 regulars, 2 shotguns: 6 close
// combat dice), c (a lone sniper). The units, in this order: A B a b c.
std::string DroppedTestScenario() {
  return TestBoardWith(
      "squad side=0 label=A regulars=4 veteran=1 grenade=0 at=0,11\n"
      "squad side=0 label=B regulars=2 veteran=0 grenade=0 at=1,11\n"
      "squad side=1 label=a regulars=2 veteran=0 carbine=2 grenade=0 at=0,0\n"
      "squad side=1 label=b regulars=4 veteran=0 shotgun=2 grenade=0 at=1,0\n"
      "squad side=1 label=c regulars=1 veteran=0 sniper=1 grenade=0 at=2,0\n");
}

enum UnitIndex { kA = 0, kB, ka, kb, kc };

class BrickactionDroppedTest : public ::testing::Test {
 protected:
  BrickactionDroppedTest() : game_(MakeGame({}, DroppedTestScenario())) {}
  State At(const std::string& units, int player = 0) {
    return ParseOrDie(*game_, Position(units, 3, player));
  }
  int Cell(int x, int y) const { return game_->CellIndex(x, y); }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionDroppedTest, ADestroyedSquadLeavesItsWeaponsOnItsCell) {
  // a's last mini (a regular with both carbines, the survivor keeps them) at 5,5, 3 cells
  // from A: A's natural 6 kills it.
  State state = At("A@5,8/4v/-/0/- B@1,11/2/-/0/- a@5,5/1/-/0/- b@1,0/4/-/0/- c@2,0/1/-/0/-");
  Play(*game_, state, {"A", "attack", "at a", "roll 6 1 1 1 1"});
  ASSERT_TRUE(G::Destroyed(state, ka));
  EXPECT_EQ(state.dropped[ka], Cell(5, 5) + 1);
  EXPECT_EQ(G::Weapons(state, ka)[G::kCarbine], 2);
  const std::string text = game_->StateToString(state);
  EXPECT_THAT(text, HasSubstr(" spot=5,5 dropped=a@5,5:carbine2 A@"));
  EXPECT_EQ(ParseOrDie(*game_, text), state);
  // A sniper leaves nothing (sniper rifles do not drop), nor does a squad of Repeaters (b's 5
  // dice at 3 cells: 3 for its minis, 2 for its shotguns).
  state = At("A@5,8/4v/-/0/- B@1,11/2/-/0/- a@0,0/2/-/0/- b@1,0/4/-/0/- c@5,5/1/-/0/-");
  Play(*game_, state, {"A", "attack", "at c", "roll 6 1 1 1 1"});
  ASSERT_TRUE(G::Destroyed(state, kc));
  EXPECT_EQ(state.dropped[kc], 0);
  EXPECT_EQ(state.weapons[kc], 0);
  EXPECT_THAT(game_->StateToString(state), Not(HasSubstr("dropped=")));
  state = At("A@0,11/4v/-/0/- B@5,8/1/-/0/- a@0,0/2/-/0/- b@5,5/4/-/0/- c@2,0/1/-/0/-", 1);
  Play(*game_, state, {"b", "attack", "at B", "roll 6 1 1 1 1"});
  ASSERT_TRUE(G::Destroyed(state, kB));
  EXPECT_EQ(state.dropped[kB], 0);
  EXPECT_THAT(game_->StateToString(state), Not(HasSubstr("dropped=")));
}

TEST_F(BrickactionDroppedTest, APickupChangesTheNextAttacksDice) {
  // a's carbines lie at 1,10, next to B (2 regulars with Repeaters) at 1,11; b 10 cells away
  // at 1,1, out of the cover on the board.
  const std::string units =
      "dropped=a@1,10:carbine2 A@0,11/4v/-/0/- B@1,11/2/-/0/- a:x b@1,1/4/-/0/- c@2,0/1/-/0/-";
  // Without the carbines: 2 dice, one fewer beyond 8 cells (the Repeater's 32-64 studs): a
  // single die, which scores nothing with 1..3: 1/2.
  State state = At(units);
  Play(*game_, state, {"B", "attack", "at b"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(Odds(*game_, state)["sixes 0 hits 0"], Probability(1, 2));
  // One carbine: still 1 die (a carbine's bonus needs 2; the squad's range is the remaining
  // Repeater's, so one die fewer beyond 8).
  state = At(units);
  Play(*game_, state, {"B", "pickup carbine", "attack", "at b"});
  EXPECT_EQ(Odds(*game_, state)["sixes 0 hits 0"], Probability(1, 2));
  // Both carbines: 2 dice + 1 for 2 carbines, full to 15 cells (60 studs): 3 dice, nothing
  // scored with (1/2)^3 = 1/8, three 6s (1/6)^3 = 1/216.
  state = At(units);
  Play(*game_, state, {"B", "pickup carbine"});
  EXPECT_EQ(state.phase, G::kAction);  // free: B still takes its action
  EXPECT_EQ(state.left, 3);
  EXPECT_EQ(state.acted[kB], 0);
  EXPECT_EQ(state.dropped[ka], Cell(1, 10) + 1);  // one carbine left there
  Play(*game_, state, {"pickup carbine"});
  EXPECT_EQ(state.dropped[ka], 0);  // nothing left: the pile is gone
  EXPECT_EQ(state.weapons[ka], 0);
  EXPECT_EQ(G::Weapons(state, kB)[G::kCarbine], 2);
  EXPECT_THAT(Legal(*game_, state), Not(Contains("pickup carbine")));
  Play(*game_, state, {"attack", "at b"});
  EXPECT_EQ(Odds(*game_, state)["sixes 0 hits 0"], Probability(1, 8));
  EXPECT_EQ(Odds(*game_, state)["sixes 3 hits 0"], Probability(1, 216));
  // B keeps them: its next attack rolls the same.
  Play(*game_, state, {"roll 1 1 1"});
  Play(*game_, state, {"B", "attack", "at b"});
  EXPECT_EQ(Odds(*game_, state)["sixes 0 hits 0"], Probability(1, 8));
}

TEST_F(BrickactionDroppedTest, WhoMayPickUpWhat) {
  const std::string pile = "dropped=a@5,5:carbine2 ";
  // On the cell or next to it (8 neighbours), either side; not 2 cells away.
  State state = At(pile + "A@5,5/4v/-/0/- B@7,5/2/-/0/- a:x b@1,0/4/-/0/- c@2,0/1/-/0/-");
  Play(*game_, state, {"A"});
  EXPECT_THAT(Legal(*game_, state), Contains("pickup carbine"));
  state = At(pile + "A@0,11/4v/-/0/- B@7,5/2/-/0/- a:x b@1,0/4/-/0/- c@2,0/1/-/0/-");
  Play(*game_, state, {"B"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("pickup carbine")));
  state = At(pile + "A@0,11/4v/-/0/- B@1,11/2/-/0/- a:x b@4,4/4/-/0/- c@6,6/1/-/0/-", 1);
  Play(*game_, state, {"b"});
  EXPECT_THAT(Legal(*game_, state), Contains("pickup carbine"));
  // b has 2 shotguns and 4 minis: the first carbine replaces a Repeater (6 close-combat dice
  // still, a carbine's +1 needs 2 carbines or SMGs); the second gives 7 dice (rolled in two
  // chance nodes); then the pile is empty.
  Play(*game_, state, {"pickup carbine"});
  EXPECT_THAT(Legal(*game_, state), Contains("pickup carbine"));
  Play(*game_, state, {"pickup carbine"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("pickup carbine")));
  // A sniper squad does not pick up (its minis carry sniper rifles).
  state = At(pile + "A@0,11/4v/-/0/- B@1,11/2/-/0/- a:x b@1,0/4/-/0/- c@6,6/1/-/0/-", 1);
  Play(*game_, state, {"c"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("pickup carbine")));
  // One weapon a mini: B's 2 minis carry a's 2 carbines and take none of b's shotguns; A's 5
  // minis with Repeaters may.
  state =
      At("dropped=b@1,10:shotgun2 picked=B:carbine2 A@0,10/4v/-/0/- B@1,11/2/-/0/- a:x b:x "
         "c@2,0/1/-/0/-");
  Play(*game_, state, {"B"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("pickup shotgun")));
  state =
      At("dropped=b@1,10:shotgun2 picked=B:carbine2 A@0,10/4v/-/0/- B@1,11/2/-/0/- a:x b:x "
         "c@2,0/1/-/0/-");
  Play(*game_, state, {"A", "pickup shotgun"});
  EXPECT_EQ(game_->StateToString(state).substr(game_->StateToString(state).find(" dropped=")),
            " dropped=b@1,10:shotgun1 picked=A:shotgun1;B:carbine2 A@0,10/4v/-/0/- "
            "B@1,11/2/-/0/- a:x b:x c@2,0/1/-/0/-");
  EXPECT_EQ(ParseOrDie(*game_, game_->StateToString(state)), state);
}

TEST_F(BrickactionDroppedTest, NotationAndPositionErrors) {
  State state =
      At("dropped=a@1,10:carbine2 A@0,11/4v/-/0/- B@1,11/2/-/0/- a:x b@1,1/4/-/0/- c@2,0/1/-/0/-");
  Play(*game_, state, {"B"});
  const State before = state;
  for (const char* bad : {"pickup", "pickup laser", "pickup sniper", "pickup shotgun"}) {
    EXPECT_FALSE(game_->ParseAction(state, 0, bad).ok()) << bad;
  }
  EXPECT_EQ(state, before);
  const absl::StatusOr<Action> pickup = game_->ParseAction(state, 0, "pickup carbine");
  ASSERT_TRUE(pickup.ok()) << pickup.status();
  EXPECT_EQ(*pickup, G::kPickUpBase + G::kCarbine);
  EXPECT_EQ(game_->ActionToString(state, 0, *pickup), "pickup carbine");
  const std::string squads = " A@0,11/4v/-/0/- B@1,11/2/-/0/- a:x b@1,1/4/-/0/- c@2,0/1/-/0/-";
  for (const char* bad : {
           "dropped=a@1,10:laser1",    // no such weapon
           "dropped=a@1,10:carbine0",  // a count of 1..6
           "dropped=a@1,10:carbine3",  // more carbines than the scenario's
           "dropped=a@1,10",           // no weapons
           "dropped=a@2,5:carbine2",   // on a wall
           "dropped=b@1,10:carbine2",  // b is on the board
           "dropped=c@1,10:sniper1",   // sniper rifles do not drop (and c lives)
           "dropped=a@1,10:carbine1+carbine1",
           "dropped=a@1,10:carbine2;a@1,9:carbine2",
           "picked=B:carbine3",                          // more weapons than minis
           "dropped=a@1,10:carbine2 picked=B:carbine1",  // 3 carbines of the scenario's 2
           "picked=c:carbine1",                          // a sniper squad picks nothing up
           "picked=b:shotgun1",                          // a fourth shotgun, and 3 in a squad
           "picked=B:carbine1;B:carbine1",
           "dropped=",
           "picked=",
       }) {
    const absl::StatusOr<State> parsed = game_->ParseState(Position(std::string(bad) + squads));
    EXPECT_FALSE(parsed.ok()) << bad;
  }
  // `picked=` after `dropped=`, never before; each only when there is something to write.
  EXPECT_FALSE(
      game_->ParseState(Position("picked=B:carbine1 dropped=a@1,10:carbine1" + squads)).ok());
  EXPECT_TRUE(
      game_->ParseState(Position("dropped=a@1,10:carbine1 picked=B:carbine1" + squads)).ok());
  // A scenario without infantry weapons has nothing to drop.
  auto plain = MakeGame();
  EXPECT_FALSE(plain
                   ->ParseState(Position(
                       "dropped=a@1,10:carbine1 A@0,11/4vo/g/0/- B@1,11/4v/g/0/- C@2,11/0v/-/0/- "
                       "D@3,11/2/-/0/- a:x b@1,0/4v/g/0/- c@2,0/0vm/-/0/- d@3,0/2/-/0/-"))
                   .ok());
}

TEST_F(BrickactionDroppedTest, TheBoardShowsDroppedAndPickedWeapons) {
  State state =
      At("dropped=a@1,10:carbine2 A@0,11/4v/-/0/- B@1,11/2/-/0/- a:x b@1,1/4/-/0/- c@2,0/1/-/0/-");
  BoardView view = game_->DescribeBoard(state, 0);
  bool marked = false;
  for (const BoardMarker& marker : view.markers) {
    marked |= marker.cell == Cell(1, 10) && marker.glyph == 'w' &&
              marker.name == "weapons dropped by a: 2 carbine";
  }
  EXPECT_TRUE(marked);
  Play(*game_, state, {"B", "pickup carbine"});
  view = game_->DescribeBoard(state, 0);
  EXPECT_THAT(view.pieces[kB].status, HasSubstr("1 carbine (1 picked up)"));
  EXPECT_THAT(view.markers,
              Contains(BoardMarker{Cell(1, 10), 'w', "weapons dropped by a: 1 carbine", -1}));
}

TEST_F(BrickactionDroppedTest, RandomGamesRoundTrip) {
  // Random games on this board: every position and action prints and parses back; the
  // weapons on the board never outnumber the scenario's (ParseState checks it).
  Rng rng(7);
  int pickups = 0, piles = 0;
  for (int game = 0; game < 100; ++game) {
    State state = game_->InitialState();
    while (game_->Kind(state) != NodeKind::kTerminal) {
      const std::string text = game_->StateToString(state);
      const absl::StatusOr<State> parsed = game_->ParseState(text);
      ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.status();
      ASSERT_EQ(*parsed, state) << text;
      piles += state.dropped[ka] != 0;
      if (game_->Kind(state) == NodeKind::kDecision) {
        ActionList actions;
        game_->LegalActions(state, game_->CurrentPlayer(state), actions);
        for (Action a : actions) {
          const std::string name = game_->ActionToString(state, game_->CurrentPlayer(state), a);
          pickups += name.starts_with("pickup");
          const absl::StatusOr<Action> back =
              game_->ParseAction(state, game_->CurrentPlayer(state), name);
          ASSERT_TRUE(back.ok() && *back == a) << name;
        }
      }
      RandomStep(*game_, state, rng);
    }
  }
  EXPECT_GT(piles, 0);
  EXPECT_GT(pickups, 0);
}

TEST(BrickactionDroppedScenarioTest, TheDefaultScenarioHasNothingToDrop) {
  auto game = MakeGame({}, std::string(BrickactionGame::DefaultScenarioText()));
  EXPECT_FALSE(game->has_drops());
  auto weapons = MakeGame({}, DroppedTestScenario());
  EXPECT_TRUE(weapons->has_drops());
}

}  // namespace
}  // namespace sandtable::brickaction_test
