// quick's hidden Hands through the searcher and the protocol: no peeking, the belief over the
// opponent's Hand, and a mixed cube selection at the start of a round.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "search/searcher.h"
#include "tests/protocol/protocol_harness.h"
#include "tests/quick/quick_test_util.h"
#include "tests/same_search_result.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

using quick_test::MakeGame;
using quick_test::ParseOrDie;
using quick_test::Position;

int Errors(const std::vector<std::string>& lines) {
  int errors = 0;
  for (const std::string& line : lines) errors += protocol_test::IsError(line);
  return errors;
}

SearchOptions Deterministic(int64_t iterations, uint64_t seed = 7) {
  SearchOptions options;
  options.deterministic = true;
  options.max_iterations = iterations;
  options.threads = 2;
  options.seed = seed;
  return options;
}

// Red to act in round 1 with a Hand of 2 blue 2 pink; Blue has selected `blue_hand`
// (4 cubes from its Pool of 8 blue 4 pink) and is waiting.
QuickGame::State RedToAct(const QuickGame& game, const std::string& blue_cubes) {
  return Position(game, {{"phase", "choose"},
                         {"actor", "1"},
                         {"cubes0", blue_cubes},
                         {"selected0", "4"},
                         {"cubes1", "6,2/2,2/0,0/2,2/0,0"},
                         {"selected1", "4"}});
}

TEST(QuickNoPeekingTest, BlueHandDoesNotChangeRedsSearch) {
  auto game = MakeGame();
  std::vector<SearchResult> results;
  for (const char* cubes : {"8,0/0,4/0,0/2,2/0,0", "4,4/4,0/0,0/2,2/0,0", "6,2/2,2/0,0/2,2/0,0"}) {
    const QuickGame::State state = RedToAct(*game, cubes);
    Searcher<QuickGame> searcher(*game, Deterministic(3000));
    results.push_back(searcher.Search(state, 1));
  }
  for (size_t i = 1; i < results.size(); ++i) ExpectSameResult(results[0], results[i]);
  // The belief: every composition of Blue's 4 cubes (0..4 blue) is possible and, with no
  // cube removed yet, equally likely (the prior does not model how Blue chose).
  ASSERT_EQ(results[0].belief.size(), 5u);
  for (const auto& [label, probability] : results[0].belief) {
    EXPECT_EQ(label.rfind("hand ", 0), 0u) << label;
    EXPECT_NEAR(probability, 0.2, 0.07) << label;
  }
}

TEST(QuickNoPeekingTest, BeliefFollowsAPublicDiscard) {
  auto game = MakeGame();
  // Blue discarded one pink cube this round: its remaining 3 cubes hold at most 3 pink.
  const QuickGame::State state = Position(*game, {{"phase", "choose"},
                                                  {"actor", "1"},
                                                  {"cubes0", "6,2/2,1/0,1/2,2/0,0"},
                                                  {"spent0", "0,1"},
                                                  {"selected0", "4"},
                                                  {"cubes1", "6,2/2,2/0,0/2,2/0,0"},
                                                  {"selected1", "4"}});
  Searcher<QuickGame> searcher(*game, Deterministic(500));
  const SearchResult result = searcher.Search(state, 1);
  ASSERT_EQ(result.belief.size(), 4u);  // 0..3 blue among 3 cubes
  for (const auto& [label, probability] : result.belief) {
    EXPECT_NE(label, "hand 4 blue 0 pink");
    EXPECT_NEAR(probability, 0.25, 0.08) << label;
  }
}

TEST(QuickNoPeekingTest, ThroughTheProtocolWithHidden) {
  // The same seeded, deterministic search for Red after Blue's selection, sent as the truth
  // (two different Hands) or as `hidden`: the same answer.
  std::vector<std::vector<std::string>> answers;
  for (const std::string blue : {"select 4 blue 0 pink", "select 0 blue 4 pink", "hidden"}) {
    protocol_test::Harness h(
        [](std::string_view spec, std::string_view scenario) { return CreateGame(spec, scenario); },
        "quick");
    ASSERT_EQ(Errors(h.Send("setoption name Deterministic value true")), 0);
    ASSERT_EQ(Errors(h.Send("setoption name Seed value 11")), 0);
    ASSERT_EQ(
        Errors(h.Send("position startpos moves " + blue + " | select 2 blue 2 pink; go second")),
        0);
    const size_t mark = h.Mark();
    h.Send("go iterations 1500");
    size_t index = 0;
    ASSERT_TRUE(h.WaitFor("bestmove", mark, std::chrono::seconds(60), &index).has_value());
    std::vector<std::string> answer;
    for (const std::string& line : h.LinesFrom(mark)) {
      // Search results only: the multipv lines (visits, values, policy, pv) and bestmove.
      if (line.rfind("info multipv", 0) == 0 || line.rfind("bestmove", 0) == 0) {
        answer.push_back(line);
      }
    }
    ASSERT_FALSE(answer.empty());
    answers.push_back(answer);
  }
  // Only the last report of each search (the intermediate ones depend on timing).
  auto last = [](const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (size_t i = lines.size(); i-- > 0;) {
      out.insert(out.begin(), lines[i]);
      if (lines[i].rfind("info multipv 1 ", 0) == 0) break;
    }
    return out;
  };
  EXPECT_EQ(last(answers[0]), last(answers[1]));
  EXPECT_EQ(last(answers[0]), last(answers[2]));
}

TEST(QuickNoPeekingTest, TheProtocolsBeliefIsThePosterior) {
  // With the default Belief (inference) Red's belief over Blue's Hand is the posterior given
  // Blue's play since startpos, exact over its worlds; with Belief uniform, sampled.
  protocol_test::Harness h(
      [](std::string_view spec, std::string_view scenario) { return CreateGame(spec, scenario); },
      "quick");
  ASSERT_EQ(Errors(h.Send("position startpos moves hidden | select 2 blue 2 pink; go second")), 0);
  // The belief of a finished search (`belief` alone would start one and answer later).
  const auto belief_after_search = [&h] {
    const size_t mark = h.Mark();
    h.Send("go iterations 300");
    EXPECT_TRUE(h.WaitFor("bestmove", mark, std::chrono::seconds(60)).has_value());
    h.session().FinishJob();
    return h.Send("belief");
  };
  const std::vector<std::string> inferred = belief_after_search();
  ASSERT_GE(inferred.size(), 2u);
  EXPECT_EQ(inferred[0].rfind("belief player 1 hidden ", 0), 0u) << inferred[0];
  EXPECT_NE(inferred[0].find(" worlds "), std::string::npos) << inferred[0];
  ASSERT_EQ(Errors(h.Send("setoption name Belief value uniform")), 0);
  const std::vector<std::string> prior = belief_after_search();
  ASSERT_GE(prior.size(), 2u);
  EXPECT_NE(prior[0].find(" samples 4096"), std::string::npos) << prior[0];
}

TEST(QuickMixedPolicyTest, CubeSelectionAtTheStartOfARoundIsMixed) {
  auto game = MakeGame();
  Searcher<QuickGame> searcher(*game, Deterministic(4000));
  const SearchResult result = searcher.Search(game->InitialState(), 0);
  ASSERT_EQ(result.actions.size(), 5u);  // 0..4 blue cubes
  int with_weight = 0;
  double total = 0;
  for (const RootActionStats& stats : result.actions) {
    total += stats.policy;
    if (stats.policy >= 0.05) ++with_weight;
  }
  EXPECT_NEAR(total, 1.0, 1e-9);
  // Not a fixed choice: at least two selections keep a real share of the policy.
  EXPECT_GE(with_weight, 2);
  EXPECT_LT(result.actions[0].policy, 0.95);
}

}  // namespace
}  // namespace sandtable
