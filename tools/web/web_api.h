// The JSON API of `sandtable serve` as a function over requests, without sockets: the server
// (tools/web/web_server.h) binds it to HTTP, the tests and the fuzz target call it directly.
// Each game is a GameSession (tools/game_session.h); a response never carries more than the
// person's seat has observed (the board as the person sees it, the filtered log, the
// person's own hidden holding). docs/web.md is the reference.
#ifndef SANDTABLE_TOOLS_WEB_WEB_API_H_
#define SANDTABLE_TOOLS_WEB_WEB_API_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "tools/json_writer.h"

namespace sandtable {

struct WebRequest {
  std::string method;  // "GET", "POST", "DELETE"
  std::string path;    // "/api/games/3/act" (no query string)
  std::string body;    // JSON for POST
};

struct WebResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

struct WebLimits {
  size_t max_body_bytes = 64 * 1024;
  size_t max_sessions = 32;
  int max_thinking = 4;  // bot searches running at once, over all games
  std::chrono::seconds idle_timeout{30 * 60};
  int64_t max_bot_iterations = 1'000'000;
  int64_t max_bot_time_ms = 60'000;
  int64_t max_analysis_iterations = 200'000;
  int64_t search_memory_mb = 64;  // per search
};

class WebApi {
 public:
  using Clock = std::chrono::steady_clock;

  explicit WebApi(WebLimits limits = {}, std::function<Clock::time_point()> now = Clock::now);
  ~WebApi();  // stops and joins the bots' searches
  WebApi(const WebApi&) = delete;
  WebApi& operator=(const WebApi&) = delete;

  // Every API request (paths under /api/) and the embedded static files. Errors are a 4xx
  // (or 503) with {"error": "..."} and change nothing.
  WebResponse Handle(const WebRequest& request);

  // The bot's progress of game `id` as one JSON object for the event stream:
  // {"thinking", "iterations", "seconds", "best", "winProbability"} and, once the move is
  // made, "state". nullopt-like: {"error"} for an unknown game.
  Json BotProgress(const std::string& id);

  size_t num_sessions();

 private:
  struct Entry;

  WebResponse Dispatch(const WebRequest& request);
  WebResponse NewGame(const Json& body);
  WebResponse Analyse(const Json& body);
  WebResponse Board(const Json& body);
  WebResponse OnGame(const std::string& id, const std::string& verb, const WebRequest& request,
                     const Json& body);
  std::shared_ptr<Entry> Find(const std::string& id);
  void Reclaim();
  void StartBot(const std::shared_ptr<Entry>& entry);

  WebLimits limits_;
  std::function<Clock::time_point()> now_;
  std::mutex mu_;  // guards sessions_, next_id_ and thinking_
  std::map<std::string, std::shared_ptr<Entry>> sessions_;
  uint64_t next_id_ = 1;
  int thinking_ = 0;
  uint64_t seed_base_;
};

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_WEB_WEB_API_H_
