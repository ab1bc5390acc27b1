// Merging the JSON lines of a match's shards (match-report): every file must belong to the
// same match; games are put back in index order, each once, and scored as the whole match
// would have scored them. A truncated last line (a shard killed mid-write) is skipped with a
// warning; a game seen again (a shard rerun into the same file, or given twice) counts once.
#ifndef SANDTABLE_TOOLS_MATCH_MATCH_MERGE_H_
#define SANDTABLE_TOOLS_MATCH_MATCH_MERGE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/match/elo.h"
#include "tools/match/match_lines.h"
#include "tools/match/match_runner.h"

namespace sandtable {

struct ShardFile {
  std::string name;  // for messages
  std::string text;
};

inline constexpr size_t kListedPairs = 1000;

struct MergedMatch {
  MatchIdentity match;
  std::vector<GameRecord> games;         // by index, each once
  MatchScore score;                      // for A, summed in index order as an unsharded match does
  int64_t pairs = 0;                     // in the whole match: games / 2 rounded up
  int64_t missing_pair_count = 0;        // pairs with a game missing
  std::vector<int64_t> missing_pairs;    // the first kListedPairs of them, ascending
  std::vector<int64_t> duplicate_pairs;  // with a game seen more than once, ascending
  // Games seen more than once whose lines disagree (a player that is not reproducible,
  // such as one limited by time); the first line counts.
  int64_t differing_duplicates = 0;
  // The shard count M when every line agrees on it, else 0; then the shards that hold the
  // missing pairs, ascending.
  int64_t shard_count = 0;
  std::vector<int64_t> shards_to_rerun;
  std::vector<std::string> warnings;  // one line each, without a newline
};

// Errors name the file and line: a line that is not a match line (other than a truncated
// last one), a line of another match (and what differs), or no game line at all.
absl::StatusOr<MergedMatch> MergeShards(const std::vector<ShardFile>& files);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_MATCH_MATCH_MERGE_H_
