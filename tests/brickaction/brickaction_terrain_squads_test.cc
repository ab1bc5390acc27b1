// brickaction's terrain with the squads' rules: a squad in full cover at a corner embarks in
// a transport and leaves its corner (full_cover cleared), so it is not in full cover when it
// dismounts.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::IsSupersetOf;
using G = BrickactionGame;

// The transport test board with a corner at (4,10), next to V at (5,11).
std::string CornerTransportScenario() {
  std::string text = TransportTestScenario();
  text.insert(text.find("map\n"), "legend + corner\n");
  const size_t row10 = text.find("map\n") + 4 + 10 * 13;  // 12 cells and a newline a row
  text[row10 + 4] = '+';
  return text;
}

TEST(BrickactionTerrainSquadsTest, EmbarkingLeavesTheCornersFullCover) {
  const auto game = MakeGame({}, CornerTransportScenario());
  ASSERT_NE(game, nullptr);
  const std::string position =
      Position("A@4,10/4v/c/0/- B:x a@0,0/4v/-/0/- V@5,11/d0/N+N/-/0 v@6,0/d0/S/-/0");
  State state = ParseOrDie(*game, position);
  ASSERT_TRUE(game->InFullCover(state, 0));
  Play(*game, state, {"A"});
  EXPECT_THAT(Legal(*game, state), IsSupersetOf({"peek", "embark V"}));
  Play(*game, state, {"embark V"});
  EXPECT_TRUE(G::Aboard(state, 0));
  EXPECT_EQ(state.full_cover, 0);
  EXPECT_TRUE(ParseOrDie(*game, game->StateToString(state)) == state);
  // V lets A out onto its corner again (A's second action): standing there, not in full
  // cover.
  Play(*game, state, {"V", "dismount", "to 4,10"});
  ASSERT_EQ(state.cell[0], game->CellIndex(4, 10));
  EXPECT_FALSE(game->InFullCover(state, 0));
  EXPECT_EQ(state.acted[0], 2);
  EXPECT_TRUE(ParseOrDie(*game, game->StateToString(state)) == state);
}

}  // namespace
}  // namespace sandtable::brickaction_test
