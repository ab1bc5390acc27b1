// brickaction's buildings ("Fighting From Inside Buildings"), on a small building with the
// dice entered: sight through windows only for a squad at one, and the limit of 2 attack
// modifiers per window on the side a squad fires out of.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using G = BrickactionGame;

// A 12 x 12 board with one building: walls (total) around a 3 x 3 floor (4..6, 4..6), two
// windows on the north side (5,3) and (6,3), one on the west (3,5), one on the south (5,7).
// Player 0: A (4 regulars, veteran, officer, grenade: 3 d6 + 2 for 5+ Repeaters), B (4
// regulars and a veteran with 2 shotguns, a support weapon and 2 Repeaters, a grenade: 3 + 2
// + 1 within 8 cells); player 1: a (4 regulars, veteran), b (2 regulars).
std::string BuildingScenario() {
  return "ruleset brickaction\n"
         "name building\n"
         "deploy 12\n"
         "points 1000\n"
         "legend . open\n"
         "legend X total\n"
         "legend _ floor\n"
         "legend W window\n"
         "map\n"
         "............\n"
         "............\n"
         "............\n"
         "...XXWWX....\n"
         "...X___X....\n"
         "...W___X....\n"
         "...X___X....\n"
         "...XXWXX....\n"
         "............\n"
         "............\n"
         "............\n"
         "............\n"
         "end\n"
         "squad side=0 label=A regulars=4 veteran=1 officer=1 grenade=1 at=0,11\n"
         "squad side=0 label=B regulars=4 veteran=1 shotgun=2 support=1 grenade=1 at=1,11\n"
         "squad side=1 label=a regulars=4 veteran=1 grenade=0 at=0,0\n"
         "squad side=1 label=b regulars=2 veteran=0 grenade=0 at=1,0\n";
}

class BrickactionBuildingsTest : public ::testing::Test {
 protected:
  BrickactionBuildingsTest() : game_(MakeGame({}, BuildingScenario())) {}
  int Cell(int x, int y) const { return game_->CellIndex(x, y); }
  bool Sees(int x0, int y0, int x1, int y1) const {
    return game_->Between(Cell(x0, y0), Cell(x1, y1)) & G::kSight;
  }
  // Squad `shooter` (A or B) at x,y fires (`at a` or `at a grenade`) at a at ax,ay: the
  // attack roll's dice and the chance that it scores nothing.
  std::pair<int, Probability> Attack(const std::string& shooter, int x, int y, int ax, int ay,
                                     const std::string& how) {
    const std::string shooter_word = absl::StrCat(shooter, "@", x, ",", y);
    const std::string units =
        absl::StrCat(shooter == "A" ? shooter_word + "/4vo/g/0/- B@11,11/4v/g/0/-"
                                    : "A@11,11/4vo/g/0/- " + shooter_word + "/4v/g/0/-",
                     " a@", ax, ",", ay, "/4v/-/0/- b@11,0/2/-/0/-");
    State state = ParseOrDie(*game_, Position(units));
    Play(*game_, state, {shooter, "attack", how});
    EXPECT_EQ(state.phase, G::kAttackRoll);
    return {game_->PoolAt(state).dice(), Odds(*game_, state)["sixes 0 hits 0"]};
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionBuildingsTest, OnlyASquadAtAWindowSeesOutOrIsSeen) {
  // Right behind a north window (on the floor next to it), or on a window: sight both ways.
  EXPECT_TRUE(Sees(5, 4, 5, 0));
  EXPECT_TRUE(Sees(5, 0, 5, 4));
  EXPECT_TRUE(Sees(3, 5, 0, 5));
  EXPECT_TRUE(Sees(0, 5, 3, 5));
  // The centre of the floor touches no window: behind the walls, no sight either way.
  EXPECT_FALSE(Sees(5, 5, 5, 0));
  EXPECT_FALSE(Sees(5, 0, 5, 5));
  EXPECT_FALSE(Sees(5, 5, 0, 5));
  // Not through the building from outside to outside, window (5,3) to window (5,7).
  EXPECT_FALSE(Sees(5, 0, 5, 11));
  // Inside the building squads see each other.
  EXPECT_TRUE(Sees(5, 5, 4, 4));
  // The attack needs sight: A in the centre cannot target a in the open.
  State state = ParseOrDie(
      *game_, Position("A@5,5/4vo/g/0/- B@11,11/4v/g/0/- a@5,0/4v/-/0/- b@11,0/2/-/0/-"));
  Play(*game_, state, {"A"});
  EXPECT_EQ(Legal(*game_, state), (std::vector<std::string>{"move", "prone", "hold"}));
}

TEST_F(BrickactionBuildingsTest, FiringWindowsAreTheWindowsOfTheSide) {
  EXPECT_EQ(game_->FiringWindows(Cell(5, 4), Cell(5, 0)), 2);  // the north side: 2 windows
  EXPECT_EQ(game_->FiringWindows(Cell(6, 3), Cell(9, 0)), 2);  // from a north window itself
  EXPECT_EQ(game_->FiringWindows(Cell(3, 5), Cell(0, 5)), 1);  // the west side: 1
  EXPECT_EQ(game_->FiringWindows(Cell(4, 5), Cell(0, 5)), 1);  // behind the west window
  EXPECT_EQ(game_->FiringWindows(Cell(5, 0), Cell(5, 4)), 0);  // into the building: no limit
  EXPECT_EQ(game_->FiringWindows(Cell(5, 5), Cell(4, 4)), 0);  // inside it: no limit
  EXPECT_EQ(game_->FiringWindows(Cell(0, 0), Cell(11, 11)), 0);
}

TEST_F(BrickactionBuildingsTest, TwoModifiersPerWindowOnTheFiringSide) {
  // No die scores on "sixes 0 hits 0": every die below 4, or with the veteran's +1 to the
  // best die every die below 3: (3/6)^n without it, (2/6)^n with it.
  // In the open, A (6 minis) rolls 3 + 2 dice and the veteran's +1: 3 modifiers, no limit.
  EXPECT_EQ(Attack("A", 9, 4, 9, 0, "at a"), std::make_pair(5, Probability(1, 243)));
  // From the west window (1 window: 2 modifiers): the 2 Repeater dice fill the limit and the
  // veteran's +1 is lost; the grenade's die is over it.
  EXPECT_EQ(Attack("A", 3, 5, 0, 5, "at a"), std::make_pair(5, Probability(1, 32)));
  EXPECT_EQ(Attack("A", 3, 5, 0, 5, "at a grenade"), std::make_pair(5, Probability(1, 32)));
  // Behind the north windows (2 windows: 4): 2 + the grenade's 1 + the veteran's +1 fit.
  EXPECT_EQ(Attack("A", 5, 4, 5, 0, "at a grenade"), std::make_pair(6, Probability(1, 729)));
  // B in the open: 3 + 2 for the shotguns + 1 for the support weapon + the grenade's 1 = 7
  // dice and the veteran's +1.
  EXPECT_EQ(Attack("B", 9, 4, 9, 0, "at a grenade"), std::make_pair(7, Probability(1, 2187)));
  // B behind the north windows: the 4 dice fill the limit, no veteran's +1: (1/2)^7.
  EXPECT_EQ(Attack("B", 6, 4, 6, 0, "at a grenade"), std::make_pair(7, Probability(1, 128)));
  // And on the west window: 3 + 2 = 5 dice.
  EXPECT_EQ(Attack("B", 3, 5, 0, 5, "at a"), std::make_pair(5, Probability(1, 32)));
  // Into the building there is no limit: a attacked by B from outside the north windows.
  EXPECT_EQ(Attack("B", 5, 1, 5, 4, "at a grenade"), std::make_pair(7, Probability(1, 2187)));
}

// Heavy support's own dice are its crew's, at most 2 (the source's "Base Atk max 2D6"): its
// weapon's +3 with a loader are modifiers under the window limit.
TEST_F(BrickactionBuildingsTest, HeavySupportsWeaponDiceAreModifiers) {
  std::string text = BuildingScenario();
  const std::string b = "regulars=4 veteran=1 shotgun=2 support=1 grenade=1";
  text.replace(text.find(b), b.size(), "regulars=3 veteran=0 heavy=1 grenade=0");
  const auto game = MakeGame({}, text);
  ASSERT_NE(game, nullptr);
  auto attack = [&](int x, int y, int ax, int ay) {
    State state =
        ParseOrDie(*game, Position(absl::StrCat("A@11,11/4vo/g/0/- B@", x, ",", y, "/3/-/0/- a@",
                                                ax, ",", ay, "/4v/-/0/- b@11,0/2/-/0/-")));
    Play(*game, state, {"B", "attack", "at a"});
    EXPECT_EQ(state.phase, G::kAttackRoll);
    return game->PoolAt(state).dice();
  };
  EXPECT_EQ(attack(9, 4, 9, 0), 5);  // in the open: 2 for the crew + 3 with the loader
  EXPECT_EQ(attack(3, 5, 0, 5), 4);  // the west window (1): 2 + 2 modifiers
  EXPECT_EQ(attack(5, 4, 5, 0), 5);  // behind the north windows (2): 2 + 3, under 4
}

}  // namespace
}  // namespace sandtable::brickaction_test
