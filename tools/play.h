// `sandtable play`: a person plays the bot in the terminal. The board is redrawn after every
// action; the person types actions in the ruleset's notation (`moves` lists them, close
// matches are suggested on a typo); dice are rolled by the engine (seeded) or typed in
// with --dice manual; the bot searches only from its own seat's information and, at a
// simultaneous node, chooses before it is told the person's choice.
#ifndef SANDTABLE_TOOLS_PLAY_H_
#define SANDTABLE_TOOLS_PLAY_H_

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

// The subcommand: argv[0] is "play". Exit codes: 0 (game over or input ended), 2 (bad
// flags), 1 (the game could not be loaded).
int RunPlay(int argc, char** argv);

// The same over explicit streams; `colour` styles the output for a terminal.
int RunPlayWith(int argc, const char* const* argv, std::istream& in, std::ostream& out,
                std::ostream& err, bool colour);

// Up to `limit` of `candidates` closest to `typed` (by edit distance, prefixes first),
// for "did you mean" hints; empty when nothing is reasonably close.
std::vector<std::string> CloseMatches(std::string_view typed,
                                      const std::vector<std::string>& candidates, size_t limit = 5);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_PLAY_H_
