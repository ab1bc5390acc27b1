// Drives a ProtocolSession line by line and collects its output lines, which may also
// arrive from the job thread; waits for asynchronous answers with a deadline.
#ifndef SANDTABLE_TESTS_PROTOCOL_PROTOCOL_HARNESS_H_
#define SANDTABLE_TESTS_PROTOCOL_PROTOCOL_HARNESS_H_

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tests/protocol/pick_claim_game.h"
#include "tools/protocol.h"

namespace sandtable::protocol_test {

// The pick_claim game with the stand-in search.
inline ProtocolSession::GameFactory PickClaimFactory() {
  return [](std::string_view spec,
            std::string_view scenario) -> absl::StatusOr<std::shared_ptr<const Game>> {
    absl::StatusOr<std::shared_ptr<const Game>> game = CreatePickClaimGame(spec, scenario);
    if (!game.ok()) return game.status();
    return WithStandInSearch(*game);
  };
}

class Harness {
 public:
  explicit Harness(ProtocolSession::GameFactory factory = PickClaimFactory(),
                   std::string default_ruleset = "pick_claim")
      : session_(std::make_unique<ProtocolSession>(
            std::move(factory),
            [this](std::string_view line) {
              std::lock_guard<std::mutex> lock(mutex_);
              lines_.emplace_back(line);
              changed_.notify_all();
            },
            std::move(default_ruleset))) {}

  ProtocolSession& session() { return *session_; }

  size_t Mark() {
    std::lock_guard<std::mutex> lock(mutex_);
    return lines_.size();
  }

  // Sends one line and returns the lines it produced before returning.
  std::vector<std::string> Send(std::string_view line) {
    const size_t from = Mark();
    last_result_ = session_->HandleLine(line);
    return LinesFrom(from);
  }
  bool last_result() const { return last_result_; }

  std::vector<std::string> LinesFrom(size_t from) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (from >= lines_.size()) return {};
    return std::vector<std::string>(lines_.begin() + static_cast<long>(from), lines_.end());
  }

  // The first line at index >= from that starts with `prefix`, waiting up to `timeout`.
  std::optional<std::string> WaitFor(std::string_view prefix, size_t from,
                                     std::chrono::milliseconds timeout = std::chrono::seconds(20),
                                     size_t* index = nullptr) {
    std::unique_lock<std::mutex> lock(mutex_);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    size_t i = from;
    while (true) {
      for (; i < lines_.size(); ++i) {
        if (std::string_view(lines_[i]).substr(0, prefix.size()) == prefix) {
          if (index != nullptr) *index = i;
          return lines_[i];
        }
      }
      if (changed_.wait_until(lock, deadline) == std::cv_status::timeout) {
        for (; i < lines_.size(); ++i) {
          if (std::string_view(lines_[i]).substr(0, prefix.size()) == prefix) return lines_[i];
        }
        return std::nullopt;
      }
    }
  }

  // `d`'s "position ..." line.
  std::string PositionString() {
    for (const std::string& line : Send("d")) {
      if (line.rfind("position ", 0) == 0) return line.substr(9);
    }
    return "";
  }
  std::string Kind() {
    for (const std::string& line : Send("d")) {
      if (line.rfind("kind ", 0) == 0) return line.substr(5);
    }
    return "";
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> lines_;
  bool last_result_ = true;
  std::unique_ptr<ProtocolSession> session_;  // last: its sink uses the members above
};

inline bool IsError(const std::string& line) { return line.rfind("info string error ", 0) == 0; }

}  // namespace sandtable::protocol_test

#endif  // SANDTABLE_TESTS_PROTOCOL_PROTOCOL_HARNESS_H_
