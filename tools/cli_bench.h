// `sandtable bench`: random playouts per second, or (--search) fixed-seed searches over a
// fixed position set per ruleset ending in a node-count signature that changes whenever
// search behaviour changes (like Stockfish's bench).
#ifndef SANDTABLE_TOOLS_CLI_BENCH_H_
#define SANDTABLE_TOOLS_CLI_BENCH_H_

#include <memory>
#include <ostream>
#include <vector>

#include "tools/game.h"

namespace sandtable {

// `count` positions where someone decides, reached deterministically by seeded random play
// from the initial position: position i is taken at fraction i/count of its own game.
std::vector<std::unique_ptr<Position>> BenchPositions(const Game& game, int count);

int RunBench(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_BENCH_H_
