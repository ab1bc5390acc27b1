// The conformance suite every registered ruleset must pass: seeded random games to the end
// with the invariants of invariants.h checked after every step.
//
// Per ruleset (default parameters), 10,000 games in all: the first kTextGames (1,000) of them
// also check the state and action text round trips at every visited state (the costly
// part); the rest do every other check. A few parameter variants get a fifth or a tenth of
// that. Under AddressSanitizer (much slower) all counts are divided by kSanitizerDivisor.
// The rulesets and their variants come from the one list in rulesets/CMakeLists.txt.
//
// Soak runs (scripts/soak) set SANDTABLE_SOAK_SEED to play another sequence of games and
// SANDTABLE_SOAK_FACTOR to play that many times as many.
#include <cstdlib>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "engine/check.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "gtest/gtest.h"
#include "rulesets/registered.h"
#include "tests/conformance/card_stakes.h"
#include "tests/conformance/invariants.h"

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

// A positive whole number from the environment, or `otherwise` when unset; a value that
// is set but not a positive number stops the run (a soak must not silently run the
// ordinary suite).
uint64_t FromEnvironment(const char* name, uint64_t otherwise) {
  const char* text = std::getenv(name);
  if (text == nullptr) return otherwise;
  uint64_t value = 0;
  CHECK(absl::SimpleAtoi(text, &value) && value > 0);
  return value;
}

// Read on first use (function statics), so never before the environment is there.
uint64_t Seed() {
  static const uint64_t seed = FromEnvironment("SANDTABLE_SOAK_SEED", 20261125);
  return seed;
}
int SoakFactor() {
  static const int factor = static_cast<int>(FromEnvironment("SANDTABLE_SOAK_FACTOR", 1));
  return factor;
}

constexpr int kGames = 10'000 / kSanitizerDivisor;
constexpr int kTextGames = 1'000 / kSanitizerDivisor;
constexpr int kRenderEvery = 5;

// One ruleset with one parameter setting, and how hard to test it. Every ruleset is tested
// with its default parameters (10,000 games); a few variants that exercise other code
// paths (alternate deployment, a finer grid, turn-based bids, more dice) get fewer games.
template <RegisteredRuleset G>
struct Defaults {
  using Game = G;
  static constexpr std::string_view kLabel = G::kName;
  static constexpr std::string_view kParams = "";  // key=value,...
  static constexpr int kGamesTotal = kGames;
  static constexpr int kTextGamesTotal = kTextGames;
};

// Every ruleset of the list with its defaults, then each listed variant: other parameters
// that exercise other code paths (alternate deployment, a finer grid, turn-based bids, more
// dice), with 1/divisor of the games.
#define SANDTABLE_VARIANT(G, label, params, divisor)             \
  struct Variant_##label : Defaults<G> {                         \
    static constexpr std::string_view kLabel = #label;           \
    static constexpr std::string_view kParams = params;          \
    static constexpr int kGamesTotal = kGames / divisor;         \
    static constexpr int kTextGamesTotal = kTextGames / divisor; \
  };
SANDTABLE_FOR_EACH_CONFORMANCE_VARIANT(SANDTABLE_VARIANT)
#undef SANDTABLE_VARIANT

#define SANDTABLE_DEFAULTS(G) , Defaults<G>
#define SANDTABLE_VARIANT_TYPE(G, label, params, divisor) , Variant_##label
using Rulesets = ::testing::Types<Defaults<CardStakes> SANDTABLE_FOR_EACH_RULESET(
    SANDTABLE_DEFAULTS) SANDTABLE_FOR_EACH_CONFORMANCE_VARIANT(SANDTABLE_VARIANT_TYPE)>;
#undef SANDTABLE_DEFAULTS
#undef SANDTABLE_VARIANT_TYPE

template <typename Config>
std::shared_ptr<const typename Config::Game> MakeGame() {
  using G = typename Config::Game;
  auto spec = ParseRulesetSpec(std::string(std::string_view(G::kName)) + "(" +
                               std::string(Config::kParams) + ")");
  CHECK(spec.ok());
  auto params = Params::Resolve(G::ParamDefs(), spec->values);
  CHECK(params.ok());
  auto game = G::Create(*params, "");
  CHECK(game.ok());
  return *game;
}

template <typename Config>
RandomGameOptions Options(bool check_strings) {
  RandomGameOptions options;
  options.check_strings = check_strings;
  options.strict_returns = kReturnsWinDrawLoss<typename Config::Game>;
  return options;
}

template <typename Config>
class ConformanceTest : public ::testing::Test {
 protected:
  // Plays games [first, last) of the seeded sequence; game i uses Rng(Seed(), i).
  void PlayGames(int first, int last, bool check_strings) {
    const auto game = MakeGame<Config>();
    RandomGameOptions options = Options<Config>(check_strings);
    int64_t total_steps = 0;
    for (int i = first; i < last; ++i) {
      // Drawing every state's boards (text and SVG, for three viewers and their
      // determinizations) costs more than all the other checks together: every fifth game.
      options.check_render = i % kRenderEvery == 0;
      Rng rng(Seed(), static_cast<uint64_t>(i));
      int length = 0;
      const absl::Status status = PlayRandomGame(*game, rng, options, &length);
      ASSERT_TRUE(status.ok()) << Config::kLabel << " game " << i << " (seed " << Seed()
                               << "): " << status.message();
      total_steps += length;
    }
    // Every game took at least one step (no ruleset starts at a terminal state).
    EXPECT_GE(total_steps, last - first);
    ::testing::Test::RecordProperty("steps", static_cast<int>(total_steps));
  }
};

class RulesetNames {
 public:
  template <typename Config>
  static std::string GetName(int) {
    return std::string(Config::kLabel);
  }
};

TYPED_TEST_SUITE(ConformanceTest, Rulesets, RulesetNames);

TYPED_TEST(ConformanceTest, ParametersCreateTheGame) {
  const auto game = MakeGame<TypeParam>();
  ASSERT_NE(game, nullptr);
  using G = typename TypeParam::Game;
  EXPECT_FALSE(std::string_view(G::kName).empty());
  EXPECT_FALSE(std::string_view(G::Description()).empty());
  EXPECT_GT(game->MaxGameLength(), 0);
  EXPECT_NE(game->Kind(game->InitialState()), NodeKind::kTerminal);
}

TYPED_TEST(ConformanceTest, RandomGamesWithTextRoundTrips) {
  this->PlayGames(0, TypeParam::kTextGamesTotal * SoakFactor(), /*check_strings=*/true);
}

TYPED_TEST(ConformanceTest, RandomGames) {
  this->PlayGames(TypeParam::kTextGamesTotal * SoakFactor(), TypeParam::kGamesTotal * SoakFactor(),
                  /*check_strings=*/false);
}

TYPED_TEST(ConformanceTest, SameSeedSameGame) {
  const auto game = MakeGame<TypeParam>();
  const RandomGameOptions options = Options<TypeParam>(/*check_strings=*/false);
  for (int i = 0; i < 20; ++i) {
    Rng a(Seed(), i);
    Rng b(Seed(), i);
    int length_a = 0;
    int length_b = 0;
    ASSERT_TRUE(PlayRandomGame(*game, a, options, &length_a).ok());
    ASSERT_TRUE(PlayRandomGame(*game, b, options, &length_b).ok());
    EXPECT_EQ(length_a, length_b);
    EXPECT_EQ(a.Next(), b.Next());
  }
}

}  // namespace
}  // namespace sandtable::conformance
