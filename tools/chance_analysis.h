// Analysis at a chance node: every way the chance can fall until the next decision,
// simultaneous or terminal node, enumerated exactly (as `odds` does), each resulting
// position searched like a position of its own, and the expectation over them. This is
// what an analyst asks before a roll: "what are my chances, and how do I answer each
// result?"
#ifndef SANDTABLE_TOOLS_CHANCE_ANALYSIS_H_
#define SANDTABLE_TOOLS_CHANCE_ANALYSIS_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/probability.h"
#include "search/search_types.h"
#include "tools/game.h"

namespace sandtable {

// More branches than this are refused: the user gives some outcomes with --moves instead.
inline constexpr int kMaxChanceBranches = 64;

struct ChanceBranch {
  std::vector<std::string> outcomes;   // the chance outcomes on the way, in notation
  Probability probability;             // exact
  std::unique_ptr<Position> position;  // where they lead
  // For a decision or simultaneous node: the search from `position` (for the player to
  // move, or `viewer` at a simultaneous node). Terminal positions are not searched.
  SearchResult search;
  double value = 0;  // for `viewer`: the search's root value, or the return at a terminal
};

struct ChanceAnalysis {
  Player viewer = 0;
  std::vector<ChanceBranch> branches;  // in the order of the ruleset's outcomes
  double expected_value = 0;           // for `viewer`: sum of probability x value
};

// The chance paths from `position` (a chance node) to the next non-chance node. Fails
// beyond kMaxChanceBranches paths.
absl::StatusOr<std::vector<ChanceBranch>> EnumerateChanceBranches(const Position& position);

// Enumerates and searches every branch with `options`; `before_search(i, n)` is called
// before the search of branch i of n (for progress lines).
absl::StatusOr<ChanceAnalysis> AnalyseChance(
    const Position& position, Player viewer, const SearchOptions& options,
    const std::function<void(int, int)>& before_search = nullptr);

std::string ChanceAnalysisText(const Game& game, const Position& position,
                               const ChanceAnalysis& analysis);
std::string ChanceAnalysisJson(const Game& game, const Position& position,
                               const ChanceAnalysis& analysis);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CHANCE_ANALYSIS_H_
