// brickaction's objectives with the squads' rules: capture the flag with transports, on the
// transport test board under `victory flag` (brickaction_test_util.h: the flag at 6,6, zones
// of 3 rows): the carrier does not embark, a squad dismounting onto the lying flag picks it
// up; `victory capture` with a commando: the playout policy activates before its specials.
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
using ::testing::Not;

enum UnitIndex { kA = 0, kB, ka, kV, kv };
using G = BrickactionGame;

class BrickactionFlagTransportTest : public ::testing::Test {
 protected:
  BrickactionFlagTransportTest() : game_(MakeGame({}, UnderVictoryFlag(TransportTestScenario()))) {}
  // `units` with the flag at `flag` ("X,Y" or "-") carried by `carrier` ("L" or "-").
  State At(const std::string& units, const std::string& flag, const std::string& carrier) {
    return ParseOrDie(
        *game_,
        absl::StrReplaceAll(Position(units),
                            {{"spot=- ", "spot=- flag=" + flag + " carrier=" + carrier + " "}}));
  }
  std::shared_ptr<const BrickactionGame> game_;
};

// A carries the flag next to V; B is next to V too. Only B may embark: the flag stays on the
// board.
TEST_F(BrickactionFlagTransportTest, TheCarrierDoesNotEmbark) {
  ASSERT_EQ(game_->victory(), G::kFlagVictory);
  const std::string units =
      "A@5,7/4v/-/0/- B@7,8/2/-/0/- a@0,0/4v/-/0/- V@6,7/d0/N+N/-/0 v@6,0/d0/S/-/0";
  State state = At(units, "-", "A");
  Play(*game_, state, {"A"});
  EXPECT_THAT(Legal(*game_, state), Not(Contains("embark V")));
  EXPECT_THAT(Legal(*game_, state), Contains("move"));
  state = At(units, "-", "A");
  Play(*game_, state, {"B"});
  EXPECT_THAT(Legal(*game_, state), Contains("embark V"));
  // A carrier aboard is not a position: the flag is on the board, carried or lying.
  EXPECT_FALSE(game_
                   ->ParseState(absl::StrReplaceAll(
                       Position("A>V/4v/-/0/- B@7,8/2/-/0/- a@0,0/4v/-/0/- V@6,7/d0/N+N/-/0 "
                                "v@6,0/d0/S/-/0"),
                       {{"spot=- ", "spot=- flag=- carrier=A "}}))
                   .ok());
}

// A aboard V next to the lying flag: V's dismount puts A on the flag's cell, and the action's
// end gives A the flag.
TEST_F(BrickactionFlagTransportTest, DismountingOntoTheFlagPicksItUp) {
  State state =
      At("A>V/4v/-/0/- B@1,11/2/-/0/- a@0,0/4v/-/0/- V@6,7/d0/N+N/-/0 v@6,0/d0/S/-/0", "6,6", "-");
  Play(*game_, state, {"V", "dismount"});
  ASSERT_EQ(state.phase, G::kDest);
  EXPECT_THAT(Legal(*game_, state), Contains("to 6,6"));
  Play(*game_, state, {"to 6,6"});
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(state.cargo[kV], 0);
  EXPECT_EQ(state.cell[kA], game_->CellIndex(6, 6));
  EXPECT_EQ(state.carrier[0], kA);
  EXPECT_EQ(state.flag[0], G::kNoCell);
  EXPECT_TRUE(ParseOrDie(*game_, game_->StateToString(state)) == state);
}

// The specialists' board under `victory capture`, player 1 the attacker: a (with its commando's
// three specials) one cell above the objective 6,6 may activate, dash or split; the playout
// policy activates (that wins), though `activate` is no longer the last action offered.
TEST(BrickactionCaptureCommandoTest, RolloutActivatesBeforeTheCommandosSpecials) {
  std::string scenario = SpecialistsTestScenario() + "attacker 1\n";
  scenario.insert(scenario.find("legend"), "victory capture\n");
  const auto game = MakeGame({}, scenario);
  State state = ParseOrDie(
      *game, absl::StrReplaceAll(Position("A@0,11/1o/-/0/- B@1,11/0vo/-/0/- C@2,11/1/-/0/- "
                                          "a@6,5/3vo/gbbb/0/- b@1,0/2/-/0/-",
                                          3, 1),
                                 {{"spot=- ", "spot=- captured=0 "}}));
  Play(*game, state, {"a"});
  ASSERT_EQ(state.phase, G::kAction);
  EXPECT_THAT(Legal(*game, state), Contains("activate"));
  EXPECT_THAT(Legal(*game, state), Contains("dash"));
  EXPECT_THAT(Legal(*game, state), Contains("split"));
  ActionList actions;
  game->LegalActions(state, 1, actions);
  ASSERT_NE(actions.back(), G::kActionBase + G::kActivate);
  Rng rng(3);
  EXPECT_EQ(BrickactionRollout().Choose(*game, state, actions, rng), G::kActionBase + G::kActivate);
}

}  // namespace
}  // namespace sandtable::brickaction_test
