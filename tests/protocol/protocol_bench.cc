// Google Benchmark figures for the protocol layer (not a test; run by hand):
//   protocol_bench --benchmark_filter=. --benchmark_min_time=1
// LibrarySearch vs ProtocolGo: the same deterministic search (quickplay start, 1 thread)
// called directly and through `go iterations N` until `bestmove`; their ratio is the
// protocol's overhead. StopLatency / IsreadyLatency: from handing `stop` / `isready` to the
// session during `go infinite` until `bestmove` / `readyok` is out.
#include <benchmark/benchmark.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "tools/protocol.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

constexpr int64_t kIterations = 20000;

class Waiter {
 public:
  void Line(std::string_view line) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (line.rfind("info iterations ", 0) == 0) {
      const size_t at = line.find(" time ");
      search_ms_ = std::stod(std::string(line.substr(at + 6)));
    }
    if (line.rfind(target_, 0) == 0) {
      seen_ = true;
      at_ = std::chrono::steady_clock::now();
      cv_.notify_all();
    }
  }
  void Expect(std::string prefix) {
    std::lock_guard<std::mutex> lock(mutex_);
    target_ = std::move(prefix);
    seen_ = false;
  }
  // The search's own time on the last `info iterations` line, in ms.
  double search_ms() {
    std::lock_guard<std::mutex> lock(mutex_);
    return search_ms_;
  }
  std::chrono::steady_clock::time_point Wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait(lock, [this] { return seen_; });
    return at_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::string target_ = "\x01";
  double search_ms_ = 0;
  bool seen_ = false;
  std::chrono::steady_clock::time_point at_;
};

std::unique_ptr<ProtocolSession> NewSession(Waiter& waiter) {
  auto session = std::make_unique<ProtocolSession>(
      [](std::string_view spec, std::string_view scenario) { return CreateGame(spec, scenario); },
      [&waiter](std::string_view line) { waiter.Line(line); }, DefaultRulesetName());
  session->HandleLine("setoption name Deterministic value true");
  return session;
}

void LibrarySearch(benchmark::State& state) {
  const std::shared_ptr<const Game> game = *CreateGame(DefaultRulesetName());
  const std::unique_ptr<Position> position = game->NewInitialPosition();
  SearchOptions options;
  options.deterministic = true;
  options.max_iterations = kIterations;
  for (auto _ : state) {
    std::unique_ptr<Search> search = game->NewSearch(options);
    const SearchResult result = search->Run(*position, position->CurrentPlayer());
    benchmark::DoNotOptimize(result.best_action);
  }
}
BENCHMARK(LibrarySearch)->Unit(benchmark::kMillisecond)->UseRealTime();

void ProtocolGo(benchmark::State& state) {
  Waiter waiter;
  std::unique_ptr<ProtocolSession> session = NewSession(waiter);
  const std::string go = "go iterations " + std::to_string(kIterations);
  double wall_ms = 0;
  double search_ms = 0;
  for (auto _ : state) {
    waiter.Expect("bestmove ");
    const auto start = std::chrono::steady_clock::now();
    session->HandleLine(go);
    const auto end = waiter.Wait();
    wall_ms += std::chrono::duration<double, std::milli>(end - start).count();
    search_ms += waiter.search_ms();
  }
  // What the protocol adds around the search itself (thread, copies, formatting, output):
  // wall time from handing over `go` to `bestmove`, less the time the search reports.
  state.counters["overhead_pct"] = 100 * (wall_ms - search_ms) / search_ms;
}
BENCHMARK(ProtocolGo)->Unit(benchmark::kMillisecond)->UseRealTime();

// Manual timing: only the answer's latency counts, not the search before it.
void Latency(benchmark::State& state, const char* command, const char* answer) {
  Waiter waiter;
  std::unique_ptr<ProtocolSession> session = NewSession(waiter);
  for (auto _ : state) {
    session->HandleLine("go infinite");
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    waiter.Expect(answer);
    const auto start = std::chrono::steady_clock::now();
    session->HandleLine(command);
    const auto end = waiter.Wait();
    state.SetIterationTime(std::chrono::duration<double>(end - start).count());
    session->HandleLine("stop");
  }
}
void StopLatency(benchmark::State& state) { Latency(state, "stop", "bestmove "); }
void IsreadyLatency(benchmark::State& state) { Latency(state, "isready", "readyok"); }
BENCHMARK(StopLatency)->UseManualTime()->Unit(benchmark::kMicrosecond)->Iterations(10);
BENCHMARK(IsreadyLatency)->UseManualTime()->Unit(benchmark::kMicrosecond)->Iterations(10);

}  // namespace
}  // namespace sandtable

BENCHMARK_MAIN();
