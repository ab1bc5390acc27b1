// MgbbEvaluator (eval/mgbb_evaluator.h): exact at the end, in range, and moved by what
// decides the game (hit tokens, the station, command distance, kills).
#include "eval/mgbb_evaluator.h"

#include <memory>
#include <vector>

#include "gtest/gtest.h"
#include "rulesets/mgbb/mgbb.h"

namespace sandtable {
namespace {

using G = MgbbGame;

std::shared_ptr<const G> ElectionDay() { return *G::CreateFromStrings({}, ""); }

TEST(MgbbEvaluatorTest, TerminalIsTheResult) {
  auto game = ElectionDay();
  G::State state = game->InitialState();
  state.phase = G::kOver;
  state.destroyed[1] = 2;  // the insurgents destroyed more
  EXPECT_EQ(MgbbEvaluator().Evaluate(*game, state), -1.0);
}

TEST(MgbbEvaluatorTest, EachTermMovesTheValueItsWay) {
  auto game = ElectionDay();
  const MgbbEvaluator evaluator;
  const G::State start = game->InitialState();
  EXPECT_EQ(game->objective_cells(), (std::vector<int>{7 * 24 + 10, 7 * 24 + 11}));
  const double base = evaluator.Evaluate(*game, start);
  EXPECT_GT(base, -1.0);
  EXPECT_LT(base, 1.0);
  G::State hit = start;
  hit.hits[2] = 2;  // a government unit with 2 hit tokens
  EXPECT_LT(evaluator.Evaluate(*game, hit), base);
  G::State battered = start;
  battered.hits[1] = 2;  // the same tokens on the Police, who hold the station: worse still
  EXPECT_LT(evaluator.Evaluate(*game, battered), evaluator.Evaluate(*game, hit));
  G::State off_station = start;
  off_station.cell[1] = static_cast<uint16_t>(game->CellIndex(10, 10));  // the Police leave
  EXPECT_LT(evaluator.Evaluate(*game, off_station), base);
  G::State far = start;
  far.cell[0] = static_cast<uint16_t>(game->CellIndex(0, 15));  // the commander walks away
  EXPECT_LT(evaluator.Evaluate(*game, far), base);
  G::State kills = start;
  kills.destroyed[1] = 1;
  EXPECT_LT(evaluator.Evaluate(*game, kills), base);
}

}  // namespace
}  // namespace sandtable
