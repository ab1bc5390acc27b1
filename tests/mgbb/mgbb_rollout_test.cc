// MgbbRollout (eval/mgbb_rollout.h): its choices on hand-built positions, with its uniform
// share off (uniform_percent = 0) unless a test is about that share.
#include "eval/mgbb_rollout.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "engine/facing.h"
#include "engine/rng.h"
#include "gtest/gtest.h"
#include "rulesets/mgbb/mgbb.h"
#include "tests/mgbb/mgbb_test_util.h"

namespace sandtable {
namespace {

using G = MgbbGame;
using mgbb_test::Acting;
using mgbb_test::Has;
using mgbb_test::Legal;

constexpr MgbbRollout kPolicy{.uniform_percent = 0};

// Open ground, the polling station on 9,9.
std::shared_ptr<const G> MakeGame(std::string_view units) {
  return mgbb_test::GameOnMap(mgbb_test::kOpenMap, units);
}

// A government rifle unit (0) at 4,6 facing north with its commander (1) beside it; an
// insurgent rifle unit (2) at 4,3, in its sights, and another (3) at 7,3; the insurgents'
// commander (4) far off in the corner.
constexpr std::string_view kSkirmish =
    "unit side=government class=regular type=foot weapon=rifle at=4,6 facing=N\n"
    "unit side=government class=regular type=commander trait=defensive at=5,7 facing=N\n"
    "unit side=insurgents class=guerrilla type=foot weapon=rifle at=4,3 facing=S\n"
    "unit side=insurgents class=guerrilla type=foot weapon=rifle at=7,3 facing=S\n"
    "unit side=insurgents class=guerrilla type=commander trait=rash at=0,0 facing=S\n";

// The policy's choices at `state` over `n` random streams, counted.
std::map<Action, int> Choices(const MgbbRollout& policy, const G& game, const G::State& state,
                              int n = 200) {
  const ActionList actions = Legal(game, state);
  std::map<Action, int> counts;
  for (int i = 0; i < n; ++i) {
    Rng rng(7, static_cast<uint64_t>(i));
    ++counts[policy.Choose(game, state, actions, rng)];
  }
  return counts;
}

std::set<Action> Chosen(const std::map<Action, int>& counts) {
  std::set<Action> chosen;
  for (const auto& [action, count] : counts) chosen.insert(action);
  return chosen;
}

int Count(const std::map<Action, int>& counts, Action action) {
  const auto it = counts.find(action);
  return it == counts.end() ? 0 : it->second;
}

TEST(MgbbRolloutTest, FightsWhenItCanElseMovesElseHoldsTheStation) {
  auto game = MakeGame(kSkirmish);
  G::State state = Acting(*game, 0);
  const ActionList orders = Legal(*game, state);
  ASSERT_TRUE(Has(orders, G::kOrderBase + G::kShoot));
  ASSERT_TRUE(Has(orders, G::kOrderBase + G::kMove));
  ASSERT_TRUE(Has(orders, G::kOrderBase + G::kEnd));
  std::set<Action> attacks;
  for (Action order : {G::kShoot, G::kCharge}) {
    if (Has(orders, G::kOrderBase + order)) attacks.insert(G::kOrderBase + order);
  }
  EXPECT_EQ(Chosen(Choices(kPolicy, *game, state)), attacks);  // each attack, nothing else

  // The enemies gone out of range and reach: it moves.
  state.cell[2] = static_cast<uint16_t>(game->CellIndex(0, 9));
  state.cell[3] = static_cast<uint16_t>(game->CellIndex(1, 9));
  state.facing[0] = static_cast<uint8_t>(Facing::kN);
  ASSERT_FALSE(Has(Legal(*game, state), G::kOrderBase + G::kShoot));
  ASSERT_FALSE(Has(Legal(*game, state), G::kOrderBase + G::kCharge));
  EXPECT_EQ(Chosen(Choices(kPolicy, *game, state)), std::set<Action>{G::kOrderBase + G::kMove});

  // On the polling station it stays.
  state.cell[0] = static_cast<uint16_t>(game->CellIndex(9, 9));
  state.cell[1] = static_cast<uint16_t>(game->CellIndex(8, 8));
  ASSERT_TRUE(Has(Legal(*game, state), G::kOrderBase + G::kMove));
  EXPECT_EQ(Chosen(Choices(kPolicy, *game, state)), std::set<Action>{G::kOrderBase + G::kEnd});
}

TEST(MgbbRolloutTest, MovesToTheDestinationsNearestTheStationUniformly) {
  auto game = MakeGame(kSkirmish);
  G::State state = Acting(*game, 0);
  game->Apply(state, G::kOrderBase + G::kMove);
  ASSERT_EQ(state.phase, G::kDest);
  const ActionList dests = Legal(*game, state);
  const int station = game->CellIndex(9, 9);
  int nearest = 1 << 30;
  for (Action c : dests) nearest = std::min(nearest, game->Distance2(static_cast<int>(c), station));
  std::set<Action> best;
  for (Action c : dests) {
    if (game->Distance2(static_cast<int>(c), station) == nearest) best.insert(c);
  }
  ASSERT_LT(best.size(), dests.size());
  EXPECT_LT(nearest, game->Distance2(game->CellIndex(4, 6), station));  // it gets nearer
  EXPECT_EQ(Chosen(Choices(kPolicy, *game, state)), best);
}

TEST(MgbbRolloutTest, ShootsTheMostDamagedEnemyThenTheNearest) {
  auto game = MakeGame(kSkirmish);
  G::State state = Acting(*game, 0);
  game->Apply(state, G::kOrderBase + G::kShoot);
  ASSERT_EQ(state.phase, G::kTarget);
  ASSERT_TRUE(Has(Legal(*game, state), G::kTargetBase + 2));
  ASSERT_TRUE(Has(Legal(*game, state), G::kTargetBase + 3));
  // Unhit: the nearer, 2 (9 cells^2 away against 18).
  EXPECT_EQ(Chosen(Choices(kPolicy, *game, state)), std::set<Action>{G::kTargetBase + 2});
  // The farther one with a hit token: it.
  state.hits[3] = 1;
  EXPECT_EQ(Chosen(Choices(kPolicy, *game, state)), std::set<Action>{G::kTargetBase + 3});
}

TEST(MgbbRolloutTest, ReturnsFireFollowsUpAndTurnsTowardTheNearestEnemy) {
  auto game = MakeGame(kSkirmish);
  G::State state = game->InitialState();
  ActionList yes_no;
  yes_no.push_back(G::kYes);
  yes_no.push_back(G::kNo);
  for (uint8_t phase : {G::kReturnFire, G::kFollowUp}) {
    state.phase = phase;
    Rng rng(1);
    EXPECT_EQ(kPolicy.Choose(*game, state, yes_no, rng), G::kYes);
  }
  // Facing east, unit 0 turns north, toward unit 2.
  state = Acting(*game, 0);
  state.facing[0] = static_cast<uint8_t>(Facing::kE);
  game->Apply(state, G::kOrderBase + G::kTurn);
  ASSERT_EQ(state.phase, G::kFacing);
  EXPECT_EQ(Chosen(Choices(kPolicy, *game, state)),
            std::set<Action>{G::kFaceBase + static_cast<int>(Facing::kN)});
}

TEST(MgbbRolloutTest, KeepsAUniformShare) {
  auto game = MakeGame(kSkirmish);
  const G::State state = Acting(*game, 0);
  const std::map<Action, int> counts = Choices(MgbbRollout(), *game, state, 2000);
  const int attacks =
      Count(counts, G::kOrderBase + G::kShoot) + Count(counts, G::kOrderBase + G::kCharge);
  // 90% by the policy, and the uniform 10% spread over every order.
  EXPECT_GT(attacks, 1700);
  EXPECT_LT(attacks, 2000);
  EXPECT_GT(Count(counts, G::kOrderBase + G::kMove), 0);
  EXPECT_GT(Count(counts, G::kOrderBase + G::kEnd), 0);
}

}  // namespace
}  // namespace sandtable
