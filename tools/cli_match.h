// `sandtable match`: bot against bot with sides alternated and paired seeds; a progress bar
// on stderr, then wins/draws/losses, score, Elo difference with a 95% interval and an
// optional SPRT; --json writes one line per game; --shard K/M plays one shard of the pairs.
#ifndef SANDTABLE_TOOLS_CLI_MATCH_H_
#define SANDTABLE_TOOLS_CLI_MATCH_H_

#include <ostream>
#include <string>

namespace sandtable {

int RunMatch(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_MATCH_H_
