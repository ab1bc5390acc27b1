// Fuzzes match-report's reading of shard files (MergeShards over ParseMatchLine and the JSON
// reader). The input is up to four files separated by NUL bytes. A merge that succeeds holds
// each game once, in index order, within the match, and scores exactly those games; every
// warning is one line. The subcommand itself, reading the first file from standard input,
// either prints a summary (warnings on stderr, one line each) or exactly one error line.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/check.h"
#include "tools/cli_common.h"
#include "tools/cli_match_report.h"
#include "tools/match/match_merge.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<sandtable::ShardFile> files;
  size_t start = 0;
  while (files.size() < 4) {
    const size_t nul = input.find('\0', start);
    const size_t end = nul == std::string_view::npos || files.size() == 3 ? input.size() : nul;
    const char name[] = {'f', static_cast<char>('0' + files.size()), '\0'};
    files.push_back({name, std::string(input.substr(start, end - start))});
    if (end == input.size()) break;
    start = end + 1;
  }

  const auto merged = sandtable::MergeShards(files);
  if (merged.ok()) {
    const int64_t games = merged->match.games;
    CHECK(games >= 1);
    CHECK(merged->pairs == (games + 1) / 2);
    std::set<int64_t> indices;
    int64_t previous = -1;
    for (const sandtable::GameRecord& record : merged->games) {
      CHECK(record.index > previous && record.index < games);
      CHECK(record.a_seat == record.index % 2);
      CHECK(record.a_result >= -1 && record.a_result <= 1);
      indices.insert(record.index);
      previous = record.index;
    }
    CHECK(merged->score.games() == static_cast<int64_t>(merged->games.size()));
    // Counted pair by pair where that is quick.
    if (games <= 100'000) {
      int64_t complete = 0;
      int64_t missing = 0;
      for (int64_t pair = 0; pair < merged->pairs; ++pair) {
        const bool first = indices.contains(2 * pair);
        const bool second = indices.contains(2 * pair + 1);
        complete += first && second;
        missing += !first || (2 * pair + 1 < games && !second);
      }
      CHECK(merged->score.pair_count() == complete);
      CHECK(merged->missing_pair_count == missing);
    }
    CHECK(merged->missing_pairs.size() ==
          std::min<size_t>(merged->missing_pair_count, sandtable::kListedPairs));
    for (const std::string& warning : merged->warnings) CHECK(!warning.empty());
  } else {
    CHECK(!merged.status().message().empty());
  }

  const char* argv[] = {"match-report", "-"};
  std::istringstream in(files[0].text);
  std::ostringstream out;
  std::ostringstream err;
  const int code = sandtable::RunMatchReportWith(2, argv, in, out, err);
  const std::string errors = err.str();
  if (code == sandtable::kExitUsage) {
    CHECK(out.str().empty());
    CHECK(errors.starts_with("sandtable match-report: "));
    CHECK(errors.find('\n') == errors.size() - 1);
  } else {
    CHECK(code == sandtable::kExitOk || code == sandtable::kExitFailure);
    CHECK(out.str().starts_with("match "));
    std::istringstream lines(errors);
    for (std::string line; std::getline(lines, line);) {
      CHECK(line.starts_with("sandtable match-report: warning: "));
    }
  }
  return 0;
}
