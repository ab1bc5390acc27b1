// quick speed: legal-action generation, Apply, state copies, determinization and full
// uniform-random playouts from the default start (the search's inner loop). Run:
//   build/<dir>/bench/quick_bench
#include <memory>
#include <vector>

#include "benchmark/benchmark.h"
#include "engine/chance.h"
#include "engine/rng.h"
#include "rulesets/quick/quick.h"

namespace sandtable {
namespace {

using State = QuickGame::State;

std::shared_ptr<const QuickGame> DefaultGame() {
  static const std::shared_ptr<const QuickGame> game = *QuickGame::CreateFromStrings({}, "");
  return game;
}

// Both players' uniform-random choices at a simultaneous node.
JointAction RandomJoint(const QuickGame& game, const State& state, Rng& rng) {
  JointAction joint;
  ActionList actions;
  for (Player p = 0; p < kNumPlayers; ++p) {
    game.LegalActions(state, p, actions);
    joint[p] = actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
  }
  return joint;
}

// One uniform-random game to the end; returns the number of actions applied.
int Playout(const QuickGame& game, State state, Rng& rng) {
  ActionList actions;
  ChanceList outcomes;
  int steps = 0;
  for (;;) {
    const NodeKind kind = game.Kind(state);
    if (kind == NodeKind::kTerminal) break;
    if (kind == NodeKind::kSimultaneous) {
      game.ApplyJoint(state, RandomJoint(game, state, rng));
      ++steps;
      continue;
    }
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
std::vector<State> SampleDecisionStates(const QuickGame& game, int count) {
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
    if (kind == NodeKind::kSimultaneous) {
      game.ApplyJoint(state, RandomJoint(game, state, rng));
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

// A sample of the opponent's hidden Hand for the player to move (once per search iteration).
void BM_Determinize(benchmark::State& bench) {
  const auto game = DefaultGame();
  const std::vector<State> states = SampleDecisionStates(*game, 4096);
  Rng rng(5);
  size_t i = 0;
  for (auto _ : bench) {
    const State& s = states[i++ & 4095];
    State sample = game->Determinize(s, game->CurrentPlayer(s), rng);
    benchmark::DoNotOptimize(sample);
  }
}
BENCHMARK(BM_Determinize);

}  // namespace
}  // namespace sandtable
