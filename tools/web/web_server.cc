#include "tools/web/web_server.h"

#include <httplib.h>

#include <chrono>
#include <thread>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "tools/json_writer.h"

namespace sandtable {
namespace {

constexpr auto kEventInterval = std::chrono::milliseconds(100);

void Answer(const WebResponse& response, httplib::Response& out) {
  out.status = response.status;
  out.set_content(response.body, response.content_type.c_str());
  // The page and the API are same-origin only; nothing is cached between games.
  out.set_header("Cache-Control", "no-store");
  out.set_header("X-Content-Type-Options", "nosniff");
}

}  // namespace

struct WebServer::Impl {
  httplib::Server server;
};

WebServer::WebServer(WebLimits limits)
    : api_(std::make_unique<WebApi>(limits)), impl_(std::make_unique<Impl>()) {
  httplib::Server& server = impl_->server;
  // httplib rejects larger bodies itself (413) before they are read into memory.
  server.set_payload_max_length(limits.max_body_bytes);
  server.set_read_timeout(std::chrono::seconds(10));
  server.set_keep_alive_max_count(100);
  auto handle = [this](const httplib::Request& request, httplib::Response& response) {
    Answer(api_->Handle({request.method, request.path, request.body}), response);
  };
  // The bot's search, live: one event per 100 ms until its move is made.
  server.Get(R"(/api/games/([0-9a-f]{1,32})/bot/stream)",
             [this](const httplib::Request& request, httplib::Response& response) {
               const std::string id = request.matches[1];
               response.set_header("Cache-Control", "no-store");
               response.set_chunked_content_provider(
                   "text/event-stream", [this, id](size_t, httplib::DataSink& sink) {
                     const Json progress = api_->BotProgress(id);
                     const std::string event = absl::StrCat("data: ", JsonText(progress), "\n\n");
                     if (!sink.write(event.data(), event.size())) return false;
                     if (!progress.value("thinking", false)) {
                       sink.done();
                       return true;
                     }
                     std::this_thread::sleep_for(kEventInterval);
                     return true;
                   });
             });
  server.Get(".*", handle);
  server.Post(".*", handle);
  server.Delete(".*", handle);
}

WebServer::~WebServer() { Stop(); }

absl::StatusOr<int> WebServer::Bind(const std::string& host, int port) {
  int bound = port;
  if (port == 0) {
    bound = impl_->server.bind_to_any_port(host);
    if (bound < 0) bound = -1;
  } else if (!impl_->server.bind_to_port(host, port)) {
    bound = -1;
  }
  if (bound < 0) {
    return absl::UnavailableError(absl::StrCat("cannot listen on ", host, ":", port,
                                               " (in use, or not an address of this machine)"));
  }
  return bound;
}

void WebServer::Serve() { impl_->server.listen_after_bind(); }

void WebServer::Stop() { impl_->server.stop(); }

}  // namespace sandtable
