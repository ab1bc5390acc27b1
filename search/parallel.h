// Runs the search's parallel loops: oneTBB normally; std::thread under ThreadSanitizer,
// because Debian's libtbb is not instrumented: TSan cannot see its synchronization and
// reports oneTBB's own task objects (and data handed over at its joins) as races. The
// search's shared-tree synchronization, which TSan is there to check, is the same in both.
#ifndef SANDTABLE_SEARCH_PARALLEL_H_
#define SANDTABLE_SEARCH_PARALLEL_H_

#include <algorithm>
#include <memory>
#include <thread>
#include <vector>

#if defined(__SANITIZE_THREAD__)
#define SANDTABLE_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SANDTABLE_TSAN 1
#endif
#endif

#ifndef SANDTABLE_TSAN
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>
#endif

namespace sandtable::search_internal {

class ParallelRunner {
 public:
  explicit ParallelRunner(int threads) : threads_(std::max(1, threads)) {
#ifndef SANDTABLE_TSAN
    // More threads than the machine has only add contention (and oneTBB warns).
    threads_ = std::min(threads_, std::max(1, tbb::info::default_concurrency()));
    if (threads_ > 1) arena_ = std::make_unique<tbb::task_arena>(threads_);
#endif
  }

  // Calls body(i) for every i in [0, count), up to `threads` at once, and waits for all.
  template <typename Body>
  void For(int count, const Body& body) {
    if (threads_ == 1 || count <= 1) {
      for (int i = 0; i < count; ++i) body(i);
      return;
    }
#ifdef SANDTABLE_TSAN
    const int workers = std::min(threads_, count);
    std::vector<std::thread> threads;
    for (int t = 1; t < workers; ++t) {
      threads.emplace_back([&, t] {
        for (int i = t; i < count; i += workers) body(i);
      });
    }
    for (int i = 0; i < count; i += workers) body(i);
    for (std::thread& thread : threads) thread.join();
#else
    arena_->execute([&] {
      tbb::parallel_for(
          0, count, 1, [&](int i) { body(i); }, tbb::static_partitioner());
    });
#endif
  }

 private:
  int threads_;
#ifndef SANDTABLE_TSAN
  std::unique_ptr<tbb::task_arena> arena_;
#endif
};

}  // namespace sandtable::search_internal

#endif  // SANDTABLE_SEARCH_PARALLEL_H_
