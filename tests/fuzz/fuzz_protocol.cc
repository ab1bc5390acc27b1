// Fuzzes the protocol session: each input is a script of protocol lines. Every line either
// works or gets exactly one `info string error` line and changes nothing (the session's
// fingerprint), and afterwards the engine still answers `isready` with `readyok`.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/check.h"
#include "tools/protocol.h"
#include "tools/registry.h"

namespace {

constexpr int kMaxLines = 48;  // keeps one input fast; libFuzzer varies the scripts

bool IsError(std::string_view line) { return line.rfind("info string error", 0) == 0; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> output;
  sandtable::ProtocolSession session(
      sandtable::CreateGame, [&output](std::string_view line) { output.emplace_back(line); },
      sandtable::DefaultRulesetName());
  size_t start = 0;
  for (int n = 0; n < kMaxLines && start <= text.size(); ++n) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    // Never quit from inside the script: the checks below need a live session.
    if (line.find("quit") != std::string_view::npos) continue;
    const std::string before = session.Fingerprint();
    output.clear();
    session.HandleLine(line);
    int errors = 0;
    for (const std::string& out : output) errors += IsError(out) ? 1 : 0;
    CHECK(errors <= 1);
    if (errors == 1) CHECK(session.Fingerprint() == before);
    // Searches, perft and bench must not outlive the line: stop them at once.
    session.HandleLine("stop");
    session.FinishJob();
  }
  output.clear();
  session.HandleLine("isready");
  bool ready = false;
  for (const std::string& out : output) ready = ready || out == "readyok";
  CHECK(ready);
  return 0;
}
