#include "tools/web/web_api.h"

#include <algorithm>
#include <atomic>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "engine/text.h"
#include "tools/analysis_report.h"
#include "tools/chance_analysis.h"
#include "tools/game_session.h"
#include "tools/load_game.h"
#include "tools/odds.h"
#include "tools/registry.h"
#include "tools/web/seat_view.h"
#include "tools/web/web_assets.h"

namespace sandtable {
namespace {

constexpr size_t kMaxText = 4096;  // an action, a position string, a spec
constexpr size_t kMaxMoves = 4096;

WebResponse JsonResponse(int status, const Json& body) {
  return {status, "application/json", JsonText(body)};
}

WebResponse Error(int status, std::string_view message) {
  return JsonResponse(status, Json{{"error", Printable(message, 600)}});
}

WebResponse Error(const absl::Status& status) {
  const int code = status.code() == absl::StatusCode::kFailedPrecondition ? 409 : 400;
  return Error(code, ToStd(status.message()));
}

// A string member of `body` (at most kMaxText bytes), or `fallback` when absent.
absl::StatusOr<std::string> StringField(const Json& body, const char* name,
                                        std::string fallback = "") {
  if (!body.contains(name)) return fallback;
  const Json& value = body[name];
  if (!value.is_string()) return absl::InvalidArgumentError(absl::StrCat(name, " must be text"));
  std::string text = value.get<std::string>();
  if (text.size() > kMaxText && std::string_view(name) != "scenario") {
    return absl::InvalidArgumentError(absl::StrCat(name, " is too long"));
  }
  return text;
}

absl::StatusOr<int64_t> IntField(const Json& body, const char* name, int64_t fallback, int64_t min,
                                 int64_t max) {
  if (!body.contains(name)) return fallback;
  const Json& value = body[name];
  if (!value.is_number_integer()) {
    return absl::InvalidArgumentError(absl::StrCat(name, " must be an integer"));
  }
  const int64_t n = value.is_number_unsigned() && value.get<uint64_t>() > INT64_MAX
                        ? INT64_MAX
                        : value.get<int64_t>();
  if (n < min || n > max) {
    return absl::InvalidArgumentError(absl::StrCat(name, " must be from ", min, " to ", max));
  }
  return n;
}

absl::StatusOr<std::vector<std::string>> MovesField(const Json& body) {
  std::vector<std::string> moves;
  if (!body.contains("moves")) return moves;
  const Json& value = body["moves"];
  if (!value.is_array() || value.size() > kMaxMoves) {
    return absl::InvalidArgumentError("moves must be a list of at most 4096 texts");
  }
  for (const Json& move : value) {
    if (!move.is_string() || move.get_ref<const std::string&>().size() > kMaxText) {
      return absl::InvalidArgumentError("every move must be a short text");
    }
    moves.push_back(move.get<std::string>());
  }
  return moves;
}

const char* TurnName(SessionTurn turn) {
  switch (turn) {
    case SessionTurn::kPerson:
      return "person";
    case SessionTurn::kBot:
      return "bot";
    case SessionTurn::kManualChance:
      return "dice";
    case SessionTurn::kEngineChance:
      return "roll";
    case SessionTurn::kOver:
      return "over";
  }
  return "over";
}

const char* WhoName(LogEntry::Who who) {
  switch (who) {
    case LogEntry::Who::kInfo:
      return "info";
    case LogEntry::Who::kPerson:
      return "you";
    case LogEntry::Who::kBot:
      return "bot";
    case LogEntry::Who::kChance:
      return "chance";
  }
  return "info";
}

// Everything the page shows of a game; only what the person's seat has observed.
Json StateJson(const std::string& id, const GameSession& session) {
  const Position& position = session.position();
  Json log = Json::array();
  for (const LogEntry& entry : session.log()) {
    log.push_back({{"who", WhoName(entry.who)}, {"text", entry.text}, {"secret", entry.secret}});
  }
  const Json view = SeatView(position, session.person(), session.InputActor());
  Json state = {{"id", id},
                {"ruleset", session.game().spec()},
                {"person", session.person()},
                {"bot", session.bot()},
                {"turn", TurnName(session.turn())},
                {"simultaneous", position.Kind() == NodeKind::kSimultaneous},
                {"board", view["board"]},
                {"hidden", view["hidden"]},
                {"score", view["score"]},
                {"actions", view["actions"]},
                {"log", std::move(log)},
                {"canUndo", session.CanUndo()},
                {"canSave", !session.game().HasHiddenInformation()},
                {"oddsAvailable", !session.game().HasHiddenInformation()},
                {"result", session.ResultText()}};
  return state;
}

// Rolls the engine's dice until someone has to act.
void RollUntilInput(GameSession& session) {
  const int limit = session.game().MaxGameLength() + 1;
  for (int i = 0; i < limit && session.turn() == SessionTurn::kEngineChance; ++i) {
    if (!session.RollChance().ok()) break;
  }
}

Json OddsJson(const OddsResult& odds) {
  Json lines = Json::array();
  for (const OddsLine& line : odds.lines) {
    Json values = Json::object();
    for (size_t i = 0; i < odds.measure_names.size() && i < line.values.size(); ++i) {
      values[odds.measure_names[i]] = line.values[i];
    }
    lines.push_back({{"values", std::move(values)},
                     {"probability", line.probability.ToDouble()},
                     {"fraction", line.probability.ToString()}});
  }
  Json expected = Json::object();
  for (size_t i = 0; i < odds.measure_names.size() && i < odds.expected.size(); ++i) {
    expected[odds.measure_names[i]] = odds.expected[i].ToDouble();
  }
  return {{"measures", odds.measure_names},
          {"lines", std::move(lines)},
          {"expected", std::move(expected)}};
}

// The position a request names by "ruleset", "state" and "moves", with its description. A
// position the user typed in: everything in it is theirs to see.
struct RequestedPosition {
  std::shared_ptr<const Game> game;
  std::unique_ptr<Position> position;
  Json json;
};

absl::StatusOr<RequestedPosition> PositionFromBody(const Json& body) {
  absl::StatusOr<std::string> ruleset = StringField(body, "ruleset", DefaultRulesetName());
  if (!ruleset.ok()) return ruleset.status();
  absl::StatusOr<std::string> state = StringField(body, "state");
  if (!state.ok()) return state.status();
  absl::StatusOr<std::vector<std::string>> moves = MovesField(body);
  if (!moves.ok()) return moves.status();
  absl::StatusOr<std::shared_ptr<const Game>> game = CreateGame(*ruleset);
  if (!game.ok()) return game.status();
  absl::StatusOr<std::unique_ptr<Position>> position = LoadPosition(**game, *state, *moves);
  if (!position.ok()) return position.status();
  Json json = {{"ruleset", (*game)->spec()},
               {"position", (*position)->ToString()},
               {"node", DescribeNode(**position)},
               {"board", BoardJson((*position)->DescribeBoard(kOmniscient), (*game)->spec())}};
  return RequestedPosition{*std::move(game), *std::move(position), std::move(json)};
}

}  // namespace

struct WebApi::Entry {
  explicit Entry(std::unique_ptr<GameSession> s) : session(std::move(s)) {}
  ~Entry() {
    if (worker.joinable()) worker.join();
  }

  std::mutex mu;  // guards session; held by the bot's search while it thinks
  std::unique_ptr<GameSession> session;
  std::atomic<bool> thinking{false};
  std::atomic<int64_t> last_used{0};  // Clock ticks
  std::thread worker;

  std::mutex progress_mu;  // guards what follows
  Json progress = Json::object();
  Json state;  // the last state, served while the bot thinks
  Search* running = nullptr;
  std::string bot_error;
};

WebApi::WebApi(WebLimits limits, std::function<Clock::time_point()> now)
    : limits_(limits),
      now_(std::move(now)),
      seed_base_((static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}()) {}

WebApi::~WebApi() {
  std::map<std::string, std::shared_ptr<Entry>> sessions;
  {
    std::lock_guard<std::mutex> lock(mu_);
    sessions.swap(sessions_);
  }
  for (auto& [id, entry] : sessions) {
    std::lock_guard<std::mutex> lock(entry->progress_mu);
    if (entry->running != nullptr) entry->running->Stop();
  }
  for (auto& [id, entry] : sessions) {
    if (entry->worker.joinable()) entry->worker.join();
  }
}

size_t WebApi::num_sessions() {
  std::lock_guard<std::mutex> lock(mu_);
  return sessions_.size();
}

void WebApi::Reclaim() {
  const int64_t now = now_().time_since_epoch().count();
  const int64_t idle = std::chrono::duration_cast<Clock::duration>(limits_.idle_timeout).count();
  std::vector<std::shared_ptr<Entry>> dropped;  // destroyed outside the lock
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = sessions_.begin(); it != sessions_.end();) {
      if (!it->second->thinking && now - it->second->last_used > idle) {
        dropped.push_back(std::move(it->second));
        it = sessions_.erase(it);
      } else {
        ++it;
      }
    }
  }
}

std::shared_ptr<WebApi::Entry> WebApi::Find(const std::string& id) {
  Reclaim();
  std::lock_guard<std::mutex> lock(mu_);
  auto it = sessions_.find(id);
  if (it == sessions_.end()) return nullptr;
  it->second->last_used = now_().time_since_epoch().count();
  return it->second;
}

WebResponse WebApi::Handle(const WebRequest& request) {
  if (request.body.size() > limits_.max_body_bytes) {
    return Error(
        413, absl::StrCat("the request body is larger than ", limits_.max_body_bytes, " bytes"));
  }
  try {
    return Dispatch(request);
  } catch (const std::exception& e) {
    // nlohmann-json's type errors on odd but valid JSON end here: a bad request.
    return Error(400, absl::StrCat("bad request: ", e.what()));
  }
}

WebResponse WebApi::Dispatch(const WebRequest& request) {
  const std::string_view path = request.path;
  if (!path.starts_with("/api/")) {
    if (request.method != "GET") return Error(405, "static files are read with GET");
    const WebAsset* asset = FindWebAsset(path == "/" ? "/index.html" : path);
    if (asset == nullptr) return Error(404, "no such file");
    return {200, std::string(asset->content_type), std::string(asset->data)};
  }
  Json body = Json::object();
  if (request.method == "POST" && !request.body.empty()) {
    body = Json::parse(request.body, nullptr, /*allow_exceptions=*/false);
    if (body.is_discarded()) return Error(400, "the request body is not valid JSON");
    if (!body.is_object()) return Error(400, "the request body must be a JSON object");
  }
  const std::vector<std::string> parts = absl::StrSplit(ToAbsl(path.substr(5)), '/');
  if (parts.size() == 1 && parts[0] == "rulesets") {
    if (request.method != "GET") return Error(405, "use GET");
    Json list = Json::array();
    for (const RulesetInfo& info : ListRulesets()) {
      Json params = Json::array();
      for (const ParamDef& def : info.params) {
        params.push_back({{"name", def.name},
                          {"description", def.description},
                          {"default", def.default_value},
                          {"choices", def.choices},
                          {"min", def.min},
                          {"max", def.max}});
      }
      list.push_back({{"name", info.name},
                      {"description", info.description},
                      {"params", std::move(params)},
                      {"scenarios", {"default"}}});
    }
    return JsonResponse(200, {{"rulesets", std::move(list)}});
  }
  if (parts.size() == 1 && parts[0] == "games") {
    if (request.method != "POST") return Error(405, "use POST to start a game");
    return NewGame(body);
  }
  if (parts.size() == 1 && parts[0] == "analyse") {
    if (request.method != "POST") return Error(405, "use POST");
    return Analyse(body);
  }
  if (parts.size() == 1 && parts[0] == "board") {
    if (request.method != "POST") return Error(405, "use POST");
    return Board(body);
  }
  if ((parts.size() == 2 || parts.size() == 3) && parts[0] == "games") {
    return OnGame(parts[1], parts.size() == 3 ? parts[2] : "", request, body);
  }
  return Error(404, "no such API path");
}

WebResponse WebApi::NewGame(const Json& body) {
  absl::StatusOr<std::string> ruleset = StringField(body, "ruleset", DefaultRulesetName());
  if (!ruleset.ok()) return Error(ruleset.status());
  absl::StatusOr<std::string> scenario = StringField(body, "scenario");
  if (!scenario.ok()) return Error(scenario.status());
  if (*scenario == "default") scenario->clear();
  if (scenario->size() > 64 * 1024) return Error(400, "the scenario is larger than 64 KiB");
  absl::StatusOr<int64_t> side = IntField(body, "side", 0, 0, 1);
  if (!side.ok()) return Error(side.status());
  absl::StatusOr<int64_t> iterations =
      IntField(body, "botIterations", 0, 0, limits_.max_bot_iterations);
  if (!iterations.ok()) return Error(iterations.status());
  absl::StatusOr<int64_t> time_ms =
      IntField(body, "botTimeMs", std::min<int64_t>(1000, limits_.max_bot_time_ms), 1,
               limits_.max_bot_time_ms);
  if (!time_ms.ok()) return Error(time_ms.status());
  absl::StatusOr<std::string> dice = StringField(body, "dice", "engine");
  if (!dice.ok()) return Error(dice.status());
  if (*dice != "engine" && *dice != "manual") return Error(400, "dice must be engine or manual");
  absl::StatusOr<int64_t> seed = IntField(body, "seed", -1, -1, INT64_MAX);
  if (!seed.ok()) return Error(seed.status());

  absl::StatusOr<std::shared_ptr<const Game>> game = CreateGame(*ruleset, *scenario);
  if (!game.ok()) return Error(game.status());
  Reclaim();
  std::string id;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (sessions_.size() >= limits_.max_sessions) {
      return Error(503, "too many games are open; close one or wait until idle ones expire");
    }
    id = absl::StrFormat("%016x", HashCombine(seed_base_, next_id_++));
  }
  SessionOptions options;
  options.person = static_cast<Player>(*side);
  options.manual_dice = *dice == "manual";
  options.seed = *seed >= 0 ? static_cast<uint64_t>(*seed) : HashCombine(seed_base_, ~next_id_);
  options.bot_iterations = *iterations;
  options.bot_time_ms = *time_ms;
  options.memory_mb = limits_.search_memory_mb;
  auto entry = std::make_shared<Entry>(std::make_unique<GameSession>(*game, options));
  entry->last_used = now_().time_since_epoch().count();
  entry->session->AddInfo(absl::StrCat("new game of ", (*game)->spec(), "; you are player ",
                                       options.person, ", the bot is player ", 1 - options.person));
  RollUntilInput(*entry->session);
  Json state = StateJson(id, *entry->session);
  {
    std::lock_guard<std::mutex> lock(entry->progress_mu);
    entry->state = state;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (sessions_.size() >= limits_.max_sessions) {
      return Error(503, "too many games are open; close one or wait until idle ones expire");
    }
    sessions_[id] = std::move(entry);
  }
  return JsonResponse(201, state);
}

void WebApi::StartBot(const std::shared_ptr<Entry>& entry) {
  entry->thinking = true;
  {
    std::lock_guard<std::mutex> lock(entry->progress_mu);
    entry->progress = {{"thinking", true}, {"iterations", 0}, {"seconds", 0.0}};
    entry->bot_error.clear();
  }
  if (entry->worker.joinable()) entry->worker.join();
  entry->worker = std::thread([this, entry_ptr = entry.get()] {
    Entry& e = *entry_ptr;
    absl::StatusOr<SearchResult> result;
    Json state;
    {
      // Released before `thinking` turns false: a request that sees the bot done must find
      // the session free.
      std::lock_guard<std::mutex> session_lock(e.mu);
      result = e.session->BotMove(
          [&e](const SearchProgress& progress) {
            Json update = {{"thinking", true},
                           {"iterations", progress.iterations},
                           {"seconds", progress.seconds}};
            // At a simultaneous node the best choice so far would show the secret commitment.
            if (!progress.snapshot.actions.empty() &&
                progress.snapshot.root_kind != NodeKind::kSimultaneous &&
                e.session->position().Kind() == NodeKind::kDecision &&
                !e.session->game().HasHiddenInformation()) {
              update["best"] = progress.snapshot.actions[0].text;
              update["winProbability"] = progress.snapshot.actions[0].win_probability;
            }
            std::lock_guard<std::mutex> lock(e.progress_mu);
            e.progress = std::move(update);
          },
          [&e](Search* search) {
            std::lock_guard<std::mutex> lock(e.progress_mu);
            e.running = search;
          });
      if (result.ok()) RollUntilInput(*e.session);
      state = StateJson("", *e.session);
    }
    std::lock_guard<std::mutex> lock(e.progress_mu);
    if (!result.ok()) e.bot_error = ToStd(result.status().message());
    e.state = std::move(state);
    e.progress["thinking"] = false;
    {
      std::lock_guard<std::mutex> global(mu_);
      --thinking_;
    }
    e.thinking = false;
  });
}

Json WebApi::BotProgress(const std::string& id) {
  std::shared_ptr<Entry> entry = Find(id);
  if (entry == nullptr) return {{"error", "no such game"}};
  std::lock_guard<std::mutex> lock(entry->progress_mu);
  Json progress = entry->progress;
  if (!entry->thinking) {
    progress["thinking"] = false;
    Json state = entry->state;
    state["id"] = id;
    progress["state"] = std::move(state);
    if (!entry->bot_error.empty()) progress["error"] = entry->bot_error;
  }
  return progress;
}

WebResponse WebApi::OnGame(const std::string& id, const std::string& verb,
                           const WebRequest& request, const Json& body) {
  std::shared_ptr<Entry> entry = Find(id);
  if (entry == nullptr) return Error(404, "no such game (it may have expired)");
  const std::string& method = request.method;
  if (verb == "bot" && method == "GET") return JsonResponse(200, BotProgress(id));
  if (verb.empty() && method == "DELETE") {
    if (entry->thinking) return Error(409, "the bot is thinking; wait for its move");
    std::lock_guard<std::mutex> lock(mu_);
    sessions_.erase(id);
    return JsonResponse(200, {{"deleted", id}});
  }
  if (verb.empty() && method == "GET" && entry->thinking) {
    std::lock_guard<std::mutex> lock(entry->progress_mu);
    Json state = entry->state;
    state["id"] = id;
    state["thinking"] = true;
    return JsonResponse(200, state);
  }
  // The bot's search holds the session for its whole think, so a request then is refused;
  // any other holder (an odds or state request of the same page) is brief and waited for.
  if (entry->thinking) return Error(409, "the bot is thinking; wait for its move");
  std::unique_lock<std::mutex> lock(entry->mu);
  if (entry->thinking) return Error(409, "the bot is thinking; wait for its move");
  GameSession& session = *entry->session;
  auto reply = [&](int status) {
    Json state = StateJson(id, session);
    std::lock_guard<std::mutex> progress_lock(entry->progress_mu);
    entry->state = state;
    return JsonResponse(status, state);
  };
  if (verb.empty()) {
    if (method != "GET") return Error(405, "use GET for the state, DELETE to close the game");
    return reply(200);
  }
  if (method != "POST" && verb != "save") return Error(405, "use POST");
  if (verb == "act") {
    absl::StatusOr<std::string> action = StringField(body, "action");
    if (!action.ok()) return Error(action.status());
    if (absl::Status status = session.Enter(*action); !status.ok()) return Error(status);
    RollUntilInput(session);
    return reply(200);
  }
  if (verb == "bot") {
    if (session.turn() != SessionTurn::kBot) return Error(409, "it is not the bot's turn");
    {
      std::lock_guard<std::mutex> global(mu_);
      if (thinking_ >= limits_.max_thinking) {
        return Error(503, "the engine is busy with other games; try again shortly");
      }
      ++thinking_;
    }
    entry->thinking = true;  // before unlocking: a second request must see the bot busy
    lock.unlock();
    StartBot(entry);
    return JsonResponse(202, {{"thinking", true}});
  }
  if (verb == "undo") {
    if (absl::Status status = session.Undo(); !status.ok()) return Error(status);
    return reply(200);
  }
  if (verb == "hint") {
    absl::StatusOr<SearchResult> result = session.Hint();
    if (!result.ok()) return Error(result.status());
    Json top = Json::array();
    for (size_t i = 0; i < result->actions.size() && i < 3; ++i) {
      top.push_back({{"move", result->actions[i].text},
                     {"winProbability", result->actions[i].win_probability},
                     {"visits", result->actions[i].visits}});
    }
    return JsonResponse(200, {{"best", result->best_action_text}, {"top", std::move(top)}});
  }
  if (verb == "odds") {
    if (session.game().HasHiddenInformation()) {
      return Error(409,
                   "odds are not offered for games with hidden information: they would be "
                   "computed from the bot's secrets");
    }
    if (session.turn() != SessionTurn::kPerson) return Error(409, "odds are for your own moves");
    absl::StatusOr<std::string> action = StringField(body, "action");
    if (!action.ok()) return Error(action.status());
    if (session.position().Kind() != NodeKind::kDecision) {
      return Error(409, "odds are for decisions, not simultaneous choices");
    }
    std::string applied;
    absl::StatusOr<std::unique_ptr<Position>> start =
        ApplyOddsMove(session.position(), *action, &applied);
    if (!start.ok()) return Error(start.status());
    absl::StatusOr<OddsResult> odds =
        ComputeOdds(session.position(), **start, /*by_position=*/false, 200'000);
    if (!odds.ok()) return Error(odds.status());
    Json out = OddsJson(*odds);
    out["action"] = applied;
    return JsonResponse(200, out);
  }
  if (verb == "save") {
    if (method != "GET") return Error(405, "use GET");
    absl::StatusOr<SavedGame> saved = session.Save();
    if (!saved.ok()) return Error(saved.status());
    return JsonResponse(
        200, {{"ruleset", saved->ruleset}, {"start", saved->start}, {"moves", saved->moves}});
  }
  if (verb == "load") {
    absl::StatusOr<std::string> ruleset = StringField(body, "ruleset", session.game().spec());
    if (!ruleset.ok()) return Error(ruleset.status());
    absl::StatusOr<std::string> start = StringField(body, "start");
    if (!start.ok()) return Error(start.status());
    absl::StatusOr<std::vector<std::string>> moves = MovesField(body);
    if (!moves.ok()) return Error(moves.status());
    if (absl::Status status = session.Load({*ruleset, *start, *moves}); !status.ok()) {
      return Error(status);
    }
    RollUntilInput(session);
    return reply(200);
  }
  return Error(404, absl::StrCat("no such game action '", verb, "'"));
}

WebResponse WebApi::Board(const Json& body) {
  absl::StatusOr<RequestedPosition> requested = PositionFromBody(body);
  if (!requested.ok()) return Error(requested.status());
  return JsonResponse(200, requested->json);
}

WebResponse WebApi::Analyse(const Json& body) {
  absl::StatusOr<int64_t> iterations =
      IntField(body, "iterations", 5000, 1, limits_.max_analysis_iterations);
  if (!iterations.ok()) return Error(iterations.status());
  absl::StatusOr<int64_t> player = IntField(body, "player", 0, 0, 1);
  if (!player.ok()) return Error(player.status());
  absl::StatusOr<RequestedPosition> requested = PositionFromBody(body);
  if (!requested.ok()) return Error(requested.status());
  const Game& game = *requested->game;
  const Position& position = *requested->position;
  Json& out = requested->json;
  SearchOptions options;
  options.seed = 1;
  options.max_iterations = *iterations;
  options.memory_mb = limits_.search_memory_mb;
  switch (position.Kind()) {
    case NodeKind::kTerminal:
      return Error(409, "the game is over: nothing to analyse");
    case NodeKind::kChance: {
      absl::StatusOr<ChanceAnalysis> analysis =
          AnalyseChance(position, static_cast<Player>(*player), options);
      if (!analysis.ok()) return Error(analysis.status());
      out["chance"] = Json::parse(ChanceAnalysisJson(game, position, *analysis));
      return JsonResponse(200, out);
    }
    default: {
      const Player searching = position.Kind() == NodeKind::kDecision
                                   ? position.CurrentPlayer()
                                   : static_cast<Player>(*player);
      const SearchResult result = game.NewSearch(options)->Run(position, searching);
      out["analysis"] = AnalysisJsonValue(game, position, result);
      return JsonResponse(200, out);
    }
  }
}

}  // namespace sandtable
