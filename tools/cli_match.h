// `sandtable match`: bot against bot with sides alternated and paired seeds; a progress bar
// on stderr, then wins/draws/losses, score, Elo difference with a 95% interval and an
// optional SPRT; --json writes one line per game.
#ifndef SANDTABLE_TOOLS_CLI_MATCH_H_
#define SANDTABLE_TOOLS_CLI_MATCH_H_

#include <ostream>
#include <string>

#include "tools/match/elo.h"

namespace sandtable {

// The summary lines after the games (score, Elo, SPRT when `sprt` is set).
std::string MatchSummary(const MatchScore& score, bool sprt, double elo0, double elo1);

int RunMatch(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_MATCH_H_
