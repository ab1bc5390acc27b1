#include "tools/protocol.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/check.h"
#include "engine/rng.h"
#include "engine/text.h"
#include "tools/board_svg.h"
#include "tools/board_text.h"
#include "tools/load_game.h"
#include "tools/odds.h"
#include "tools/perft.h"
#include "tools/protocol_moves.h"
#include "tools/protocol_text.h"
#include "tools/search_bench.h"

namespace sandtable {
namespace {

using Clock = std::chrono::steady_clock;

// How often a running search reports (the protocol promises at most 500 ms between lines).
constexpr int kProgressIntervalMs = 250;
// `belief` with no search on the current position runs this many iterations first.
constexpr int64_t kBeliefIterations = 2000;

absl::Status Error(std::string_view message) { return absl::InvalidArgumentError(ToAbsl(message)); }

std::string Message(const absl::Status& status) { return std::string(status.message()); }

// `text` after its first word.
std::string_view AfterFirstWord(std::string_view text) {
  text = TrimBlanks(text);
  size_t i = 0;
  while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
  return TrimBlanks(text.substr(i));
}

std::string ProbabilityText(Probability p) {
  return absl::StrFormat("%s %.6f", p.ToString(), p.ToDouble());
}

const char* ToMoveText(const Position& position) {
  switch (position.Kind()) {
    case NodeKind::kDecision:
      return position.CurrentPlayer() == 0 ? "0" : "1";
    case NodeKind::kChance:
      return "chance";
    case NodeKind::kSimultaneous:
      return "both";
    case NodeKind::kTerminal:
      return "none";
  }
  return "none";
}

}  // namespace

ProtocolSession::ProtocolSession(GameFactory factory, LineSink sink, std::string default_ruleset)
    : factory_(std::move(factory)), sink_(std::move(sink)), options_(default_ruleset) {
  // A failure leaves the session without a game; commands that need one say so.
  (void)LoadGame(default_ruleset, "");
}

ProtocolSession::~ProtocolSession() { StopJob(); }

void ProtocolSession::Emit(std::string_view line) {
  std::lock_guard<std::mutex> lock(output_mutex_);
  sink_(line);
}

void ProtocolSession::EmitError(std::string_view reason) {
  Emit(absl::StrCat("info string error ", Printable(reason, 600)));
}

void ProtocolSession::EmitError(const absl::Status& status) { EmitError(Message(status)); }

bool ProtocolSession::HandleLine(std::string_view raw_line) {
  const std::string_view line = TrimBlanks(raw_line);
  if (line.empty()) return true;
  const std::vector<std::string_view> words = SplitWords(line);
  const std::string_view command = words[0];
  const std::string_view rest = AfterFirstWord(line);
  absl::Status status;
  if (command == "quit") {
    StopJob();
    return false;
  } else if (command == "isready") {
    status = words.size() == 1 ? absl::OkStatus() : Error("isready takes no arguments");
    if (status.ok()) Emit("readyok");
  } else if (command == "stop") {
    // Harmless without a search, as in UCI.
    status = words.size() == 1 ? absl::OkStatus() : Error("stop takes no arguments");
    if (status.ok()) StopJob();
  } else if (command == "uci") {
    status = words.size() == 1 ? HandleUci() : Error("uci takes no arguments");
  } else if (command == "setoption") {
    status = HandleSetOption(rest);
  } else if (command == "ucinewgame") {
    status = words.size() == 1 ? HandleNewGame() : Error("ucinewgame takes no arguments");
  } else if (command == "position") {
    status = HandlePosition(rest);
  } else if (command == "go") {
    status = HandleGo(rest);
  } else if (command == "d") {
    status = HandleDisplay(words);
  } else if (command == "moves") {
    status = words.size() == 1 ? HandleMoves() : Error("moves takes no arguments");
  } else if (command == "perft") {
    status = HandlePerft(rest);
  } else if (command == "odds") {
    status = HandleOdds(rest);
  } else if (command == "belief") {
    status = words.size() == 1 ? HandleBelief() : Error("belief takes no arguments");
  } else if (command == "bench") {
    status = HandleBench(rest);
  } else {
    status = Error(absl::StrCat("unknown command '", Printable(command, 40),
                                "' (commands: uci, isready, setoption, ucinewgame, position, go, "
                                "stop, quit, d, moves, perft, odds, belief, bench)"));
  }
  if (!status.ok()) EmitError(status);
  return true;
}

absl::Status ProtocolSession::NeedGame() const {
  if (game_ == nullptr) {
    return Error(absl::StrCat("no ruleset is loaded ('", Printable(options_.Get(kOptRuleset), 80),
                              "' failed): setoption name Ruleset value <spec>"));
  }
  return absl::OkStatus();
}

absl::Status ProtocolSession::NeedIdle(std::string_view command) {
  // A finite job ends by itself: wait for it, so scripts may send their next command
  // without waiting for `bestmove`. Only an infinite `go` must be stopped first.
  if (job_running_.load() && !job_infinite_) FinishJob();
  if (job_running_.load()) {
    return Error(absl::StrCat(ToAbsl(command), ": a search is running; send stop first"));
  }
  return absl::OkStatus();
}

absl::Status ProtocolSession::HandleUci() {
  Emit(absl::StrCat("id name sandtable ", ToAbsl(kSandtableVersion)));
  Emit("id author the sandtable authors");
  for (const std::string& line : options_.UciLines()) Emit(line);
  Emit("uciok");
  return absl::OkStatus();
}

absl::Status ProtocolSession::LoadGame(std::string_view spec, std::string_view scenario_path) {
  std::string scenario_text;
  if (!scenario_path.empty()) {
    absl::StatusOr<std::string> text = ReadScenarioFile(std::string(scenario_path));
    if (!text.ok())
      return Error(absl::StrCat("Scenario: ", Printable(Message(text.status()), 200)));
    scenario_text = *std::move(text);
  }
  absl::StatusOr<std::shared_ptr<const Game>> game = factory_(spec, scenario_text);
  if (!game.ok())
    return Error(absl::StrCat("Ruleset '", Printable(spec, 80), "': ", Message(game.status())));
  if (*game == nullptr) return Error("the ruleset factory returned no game");
  game_ = *std::move(game);
  scenario_text_ = std::move(scenario_text);
  position_ = game_->NewInitialPosition();
  position_command_ = "position startpos";
  ++position_generation_;
  return absl::OkStatus();
}

absl::Status ProtocolSession::HandleSetOption(std::string_view rest) {
  absl::StatusOr<SetOptionArgs> args = ParseSetOption(rest);
  if (!args.ok()) return args.status();
  absl::StatusOr<std::string> name = options_.CanonicalName(args->name);
  if (!name.ok()) return name.status();
  if (absl::Status idle = NeedIdle("setoption"); !idle.ok()) return idle;
  if (!args->has_value) return Error(absl::StrCat("setoption: ", *name, " needs 'value <value>'"));
  absl::StatusOr<std::string> value = options_.Validate(*name, args->value);
  if (!value.ok()) return value.status();
  if (*name == kOptRuleset) {
    if (value->empty()) return Error("setoption: Ruleset needs a ruleset spec");
    if (absl::Status loaded = LoadGame(*value, options_.Get(kOptScenario)); !loaded.ok()) {
      return loaded;
    }
  } else if (*name == kOptScenario) {
    if (absl::Status loaded = LoadGame(options_.Get(kOptRuleset), *value); !loaded.ok()) {
      return loaded;
    }
  }
  options_.Store(*name, *std::move(value));
  return absl::OkStatus();
}

absl::Status ProtocolSession::HandleNewGame() {
  if (absl::Status status = NeedGame(); !status.ok()) return status;
  if (absl::Status idle = NeedIdle("ucinewgame"); !idle.ok()) return idle;
  position_ = game_->NewInitialPosition();
  position_command_ = "position startpos";
  ++position_generation_;
  return absl::OkStatus();
}

absl::Status ProtocolSession::HandlePosition(std::string_view rest) {
  if (absl::Status status = NeedGame(); !status.ok()) return status;
  if (absl::Status idle = NeedIdle("position"); !idle.ok()) return idle;
  const std::vector<std::string_view> words = SplitWords(rest);
  if (words.empty() || (words[0] != "startpos" && words[0] != "state")) {
    return Error(
        "position: expected 'startpos' or 'state <position string>', then "
        "optionally 'moves <move>; <move>; ...'");
  }
  // Where the optional "moves" word starts (the first standalone word "moves").
  size_t moves_word = words.size();
  for (size_t i = 1; i < words.size(); ++i) {
    if (words[i] == "moves") {
      moves_word = i;
      break;
    }
  }
  std::unique_ptr<Position> start;
  if (words[0] == "startpos") {
    if (moves_word != 1 && words.size() > 1) {
      return Error(absl::StrCat("position: unexpected '", Printable(words[1], 40),
                                "' after startpos (expected 'moves')"));
    }
    start = game_->NewInitialPosition();
  } else {
    const size_t begin = static_cast<size_t>(words[0].data() - rest.data()) + words[0].size();
    const size_t end = moves_word < words.size()
                           ? static_cast<size_t>(words[moves_word].data() - rest.data())
                           : rest.size();
    const std::string_view state_text = TrimBlanks(rest.substr(begin, end - begin));
    if (state_text.empty()) return Error("position state: the position string is missing");
    absl::StatusOr<std::unique_ptr<Position>> parsed = game_->ParsePosition(state_text);
    if (!parsed.ok()) {
      return Error(absl::StrCat("position state: ", Message(parsed.status())));
    }
    start = *std::move(parsed);
  }
  std::unique_ptr<Position> position;
  if (moves_word < words.size()) {
    const size_t list_begin =
        static_cast<size_t>(words[moves_word].data() - rest.data()) + words[moves_word].size();
    absl::StatusOr<std::vector<MoveItem>> moves = ParseMoveList(rest.substr(list_begin));
    if (!moves.ok()) return Error(absl::StrCat("position: ", Message(moves.status())));
    absl::StatusOr<std::unique_ptr<Position>> applied = ApplyMoveList(*start, *moves);
    if (!applied.ok()) return Error(absl::StrCat("position: ", Message(applied.status())));
    position = *std::move(applied);
  } else {
    position = std::move(start);
  }
  position_ = std::move(position);
  position_command_ = Printable(absl::StrCat("position ", ToAbsl(rest)), 2000);
  ++position_generation_;
  return absl::OkStatus();
}

SearchOptions ProtocolSession::MakeSearchOptions() const {
  SearchOptions options;
  options.seed = static_cast<uint64_t>(options_.GetInt(kOptSeed));
  options.threads = static_cast<int>(options_.GetInt(kOptThreads));
  options.deterministic = options_.GetBool(kOptDeterministic);
  options.memory_mb = options_.GetInt(kOptMemoryMb);
  options.ucb_c = options_.GetNumber(kOptUcbConstant);
  const std::string& simultaneous = options_.Get(kOptSimultaneous);
  options.simultaneous = simultaneous == "exp3"     ? SimultaneousAlgorithm::kExp3
                         : simultaneous == "regret" ? SimultaneousAlgorithm::kRegretMatching
                                                    : SimultaneousAlgorithm::kDecoupledUct;
  options.rollout_cutoff = static_cast<int>(options_.GetInt(kOptRolloutCutoff));
  const std::optional<RolloutChoice> rollout = RolloutChoiceNamed(options_.Get(kOptRollout));
  CHECK(rollout.has_value());  // the option accepts only the two names
  options.rollout = *rollout;
  const std::optional<UcbValues> ucb_values = UcbValuesNamed(options_.Get(kOptUcbValues));
  CHECK(ucb_values.has_value());  // the option accepts only the three names
  options.ucb_values = *ucb_values;
  options.belief_samples = static_cast<int>(options_.GetInt(kOptBeliefSamples));
  const std::optional<BeliefModel> belief = BeliefModelNamed(options_.Get(kOptBelief));
  CHECK(belief.has_value());  // the option accepts only the three names
  options.belief = *belief;
  options.model_iterations = static_cast<int>(options_.GetInt(kOptModelIterations));
  options.progress_interval_ms = kProgressIntervalMs;
  return options;
}

Player ProtocolSession::SearchingPlayer(const Position& position) const {
  if (position.Kind() == NodeKind::kDecision) return position.CurrentPlayer();
  return static_cast<Player>(options_.GetInt(kOptSeat));
}

void ProtocolSession::StartJob(std::function<std::vector<std::string>()> body, bool infinite) {
  JoinJob();
  job_cancel_.store(false);
  job_infinite_ = infinite;
  job_running_.store(true);
  job_thread_ = std::thread([this, body = std::move(body)] {
    const std::vector<std::string> final_lines = body();
    // The session is idle before the final answer goes out, so a host may send its next
    // command as soon as it reads `bestmove`; StartJob, StopJob and FinishJob join this
    // thread, so the answer is always out before anything that follows them.
    {
      std::lock_guard<std::mutex> lock(job_mutex_);
      active_search_ = nullptr;
      job_running_.store(false);
    }
    job_done_.notify_all();
    for (const std::string& line : final_lines) Emit(line);
    // Freeing a large tree takes a while: only after the answer is out.
    finished_search_.reset();
  });
}

SearchResult ProtocolSession::RunStoppable(Search& search, const Position& position,
                                           Player player) {
  {
    std::lock_guard<std::mutex> lock(job_mutex_);
    active_search_ = &search;
    if (job_cancel_.load()) search.Stop();
  }
  SearchResult result = search.Run(position, player);
  std::lock_guard<std::mutex> lock(job_mutex_);
  active_search_ = nullptr;
  return result;
}

void ProtocolSession::StopJob() {
  if (job_running_.load()) {
    job_cancel_.store(true);
    std::unique_lock<std::mutex> lock(job_mutex_);
    while (job_running_.load()) {
      // Repeated, in case the search had not started listening when first asked.
      if (active_search_ != nullptr) active_search_->Stop();
      job_done_.wait_for(lock, std::chrono::milliseconds(2));
    }
  }
  JoinJob();
}

void ProtocolSession::JoinJob() {
  if (job_thread_.joinable()) job_thread_.join();
}

void ProtocolSession::FinishJob() {
  if (job_running_.load() && job_infinite_) {
    StopJob();
    return;
  }
  {
    std::unique_lock<std::mutex> lock(job_mutex_);
    job_done_.wait(lock, [this] { return !job_running_.load(); });
  }
  JoinJob();
}

void ProtocolSession::EmitSearchInfo(const SearchResult& result, int64_t iterations, double seconds,
                                     double nps, int64_t multipv) {
  Emit(absl::StrFormat("info iterations %d time %d nps %d nodes %d", iterations,
                       static_cast<int64_t>(seconds * 1000 + 0.5), static_cast<int64_t>(nps),
                       result.tree_nodes));
  for (size_t i = 0; i < result.actions.size() && static_cast<int64_t>(i) < multipv; ++i) {
    const RootActionStats& stats = result.actions[i];
    std::vector<std::string> pv = stats.principal_variation;
    if (pv.empty()) pv.push_back(stats.text);
    Emit(
        absl::StrFormat("info multipv %d visits %d value %.4f winprob %.4f lower %.4f policy "
                        "%.4f pv %s",
                        i + 1, stats.visits, stats.mean_value, stats.win_probability,
                        stats.lower_bound, stats.policy, JoinMoveList(pv)));
  }
}

absl::Status ProtocolSession::HandleGo(std::string_view rest) {
  if (absl::Status status = NeedGame(); !status.ok()) return status;
  if (absl::Status idle = NeedIdle("go"); !idle.ok()) return idle;
  absl::StatusOr<GoLimits> limits = ParseGoArguments(SplitWords(rest));
  if (!limits.ok()) return limits.status();
  const NodeKind kind = position_->Kind();
  if (kind == NodeKind::kTerminal) {
    Emit("bestmove (none)");
    return absl::OkStatus();
  }
  if (kind == NodeKind::kChance) {
    return Error(
        "go: the position is at a chance node; send its outcome with 'position ... "
        "moves' ('moves' lists the outcomes)");
  }
  const Player player = SearchingPlayer(*position_);
  SearchOptions options = MakeSearchOptions();
  options.max_iterations = limits->iterations;
  options.max_time_ms = limits->movetime_ms;
  const int64_t multipv = options_.GetInt(kOptMultiPv);
  options.on_progress = [this, multipv](const SearchProgress& progress) {
    EmitSearchInfo(progress.snapshot, progress.iterations, progress.seconds,
                   progress.iterations_per_second, multipv);
  };
  const bool infinite = limits->iterations == 0 && limits->movetime_ms == 0;
  std::shared_ptr<const Position> position = position_->Clone();
  std::shared_ptr<const Game> game = game_;
  const int64_t generation = position_generation_;
  StartJob(
      [this, game, position, player, options, generation, multipv] {
        std::unique_ptr<Search> search = game->NewSearch(options);
        SearchResult result = RunStoppable(*search, *position, player);
        EmitSearchInfo(result, result.iterations, result.seconds, result.iterations_per_second,
                       multipv);
        if (result.root_kind == NodeKind::kSimultaneous && !result.actions.empty()) {
          std::vector<std::string> policy;
          for (const RootActionStats& stats : result.actions) {
            policy.push_back(absl::StrFormat("%.4f %s", stats.policy, stats.text));
          }
          Emit(absl::StrCat("info policy ", JoinMoveList(policy)));
        }
        if (result.memory_capped) {
          Emit("info string the tree reached MemoryMB and stopped growing");
        }
        finished_search_ = std::move(search);
        auto shared = std::make_shared<const SearchResult>(result);
        {
          std::lock_guard<std::mutex> lock(job_mutex_);
          last_result_ = shared;
          last_result_generation_ = generation;
        }
        return std::vector<std::string>{result.best_action == kInvalidAction
                                            ? std::string("bestmove (none)")
                                            : absl::StrCat("bestmove ", result.best_action_text)};
      },
      infinite);
  return absl::OkStatus();
}

absl::Status ProtocolSession::HandleDisplay(const std::vector<std::string_view>& words) {
  // "d": everything the engine holds; "d player <p>": only what player p has observed;
  // "d svg ...": the same board as an SVG document instead (and nothing else).
  const bool svg = words.size() >= 2 && words[1] == "svg";
  const size_t first = svg ? 2 : 1;
  Player viewer = kOmniscient;
  if (words.size() == first + 2 && words[first] == "player" &&
      (words[first + 1] == "0" || words[first + 1] == "1")) {
    viewer = words[first + 1] == "0" ? 0 : 1;
  } else if (words.size() != first) {
    return Error("d takes no arguments, or 'player 0' or 'player 1', after an optional 'svg'");
  }
  if (absl::Status status = NeedGame(); !status.ok()) return status;
  const Position& position = *position_;
  const BoardView view = position.DescribeBoard(viewer);
  const std::string board = svg ? BoardSvg(view, game_->spec()) : BoardText(view);
  size_t start = 0;
  while (start < board.size()) {
    size_t end = board.find('\n', start);
    if (end == std::string::npos) end = board.size();
    Emit(std::string_view(board).substr(start, end - start));
    start = end + 1;
  }
  if (svg) return absl::OkStatus();
  Emit(absl::StrCat("ruleset ", game_->spec()));
  // The position string holds everything, hidden information included.
  if (viewer == kOmniscient) Emit(absl::StrCat("position ", position.ToString()));
  Emit(absl::StrCat("kind ", NodeKindName(position.Kind())));
  Emit(absl::StrCat("tomove ", ToMoveText(position)));
  Emit(absl::StrCat("score ", position.Score(0), " ", position.Score(1)));
  if (position.Kind() == NodeKind::kTerminal) {
    Emit(absl::StrFormat("result %g %g", position.Returns(0), position.Returns(1)));
  }
  return absl::OkStatus();
}

absl::Status ProtocolSession::HandleMoves() {
  if (absl::Status status = NeedGame(); !status.ok()) return status;
  const Position& position = *position_;
  switch (position.Kind()) {
    case NodeKind::kDecision: {
      const Player player = position.CurrentPlayer();
      const ActionList actions = position.LegalActions(player);
      Emit(absl::StrCat("moves decision player ", player, " count ", actions.size()));
      for (Action action : actions) {
        Emit(absl::StrCat("action ", player, " ", position.ActionToString(player, action)));
      }
      break;
    }
    case NodeKind::kSimultaneous: {
      const ActionList first = position.LegalActions(0);
      const ActionList second = position.LegalActions(1);
      Emit(absl::StrCat("moves simultaneous count ", first.size(), " ", second.size()));
      for (Player p = 0; p < kNumPlayers; ++p) {
        for (Action action : p == 0 ? first : second) {
          Emit(absl::StrCat("action ", p, " ", position.ActionToString(p, action)));
        }
      }
      break;
    }
    case NodeKind::kChance: {
      const ChanceList outcomes = position.ChanceOutcomes();
      Emit(absl::StrCat("moves chance count ", outcomes.size()));
      for (const ChanceOutcome& outcome : outcomes) {
        Emit(absl::StrCat("outcome ", ProbabilityText(outcome.probability), " ",
                          position.ActionToString(kChancePlayer, outcome.outcome)));
      }
      break;
    }
    case NodeKind::kTerminal:
      Emit("moves terminal count 0");
      break;
  }
  return absl::OkStatus();
}

absl::Status ProtocolSession::HandlePerft(std::string_view rest) {
  if (absl::Status status = NeedGame(); !status.ok()) return status;
  const std::vector<std::string_view> words = SplitWords(rest);
  if (words.size() != 1) return Error("perft: expected 'perft <depth>'");
  absl::StatusOr<int64_t> depth = ParseCount(words[0], "perft depth", 64);
  if (!depth.ok()) return depth.status();
  if (absl::Status idle = NeedIdle("perft"); !idle.ok()) return idle;
  std::shared_ptr<const Position> position = position_->Clone();
  const int d = static_cast<int>(*depth);
  StartJob(
      [this, position, d] {
        const Clock::time_point start = Clock::now();
        int64_t total = 0;
        if (d == 0 || position->Kind() == NodeKind::kTerminal) {
          total = 1;
        } else {
          // One line per root branch, as Stockfish's perft divides.
          for (const PerftBranch& branch : PerftBranches(*position)) {
            const int64_t leaves = Perft(*branch.position, d - 1, &job_cancel_).leaves;
            if (job_cancel_.load()) break;
            Emit(absl::StrCat("perft branch ", leaves, " ", branch.text));
            total += leaves;
          }
        }
        if (job_cancel_.load()) {
          return std::vector<std::string>{"info string perft stopped"};
        }
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        return std::vector<std::string>{absl::StrFormat("perft depth %d leaves %d time %d", d,
                                                        total, static_cast<int64_t>(ms + 0.5))};
      },
      /*infinite=*/false);
  return absl::OkStatus();
}

absl::Status ProtocolSession::HandleOdds(std::string_view rest) {
  if (absl::Status status = NeedGame(); !status.ok()) return status;
  const Position& position = *position_;
  const std::string_view text = TrimBlanks(rest);
  std::string applied;
  absl::StatusOr<std::unique_ptr<Position>> start = ApplyOddsMove(position, text, &applied);
  if (!start.ok()) return Error(absl::StrCat("odds: ", Message(start.status())));
  const std::string what = applied.empty() ? "chance" : applied;
  absl::StatusOr<OddsResult> odds = ComputeOdds(position, **start, /*by_position=*/false);
  if (!odds.ok()) return Error(absl::StrCat("odds: ", Message(odds.status())));
  std::vector<const OddsLine*> lines;
  for (const OddsLine& line : odds->lines) lines.push_back(&line);
  std::stable_sort(lines.begin(), lines.end(), [](const OddsLine* a, const OddsLine* b) {
    return b->probability < a->probability;
  });
  Emit(absl::StrCat("odds results ", lines.size(), " action ", what));
  for (const OddsLine* line : lines) {
    std::string out = absl::StrCat("result ", ProbabilityText(line->probability));
    for (size_t i = 0; i < odds->measure_names.size() && i < line->values.size(); ++i) {
      absl::StrAppend(&out, " ", odds->measure_names[i], " ", line->values[i]);
    }
    Emit(out);
  }
  std::string expected = "expected";
  for (size_t i = 0; i < odds->measure_names.size(); ++i) {
    absl::StrAppend(&expected,
                    absl::StrFormat(" %s %s %.6f", odds->measure_names[i],
                                    odds->expected[i].ToString(), odds->expected[i].ToDouble()));
  }
  Emit(expected);
  return absl::OkStatus();
}

std::vector<std::string> ProtocolSession::BeliefLines(const SearchResult& result) {
  std::vector<std::string> lines;
  lines.push_back(absl::StrCat("belief player ", result.player, " hidden ", result.belief.size(),
                               result.belief_exact ? " worlds " : " samples ",
                               result.belief_samples));
  for (const auto& [label, probability] : result.belief) {
    lines.push_back(absl::StrFormat("hidden %.6f %s", probability, label));
  }
  return lines;
}

absl::Status ProtocolSession::HandleBelief() {
  if (absl::Status status = NeedGame(); !status.ok()) return status;
  const NodeKind kind = position_->Kind();
  if (kind == NodeKind::kChance || kind == NodeKind::kTerminal) {
    return Error(absl::StrCat("belief: the engine has no choice to make at a ", NodeKindName(kind),
                              " node"));
  }
  const Player player = SearchingPlayer(*position_);
  // A search with a limit may be about to record this position's belief: wait for it.
  if (job_running_.load() && !job_infinite_) FinishJob();
  std::shared_ptr<const SearchResult> last;
  {
    std::lock_guard<std::mutex> lock(job_mutex_);
    if (last_result_generation_ == position_generation_ && last_result_ != nullptr &&
        last_result_->player == player) {
      last = last_result_;
    }
  }
  if (last != nullptr) {
    for (const std::string& line : BeliefLines(*last)) Emit(line);
    return absl::OkStatus();
  }
  if (absl::Status idle = NeedIdle("belief"); !idle.ok()) return idle;
  SearchOptions options = MakeSearchOptions();
  options.max_iterations = kBeliefIterations;
  std::shared_ptr<const Position> position = position_->Clone();
  std::shared_ptr<const Game> game = game_;
  const int64_t generation = position_generation_;
  StartJob(
      [this, game, position, player, options, generation] {
        std::unique_ptr<Search> search = game->NewSearch(options);
        auto result =
            std::make_shared<const SearchResult>(RunStoppable(*search, *position, player));
        {
          std::lock_guard<std::mutex> lock(job_mutex_);
          last_result_ = result;
          last_result_generation_ = generation;
        }
        return BeliefLines(*result);
      },
      /*infinite=*/false);
  return absl::OkStatus();
}

absl::Status ProtocolSession::HandleBench(std::string_view rest) {
  if (absl::Status status = NeedGame(); !status.ok()) return status;
  const std::vector<std::string_view> words = SplitWords(rest);
  int64_t iterations = kSearchBenchIterations;
  if (!words.empty()) {
    if (words.size() != 2 || words[0] != "iterations") {
      return Error("bench: expected 'bench' or 'bench iterations N'");
    }
    absl::StatusOr<int64_t> n = ParseCount(words[1], "bench iterations", 1'000'000'000);
    if (!n.ok()) return n.status();
    if (*n == 0) return Error("bench: iterations must be at least 1");
    iterations = *n;
  }
  if (absl::Status idle = NeedIdle("bench"); !idle.ok()) return idle;
  std::shared_ptr<const Game> game = game_;
  const int threads = static_cast<int>(options_.GetInt(kOptThreads));
  StartJob(
      [this, game, iterations, threads] {
        // The search benchmark of `sandtable bench --search`: its fixed positions and seed, so
        // that both sign alike.
        const SearchBenchTotals totals = SearchBench(
            *game, iterations, threads,
            [this](Search& search, const Position& position, Player player) {
              return RunStoppable(search, position, player);
            },
            [this](int index, const Position&, Player, const SearchResult& result) {
              Emit(absl::StrFormat("info string bench position %d iterations %d time %d best %s",
                                   index + 1, result.iterations,
                                   static_cast<int64_t>(result.seconds * 1000 + 0.5),
                                   result.best_action_text));
            });
        if (job_cancel_.load() || totals.stopped) {
          return std::vector<std::string>{"info string bench stopped"};
        }
        return std::vector<std::string>{absl::StrFormat(
            "bench positions %d iterations %d time %d nps %d signature %d", totals.positions,
            totals.iterations, static_cast<int64_t>(totals.seconds * 1000 + 0.5),
            static_cast<int64_t>(totals.seconds > 0 ? totals.iterations / totals.seconds : 0),
            totals.signature)};
      },
      /*infinite=*/false);
  return absl::OkStatus();
}

std::string ProtocolSession::Fingerprint() const {
  return absl::StrCat(options_.Summary(), "\n", game_ ? game_->spec() : "(no game)", "\n",
                      position_ ? position_->ToString() : "(no position)", "\n", position_command_);
}

}  // namespace sandtable
