// The search benchmark: fixed-seed searches over a fixed position set per ruleset ending in
// a node-count signature that changes whenever search behaviour changes (like Stockfish's
// bench). `sandtable bench --search` and the protocol's `bench` both run it, so the two sign
// alike; tests/search/bench_signature.txt records the value.
#ifndef SANDTABLE_TOOLS_SEARCH_BENCH_H_
#define SANDTABLE_TOOLS_SEARCH_BENCH_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "tools/game.h"

namespace sandtable {

// Search iterations per bench position unless asked otherwise.
inline constexpr int64_t kSearchBenchIterations = 2000;

// The search benchmark's totals over one game's positions.
struct SearchBenchTotals {
  int positions = 0;
  int64_t iterations = 0;
  double seconds = 0;
  int64_t signature = 0;  // the sum of the trees' node counts
  bool stopped = false;   // a search was stopped: the totals are partial
};

// The search benchmark of `game`: a deterministic search with a fixed seed on each of
// BenchPositions(game, 6) in turn, for the player to move (player 0 at a simultaneous node).
// Deterministic mode makes the signature independent of `threads` and of timing. `run` runs
// one search (a caller may make it stoppable); `on_position` hears each result. Stops after
// a stopped search.
SearchBenchTotals SearchBench(
    const Game& game, int64_t iterations, int threads,
    const std::function<SearchResult(Search&, const Position&, Player)>& run,
    const std::function<void(int index, const Position&, Player, const SearchResult&)>&
        on_position);

// `count` positions where someone decides, reached deterministically by seeded random play
// from the initial position: position i is taken at fraction i/count of its own game.
std::vector<std::unique_ptr<Position>> BenchPositions(const Game& game, int count);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_SEARCH_BENCH_H_
