// Lets the fast-mode workers stop together while one of them does something that no other
// worker may overlap (growing the node table moves every node), without leaving the
// parallel loop: leaving and re-entering it costs a worker wake-up, about 0.1 ms here, per
// growth.
//
// A worker is inside the gate from Enter to Leave and checks PauseRequested between
// iterations. Workers that have not entered yet do not count, so this works however many
// of the loop's bodies the thread pool actually runs at once.
#ifndef SANDTABLE_SEARCH_WORKER_GATE_H_
#define SANDTABLE_SEARCH_WORKER_GATE_H_

#include <atomic>
#include <thread>

namespace sandtable::search_internal {

class WorkerGate {
 public:
  // Waits while another worker runs exclusively, then enters.
  void Enter() {
    while (true) {
      while (pausing_.load(std::memory_order_acquire)) std::this_thread::yield();
      // With the seq_cst pair in RunExclusive: either the pausing worker sees this worker
      // inside, or this worker sees the pause and backs out.
      inside_.fetch_add(1, std::memory_order_seq_cst);
      if (!pausing_.load(std::memory_order_seq_cst)) return;
      inside_.fetch_sub(1, std::memory_order_seq_cst);
    }
  }
  void Leave() { inside_.fetch_sub(1, std::memory_order_seq_cst); }

  // Whether a worker waits to run exclusively: call Wait.
  bool PauseRequested() const { return pausing_.load(std::memory_order_relaxed); }
  void Wait() {
    Leave();
    Enter();
  }

  // From inside: runs `exclusive` once every other worker has left or waits at Enter, and
  // returns inside. If another worker is already about to run its own, waits for that one
  // instead and does not run `exclusive` (its caller checks again whether it is needed).
  template <typename F>
  void RunExclusive(F&& exclusive) {
    Leave();
    bool expected = false;
    if (pausing_.compare_exchange_strong(expected, true, std::memory_order_seq_cst)) {
      while (inside_.load(std::memory_order_seq_cst) != 0) std::this_thread::yield();
      exclusive();
      pausing_.store(false, std::memory_order_release);
    }
    Enter();
  }

 private:
  std::atomic<bool> pausing_{false};
  std::atomic<int> inside_{0};
};

}  // namespace sandtable::search_internal

#endif  // SANDTABLE_SEARCH_WORKER_GATE_H_
