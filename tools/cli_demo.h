// `sandtable demo`: shows the default position and plays one seeded game to the end,
// printing every step and the board after each turn (a run of one player's decisions and
// the chance they cause), then the result and score.
#ifndef SANDTABLE_TOOLS_CLI_DEMO_H_
#define SANDTABLE_TOOLS_CLI_DEMO_H_

#include <ostream>

namespace sandtable {

int RunDemo(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_DEMO_H_
