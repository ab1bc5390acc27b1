// Shards of a match: shard K of M plays the pairs whose index is K modulo M (pair p is games
// 2p and 2p+1). A game's seed depends only on the match seed and its pair index, so the
// shards together play exactly the games of the whole match, each once.
#ifndef SANDTABLE_TOOLS_MATCH_MATCH_SHARD_H_
#define SANDTABLE_TOOLS_MATCH_MATCH_SHARD_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace sandtable {

inline constexpr int64_t kMaxShards = 1'000'000;

struct ShardSpec {
  int64_t index = 0;  // K, 0-based (a Slurm array task id)
  int64_t count = 1;  // M; 1 is the whole match

  bool Contains(int64_t pair) const { return pair % count == index; }
  // "K/M".
  std::string ToString() const;
  bool operator==(const ShardSpec&) const = default;
};

// "K/M" with 0 <= K < M <= kMaxShards, digits only; the error quotes the text.
absl::StatusOr<ShardSpec> ParseShardSpec(std::string_view text);

// The number of games of a `games`-game match that `shard` plays.
int64_t ShardGameCount(int64_t games, const ShardSpec& shard);

// The game index of the shard's `k`-th game (k from 0), in index order; at or past `games`
// when the shard has no k-th game.
int64_t ShardGameIndex(int64_t k, const ShardSpec& shard);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_MATCH_MATCH_SHARD_H_
