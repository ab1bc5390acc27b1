// A progress line for long work on one thread: another thread asks `describe` every
// `interval` and writes its text to `err`, rewritten in place ("\r", or clear-line on a
// colour terminal). Nothing is written before the first interval, so short work stays
// quiet; when the work ends (the destructor) a shown line is ended.
#ifndef SANDTABLE_TOOLS_PROGRESS_LINE_H_
#define SANDTABLE_TOOLS_PROGRESS_LINE_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include "tools/terminal.h"

namespace sandtable {

class ProgressLine {
 public:
  // `describe` runs on the reporting thread: it may read only what is safe to read there
  // (atomics).
  ProgressLine(std::ostream& err, const TerminalStyle& style, std::function<std::string()> describe,
               std::chrono::milliseconds interval = std::chrono::milliseconds(500));
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // How many times the line has been written so far.
  int shown() const { return shown_.load(); }

 private:
  void Run();

  std::ostream& err_;
  const TerminalStyle style_;
  const std::function<std::string()> describe_;
  const std::chrono::milliseconds interval_;
  std::mutex mutex_;
  std::condition_variable done_changed_;
  bool done_ = false;
  std::atomic<int> shown_{0};
  std::thread thread_;  // last: starts once everything above exists
};

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_PROGRESS_LINE_H_
