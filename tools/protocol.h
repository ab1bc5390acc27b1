// The UCI-like text protocol (docs/protocol.md is the authority): `sandtable` with no
// arguments reads commands on stdin and answers on stdout.
//
// ProtocolSession handles one line at a time. Long work (go, perft, bench, belief when it
// must search) runs on one background job thread so that `isready` and `stop` are answered
// at once; everything else runs on the caller's thread. A malformed or illegal line gets
// exactly one `info string error <reason>` line and changes nothing.
#ifndef SANDTABLE_TOOLS_PROTOCOL_H_
#define SANDTABLE_TOOLS_PROTOCOL_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "search/search_types.h"
#include "tools/game.h"
#include "tools/protocol_options.h"

namespace sandtable {

// Reads protocol commands from `in` until `quit` or end of input (then a finite search
// still running is allowed to finish and print its bestmove; an infinite one is stopped).
// Returns the process exit code (0).
int RunProtocol(std::istream& in, std::ostream& out);

// The program's version, announced by `uci`.
inline constexpr std::string_view kSandtableVersion = "0.1.0";

class ProtocolSession {
 public:
  // Creates a game from a ruleset spec and a scenario text ("" = default scenario).
  using GameFactory = std::function<absl::StatusOr<std::shared_ptr<const Game>>(
      std::string_view spec, std::string_view scenario_text)>;
  // Receives each output line (without '\n'); calls are serialised by the session.
  using LineSink = std::function<void(std::string_view line)>;

  // Loads `default_ruleset` through `factory`; if that fails the session starts without a
  // game (and says so once a command needs one).
  ProtocolSession(GameFactory factory, LineSink sink, std::string default_ruleset);
  // Stops any running job.
  ~ProtocolSession();

  ProtocolSession(const ProtocolSession&) = delete;
  ProtocolSession& operator=(const ProtocolSession&) = delete;

  // Thread-safety: call HandleLine, FinishJob and Fingerprint from one thread (the reader).
  // Handles one protocol line; returns false after `quit`.
  bool HandleLine(std::string_view line);

  // Waits for a running job that ends by itself; stops an infinite `go` first.
  void FinishJob();
  bool JobRunning() const { return job_running_.load(); }

  // Everything a line can change (ruleset, options, position, history), for tests.
  std::string Fingerprint() const;

 private:
  struct Job;

  void Emit(std::string_view line);
  void EmitError(std::string_view reason);
  void EmitError(const absl::Status& status);

  absl::Status HandleUci();
  absl::Status HandleSetOption(std::string_view rest);
  absl::Status HandleNewGame();
  absl::Status HandlePosition(std::string_view rest);
  absl::Status HandleGo(std::string_view rest);
  absl::Status HandleDisplay(const std::vector<std::string_view>& words);
  absl::Status HandleMoves();
  absl::Status HandlePerft(std::string_view rest);
  absl::Status HandleOdds(std::string_view rest);
  absl::Status HandleBelief();
  absl::Status HandleBench(std::string_view rest);

  absl::Status NeedGame() const;
  // Waits for a finite job; an error while an infinite `go` runs.
  absl::Status NeedIdle(std::string_view command);
  // Replaces the game (on success only) and resets the position to its start.
  absl::Status LoadGame(std::string_view spec, std::string_view scenario_path);
  SearchOptions MakeSearchOptions() const;
  // The seat the engine searches for: the player to move, or the Seat option at a
  // simultaneous node.
  Player SearchingPlayer(const Position& position) const;

  // Starts `body` on the job thread. `infinite` jobs only end by `stop`.
  // `body` returns its final lines, printed once the session is idle again.
  void StartJob(std::function<std::vector<std::string>()> body, bool infinite);
  // Runs `search` on the job thread's behalf, so that `stop` can reach it.
  SearchResult RunStoppable(Search& search, const Position& position, Player player);
  void StopJob();
  void JoinJob();

  void EmitSearchInfo(const SearchResult& result, int64_t iterations, double seconds, double nps,
                      int64_t multipv);
  static std::vector<std::string> BeliefLines(const SearchResult& result);

  GameFactory factory_;
  LineSink sink_;
  ProtocolOptions options_;

  std::shared_ptr<const Game> game_;
  std::string scenario_text_;
  std::unique_ptr<Position> position_;
  std::string position_command_;  // the last accepted `position` line, for `d`
  int64_t position_generation_ = 0;

  std::mutex output_mutex_;

  // The job thread and what `stop` needs to reach it.
  std::thread job_thread_;
  std::atomic<bool> job_running_{false};
  std::atomic<bool> job_cancel_{false};
  bool job_infinite_ = false;
  std::mutex job_mutex_;
  std::condition_variable job_done_;
  Search* active_search_ = nullptr;  // guarded by job_mutex_
  // The finished search of a `go`, freed after `bestmove` is out (job thread only).
  std::unique_ptr<Search> finished_search_;

  // The last search's result and the position generation it belongs to (guarded by
  // job_mutex_: written by the job thread).
  std::shared_ptr<const SearchResult> last_result_;
  int64_t last_result_generation_ = -1;
};

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_PROTOCOL_H_
