#include "tools/game_session.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/chance.h"
#include "engine/check.h"
#include "tools/load_game.h"

namespace sandtable {
namespace {

// Seeds of their own: asking for a hint does not change the bot's later searches.
constexpr uint64_t kHintSeedSalt = 0x68696e74;  // "hint"
constexpr uint64_t kDiceStream = 0xd1ce;

bool LooksLikeAnother(const std::vector<uint64_t>& keys, size_t i) {
  return std::count(keys.begin(), keys.end(), keys[i]) > 1;
}

std::vector<Action> Alternatives(const Position& position) {
  std::vector<Action> actions;
  if (position.Kind() == NodeKind::kChance) {
    for (const ChanceOutcome& o : position.ChanceOutcomes()) actions.push_back(o.outcome);
  }
  return actions;
}

}  // namespace

std::string ExplainBotChoice(const SearchResult& result) {
  for (const RootActionStats& stats : result.actions) {
    if (stats.action != result.best_action) continue;
    std::string line = absl::StrFormat("%d of %d visits, win probability %.1f%%", stats.visits,
                                       result.iterations, 100 * stats.win_probability);
    if (result.root_kind == NodeKind::kSimultaneous) {
      absl::StrAppend(
          &line, absl::StrFormat(", drawn from its mixed strategy (%.0f%%)", 100 * stats.policy));
    }
    return line;
  }
  return absl::StrCat(result.iterations, " iterations");
}

GameSession::GameSession(std::shared_ptr<const Game> game, const SessionOptions& options)
    : game_(std::move(game)),
      options_(options),
      start_(game_->NewInitialPosition()),
      position_(start_->Clone()) {
  CHECK(options_.person == 0 || options_.person == 1);
}

void GameSession::Log(LogEntry::Who who, std::string text, bool secret) {
  log_.push_back({who, std::move(text), secret});
}

void GameSession::AddInfo(std::string text) { Log(LogEntry::Who::kInfo, std::move(text)); }

std::vector<uint64_t> GameSession::PersonKeys(
    const std::vector<Action>& alternatives,
    const std::function<void(Position&, Action)>& apply) const {
  std::vector<uint64_t> keys;
  for (Action action : alternatives) {
    std::unique_ptr<Position> next = position_->Clone();
    apply(*next, action);
    keys.push_back(next->InformationSetKey(person()));
  }
  return keys;
}

// What only the bot may see (its card, its secret dice) the engine draws even with manual
// dice: typing it in would show it to the person.
bool GameSession::BotSecretAtChance() const {
  const std::vector<uint64_t> keys =
      PersonKeys(Alternatives(*position_), [](Position& p, Action a) { p.Apply(a); });
  for (size_t i = 0; i < keys.size(); ++i) {
    if (LooksLikeAnother(keys, i)) return true;
  }
  return false;
}

SessionTurn GameSession::turn() const {
  switch (position_->Kind()) {
    case NodeKind::kTerminal:
      return SessionTurn::kOver;
    case NodeKind::kChance:
      return options_.manual_dice && !BotSecretAtChance() ? SessionTurn::kManualChance
                                                          : SessionTurn::kEngineChance;
    case NodeKind::kDecision:
      return position_->CurrentPlayer() == person() ? SessionTurn::kPerson : SessionTurn::kBot;
    case NodeKind::kSimultaneous:
      return bot_committed_.has_value() ? SessionTurn::kPerson : SessionTurn::kBot;
  }
  return SessionTurn::kOver;
}

Player GameSession::InputActor() const {
  switch (turn()) {
    case SessionTurn::kPerson:
      return person();
    case SessionTurn::kManualChance:
      return kChancePlayer;
    default:
      return kNoPlayer;
  }
}

std::vector<std::string> GameSession::LegalTexts() const {
  std::vector<std::string> texts;
  const Player actor = InputActor();
  if (actor == kChancePlayer) {
    for (const ChanceOutcome& o : position_->ChanceOutcomes()) {
      texts.push_back(position_->ActionToString(kChancePlayer, o.outcome));
    }
  } else if (actor != kNoPlayer) {
    for (Action a : position_->LegalActions(actor)) {
      texts.push_back(position_->ActionToString(actor, a));
    }
  }
  return texts;
}

void GameSession::ApplyStep(Step step) {
  if (step.joint) {
    position_->ApplyJoint(step.joint_action);
  } else {
    position_->Apply(step.action);
  }
  bot_committed_.reset();
  steps_.push_back(std::move(step));
}

absl::Status GameSession::Enter(std::string_view text) {
  const SessionTurn now = turn();
  if (now != SessionTurn::kPerson && now != SessionTurn::kManualChance) {
    return absl::FailedPreconditionError(
        now == SessionTurn::kOver ? "the game is over"
                                  : "it is not your turn: the bot moves or the engine rolls");
  }
  const Player actor = InputActor();
  absl::StatusOr<Action> action = position_->ParseAction(actor, text);
  if (!action.ok()) return action.status();
  Step step;
  step.by_person = true;
  step.log_size = log_.size();
  step.action = *action;
  if (actor == kChancePlayer) {
    step.text = position_->ActionToString(kChancePlayer, *action);
    Log(LogEntry::Who::kChance, absl::StrCat("chance: ", step.text));
    ApplyStep(std::move(step));
    return absl::OkStatus();
  }
  const std::string mine = position_->ActionToString(person(), *action);
  if (position_->Kind() != NodeKind::kSimultaneous) {
    step.text = mine;
    Log(LogEntry::Who::kPerson, absl::StrCat("you play ", mine));
    ApplyStep(std::move(step));
    return absl::OkStatus();
  }
  // The bot committed first; its choice is shown only if the person can tell it apart.
  step.joint = true;
  step.joint_action[person()] = *action;
  step.joint_action[bot()] = *bot_committed_;
  const ActionList legal = position_->LegalActions(bot());
  const std::vector<Action> alternatives(legal.begin(), legal.end());
  const JointAction joint = step.joint_action;
  const Player bot_seat = bot();
  const std::vector<uint64_t> keys = PersonKeys(alternatives, [&](Position& p, Action a) {
    JointAction alternative = joint;
    alternative[bot_seat] = a;
    p.ApplyJoint(alternative);
  });
  const size_t at =
      std::find(alternatives.begin(), alternatives.end(), *bot_committed_) - alternatives.begin();
  CHECK(at < alternatives.size());
  const bool secret = LooksLikeAnother(keys, at);
  const std::string bot_text = position_->ActionToString(bot(), *bot_committed_);
  step.text =
      person() == 0 ? absl::StrCat(mine, " | ", bot_text) : absl::StrCat(bot_text, " | ", mine);
  Log(LogEntry::Who::kPerson, absl::StrCat("you chose ", mine));
  Log(LogEntry::Who::kBot,
      absl::StrCat("bot chose ", secret ? "(a secret choice)" : bot_text, bot_note_), secret);
  ApplyStep(std::move(step));
  return absl::OkStatus();
}

absl::Status GameSession::RollChance() {
  if (turn() != SessionTurn::kEngineChance) {
    return absl::FailedPreconditionError("the engine rolls only at a chance node");
  }
  const std::vector<Action> alternatives = Alternatives(*position_);
  // The engine's dice are a tape: the roll at ply k always draws the same random number, so
  // taking a move back and playing it again rolls the same dice (no fishing for a roll).
  Rng dice(options_.seed, HashCombine(kDiceStream, steps_.size()));
  const Action outcome = SampleChance(position_->ChanceOutcomes(), dice);
  const std::vector<uint64_t> keys =
      PersonKeys(alternatives, [](Position& p, Action a) { p.Apply(a); });
  const size_t at =
      std::find(alternatives.begin(), alternatives.end(), outcome) - alternatives.begin();
  CHECK(at < alternatives.size());
  // An outcome only the bot observes stays secret from the person.
  const bool secret = LooksLikeAnother(keys, at);
  Step step;
  step.log_size = log_.size();
  step.action = outcome;
  step.text = position_->ActionToString(kChancePlayer, outcome);
  Log(LogEntry::Who::kChance,
      secret ? std::string("chance: (an outcome only the bot sees)")
             : absl::StrCat("chance: ", step.text),
      secret);
  ApplyStep(std::move(step));
  return absl::OkStatus();
}

// " (visits, win probability)", or nothing with hidden information: the bot's confidence
// depends on what it holds secretly.
std::string GameSession::Explain(const SearchResult& result) const {
  if (game_->HasHiddenInformation()) return "";
  return absl::StrCat(" (", ExplainBotChoice(result), ")");
}

SearchOptions GameSession::BotSearchOptions(uint64_t seed) const {
  SearchOptions options;
  options.seed = seed;
  options.threads = options_.threads;
  options.memory_mb = options_.memory_mb;
  if (options_.bot_iterations > 0) {
    options.max_iterations = options_.bot_iterations;
  } else {
    options.max_time_ms = options_.bot_time_ms;
  }
  return options;
}

absl::StatusOr<SearchResult> GameSession::BotMove(
    const std::function<void(const SearchProgress&)>& on_progress,
    const std::function<void(Search*)>& running) {
  if (turn() != SessionTurn::kBot) {
    return absl::FailedPreconditionError("it is not the bot's turn");
  }
  // Seeded by the ply, like the dice: after an undo the bot meets the same move the same way.
  SearchOptions options = BotSearchOptions(HashCombine(options_.seed, steps_.size()));
  options.progress_interval_ms = 100;
  options.on_progress = on_progress;
  std::unique_ptr<Search> search = game_->NewSearch(options);
  if (running) running(search.get());
  SearchResult result = search->Run(*position_, bot());
  if (running) running(nullptr);
  if (result.best_action == kInvalidAction) {
    return absl::InternalError("the bot found no action");
  }
  if (position_->Kind() == NodeKind::kSimultaneous) {
    bot_committed_ = result.best_action;
    bot_note_ = Explain(result);
    Log(LogEntry::Who::kBot, "the bot has made its secret choice; now yours", true);
    return result;
  }
  const ActionList legal = position_->LegalActions(bot());
  const std::vector<Action> alternatives(legal.begin(), legal.end());
  const std::vector<uint64_t> keys =
      PersonKeys(alternatives, [](Position& p, Action a) { p.Apply(a); });
  const size_t at = std::find(alternatives.begin(), alternatives.end(), result.best_action) -
                    alternatives.begin();
  CHECK(at < alternatives.size());
  const bool secret = LooksLikeAnother(keys, at);
  Step step;
  step.log_size = log_.size();
  step.action = result.best_action;
  step.text = result.best_action_text;
  Log(LogEntry::Who::kBot,
      absl::StrCat("bot plays ", secret ? "(a secret choice)" : result.best_action_text,
                   Explain(result)),
      secret);
  ApplyStep(std::move(step));
  return result;
}

absl::StatusOr<SearchResult> GameSession::Hint() {
  if (turn() != SessionTurn::kPerson) {
    return absl::FailedPreconditionError("hints are for your own moves");
  }
  SearchOptions options = BotSearchOptions(HashCombine(options_.seed ^ kHintSeedSalt, ++hints_));
  return game_->NewSearch(options)->Run(*position_, person());
}

bool GameSession::CanUndo() const {
  return std::any_of(steps_.begin(), steps_.end(), [](const Step& s) { return s.by_person; });
}

absl::Status GameSession::Undo() {
  auto last =
      std::find_if(steps_.rbegin(), steps_.rend(), [](const Step& s) { return s.by_person; });
  if (last == steps_.rend()) return absl::FailedPreconditionError("nothing of yours to undo");
  const size_t keep = steps_.size() - 1 - (last - steps_.rbegin());
  const Step undone = steps_[keep];
  log_.resize(undone.log_size);
  steps_.resize(keep);
  position_ = start_->Clone();
  for (const Step& step : steps_) {
    if (step.joint) {
      position_->ApplyJoint(step.joint_action);
    } else {
      position_->Apply(step.action);
    }
  }
  // The bot keeps the choice it committed to: undo does not let the person fish for another.
  bot_committed_.reset();
  if (undone.joint) {
    bot_committed_ = undone.joint_action[bot()];
    Log(LogEntry::Who::kBot, "the bot has made its secret choice; now yours", true);
  }
  Log(LogEntry::Who::kInfo, absl::StrCat("you took back ", undone.text));
  return absl::OkStatus();
}

absl::StatusOr<SavedGame> GameSession::Save() const {
  if (game_->HasHiddenInformation()) {
    return absl::FailedPreconditionError(
        absl::StrCat(std::string(game_->name()),
                     " has hidden information: a saved game would show the bot's secrets, "
                     "so it cannot be saved"));
  }
  SavedGame saved;
  saved.ruleset = game_->spec();
  saved.start = start_->ToString();
  for (const Step& step : steps_) saved.moves.push_back(step.text);
  return saved;
}

absl::Status GameSession::Load(const SavedGame& saved) {
  if (saved.ruleset != game_->spec()) {
    return absl::InvalidArgumentError(absl::StrCat("the saved game is of ", saved.ruleset,
                                                   ", not of this session's ", game_->spec()));
  }
  std::unique_ptr<Position> start;
  if (saved.start.empty()) {
    start = game_->NewInitialPosition();
  } else {
    absl::StatusOr<std::unique_ptr<Position>> parsed = game_->ParsePosition(saved.start);
    if (!parsed.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad start position: ", parsed.status().message()));
    }
    start = *std::move(parsed);
  }
  // Replayed on a copy first, so a bad move changes nothing.
  std::unique_ptr<Position> position = start->Clone();
  std::vector<Step> steps;
  for (size_t i = 0; i < saved.moves.size(); ++i) {
    Step step;
    const NodeKind kind = position->Kind();
    step.by_person = kind == NodeKind::kSimultaneous ||
                     (kind == NodeKind::kDecision && position->CurrentPlayer() == person());
    std::string applied;
    if (absl::Status status = ApplyMoveText(*position, saved.moves[i], &applied); !status.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("move ", i + 1, ": ", status.message()));
    }
    step.text = applied;
    steps.push_back(std::move(step));
  }
  // Actions are recorded by replaying the texts once more on the real start.
  start_ = std::move(start);
  position_ = start_->Clone();
  steps_.clear();
  log_.clear();
  bot_committed_.reset();
  Log(LogEntry::Who::kInfo,
      absl::StrCat("loaded a game of ", saved.ruleset, " with ", saved.moves.size(), " moves"));
  for (Step& step : steps) {
    const NodeKind kind = position_->Kind();
    step.log_size = log_.size();
    if (kind == NodeKind::kSimultaneous) {
      const size_t bar = step.text.find(" | ");
      CHECK(bar != std::string::npos);
      for (Player p = 0; p < kNumPlayers; ++p) {
        const std::string part = p == 0 ? step.text.substr(0, bar) : step.text.substr(bar + 3);
        step.joint_action[p] = *position_->ParseAction(p, part);
      }
      step.joint = true;
    } else {
      const Player actor = kind == NodeKind::kChance ? kChancePlayer : position_->CurrentPlayer();
      step.action = *position_->ParseAction(actor, step.text);
    }
    Log(kind == NodeKind::kChance ? LogEntry::Who::kChance
        : step.by_person          ? LogEntry::Who::kPerson
                                  : LogEntry::Who::kBot,
        step.text);
    ApplyStep(std::move(step));
  }
  return absl::OkStatus();
}

std::string GameSession::ResultText() const {
  if (position_->Kind() != NodeKind::kTerminal) return "";
  const double result = position_->Returns(person());
  const std::string score =
      absl::StrCat("score: you ", position_->Score(person()), ", bot ", position_->Score(bot()));
  if (result > 0) return absl::StrCat("you win! ", score);
  if (result < 0) return absl::StrCat("the bot wins. ", score);
  return absl::StrCat("a draw. ", score);
}

}  // namespace sandtable
