#include "tools/odds.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/tools/pick_shoot.h"
#include "tools/cli_common.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

using ::sandtable::testing::PickShootGameObject;
using ::testing::HasSubstr;

// The odds of `move` at `before` (ApplyOddsMove, then ComputeOdds).
absl::StatusOr<OddsResult> Odds(const Position& before, std::string_view move,
                                int64_t max_paths = 1'000'000, std::string* applied = nullptr) {
  std::string text;
  absl::StatusOr<std::unique_ptr<Position>> start = ApplyOddsMove(before, move, &text);
  if (!start.ok()) return start.status();
  if (applied != nullptr) *applied = text;
  return ComputeOdds(before, **start, false, max_paths);
}

TEST(OddsTest, TwoDiceForSixes) {
  std::unique_ptr<Position> position = PickShootGameObject()->NewInitialPosition();
  position->ApplyJoint({0, 0});  // equal picks: only a six wins
  std::string applied;
  const auto odds = Odds(*position, " shoot  2 ", 1'000'000, &applied);
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(applied, "shoot 2");
  ASSERT_EQ(odds->measure_names, (std::vector<std::string>{"sixes", "won"}));
  ASSERT_EQ(odds->lines.size(), 3u);
  EXPECT_EQ(odds->lines[0].values, (std::vector<int>{0, 0}));
  EXPECT_EQ(odds->lines[0].probability, Probability(25, 36));
  EXPECT_EQ(odds->lines[1].values, (std::vector<int>{1, 1}));
  EXPECT_EQ(odds->lines[1].probability, Probability(10, 36));
  EXPECT_EQ(odds->lines[2].probability, Probability(1, 36));
  EXPECT_EQ(odds->expected[0].ToString(), "1/3");  // 2 dice x 1/6
  EXPECT_EQ(odds->expected[1].ToString(), "11/36");
  EXPECT_TRUE(odds->total.IsOne());
  EXPECT_EQ(odds->paths, 3);
}

TEST(OddsTest, TheMoveFitsTheNode) {
  std::unique_ptr<Position> position = PickShootGameObject()->NewInitialPosition();
  // A simultaneous node takes both players' choices.
  EXPECT_THAT(std::string(Odds(*position, "pick 0").status().message()),
              HasSubstr("write both choices"));
  EXPECT_THAT(std::string(Odds(*position, "").status().message()), HasSubstr("name the move"));
  std::string applied;
  const auto joint = Odds(*position, "pick 0 |pick 1", 1'000'000, &applied);
  ASSERT_TRUE(joint.ok()) << joint.status();
  EXPECT_EQ(applied, "pick 0 | pick 1");
  EXPECT_EQ(joint->paths, 1);  // a decision follows: no chance
  EXPECT_TRUE(joint->total.IsOne());
  position->ApplyJoint({0, 0});
  EXPECT_THAT(std::string(Odds(*position, " ").status().message()), HasSubstr("name the move"));
  EXPECT_FALSE(Odds(*position, "shoot 9").ok());  // illegal
  position->Apply(1);
  EXPECT_THAT(std::string(Odds(*position, "sixes 1").status().message()),
              HasSubstr("need no move"));
  const auto from_chance = Odds(*position, "");
  ASSERT_TRUE(from_chance.ok());
  EXPECT_EQ(from_chance->expected[0].ToString(), "1/6");
  position->Apply(0);
  EXPECT_THAT(std::string(Odds(*position, "").status().message()), HasSubstr("game is over"));
}

TEST(OddsTest, GoofspielBidsThenTheNextPrize) {
  const auto game = CreateGame("goofspiel(cards=4)");
  ASSERT_TRUE(game.ok()) << game.status();
  std::unique_ptr<Position> position = (*game)->NewInitialPosition();
  ASSERT_EQ(position->Kind(), NodeKind::kChance);  // the first prize
  position->Apply(position->ChanceOutcomes()[0].outcome);
  ASSERT_EQ(position->Kind(), NodeKind::kSimultaneous);
  std::string applied;
  const auto start = ApplyOddsMove(*position, "bid 1 | bid 2", &applied);
  ASSERT_TRUE(start.ok()) << start.status();
  EXPECT_EQ(applied, "bid 1 | bid 2");
  // Player 1's higher bid takes the prize on the table: one result for the measures.
  const auto odds = ComputeOdds(*position, **start, false);
  ASSERT_TRUE(odds.ok()) << odds.status();
  ASSERT_EQ(odds->measure_names, (std::vector<std::string>{"points0", "points1"}));
  ASSERT_EQ(odds->lines.size(), 1u);
  EXPECT_EQ(odds->lines[0].values[0], 0);
  EXPECT_GT(odds->lines[0].values[1], 0);
  EXPECT_TRUE(odds->lines[0].probability.IsOne());
  // Told apart by position: the next prize is one of the 3 left, each with 1/3.
  const auto by_position = ComputeOdds(*position, **start, true);
  ASSERT_TRUE(by_position.ok()) << by_position.status();
  ASSERT_EQ(by_position->lines.size(), 3u);
  for (const OddsLine& line : by_position->lines) EXPECT_EQ(line.probability, Probability(1, 3));
  EXPECT_EQ(by_position->paths, 3);
}

TEST(OddsTest, PathLimit) {
  std::unique_ptr<Position> position = PickShootGameObject()->NewInitialPosition();
  position->ApplyJoint({0, 0});
  EXPECT_EQ(Odds(*position, "shoot 2", 2).status().code(), absl::StatusCode::kResourceExhausted);
}

TEST(OddsTest, SignedExpectations) {
  SignedProbability value;
  value.AddTimes(Probability(1, 4), 2);
  value.AddTimes(Probability(3, 4), -1);
  EXPECT_EQ(value.ToString(), "-1/4");
  EXPECT_DOUBLE_EQ(value.ToDouble(), -0.25);
  value.AddTimes(Probability(1, 8), 2);
  EXPECT_EQ(value.ToString(), "0");
}

TEST(OddsTest, QuickplayTankCannonAtABrassbounderInTheOpen) {
  const auto game = CreateGame("quickplay");
  ASSERT_TRUE(game.ok());
  // Player 0's Tank at (2,4) is activated; player 1's Brassbounder stands in the open at
  // (2,6), two cells away.
  const auto position =
      LoadPosition(**game,
                   "round=1 phase=act player=0 vp=0-0 active=T done=- target=- weapon=- hits=0 "
                   "R@3,7:4/0 T@2,4:0 B@2,11:0 r@20,8:4/0 t@21,11:0 b@2,6:0",
                   {});
  ASSERT_TRUE(position.ok()) << position.status();
  const auto odds = Odds(**position, "shoot b cannon");
  ASSERT_TRUE(odds.ok()) << odds.status();
  // Each d10 hits on 5+ (6/10) and then damages on a reroll above armour (7/10 for a
  // Brassbounder): 21/50 per die, so 2 dice give 0.84 expected damage tokens and destroy
  // with (21/50)^2 = 441/2500 = 0.1764.
  int damage = -1, destroyed = -1;
  for (size_t i = 0; i < odds->measure_names.size(); ++i) {
    if (odds->measure_names[i] == "damage") damage = static_cast<int>(i);
    if (odds->measure_names[i] == "destroyed") destroyed = static_cast<int>(i);
  }
  ASSERT_GE(damage, 0);
  ASSERT_GE(destroyed, 0);
  EXPECT_EQ(odds->expected[damage].ToString(), "21/25");
  EXPECT_EQ(odds->expected[destroyed].ToString(), "441/2500");
  ASSERT_EQ(odds->lines.size(), 3u);
  EXPECT_EQ(odds->lines[0].probability, Probability(841, 2500));  // (29/50)^2
  EXPECT_EQ(odds->lines[1].probability, Probability(1218, 2500));
  EXPECT_TRUE(odds->total.IsOne());
}

}  // namespace
}  // namespace sandtable
