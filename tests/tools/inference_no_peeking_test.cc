// No peeking with inference on (the default belief): through the Game interface, where a
// position carries the history that inference reads, two histories that differ only in what
// the searching player cannot see give the same search.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "engine/check.h"
#include "tests/same_search_result.h"
#include "tools/game.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

// Plays `moves` from the start: "a" for the player to move or chance, "a|b" for a joint
// choice.
std::unique_ptr<Position> Play(const Game& game, const std::vector<std::string>& moves) {
  std::unique_ptr<Position> position = game.NewInitialPosition();
  for (const std::string& move : moves) {
    const size_t bar = move.find('|');
    if (bar != std::string::npos) {
      const absl::StatusOr<Action> first = position->ParseAction(0, move.substr(0, bar));
      const absl::StatusOr<Action> second = position->ParseAction(1, move.substr(bar + 1));
      CHECK(first.ok() && second.ok());
      position->ApplyJoint({*first, *second});
    } else {
      const Player actor =
          position->Kind() == NodeKind::kChance ? kChancePlayer : position->CurrentPlayer();
      const absl::StatusOr<Action> action = position->ParseAction(actor, move);
      CHECK(action.ok());
      position->Apply(*action);
    }
  }
  return position;
}

// Searches each history for `player` with the default options (inference) and expects the
// same result from all.
void ExpectSameSearch(const std::string& spec, const std::vector<std::vector<std::string>>& runs,
                      Player player) {
  const absl::StatusOr<std::shared_ptr<const Game>> game = CreateGame(spec);
  ASSERT_TRUE(game.ok()) << game.status();
  SearchOptions options;
  ASSERT_EQ(options.belief, BeliefModel::kInference);
  options.deterministic = true;
  options.max_iterations = 2000;
  options.threads = 2;
  std::vector<SearchResult> results;
  for (const std::vector<std::string>& moves : runs) {
    results.push_back((*game)->NewSearch(options)->Run(*Play(**game, moves), player));
  }
  EXPECT_TRUE(results[0].belief_exact);
  EXPECT_FALSE(results[0].belief.empty());
  for (size_t i = 1; i < results.size(); ++i) ExpectSameResult(results[0], results[i]);
}

TEST(InferenceNoPeekingTest, LiarsDiceOpponentsDieDoesNotMatter) {
  // Player 1 holds a 5 and answers player 0's 1x3; player 0 rolled 3, 1 or 6.
  ExpectSameSearch("liars_dice", {{"3", "5", "1x3"}, {"1", "5", "1x3"}, {"6", "5", "1x3"}}, 1);
}

TEST(InferenceNoPeekingTest, QuickBluesSecretSelectionDoesNotMatter) {
  // Round 1: Blue (player 0) selects its cubes in secret, goes second; Red (player 1) acts.
  ExpectSameSearch("quick",
                   {{"select 4 blue 0 pink|select 2 blue 2 pink", "go second"},
                    {"select 2 blue 2 pink|select 2 blue 2 pink", "go second"},
                    {"select 3 blue 1 pink|select 2 blue 2 pink", "go second"}},
                   1);
}

}  // namespace
}  // namespace sandtable
