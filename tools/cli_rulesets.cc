#include "tools/cli_rulesets.h"

#include <cxxopts.hpp>

#include "absl/strings/str_cat.h"
#include "tools/cli_common.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

struct RulesetsFlags : FlagsBase {
  bool names = false;
};

absl::Status ParseFlags(int argc, const char* const* argv, RulesetsFlags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options("sandtable rulesets",
                             "Lists the rulesets and their parameters. A ruleset is named on "
                             "the command line as name or name(key=value,...).");
    options.add_options()("names", "only the names, one per line (for scripts)")("h,help",
                                                                                 "this help");
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (!result.unmatched().empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("unexpected argument '", result.unmatched()[0], "'"));
    }
    flags.help = result.count("help") > 0;
    flags.names = result.count("names") > 0;
    flags.help_text = options.help();
    return absl::OkStatus();
  });
}

}  // namespace

int RunRulesets(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  RulesetsFlags flags;
  const int code = ReportFlags("rulesets", ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  for (const RulesetInfo& info : ListRulesets()) {
    if (flags.names) {
      out << info.name << "\n";
      continue;
    }
    out << info.name << (info.name == DefaultRulesetName() ? " (default)" : "") << ": "
        << info.description << "\n";
    for (const ParamDef& param : info.params) {
      out << "  " << param.name << ": " << param.description << " (" << param.Describe() << ")\n";
    }
    out << "  bot playouts: "
        << (info.playout_cutoff > 0
                ? absl::StrCat("cut after ", info.playout_cutoff, " steps for the evaluator")
                : std::string("to the end of the game"))
        << (info.normalized_ucb_values ? "; UCB on normalized values" : "") << "\n";
  }
  return kExitOk;
}

}  // namespace sandtable
