#include "search/searcher.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "rulesets/reference/goofspiel.h"
#include "rulesets/reference/kuhn_poker.h"
#include "rulesets/reference/liars_dice.h"
#include "tests/same_search_result.h"
#include "tests/search/test_games.h"

namespace sandtable {
namespace {

using testing_games::BiasedRps;
using testing_games::DiceRace;
using testing_games::NearlyLostMenu;
using testing_games::VaryingMenu;

template <typename G>
typename G::State Parse(const G& game, std::string_view text) {
  absl::StatusOr<typename G::State> state = game.ParseState(text);
  CHECK(state.ok());
  return *state;
}

SearchOptions Deterministic(int64_t iterations, int threads = 1, uint64_t seed = 7) {
  SearchOptions options;
  options.deterministic = true;
  options.max_iterations = iterations;
  options.threads = threads;
  options.seed = seed;
  return options;
}

// --- No peeking --------------------------------------------------------------------------

TEST(NoPeekingTest, LiarsDiceOpponentDiceDoNotMatter) {
  const LiarsDice game(2, 6);
  // Player 1 to move after player 0's bid; only player 0's (hidden) dice differ.
  const std::vector<std::string> positions = {"35/24/2x3", "66/24/2x3", "11/24/2x3"};
  std::vector<SearchResult> results;
  for (const std::string& text : positions) {
    Searcher<LiarsDice> searcher(game, Deterministic(3000, 2));
    results.push_back(searcher.Search(Parse(game, text), 1));
  }
  for (size_t i = 1; i < results.size(); ++i) ExpectSameResult(results[0], results[i]);
  EXPECT_GT(results[0].actions[0].visits, 0);
  ASSERT_FALSE(results[0].belief.empty());
  EXPECT_EQ(results[0].belief.size(), 21u);  // 2 dice of 6 faces: 21 multisets
}

TEST(NoPeekingTest, GoofspielUnrevealedBidDoesNotMatter) {
  const Goofspiel game(6, /*turn_based=*/true);
  // Player 1 to bid; player 0's bid in the current round (hidden from player 1) differs.
  const std::vector<std::string> positions = {"4:3-5,6:1-", "4:3-5,6:6-", "4:3-5,6:4-"};
  std::vector<SearchResult> results;
  for (const std::string& text : positions) {
    Searcher<Goofspiel> searcher(game, Deterministic(3000, 2));
    results.push_back(searcher.Search(Parse(game, text), 1));
  }
  for (size_t i = 1; i < results.size(); ++i) ExpectSameResult(results[0], results[i]);
  // The belief over the hidden bid: uniform over player 0's five remaining cards.
  ASSERT_EQ(results[0].belief.size(), 5u);
  for (const auto& [label, probability] : results[0].belief) EXPECT_NEAR(probability, 0.2, 0.07);
}

// --- Values ------------------------------------------------------------------------------

TEST(ValueTest, DiceRaceRootValueConvergesToExactValue) {
  const DiceRace game;
  const DiceRace::State root = game.InitialState();
  const double exact = SolveDiceRace(game, root);
  // The best action is the one with the best exact value.
  double best_value = -2;
  Action best = kInvalidAction;
  ActionList actions;
  game.LegalActions(root, 0, actions);
  for (Action action : actions) {
    DiceRace::State next = root;
    game.Apply(next, action);
    const double value = SolveDiceRace(game, next);
    if (value > best_value) {
      best_value = value;
      best = action;
    }
  }
  // Deterministic mode, and fast mode on two workers (virtual losses, pending updates).
  SearchOptions fast;
  fast.threads = 2;
  fast.max_iterations = 60000;
  for (SearchOptions options : {Deterministic(60000), fast}) {
    options.ucb_c = 0.7;
    Searcher<DiceRace> searcher(game, options);
    const SearchResult result = searcher.Search(root, 0);
    // The value of the most visited root action converges to the game value: UCT's
    // exploration of inferior actions biases it downwards by O(log n / n) per node, which
    // at this budget stays within the tolerance (measured: error about 0.01).
    EXPECT_NEAR(result.actions[0].mean_value, exact, 0.05)
        << "exact " << exact << " threads " << options.threads;
    std::printf("dice race exact %.4f searched %.4f (%d threads)\n", exact,
                result.actions[0].mean_value, options.threads);
    EXPECT_EQ(result.best_action, best) << options.threads;
  }
}

// --- Simultaneous moves -----------------------------------------------------------------

// The equilibrium of the biased game, by hand: the payoff matrix is antisymmetric with
// paper>rock worth a = 1, rock>scissors b = 1/2, scissors>paper c = 1/4, so the value is 0
// and the equilibrium (r, p, s) makes every pure reply worth 0: -a p + b s = 0,
// a r - c s = 0, -b r + c p = 0, i.e. (r, p, s) proportional to (c, b, a) = (1/7, 2/7, 4/7).
TEST(SimultaneousTest, RegretMatchingFindsBiasedRpsEquilibrium) {
  const BiasedRps game;
  SearchOptions options = Deterministic(100000);
  options.simultaneous = SimultaneousAlgorithm::kRegretMatching;
  Searcher<BiasedRps> searcher(game, options);
  const SearchResult result = searcher.Search(game.InitialState(), 0);
  EXPECT_EQ(result.root_kind, NodeKind::kSimultaneous);
  const double expected[3] = {1.0 / 7, 2.0 / 7, 4.0 / 7};
  ASSERT_EQ(result.actions.size(), 3u);
  for (const RootActionStats& stats : result.actions) {
    EXPECT_NEAR(stats.policy, expected[stats.action], 0.05) << stats.text;
    std::printf("rm %s %.4f (equilibrium %.4f)\n", stats.text.c_str(), stats.policy,
                expected[stats.action]);
  }
}

TEST(SimultaneousTest, Exp3AndDecoupledUctGiveMixedPolicies) {
  const BiasedRps game;
  for (SimultaneousAlgorithm algorithm :
       {SimultaneousAlgorithm::kExp3, SimultaneousAlgorithm::kDecoupledUct}) {
    SearchOptions options = Deterministic(20000);
    options.simultaneous = algorithm;
    Searcher<BiasedRps> searcher(game, options);
    const SearchResult result = searcher.Search(game.InitialState(), 1);
    double total = 0;
    for (const RootActionStats& stats : result.actions) {
      total += stats.policy;
      // Every action keeps some weight; scissors gets the most.
      EXPECT_GT(stats.policy, 0.005) << stats.text;
      std::printf("%s %s %.3f\n", algorithm == SimultaneousAlgorithm::kExp3 ? "exp3" : "duct",
                  stats.text.c_str(), stats.policy);
    }
    EXPECT_NEAR(total, 1.0, 1e-9);
    EXPECT_EQ(result.actions[0].action, BiasedRps::kScissors);
  }
}

// --- Playouts: rollout policy and evaluator cut-off -------------------------------------

// Player 0's value of every cut-off state is 1/2.
struct HalfEvaluator {
  template <typename G>
  double Evaluate(const G&, const typename G::State&) const {
    return 0.5;
  }
};

// Always the first legal action, counting its calls.
struct FirstActionRollout {
  std::atomic<int64_t>* calls;
  template <typename G>
  Action Choose(const G&, const typename G::State&, const ActionList& actions, Rng&) const {
    calls->fetch_add(1, std::memory_order_relaxed);
    return actions[0];
  }
};

TEST(PlayoutTest, RolloutPolicyIsUsedAndCutoffAsksTheEvaluator) {
  const DiceRace game;
  std::atomic<int64_t> calls{0};
  {
    Searcher<DiceRace, NeutralEvaluator, FirstActionRollout> searcher(
        game, Deterministic(200), NeutralEvaluator{}, FirstActionRollout{&calls});
    searcher.Search(game.InitialState(), 0);
    EXPECT_GT(calls.load(), 200);  // several playout steps per iteration
  }
  // Cut off after one playout step: early on, nearly every iteration ends at the evaluator,
  // so the root values are close to its 1/2 (a few in-tree wins and losses move them).
  SearchOptions options = Deterministic(40);
  options.rollout_cutoff = 1;
  Searcher<DiceRace, HalfEvaluator> searcher(game, options);
  const SearchResult result = searcher.Search(game.InitialState(), 0);
  for (const RootActionStats& stats : result.actions) {
    EXPECT_NEAR(stats.mean_value, 0.5, 0.2) << stats.text;
  }
  // Player 1 sees the negation.
  DiceRace::State after = game.InitialState();
  game.Apply(after, DiceRace::kSafe);
  const SearchResult reply = searcher.Search(after, 1);
  for (const RootActionStats& stats : reply.actions) {
    EXPECT_NEAR(stats.mean_value, -0.5, 0.2) << stats.text;
  }
}

// A neutral evaluator with a cutoff of its own, counting its calls.
struct CountingEvaluatorCuttingAtOne {
  static constexpr int kPlayoutCutoff = 1;
  std::atomic<int64_t>* calls;
  template <typename G>
  double Evaluate(const G&, const typename G::State&) const {
    calls->fetch_add(1, std::memory_order_relaxed);
    return 0.0;
  }
};

TEST(PlayoutTest, EvaluatorsCutoffIsTheDefaultAndZeroPlaysToTheEnd) {
  static_assert(DefaultPlayoutCutoff<CountingEvaluatorCuttingAtOne>() == 1);
  static_assert(DefaultPlayoutCutoff<HalfEvaluator>() == 0);
  const DiceRace game;
  const SearchOptions ruleset_default = Deterministic(200);
  ASSERT_EQ(ruleset_default.rollout_cutoff, SearchOptions::kRulesetCutoff);
  std::atomic<int64_t> cut_calls{0};
  Searcher<DiceRace, CountingEvaluatorCuttingAtOne> cut(game, ruleset_default,
                                                        {.calls = &cut_calls});
  cut.Search(game.InitialState(), 0);
  // Most of the 200 playouts stop after their first step (a few end the game in the tree).
  EXPECT_GT(cut_calls.load(), 100);
  SearchOptions to_the_end = ruleset_default;
  to_the_end.rollout_cutoff = 0;
  std::atomic<int64_t> full_calls{0};
  Searcher<DiceRace, CountingEvaluatorCuttingAtOne> full(game, to_the_end, {.calls = &full_calls});
  full.Search(game.InitialState(), 0);
  EXPECT_EQ(full_calls.load(), 0);
}

// --- UCB value scale -------------------------------------------------------------------

// The visit share of NearlyLostMenu's best action after a search with `values`.
template <typename E = NeutralEvaluator>
double BestActionShare(UcbValues values, Action* best_action) {
  const NearlyLostMenu game;
  SearchOptions options = Deterministic(3000);
  options.ucb_values = values;
  Searcher<NearlyLostMenu, E> searcher(game, options);
  const SearchResult result = searcher.Search(game.InitialState(), 0);
  *best_action = result.best_action;
  for (const RootActionStats& stats : result.actions) {
    if (stats.action == NearlyLostMenu::kMoves - 1) {
      return static_cast<double>(stats.visits) / result.iterations;
    }
  }
  return 0;
}

struct NormalizingEvaluator {
  static constexpr bool kNormalizeUcbValues = true;
  template <typename G>
  double Evaluate(const G&, const typename G::State&) const {
    return 0.0;
  }
};

// Means 0.01 apart near -1: on raw values the exploration term (about 0.1 after 3000
// visits) drowns the difference and the visits stay nearly even; normalized, the best
// action's mean is 1 and the worst's 0, so UCB spends nearly everything on the best.
TEST(UcbValuesTest, NormalizedValuesSeparateNearlyEqualLosses) {
  Action best = kInvalidAction;
  const double raw_share = BestActionShare(UcbValues::kRaw, &best);
  EXPECT_GT(raw_share, 0.3);
  EXPECT_LT(raw_share, 0.5);
  const double normalized_share = BestActionShare(UcbValues::kNormalized, &best);
  EXPECT_GT(normalized_share, 0.9);
  EXPECT_EQ(best, NearlyLostMenu::kMoves - 1);
}

TEST(UcbValuesTest, TheEvaluatorChoosesTheDefault) {
  static_assert(DefaultUcbValues<NormalizingEvaluator>() == UcbValues::kNormalized);
  static_assert(DefaultUcbValues<NeutralEvaluator>() == UcbValues::kRaw);
  ASSERT_EQ(SearchOptions().ucb_values, UcbValues::kRuleset);
  Action best = kInvalidAction;
  EXPECT_LT(BestActionShare<NeutralEvaluator>(UcbValues::kRuleset, &best), 0.5);
  EXPECT_GT(BestActionShare<NormalizingEvaluator>(UcbValues::kRuleset, &best), 0.9);
  // An explicit choice overrides the evaluator's.
  EXPECT_LT(BestActionShare<NormalizingEvaluator>(UcbValues::kRaw, &best), 0.5);
}

// --- Availability ---------------------------------------------------------------------

// Action 2 is legal in half of the determinizations only. Its UCB parent count is the
// number of visits in which it was available, so it is chosen whenever available (it
// wins), and action 1 (the best of the rest) otherwise; so too on normalized values.
TEST(AvailabilityTest, ActionsMissingFromSomeDeterminizationsAreCountedWhenAvailable) {
  const VaryingMenu game;
  VaryingMenu::State root;
  root.coin = 1;  // the root itself has all three actions
  for (const auto& [deterministic, values] :
       {std::pair(true, UcbValues::kRaw), std::pair(false, UcbValues::kRaw),
        std::pair(true, UcbValues::kNormalized)}) {
    SearchOptions options = Deterministic(4000, 2);
    options.deterministic = deterministic;
    options.ucb_values = values;
    Searcher<VaryingMenu> searcher(game, options);
    const SearchResult result = searcher.Search(root, 0);
    ASSERT_EQ(result.actions.size(), 3u);
    int64_t visits[3] = {0, 0, 0};
    for (const RootActionStats& stats : result.actions) visits[stats.action] = stats.visits;
    EXPECT_EQ(visits[0] + visits[1] + visits[2], 4000);
    EXPECT_GT(visits[2], 1700);  // about half the iterations, nearly all of its chances
    EXPECT_GT(visits[1], 1500);
    EXPECT_LT(visits[0], 300);
    EXPECT_EQ(result.best_action, 2u);
    EXPECT_EQ(result.actions[0].mean_value, 1.0);
  }
}

// --- Kuhn poker --------------------------------------------------------------------------

// The searcher's policy (share of visits) at each of the 12 information sets, from a search
// rooted there; exploitability computed exactly by best responses.
class KuhnExploitability {
 public:
  // policy[player][card][history index] = probability of betting. Player 0's histories:
  // 0 = opening, 1 = after pass-bet; player 1's: 0 = after pass, 1 = after bet.
  double bet[2][3][2] = {};

  // Chips won by player 0 at a terminal betting sequence.
  static double Chips(int card0, int card1, const std::string& history) {
    const double showdown = card0 > card1 ? 1 : -1;
    if (history == "pp") return showdown;
    if (history == "bp") return 1;
    if (history == "pbp") return -1;
    return 2 * showdown;  // bb, pbb
  }

  // Best-response value for player 0 against player 1's policy, in chips.
  double BestResponse0() const {
    double total = 0;
    for (int c = 0; c < 3; ++c) {
      double after_pb[2] = {0, 0};  // value of pass / bet at (c, "pb"), reach-weighted
      double open[2] = {0, 0};
      for (int o = 0; o < 3; ++o) {
        if (o == c) continue;
        const double w = 0.5;
        const double q_p = bet[1][o][0];
        const double q_b = bet[1][o][1];
        after_pb[0] += w * q_p * Chips(c, o, "pbp");
        after_pb[1] += w * q_p * Chips(c, o, "pbb");
        open[1] += w * ((1 - q_b) * Chips(c, o, "bp") + q_b * Chips(c, o, "bb"));
        open[0] += w * (1 - q_p) * Chips(c, o, "pp");
      }
      open[0] += std::max(after_pb[0], after_pb[1]);
      total += std::max(open[0], open[1]) / 3;
    }
    return total;
  }

  // Best-response value for player 1 against player 0's policy, in chips.
  double BestResponse1() const {
    double total = 0;
    for (int c = 0; c < 3; ++c) {
      double after_p[2] = {0, 0};
      double after_b[2] = {0, 0};
      for (int o = 0; o < 3; ++o) {
        if (o == c) continue;
        const double w = 0.5;
        const double open_bet = bet[0][o][0];
        const double call = bet[0][o][1];
        after_p[0] += w * (1 - open_bet) * -Chips(o, c, "pp");
        after_p[1] +=
            w * (1 - open_bet) * ((1 - call) * -Chips(o, c, "pbp") + call * -Chips(o, c, "pbb"));
        after_b[0] += w * open_bet * -Chips(o, c, "bp");
        after_b[1] += w * open_bet * -Chips(o, c, "bb");
      }
      total += (std::max(after_p[0], after_p[1]) + std::max(after_b[0], after_b[1])) / 3;
    }
    return total;
  }

  // (BR0 + BR1) / 2: 0 exactly at a Nash equilibrium.
  double Exploitability() const { return (BestResponse0() + BestResponse1()) / 2; }
};

TEST(KuhnTest, ExploitabilityOfKnownStrategies) {
  KuhnExploitability uniform;
  for (auto& player : uniform.bet)
    for (auto& card : player)
      for (double& p : card) p = 0.5;
  // The uniform policy's exploitability, by the same formulas worked by hand: 11/24.
  EXPECT_NEAR(uniform.Exploitability(), 11.0 / 24, 1e-12);
  // The equilibrium family member with alpha = 0 (Kuhn 1950): player 0 never opens with a
  // bet, then folds J, calls Q with 1/3 and calls K; player 1 bets K and bluffs J with 1/3
  // after a pass, and facing a bet folds J, calls Q with 1/3, calls K.
  KuhnExploitability nash;
  nash.bet[0][0][0] = 0;        // J: check (bluff with alpha = 0)
  nash.bet[0][1][0] = 0;        // Q: check
  nash.bet[0][2][0] = 0;        // K: check (3 alpha = 0)
  nash.bet[0][0][1] = 0;        // J: fold to a bet
  nash.bet[0][1][1] = 1.0 / 3;  // Q: call with alpha + 1/3
  nash.bet[0][2][1] = 1;        // K: call
  nash.bet[1][0][0] = 1.0 / 3;  // J after pass: bluff 1/3
  nash.bet[1][1][0] = 0;        // Q after pass: check
  nash.bet[1][2][0] = 1;        // K after pass: bet
  nash.bet[1][0][1] = 0;        // J facing a bet: fold
  nash.bet[1][1][1] = 1.0 / 3;  // Q facing a bet: call 1/3
  nash.bet[1][2][1] = 1;        // K facing a bet: call
  EXPECT_NEAR(nash.Exploitability(), 0, 1e-12);
  EXPECT_NEAR(nash.BestResponse0(), -1.0 / 18, 1e-12);
}

// The least exploitability of any pure strategy pair (each of the 12 information sets
// always bets or always passes), by enumerating all 4096.
double BestPureExploitability() {
  double best = 1e9;
  for (int bits = 0; bits < (1 << 12); ++bits) {
    KuhnExploitability pure;
    int bit = 0;
    for (auto& player : pure.bet)
      for (auto& card : player)
        for (double& p : card) p = (bits >> bit++) & 1;
    best = std::min(best, pure.Exploitability());
  }
  return best;
}

TEST(KuhnTest, SearchPolicyExploitabilityIsLow) {
  const KuhnPoker game;
  KuhnExploitability policy;
  const char* cards = "JQK";
  for (int card = 0; card < 3; ++card) {
    const char other = cards[(card + 1) % 3];  // any opponent card: never looked at
    for (int h = 0; h < 2; ++h) {
      for (Player p = 0; p < 2; ++p) {
        std::string text =
            p == 0 ? std::string{cards[card], other} : std::string{other, cards[card]};
        text += '/';
        text += p == 0 ? (h == 0 ? "" : "pb") : (h == 0 ? "p" : "b");
        SearchOptions options = Deterministic(20000);
        Searcher<KuhnPoker> searcher(game, options);
        const SearchResult result = searcher.Search(Parse(game, text), p);
        for (const RootActionStats& stats : result.actions) {
          if (stats.action == KuhnPoker::kBet) policy.bet[p][card][h] = stats.policy;
        }
      }
    }
  }
  const double exploitability = policy.Exploitability();
  // ISMCTS with UCB is not an equilibrium solver: its visit shares are close to pure
  // strategies (and determinizations ignore what the opponent's bets reveal), so the
  // policy is exploitable. The natural yardstick is then the best pure strategy pair
  // (1/6, printed below); the bar of 0.2 allows a little worse than that and is far below
  // the uniform policy's 11/24 ~ 0.458. Measured: see docs/search.md.
  EXPECT_LT(exploitability, 0.2);
  const double best_pure = BestPureExploitability();
  RecordProperty("exploitability", std::to_string(exploitability));
  RecordProperty("best_pure_exploitability", std::to_string(best_pure));
  std::printf("kuhn exploitability %.4f (best pure strategy pair %.4f)\n", exploitability,
              best_pure);
}

// --- Determinism and parallelism ----------------------------------------------------------

TEST(DeterminismTest, SameResultFor1And2And4Threads) {
  const LiarsDice dice(2, 6);
  const Goofspiel goofspiel(5, false);
  const LiarsDice::State dice_root = Parse(dice, "25/33/");
  const Goofspiel::State goof_root = Parse(goofspiel, "5:");
  SearchResult dice_results[3];
  SearchResult goof_results[3];
  const int threads[3] = {1, 2, 4};
  for (int i = 0; i < 3; ++i) {
    Searcher<LiarsDice> dice_searcher(dice, Deterministic(4000, threads[i]));
    dice_results[i] = dice_searcher.Search(dice_root, 0);
    SearchOptions options = Deterministic(4000, threads[i]);
    options.simultaneous = SimultaneousAlgorithm::kRegretMatching;
    Searcher<Goofspiel> goof_searcher(goofspiel, options);
    goof_results[i] = goof_searcher.Search(goof_root, 0);
  }
  for (int i = 1; i < 3; ++i) {
    ExpectSameResult(dice_results[0], dice_results[i]);
    ExpectSameResult(goof_results[0], goof_results[i]);
  }
}

TEST(ParallelTest, FastModeRunsExactlyTheIterationBudget) {
  const LiarsDice game(2, 6);
  SearchOptions options;
  options.threads = 2;
  options.max_iterations = 20000;
  Searcher<LiarsDice> searcher(game, options);
  const SearchResult result = searcher.Search(Parse(game, "25/33/"), 0);
  EXPECT_EQ(result.iterations, 20000);
  int64_t visits = 0;
  for (const RootActionStats& stats : result.actions) {
    visits += stats.visits;
    // Every virtual loss was taken back and every worker's pending updates were added.
    EXPECT_GE(stats.mean_value, -1) << stats.text;
    EXPECT_LE(stats.mean_value, 1) << stats.text;
  }
  EXPECT_EQ(visits, 20000);  // every iteration passed the root and was counted once
  // Liars dice nodes have many actions each: more edges than nodes. An edge is 16 bytes plus
  // its 4-byte action and chunk slack; a node is 24 bytes in a table kept between 1/4 and
  // 3/4 full.
  EXPECT_GT(result.tree_nodes, 0);
  EXPECT_GT(result.tree_edges, 2 * result.tree_nodes);
  EXPECT_GE(result.bytes_per_edge, 20);
  EXPECT_LE(result.bytes_per_edge, 24);
  EXPECT_GE(result.bytes_per_node, 32);
  EXPECT_LE(result.bytes_per_node, 96);
  EXPECT_EQ(result.tree_bytes,
            static_cast<int64_t>(result.bytes_per_node * result.tree_nodes +
                                 result.bytes_per_edge * result.tree_edges + 0.5));
}

// --- Limits -------------------------------------------------------------------------------

TEST(LimitsTest, StopFromAnotherThreadEndsTheSearchPromptly) {
  const LiarsDice game(5, 6);
  SearchOptions options;  // no limit: runs until Stop()
  options.threads = 2;
  Searcher<LiarsDice> searcher(game, options);
  const LiarsDice::State root = Parse(game, "12345/23456/");
  std::atomic<bool> started{false};
  std::chrono::steady_clock::time_point stop_time;
  std::thread stopper([&] {
    while (!started.load()) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop_time = std::chrono::steady_clock::now();
    searcher.Stop();
  });
  started.store(true);
  const SearchResult result = searcher.Search(root, 0);
  const auto returned = std::chrono::steady_clock::now();
  stopper.join();
  EXPECT_TRUE(result.stopped);
  EXPECT_GT(result.iterations, 0);
  EXPECT_NE(result.best_action, kInvalidAction);
  // The bound is generous for loaded CI machines and sanitizers; the bench measures it.
  const double latency_ms = std::chrono::duration<double, std::milli>(returned - stop_time).count();
  EXPECT_LT(latency_ms, 500);
}

TEST(LimitsTest, TimeLimitAndProgressCallback) {
  const LiarsDice game(2, 6);
  SearchOptions options;
  options.max_time_ms = 120;
  options.progress_interval_ms = 20;
  int reports = 0;
  options.on_progress = [&](const SearchProgress& progress) {
    ++reports;
    EXPECT_GT(progress.iterations, 0);
    EXPECT_FALSE(progress.snapshot.actions.empty());
  };
  Searcher<LiarsDice> searcher(game, options);
  const auto start = std::chrono::steady_clock::now();
  const SearchResult result = searcher.Search(Parse(game, "25/33/"), 0);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GE(ms, 120);
  EXPECT_LT(ms, 1000);
  EXPECT_GE(reports, 2);
  EXPECT_FALSE(result.stopped);
}

TEST(LimitsTest, MemoryCapStopsGrowthWithoutCrashing) {
  const LiarsDice game(5, 6);
  for (bool deterministic : {false, true}) {
    SearchOptions options;
    options.memory_mb = 1;
    options.max_iterations = 10000;
    options.threads = 2;
    options.deterministic = deterministic;
    Searcher<LiarsDice> searcher(game, options);
    const SearchResult result = searcher.Search(Parse(game, "12345/23456/"), 0);
    EXPECT_TRUE(result.memory_capped);
    EXPECT_EQ(result.iterations, 10000);
    EXPECT_LE(result.tree_bytes, 1 << 20);
    EXPECT_NE(result.best_action, kInvalidAction);
  }
}

TEST(LimitsTest, RejectsRootsThatAreNotThePlayersDecision) {
  const LiarsDice game(1, 6);
  Searcher<LiarsDice> searcher(game, Deterministic(100));
  EXPECT_EQ(searcher.Search(game.InitialState(), 0).best_action, kInvalidAction);  // chance
  EXPECT_EQ(searcher.Search(Parse(game, "3/4/1x1"), 0).best_action, kInvalidAction);
  EXPECT_NE(searcher.Search(Parse(game, "3/4/1x1"), 1).best_action, kInvalidAction);
}

// --- Result contents ----------------------------------------------------------------------

TEST(ResultTest, StatisticsAndPrincipalVariation) {
  const LiarsDice game(1, 6);
  Searcher<LiarsDice> searcher(game, Deterministic(5000));
  // Player 1 holds a 6 facing "2x6": calling liar wins unless player 0 holds a 6 (1/6).
  const SearchResult result = searcher.Search(Parse(game, "3/6/2x6"), 1);
  ASSERT_EQ(result.actions.size(), 1u);  // only "liar" is left
  EXPECT_EQ(result.best_action_text, "liar");
  EXPECT_NEAR(result.actions[0].win_probability, 1 - 1.0 / 6, 0.03);
  EXPECT_LT(result.actions[0].lower_bound, result.actions[0].win_probability);
  EXPECT_GT(result.actions[0].lower_bound, 0.75);
  EXPECT_EQ(result.principal_variation, std::vector<std::string>{"liar"});
  EXPECT_EQ(result.belief.size(), 6u);  // dice 1 .. dice 6
  EXPECT_EQ(result.belief_samples, 512);
}

TEST(ResultTest, BeliefSharpensWithMoreSamples) {
  // Player 1 knows nothing of player 0's die: each face has probability 1/6. With 2^16
  // samples a share's standard deviation is sqrt(1/6 * 5/6 / 65536) = 0.00146.
  const LiarsDice game(1, 6);
  SearchOptions options = Deterministic(100);
  options.belief_samples = 65536;
  Searcher<LiarsDice> searcher(game, options);
  const SearchResult result = searcher.Search(Parse(game, "3/6/1x1"), 1);
  EXPECT_EQ(result.belief_samples, 65536);
  ASSERT_EQ(result.belief.size(), 6u);
  for (const auto& [label, probability] : result.belief) {
    EXPECT_NEAR(probability, 1.0 / 6, 0.006) << label;
  }
}

}  // namespace
}  // namespace sandtable
