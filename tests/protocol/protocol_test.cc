// Transcript tests: the protocol end to end, on the pick_claim game (with a stand-in search, so
// the threading is exercised) and on every registered ruleset with the real searcher.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/rng.h"
#include "engine/text.h"
#include "tests/protocol/protocol_harness.h"
#include "tools/protocol_text.h"
#include "tools/registry.h"
#include "tools/search_bench.h"

namespace sandtable::protocol_test {
namespace {

using ::testing::TestWithParam;

int CountErrors(const std::vector<std::string>& lines) {
  return static_cast<int>(std::count_if(lines.begin(), lines.end(), IsError));
}

TEST(Protocol, UciAnnouncesIdOptionsAndUciok) {
  Harness h;
  const std::vector<std::string> lines = h.Send("uci");
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[0], absl::StrCat("id name sandtable ", ToAbsl(kSandtableVersion)));
  EXPECT_EQ(lines[1].rfind("id author ", 0), 0u);
  EXPECT_EQ(lines.back(), "uciok");
  for (const char* name : {"Threads", "Seed", "Deterministic", "MemoryMB", "Ruleset", "MultiPV",
                           "UCBConstant", "Seat", "Scenario", "UCBValues"}) {
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const std::string& line) {
      return line.rfind(absl::StrCat("option name ", name, " type "), 0) == 0;
    })) << name;
  }
  EXPECT_EQ(h.Send("isready"), std::vector<std::string>{"readyok"});
}

TEST(Protocol, PositionWithMultiWordMovesRawFacesAndDisplay) {
  Harness h;
  EXPECT_EQ(CountErrors(h.Send("position startpos moves pick 2 | pick 3; claim 1; roll 4; "
                               "claim 3")),
            0);
  EXPECT_EQ(h.PositionString(), "round 1 phase 0 picks 2 3 claimed -1 -1 score 2 3 bonus 1");
  const std::vector<std::string> d = h.Send("d");
  EXPECT_NE(std::find(d.begin(), d.end(), "kind simultaneous"), d.end());
  EXPECT_NE(std::find(d.begin(), d.end(), "tomove both"), d.end());
  EXPECT_NE(std::find(d.begin(), d.end(), "score 2 3"), d.end());
  EXPECT_NE(std::find(d.begin(), d.end(), "ruleset pick_claim(rounds=2)"), d.end());
  // A state string with spaces, then one move.
  EXPECT_EQ(CountErrors(h.Send("position state round 0 phase 1 picks 1 1 claimed -1 -1 score 0 "
                               "0 bonus 0 moves pass")),
            0);
  EXPECT_EQ(h.Kind(), "chance");
  EXPECT_EQ(h.PositionString(), "round 0 phase 2 picks 1 1 claimed 0 -1 score 0 0 bonus 0");
}

TEST(Protocol, BadLinesGetExactlyOneErrorAndChangeNothing) {
  Harness h;
  ASSERT_EQ(CountErrors(h.Send("position startpos moves pick 1 | pick 2")), 0);
  const std::string before = h.session().Fingerprint();
  for (const char* bad : {"position startpos moves pick 1 | pick 4",
                          "position startpos moves pick 1",
                          "position startpos moves pick 1 | pick 2; claim 2",
                          "position",
                          "position fen x",
                          "position state round 9",
                          "position startpos junk",
                          "go depth 5",
                          "go iterations",
                          "setoption name Threads value 0",
                          "setoption name NoSuch value 1",
                          "setoption name Rollout value smart",
                          "setoption name UCBValues value scaled",
                          "setoption name Belief value psychic",
                          "setoption name ModelIterations value -1",
                          "setoption name Ruleset value chess",
                          "setoption name Ruleset value pick_claim(rounds=9)",
                          "setoption name Scenario value /nonexistent/file",
                          "setoption name Scenario value /dev/zero",
                          "setoption name Scenario value /",
                          "setoption",
                          "perft",
                          "perft -1",
                          "odds",
                          "odds claim 9",
                          "frobnicate",
                          "isready now",
                          "d extra",
                          "moves 3",
                          "bench iterations 0",
                          "position startpos moves a;;b",
                          "uci x",
                          "ucinewgame now"}) {
    const std::vector<std::string> out = h.Send(bad);
    ASSERT_EQ(out.size(), 1u) << bad;
    EXPECT_TRUE(IsError(out[0])) << bad << " -> " << out[0];
    EXPECT_EQ(h.session().Fingerprint(), before) << bad;
  }
  EXPECT_EQ(h.Send("isready"), std::vector<std::string>{"readyok"});
}

TEST(Protocol, HiddenChoicesGetPlaceholdersConsistentWithLaterMoves) {
  Harness h;
  // Player 1's pick is hidden; its later "claim 3" is only legal with pick 3, so the
  // placeholder search must settle on pick 3. The die is hidden too.
  ASSERT_EQ(CountErrors(h.Send("position startpos moves pick 1 | hidden; pass; hidden; claim 3")),
            0);
  const std::string position = h.PositionString();
  EXPECT_NE(position.find("picks 1 3"), std::string::npos) << position;
  EXPECT_NE(position.find("score 0 3"), std::string::npos) << position;
  // Nothing makes "claim 3" legal for player 0 after picking 1.
  const std::vector<std::string> out = h.Send("position startpos moves pick 1 | hidden; claim 3");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(IsError(out[0]));
  // A lone "hidden" at a simultaneous node hides both choices.
  EXPECT_EQ(CountErrors(h.Send("position startpos moves hidden; claim 2")), 0);
}

TEST(Protocol, MovesListsActionsAndExactChanceProbabilities) {
  Harness h;
  std::vector<std::string> lines = h.Send("moves");
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0], "moves simultaneous count 3 3");
  EXPECT_EQ(lines[1], "action 0 pick 1");
  EXPECT_EQ(lines[6], "action 1 pick 3");
  h.Send("position startpos moves pick 2 | pick 1; claim 2");
  lines = h.Send("moves");
  EXPECT_EQ(lines,
            (std::vector<std::string>{"moves chance count 3", "outcome 1/2 0.500000 low",
                                      "outcome 1/3 0.333333 mid", "outcome 1/6 0.166667 high"}));
  h.Send("position startpos moves pick 2 | pick 1");
  lines = h.Send("moves");
  EXPECT_EQ(lines, (std::vector<std::string>{"moves decision player 0 count 3", "action 0 pass",
                                             "action 0 claim 1", "action 0 claim 2"}));
}

TEST(Protocol, OddsAreExact) {
  Harness h;
  h.Send("position startpos moves pick 3 | pick 1");
  const std::vector<std::string> lines = h.Send("odds claim 2");
  EXPECT_EQ(lines, (std::vector<std::string>{
                       "odds results 3 action claim 2", "result 1/2 0.500000 bonus 0 score 2",
                       "result 1/3 0.333333 bonus 1 score 3", "result 1/6 0.166667 bonus 2 score 4",
                       "expected bonus 2/3 0.666667 score 8/3 2.666667"}));
  // At the simultaneous start, both players' choices (a decision follows: one result).
  Harness start;
  const std::vector<std::string> joint = start.Send("odds pick 3 |pick 1");
  ASSERT_FALSE(joint.empty());
  EXPECT_EQ(joint[0], "odds results 1 action pick 3 | pick 1");
  const std::vector<std::string> one_side = start.Send("odds pick 3");
  ASSERT_EQ(one_side.size(), 1u);
  EXPECT_TRUE(IsError(one_side[0])) << one_side[0];
}

TEST(Protocol, PerftCountsLeaves) {
  Harness h;
  h.Send("perft 2");
  const std::optional<std::string> line = h.WaitFor("perft depth", 0);
  ASSERT_TRUE(line.has_value());
  // 9 joint picks, then pass or claim up to player 0's pick: (2 + 3 + 4) * 3.
  EXPECT_EQ(line->rfind("perft depth 2 leaves 27 ", 0), 0u) << *line;
  const std::vector<std::string> all = h.LinesFrom(0);
  EXPECT_EQ(std::count_if(all.begin(), all.end(),
                          [](const std::string& l) { return l.rfind("perft branch ", 0) == 0; }),
            9);
}

TEST(Protocol, GoReportsInfoAndALegalBestmove) {
  Harness h;
  h.Send("setoption name MultiPV value 2");
  h.Send("position startpos moves pick 3 | pick 1");
  const size_t mark = h.Mark();
  // The search runs on its own thread and may answer before Send returns: only errors count.
  EXPECT_EQ(CountErrors(h.Send("go iterations 300")), 0);
  const std::optional<std::string> best = h.WaitFor("bestmove ", mark);
  ASSERT_TRUE(best.has_value());
  const std::string move = best->substr(9);
  EXPECT_TRUE(move == "pass" || move == "claim 1" || move == "claim 2" || move == "claim 3")
      << move;
  const std::vector<std::string> lines = h.LinesFrom(mark);
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
    return l.rfind("info iterations 300 time ", 0) == 0;
  }));
  const int multipv =
      static_cast<int>(std::count_if(lines.begin(), lines.end(), [](const std::string& l) {
        return l.rfind("info multipv ", 0) == 0;
      }));
  EXPECT_EQ(multipv, 2);
  EXPECT_EQ(CountErrors(lines), 0);
  // A script need not wait for bestmove: position waits for a search with a limit.
  h.Send("go iterations 300");
  EXPECT_EQ(CountErrors(h.Send("position startpos moves pick 3 | pick 1")), 0);
  EXPECT_FALSE(h.session().JobRunning());
  // The move the engine chose plays back.
  EXPECT_EQ(CountErrors(h.Send(absl::StrCat("position startpos moves pick 3 | pick 1; ", move))),
            0);
  // `belief` reuses the finished search only for its position; here it searches anew.
  h.Send("position startpos moves pick 3 | pick 1");
  const size_t before_go = h.Mark();
  h.Send("go iterations 50");
  ASSERT_TRUE(h.WaitFor("bestmove ", before_go).has_value());
  h.session().FinishJob();
  const std::vector<std::string> belief = h.Send("belief");
  EXPECT_EQ(belief, (std::vector<std::string>{"belief player 0 hidden 3 samples 4096",
                                              "hidden 0.500000 pick 3", "hidden 0.300000 pick 2",
                                              "hidden 0.200000 pick 1"}));
  // The option reaches the search.
  h.Send("setoption name BeliefSamples value 100");
  const size_t before_second = h.Mark();
  h.Send("go iterations 50");
  ASSERT_TRUE(h.WaitFor("bestmove ", before_second).has_value());
  h.session().FinishJob();
  EXPECT_EQ(h.Send("belief").front(), "belief player 0 hidden 3 samples 100");
}

TEST(Protocol, SimultaneousNodeReportsPolicyAndSamplesSeatAction) {
  Harness h;
  h.Send("setoption name Seat value 1");
  const size_t mark = h.Mark();
  h.Send("go iterations 200");
  const std::optional<std::string> best = h.WaitFor("bestmove ", mark);
  ASSERT_TRUE(best.has_value());
  const std::vector<std::string> lines = h.LinesFrom(mark);
  const auto policy = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.rfind("info policy ", 0) == 0;
  });
  ASSERT_NE(policy, lines.end());
  EXPECT_EQ(std::count(policy->begin(), policy->end(), ';'), 2);
  EXPECT_EQ(best->rfind("bestmove pick ", 0), 0u);
}

TEST(Protocol, GoAtChanceIsAnErrorAndAtTheEndGivesNone) {
  Harness h;
  h.Send("position startpos moves pick 1 | pick 1; pass");
  std::vector<std::string> out = h.Send("go iterations 10");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(IsError(out[0]));
  h.Send("setoption name Ruleset value pick_claim(rounds=1)");
  h.Send("position startpos moves pick 1 | pick 1; pass; low; pass");
  EXPECT_EQ(h.Kind(), "terminal");
  EXPECT_EQ(h.Send("go iterations 10"), std::vector<std::string>{"bestmove (none)"});
}

TEST(Protocol, StopEndsInfiniteSearchAndIsreadyAnswersWhileSearching) {
  Harness h;
  h.Send("position startpos moves pick 2 | pick 2");
  const size_t mark = h.Mark();
  h.Send("go infinite");
  ASSERT_TRUE(h.session().JobRunning());
  // Answered at once from this thread, while the search runs.
  EXPECT_EQ(h.Send("isready"), std::vector<std::string>{"readyok"});
  // Commands that would change what the search reads are refused meanwhile.
  std::vector<std::string> out = h.Send("position startpos");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(IsError(out[0]));
  out = h.Send("go iterations 5");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(IsError(out[0]));
  // Progress arrives without asking (the stand-in reports every 250 ms).
  EXPECT_TRUE(h.WaitFor("info iterations ", mark, std::chrono::seconds(5)).has_value());
  EXPECT_TRUE(h.session().JobRunning());
  // stop returns after the bestmove is out.
  const std::vector<std::string> stopped = h.Send("stop");
  ASSERT_FALSE(stopped.empty());
  EXPECT_EQ(stopped.back().rfind("bestmove ", 0), 0u);
  EXPECT_FALSE(h.session().JobRunning());
  EXPECT_EQ(h.Send("isready"), std::vector<std::string>{"readyok"});
  EXPECT_TRUE(h.Send("stop").empty());  // nothing to stop: silent
}

TEST(Protocol, QuitStopsASearchAndEndOfInputLetsAFiniteSearchFinish) {
  {
    Harness h;
    h.Send("go infinite");
    h.Send("quit");
    EXPECT_FALSE(h.last_result());
    EXPECT_FALSE(h.session().JobRunning());
    EXPECT_TRUE(h.WaitFor("bestmove ", 0, std::chrono::milliseconds(0)).has_value());
  }
  Harness h;
  h.Send("go iterations 2000");
  h.session().FinishJob();
  EXPECT_TRUE(h.WaitFor("bestmove ", 0, std::chrono::milliseconds(0)).has_value());
}

TEST(Protocol, SetOptionRulesetAndScenario) {
  Harness h;
  EXPECT_EQ(CountErrors(h.Send("setoption name ruleset value pick_claim(rounds=3)")), 0);
  const std::vector<std::string> d = h.Send("d");
  EXPECT_NE(std::find(d.begin(), d.end(), "ruleset pick_claim(rounds=3)"), d.end());
  const std::string path = ::testing::TempDir() + "/pick_claim_scenario.txt";
  {
    FILE* f = fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    fputs("pick_claim scenario\n", f);
    fclose(f);
  }
  EXPECT_EQ(CountErrors(h.Send("setoption name Scenario value " + path)), 0);
  const std::string bad = ::testing::TempDir() + "/bad_scenario.txt";
  {
    FILE* f = fopen(bad.c_str(), "w");
    ASSERT_NE(f, nullptr);
    fputs("nonsense\n", f);
    fclose(f);
  }
  const std::string before = h.session().Fingerprint();
  EXPECT_EQ(CountErrors(h.Send("setoption name Scenario value " + bad)), 1);
  EXPECT_EQ(h.session().Fingerprint(), before);
  EXPECT_EQ(CountErrors(h.Send("setoption name Scenario value <empty>")), 0);
}

TEST(Protocol, BenchPrintsASignature) {
  Harness h;
  h.Send("bench iterations 100");
  const std::optional<std::string> line = h.WaitFor("bench positions ", 0);
  ASSERT_TRUE(line.has_value());
  EXPECT_NE(line->find(" signature "), std::string::npos);
}

TEST(Protocol, BenchSignsLikeTheCommandLineBench) {
  // One benchmark: the protocol's `bench` on the current game is `sandtable bench --search`'s.
  absl::StatusOr<std::shared_ptr<const Game>> game = CreateGame("kuhn_poker");
  ASSERT_TRUE(game.ok()) << game.status();
  const SearchBenchTotals expected = SearchBench(
      **game, 100, 1,
      [](Search& search, const Position& position, Player player) {
        return search.Run(position, player);
      },
      [](int, const Position&, Player, const SearchResult&) {});
  Harness h(
      [](std::string_view spec, std::string_view scenario) { return CreateGame(spec, scenario); },
      "kuhn_poker");
  h.Send("setoption name Threads value 2");  // deterministic: the thread count does not matter
  h.Send("bench iterations 100");
  const std::optional<std::string> line = h.WaitFor("bench positions ", 0);
  ASSERT_TRUE(line.has_value());
  EXPECT_NE(line->find(absl::StrCat("bench positions ", expected.positions, " iterations ",
                                    expected.iterations, " ")),
            std::string::npos)
      << *line;
  EXPECT_TRUE(line->ends_with(absl::StrCat(" signature ", expected.signature))) << *line;
}

TEST(Protocol, WithoutAGameCommandsSaySo) {
  Harness h(PickClaimFactory(), "nosuchgame");
  std::vector<std::string> out = h.Send("d");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(IsError(out[0]));
  EXPECT_EQ(h.Send("isready"), std::vector<std::string>{"readyok"});
  EXPECT_EQ(CountErrors(h.Send("setoption name Ruleset value pick_claim")), 0);
  EXPECT_EQ(h.Kind(), "simultaneous");
}

// A full game through the protocol: the engine plays `seat` with `go`, the test plays the
// other side and chance at random, typing `hidden` for every choice or outcome the seat
// cannot tell apart from another (equal information-set keys), as a host at a real table
// would.
void PlayFullGame(Harness& h, const Game& game, Player seat, uint64_t seed) {
  SCOPED_TRACE(absl::StrCat(game.spec(), " seat ", seat, " seed ", seed));
  Rng rng(seed);
  std::unique_ptr<Position> truth = game.NewInitialPosition();
  std::vector<std::string> engine_moves;
  ASSERT_EQ(CountErrors(h.Send(absl::StrCat("setoption name Seat value ", seat))), 0);
  h.Send("ucinewgame");
  // Whether `seat` can tell `chosen` from some other branch of this node.
  auto hidden_from_seat = [&](const std::vector<std::unique_ptr<Position>>& branches,
                              size_t chosen) {
    const uint64_t key = branches[chosen]->InformationSetKey(seat);
    for (size_t i = 0; i < branches.size(); ++i) {
      if (i != chosen && branches[i]->InformationSetKey(seat) == key) return true;
    }
    return false;
  };
  auto engine_move = [&]() -> std::string {
    const std::string list = JoinMoveList(engine_moves);
    const std::vector<std::string> out =
        h.Send(list.empty() ? "position startpos" : "position startpos moves " + list);
    EXPECT_EQ(CountErrors(out), 0) << (out.empty() ? "" : out[0]);
    const size_t mark = h.Mark();
    h.Send("go iterations 40");
    const std::optional<std::string> best = h.WaitFor("bestmove ", mark);
    EXPECT_TRUE(best.has_value());
    return best ? best->substr(9) : "";
  };
  int steps = 0;
  while (truth->Kind() != NodeKind::kTerminal && steps++ < game.MaxGameLength() + 1) {
    const NodeKind kind = truth->Kind();
    if (kind == NodeKind::kChance) {
      const ChanceList outcomes = truth->ChanceOutcomes();
      double u = rng.Uniform();
      size_t chosen = static_cast<size_t>(outcomes.size() - 1);
      for (int i = 0; i < outcomes.size(); ++i) {
        u -= outcomes[i].probability.ToDouble();
        if (u < 0) {
          chosen = static_cast<size_t>(i);
          break;
        }
      }
      std::vector<std::unique_ptr<Position>> branches;
      for (const ChanceOutcome& outcome : outcomes) {
        branches.push_back(truth->Clone());
        branches.back()->Apply(outcome.outcome);
      }
      engine_moves.push_back(hidden_from_seat(branches, chosen)
                                 ? std::string(kHiddenWord)
                                 : truth->ActionToString(kChancePlayer, outcomes[chosen].outcome));
      truth = std::move(branches[chosen]);
    } else if (kind == NodeKind::kDecision && truth->CurrentPlayer() == seat) {
      const std::string best = engine_move();
      absl::StatusOr<Action> action = truth->ParseAction(seat, best);
      ASSERT_TRUE(action.ok()) << best << ": " << action.status();
      truth->Apply(*action);
      engine_moves.push_back(best);
    } else if (kind == NodeKind::kDecision) {
      const Player other = truth->CurrentPlayer();
      const ActionList actions = truth->LegalActions(other);
      const size_t chosen = rng.Below(actions.size());
      std::vector<std::unique_ptr<Position>> branches;
      for (Action a : actions) {
        branches.push_back(truth->Clone());
        branches.back()->Apply(a);
      }
      engine_moves.push_back(hidden_from_seat(branches, chosen)
                                 ? std::string(kHiddenWord)
                                 : truth->ActionToString(other, actions[chosen]));
      truth = std::move(branches[chosen]);
    } else {
      // Simultaneous: the engine answers first, without seeing the other choice.
      const std::string best = engine_move();
      absl::StatusOr<Action> mine = truth->ParseAction(seat, best);
      ASSERT_TRUE(mine.ok()) << best << ": " << mine.status();
      const ActionList theirs = truth->LegalActions(1 - seat);
      const size_t chosen = rng.Below(theirs.size());
      std::vector<std::unique_ptr<Position>> branches;
      for (Action a : theirs) {
        JointAction joint;
        joint[seat] = *mine;
        joint[1 - seat] = a;
        branches.push_back(truth->Clone());
        branches.back()->ApplyJoint(joint);
      }
      const std::string their_text = hidden_from_seat(branches, chosen)
                                         ? std::string(kHiddenWord)
                                         : truth->ActionToString(1 - seat, theirs[chosen]);
      engine_moves.push_back(seat == 0 ? absl::StrCat(best, " | ", their_text)
                                       : absl::StrCat(their_text, " | ", best));
      truth = std::move(branches[chosen]);
    }
    if (::testing::Test::HasFatalFailure()) return;
  }
  ASSERT_EQ(truth->Kind(), NodeKind::kTerminal);
  const std::vector<std::string> out =
      h.Send("position startpos moves " + JoinMoveList(engine_moves));
  ASSERT_EQ(CountErrors(out), 0) << out[0];
  EXPECT_EQ(h.Kind(), "terminal");
  EXPECT_EQ(h.Send("go"), std::vector<std::string>{"bestmove (none)"});
}

TEST(Protocol, FullPickClaimGamesWithHiddenChoices) {
  for (Player seat : {0, 1}) {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      Harness h;
      absl::StatusOr<std::shared_ptr<const Game>> game =
          CreatePickClaimGame("pick_claim(rounds=3)", "");
      ASSERT_TRUE(game.ok());
      ASSERT_EQ(CountErrors(h.Send("setoption name Ruleset value pick_claim(rounds=3)")), 0);
      PlayFullGame(h, **game, seat, seed);
    }
  }
}

TEST(Protocol, RunProtocolReadsAScriptToTheEnd) {
  if (ListRulesets().empty()) GTEST_SKIP() << "no ruleset is registered yet";
  std::istringstream in("uci\r\nisready\n\nbogus\nposition startpos\ngo iterations 200\n");
  std::ostringstream out;
  EXPECT_EQ(RunProtocol(in, out), 0);
  const std::string text = out.str();
  EXPECT_NE(text.find("\nuciok\n"), std::string::npos);
  EXPECT_NE(text.find("\nreadyok\n"), std::string::npos);
  EXPECT_NE(text.find("\ninfo string error unknown command 'bogus'"), std::string::npos);
  // End of input lets the search with a limit finish.
  EXPECT_NE(text.find("\nbestmove "), std::string::npos) << text;
  std::istringstream quit("go infinite\nquit\nisready\n");
  std::ostringstream quit_out;
  EXPECT_EQ(RunProtocol(quit, quit_out), 0);
  EXPECT_NE(quit_out.str().find("bestmove "), std::string::npos);
  EXPECT_EQ(quit_out.str().find("readyok"), std::string::npos);  // nothing after quit
}

class RegisteredRulesetTest : public TestWithParam<std::string> {};

TEST_P(RegisteredRulesetTest, FullGameThroughTheProtocol) {
  const std::string name = GetParam();
  if (name.empty()) GTEST_SKIP() << "no ruleset is registered yet";
  absl::StatusOr<std::shared_ptr<const Game>> game = CreateGame(name);
  ASSERT_TRUE(game.ok()) << game.status();
  Harness h(
      [](std::string_view spec, std::string_view scenario) { return CreateGame(spec, scenario); },
      name);
  EXPECT_EQ(h.Send("isready"), std::vector<std::string>{"readyok"});
  // The real searcher: isready answered during go infinite, stop ends it with a bestmove.
  if (h.Kind() != "chance" && h.Kind() != "terminal") {
    const size_t mark = h.Mark();
    h.Send("go infinite");
    EXPECT_EQ(h.Send("isready"), std::vector<std::string>{"readyok"});
    const std::vector<std::string> stopped = h.Send("stop");
    ASSERT_FALSE(stopped.empty());
    EXPECT_EQ(stopped.back().rfind("bestmove ", 0), 0u) << stopped.back();
    EXPECT_EQ(CountErrors(h.LinesFrom(mark)), 0);
  }
  PlayFullGame(h, **game, 0, 11);
  PlayFullGame(h, **game, 1, 12);
  // The move list notation never collides with the separators.
  std::unique_ptr<Position> position = (*game)->NewInitialPosition();
  Rng rng(5);
  for (int step = 0; step < 200 && position->Kind() != NodeKind::kTerminal; ++step) {
    if (position->Kind() == NodeKind::kChance) {
      const ChanceList outcomes = position->ChanceOutcomes();
      for (const ChanceOutcome& o : outcomes) {
        const std::string text = position->ActionToString(kChancePlayer, o.outcome);
        EXPECT_EQ(text.find_first_of(";|\n"), std::string::npos) << text;
        EXPECT_NE(text, kHiddenWord);
      }
      position->Apply(outcomes[static_cast<int>(rng.Below(outcomes.size()))].outcome);
      continue;
    }
    JointAction joint{};
    for (Player p = 0; p < kNumPlayers; ++p) {
      if (position->Kind() == NodeKind::kDecision && p != position->CurrentPlayer()) continue;
      const ActionList actions = position->LegalActions(p);
      for (Action a : actions) {
        const std::string text = position->ActionToString(p, a);
        EXPECT_EQ(text.find_first_of(";|\n"), std::string::npos) << text;
        EXPECT_NE(text, kHiddenWord);
      }
      joint[p] = actions[static_cast<int>(rng.Below(actions.size()))];
    }
    if (position->Kind() == NodeKind::kDecision) {
      position->Apply(joint[position->CurrentPlayer()]);
    } else {
      position->ApplyJoint(joint);
    }
  }
}

TEST(Protocol, DisplayForOnePlayerHidesWhatItHasNotSeen) {
  Harness h(
      [](std::string_view spec, std::string_view scenario) { return CreateGame(spec, scenario); },
      "liars_dice");
  EXPECT_EQ(CountErrors(h.Send("position startpos moves roll 3; roll 5; 1x2")), 0);
  const std::vector<std::string> all = h.Send("d");
  EXPECT_NE(std::find(all.begin(), all.end(), "Player 1 dice: 5"), all.end());
  EXPECT_NE(std::find(all.begin(), all.end(), "position 3/5/1x2"), all.end());
  const std::vector<std::string> zero = h.Send("d player 0");
  EXPECT_NE(std::find(zero.begin(), zero.end(), "Player 0 dice: 3"), zero.end());
  EXPECT_NE(std::find(zero.begin(), zero.end(), "Player 1 dice: ?"), zero.end());
  EXPECT_NE(std::find(zero.begin(), zero.end(), "tomove 1"), zero.end());
  for (const std::string& line : zero) {
    EXPECT_EQ(line.find("position"), std::string::npos) << "the position string shows all";
  }
  const std::vector<std::string> one = h.Send("d player 1");
  EXPECT_NE(std::find(one.begin(), one.end(), "Player 0 dice: ?"), one.end());
  EXPECT_NE(std::find(one.begin(), one.end(), "Player 1 dice: 5"), one.end());
  // The same board as an SVG picture: the document alone, the opponent's die a "?".
  const std::vector<std::string> svg = h.Send("d svg player 1");
  ASSERT_GE(svg.size(), 3u);
  EXPECT_EQ(svg.front().rfind("<?xml", 0), 0u) << svg.front();
  EXPECT_EQ(svg.back(), "</svg>");
  EXPECT_NE(std::find(svg.begin(), svg.end(),
                      "<text x=\"127.9\" y=\"26.0\" "
                      "text-anchor=\"middle\" fill=\"#ffffff\" "
                      "font-weight=\"bold\">?</text>"),
            svg.end());
  EXPECT_NE(std::find(svg.begin(), svg.end(),
                      "<text x=\"127.9\" y=\"60.0\" text-anchor=\"middle\">5</text>"),
            svg.end());
  EXPECT_EQ(std::find(svg.begin(), svg.end(), "tomove 1"), svg.end());
  const std::vector<std::string> svg_all = h.Send("d svg");
  EXPECT_EQ(svg_all.back(), "</svg>");
  EXPECT_NE(svg_all, svg);
  for (const char* bad : {"d player 2", "d player", "d 0", "d player 0 more", "d svg player",
                          "d svg 1", "d player 1 svg"}) {
    const std::vector<std::string> out = h.Send(bad);
    ASSERT_EQ(out.size(), 1u) << bad;
    EXPECT_TRUE(IsError(out[0])) << bad << ": " << out[0];
  }
}

std::vector<std::string> RegisteredNames() {
  std::vector<std::string> names;
  for (const RulesetInfo& info : ListRulesets()) names.push_back(info.name);
  if (names.empty()) names.push_back("");
  return names;
}

INSTANTIATE_TEST_SUITE_P(Every, RegisteredRulesetTest, ::testing::ValuesIn(RegisteredNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           return info.param.empty() ? std::string("none") : info.param;
                         });

}  // namespace
}  // namespace sandtable::protocol_test
