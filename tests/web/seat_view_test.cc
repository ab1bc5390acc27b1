// No response of the web API shows the person more than the person's seat observed, in any
// registered ruleset: the page's view of a position (board, own hidden holding, scores,
// legal actions and their cells) is the same for every position the seat cannot tell from
// it. Random games of every ruleset with hidden information; at each node and for each seat,
// the view of the true position against views of determinizations for that seat.
#include "tools/web/seat_view.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/chance.h"
#include "engine/rng.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

constexpr int kGames = 4;
constexpr int kDeterminizations = 2;

// The seat's actor for the view: itself when it chooses now, else nobody.
Player ActorFor(const Position& position, Player seat) {
  if (position.Kind() == NodeKind::kSimultaneous) return seat;
  if (position.Kind() == NodeKind::kDecision && position.CurrentPlayer() == seat) return seat;
  return kNoPlayer;
}

void AdvanceAtRandom(Position& position, Rng& rng) {
  switch (position.Kind()) {
    case NodeKind::kChance:
      position.Apply(SampleChance(position.ChanceOutcomes(), rng));
      return;
    case NodeKind::kSimultaneous: {
      JointAction joint{};
      for (Player p = 0; p < kNumPlayers; ++p) {
        const ActionList actions = position.LegalActions(p);
        joint[p] = actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
      }
      position.ApplyJoint(joint);
      return;
    }
    default: {
      const ActionList actions = position.LegalActions(position.CurrentPlayer());
      position.Apply(actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))]);
    }
  }
}

TEST(SeatView, ShowsNothingTheSeatHasNotObservedInAnyRuleset) {
  int rulesets_checked = 0;
  for (const RulesetInfo& info : ListRulesets()) {
    const auto game = CreateGame(info.name);
    ASSERT_TRUE(game.ok()) << game.status();
    if (!(*game)->HasHiddenInformation()) continue;
    ++rulesets_checked;
    int views_compared = 0;
    for (int g = 0; g < kGames; ++g) {
      Rng rng(g, 0x5ea7);
      std::unique_ptr<Position> position = (*game)->NewInitialPosition();
      while (position->Kind() != NodeKind::kTerminal) {
        for (Player seat = 0; seat < kNumPlayers; ++seat) {
          const Player actor = ActorFor(*position, seat);
          const std::string truth = JsonText(SeatView(*position, seat, actor));
          for (int d = 0; d < kDeterminizations; ++d) {
            std::unique_ptr<Position> other = position->Clone();
            other->Determinize(seat, rng);
            ASSERT_EQ(JsonText(SeatView(*other, seat, actor)), truth)
                << info.name << ", seat " << seat << ": " << position->ToString() << " vs "
                << other->ToString();
            ++views_compared;
          }
        }
        AdvanceAtRandom(*position, rng);
      }
    }
    EXPECT_GT(views_compared, 0) << info.name;
  }
  // kuhn_poker, liars_dice and quick at least.
  EXPECT_GE(rulesets_checked, 3);
}

}  // namespace
}  // namespace sandtable
