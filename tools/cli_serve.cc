#include "tools/cli_serve.h"

#include <cstdlib>
#include <cxxopts.hpp>
#include <string>

#include "absl/strings/str_cat.h"
#include "tools/cli_common.h"
#include "tools/web/web_server.h"

namespace sandtable {
namespace {

struct Flags : FlagsBase {
  int port = 8080;
  std::string host = "127.0.0.1";
  bool open = false;
};

absl::Status ParseFlags(int argc, const char* const* argv, Flags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options("sandtable serve",
                             "Serves the board in the browser: play the bot and analyse "
                             "positions (docs/web.md).");
    options.add_options()("port", "TCP port (0: any free port)",
                          cxxopts::value<int>()->default_value("8080"))(
        "host", "address to listen on; anything but 127.0.0.1 exposes the server to others",
        cxxopts::value<std::string>()->default_value("127.0.0.1"))(
        "open", "open the page in the default browser (xdg-open)")("h,help", "this help");
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (absl::Status status = FinishParse(options, result, flags); !status.ok() || flags.help) {
      return status;
    }
    flags.port = result["port"].as<int>();
    if (flags.port < 0 || flags.port > 65535) {
      return absl::InvalidArgumentError("--port must be from 0 to 65535");
    }
    flags.host = result["host"].as<std::string>();
    if (flags.host.empty() || flags.host.size() > 255 ||
        flags.host.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                     "0123456789.:-") != std::string::npos) {
      return absl::InvalidArgumentError("--host must be a host name or an IP address");
    }
    flags.open = result.count("open") > 0;
    return absl::OkStatus();
  });
}

bool IsLoopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1";
}

}  // namespace

int RunServe(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Flags flags;
  const int code = ReportFlags("serve", ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  if (!IsLoopback(flags.host)) {
    err << "sandtable serve: warning: listening on " << flags.host
        << ", so other machines can reach this server; it has no authentication\n";
  }
  WebServer server;
  const absl::StatusOr<int> port = server.Bind(flags.host, flags.port);
  if (!port.ok()) return Fail("serve", port.status(), err, kExitFailure);
  const std::string shown_host =
      flags.host.find(':') != std::string::npos ? absl::StrCat("[", flags.host, "]") : flags.host;
  const std::string url = absl::StrCat("http://", shown_host, ":", *port, "/");
  out << "sandtable serve: open " << url << " (Ctrl-C stops)\n" << std::flush;
  if (flags.open) {
    const std::string command = absl::StrCat("xdg-open '", url, "' >/dev/null 2>&1 &");
    if (std::system(command.c_str()) != 0) err << "sandtable serve: could not open a browser\n";
  }
  server.Serve();
  return kExitOk;
}

}  // namespace sandtable
