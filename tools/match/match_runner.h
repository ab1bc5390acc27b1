// Plays a match between two players: games in pairs with the same seed and the sides
// swapped (game 2k: A is player 0; game 2k+1: A is player 1), so luck of the dice and of
// the first move cancels out; several games at once on worker threads.
#ifndef SANDTABLE_TOOLS_MATCH_MATCH_RUNNER_H_
#define SANDTABLE_TOOLS_MATCH_MATCH_RUNNER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tools/game.h"
#include "tools/match/elo.h"
#include "tools/match/match_player.h"
#include "tools/match/match_shard.h"

namespace sandtable {

struct GameRecord {
  int64_t index = 0;
  uint64_t seed = 0;                // shared by the two games of a pair
  Player a_seat = 0;                // the seat player A played
  double a_result = 0;              // +1 win, 0 draw, -1 loss for A
  int score[kNumPlayers] = {0, 0};  // the ruleset's score per seat
  int64_t plies = 0;
  double seconds = 0;
  std::string final_position;
};

struct MatchOptions {
  PlayerSpec a;
  PlayerSpec b;
  int64_t games = 2;
  int concurrency = 1;
  uint64_t seed = 0;
  ShardSpec shard;  // play only this shard's pairs (default: all of them)
  // Called for each finished game, serialised, in completion order, with the running score
  // of A; return false to start no further games (e.g. when an SPRT has decided).
  std::function<bool(const GameRecord&, const MatchScore&)> on_game;
};

struct MatchResult {
  std::vector<GameRecord> games;  // by index (the shard's games only)
  MatchScore score;               // for A
};

// The seed of game `index` (paired: games 2k and 2k+1 share it).
uint64_t MatchGameSeed(uint64_t match_seed, int64_t index);

GameRecord PlayMatchGame(const Game& game, MatchPlayer& a, MatchPlayer& b, int64_t index,
                         uint64_t match_seed);

MatchResult PlayMatch(const Game& game, const MatchOptions& options);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_MATCH_MATCH_RUNNER_H_
