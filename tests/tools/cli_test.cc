// The subcommands run in-process: exit codes, one-line errors, and the key output lines.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "tools/cli_analyse.h"
#include "tools/cli_bench.h"
#include "tools/cli_common.h"
#include "tools/cli_demo.h"
#include "tools/cli_match.h"
#include "tools/cli_odds.h"
#include "tools/cli_perft.h"
#include "tools/cli_render.h"
#include "tools/cli_rulesets.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

using RunFunction = int (*)(int, const char* const*, std::ostream&, std::ostream&);

struct Outcome {
  int code;
  std::string out;
  std::string err;
};

Outcome RunCommand(RunFunction run, std::vector<const char*> args) {
  std::ostringstream out;
  std::ostringstream err;
  const int code = run(static_cast<int>(args.size()), args.data(), out, err);
  return {code, out.str(), err.str()};
}

// One line, naming the command, exit status 2.
void ExpectUsageError(const Outcome& outcome, const std::string& fragment) {
  EXPECT_EQ(outcome.code, kExitUsage) << outcome.out;
  EXPECT_THAT(outcome.err, StartsWith("sandtable "));
  EXPECT_THAT(outcome.err, HasSubstr(fragment));
  EXPECT_EQ(std::count(outcome.err.begin(), outcome.err.end(), '\n'), 1) << outcome.err;
}

TEST(CliTest, FlagErrorsExitWithStatusTwo) {
  ExpectUsageError(RunCommand(&RunPerft, {"perft", "--depth", "2", "--bogus"}), "bogus");
  ExpectUsageError(RunCommand(&RunPerft, {"perft", "--depth", "two"}), "two");
  ExpectUsageError(RunCommand(&RunPerft, {"perft"}), "--depth is required");
  ExpectUsageError(RunCommand(&RunPerft, {"perft", "--depth", "-1"}), "--depth");
  ExpectUsageError(RunCommand(&RunPerft, {"perft", "--depth"}), "depth");
  ExpectUsageError(RunCommand(&RunPerft, {"perft", "--depth", "1", "stray"}),
                   "unexpected argument");
  ExpectUsageError(RunCommand(&RunBench, {"bench", "--playouts", "0"}), "--playouts");
  ExpectUsageError(RunCommand(&RunBench, {"bench", "--threads", "2"}), "--search");
  ExpectUsageError(RunCommand(&RunRulesets, {"rulesets", "--x"}), "x");
  ExpectUsageError(RunCommand(&RunAnalyse, {"analyse", "--iterations", "5", "--movetime", "5"}),
                   "not both");
  ExpectUsageError(RunCommand(&RunAnalyse, {"analyse", "--state", "s", "--scenario", "f"}),
                   "not both");
  ExpectUsageError(RunCommand(&RunAnalyse, {"analyse", "--threads", "0"}), "--threads");
  ExpectUsageError(RunCommand(&RunAnalyse, {"analyse", "--rollout", "smart"}), "--rollout");
  ExpectUsageError(RunCommand(&RunAnalyse, {"analyse", "--belief-samples", "0"}),
                   "--belief-samples");
  ExpectUsageError(RunCommand(&RunMatch, {"match", "--a", "random"}), "--a and --b are required");
  ExpectUsageError(RunCommand(&RunMatch, {"match", "--a", "random", "--b", "chess"}), "chess");
  ExpectUsageError(
      RunCommand(&RunMatch, {"match", "--a", "random", "--b", "random", "--sprt", "5"}),
      "elo0,elo1");
  ExpectUsageError(
      RunCommand(&RunMatch, {"match", "--a", "random", "--b", "random", "--sprt", "5,0"}),
      "elo0 < elo1");
  ExpectUsageError(
      RunCommand(&RunMatch, {"match", "--a", "random", "--b", "random", "--sprt", "0,100000"}),
      "-2000..2000");
  ExpectUsageError(RunCommand(&RunDemo, {"demo", "--p0", "nobody"}), "nobody");
}

// Moves are separated by ';' so that notations with commas (quickplay's "move 0,13") fit;
// a repeated --moves adds its moves after the earlier ones.
TEST(CliTest, MovesAreSeparatedBySemicolons) {
  const Outcome split = RunCommand(
      &RunPerft, {"perft", "--ruleset", "kuhn_poker", "--moves", " K ;Q; bet", "--depth", "1"});
  const Outcome repeated = RunCommand(&RunPerft, {"perft", "--ruleset", "kuhn_poker", "--moves",
                                                  "K", "--moves", "Q;bet", "--depth", "1"});
  EXPECT_EQ(split.code, kExitOk) << split.err;
  EXPECT_THAT(split.out, StartsWith("perft 1 of kuhn_poker from KQ/b (player 1 to move)\n"));
  EXPECT_THAT(repeated.out, StartsWith("perft 1 of kuhn_poker from KQ/b (player 1 to move)\n"));
  ExpectUsageError(RunCommand(&RunPerft, {"perft", "--ruleset", "kuhn_poker", "--moves", "K;;Q",
                                          "--depth", "1"}),
                   "an empty move (moves are separated by ';')");
  const Outcome quickplay =
      RunCommand(&RunPerft, {"perft", "--moves", "T; move 1,6; shoot r cannon", "--depth", "1"});
  EXPECT_EQ(quickplay.code, kExitOk) << quickplay.err;
}

TEST(CliTest, BadInputExitsWithStatusTwo) {
  ExpectUsageError(RunCommand(&RunPerft, {"perft", "--ruleset", "chess", "--depth", "1"}),
                   "unknown ruleset 'chess'");
  ExpectUsageError(RunCommand(&RunPerft, {"perft", "--ruleset", "kuhn_poker(x=1)", "--depth", "1"}),
                   "x");
  ExpectUsageError(
      RunCommand(&RunPerft, {"perft", "--ruleset", "kuhn_poker", "--state", "%%%", "--depth", "1"}),
      "bad position string");
  ExpectUsageError(RunCommand(&RunOdds, {"odds", "--scenario", "/nonexistent/file"}),
                   "cannot read file");
}

// A device would be read forever, and a directory or an empty file would read as no
// scenario at all (the ruleset's default one).
TEST(CliTest, ScenarioMustBeANonEmptyRegularFile) {
  ExpectUsageError(RunCommand(&RunAnalyse, {"analyse", "--scenario", "/dev/zero"}),
                   "'/dev/zero': not a regular file");
  ExpectUsageError(RunCommand(&RunAnalyse, {"analyse", "--scenario", "/"}),
                   "'/': not a regular file");
  const std::string empty = ::testing::TempDir() + "/empty_scenario.txt";
  FILE* file = fopen(empty.c_str(), "w");
  ASSERT_NE(file, nullptr);
  fclose(file);
  ExpectUsageError(RunCommand(&RunAnalyse, {"analyse", "--scenario", empty.c_str()}),
                   "it is empty");
}

TEST(CliTest, HelpExitsWithStatusZero) {
  for (RunFunction run :
       {&RunPerft, &RunBench, &RunAnalyse, &RunOdds, &RunMatch, &RunDemo, &RunRulesets}) {
    const Outcome outcome = RunCommand(run, {"cmd", "--help"});
    EXPECT_EQ(outcome.code, kExitOk);
    EXPECT_THAT(outcome.out, HasSubstr("--help"));
    EXPECT_TRUE(outcome.err.empty());
  }
}

TEST(CliTest, Rulesets) {
  const Outcome outcome = RunCommand(&RunRulesets, {"rulesets"});
  EXPECT_EQ(outcome.code, kExitOk);
  EXPECT_THAT(outcome.out, HasSubstr("liars_dice: "));
  EXPECT_THAT(outcome.out, HasSubstr("  dice: "));
  // How the bot's playouts end: kuhn_poker has no evaluator, doubletap's cuts at 8 steps.
  EXPECT_THAT(outcome.out, HasSubstr("kuhn_poker: "));
  EXPECT_THAT(outcome.out.substr(outcome.out.find("kuhn_poker: ")),
              HasSubstr("  bot playouts: to the end of the game\n"));
  EXPECT_THAT(outcome.out.substr(outcome.out.find("doubletap: ")),
              HasSubstr("  bot playouts: cut after 8 steps for the evaluator\n"));
  // --names: the list in registry order, the default first, one name a line (for scripts).
  const Outcome names = RunCommand(&RunRulesets, {"rulesets", "--names"});
  EXPECT_EQ(names.code, kExitOk);
  EXPECT_EQ(names.out,
            "quickplay\nkuhn_poker\nliars_dice\ngoofspiel\ndoubletap\nquick\nbrickaction\nmgbb\n"
            "template\n");
}

TEST(CliTest, PerftKuhnPoker) {
  const Outcome outcome =
      RunCommand(&RunPerft, {"perft", "--ruleset", "kuhn_poker", "--depth", "2"});
  EXPECT_EQ(outcome.code, kExitOk) << outcome.err;
  EXPECT_THAT(outcome.out, HasSubstr("leaves 6 (terminal 0)"));
  EXPECT_THAT(outcome.out, HasSubstr("leaf mass 1 "));
  const Outcome divide =
      RunCommand(&RunPerft, {"perft", "--ruleset", "kuhn_poker", "--depth", "5", "--divide"});
  EXPECT_EQ(divide.code, kExitOk) << divide.err;
  EXPECT_THAT(divide.out, HasSubstr("10 leaves, mass 1 (branch probability 1/3)"));
  EXPECT_THAT(divide.out, HasSubstr("leaves 30 (terminal 30)"));
}

TEST(CliTest, IllegalMovesAreUsageErrors) {
  ExpectUsageError(
      RunCommand(&RunPerft, {"perft", "--ruleset", "kuhn_poker", "--moves", "Q;Q", "--depth", "1"}),
      "move 2 'Q'");
}

TEST(CliTest, BenchEndsWithPlayoutsPerSecond) {
  const Outcome outcome = RunCommand(
      &RunBench, {"bench", "--ruleset", "kuhn_poker", "--playouts", "1000", "--seed", "3"});
  EXPECT_EQ(outcome.code, kExitOk) << outcome.err;
  EXPECT_THAT(outcome.out, HasSubstr("games 1000:"));
  const std::string last = outcome.out.substr(outcome.out.rfind('\n', outcome.out.size() - 2) + 1);
  EXPECT_THAT(last, StartsWith("playouts/s "));
}

TEST(CliTest, SearchBenchEndsWithASignature) {
  const Outcome outcome =
      RunCommand(&RunBench, {"bench", "--search", "--ruleset", "kuhn_poker", "--iterations", "50"});
  EXPECT_EQ(outcome.code, kExitOk) << outcome.err;
  const std::string last = outcome.out.substr(outcome.out.rfind('\n', outcome.out.size() - 2) + 1);
  EXPECT_THAT(last, StartsWith("signature "));
  // Deterministic: the same signature twice.
  const Outcome again =
      RunCommand(&RunBench, {"bench", "--search", "--ruleset", "kuhn_poker", "--iterations", "50"});
  EXPECT_EQ(again.out.substr(again.out.rfind("signature")), last);
}

TEST(CliTest, AnalyseJsonIsOneObject) {
  const Outcome outcome = RunCommand(&RunAnalyse, {"analyse", "--ruleset", "kuhn_poker", "--moves",
                                                   "K;Q", "--iterations", "100", "--json"});
  EXPECT_EQ(outcome.code, kExitOk) << outcome.err;
  EXPECT_THAT(outcome.out, StartsWith("{\"ruleset\":\"kuhn_poker\""));
  EXPECT_THAT(outcome.out, HasSubstr("\"moveInfos\":["));
  EXPECT_THAT(outcome.out, HasSubstr("\"rootInfo\":{"));
  EXPECT_THAT(outcome.out, EndsWith("}\n"));
  ExpectUsageError(
      RunCommand(&RunAnalyse, {"analyse", "--ruleset", "kuhn_poker", "--moves", "K;Q;pass;pass"}),
      "the game is over");
}

TEST(CliTest, AnalyseAtAChanceNodeSearchesEveryWayItFalls) {
  const Outcome text = RunCommand(
      &RunAnalyse, {"analyse", "--ruleset", "kuhn_poker", "--iterations", "100", "--player", "1"});
  EXPECT_EQ(text.code, kExitOk) << text.err;
  EXPECT_THAT(text.out, HasSubstr("chance node: 6 ways to the next decision"));
  EXPECT_THAT(text.out, HasSubstr("\nK Q "));
  EXPECT_THAT(text.out, HasSubstr(" 1/6 "));
  EXPECT_THAT(text.out, HasSubstr("expected value for player 1: "));
  const Outcome json = RunCommand(
      &RunAnalyse, {"analyse", "--ruleset", "kuhn_poker", "--iterations", "100", "--json"});
  EXPECT_EQ(json.code, kExitOk) << json.err;
  EXPECT_THAT(json.out, StartsWith("{\"ruleset\":\"kuhn_poker\""));
  EXPECT_THAT(json.out, HasSubstr("\"nodeKind\":\"chance\""));
  EXPECT_THAT(json.out, HasSubstr("\"branches\":[{\"outcomes\":[\"J\",\"Q\"],"
                                  "\"probability\":0.16666666666666666,\"fraction\":\"1/6\""));
  EXPECT_THAT(json.out, HasSubstr("\"analysis\":{\"ruleset\":\"kuhn_poker\""));
  EXPECT_THAT(json.out, EndsWith("}\n"));
}

TEST(CliTest, AnalyseStatesTheBeliefsPrecision) {
  // kuhn_poker: player 1 holds Q, so player 0 holds J or K, 1/2 each under the prior.
  const Outcome outcome = RunCommand(
      &RunAnalyse, {"analyse", "--ruleset", "kuhn_poker", "--moves", "K;Q;bet", "--iterations",
                    "100", "--belief-samples", "10000", "--belief", "uniform"});
  EXPECT_EQ(outcome.code, kExitOk) << outcome.err;
  // 0.98 / sqrt(10000) = 0.98%.
  EXPECT_THAT(outcome.out, HasSubstr("hidden state (10000 samples, each share within 1.0%):\n"));
  const Outcome json =
      RunCommand(&RunAnalyse, {"analyse", "--ruleset", "kuhn_poker", "--moves", "K;Q;bet",
                               "--iterations", "100", "--json", "--belief", "uniform"});
  EXPECT_THAT(json.out, HasSubstr("\"beliefSamples\":16384,\"beliefExact\":false,"));
  // By default the belief is the posterior given player 0's bet, exact over its two worlds.
  const Outcome inferred = RunCommand(&RunAnalyse, {"analyse", "--ruleset", "kuhn_poker", "--moves",
                                                    "K;Q;bet", "--iterations", "100"});
  EXPECT_EQ(inferred.code, kExitOk) << inferred.err;
  EXPECT_THAT(inferred.out,
              HasSubstr("hidden state (inferred from the history, exact over 2 worlds):\n"));
  const Outcome bad =
      RunCommand(&RunAnalyse, {"analyse", "--ruleset", "kuhn_poker", "--belief", "psychic"});
  EXPECT_EQ(bad.code, kExitUsage);
  EXPECT_THAT(bad.err, HasSubstr("--belief must be uniform, inference or bluff"));
}

TEST(CliTest, AnalyseShowsProgressOnLongSearches) {
  // Progress reports come every 500 ms of searching.
  const Outcome outcome = RunCommand(
      &RunAnalyse, {"analyse", "--ruleset", "kuhn_poker", "--moves", "K;Q", "--movetime", "700"});
  EXPECT_EQ(outcome.code, kExitOk) << outcome.err;
  EXPECT_THAT(outcome.err, StartsWith("\ranalysing: "));
  EXPECT_THAT(outcome.err, HasSubstr(" iterations ("));
  EXPECT_THAT(outcome.err, EndsWith("\n"));
  // A short one shows none.
  EXPECT_EQ(RunCommand(&RunAnalyse, {"analyse", "--ruleset", "kuhn_poker", "--moves", "K;Q",
                                     "--iterations", "100"})
                .err,
            "");
}

TEST(CliTest, MatchJsonLines) {
  const Outcome outcome =
      RunCommand(&RunMatch, {"match", "--ruleset", "kuhn_poker", "--a", "random", "--b", "greedy",
                             "--games", "4", "--json"});
  EXPECT_EQ(outcome.code, kExitOk) << outcome.err;
  EXPECT_EQ(std::count(outcome.out.begin(), outcome.out.end(), '\n'), 5);
  EXPECT_THAT(outcome.out, StartsWith("{\"type\":\"game\",\"game\":"));
  EXPECT_THAT(outcome.out, HasSubstr("{\"type\":\"summary\",\"games\":4,"));
  const Outcome text = RunCommand(&RunMatch, {"match", "--ruleset", "kuhn_poker", "--a", "random",
                                              "--b", "random", "--games", "6", "--sprt", "0,50"});
  EXPECT_EQ(text.code, kExitOk) << text.err;
  EXPECT_THAT(text.out, HasSubstr("in 6 games; score"));
  EXPECT_THAT(text.out, HasSubstr("Elo difference "));
  EXPECT_THAT(text.out, HasSubstr("SPRT elo0=0 elo1=50"));
  EXPECT_THAT(text.err, HasSubstr("6/6"));  // the progress bar
  // kuhn_poker's returns are chips: the summary says how many A wins on average.
  EXPECT_THAT(text.out, HasSubstr("Mean return of A: "));
  EXPECT_THAT(text.out, HasSubstr("(an interval from 10 pairs on)"));
  EXPECT_THAT(outcome.out, HasSubstr("\"meanReturn\":"));
}

TEST(CliTest, DemoPlaysToTheEnd) {
  const Outcome outcome = RunCommand(&RunDemo, {"demo", "--ruleset", "kuhn_poker", "--seed", "4"});
  EXPECT_EQ(outcome.code, kExitOk) << outcome.err;
  EXPECT_THAT(outcome.out, HasSubstr("turn 1: player 0"));
  EXPECT_THAT(outcome.out, HasSubstr("; score "));
}

}  // namespace
}  // namespace sandtable

namespace sandtable {
namespace {

TEST(CliTest, RenderDrawsTextOrSvgForAViewer) {
  const Outcome text = RunCommand(&RunRender, {"render", "--ruleset", "kuhn_poker", "--moves",
                                               "deal J; deal Q", "--viewer", "0"});
  EXPECT_EQ(text.code, kExitOk) << text.err;
  EXPECT_EQ(text.out, "Player 0: J\nPlayer 1: ?\nBetting:\nTo move: player 0\n");
  const Outcome svg =
      RunCommand(&RunRender, {"render", "--ruleset", "kuhn_poker", "--moves", "deal J; deal Q",
                              "--viewer", "0", "--format", "svg"});
  EXPECT_EQ(svg.code, kExitOk) << svg.err;
  EXPECT_THAT(svg.out, StartsWith("<?xml"));
  EXPECT_THAT(svg.out, EndsWith("</svg>\n"));
  EXPECT_THAT(svg.out, HasSubstr(">J</text>"));
  EXPECT_THAT(svg.out, Not(HasSubstr(">Q</text>")));
  ExpectUsageError(RunCommand(&RunRender, {"render", "--viewer", "2"}), "--viewer is 0 or 1");
  ExpectUsageError(RunCommand(&RunRender, {"render", "--format", "png"}),
                   "--format is text or svg");
  ExpectUsageError(RunCommand(&RunRender, {"render", "--ruleset", "nosuch"}), "nosuch");
  EXPECT_EQ(RunCommand(&RunRender, {"render", "--help"}).code, kExitOk);
}

}  // namespace
}  // namespace sandtable
