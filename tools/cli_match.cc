#include "tools/cli_match.h"

#include <cmath>
#include <cxxopts.hpp>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/cli_common.h"
#include "tools/json_writer.h"
#include "tools/match/match_runner.h"

namespace sandtable {
namespace {

struct Flags : GameFlags {
  PlayerSpec a;
  PlayerSpec b;
  int64_t games = 100;
  int concurrency = 1;
  uint64_t seed = 0;
  bool json = false;
  bool sprt = false;
  double elo0 = 0;
  double elo1 = 0;
};

constexpr int kMaxSprtElo = 2000;

absl::Status ParseFlags(int argc, const char* const* argv, Flags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options(
        "sandtable match",
        "Plays player A against player B. Games come in pairs with the same seed and the "
        "sides swapped. Players: random; greedy[:budget=N] (one ply: the action with the best "
        "evaluator score after the action, exact expectation over the chance that follows and "
        "the best of its own follow-up decisions while the node budget lasts); "
        "ismcts[:iterations=N,movetime=MS,threads=T,c=X,cutoff=K,rollout=ruleset|uniform,"
        "deterministic=0|1]. "
        "The SPRT uses alpha = beta = 0.05 and stops the match once it decides.");
    AddGameFlags(options);
    options.add_options()("a,player-a", "player A spec (required); also --a",
                          cxxopts::value<std::string>())(
        "b,player-b", "player B spec (required); also --b", cxxopts::value<std::string>())(
        "games", "number of games (default 100)", cxxopts::value<int64_t>())(
        "concurrency", "games played at once (default 1)", cxxopts::value<int>())(
        "seed", "match seed (default 0)", cxxopts::value<uint64_t>())(
        "json", "one JSON line per game, then a summary line")(
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
    if (flags.games < 1 || flags.games > 100'000'000) {
      return absl::InvalidArgumentError("--games must be 1..100000000");
    }
    if (flags.concurrency < 1 || flags.concurrency > 256) {
      return absl::InvalidArgumentError("--concurrency must be 1..256");
    }
    if (result.count("sprt")) {
      const std::vector<double> bounds = result["sprt"].as<std::vector<double>>();
      if (bounds.size() != 2 || !std::isfinite(bounds[0]) || !std::isfinite(bounds[1]) ||
          bounds[0] >= bounds[1]) {
        return absl::InvalidArgumentError("--sprt takes elo0,elo1 with elo0 < elo1");
      }
      // Beyond this the expected scores round to 0 or 1, where no outcome distribution fits.
      if (std::abs(bounds[0]) > kMaxSprtElo || std::abs(bounds[1]) > kMaxSprtElo) {
        return absl::InvalidArgumentError(
            absl::StrCat("--sprt bounds must lie in -", kMaxSprtElo, "..", kMaxSprtElo));
      }
      flags.sprt = true;
      flags.elo0 = bounds[0];
      flags.elo1 = bounds[1];
    }
    return absl::OkStatus();
  });
}

std::string GameJson(const GameRecord& record, const Flags& flags) {
  JsonWriter json;
  json.BeginObject();
  json.Key("type").String("game");
  json.Key("game").Int(record.index);
  json.Key("seed").String(absl::StrCat(record.seed));  // 64-bit: a string survives any parser
  json.Key("a").String(flags.a.text);
  json.Key("b").String(flags.b.text);
  json.Key("aSeat").Int(record.a_seat);
  json.Key("aResult").Double(record.a_result);
  json.Key("score").BeginArray().Int(record.score[0]).Int(record.score[1]).EndArray();
  json.Key("plies").Int(record.plies);
  json.Key("seconds").Double(record.seconds);
  json.Key("final").String(record.final_position);
  json.EndObject();
  return json.str();
}

std::string SummaryJson(const MatchScore& score, const Flags& flags) {
  const EloEstimate elo = EstimateElo(score);
  JsonWriter json;
  json.BeginObject();
  json.Key("type").String("summary");
  json.Key("games").Int(score.games());
  json.Key("wins").Int(score.wins);
  json.Key("draws").Int(score.draws);
  json.Key("losses").Int(score.losses);
  json.Key("score").Double(score.Fraction());
  json.Key("pairs").BeginArray();  // completed pairs worth 0, 1/2, 1, 3/2, 2 points to A
  for (int64_t n : score.pairs) json.Int(n);
  json.EndArray();
  json.Key("elo").Double(elo.elo);
  json.Key("eloLower").Double(elo.lower);
  json.Key("eloUpper").Double(elo.upper);
  json.Key("meanReturn").Double(score.MeanReturn());
  if (const ReturnInterval interval = MeanReturnInterval(score); interval.valid) {
    json.Key("meanReturnLower").Double(interval.lower);
    json.Key("meanReturnUpper").Double(interval.upper);
  }
  if (flags.sprt) {
    const SprtResult sprt = Sprt(score, flags.elo0, flags.elo1);
    json.Key("sprt").BeginObject();
    json.Key("elo0").Double(flags.elo0);
    json.Key("elo1").Double(flags.elo1);
    json.Key("llr").Double(sprt.llr);
    json.Key("lowerBound").Double(sprt.lower_bound);
    json.Key("upperBound").Double(sprt.upper_bound);
    json.Key("decision").String(SprtDecisionName(sprt.decision));
    json.EndObject();
  }
  json.EndObject();
  return json.str();
}

std::string ProgressBar(int64_t done, int64_t total, const MatchScore& score) {
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(kWidth * done / std::max<int64_t>(total, 1));
  return absl::StrFormat("\r[%s%s] %d/%d  A +%d =%d -%d  ", std::string(filled, '#'),
                         std::string(kWidth - filled, '.'), done, total, score.wins, score.draws,
                         score.losses);
}

std::string SignedElo(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  return absl::StrFormat("%+.1f", elo);
}

}  // namespace

std::string MatchSummary(const MatchScore& score, bool sprt, double elo0, double elo1) {
  const EloEstimate elo = EstimateElo(score);
  std::string text =
      absl::StrFormat("A: %d wins, %d draws, %d losses in %d games; score %.1f/%d = %.1f%%\n",
                      score.wins, score.draws, score.losses, score.games(),
                      static_cast<double>(score.wins) + 0.5 * static_cast<double>(score.draws),
                      score.games(), 100 * score.Fraction());
  const std::string model = score.pair_count() > 0
                                ? absl::StrCat("pentanomial, ", score.pair_count(), " pairs")
                                : "per game";
  absl::StrAppend(&text, "Elo difference ", SignedElo(elo.elo), " (95% interval ",
                  SignedElo(elo.lower), " .. ", SignedElo(elo.upper), "; ", model, ")\n");
  // How much A wins on average: where a win can be worth more or less (kuhn_poker's chips)
  // this says what the counts above cannot.
  const ReturnInterval interval = MeanReturnInterval(score);
  absl::StrAppend(
      &text, absl::StrFormat("Mean return of A: %+.3f per game", score.MeanReturn()),
      interval.valid
          ? absl::StrFormat(" (95%% interval %+.3f .. %+.3f over %d pairs)\n", interval.lower,
                            interval.upper, score.pair_count())
          : absl::StrCat(" (an interval from ", kMinPairsForReturnInterval, " pairs on)\n"));
  if (sprt) {
    const SprtResult result = Sprt(score, elo0, elo1);
    absl::StrAppend(&text, absl::StrFormat("SPRT elo0=%g elo1=%g alpha=beta=0.05: LLR %.3f "
                                           "(bounds %.3f, %.3f): %s\n",
                                           elo0, elo1, result.llr, result.lower_bound,
                                           result.upper_bound, SprtDecisionName(result.decision)));
  }
  return text;
}

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
  int64_t done = 0;
  options.on_game = [&](const GameRecord& record, const MatchScore& score) {
    ++done;
    if (flags.json) out << GameJson(record, flags) << std::endl;
    err << ProgressBar(done, flags.games, score) << std::flush;
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
    out << SummaryJson(result.score, flags) << "\n";
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
