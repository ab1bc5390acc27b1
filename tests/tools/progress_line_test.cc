// The progress line: quiet for short work, rewritten in place for long work, ended at the
// end.
#include "tools/progress_line.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

namespace sandtable {
namespace {

using ::testing::EndsWith;
using ::testing::StartsWith;

TEST(ProgressLineTest, WorkShorterThanTheIntervalShowsNothing) {
  std::ostringstream err;
  {
    ProgressLine progress(
        err, TerminalStyle(false), [] { return std::string("busy"); }, std::chrono::hours(1));
  }
  EXPECT_EQ(err.str(), "");
}

TEST(ProgressLineTest, LongWorkRewritesOneLineAndEndsIt) {
  std::ostringstream err;
  {
    ProgressLine progress(
        err, TerminalStyle(false), [] { return std::string("busy"); },
        std::chrono::milliseconds(1));
    // Waits for two reports (however slowly the reporting thread is scheduled).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (progress.shown() < 2 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_GE(progress.shown(), 2);
  }
  // Read after the reporting thread has been joined.
  EXPECT_THAT(err.str(), StartsWith("\rbusy\rbusy"));
  EXPECT_THAT(err.str(), EndsWith("busy\n"));
}

}  // namespace
}  // namespace sandtable
