// brickaction's close-combat roll of 7 and 8 dice (brickaction_close_roll.cc): two chance
// nodes, the natural 6s and 1s and then the sum of the other dice, with the dice entered;
// their notation, raw faces and positions; the distribution against every face combination.
#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/brickaction/brickaction_test_util.h"

namespace sandtable::brickaction_test {
namespace {

using ::testing::HasSubstr;

enum UnitIndex { kA = 0, kB, ka, kb };
using G = BrickactionGame;

class BrickactionCloseRollTest : public ::testing::Test {
 protected:
  BrickactionCloseRollTest() : game_(MakeGame({}, CloseRollTestScenario())) {}
  State At(const std::string& units) { return ParseOrDie(*game_, Position(units)); }
  std::string Outcome(const State& state, const std::string& text) {
    const absl::StatusOr<Action> outcome = game_->ParseAction(state, kChancePlayer, text);
    if (!outcome.ok()) return std::string(outcome.status().message());
    return game_->ActionToString(state, kChancePlayer, *outcome);
  }
  void ExpectRoundTrip(const State& state) {
    const auto parsed = game_->ParseState(game_->StateToString(state));
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_TRUE(*parsed == state) << game_->StateToString(state);
  }
  std::shared_ptr<const BrickactionGame> game_;
};

TEST_F(BrickactionCloseRollTest, SevenDicesRollTheirNaturalsThenTheRest) {
  State state = At("A@5,5/4v/-/0/- B@0,11/1vom/-/0/- a@5,4/1/-/0/- b@11,0/1vom/-/0/-");
  Play(*game_, state, {"A", "attack", "close a"});
  ASSERT_EQ(state.phase, G::kCcRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 7);
  const int seven_naturals = state.roll;
  // (sixes, ones) with sixes + ones <= 7: 8 + 7 + ... + 1 = 36 outcomes.
  EXPECT_EQ(Legal(*game_, state).size(), 36u);
  EXPECT_EQ(Outcome(state, "roll 6 1 4 3 2 5 6"), "sixes 2 ones 1");
  Play(*game_, state, {"sixes 2 ones 1"});
  // The total so far: 2 sixes, a one and the veteran's +1; the other 4 dice roll next.
  ASSERT_EQ(state.phase, G::kCcRoll);
  EXPECT_EQ(state.side, 0);
  EXPECT_EQ(state.a_sum, 12 + 1 + 1);
  EXPECT_EQ(state.a_six, 2);
  EXPECT_EQ(state.a_one, 1);
  EXPECT_EQ(game_->PoolAt(state).dice(), 4);
  ExpectRoundTrip(state);
  // 4 dice of 2..5 sum to 8..20: 13 outcomes, each said as the side's whole roll.
  const std::vector<std::string> rest = Legal(*game_, state);
  ASSERT_EQ(rest.size(), 13u);
  EXPECT_EQ(rest.front(), "total 22 sixes 2 ones 1");
  EXPECT_EQ(rest.back(), "total 34 sixes 2 ones 1");
  // The same faces typed again give the rest's sum, 4 + 3 + 2 + 5; other 6s and 1s, or only
  // some of the faces, are refused.
  EXPECT_EQ(Outcome(state, "roll 6 1 4 3 2 5 6"), "total 28 sixes 2 ones 1");
  EXPECT_THAT(Outcome(state, "roll 6 6 4 3 2 5 6"), HasSubstr("3 sixes and 0 ones"));
  EXPECT_THAT(Outcome(state, "roll 4 3 2 5"), HasSubstr("expected 7 dice"));
  // A position whose total so far does not match its 6s, 1s and +1s is refused, and so is
  // one whose pool is not the rest's (the first part's, or none of the close-combat pools).
  const std::string text = game_->StateToString(state);
  const std::string roll = "roll=" + std::to_string(state.roll);
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"a_sum=14", "a_sum=15"},
                                 {roll, "roll=" + std::to_string(seven_naturals)},
                                 {roll, "roll=200"}}) {
    std::string changed = text;
    changed.replace(changed.find(from), from.size(), to);
    EXPECT_FALSE(game_->ParseState(changed).ok()) << changed;
  }
  Play(*game_, state, {"roll 6 1 4 3 2 5 6"});
  EXPECT_EQ(state.a_sum, 28);
  // a's one die, one node; a rolls a 1.
  ASSERT_EQ(state.phase, G::kCcRoll);
  EXPECT_EQ(state.side, 1);
  EXPECT_EQ(game_->PoolAt(state).dice(), 1);
  Play(*game_, state, {"roll 1"});
  EXPECT_EQ(state.b_sum, 1);
  // A's one: a save (fails on 2); a's one: a save (5 passes). a loses 1 for the lower total
  // and 2 for A's sixes (destroyed), A one mini (its owner chooses who).
  Play(*game_, state, {"roll 2", "roll 5"});
  ASSERT_EQ(state.phase, G::kRemove);
  Play(*game_, state, {"lose regulars"});
  EXPECT_EQ(state.regulars[kA], 3);
  EXPECT_FALSE(game_->IsAlive(state, ka));
  EXPECT_EQ(state.kills[0], 1);
  EXPECT_EQ(state.kills[1], 1);
}

TEST_F(BrickactionCloseRollTest, EightDicesAndNoRestWhenEveryDieIsASixOrAOne) {
  State state = At("A:x B@5,5/1vom/-/0/- a:x b@6,4/1vom/-/0/-");
  Play(*game_, state, {"B", "attack", "close b"});
  ASSERT_EQ(state.phase, G::kCcRoll);
  EXPECT_EQ(game_->PoolAt(state).dice(), 8);
  EXPECT_EQ(Legal(*game_, state).size(), 45u);  // sixes + ones <= 8: 9 + 8 + ... + 1
  Play(*game_, state, {"roll 6 6 1 5 4 3 2 2"});
  EXPECT_EQ(state.a_sum, 12 + 1 + 3);
  EXPECT_EQ(Legal(*game_, state).size(), 16u);  // 5 dice of 2..5: 10..25
  EXPECT_EQ(Outcome(state, "roll 6 6 1 5 4 3 2 2"), "total 32 sixes 2 ones 1");
  Play(*game_, state, {"total 32 sixes 2 ones 1"});
  // b's eight 1s: no other die to sum, so the node of the rest is skipped.
  ASSERT_EQ(state.side, 1);
  EXPECT_EQ(Outcome(state, "roll 1 1 1 1 1 1 1 1"), "sixes 0 ones 8");
  Play(*game_, state, {"roll 1 1 1 1 1 1 1 1"});
  EXPECT_EQ(state.b_sum, 8 + 3);
  EXPECT_EQ(state.b_one, 8);
  // B's one forces one save, b's eight ones a save per mini (4).
  ASSERT_EQ(state.phase, G::kSaveRoll);
  EXPECT_EQ(state.saves, 1);
  ExpectRoundTrip(state);
  Play(*game_, state, {"roll 4"});
  EXPECT_EQ(state.saves, 4);
  // One save of four: b loses 3, 1 for the lower total and 2 for B's sixes: destroyed.
  Play(*game_, state, {"roll 1 2 3 4"});
  EXPECT_FALSE(game_->IsAlive(state, kb));
  EXPECT_EQ(state.kills[0], 4);
  EXPECT_EQ(G::Minis(state, kB), 4);
}

// The side's (total, sixes, ones) over the chance nodes from `state`, by probability.
using Triple = std::tuple<int, int, int>;
std::map<Triple, Probability> SideDistribution(const G& game, const State& start) {
  std::map<Triple, Probability> by_triple;
  ChanceList naturals;
  game.ChanceOutcomes(start, naturals);
  for (const ChanceOutcome& first : naturals) {
    State state = start;
    game.Apply(state, first.outcome);
    if (state.side != start.side) {  // no die to sum
      by_triple[{state.a_sum, state.a_six, state.a_one}] += first.probability;
      continue;
    }
    ChanceList rest;
    game.ChanceOutcomes(state, rest);
    EXPECT_LE(rest.size(), 25u);
    for (const ChanceOutcome& second : rest) {
      State end = state;
      game.Apply(end, second.outcome);
      by_triple[{end.a_sum, end.a_six, end.a_one}] += first.probability * second.probability;
    }
  }
  return by_triple;
}

// Every face combination of `dice` d6, counted by (total + modifier, sixes, ones).
std::map<Triple, Probability> EnumeratedDistribution(int dice, int modifier) {
  std::map<Triple, uint64_t> counts;
  std::vector<int> faces(dice, 1);
  uint64_t all = 0;
  while (true) {
    int sum = modifier, sixes = 0, ones = 0;
    for (int face : faces) {
      sum += face;
      sixes += face == 6 ? 1 : 0;
      ones += face == 1 ? 1 : 0;
    }
    ++counts[{sum, sixes, ones}];
    ++all;
    int i = 0;
    while (i < dice && faces[i] == 6) faces[i++] = 1;
    if (i == dice) break;
    ++faces[i];
  }
  std::map<Triple, Probability> by_triple;
  for (const auto& [triple, count] : counts) by_triple[triple] = Probability(count, all);
  return by_triple;
}

TEST_F(BrickactionCloseRollTest, TheTwoNodesGiveTheExactDistributionOfTheWholeRoll) {
  State seven = At("A@5,5/4v/-/0/- B@0,11/1vom/-/0/- a@5,4/1/-/0/- b@11,0/1vom/-/0/-");
  Play(*game_, seven, {"A", "attack", "close a"});
  const auto of_seven = SideDistribution(*game_, seven);
  EXPECT_EQ(of_seven.size(), 288u);  // as many as one node would have had
  EXPECT_EQ(of_seven, EnumeratedDistribution(7, 1));

  State eight = At("A:x B@5,5/1vom/-/0/- a:x b@6,4/1vom/-/0/-");
  Play(*game_, eight, {"B", "attack", "close b"});
  const auto of_eight = SideDistribution(*game_, eight);
  EXPECT_EQ(of_eight.size(), 405u);
  EXPECT_EQ(of_eight, EnumeratedDistribution(8, 3));
  // By hand: no 6 and no 1 among 8 dice, (4/6)^8 = 256/6561; eight 1s (total 8 + 3),
  // 1/6^8 = 1/1679616.
  ChanceList naturals;
  game_->ChanceOutcomes(eight, naturals);
  const auto none = game_->ParseAction(eight, kChancePlayer, "sixes 0 ones 0");
  ASSERT_TRUE(none.ok()) << none.status();
  const auto it = std::find_if(naturals.begin(), naturals.end(),
                               [&](const ChanceOutcome& o) { return o.outcome == *none; });
  ASSERT_NE(it, naturals.end());
  EXPECT_EQ(it->probability.ToString(), "256/6561");
  EXPECT_EQ(of_eight.at({11, 0, 8}).ToString(), "1/1679616");
}

}  // namespace
}  // namespace sandtable::brickaction_test
