#include "tools/progress_line.h"

#include <utility>

namespace sandtable {

ProgressLine::ProgressLine(std::ostream& err, const TerminalStyle& style,
                           std::function<std::string()> describe,
                           std::chrono::milliseconds interval)
    : err_(err),
      style_(style),
      describe_(std::move(describe)),
      interval_(interval),
      thread_([this] { Run(); }) {}

ProgressLine::~ProgressLine() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
  }
  done_changed_.notify_one();
  thread_.join();
  // A colour terminal clears the line; elsewhere the last progress line is ended.
  if (shown_.load() > 0) err_ << (style_.colour() ? style_.ClearLine() : "\n") << std::flush;
}

void ProgressLine::Run() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!done_changed_.wait_for(lock, interval_, [this] { return done_; })) {
    err_ << style_.ClearLine() << describe_() << std::flush;
    shown_.fetch_add(1);
  }
}

}  // namespace sandtable
