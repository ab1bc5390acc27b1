#include "tools/game_impl.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>

#include "tests/tools/pick_shoot.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

using ::sandtable::testing::PickShootGameObject;
using ::testing::HasSubstr;

TEST(GameImplTest, WrapsTheRuleset) {
  const std::shared_ptr<const Game> game = PickShootGameObject();
  EXPECT_EQ(game->name(), "pick_shoot");
  EXPECT_EQ(game->spec(), "pick_shoot");
  EXPECT_EQ(game->MaxGameLength(), 3);
  std::unique_ptr<Position> position = game->NewInitialPosition();
  EXPECT_EQ(&position->game(), game.get());
  EXPECT_EQ(position->Kind(), NodeKind::kSimultaneous);
  EXPECT_EQ(position->LegalActions(1).size(), 3);
  position->ApplyJoint({2, 1});
  EXPECT_EQ(position->Kind(), NodeKind::kDecision);
  EXPECT_EQ(position->CurrentPlayer(), 0);
  const std::unique_ptr<Position> copy = position->Clone();
  position->Apply(2);
  EXPECT_EQ(position->Kind(), NodeKind::kChance);
  EXPECT_EQ(copy->Kind(), NodeKind::kDecision);  // the clone is independent
  const ChanceList outcomes = position->ChanceOutcomes();
  ASSERT_EQ(outcomes.size(), 3);
  EXPECT_EQ(outcomes[0].probability, Probability(25, 36));
  position->Apply(0);
  EXPECT_EQ(position->Kind(), NodeKind::kTerminal);
  EXPECT_EQ(position->Returns(0), 1.0);  // picks 2 > 1
  EXPECT_EQ(position->Evaluate(), 1.0);  // Returns(0) at the end
  EXPECT_EQ(position->ToString(), "3 2 1 2 0");
  const auto reparsed = game->ParsePosition(position->ToString());
  ASSERT_TRUE(reparsed.ok());
  EXPECT_EQ((*reparsed)->ToString(), "3 2 1 2 0");
  EXPECT_FALSE(game->ParsePosition("1 2").ok());
}

TEST(GameImplTest, ParseActionChecksLegalityWithClearErrors) {
  const std::shared_ptr<const Game> game = PickShootGameObject();
  std::unique_ptr<Position> position = game->NewInitialPosition();
  EXPECT_EQ(*position->ParseAction(1, "pick 2"), 2u);
  const auto out_of_range = position->ParseAction(0, "pick 7");
  ASSERT_FALSE(out_of_range.ok());
  EXPECT_EQ(out_of_range.status().message(),
            "illegal action 'pick 7' here; legal: pick 0, pick 1, pick 2");
  const auto garbage = position->ParseAction(0, "dance");
  ASSERT_FALSE(garbage.ok());
  EXPECT_THAT(std::string(garbage.status().message()),
              HasSubstr("illegal action 'dance' here (expected 'pick N'); legal: pick 0"));
  EXPECT_FALSE(position->ParseAction(kChancePlayer, "sixes 0").ok());

  position->ApplyJoint({0, 0});
  const auto wrong_player = position->ParseAction(1, "shoot 1");
  ASSERT_FALSE(wrong_player.ok());
  EXPECT_THAT(std::string(wrong_player.status().message()), HasSubstr("player 0 is to move"));
  position->Apply(1);
  EXPECT_EQ(*position->ParseAction(kChancePlayer, "roll 6"), 1u);           // raw faces
  const auto impossible = position->ParseAction(kChancePlayer, "sixes 2");  // one die
  ASSERT_FALSE(impossible.ok());
  EXPECT_THAT(std::string(impossible.status().message()), HasSubstr("outcomes: sixes 0, sixes 1"));
  position->Apply(0);
  EXPECT_THAT(std::string(position->ParseAction(0, "pick 1").status().message()),
              HasSubstr("the game is over"));
}

TEST(GameImplTest, RandomPlayoutsCountEveryStep) {
  const std::unique_ptr<Position> start = PickShootGameObject()->NewInitialPosition();
  const PlayoutStats stats = start->RandomPlayouts(1000, 7, nullptr);
  EXPECT_EQ(stats.games, 1000);
  EXPECT_EQ(stats.steps, 3000);      // joint choice, shot, roll
  EXPECT_EQ(stats.decisions, 2000);  // the roll is not a decision
  EXPECT_EQ(stats.wins[0] + stats.wins[1] + stats.draws, 1000);
  EXPECT_EQ(stats.draws, 0);
  // Same seed, same games, counted as they finish when asked.
  std::atomic<int64_t> games_done{0};
  EXPECT_EQ(start->RandomPlayouts(1000, 7, &games_done).wins[0], stats.wins[0]);
  EXPECT_EQ(games_done.load(), 1000);
}

TEST(GameImplTest, ResultMeasuresCompareWithTheBeforePosition) {
  const std::shared_ptr<const Game> game = PickShootGameObject();
  std::unique_ptr<Position> before = game->NewInitialPosition();
  before->ApplyJoint({0, 0});
  before->Apply(2);
  std::unique_ptr<Position> after = before->Clone();
  after->Apply(2);
  const auto measures = after->ResultMeasures(*before);
  ASSERT_EQ(measures.size(), 2u);
  EXPECT_EQ(measures[0], (std::pair<std::string, int>("sixes", 2)));
  EXPECT_EQ(measures[1], (std::pair<std::string, int>("won", 1)));
}

TEST(RegistryTest, ListsAndCreatesRulesets) {
  const std::vector<RulesetInfo> rulesets = ListRulesets();
  bool found = false;
  for (const RulesetInfo& info : rulesets) found |= info.name == "kuhn_poker";
  EXPECT_TRUE(found);
  const auto game = CreateGame("liars_dice(dice=2)");
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ((*game)->spec(), "liars_dice(dice=2,faces=6)");
  const auto bad_value = CreateGame("liars_dice(dice=9)");
  ASSERT_FALSE(bad_value.ok());
  EXPECT_THAT(std::string(bad_value.status().message()), HasSubstr("dice"));
  EXPECT_FALSE(CreateGame("liars_dice(colour=red)").ok());
  EXPECT_EQ(DefaultRulesetName(), "quickplay");
  EXPECT_EQ(rulesets.front().name, "quickplay");
  const auto unknown = CreateGame("chess");
  ASSERT_FALSE(unknown.ok());
  EXPECT_THAT(std::string(unknown.status().message()), HasSubstr("unknown ruleset 'chess'"));
  EXPECT_FALSE(CreateGame("bad name(").ok());
}

// The tree size of a fixed deterministic search from the initial position (after the deal).
int64_t TreeNodes(const Game& game, RolloutChoice rollout) {
  std::unique_ptr<Position> position = game.NewInitialPosition();
  Rng dice(3);
  while (position->Kind() == NodeKind::kChance) {
    const ChanceList outcomes = position->ChanceOutcomes();
    position->Apply(outcomes[static_cast<int>(dice.Below(outcomes.size()))].outcome);
  }
  SearchOptions options;
  options.max_iterations = 300;
  options.deterministic = true;
  options.seed = 9;
  options.rollout = rollout;
  const Player player = position->Kind() == NodeKind::kDecision ? position->CurrentPlayer() : 0;
  return game.NewSearch(options)->Run(*position, player).tree_nodes;
}

TEST(RegistryTest, SearchesUseTheRulesetsPlayoutPolicyUnlessToldUniform) {
  const auto quickplay = CreateGame("quickplay");
  ASSERT_TRUE(quickplay.ok()) << quickplay.status();
  // Other playouts, another tree.
  EXPECT_NE(TreeNodes(**quickplay, RolloutChoice::kRuleset),
            TreeNodes(**quickplay, RolloutChoice::kUniform));
  const auto liars_dice = CreateGame("liars_dice");
  ASSERT_TRUE(liars_dice.ok()) << liars_dice.status();
  // Its registered policy is the uniform one.
  EXPECT_EQ(TreeNodes(**liars_dice, RolloutChoice::kRuleset),
            TreeNodes(**liars_dice, RolloutChoice::kUniform));
}

}  // namespace
}  // namespace sandtable
