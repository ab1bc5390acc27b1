// The sandtable program: with no arguments it speaks the text protocol on stdin/stdout;
// otherwise the first argument names a subcommand, which gets the remaining arguments with
// its own name as argv[0].
#include <cstring>
#include <iostream>
#include <string_view>

#include "engine/text.h"
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
#include "tools/cli_serve.h"
#include "tools/play.h"
#include "tools/protocol.h"

namespace sandtable {
namespace {

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(int argc, const char* const* argv, std::ostream& out, std::ostream& err);
};

constexpr Command kCommands[] = {
    {"rulesets", "list the rulesets and their parameters", &RunRulesets},
    {"perft", "count decision and chance branches to a depth", &RunPerft},
    {"bench", "random playouts per second; --search: fixed searches and a signature", &RunBench},
    {"analyse", "analyse one position (text table or --json)", &RunAnalyse},
    {"odds", "the exact outcome distribution of one action", &RunOdds},
    {"match", "bot against bot: score, Elo, SPRT; --shard K/M plays one shard", &RunMatch},
    {"match-report", "merge the JSON lines of a match's shards into its summary", &RunMatchReport},
    {"exploitability", "exact exploitability and NashConv of a player in a small game",
     &RunExploitability},
    {"demo", "play one seeded game, printing the board as it goes", &RunDemo},
    {"render", "draw a position as a viewer sees it: text board or SVG picture", &RunRender},
    {"serve", "the board in the browser: play and analyse (http://127.0.0.1:8080/)", &RunServe},
};

void PrintUsage(std::ostream& out) {
  out << "usage: sandtable [command] [flags]   (no command: the text protocol on stdin)\n"
         "  play            a game against the bot in the terminal\n";
  for (const Command& command : kCommands) {
    constexpr size_t kColumn = 16;  // the longest name, exploitability, and two spaces
    out << "  " << command.name << std::string(kColumn - command.name.size(), ' ')
        << command.summary << "\n";
  }
  out << "Every command takes --help.\n";
}

int Main(int argc, char** argv) {
  if (argc < 2) return RunProtocol(std::cin, std::cout);
  const std::string_view name = argv[1];
  if (name == "help" || name == "--help" || name == "-h") {
    PrintUsage(std::cout);
    return kExitOk;
  }
  if (name == "play") return RunPlay(argc - 1, argv + 1);
  for (const Command& command : kCommands) {
    if (command.name == name) return command.run(argc - 1, argv + 1, std::cout, std::cerr);
  }
  std::cerr << "sandtable: unknown command '" << Printable(name, 80) << "'\n";
  PrintUsage(std::cerr);
  return kExitUsage;
}

}  // namespace
}  // namespace sandtable

int main(int argc, char** argv) { return sandtable::Main(argc, argv); }
