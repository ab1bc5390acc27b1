// Analysis at a chance node: the branches are the exact chance paths, terminal branches
// count their exact returns, and searched branches never see the opponent's hidden draw.
#include "tools/chance_analysis.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/tools/pick_shoot.h"
#include "tools/cli_analyse.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

using ::sandtable::testing::PickShootGameObject;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

SearchOptions Options() {
  SearchOptions options;
  options.max_iterations = 300;
  options.seed = 5;
  return options;
}

TEST(ChanceAnalysisTest, TerminalBranchesCountTheirExactReturns) {
  std::unique_ptr<Position> position = PickShootGameObject()->NewInitialPosition();
  position->ApplyJoint({0, 0});  // equal picks: player 0 wins only with a six
  position->Apply(*position->ParseAction(0, "shoot 2"));
  for (Player viewer : {0, 1}) {
    const absl::StatusOr<ChanceAnalysis> analysis = AnalyseChance(*position, viewer, Options());
    ASSERT_TRUE(analysis.ok()) << analysis.status();
    ASSERT_EQ(analysis->branches.size(), 3u);
    const double sign = viewer == 0 ? 1 : -1;
    const Probability expected_probability[] = {Probability(25, 36), Probability(10, 36),
                                                Probability(1, 36)};
    const double expected_value[] = {-sign, sign, sign};
    for (int k = 0; k < 3; ++k) {
      const ChanceBranch& branch = analysis->branches[k];
      EXPECT_THAT(branch.outcomes, ElementsAre(absl::StrCat("sixes ", k)));
      EXPECT_EQ(branch.probability, expected_probability[k]);
      EXPECT_EQ(branch.position->Kind(), NodeKind::kTerminal);
      EXPECT_EQ(branch.search.iterations, 0);  // nothing to search
      EXPECT_EQ(branch.value, expected_value[k]);
    }
    // 11/36 wins against 25/36 losses for player 0.
    EXPECT_NEAR(analysis->expected_value, sign * -14.0 / 36, 1e-12);
  }
}

TEST(ChanceAnalysisTest, NoBranchesAfterADecision) {
  // Before player 0 shoots there is no chance to enumerate: the position is its own branch.
  std::unique_ptr<Position> position = PickShootGameObject()->NewInitialPosition();
  position->ApplyJoint({1, 0});
  const absl::StatusOr<std::vector<ChanceBranch>> branches = EnumerateChanceBranches(*position);
  ASSERT_TRUE(branches.ok());
  ASSERT_EQ(branches->size(), 1u);
  EXPECT_TRUE(branches->front().outcomes.empty());
  EXPECT_TRUE(branches->front().probability.IsOne());
}

TEST(ChanceAnalysisTest, KuhnDealsAreSearchedWithoutPeeking) {
  absl::StatusOr<std::shared_ptr<const Game>> game = CreateGame("kuhn_poker", "");
  ASSERT_TRUE(game.ok());
  const std::unique_ptr<Position> deal = (*game)->NewInitialPosition();
  const absl::StatusOr<ChanceAnalysis> analysis = AnalyseChance(*deal, 0, Options());
  ASSERT_TRUE(analysis.ok()) << analysis.status();
  ASSERT_EQ(analysis->branches.size(), 6u);
  double expected = 0;
  for (const ChanceBranch& branch : analysis->branches) {
    ASSERT_EQ(branch.outcomes.size(), 2u);
    EXPECT_EQ(branch.probability, Probability(1, 6));
    ASSERT_EQ(branch.position->Kind(), NodeKind::kDecision);
    EXPECT_EQ(branch.search.iterations, 300);
    expected += branch.value / 6;
  }
  EXPECT_DOUBLE_EQ(analysis->expected_value, expected);
  // Player 0 moves first and sees only its own card: the deals J-Q and J-K (outcome order
  // J, Q, K each time) are one information set, searched with one seed, so they agree.
  EXPECT_THAT(analysis->branches[0].outcomes, ElementsAre("J", "Q"));
  EXPECT_THAT(analysis->branches[1].outcomes, ElementsAre("J", "K"));
  EXPECT_EQ(analysis->branches[0].value, analysis->branches[1].value);
  // Holding the king is worth more than holding the jack.
  EXPECT_GT(analysis->branches[4].value, analysis->branches[0].value);
  // Seen from player 1, every value changes sign (zero-sum), the searches being the same.
  const absl::StatusOr<ChanceAnalysis> other = AnalyseChance(*deal, 1, Options());
  ASSERT_TRUE(other.ok());
  for (size_t i = 0; i < other->branches.size(); ++i) {
    EXPECT_EQ(other->branches[i].value, -analysis->branches[i].value);
  }
}

TEST(ChanceAnalysisTest, TooManyBranchesIsAClearError) {
  absl::StatusOr<std::shared_ptr<const Game>> game = CreateGame("liars_dice(dice=2)", "");
  ASSERT_TRUE(game.ok()) << game.status();
  const std::unique_ptr<Position> roll = (*game)->NewInitialPosition();
  const absl::StatusOr<std::vector<ChanceBranch>> branches = EnumerateChanceBranches(*roll);
  ASSERT_FALSE(branches.ok());
  EXPECT_THAT(std::string(branches.status().message()),
              HasSubstr("more than 64 ways before the next decision"));
}

}  // namespace
}  // namespace sandtable
