// `sandtable serve`'s HTTP server: cpp-httplib bound to a WebApi (tools/web/web_api.h).
// Every request goes through WebApi::Handle except the bot's live search, which is streamed
// as Server-Sent Events from WebApi::BotProgress.
#ifndef SANDTABLE_TOOLS_WEB_WEB_SERVER_H_
#define SANDTABLE_TOOLS_WEB_WEB_SERVER_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "tools/web/web_api.h"

namespace sandtable {

class WebServer {
 public:
  explicit WebServer(WebLimits limits = {});
  ~WebServer();

  // Binds `host`:`port` (port 0: any free port); the bound port, or an error.
  absl::StatusOr<int> Bind(const std::string& host, int port);
  // Serves until Stop() (from another thread); call after Bind.
  void Serve();
  void Stop();
  WebApi& api() { return *api_; }

 private:
  struct Impl;
  std::unique_ptr<WebApi> api_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_WEB_WEB_SERVER_H_
