// `sandtable serve`: the board in the browser (docs/web.md).
#ifndef SANDTABLE_TOOLS_CLI_SERVE_H_
#define SANDTABLE_TOOLS_CLI_SERVE_H_

#include <ostream>

namespace sandtable {

// argv[0] is "serve". Serves until killed; exit codes 2 (bad flags), 1 (cannot listen).
int RunServe(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_SERVE_H_
