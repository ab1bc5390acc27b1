// The template ruleset's rules, one test per rule on a hand-built position (the pattern every
// ruleset's rules tests follow; docs/adding-a-ruleset.md). The conformance suite covers the
// contract through the ruleset list.
#include <memory>
#include <string>
#include <vector>

#include "engine/params.h"
#include "gtest/gtest.h"
#include "rulesets/template/template_game.h"

namespace sandtable {
namespace {

class TemplateTest : public ::testing::Test {
 protected:
  TemplateTest() {
    auto params = Params::Resolve(TemplateGame::ParamDefs(), {});
    game_ = *TemplateGame::Create(*params, "");
  }
  TemplateGame::State Parse(std::string_view text) {
    auto state = game_->ParseState(text);
    EXPECT_TRUE(state.ok()) << state.status();
    return *state;
  }
  std::vector<std::string> Legal(const TemplateGame::State& state) {
    ActionList actions;
    game_->LegalActions(state, game_->CurrentPlayer(state), actions);
    std::vector<std::string> texts;
    for (Action a : actions) texts.push_back(game_->ActionToString(state, state.player, a));
    return texts;
  }
  std::shared_ptr<const TemplateGame> game_;
};

TEST_F(TemplateTest, StartsInOppositeCorners) {
  EXPECT_EQ(game_->StateToString(game_->InitialState()), "0,4:2 4,0:2 0 0 turn");
}

TEST_F(TemplateTest, StepsAreOrthogonalOntoFreeCells) {
  // Scout A at 2,2 with the enemy at 3,2: up, left and down, not onto the enemy; in range.
  EXPECT_EQ(Legal(Parse("2,2:2 3,2:2 0 0 turn")),
            (std::vector<std::string>{"move 2,1", "move 1,2", "move 2,3", "shoot"}));
  // A corner has two steps; the enemy 4 cells away is out of range.
  EXPECT_EQ(Legal(Parse("0,4:2 4,4:2 0 0 turn")),
            (std::vector<std::string>{"move 0,3", "move 1,4"}));
}

TEST_F(TemplateTest, RangeIsThreeCellsCentreToCentre) {
  EXPECT_TRUE(game_->InRange(Parse("0,0:2 3,0:2 0 0 turn")));   // 3
  EXPECT_FALSE(game_->InRange(Parse("0,0:2 3,1:2 0 0 turn")));  // sqrt 10 > 3
}

TEST_F(TemplateTest, TwoDiceHitOnFivePlus) {
  TemplateGame::State state = Parse("2,2:2 3,2:2 0 0 turn");
  game_->Apply(state, TemplateGame::kShoot);
  ASSERT_EQ(game_->Kind(state), NodeKind::kChance);
  ChanceList outcomes;
  game_->ChanceOutcomes(state, outcomes);
  ASSERT_EQ(outcomes.size(), 3);
  // Each die hits with 2/6 = 1/3: P(0) = 4/9, P(1) = 4/9, P(2) = 1/9.
  EXPECT_EQ(outcomes[0].probability, Probability(4, 9));
  EXPECT_EQ(outcomes[1].probability, Probability(4, 9));
  EXPECT_EQ(outcomes[2].probability, Probability(1, 9));
  // Raw faces map to the same outcomes.
  EXPECT_EQ(*game_->ParseAction(state, kChancePlayer, "roll 5 4"), TemplateGame::kHitsBase + 1);
  EXPECT_EQ(*game_->ParseAction(state, kChancePlayer, "roll 6 5"), TemplateGame::kHitsBase + 2);
  EXPECT_FALSE(game_->ParseAction(state, kChancePlayer, "roll 7 1").ok());
  EXPECT_FALSE(game_->ParseAction(state, kChancePlayer, "roll 6").ok());
}

TEST_F(TemplateTest, TwoHitsDestroyAndWin) {
  TemplateGame::State state = Parse("2,2:2 3,2:2 0 0 turn");
  game_->Apply(state, TemplateGame::kShoot);
  game_->Apply(state, *game_->ParseAction(state, kChancePlayer, "hits 2"));
  ASSERT_EQ(game_->Kind(state), NodeKind::kTerminal);
  EXPECT_EQ(game_->Returns(state, 0), 1.0);
  EXPECT_EQ(game_->Returns(state, 1), -1.0);
  EXPECT_EQ(game_->Score(state, 0), 2);
}

TEST_F(TemplateTest, TheFlagDecidesWhenTurnsRunOut) {
  // Turn 19 of 20: A steps onto the flag (2,2) and the game ends with A on it.
  TemplateGame::State state = Parse("2,3:2 0,0:1 19 1 turn");
  EXPECT_FALSE(game_->ParseAction(state, 0, "move 2,2").ok());  // not player 0's turn
  state = Parse("2,3:2 0,0:1 18 0 turn");
  game_->Apply(state, *game_->ParseAction(state, 0, "move 2,2"));
  game_->Apply(state, *game_->ParseAction(state, 1, "move 1,0"));
  ASSERT_EQ(game_->Kind(state), NodeKind::kTerminal);
  EXPECT_EQ(game_->Returns(state, 0), 1.0);
  // Nobody on the flag: a draw.
  EXPECT_EQ(game_->Returns(Parse("0,3:2 0,0:1 20 0 over"), 0), 0.0);
}

TEST_F(TemplateTest, ParseStateRejectsWhatTheRulesCannotReach) {
  for (std::string_view bad :
       {"1,1:2 1,1:2 0 0 turn", "0,4:2 4,0:2 0 1 turn", "0,4:0 4,0:2 3 1 turn",
        "0,4:2 4,0:2 20 0 turn", "0,4:2 4,0:2 0 0 shot", "0,4:3 4,0:2 0 0 turn",
        "0,5:2 4,0:2 0 0 turn", "", "0,4:2 4,0:2 0 0 turn extra"}) {
    EXPECT_FALSE(game_->ParseState(bad).ok()) << bad;
  }
}

TEST_F(TemplateTest, ParseActionSaysWhy) {
  const TemplateGame::State state = Parse("0,4:2 4,0:2 0 0 turn");
  EXPECT_EQ(game_->ParseAction(state, 0, "shoot").status().message(),
            "the enemy is out of range (3 cells)");
  EXPECT_FALSE(game_->ParseAction(state, 0, "move 2,2").ok());
  EXPECT_FALSE(game_->ParseAction(state, 0, "fly").ok());
}

TEST(TemplateCreateTest, SizeMustBeOdd) {
  auto params = Params::Resolve(TemplateGame::ParamDefs(), {{"size", "4"}});
  ASSERT_TRUE(params.ok());
  EXPECT_FALSE(TemplateGame::Create(*params, "").ok());
}

}  // namespace
}  // namespace sandtable
