// `sandtable analyse`: one search of one position (or, at a chance node, of every way it
// can fall), printed by tools/analysis_report.h as a table or JSON.
#ifndef SANDTABLE_TOOLS_CLI_ANALYSE_H_
#define SANDTABLE_TOOLS_CLI_ANALYSE_H_

#include <ostream>

namespace sandtable {

int RunAnalyse(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_ANALYSE_H_
