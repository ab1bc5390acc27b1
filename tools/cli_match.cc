#include "tools/cli_match.h"

#include <cmath>
#include <cxxopts.hpp>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli_common.h"
#include "tools/match/match_lines.h"
#include "tools/match/match_runner.h"
#include "tools/match/match_shard.h"
#include "tools/match/match_summary.h"

namespace sandtable {
namespace {

struct Flags : GameFlags {
  PlayerSpec a;
  PlayerSpec b;
  int64_t games = 100;
  int concurrency = 1;
  uint64_t seed = 0;
  bool json = false;
  ShardSpec shard;
  bool sharded = false;
  bool sprt = false;
  double elo0 = 0;
  double elo1 = 0;
};

absl::Status ParseFlags(int argc, const char* const* argv, Flags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options(
        "sandtable match",
        "Plays player A against player B. Games come in pairs with the same seed and the "
        "sides swapped. Players: random; greedy[:budget=N] (one ply: the action with the best "
        "evaluator score after the action, exact expectation over the chance that follows and "
        "the best of its own follow-up decisions while the node budget lasts); "
        "ismcts[:iterations=N,movetime=MS,threads=T,c=X,cutoff=K,rollout=ruleset|uniform,"
        "values=ruleset|raw|normalized,deterministic=0|1,belief=uniform|inference|bluff,"
        "model=N]. "
        "The SPRT uses alpha = beta = 0.05 and stops the match once it decides.");
    AddGameFlags(options);
    options.add_options()("a,player-a", "player A spec (required); also --a",
                          cxxopts::value<std::string>())(
        "b,player-b", "player B spec (required); also --b", cxxopts::value<std::string>())(
        "games", "number of games (default 100)", cxxopts::value<int64_t>())(
        "concurrency", "games played at once (default 1)", cxxopts::value<int>())(
        "seed", "match seed (default 0)", cxxopts::value<uint64_t>())(
        "json", "one JSON line per game, then a summary line")(
        "shard",
        "K/M: play only shard K (from 0) of M, the pairs whose index is K modulo M; implies "
        "--json (merge the shards' lines with match-report)",
        cxxopts::value<std::string>())(
        "sprt", "run an SPRT of H0: elo = elo0 against H1: elo = elo1, given as elo0,elo1",
        cxxopts::value<std::vector<double>>())("h,help", "this help");
    // cxxopts takes one-letter names as short options (-a); accept --a and --a=X too.
    std::vector<std::string> args;
    for (int i = 0; i < argc; ++i) {
      const std::string_view arg = argv[i];
      if (arg == "--a" || arg == "--b") {
        args.push_back(std::string(arg.substr(1)));
      } else if (arg.starts_with("--a=") || arg.starts_with("--b=")) {
        args.push_back(std::string(arg.substr(1, 2)));
        args.push_back(std::string(arg.substr(4)));
      } else {
        args.push_back(std::string(arg));
      }
    }
    std::vector<const char*> pointers;
    for (const std::string& arg : args) pointers.push_back(arg.c_str());
    const cxxopts::ParseResult result =
        options.parse(static_cast<int>(pointers.size()), pointers.data());
    if (absl::Status status = FinishParse(options, result, flags); !status.ok() || flags.help) {
      return status;
    }
    ReadGameFlags(result, flags);
    if (!result.count("a") || !result.count("b")) {
      return absl::InvalidArgumentError("--a and --b are required");
    }
    absl::StatusOr<PlayerSpec> a = ParsePlayerSpec(result["a"].as<std::string>());
    if (!a.ok()) return a.status();
    absl::StatusOr<PlayerSpec> b = ParsePlayerSpec(result["b"].as<std::string>());
    if (!b.ok()) return b.status();
    flags.a = *std::move(a);
    flags.b = *std::move(b);
    if (result.count("games")) flags.games = result["games"].as<int64_t>();
    if (result.count("concurrency")) flags.concurrency = result["concurrency"].as<int>();
    if (result.count("seed")) flags.seed = result["seed"].as<uint64_t>();
    flags.json = result.count("json") > 0;
    if (result.count("shard")) {
      absl::StatusOr<ShardSpec> shard = ParseShardSpec(result["shard"].as<std::string>());
      if (!shard.ok()) return shard.status();
      flags.shard = *shard;
      flags.sharded = true;
      flags.json = true;
    }
    if (flags.games < 1 || flags.games > 100'000'000) {
      return absl::InvalidArgumentError("--games must be 1..100000000");
    }
    if (flags.concurrency < 1 || flags.concurrency > 256) {
      return absl::InvalidArgumentError("--concurrency must be 1..256");
    }
    if (result.count("sprt")) {
      absl::StatusOr<SprtBounds> bounds = CheckSprtBounds(result["sprt"].as<std::vector<double>>());
      if (!bounds.ok()) return bounds.status();
      if (flags.sharded) {
        // A shard that stopped early would leave the merged match short of its pairs.
        return absl::InvalidArgumentError(
            "--sprt cannot stop a shard early: give --sprt to match-report instead");
      }
      flags.sprt = true;
      flags.elo0 = bounds->elo0;
      flags.elo1 = bounds->elo1;
    }
    return absl::OkStatus();
  });
}

std::string ProgressBar(int64_t done, int64_t total, const MatchScore& score) {
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(kWidth * done / std::max<int64_t>(total, 1));
  return absl::StrFormat("\r[%s%s] %d/%d  A +%d =%d -%d  ", std::string(filled, '#'),
                         std::string(kWidth - filled, '.'), done, total, score.wins, score.draws,
                         score.losses);
}

}  // namespace

int RunMatch(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Flags flags;
  const int code = ReportFlags("match", ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(flags);
  if (!game.ok()) return Fail("match", game.status(), err);

  MatchOptions options;
  options.a = flags.a;
  options.b = flags.b;
  options.games = flags.games;
  options.concurrency = flags.concurrency;
  options.seed = flags.seed;
  options.shard = flags.shard;
  MatchIdentity match;
  match.ruleset = (*game)->spec();
  if (!flags.scenario.empty()) {
    // Read again only to name it: LoadGame has read the same file.
    absl::StatusOr<std::string> text = ReadScenarioFile(flags.scenario);
    if (!text.ok()) return Fail("match", text.status(), err);
    match.scenario = ScenarioFingerprint(*text);
  }
  match.a = flags.a.text;
  match.b = flags.b.text;
  match.seed = flags.seed;
  match.games = flags.games;
  const int64_t games = ShardGameCount(flags.games, flags.shard);
  int64_t done = 0;
  options.on_game = [&](const GameRecord& record, const MatchScore& score) {
    ++done;
    if (flags.json) {
      // One write of the whole line, then a flush: a shard killed between games leaves only
      // whole lines, and one killed inside a write at most a truncated last one.
      const std::string line = GameLine(record, match, flags.shard) + "\n";
      out.write(line.data(), static_cast<std::streamsize>(line.size()));
      out.flush();
    }
    err << ProgressBar(done, games, score) << std::flush;
    if (flags.sprt) return Sprt(score, flags.elo0, flags.elo1).decision == SprtDecision::kContinue;
    return true;
  };
  if (!flags.json) {
    out << "match " << (*game)->spec() << ": A = " << flags.a.text << ", B = " << flags.b.text
        << ", " << flags.games << " games, seed " << flags.seed << "\n"
        << std::flush;
  }
  const MatchResult result = PlayMatch(**game, options);
  err << "\n";
  if (flags.json) {
    out << SummaryJson(result.score, flags.sprt, flags.elo0, flags.elo1) << "\n";
  } else {
    out << MatchSummary(result.score, flags.sprt, flags.elo0, flags.elo1);
    if (result.score.games() < flags.games) {
      out << "the SPRT decided after " << result.score.games() << " of " << flags.games
          << " games\n";
    }
  }
  return kExitOk;
}

}  // namespace sandtable
