// The conformance suite every registered ruleset must pass: seeded random games to the end
// with the invariants of invariants.h checked after every step.
//
// Per ruleset, 10,000 games in all: the first kTextGames of them also check the state and
// action text round trips at every visited state (the costly part), the rest do every other
// check. Under AddressSanitizer (much slower) both counts are divided by kSanitizerDivisor.
// Rulesets join the type list below as their libraries land (CMake defines
// SANDTABLE_HAVE_<NAME> when the target exists).
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "gtest/gtest.h"
#include "tests/conformance/invariants.h"
#include "tests/conformance/toy_game.h"

#ifdef SANDTABLE_HAVE_REFERENCE
#include "rulesets/reference/goofspiel.h"
#include "rulesets/reference/kuhn_poker.h"
#include "rulesets/reference/liars_dice.h"
#endif
#ifdef SANDTABLE_HAVE_QUICKPLAY
#include "rulesets/quickplay/quickplay.h"
#endif

namespace sandtable::conformance {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kSanitizerDivisor = 10;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr int kSanitizerDivisor = 10;
#else
constexpr int kSanitizerDivisor = 1;
#endif
#else
constexpr int kSanitizerDivisor = 1;
#endif

constexpr int kGames = 10'000 / kSanitizerDivisor;
constexpr int kTextGames = 1'000 / kSanitizerDivisor;
constexpr uint64_t kSeed = 20261125;

// The contract (engine/ruleset.h): terminal returns lie in [-1, 1] and are zero-sum;
// tabletop rulesets return exactly +1 / 0 / -1, while reference games may scale a payoff
// into [-1, 1] (kuhn_poker: chips / 2). Only the reference games are held to the weaker form.
template <typename G>
constexpr bool kStrictReturns = true;
#ifdef SANDTABLE_HAVE_REFERENCE
template <>
constexpr bool kStrictReturns<KuhnPoker> = false;
template <>
constexpr bool kStrictReturns<LiarsDice> = false;
template <>
constexpr bool kStrictReturns<Goofspiel> = false;
#endif

template <RegisteredRuleset G>
std::shared_ptr<const G> DefaultGame() {
  auto params = Params::Resolve(G::ParamDefs(), {});
  CHECK(params.ok());
  auto game = G::Create(*params, "");
  CHECK(game.ok());
  return *game;
}

template <typename G>
class ConformanceTest : public ::testing::Test {
 protected:
  // Plays games [first, last) of the seeded sequence; game i uses Rng(kSeed, i).
  void PlayGames(int first, int last, bool check_strings) {
    const std::shared_ptr<const G> game = DefaultGame<G>();
    RandomGameOptions options;
    options.check_strings = check_strings;
    options.strict_returns = kStrictReturns<G>;
    int64_t total_steps = 0;
    for (int i = first; i < last; ++i) {
      Rng rng(kSeed, static_cast<uint64_t>(i));
      int length = 0;
      const absl::Status status = PlayRandomGame(*game, rng, options, &length);
      ASSERT_TRUE(status.ok()) << G::kName << " game " << i << ": " << status.message();
      total_steps += length;
    }
    // Every game took at least one step (no ruleset starts at a terminal state).
    EXPECT_GE(total_steps, last - first);
  }
};

#ifdef SANDTABLE_HAVE_REFERENCE
#define SANDTABLE_REFERENCE_RULESETS , KuhnPoker, LiarsDice, Goofspiel
#else
#define SANDTABLE_REFERENCE_RULESETS
#endif
#ifdef SANDTABLE_HAVE_QUICKPLAY
#define SANDTABLE_QUICKPLAY_RULESETS , QuickplayGame
#else
#define SANDTABLE_QUICKPLAY_RULESETS
#endif
using Rulesets =
    ::testing::Types<ToyGame SANDTABLE_REFERENCE_RULESETS SANDTABLE_QUICKPLAY_RULESETS>;

class RulesetNames {
 public:
  template <typename G>
  static std::string GetName(int) {
    return std::string(G::kName);
  }
};

TYPED_TEST_SUITE(ConformanceTest, Rulesets, RulesetNames);

TYPED_TEST(ConformanceTest, DefaultParametersCreateTheGame) {
  const auto game = DefaultGame<TypeParam>();
  ASSERT_NE(game, nullptr);
  EXPECT_FALSE(std::string_view(TypeParam::kName).empty());
  EXPECT_FALSE(std::string_view(TypeParam::Description()).empty());
  EXPECT_GT(game->MaxGameLength(), 0);
  EXPECT_NE(game->Kind(game->InitialState()), NodeKind::kTerminal);
}

TYPED_TEST(ConformanceTest, RandomGamesWithTextRoundTrips) {
  this->PlayGames(0, kTextGames, /*check_strings=*/true);
}

TYPED_TEST(ConformanceTest, RandomGames) {
  this->PlayGames(kTextGames, kGames, /*check_strings=*/false);
}

TYPED_TEST(ConformanceTest, SameSeedSameGame) {
  const auto game = DefaultGame<TypeParam>();
  for (int i = 0; i < 20; ++i) {
    Rng a(kSeed, i);
    Rng b(kSeed, i);
    int length_a = 0;
    int length_b = 0;
    RandomGameOptions options;
    options.strict_returns = kStrictReturns<TypeParam>;
    ASSERT_TRUE(PlayRandomGame(*game, a, options, &length_a).ok());
    ASSERT_TRUE(PlayRandomGame(*game, b, options, &length_b).ok());
    EXPECT_EQ(length_a, length_b);
    EXPECT_EQ(a.Next(), b.Next());
  }
}

}  // namespace
}  // namespace sandtable::conformance
