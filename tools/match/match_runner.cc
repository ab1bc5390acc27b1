#include "tools/match/match_runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "engine/chance.h"
#include "engine/check.h"
#include "engine/rng.h"
#include "tools/cli_common.h"

namespace sandtable {

uint64_t MatchGameSeed(uint64_t match_seed, int64_t index) {
  return HashCombine(Mix64(match_seed), static_cast<uint64_t>(index / 2));
}

GameRecord PlayMatchGame(const Game& game, MatchPlayer& a, MatchPlayer& b, int64_t index,
                         uint64_t match_seed) {
  const auto start = std::chrono::steady_clock::now();
  GameRecord record;
  record.index = index;
  record.seed = MatchGameSeed(match_seed, index);
  record.a_seat = static_cast<Player>(index % 2);
  MatchPlayer* seats[kNumPlayers];
  seats[record.a_seat] = &a;
  seats[Opponent(record.a_seat)] = &b;
  Rng dice(record.seed, 0);
  std::unique_ptr<Position> position = game.NewInitialPosition();
  while (position->Kind() != NodeKind::kTerminal) {
    CHECK(record.plies <= game.MaxGameLength());
    // Each choice gets its own seed from (game seed, ply, seat).
    const uint64_t ply_seed = HashCombine(record.seed, static_cast<uint64_t>(record.plies + 1));
    switch (position->Kind()) {
      case NodeKind::kChance:
        position->Apply(SampleChance(position->ChanceOutcomes(), dice));
        break;
      case NodeKind::kDecision: {
        const Player seat = position->CurrentPlayer();
        position->Apply(seats[seat]->Choose(*position, seat, HashCombine(ply_seed, seat)));
        break;
      }
      case NodeKind::kSimultaneous: {
        JointAction joint;
        for (Player seat = 0; seat < kNumPlayers; ++seat) {
          joint[seat] = seats[seat]->Choose(*position, seat, HashCombine(ply_seed, seat));
        }
        position->ApplyJoint(joint);
        break;
      }
      case NodeKind::kTerminal:
        break;
    }
    ++record.plies;
  }
  record.a_result = position->Returns(record.a_seat);
  for (Player p = 0; p < kNumPlayers; ++p) record.score[p] = position->Score(p);
  record.final_position = position->ToString();
  record.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return record;
}

MatchResult PlayMatch(const Game& game, const MatchOptions& options) {
  MatchResult result;
  std::mutex mutex;
  std::atomic<int64_t> next{0};  // the shard's k-th game
  const int64_t shard_games = ShardGameCount(options.games, options.shard);
  std::atomic<bool> halt{false};
  std::unordered_map<int64_t, double> waiting_for_partner;  // pair -> A's result in its first
  auto worker = [&] {
    const std::unique_ptr<MatchPlayer> a = NewMatchPlayer(options.a, game);
    const std::unique_ptr<MatchPlayer> b = NewMatchPlayer(options.b, game);
    while (!halt.load()) {
      const int64_t k = next.fetch_add(1);
      if (k >= shard_games) return;
      const int64_t index = ShardGameIndex(k, options.shard);
      const GameRecord record = PlayMatchGame(game, *a, *b, index, options.seed);
      const std::lock_guard<std::mutex> lock(mutex);
      result.games.push_back(record);
      result.score.AddGame(record.a_result);
      const auto [partner, first] =
          waiting_for_partner.try_emplace(record.index / 2, record.a_result);
      if (!first) {
        result.score.AddPair(partner->second, record.a_result);
        waiting_for_partner.erase(partner);
      }
      if (options.on_game && !options.on_game(record, result.score)) halt.store(true);
    }
  };
  const int threads = static_cast<int>(
      std::clamp<int64_t>(options.concurrency, 1, std::max<int64_t>(1, shard_games)));
  std::vector<std::thread> pool;
  for (int i = 1; i < threads; ++i) pool.emplace_back(worker);
  worker();
  for (std::thread& thread : pool) thread.join();
  std::sort(result.games.begin(), result.games.end(),
            [](const GameRecord& x, const GameRecord& y) { return x.index < y.index; });
  return result;
}

}  // namespace sandtable
