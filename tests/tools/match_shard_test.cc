#include "tools/match/match_shard.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tools/match/match_runner.h"
#include "tools/registry.h"

namespace sandtable {
namespace {

using ::testing::HasSubstr;

TEST(ShardSpecTest, ParsesKOfM) {
  const absl::StatusOr<ShardSpec> shard = ParseShardSpec("2/5");
  ASSERT_TRUE(shard.ok()) << shard.status();
  EXPECT_EQ(shard->index, 2);
  EXPECT_EQ(shard->count, 5);
  EXPECT_EQ(shard->ToString(), "2/5");
  EXPECT_EQ(ParseShardSpec("0/1")->count, 1);
  EXPECT_EQ(ParseShardSpec("999999/1000000")->index, 999999);
}

TEST(ShardSpecTest, RejectsWithOneReason) {
  for (const char* bad : {"", "1", "/", "3/3", "4/3", "0/0", "-1/2", "+1/2", " 1/2", "1/2 ",
                          "1/2/3", "a/b", "1.0/2", "0/1000001", "99999999999999999999/2"}) {
    const absl::StatusOr<ShardSpec> shard = ParseShardSpec(bad);
    EXPECT_FALSE(shard.ok()) << bad;
    EXPECT_THAT(std::string(shard.status().message()), HasSubstr("--shard takes K/M")) << bad;
  }
}

// Every game of the match in exactly one shard, in index order within it, whole pairs.
TEST(ShardSpecTest, ShardsPartitionTheGames) {
  for (int64_t games = 1; games <= 23; ++games) {
    for (int64_t count = 1; count <= 7; ++count) {
      std::set<int64_t> seen;
      for (int64_t index = 0; index < count; ++index) {
        const ShardSpec shard{index, count};
        const int64_t n = ShardGameCount(games, shard);
        int64_t previous = -1;
        for (int64_t k = 0; k < n; ++k) {
          const int64_t game = ShardGameIndex(k, shard);
          ASSERT_LT(game, games);
          EXPECT_GT(game, previous);
          EXPECT_TRUE(shard.Contains(game / 2));
          EXPECT_TRUE(seen.insert(game).second) << game;
          previous = game;
        }
        EXPECT_GE(ShardGameIndex(n, shard), games) << games << " " << shard.ToString();
      }
      EXPECT_EQ(static_cast<int64_t>(seen.size()), games) << games << " " << count;
    }
  }
}

// The union of the shards is the whole match, game for game, and scores the same.
TEST(ShardMatchTest, ShardsTogetherPlayTheWholeMatch) {
  const absl::StatusOr<std::shared_ptr<const Game>> game = CreateGame("kuhn_poker", "");
  ASSERT_TRUE(game.ok()) << game.status();
  MatchOptions options;
  options.a = *ParsePlayerSpec("ismcts:iterations=40");
  options.b = *ParsePlayerSpec("greedy");
  options.games = 25;
  options.seed = 11;
  const MatchResult whole = PlayMatch(**game, options);
  ASSERT_EQ(whole.games.size(), 25u);
  std::vector<GameRecord> merged(25);
  std::set<int64_t> seen;
  for (int64_t index = 0; index < 3; ++index) {
    options.shard = {index, 3};
    options.concurrency = 2;  // the order games finish in must not matter
    for (const GameRecord& record : PlayMatch(**game, options).games) {
      EXPECT_TRUE(seen.insert(record.index).second);
      merged[record.index] = record;
    }
  }
  ASSERT_EQ(seen.size(), 25u);
  for (int i = 0; i < 25; ++i) {
    EXPECT_EQ(merged[i].seed, whole.games[i].seed) << i;
    EXPECT_EQ(merged[i].a_seat, whole.games[i].a_seat) << i;
    EXPECT_EQ(merged[i].a_result, whole.games[i].a_result) << i;
    EXPECT_EQ(merged[i].plies, whole.games[i].plies) << i;
    EXPECT_EQ(merged[i].final_position, whole.games[i].final_position) << i;
  }
}

}  // namespace
}  // namespace sandtable
