// brickaction's transports on the transport test board (brickaction_test_util.h) with the dice
// entered: embarking, aboard (off the board, moved with the vehicle, not attacked), the
// dismount within 3 cells (an action), the wreck, the notation and scenario errors.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;

enum UnitIndex { kA = 0, kB, ka, kV, kv };
using G = BrickactionGame;

class BrickactionTransportTest : public ::testing::Test {
 protected:
  BrickactionTransportTest() : game_(MakeGame({}, TransportTestScenario())) {}
  State At(const std::string& units, int left = 3, int player = 0) {
    return ParseOrDie(*game_, Position(units, left, player));
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionTransportTest, ASquadNextToItsTransportEmbarks) {
  // A (prone, holding a) is next to V; B is not.
  State state =
      At("A@4,10/4v/p/0/amf B@1,11/2/-/0/- a@0,0/4v/-/0/- V@5,11/d0/N+N/-/0 v@6,0/d0/S/-/0");
  Play(*game_, state, {"B"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("embark V")));
  state = At("A@4,10/4v/p/0/amf B@1,11/2/-/0/- a@0,0/4v/-/0/- V@5,11/d0/N+N/-/0 v@6,0/d0/S/-/0");
  Play(*game_, state, {"A"});
  EXPECT_THAT(Legal(*game_, state), Contains("embark V"));
  Play(*game_, state, {"embark V"});
  // Off the board, aboard V, neither prone nor holding; one action spent.
  EXPECT_FALSE(game_->IsAlive(state, kA));
  EXPECT_TRUE(G::Aboard(state, kA));
  EXPECT_EQ(game_->Carrier(state, kA), kV);
  EXPECT_EQ(state.left, 2);
  EXPECT_EQ(state.acted[kA], 1);
  const std::string text = game_->StateToString(state);
  EXPECT_THAT(text, HasSubstr(" A>V/4v/-/1/- "));
  EXPECT_TRUE(ParseOrDie(*game_, text) == state);
  // It cannot be selected; the board shows it aboard.
  EXPECT_THAT(Legal(*game_, state), Not(Contains("A")));
  for (const BoardPiece& piece : game_->DescribeBoard(state, 0).pieces) {
    if (piece.label == "A") {
      EXPECT_EQ(piece.status, "aboard V");
    } else if (piece.label == "V") {
      EXPECT_THAT(piece.status, HasSubstr("carries A"));
    }
  }
}

TEST_F(BrickactionTransportTest, AboardItMovesWithTheVehicleAndIsNotAttacked) {
  State state = At("A>V/4v/-/0/- B:x a@5,3/4v/-/0/- V@5,11/d0/N+N/-/0 v:x");
  // V drives 4 cells north; A goes with it (it has no cell of its own).
  Play(*game_, state, {"V", "move", "to 5,7", "face N"});
  ASSERT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(game_->Carrier(state, kA), kV);
  // a, 4 cells away, can fire at V (with nothing that hurts it) but never at A.
  EXPECT_EQ(game_->WeaponDice(state, ka, kA, G::kRepeaters), 0);
  EXPECT_FALSE(game_->CanFireAt(state, ka, kA));
  // The dismount: an action of V (and of A), to a cell within 3 cells of V as a move; no
  // reactive fire (not a Move action).
  Play(*game_, state, {"V"});
  EXPECT_THAT(Legal(*game_, state), Contains("dismount"));
  Play(*game_, state, {"dismount"});
  ASSERT_EQ(state.phase, G::kDest);
  EXPECT_THAT(game_->StateToString(state), HasSubstr("weapon=dismount"));
  EXPECT_THAT(Legal(*game_, state), Contains("to 5,4"));
  EXPECT_THAT(Legal(*game_, state), Contains("to 3,9"));       // 2 diagonal steps: 6 points
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 5,3")));  // a is there
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 8,9")));  // 3 diagonal steps: 9 points
  EXPECT_THAT(Legal(*game_, state), Not(Contains("to 5,7")));  // V's own cell
  Play(*game_, state, {"to 5,4"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.cell[kA], game_->CellIndex(5, 4));
  EXPECT_EQ(state.cargo[kV], 0);
  EXPECT_EQ(state.left, 1);
  EXPECT_EQ(state.acted[kV], 2);
  EXPECT_EQ(state.acted[kA], 1);
  // A squad that took its two actions this turn stays inside.
  state = At("A>V/4v/-/2/- B:x a@5,3/4v/-/0/- V@5,11/d0/N+N/-/0 v:x");
  Play(*game_, state, {"V"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("dismount")));
}

TEST_F(BrickactionTransportTest, TheWrecksSquadIsPlacedOnItsCellSuppressed) {
  // v's hull MG (2 dice) at V (L1, threshold 11) with 2 damage: the 6 is the third.
  State state = At("A>V/4v/-/0/- B:x a:x V@6,8/d2/N+N/-/0 v@6,0/d0/S/-/0", 3, 1);
  Play(*game_, state, {"v", "attack", "at V"});
  ASSERT_EQ(state.phase, G::kArmourRoll);
  Play(*game_, state, {"roll 6 1"});
  EXPECT_FALSE(game_->IsAlive(state, kV));
  EXPECT_EQ(state.cell[kA], game_->CellIndex(6, 8));
  EXPECT_TRUE(state.flags[kA] & G::kSuppressedBit);
  EXPECT_EQ(state.cargo[kV], 0);
  EXPECT_EQ(G::Minis(state, kA), 5);
  EXPECT_EQ(state.kills[1], 0);
}

TEST_F(BrickactionTransportTest, NotationErrors) {
  auto rejected = [&](const std::string& units) {
    return !game_->ParseState(Position(units)).ok();
  };
  EXPECT_FALSE(rejected("A>V/4v/-/0/- B:x a@0,0/4v/-/0/- V@5,11/d0/N+N/-/0 v:x"));
  EXPECT_TRUE(rejected("A>v/4v/-/0/- B:x a@0,0/4v/-/0/- V@5,11/d0/N+N/-/0 v@6,0/d0/S/-/0"));
  EXPECT_TRUE(rejected("A>B/4v/-/0/- B@1,11/2/-/0/- a@0,0/4v/-/0/- V@5,11/d0/N+N/-/0 v:x"));
  EXPECT_TRUE(rejected("A>V/4v/-/0/- B>V/2/-/0/- a@0,0/4v/-/0/- V@5,11/d0/N+N/-/0 v:x"));
  EXPECT_TRUE(rejected("A>V/4v/p/0/- B:x a@0,0/4v/-/0/- V@5,11/d0/N+N/-/0 v:x"));
  EXPECT_TRUE(rejected("A>V/4v/-/0/- B:x a@0,0/4v/-/0/- V:x v:x"));
}

TEST(BrickactionTransportScenarioTest, TheTransportField) {
  const std::string base = TransportTestScenario();
  EXPECT_THAT(ScenarioErrorAfter(base, "transport=1 facing=N", "transport=2 facing=N"),
              HasSubstr("transport"));
  // Without transport=1, V takes no squad.
  std::string text = base;
  text.erase(text.find("transport=1 facing=N"), 12);
  auto plain = MakeGame({}, text);
  EXPECT_FALSE(plain
                   ->ParseState(Position("A>V/4v/-/0/- B:x a@0,0/4v/-/0/- V@5,11/d0/N+N/-/0 "
                                         "v:x"))
                   .ok());
}

}  // namespace
}  // namespace sandtable::brickaction_test
