// `sandtable perft`: the command line of the tree count in tools/perft.h, with a progress
// line and an optional split below each root branch (--divide).
#ifndef SANDTABLE_TOOLS_CLI_PERFT_H_
#define SANDTABLE_TOOLS_CLI_PERFT_H_

#include <ostream>

namespace sandtable {

int RunPerft(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_PERFT_H_
