// One game of a person against the bot, without any input or output: what `sandtable play`
// (the terminal) and `sandtable serve` (the browser) share. It holds the position, the
// seats, the engine's dice and the bot's searches, and a log already filtered for the
// person: an outcome or a bot choice the person cannot tell from another (same
// information-set key) is logged as secret. The bot searches only from its own seat and,
// at a simultaneous node, commits before the person chooses.
//
// What a front end may show the person: BoardForPerson(), HiddenOfPerson(), the log, the
// legal texts and Save(). position() is the whole truth, for the engine's own use only.
#ifndef SANDTABLE_TOOLS_GAME_SESSION_H_
#define SANDTABLE_TOOLS_GAME_SESSION_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/board.h"
#include "engine/rng.h"
#include "engine/types.h"
#include "search/search_types.h"
#include "tools/game.h"

namespace sandtable {

struct SessionOptions {
  Player person = 0;
  bool manual_dice = false;
  uint64_t seed = 0;
  // The bot's budget per decision: iterations when > 0, else time.
  int64_t bot_iterations = 0;
  int64_t bot_time_ms = 1000;
  int threads = 1;
  int64_t memory_mb = 256;  // the search tree's cap
};

struct LogEntry {
  enum class Who { kInfo, kPerson, kBot, kChance };
  Who who = Who::kInfo;
  std::string text;  // already filtered: a secret is written as such
  bool secret = false;
};

// Whose turn it is, as the front end sees it.
enum class SessionTurn {
  kPerson,        // the person chooses (at a simultaneous node: after the bot committed)
  kBot,           // the bot must search (a decision, or its commitment at a simultaneous node)
  kManualChance,  // the person enters what the dice showed
  kEngineChance,  // the engine rolls (RollChance)
  kOver,
};

// A saved game: enough to start it again where it stood.
struct SavedGame {
  std::string ruleset;             // the canonical spec
  std::string start;               // the start position string
  std::vector<std::string> moves;  // in the notation of the node each was played at
};

class GameSession {
 public:
  GameSession(std::shared_ptr<const Game> game, const SessionOptions& options);

  const Game& game() const { return *game_; }
  const SessionOptions& options() const { return options_; }
  Player person() const { return options_.person; }
  Player bot() const { return 1 - options_.person; }
  // The whole truth: never show it to the person (use the accessors below).
  const Position& position() const { return *position_; }

  SessionTurn turn() const;
  // The actor of the legal texts now: the person, kChancePlayer at a manual chance node,
  // or kNoPlayer when the person has nothing to enter.
  Player InputActor() const;
  // What the person may enter now, in notation (empty when InputActor() is kNoPlayer).
  std::vector<std::string> LegalTexts() const;

  BoardView BoardForPerson() const { return position_->DescribeBoard(person()); }
  std::string HiddenOfPerson() const { return position_->DescribeHidden(person()); }
  const std::vector<LogEntry>& log() const { return log_; }
  void AddInfo(std::string text);

  // The person's action (kPerson) or the dice the person read (kManualChance), in notation.
  // Errors say why and change nothing.
  absl::Status Enter(std::string_view text);
  // The engine rolls (kEngineChance); the outcome is logged, or logged as secret.
  absl::Status RollChance();
  // The bot searches (kBot) and plays, or at a simultaneous node commits its choice.
  // `on_progress` is passed to the search; `stop`, when set, receives the running search
  // so another thread may stop it early. Errors when it is not the bot's turn.
  absl::StatusOr<SearchResult> BotMove(
      const std::function<void(const SearchProgress&)>& on_progress = nullptr,
      const std::function<void(Search*)>& running = nullptr);
  // What the bot would play in the person's seat, searched from the person's information.
  absl::StatusOr<SearchResult> Hint();

  // Takes back the person's last action and everything after it. Errors when there is none.
  absl::Status Undo();
  bool CanUndo() const;

  // The game so far, when it may be shown: without hidden information always; with hidden
  // information never (the moves would carry the bot's secrets), an error says so.
  absl::StatusOr<SavedGame> Save() const;
  // Starts from `saved` (the ruleset must be this session's game); the moves are replayed
  // as if the person had entered them all. Errors name the bad move; nothing changes then.
  absl::Status Load(const SavedGame& saved);

  // "you win", "the bot wins", "a draw" once the game is over.
  std::string ResultText() const;

 private:
  struct Step {
    bool joint = false;
    bool by_person = false;  // the person entered it (an action, or manual dice)
    Action action = kInvalidAction;
    JointAction joint_action{};
    size_t log_size = 0;  // the log before the step
    std::string text;     // for Save
  };

  // The person's information-set key after each alternative.
  std::vector<uint64_t> PersonKeys(const std::vector<Action>& alternatives,
                                   const std::function<void(Position&, Action)>& apply) const;
  bool BotSecretAtChance() const;
  SearchOptions BotSearchOptions(uint64_t seed) const;
  std::string Explain(const SearchResult& result) const;
  void Log(LogEntry::Who who, std::string text, bool secret = false);
  void ApplyStep(Step step);

  std::shared_ptr<const Game> game_;
  SessionOptions options_;
  std::unique_ptr<Position> start_;
  std::unique_ptr<Position> position_;
  std::vector<LogEntry> log_;
  std::vector<Step> steps_;
  std::optional<Action> bot_committed_;  // at a simultaneous node
  std::string bot_note_;                 // why it chose so, logged with the reveal
  uint64_t hints_ = 0;
};

// "a of b visits, win probability p%" of the best action of a bot search.
std::string ExplainBotChoice(const SearchResult& result);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_GAME_SESSION_H_
