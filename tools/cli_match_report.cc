#include "tools/cli_match_report.h"

#include <cxxopts.hpp>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/text.h"
#include "tools/cli_common.h"
#include "tools/match/match_merge.h"
#include "tools/match/match_summary.h"
#include "tools/text_file.h"

namespace sandtable {
namespace {

constexpr std::string_view kCommand = "match-report";

struct Flags : FlagsBase {
  std::vector<std::string> files;
  bool json = false;
  bool sprt = false;
  SprtBounds bounds;
};

absl::Status ParseFlags(int argc, const char* const* argv, Flags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options(
        "sandtable match-report",
        "Merges the JSON lines of the shards of one match (sandtable match --shard K/M, or "
        "--json) and prints the summary match prints. Every line must come from the same "
        "match: ruleset, scenario, players, seed and number of games. Missing pairs are "
        "listed (exit status 1), games seen twice count once, a truncated last line is "
        "skipped; each with a warning on stderr. FILE '-' is standard input.");
    options.add_options()("json", "the summary as one JSON line")(
        "sprt", "the SPRT of H0: elo = elo0 against H1: elo = elo1, given as elo0,elo1",
        cxxopts::value<std::vector<double>>())(
        "files", "shard files", cxxopts::value<std::vector<std::string>>())("h,help", "this help");
    options.parse_positional({"files"});
    options.positional_help("FILE...");
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (absl::Status status = FinishParse(options, result, flags); !status.ok() || flags.help) {
      return status;
    }
    if (!result.count("files")) return absl::InvalidArgumentError("no FILE given");
    flags.files = result["files"].as<std::vector<std::string>>();
    flags.json = result.count("json") > 0;
    if (result.count("sprt")) {
      absl::StatusOr<SprtBounds> bounds = CheckSprtBounds(result["sprt"].as<std::vector<double>>());
      if (!bounds.ok()) return bounds.status();
      flags.sprt = true;
      flags.bounds = *bounds;
    }
    return absl::OkStatus();
  });
}

absl::StatusOr<std::string> ReadShardFile(const std::string& path, std::istream& in) {
  std::ostringstream text;
  if (path == "-") {
    text << in.rdbuf();
    return text.str();
  }
  // Shard files grow with the match: a 100-million-game match's lines fit in 64 GiB.
  return ReadTextFile(path, uintmax_t{64} << 30);
}

}  // namespace

int RunMatchReportWith(int argc, const char* const* argv, std::istream& in, std::ostream& out,
                       std::ostream& err) {
  Flags flags;
  const int code = ReportFlags(kCommand, ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  std::vector<ShardFile> files;
  for (const std::string& path : flags.files) {
    absl::StatusOr<std::string> text = ReadShardFile(path, in);
    if (!text.ok()) return Fail(kCommand, text.status(), err);
    files.push_back({path == "-" ? "(stdin)" : path, *std::move(text)});
  }
  absl::StatusOr<MergedMatch> merged = MergeShards(files);
  if (!merged.ok()) return Fail(kCommand, merged.status(), err);
  for (const std::string& warning : merged->warnings) {
    err << "sandtable " << kCommand << ": warning: " << Printable(warning, 400) << "\n";
  }
  const MatchIdentity& match = merged->match;
  const double elo0 = flags.bounds.elo0;
  const double elo1 = flags.bounds.elo1;
  if (flags.json) {
    out << SummaryJson(merged->score, flags.sprt, elo0, elo1) << "\n";
  } else {
    // The header and summary `match` prints, so a whole match and its merged shards compare
    // equal as text.
    out << "match " << match.ruleset << ": A = " << match.a << ", B = " << match.b << ", "
        << match.games << " games, seed " << match.seed << "\n"
        << MatchSummary(merged->score, flags.sprt, elo0, elo1);
  }
  return merged->missing_pair_count == 0 ? kExitOk : kExitFailure;
}

int RunMatchReport(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  return RunMatchReportWith(argc, argv, std::cin, out, err);
}

}  // namespace sandtable
