// `sandtable odds`: the command line of tools/odds.h, printing the exact distribution of
// what one move leads to as a table or JSON.
#ifndef SANDTABLE_TOOLS_CLI_ODDS_H_
#define SANDTABLE_TOOLS_CLI_ODDS_H_

#include <ostream>

namespace sandtable {

int RunOdds(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_ODDS_H_
