#include <gtest/gtest.h>

#include "tests/tools/toy_game.h"
#include "tools/cli_common.h"
#include "tools/cli_odds.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

using ::sandtable::testing::ToyGameObject;

TEST(OddsTest, TwoDiceForSixes) {
  std::unique_ptr<Position> position = ToyGameObject()->NewInitialPosition();
  position->ApplyJoint({0, 0});  // equal picks: only a six wins
  const auto odds = ComputeOdds(*position, Action{2}, false);
  ASSERT_TRUE(odds.ok()) << odds.status();
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

TEST(OddsTest, RejectsWhatIsNotADecisionOrChance) {
  std::unique_ptr<Position> position = ToyGameObject()->NewInitialPosition();
  EXPECT_FALSE(ComputeOdds(*position, Action{0}, false).ok());  // simultaneous
  position->ApplyJoint({0, 0});
  EXPECT_FALSE(ComputeOdds(*position, std::nullopt, false).ok());  // needs an action
  EXPECT_FALSE(ComputeOdds(*position, Action{9}, false).ok());     // illegal
  position->Apply(1);
  const auto from_chance = ComputeOdds(*position, std::nullopt, false);
  ASSERT_TRUE(from_chance.ok());
  EXPECT_EQ(from_chance->expected[0].ToString(), "1/6");
}

TEST(OddsTest, PathLimit) {
  std::unique_ptr<Position> position = ToyGameObject()->NewInitialPosition();
  position->ApplyJoint({0, 0});
  EXPECT_EQ(ComputeOdds(*position, Action{2}, false, 2).status().code(),
            absl::StatusCode::kResourceExhausted);
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

#if defined(SANDTABLE_HAVE_QUICKPLAY)
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
  const auto action = (*position)->ParseAction(0, "shoot b cannon");
  ASSERT_TRUE(action.ok()) << action.status();
  const auto odds = ComputeOdds(**position, *action, false);
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
#endif

}  // namespace
}  // namespace sandtable
