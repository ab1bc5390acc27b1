// Fuzzes the subcommands' command-line flags (cxxopts plus our checks). The input is the
// arguments separated by NUL bytes; the first byte picks the subcommand. Every subcommand stops
// right after its flags (SetStopAfterFlagsForTesting), so nothing runs. Either the flags are
// accepted (exit 0, nothing on stderr) or there is exactly one error line naming the
// command (exit 2, nothing on stdout).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "engine/check.h"
#include "tools/cli_analyse.h"
#include "tools/cli_bench.h"
#include "tools/cli_common.h"
#include "tools/cli_demo.h"
#include "tools/cli_exploitability.h"
#include "tools/cli_match.h"
#include "tools/cli_match_report.h"
#include "tools/cli_odds.h"
#include "tools/cli_perft.h"
#include "tools/cli_render.h"
#include "tools/cli_rulesets.h"
#include "tools/play.h"

namespace sandtable {
namespace {

int RunPlayNoInput(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  std::istringstream in;
  return RunPlayWith(argc, argv, in, out, err, /*colour=*/false);
}

int RunMatchReportNoInput(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  std::istringstream in;
  return RunMatchReportWith(argc, argv, in, out, err);
}

using RunFunction = int (*)(int, const char* const*, std::ostream&, std::ostream&);
constexpr RunFunction kCommands[] = {
    &RunAnalyse,       &RunBench,    &RunDemo,        &RunMatch,  &RunOdds,
    &RunPerft,         &RunRulesets, &RunPlayNoInput, &RunRender, &RunMatchReportNoInput,
    &RunExploitability};  // new commands last: the corpus' first bytes keep their command

}  // namespace
}  // namespace sandtable

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  sandtable::SetStopAfterFlagsForTesting(true);
  const sandtable::RunFunction run =
      sandtable::kCommands[data[0] % std::size(sandtable::kCommands)];
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::vector<std::string> args = {"command"};
  if (!text.empty()) {
    for (absl::string_view arg : absl::StrSplit(text, '\0')) args.emplace_back(arg);
  }
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  std::ostringstream out;
  std::ostringstream err;
  const int code = run(static_cast<int>(argv.size()), argv.data(), out, err);
  if (code == sandtable::kExitOk) {
    CHECK(err.str().empty());
  } else {
    CHECK(code == sandtable::kExitUsage);
    CHECK(out.str().empty());
    const std::string message = err.str();
    CHECK(message.rfind("sandtable ", 0) == 0);
    CHECK(message.find('\n') == message.size() - 1);
  }
  return 0;
}
