// doubletap speed: legal-action generation, Apply, state copies, and full uniform-random
// playouts from the default start (the search's inner loop). Run:
//   build/<dir>/bench/doubletap_bench
#include <memory>
#include <vector>

#include "benchmark/benchmark.h"
#include "engine/chance.h"
#include "engine/rng.h"
#include "rulesets/doubletap/doubletap.h"

namespace sandtable {
namespace {

using State = DoubletapGame::State;

std::shared_ptr<const DoubletapGame> DefaultGame() {
  static const std::shared_ptr<const DoubletapGame> game =
      *DoubletapGame::CreateFromStrings({}, "");
  return game;
}

// One uniform-random game to the end; returns the number of actions applied.
int Playout(const DoubletapGame& game, State state, Rng& rng) {
  ActionList actions;
  ChanceList outcomes;
  int steps = 0;
  for (;;) {
    const NodeKind kind = game.Kind(state);
    if (kind == NodeKind::kTerminal) break;
    Action action;
    if (kind == NodeKind::kChance) {
      game.ChanceOutcomes(state, outcomes);
      action = SampleChance(outcomes, rng);
    } else {
      game.LegalActions(state, game.CurrentPlayer(state), actions);
      action = actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
    }
    game.Apply(state, action);
    ++steps;
  }
  return steps;
}

// A sample of decision states met in random games, for the per-call benchmarks.
std::vector<State> SampleDecisionStates(const DoubletapGame& game, int count) {
  std::vector<State> states;
  Rng rng(7);
  State state = game.InitialState();
  ActionList actions;
  ChanceList outcomes;
  while (static_cast<int>(states.size()) < count) {
    const NodeKind kind = game.Kind(state);
    if (kind == NodeKind::kTerminal) {
      state = game.InitialState();
      continue;
    }
    if (kind == NodeKind::kChance) {
      game.ChanceOutcomes(state, outcomes);
      game.Apply(state, SampleChance(outcomes, rng));
      continue;
    }
    states.push_back(state);
    game.LegalActions(state, game.CurrentPlayer(state), actions);
    game.Apply(state, actions[static_cast<int>(rng.Below(actions.size()))]);
  }
  return states;
}

void BM_RandomPlayout(benchmark::State& bench) {
  const auto game = DefaultGame();
  const State start = game->InitialState();
  Rng rng(1);
  int64_t steps = 0;
  for (auto _ : bench) {
    steps += Playout(*game, start, rng);
  }
  bench.counters["games/s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["actions/game"] =
      static_cast<double>(steps) / static_cast<double>(bench.iterations());
  bench.counters["state_bytes"] = sizeof(State);
}
BENCHMARK(BM_RandomPlayout);

void BM_LegalActions(benchmark::State& bench) {
  const auto game = DefaultGame();
  const std::vector<State> states = SampleDecisionStates(*game, 4096);
  ActionList actions;
  size_t i = 0;
  int64_t total = 0;
  for (auto _ : bench) {
    const State& s = states[i++ & 4095];
    game->LegalActions(s, game->CurrentPlayer(s), actions);
    total += actions.size();
    benchmark::DoNotOptimize(actions.data());
  }
  bench.counters["actions/call"] =
      static_cast<double>(total) / static_cast<double>(bench.iterations());
}
BENCHMARK(BM_LegalActions);

void BM_Apply(benchmark::State& bench) {
  const auto game = DefaultGame();
  const std::vector<State> states = SampleDecisionStates(*game, 4096);
  std::vector<Action> chosen;
  Rng rng(3);
  for (const State& s : states) {
    ActionList actions;
    game->LegalActions(s, game->CurrentPlayer(s), actions);
    chosen.push_back(actions[static_cast<int>(rng.Below(actions.size()))]);
  }
  size_t i = 0;
  for (auto _ : bench) {
    const size_t k = i++ & 4095;
    State s = states[k];
    game->Apply(s, chosen[k]);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_Apply);

void BM_StateCopy(benchmark::State& bench) {
  const auto game = DefaultGame();
  const std::vector<State> states = SampleDecisionStates(*game, 4096);
  size_t i = 0;
  for (auto _ : bench) {
    State copy = states[i++ & 4095];
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_StateCopy);

}  // namespace
}  // namespace sandtable
