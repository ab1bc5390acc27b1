#include "tools/search_bench.h"

#include <utility>

#include "engine/chance.h"
#include "engine/check.h"
#include "engine/rng.h"

namespace sandtable {
namespace {

constexpr uint64_t kBenchSeed = 20240601;
constexpr int kBenchPositionsPerRuleset = 6;

// One step of a uniformly random game: a random decision or joint choice, or a chance
// outcome drawn by its probability. The position must not be terminal.
void RandomStep(Position& position, Rng& rng) {
  switch (position.Kind()) {
    case NodeKind::kChance:
      position.Apply(SampleChance(position.ChanceOutcomes(), rng));
      return;
    case NodeKind::kDecision: {
      const ActionList actions = position.LegalActions(position.CurrentPlayer());
      position.Apply(actions[static_cast<int>(rng.Below(actions.size()))]);
      return;
    }
    case NodeKind::kSimultaneous: {
      const ActionList first = position.LegalActions(0);
      const ActionList second = position.LegalActions(1);
      position.ApplyJoint({first[static_cast<int>(rng.Below(first.size()))],
                           second[static_cast<int>(rng.Below(second.size()))]});
      return;
    }
    case NodeKind::kTerminal:
      CHECK(false);
  }
}

}  // namespace

std::vector<std::unique_ptr<Position>> BenchPositions(const Game& game, int count) {
  std::vector<std::unique_ptr<Position>> chosen;
  for (int i = 0; i < count; ++i) {
    Rng rng(kBenchSeed, static_cast<uint64_t>(i));
    std::unique_ptr<Position> position = game.NewInitialPosition();
    std::vector<std::unique_ptr<Position>> decisions;
    while (position->Kind() != NodeKind::kTerminal) {
      if (position->Kind() != NodeKind::kChance) decisions.push_back(position->Clone());
      RandomStep(*position, rng);
    }
    if (decisions.empty()) continue;
    chosen.push_back(std::move(decisions[decisions.size() * i / count]));
  }
  return chosen;
}

SearchBenchTotals SearchBench(
    const Game& game, int64_t iterations, int threads,
    const std::function<SearchResult(Search&, const Position&, Player)>& run,
    const std::function<void(int index, const Position&, Player, const SearchResult&)>&
        on_position) {
  SearchBenchTotals totals;
  const std::vector<std::unique_ptr<Position>> positions =
      BenchPositions(game, kBenchPositionsPerRuleset);
  for (size_t i = 0; i < positions.size() && !totals.stopped; ++i) {
    const Position& position = *positions[i];
    SearchOptions options;
    options.seed = kBenchSeed;
    options.threads = threads;
    options.deterministic = true;
    options.max_iterations = iterations;
    const Player player =
        position.Kind() == NodeKind::kDecision ? position.CurrentPlayer() : Player{0};
    const std::unique_ptr<Search> search = game.NewSearch(options);
    const SearchResult result = run(*search, position, player);
    on_position(static_cast<int>(i), position, player, result);
    ++totals.positions;
    totals.iterations += result.iterations;
    totals.seconds += result.seconds;
    totals.signature += result.tree_edges;
    totals.stopped = result.stopped;
  }
  return totals;
}

}  // namespace sandtable
