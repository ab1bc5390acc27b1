// match --shard and match-report: the merged shards of a fixed-seed match are the whole
// match, and the merge refuses or reports what does not fit.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "tools/cli_common.h"
#include "tools/cli_match.h"
#include "tools/cli_match_report.h"
#include "tools/match/match_lines.h"
#include "tools/match/match_merge.h"

namespace sandtable {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

struct Outcome {
  int code;
  std::string out;
  std::string err;
};

Outcome Match(std::vector<std::string> extra, int64_t games = 21, const char* seed = "7",
              const char* b = "greedy") {
  std::vector<std::string> args = {
      "match",   "--ruleset",         "kuhn_poker", "--a", "ismcts:iterations=30", "--b", b,
      "--games", absl::StrCat(games), "--seed",     seed};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  std::ostringstream out;
  std::ostringstream err;
  const int code = RunMatch(static_cast<int>(argv.size()), argv.data(), out, err);
  return {code, out.str(), err.str()};
}

std::string Shard(int k, int m = 3) {
  const Outcome outcome = Match({"--shard", absl::StrCat(k, "/", m)});
  EXPECT_EQ(outcome.code, kExitOk) << outcome.err;
  return outcome.out;
}

// Writes the texts to files and runs match-report on them (plus `extra` flags).
Outcome Report(const std::vector<std::string>& texts, std::vector<std::string> extra = {}) {
  // One directory per test: ctest runs the tests of this file in parallel processes.
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) /
      absl::StrCat("report_", ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::create_directories(dir);
  std::vector<std::string> args = {"match-report"};
  args.insert(args.end(), extra.begin(), extra.end());
  for (size_t i = 0; i < texts.size(); ++i) {
    const std::string path = (dir / absl::StrCat("shard", i, ".jsonl")).string();
    std::ofstream(path, std::ios::binary) << texts[i];
    args.push_back(path);
  }
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  std::ostringstream out;
  std::ostringstream err;
  std::istringstream in;
  const int code = RunMatchReportWith(static_cast<int>(argv.size()), argv.data(), in, out, err);
  return {code, out.str(), err.str()};
}

std::vector<ShardFile> Files(const std::vector<std::string>& texts) {
  std::vector<ShardFile> files;
  for (size_t i = 0; i < texts.size(); ++i) files.push_back({absl::StrCat("s", i), texts[i]});
  return files;
}

TEST(MatchReportTest, MergedShardsAreTheWholeMatch) {
  const Outcome whole = Match({});
  ASSERT_EQ(whole.code, kExitOk) << whole.err;
  const std::vector<std::string> shards = {Shard(0), Shard(1), Shard(2)};
  // The same summary, line for line (header included).
  const Outcome merged = Report(shards);
  EXPECT_EQ(merged.code, kExitOk) << merged.err;
  EXPECT_EQ(merged.err, "");
  EXPECT_EQ(merged.out, whole.out);
  EXPECT_THAT(whole.out, HasSubstr("in 21 games"));
  // The same games, one by one.
  const Outcome whole_json = Match({"--json"});
  std::vector<GameRecord> expected;
  for (absl::string_view line : absl::StrSplit(whole_json.out, '\n', absl::SkipEmpty())) {
    absl::StatusOr<std::optional<MatchLine>> parsed = ParseMatchLine(std::string(line));
    ASSERT_TRUE(parsed.ok()) << parsed.status() << line;
    if (parsed->has_value()) expected.push_back((*parsed)->record);
  }
  absl::StatusOr<MergedMatch> merge = MergeShards(Files(shards));
  ASSERT_TRUE(merge.ok()) << merge.status();
  ASSERT_EQ(merge->games.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(merge->games[i].index, expected[i].index);
    EXPECT_EQ(merge->games[i].seed, expected[i].seed);
    EXPECT_EQ(merge->games[i].a_result, expected[i].a_result) << i;
    EXPECT_EQ(merge->games[i].final_position, expected[i].final_position) << i;
  }
  EXPECT_TRUE(merge->missing_pairs.empty());
  EXPECT_TRUE(merge->duplicate_pairs.empty());
  EXPECT_EQ(merge->shard_count, 3);
  // And the JSON summary, the SPRT included.
  const std::string whole_summary = Match({"--json", "--sprt", "-100,100"}).out;
  const Outcome merged_json = Report(shards, {"--json", "--sprt", "-100,100"});
  EXPECT_EQ(merged_json.code, kExitOk) << merged_json.err;
  // The whole match may stop early on its SPRT; this one does not.
  ASSERT_THAT(whole_summary, HasSubstr("\"games\":21,"));
  EXPECT_THAT(whole_summary, testing::EndsWith(merged_json.out));
}

TEST(MatchReportTest, SkipsATruncatedLastLine) {
  std::string cut = Shard(1);
  const size_t summary = cut.rfind("{\"type\":\"summary\"");
  cut.resize(summary - 30);  // inside the shard's last game line
  const Outcome outcome = Report({Shard(0), cut, Shard(2)});
  EXPECT_EQ(outcome.code, kExitFailure);  // that game's pair is missing
  EXPECT_THAT(outcome.err, HasSubstr("ignoring a truncated last line"));
  EXPECT_THAT(outcome.err, HasSubstr("missing 1 of 11 pairs: 10 (rerun shard 1 of 3)"));
  EXPECT_THAT(outcome.out, HasSubstr("in 20 games"));
}

TEST(MatchReportTest, CountsDuplicatesOnce) {
  const std::string whole = Match({}).out;
  // A shard given twice (or rerun into the same file): counted once, exit 0.
  const Outcome outcome = Report({Shard(0), Shard(1), Shard(1) + Shard(1), Shard(2)});
  EXPECT_EQ(outcome.code, kExitOk) << outcome.err;
  EXPECT_EQ(outcome.out, whole);
  EXPECT_THAT(outcome.err, HasSubstr("games seen more than once in 4 pairs (each counts once): "
                                     "1, 4, 7, 10\n"));
  // A rerun that plays differently (a player limited by time) is told apart.
  const std::string shard = Shard(2);
  const std::string first_line = shard.substr(0, shard.find('\n') + 1);
  std::string changed = first_line;
  absl::StrReplaceAll({{"\"plies\":", "\"plies\":1"}}, &changed);
  ASSERT_NE(changed, first_line);
  absl::StatusOr<MergedMatch> merged = MergeShards(Files({shard, changed}));
  ASSERT_TRUE(merged.ok()) << merged.status();
  EXPECT_THAT(merged->duplicate_pairs, ElementsAre(2));
  EXPECT_EQ(merged->differing_duplicates, 1);
  EXPECT_THAT(merged->warnings, Contains(HasSubstr("1 of them disagree")));
}

TEST(MatchReportTest, ListsMissingPairs) {
  absl::StatusOr<MergedMatch> merged = MergeShards(Files({Shard(0), Shard(2)}));
  ASSERT_TRUE(merged.ok()) << merged.status();
  EXPECT_THAT(merged->missing_pairs, ElementsAre(1, 4, 7, 10));
  EXPECT_EQ(merged->score.games(), 14);
  const Outcome outcome = Report({Shard(0), Shard(2)});
  EXPECT_EQ(outcome.code, kExitFailure);
  EXPECT_EQ(outcome.err,
            "sandtable match-report: warning: missing 4 of 11 pairs: 1, 4, 7, 10 (rerun shard 1 "
            "of 3)\n");
  EXPECT_THAT(outcome.out, HasSubstr("in 14 games"));
  // One shard of a very long match: counted without a walk over every pair, listed briefly.
  const Outcome tiny_shard = Match({"--shard", "0/1000000"}, 100'000'000);
  ASSERT_EQ(tiny_shard.code, kExitOk) << tiny_shard.err;
  merged = MergeShards(Files({tiny_shard.out}));
  ASSERT_TRUE(merged.ok()) << merged.status();
  EXPECT_EQ(merged->games.size(), 100u);
  EXPECT_EQ(merged->missing_pair_count, 50'000'000 - 50);
  EXPECT_EQ(merged->missing_pairs.size(), kListedPairs);
  EXPECT_EQ(merged->shards_to_rerun.size(), 999'999u);
  EXPECT_THAT(merged->warnings.back(),
              HasSubstr("missing 49999950 of 50000000 pairs: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... "
                        "(rerun shard 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... (999999 in all) of "
                        "1000000)"));
}

TEST(MatchReportTest, RefusesAnotherMatchByName) {
  const std::string shard = Shard(0);
  const struct {
    Outcome other;
    const char* why;
  } cases[] = {
      {Match({"--shard", "1/3"}, 21, "8"), "seed 8, not 7"},
      {Match({"--shard", "1/3"}, 21, "7", "random"), "player B 'random', not 'greedy'"},
      {Match({"--shard", "1/3"}, 23), "games 23, not 21"},
      {Match({"--shard", "1/3", "--ruleset", "kuhn_poker(ante=2)"}), "ruleset "},
  };
  for (const auto& c : cases) {
    if (c.other.code != kExitOk) {
      EXPECT_THAT(c.why, StartsWith("ruleset")) << c.other.err;  // no such parameter
      continue;
    }
    const Outcome outcome = Report({shard, c.other.out});
    EXPECT_EQ(outcome.code, kExitUsage) << c.why;
    EXPECT_THAT(outcome.err, StartsWith("sandtable match-report: "));
    EXPECT_THAT(outcome.err, HasSubstr("shard1.jsonl:1: a line of a different match: "));
    EXPECT_THAT(outcome.err, HasSubstr(c.why));
    EXPECT_THAT(outcome.err, HasSubstr("(as in "));
    EXPECT_EQ(std::count(outcome.err.begin(), outcome.err.end(), '\n'), 1) << outcome.err;
  }
  // Another scenario file (its fingerprint) is another match.
  std::string other = Shard(1);
  absl::StrReplaceAll({{"\"scenario\":\"\"", "\"scenario\":\"fnv1a64:0123456789abcdef\""}}, &other);
  const absl::StatusOr<MergedMatch> merged = MergeShards(Files({shard, other}));
  EXPECT_THAT(std::string(merged.status().message()),
              HasSubstr("s1:1: a line of a different match: scenario "
                        "'fnv1a64:0123456789abcdef', not '(its own)' (as in s0:1)"));
}

TEST(MatchReportTest, RefusesLinesThatAreNotGamesOfTheMatch) {
  const std::string shard = Shard(0);
  const std::string line = shard.substr(0, shard.find('\n'));  // game 0
  const auto error = [&](const std::string& text) {
    absl::StatusOr<MergedMatch> merged = MergeShards(Files({shard, text + "\n"}));
    return merged.ok() ? std::string("accepted") : std::string(merged.status().message());
  };
  const auto changed = [&](const char* from, const char* to) {
    std::string text = line;
    absl::StrReplaceAll({{from, to}}, &text);
    EXPECT_NE(text, line) << from;
    return text;
  };
  EXPECT_THAT(error("not json"), HasSubstr("s1:1: not a match line: bad JSON"));
  // A number beyond a double is an error, not an exception (found by fuzz_match_report).
  EXPECT_THAT(error(changed("\"aResult\":", "\"aResult\":1.9e717,\"x\":")),
              HasSubstr("bad JSON: number overflow parsing '1.9e717'"));
  EXPECT_THAT(error("[1]"), HasSubstr("not a JSON object"));
  EXPECT_THAT(error(changed("\"type\":\"game\"", "\"type\":\"move\"")), HasSubstr("\"type\""));
  EXPECT_THAT(error(changed("\"aSeat\":0", "\"aSeat\":1")), HasSubstr("\"aSeat\""));
  EXPECT_THAT(error(changed("\"game\":0", "\"game\":2")), HasSubstr("\"seed\" is not the one"));
  EXPECT_THAT(error(changed("\"game\":0", "\"game\":22")), HasSubstr("\"matchGames\""));
  EXPECT_THAT(error(changed("\"shard\":\"0/3\"", "\"shard\":\"1/3\"")),
              HasSubstr("\"shard\" does not hold game 0"));
  EXPECT_THAT(error(changed("\"aResult\":", "\"aResult\":7,\"x\":")), HasSubstr("\"aResult\""));
  EXPECT_THAT(error(changed("\"final\":", "\"Final\":")), HasSubstr("\"final\" is missing"));
  EXPECT_THAT(error(changed("\"matchSeed\":\"7\"", "\"matchSeed\":7")),
              HasSubstr("\"matchSeed\" must be a string"));
  EXPECT_THAT(error(changed("\"plies\":", "\"plies\":0.5,\"x\":")), HasSubstr("\"plies\""));
  // Blank lines and the shards' summary lines are no games.
  EXPECT_EQ(error("\n  "), "accepted");
  absl::StatusOr<MergedMatch> none = MergeShards(Files({"{\"type\":\"summary\"}\n"}));
  EXPECT_THAT(std::string(none.status().message()), HasSubstr("no game lines"));
}

TEST(MatchReportTest, FlagErrorsAreOneLine) {
  const auto usage = [](const Outcome& outcome, const std::string& fragment) {
    EXPECT_EQ(outcome.code, kExitUsage) << outcome.out;
    EXPECT_THAT(outcome.err, StartsWith("sandtable match"));
    EXPECT_THAT(outcome.err, HasSubstr(fragment));
    EXPECT_EQ(std::count(outcome.err.begin(), outcome.err.end(), '\n'), 1) << outcome.err;
    EXPECT_EQ(outcome.out, "");
  };
  for (const char* bad : {"3/3", "1", "a/b", "-1/2", "1/0", "", "1/2/3"}) {
    usage(Match({"--shard", bad}), "--shard takes K/M");
  }
  usage(Match({"--shard", "0/2", "--sprt", "0,10"}), "give --sprt to match-report");
  usage(Report({}), "no FILE given");
  usage(Report({Shard(0)}, {"--sprt", "5,0"}), "elo0 < elo1");
  const char* argv[] = {"match-report", "no-such-file.jsonl"};
  std::ostringstream out;
  std::ostringstream err;
  std::istringstream in;
  usage({RunMatchReportWith(2, argv, in, out, err), out.str(), err.str()}, "no such file");
}

TEST(MatchReportTest, ReadsStandardInput) {
  const char* argv[] = {"match-report", "-"};
  std::ostringstream out;
  std::ostringstream err;
  std::istringstream in(Shard(0, 1));
  EXPECT_EQ(RunMatchReportWith(2, argv, in, out, err), kExitOk) << err.str();
  EXPECT_EQ(out.str(), Match({}).out);
}

}  // namespace
}  // namespace sandtable
