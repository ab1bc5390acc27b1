// Fuzzes the web API's request handler (WebApi::Handle) with sequences of requests. The
// input is requests separated by NUL bytes, each "METHOD PATH\nBODY"; "$ID" in a path
// stands for the last game created. Every answer to an /api/ path is one JSON object with a
// status from 200 to 599, and an error is exactly {"error": "..."}. The bot thinks 2 ms.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <thread>

#include "engine/check.h"
#include "tools/json_writer.h"
#include "tools/web/web_api.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64 * 1024) return 0;
  sandtable::WebLimits limits;
  limits.max_bot_time_ms = 2;
  limits.max_bot_iterations = 50;
  limits.max_analysis_iterations = 50;
  sandtable::WebApi api(limits);
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::string id = "none";
  size_t start = 0;
  for (int requests = 0; start <= input.size() && requests < 16; ++requests) {
    size_t end = input.find('\0', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string_view text = input.substr(start, end - start);
    start = end + 1;
    const size_t newline = text.find('\n');
    const std::string_view line = text.substr(0, newline);
    const size_t space = line.find(' ');
    if (space == std::string_view::npos) continue;
    sandtable::WebRequest request;
    request.method = std::string(line.substr(0, space));
    request.path = std::string(line.substr(space + 1));
    if (const size_t at = request.path.find("$ID"); at != std::string::npos) {
      request.path.replace(at, 3, id);
    }
    if (newline != std::string_view::npos) request.body = std::string(text.substr(newline + 1));
    const sandtable::WebResponse response = api.Handle(request);
    CHECK(response.status >= 200 && response.status < 600);
    if (!request.path.starts_with("/api/")) continue;
    const sandtable::Json body = sandtable::Json::parse(response.body, nullptr, false);
    CHECK(body.is_object());
    if (response.status >= 400) {
      CHECK(body.size() == 1 && body.contains("error") && body["error"].is_string());
    }
    if (response.status == 201) id = body["id"].get<std::string>();
    // A started bot finishes before the next request, so runs are reproducible.
    if (response.status == 202) {
      while (api.BotProgress(id).value("thinking", false)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    }
  }
  return 0;
}
