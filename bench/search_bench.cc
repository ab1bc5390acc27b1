// Search throughput: iterations per second of the searcher from a game's start (after the
// deal), 10,000 iterations per search, uniform random rollouts, fast mode, 1 and 2 threads.
// Counters: it/s (iterations per second of wall time), bytes/node, nodes.
// BM_Speedup_*: the two-thread speed-up from alternating 1- and 2-thread searches, beside
// what the machine gives to perfectly parallel work at the same time.
#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "engine/rng.h"
#include "rulesets/reference/goofspiel.h"
#include "rulesets/reference/liars_dice.h"
#include "search/parallel.h"
#include "search/searcher.h"
#if __has_include("rulesets/quickplay/quickplay.h")
#include "rulesets/quickplay/quickplay.h"
#define SANDTABLE_BENCH_QUICKPLAY 1
#endif

namespace sandtable {
namespace {

constexpr int64_t kIterations = 10000;

// The first decision node of `game`, chance outcomes drawn with a fixed seed.
template <typename G>
typename G::State FirstDecision(const G& game) {
  typename G::State state = game.InitialState();
  Rng rng(2024, 0);
  ChanceList outcomes;
  while (game.Kind(state) == NodeKind::kChance) {
    game.ChanceOutcomes(state, outcomes);
    game.Apply(state, outcomes[static_cast<int>(rng.Below(outcomes.size()))].outcome);
  }
  return state;
}

template <typename G>
void RunSearches(benchmark::State& bench, const G& game) {
  const typename G::State root = FirstDecision(game);
  const Player player = game.Kind(root) == NodeKind::kDecision ? game.CurrentPlayer(root) : 0;
  SearchOptions options;
  options.max_iterations = kIterations;
  options.threads = static_cast<int>(bench.range(0));
  int64_t iterations = 0;
  SearchResult last;
  uint64_t seed = 0;
  for (auto _ : bench) {
    options.seed = seed++;
    Searcher<G> searcher(game, options);
    last = searcher.Search(root, player);
    iterations += last.iterations;
  }
  bench.counters["it/s"] =
      benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
  bench.counters["nodes"] = static_cast<double>(last.tree_nodes);
  bench.counters["edges"] = static_cast<double>(last.tree_edges);
  bench.counters["bytes/node"] = last.bytes_per_node;
  bench.counters["bytes/edge"] = last.bytes_per_edge;
  bench.counters["tree MB"] = last.tree_bytes / 1048576.0;
}

void BM_LiarsDice1(benchmark::State& bench) { RunSearches(bench, LiarsDice(1, 6)); }
void BM_LiarsDice5(benchmark::State& bench) { RunSearches(bench, LiarsDice(5, 6)); }
void BM_Goofspiel13(benchmark::State& bench) { RunSearches(bench, Goofspiel(13, false)); }
void BM_Goofspiel13TurnBased(benchmark::State& bench) { RunSearches(bench, Goofspiel(13, true)); }

// Real time: with 2 threads the CPU time of the calling thread says nothing.
BENCHMARK(BM_LiarsDice1)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LiarsDice5)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Goofspiel13)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Goofspiel13TurnBased)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// Work that two cores should do twice as fast as one: `steps` random updates of a private
// 64 KB table (in the core's own caches), split evenly over `threads` workers started the
// way the searcher starts its workers (search/parallel.h). Every step costs the same
// (no data-dependent branches), so the halves take equally long.
double TimedControl(int threads, int64_t steps, uint64_t seed) {
  const auto start = std::chrono::steady_clock::now();
  search_internal::ParallelRunner runner(threads);
  runner.For(threads, [&](int worker) {
    std::vector<uint32_t> table(16384, 1);
    Rng rng(seed, static_cast<uint64_t>(worker));
    uint64_t sum = 0;
    for (int64_t i = 0; i < steps / threads; ++i) {
      uint32_t& cell = table[rng.Below(16384)];
      cell = cell * 3 + static_cast<uint32_t>(i);
      sum += cell;
    }
    benchmark::DoNotOptimize(sum);
  });
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The speed of a shared machine drifts by tens of percent within seconds, which makes the
// ratio of two separately run benchmarks noisy. Here every benchmark iteration runs, back to
// back, one search on 1 thread, the same search on 2 threads, two independent 1-thread
// searches at once (one on a second std::thread), and the control work above on 1 and on
// 2 threads, sized to last as long as a 1-thread search (arg: iterations per search).
// speedup = 1-thread time / 2-thread time.
// host = the same ratio for the control work: what this machine gives at that moment to
// work that shares nothing, not even cache, started the same way. speedup / host is the
// searcher's own efficiency.
// ceiling = 2 x 1-thread time / time of the independent pair: what two searches that share
// no tree, but the last-level cache and memory (two trees' worth), get.
template <typename G>
void RunSpeedup(benchmark::State& bench, const G& game) {
  const typename G::State root = FirstDecision(game);
  const Player player = game.Kind(root) == NodeKind::kDecision ? game.CurrentPlayer(root) : 0;
  SearchOptions options;
  options.max_iterations = bench.range(0);
  const auto timed_search = [&](int threads, uint64_t seed) {
    SearchOptions o = options;
    o.threads = threads;
    o.seed = seed;
    const auto start = std::chrono::steady_clock::now();
    Searcher<G> searcher(game, o);
    const int64_t iterations = searcher.Search(root, player).iterations;
    benchmark::DoNotOptimize(iterations);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  // Control steps per second of one thread, and a 1-thread search's time (also a warm-up).
  constexpr int64_t kCalibrationSteps = 1 << 22;
  const double control_rate = kCalibrationSteps / TimedControl(1, kCalibrationSteps, 0);
  double search_seconds = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) search_seconds += timed_search(1, seed) / 3;
  const auto control_steps = static_cast<int64_t>(control_rate * search_seconds);
  double one = 0;
  double two = 0;
  double pair = 0;
  double control_one = 0;
  double control_two = 0;
  uint64_t seed = 0;
  for (auto _ : bench) {
    ++seed;
    one += timed_search(1, seed);
    two += timed_search(2, seed);
    const auto start = std::chrono::steady_clock::now();
    std::thread other([&] { timed_search(1, seed + (uint64_t{1} << 32)); });
    timed_search(1, seed);
    other.join();
    pair += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    control_one += TimedControl(1, control_steps, seed);
    control_two += TimedControl(2, control_steps, seed);
  }
  const double iterations = static_cast<double>(options.max_iterations * bench.iterations());
  bench.counters["speedup"] = one / two;
  bench.counters["host"] = control_one / control_two;
  bench.counters["ceiling"] = 2 * one / pair;
  bench.counters["it/s 1T"] = iterations / one;
  bench.counters["it/s 2T"] = iterations / two;
}

void BM_Speedup_LiarsDice1(benchmark::State& bench) { RunSpeedup(bench, LiarsDice(1, 6)); }
void BM_Speedup_LiarsDice5(benchmark::State& bench) { RunSpeedup(bench, LiarsDice(5, 6)); }
void BM_Speedup_Goofspiel13(benchmark::State& bench) { RunSpeedup(bench, Goofspiel(13, false)); }
BENCHMARK(BM_Speedup_LiarsDice1)
    ->Arg(10000)
    ->Arg(100000)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Speedup_LiarsDice5)
    ->Arg(10000)
    ->Arg(100000)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Speedup_Goofspiel13)
    ->Arg(10000)
    ->Arg(100000)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// Stop latency: an unlimited 2-thread search on liars_dice 5 dice is stopped from another
// thread after 20 ms; the time measured is from Stop() to Search() returning.
void BM_StopLatency(benchmark::State& bench) {
  const LiarsDice game(5, 6);
  const LiarsDice::State root = FirstDecision(game);
  SearchOptions options;
  options.threads = 2;
  double worst_ms = 0;
  for (auto _ : bench) {
    Searcher<LiarsDice> searcher(game, options);
    std::chrono::steady_clock::time_point stopped;
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      stopped = std::chrono::steady_clock::now();
      searcher.Stop();
    });
    searcher.Search(root, 0);
    const auto returned = std::chrono::steady_clock::now();
    stopper.join();
    const double seconds = std::chrono::duration<double>(returned - stopped).count();
    worst_ms = std::max(worst_ms, seconds * 1000);
    bench.SetIterationTime(seconds);
  }
  bench.counters["worst_ms"] = worst_ms;
}
BENCHMARK(BM_StopLatency)->UseManualTime()->Unit(benchmark::kMicrosecond)->Iterations(20);

#ifdef SANDTABLE_BENCH_QUICKPLAY
// The default quickplay ruleset and scenario.
const QuickplayGame& DefaultQuickplay() {
  static const std::shared_ptr<const QuickplayGame> game = [] {
    auto params = Params::Resolve(QuickplayGame::ParamDefs(), {});
    CHECK(params.ok());
    auto created = QuickplayGame::Create(*params, "");
    CHECK(created.ok());
    return *std::move(created);
  }();
  return *game;
}

void BM_QuickplayOpening(benchmark::State& bench) { RunSearches(bench, DefaultQuickplay()); }
BENCHMARK(BM_QuickplayOpening)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_Speedup_QuickplayOpening(benchmark::State& bench) { RunSpeedup(bench, DefaultQuickplay()); }
BENCHMARK(BM_Speedup_QuickplayOpening)->Arg(10000)->UseRealTime()->Unit(benchmark::kMillisecond);
#endif

}  // namespace
}  // namespace sandtable
