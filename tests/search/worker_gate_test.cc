#include "search/worker_gate.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace sandtable::search_internal {
namespace {

TEST(WorkerGateTest, WorkersThatHaveNotEnteredDoNotBlock) {
  // A thread pool may run the loop's bodies one after another on one thread.
  WorkerGate gate;
  gate.Enter();
  bool ran = false;
  gate.RunExclusive([&] { ran = true; });
  EXPECT_TRUE(ran);
  EXPECT_FALSE(gate.PauseRequested());
  gate.Leave();
}

TEST(WorkerGateTest, NoWorkerRunsWhileOneRunsExclusively) {
  constexpr int kWorkers = 4;
  constexpr int kRounds = 20;
  WorkerGate gate;
  std::atomic<int64_t> work{0};
  std::atomic<int> exclusive_now{0};
  std::atomic<int> exclusive_runs{0};
  std::atomic<int> overlaps{0};
  std::atomic<int> done{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < kWorkers; ++w) {
    threads.emplace_back([&, w] {
      gate.Enter();
      for (int round = 0; round < kRounds || done.load() < kWorkers; ++round) {
        if (round == kRounds) done.fetch_add(1);
        work.fetch_add(1);  // the other workers keep working unless the gate stops them
        if (gate.PauseRequested()) gate.Wait();
        if (round < kRounds && round % kWorkers == w) {
          gate.RunExclusive([&] {
            if (exclusive_now.fetch_add(1) != 0) overlaps.fetch_add(1);
            const int64_t before = work.load();
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            if (work.load() != before) overlaps.fetch_add(1);
            exclusive_now.fetch_sub(1);
            exclusive_runs.fetch_add(1);
          });
        }
      }
      gate.Leave();
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(overlaps.load(), 0);
  EXPECT_GT(exclusive_runs.load(), 0);
}

}  // namespace
}  // namespace sandtable::search_internal
