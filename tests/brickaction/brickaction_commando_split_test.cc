// brickaction's commando splitting an action of one type, on the test board
// (brickaction_test_util.h) with the dice entered: two half moves (2 cells each, each answered
// as a move), two attacks (at most 4 dice each, one single-use weapon between them), what ends
// the second half, and the split's notation (hj, hh, h, jj, j, w).
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

enum UnitIndex { kA = 0, kB, kC, ka, kb };
using G = BrickactionGame;

// Player 0: A (4 regulars, veteran: 5 dice within 8 cells), B (2 regulars), C (a lone
// regular); player 1: a (3 regulars, veteran, a commando, a grenade and a rocket: 5 minis, 5
// dice), b (2 regulars).
std::string CommandoScenario() {
  return TestBoardWith(
      "squad side=0 label=A regulars=4 veteran=1 grenade=0 at=0,11\n"
      "squad side=0 label=B regulars=2 veteran=0 grenade=0 at=1,11\n"
      "squad side=0 label=C regulars=1 veteran=0 grenade=0 at=2,11\n"
      "squad side=1 label=a regulars=3 veteran=1 officer=1 commando=1 rockets=1 at=0,0\n"
      "squad side=1 label=b regulars=2 veteran=0 grenade=0 at=11,0\n");
}

class BrickactionCommandoSplitTest : public ::testing::Test {
 protected:
  BrickactionCommandoSplitTest() : game_(MakeGame({}, CommandoScenario())) {}
  // Player 1 (the commando's side) to move.
  State At(const std::string& units) { return ParseOrDie(*game_, Position(units, 3, 1)); }
  std::string Word(const State& state, const std::string& label) {
    const std::string text = game_->StateToString(state);
    const size_t at = text.find(" " + label + "@");
    return text.substr(at + 1, text.find(' ', at + 1) - at - 1);
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionCommandoSplitTest, TwoHalfMovesEachAnsweredAsAMove) {
  State state = At("A@0,6/4v/-/0/- B:x C:x a@0,0/3vo/grbbb/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"a"});
  EXPECT_THAT(Legal(*game_, state), Contains("split moves"));
  Play(*game_, state, {"split moves"});
  ASSERT_EQ(state.phase, G::kDest);
  // hh: the first of two half moves under way; one special spent.
  EXPECT_EQ(Word(state, "a"), "a@0,0/3vo/grbbhh/1/-");
  EXPECT_TRUE(ParseOrDie(*game_, game_->StateToString(state)) == state);
  // Half a move: 2 cells (4 points of the move grid).
  EXPECT_THAT(Legal(*game_, state), Contains("to 0,2"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 0,3")));
  // 2 cells in the open: A's reactive fire answers the first half.
  Play(*game_, state, {"to 0,2"});
  ASSERT_EQ(state.phase, G::kReactive);
  Play(*game_, state, {"none"});
  // The second half from where the first ended: 2 cells more.
  ASSERT_EQ(state.phase, G::kDest);
  EXPECT_EQ(Word(state, "a"), "a@0,2/3vo/grbbh/1/-");
  EXPECT_TRUE(ParseOrDie(*game_, game_->StateToString(state)) == state);
  EXPECT_THAT(Legal(*game_, state), Contains("to 0,4"));
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 0,5")));
  Play(*game_, state, {"to 0,4"});
  ASSERT_EQ(state.phase, G::kReactive);  // and the second: one reactive fire per move
  Play(*game_, state, {"none"});
  // One action of the player's and of the squad's, one special.
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.left, 2);
  EXPECT_EQ(state.acted[ka], 1);
  EXPECT_EQ(state.bonus[ka], 2);
}

TEST_F(BrickactionCommandoSplitTest, SuppressedAfterTheFirstHalfMoveTheSecondIsLost) {
  // A holds fire on a's move: within 4 cells of 0,2, 5 dice; two 6s kill 2 minis.
  State state = At("A@0,6/4v/-/0/amf B:x C:x a@0,0/3vo/grbbb/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"a", "split moves", "to 0,2", "roll 6 6 1 1 1", "lose regulars"});
  ASSERT_EQ(state.phase, G::kReactive);  // the hold is used up; reactive fire may follow
  Play(*game_, state, {"none"});
  EXPECT_TRUE(state.flags[ka] & G::kSuppressedBit);
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.cell[ka], game_->CellIndex(0, 2));
  EXPECT_EQ(state.bonus[ka], 2);  // the split's bits are gone, the special spent
}

TEST_F(BrickactionCommandoSplitTest, TwoAttacksOfAtMost4DiceEach) {
  // a rolls 5 dice within 8 cells; B is next to it, C 7 cells away.
  State state = At("A@0,6/4v/-/0/- B@1,3/2/-/0/- C@0,9/1/-/0/- a@0,2/3vo/grbbb/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"a"});
  EXPECT_THAT(Legal(*game_, state), Contains("split attacks"));
  Play(*game_, state, {"split attacks"});
  ASSERT_EQ(state.phase, G::kTarget);
  EXPECT_EQ(Word(state, "a"), "a@0,2/3vo/garbbjj/1/-");
  EXPECT_TRUE(ParseOrDie(*game_, game_->StateToString(state)) == state);
  // Ranged attacks only (no close combat with B next to it).
  EXPECT_THAT(Legal(*game_, state), Not(Contains("close B")));
  EXPECT_THAT(Legal(*game_, state), Contains("at B"));
  EXPECT_EQ(game_->WeaponDice(state, ka, kA, G::kRepeaters), 5);
  Play(*game_, state, {"at A"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 4);
  Play(*game_, state, {"roll 1 1 1 1"});
  // The second attack, at another target (or the same): 4 dice again.
  ASSERT_EQ(state.phase, G::kTarget);
  EXPECT_EQ(Word(state, "a"), "a@0,2/3vo/garbbj/1/-");
  EXPECT_TRUE(ParseOrDie(*game_, game_->StateToString(state)) == state);
  EXPECT_THAT(Legal(*game_, state), Contains("at A"));
  Play(*game_, state, {"at C"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 4);
  // Nothing scores only when every die is 2 or less (the veteran's +1 makes a 3 a 4):
  // (2/6)^4 = 1/81 (with the squad's 5 dice it would be 1/243).
  EXPECT_EQ(Odds(*game_, state)["sixes 0 hits 0"], Probability(1, 81));
  Play(*game_, state, {"roll 6 1 1 1"});  // last in squad: any natural 6 kills
  EXPECT_FALSE(game_->IsAlive(state, kC));
  ASSERT_EQ(state.phase, G::kReactMove);
  Play(*game_, state, {"stay"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.left, 2);
  EXPECT_EQ(state.acted[ka], 1);
  EXPECT_EQ(state.bonus[ka], 2);
}

TEST_F(BrickactionCommandoSplitTest, OneSingleUseWeaponBetweenTheTwoAttacks) {
  const std::string units =
      "A@0,6/4v/-/0/- B@1,3/2/-/0/- C@0,9/1/-/0/- a@0,2/3vo/grbbb/0/- b@11,0/2/-/0/-";
  State state = At(units);
  Play(*game_, state, {"a", "split attacks", "at A grenade"});
  EXPECT_EQ(game_->PoolAt(state).dice(), 4);  // 5 and the grenade's die, at most 4
  Play(*game_, state, {"roll 1 1 1 1"});
  ASSERT_EQ(state.phase, G::kTarget);
  // w: the grenade went with the first attack; the rocket stays for another action.
  EXPECT_EQ(Word(state, "a"), "a@0,2/3vo/arbbjw/1/-");
  EXPECT_TRUE(ParseOrDie(*game_, game_->StateToString(state)) == state);
  EXPECT_THAT(Legal(*game_, state), ElementsAre("at A", "at B", "at C"));
  // A first attack without one leaves the second its choice.
  state = At(units);
  Play(*game_, state, {"a", "split attacks", "at A", "roll 1 1 1 1"});
  EXPECT_THAT(Legal(*game_, state), Contains("at C rocket"));
  EXPECT_THAT(Legal(*game_, state), Contains("at C grenade"));
}

TEST_F(BrickactionCommandoSplitTest, TheCommandoKilledTheSecondAttackIsLost) {
  // C holds fire on a's attack (within 4 cells): its 6 kills the commando as the first attack
  // is declared. That attack keeps its cap (4 minis: 3 + 1 dice and the grenade's, at most 4);
  // the second goes with the commando.
  State state = At("A@0,9/4v/-/0/- B:x C@0,6/1/-/0/aaf a@0,2/3vo/grbbb/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"a", "split attacks", "at A grenade", "roll 6", "lose officer"});
  ASSERT_EQ(state.phase, G::kAttackRoll);
  EXPECT_EQ(G::Minis(state, ka), 4);
  EXPECT_EQ(game_->PoolAt(state).dice(), 4);
  Play(*game_, state, {"roll 1 1 1 1"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.bonus[ka], 0);
}

TEST_F(BrickactionCommandoSplitTest, TheSplitsNotation) {
  State state = At("A@0,6/4v/-/0/- B@1,3/2/-/0/- C@0,9/1/-/0/- a@0,2/3vo/grbbb/0/- b@11,0/2/-/0/-");
  Play(*game_, state, {"a", "split attacks"});
  const std::string text = game_->StateToString(state);
  auto with = [&](const std::string& flags) {
    std::string changed = text;
    changed.replace(changed.find("garbbjj"), 7, flags);
    return game_->ParseState(changed);
  };
  for (const char* ok : {"garbbhj", "garbbhh", "garbbh", "garbbjj", "garbbj", "garbbjw"}) {
    ASSERT_TRUE(with(ok).ok()) << ok;
    EXPECT_EQ(game_->StateToString(*with(ok)),
              std::string(text).replace(text.find("garbbjj"), 7, ok));
  }
  for (const char* bad : {"garbbjh", "garbbhjj", "garbbhhj", "garbbjjj", "garbbhhh", "garbbw",
                          "garbbhjw", "garbbjww"}) {
    EXPECT_FALSE(with(bad).ok()) << bad;
  }
  EXPECT_THAT(std::string(with("garbbhw").status().message()), HasSubstr("needs a split attack"));
  // Only on the active squad.
  EXPECT_FALSE(
      game_->ParseState(Position("A@0,6/4v/-/0/- B:x C:x a@0,2/3vo/gbbjj/0/- b:x", 3, 1)).ok());
}

TEST_F(BrickactionCommandoSplitTest, RandomGamesReachTheSplitsAndTheirPositionsRoundTrip) {
  int moves_twice = 0, attacks_twice = 0, single_use = 0;
  for (int g = 0; g < 300; ++g) {
    Rng rng(static_cast<uint64_t>(g));
    State state = game_->InitialState();
    while (game_->Kind(state) != NodeKind::kTerminal) {
      const uint8_t bits = state.bonus[ka];
      moves_twice += (bits & G::kSplitTwiceBit) && (bits & G::kSplitMoveBit) ? 1 : 0;
      attacks_twice += (bits & G::kSplitTwiceBit) && (bits & G::kSplitAttackBit) ? 1 : 0;
      single_use += (bits & G::kSplitSingleUseBit) ? 1 : 0;
      if (bits & (G::kSplitBits | G::kSplitSingleUseBit)) {
        ASSERT_TRUE(ParseOrDie(*game_, game_->StateToString(state)) == state);
      }
      RandomStep(*game_, state, rng);
    }
  }
  EXPECT_GT(moves_twice, 0);
  EXPECT_GT(attacks_twice, 0);
  EXPECT_GT(single_use, 0);
}

}  // namespace
}  // namespace sandtable::brickaction_test
