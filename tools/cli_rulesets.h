// `sandtable rulesets`: the registered rulesets and their parameters.
#ifndef SANDTABLE_TOOLS_CLI_RULESETS_H_
#define SANDTABLE_TOOLS_CLI_RULESETS_H_

#include <ostream>

namespace sandtable {

int RunRulesets(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_RULESETS_H_
