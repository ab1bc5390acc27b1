#include "tools/play.h"

#include <unistd.h>

#include <algorithm>
#include <deque>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cxxopts.hpp"
#include "engine/chance.h"
#include "engine/check.h"
#include "engine/rng.h"
#include "engine/text.h"
#include "tools/cli_common.h"
#include "tools/game.h"
#include "tools/registry.h"
#include "tools/terminal.h"

namespace sandtable {
namespace {

constexpr std::string_view kCommand = "play";
constexpr size_t kLogLines = 8;

struct PlayFlags : GameFlags {
  int side = 0;
  int64_t movetime_ms = 1000;
  bool manual_dice = false;
  std::optional<uint64_t> seed;
  int threads = 1;
};

absl::Status ParseFlags(int argc, const char* const* argv, PlayFlags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options(
        "sandtable play",
        "Play against the bot in the terminal. Type actions in the ruleset's notation; "
        "'moves' lists the legal ones, 'help' explains, 'quit' (or end of input) leaves.");
    AddGameFlags(options, {.ruleset = "ruleset spec, e.g. quickplay(squad_size=5)",
                           .scenario = "scenario file (default: the ruleset's own)",
                           .shown_default = DefaultRulesetName()});
    options.add_options()("side", "your side: 0 or 1", cxxopts::value<int>()->default_value("0"))(
        "movetime", "the bot's thinking time per decision, in milliseconds",
        cxxopts::value<int64_t>()->default_value("1000"))(
        "dice",
        "auto: the engine rolls; manual: you type what you rolled (what only the bot may "
        "see, the engine still draws)",
        cxxopts::value<std::string>()->default_value("auto"))(
        "seed", "seed for the engine's dice and search (default: random, printed)",
        cxxopts::value<uint64_t>())("threads", "search threads",
                                    cxxopts::value<int>()->default_value("1"))("h,help",
                                                                               "this help");
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (absl::Status status = FinishParse(options, result, flags); !status.ok() || flags.help) {
      return status;
    }
    ReadGameFlags(result, flags);
    flags.side = result["side"].as<int>();
    if (flags.side != 0 && flags.side != 1) {
      return absl::InvalidArgumentError("--side must be 0 or 1");
    }
    flags.movetime_ms = result["movetime"].as<int64_t>();
    if (flags.movetime_ms < 1 || flags.movetime_ms > 86'400'000) {
      return absl::InvalidArgumentError("--movetime must be from 1 to 86400000 ms");
    }
    const std::string dice = result["dice"].as<std::string>();
    if (dice != "auto" && dice != "manual") {
      return absl::InvalidArgumentError("--dice must be auto or manual");
    }
    flags.manual_dice = dice == "manual";
    if (result.count("seed")) flags.seed = result["seed"].as<uint64_t>();
    flags.threads = result["threads"].as<int>();
    if (flags.threads < 1 || flags.threads > 256) {
      return absl::InvalidArgumentError("--threads must be from 1 to 256");
    }
    return absl::OkStatus();
  });
}

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      const size_t cost = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                                  std::tolower(static_cast<unsigned char>(b[j - 1]))
                              ? 0
                              : 1;
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
      diagonal = up;
    }
  }
  return row[b.size()];
}

class PlaySession {
 public:
  PlaySession(std::shared_ptr<const Game> game, const PlayFlags& flags, uint64_t seed,
              std::istream& in, std::ostream& out, bool colour)
      : game_(std::move(game)),
        flags_(flags),
        seed_(seed),
        rng_(seed, 0xd1ce),
        in_(in),
        out_(out),
        style_(colour),
        human_(flags.side),
        bot_(1 - flags.side),
        position_(game_->NewInitialPosition()) {}

  int Run() {
    Log(absl::StrCat("new game of ", game_->spec(), "; you are player ", human_,
                     ", the bot is player ", bot_, "; seed ", seed_));
    Log("type 'help' for help, 'moves' for the legal actions");
    while (position_->Kind() != NodeKind::kTerminal) {
      Redraw();
      bool ok = true;
      switch (position_->Kind()) {
        case NodeKind::kChance:
          ok = ResolveChance();
          break;
        case NodeKind::kDecision:
          ok = position_->CurrentPlayer() == human_ ? HumanDecision() : BotDecision();
          break;
        case NodeKind::kSimultaneous:
          ok = Simultaneous();
          break;
        case NodeKind::kTerminal:
          break;
      }
      if (!ok) {
        out_ << "\nbye\n";
        out_.flush();
        return kExitOk;
      }
    }
    Redraw();
    const double result = position_->Returns(human_);
    const std::string score =
        absl::StrCat("score: you ", position_->Score(human_), ", bot ", position_->Score(bot_));
    if (result > 0) {
      out_ << style_.Good("Game over: you win!") << " " << score << "\n";
    } else if (result < 0) {
      out_ << style_.Error("Game over: the bot wins.") << " " << score << "\n";
    } else {
      out_ << style_.Bold("Game over: a draw.") << " " << score << "\n";
    }
    out_.flush();
    return kExitOk;
  }

 private:
  void Log(std::string line) {
    log_.push_back(std::move(line));
    while (log_.size() > kLogLines) log_.pop_front();
  }

  void Redraw() {
    // As the person sees it: the bot's secrets are shown as unknown until the game ends.
    out_ << style_.ClearScreen() << style_.Board(position_->DescribeBoard(human_)) << "\n";
    out_ << style_.Bold(absl::StrCat("you (player ", human_, "): ", position_->Score(human_),
                                     "   bot (player ", bot_, "): ", position_->Score(bot_)))
         << "\n";
    const std::string hidden = position_->DescribeHidden(human_);
    if (!hidden.empty()) out_ << "your hidden: " << hidden << "\n";
    for (const std::string& line : log_) out_ << style_.Dim("| ") << line << "\n";
    out_.flush();
  }

  // One line of input after `prompt`; false at end of input.
  bool ReadLine(std::string_view prompt, std::string& line) {
    out_ << style_.Bold(prompt) << std::flush;
    if (!std::getline(in_, line)) return false;
    return true;
  }

  std::vector<std::string> LegalTexts(Player actor) const {
    std::vector<std::string> texts;
    if (actor == kChancePlayer) {
      for (const ChanceOutcome& o : position_->ChanceOutcomes()) {
        texts.push_back(position_->ActionToString(kChancePlayer, o.outcome));
      }
    } else {
      for (Action a : position_->LegalActions(actor)) {
        texts.push_back(position_->ActionToString(actor, a));
      }
    }
    return texts;
  }

  void ListMoves(Player actor) {
    if (actor == kChancePlayer) {
      out_ << "possible outcomes (or type the raw faces you rolled, e.g. 'roll 4 2 6'):\n";
      for (const ChanceOutcome& o : position_->ChanceOutcomes()) {
        out_ << "  " << position_->ActionToString(kChancePlayer, o.outcome) << "   "
             << style_.Dim(absl::StrFormat("(%s = %.1f%%)", o.probability.ToString(),
                                           100 * o.probability.ToDouble()))
             << "\n";
      }
    } else {
      out_ << "legal actions:\n";
      // Several to a line, separated by commas, so long lists stay readable.
      std::string line = " ";
      for (const std::string& text : LegalTexts(actor)) {
        if (line.size() + text.size() + 2 > 96) {
          out_ << line << "\n";
          line = " ";
        }
        absl::StrAppend(&line, " ", text, ",");
      }
      line.pop_back();
      out_ << line << "\n";
    }
  }

  void Help(Player actor) {
    out_ << "Type an action exactly as 'moves' lists it and press Enter.\n"
            "  moves   list what is legal now     board   redraw the board\n"
            "  hint    what the bot would play in your seat\n"
            "  help    this text                  quit    leave the game (so does Ctrl-D)\n";
    ListMoves(actor);
  }

  // Asks for an action of `actor` (the human, or chance with manual dice); nullopt when
  // the person leaves.
  std::optional<Action> Ask(Player actor, std::string_view prompt) {
    std::string line;
    while (ReadLine(prompt, line)) {
      const std::string_view text = TrimBlanks(line);
      if (text.empty()) continue;
      if (text == "help" || text == "?") {
        Help(actor);
      } else if (text == "moves") {
        ListMoves(actor);
      } else if (text == "board") {
        Redraw();
      } else if (text == "hint") {
        Hint(actor);
      } else if (text == "quit" || text == "exit") {
        return std::nullopt;
      } else {
        absl::StatusOr<Action> action = position_->ParseAction(actor, text);
        if (action.ok()) return *action;
        out_ << style_.Error(Printable(std::string(action.status().message()), 400)) << "\n";
        const std::vector<std::string> close = CloseMatches(text, LegalTexts(actor));
        if (!close.empty()) {
          std::string hint = "did you mean: ";
          for (size_t i = 0; i < close.size(); ++i) {
            absl::StrAppend(&hint, i > 0 ? ", " : "", close[i]);
          }
          out_ << hint << "?\n";
        }
        out_ << style_.Dim("('moves' lists what is legal)") << "\n";
      }
    }
    return std::nullopt;
  }

  bool ResolveChance() {
    const ChanceList outcomes = position_->ChanceOutcomes();
    std::vector<Action> alternatives;
    for (const ChanceOutcome& o : outcomes) alternatives.push_back(o.outcome);
    const std::vector<uint64_t> keys =
        HumanKeys(alternatives, [](Position& p, Action a) { p.Apply(a); });
    // What only the bot may see (the bot's card, its secret dice) the engine draws even with
    // manual dice: typing it in would show it to the person.
    bool bot_secret = false;
    for (size_t i = 0; i < keys.size() && !bot_secret; ++i) bot_secret = LooksLikeAnother(keys, i);
    Action outcome = kInvalidAction;
    if (flags_.manual_dice && !bot_secret) {
      std::optional<Action> typed = Ask(kChancePlayer, "dice> ");
      if (!typed) return false;
      outcome = *typed;
    } else {
      outcome = SampleChance(outcomes, rng_);
    }
    // An outcome only the bot observes stays secret from the person too.
    const auto at = std::find(alternatives.begin(), alternatives.end(), outcome);
    CHECK(at != alternatives.end());
    const bool secret = LooksLikeAnother(keys, at - alternatives.begin());
    Log(secret ? std::string("chance: (an outcome only the bot sees)")
               : absl::StrCat("chance: ", position_->ActionToString(kChancePlayer, outcome)));
    position_->Apply(outcome);
    return true;
  }

  bool HumanDecision() {
    std::optional<Action> action = Ask(human_, absl::StrCat("your move (player ", human_, ")> "));
    if (!action) return false;
    Log(absl::StrCat("you play ", position_->ActionToString(human_, *action)));
    position_->Apply(*action);
    return true;
  }

  // The person's information-set key after each of `alternatives` (applied to the current
  // position by `apply`).
  template <typename Apply>
  std::vector<uint64_t> HumanKeys(const std::vector<Action>& alternatives, Apply apply) {
    std::vector<uint64_t> keys;
    for (Action action : alternatives) {
      std::unique_ptr<Position> next = position_->Clone();
      apply(*next, action);
      keys.push_back(next->InformationSetKey(human_));
    }
    return keys;
  }

  // Whether alternative `i` looks to the person like another one (same key).
  static bool LooksLikeAnother(const std::vector<uint64_t>& keys, size_t i) {
    return std::count(keys.begin(), keys.end(), keys[i]) > 1;
  }

  // Whether the person cannot tell `chosen` from some other of `alternatives`: then it is
  // not shown.
  template <typename Apply>
  bool HiddenFromHuman(const std::vector<Action>& alternatives, Action chosen, Apply apply) {
    const auto at = std::find(alternatives.begin(), alternatives.end(), chosen);
    CHECK(at != alternatives.end());
    return LooksLikeAnother(HumanKeys(alternatives, apply), at - alternatives.begin());
  }

  // Searches for the bot from its own seat's information only.
  SearchResult Think() {
    SearchOptions options;
    options.seed = HashCombine(seed_, ++searches_);
    options.threads = flags_.threads;
    options.max_time_ms = flags_.movetime_ms;
    options.progress_interval_ms = 100;
    const bool live = style_.colour();
    if (live) {
      options.on_progress = [this](const SearchProgress& progress) {
        out_ << style_.ClearLine()
             << style_.Bot(absl::StrFormat("bot thinking: %.1f s, %d iterations%s",
                                           progress.seconds, progress.iterations,
                                           BestSoFar(progress.snapshot)))
             << std::flush;
      };
    } else {
      out_ << style_.Bot("bot thinking...") << "\n" << std::flush;
    }
    std::unique_ptr<Search> search = game_->NewSearch(options);
    SearchResult result = search->Run(*position_, bot_);
    if (live) out_ << style_.ClearLine() << std::flush;
    return result;
  }

  // What the bot would play in the person's seat, searched from the person's information
  // only (what only the bot holds is guessed, as for any opponent): the three most visited
  // actions.
  void Hint(Player actor) {
    if (actor != human_) {
      out_ << "hints are for your own moves; type the outcome (or 'moves')\n";
      return;
    }
    SearchOptions options;
    // Seeds of their own: asking for a hint does not change the bot's later searches.
    options.seed = HashCombine(seed_ ^ kHintSeedSalt, ++hints_);
    options.threads = flags_.threads;
    options.max_time_ms = flags_.movetime_ms;
    out_ << style_.Dim("thinking about your move...") << "\n" << std::flush;
    const SearchResult result = game_->NewSearch(options)->Run(*position_, human_);
    out_ << "hint: " << style_.Bold(result.best_action_text) << "\n";
    for (size_t i = 0; i < result.actions.size() && i < 3; ++i) {
      const RootActionStats& stats = result.actions[i];
      out_ << absl::StrFormat("  %-24s win probability %5.1f%%, %d of %d visits\n", stats.text,
                              100 * stats.win_probability, stats.visits, result.iterations);
    }
  }

  std::string Explain(const SearchResult& result) {
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

  bool BotDecision() {
    const SearchResult result = Think();
    if (result.best_action == kInvalidAction) {
      Log("the bot found no action");
      return false;
    }
    const ActionList legal = position_->LegalActions(bot_);
    const bool secret =
        HiddenFromHuman(std::vector<Action>(legal.begin(), legal.end()), result.best_action,
                        [](Position& p, Action a) { p.Apply(a); });
    Log(style_.Bot(absl::StrCat("bot plays ",
                                secret ? "(a secret choice)" : result.best_action_text, " (",
                                Explain(result), ")")));
    position_->Apply(result.best_action);
    return true;
  }

  // The bot commits first; the person's choice is only applied together with it.
  bool Simultaneous() {
    const SearchResult result = Think();
    if (result.best_action == kInvalidAction) return false;
    out_ << style_.Bot("the bot has made its secret choice; now yours") << "\n";
    std::optional<Action> mine =
        Ask(human_, absl::StrCat("your secret choice (player ", human_, ")> "));
    if (!mine) return false;
    JointAction joint;
    joint[human_] = *mine;
    joint[bot_] = result.best_action;
    const ActionList legal = position_->LegalActions(bot_);
    const bool secret = HiddenFromHuman(std::vector<Action>(legal.begin(), legal.end()),
                                        result.best_action, [&](Position& p, Action a) {
                                          JointAction alternative = joint;
                                          alternative[bot_] = a;
                                          p.ApplyJoint(alternative);
                                        });
    Log(absl::StrCat("you chose ", position_->ActionToString(human_, *mine)));
    Log(style_.Bot(absl::StrCat("bot chose ",
                                secret ? "(a secret choice)" : result.best_action_text, " (",
                                Explain(result), ")")));
    position_->ApplyJoint(joint);
    return true;
  }

  std::shared_ptr<const Game> game_;
  PlayFlags flags_;
  uint64_t seed_;
  Rng rng_;
  std::istream& in_;
  std::ostream& out_;
  TerminalStyle style_;
  Player human_;
  Player bot_;
  std::unique_ptr<Position> position_;
  std::deque<std::string> log_;
  uint64_t searches_ = 0;
  uint64_t hints_ = 0;
  static constexpr uint64_t kHintSeedSalt = 0x68696e74;  // "hint"
};

}  // namespace

std::vector<std::string> CloseMatches(std::string_view typed,
                                      const std::vector<std::string>& candidates, size_t limit) {
  std::vector<std::pair<size_t, std::string>> scored;
  const size_t allowed = std::max<size_t>(2, typed.size() / 3);
  for (const std::string& candidate : candidates) {
    const bool prefix = !typed.empty() && candidate.size() > typed.size() &&
                        std::string_view(candidate).substr(0, typed.size()) == typed;
    const size_t distance = prefix ? 0 : EditDistance(typed, candidate);
    if (distance <= allowed) scored.emplace_back(distance, candidate);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> matches;
  for (size_t i = 0; i < scored.size() && i < limit; ++i) matches.push_back(scored[i].second);
  return matches;
}

int RunPlayWith(int argc, const char* const* argv, std::istream& in, std::ostream& out,
                std::ostream& err, bool colour) {
  PlayFlags flags;
  const int code = ReportFlags(kCommand, ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(flags);
  if (!game.ok()) return Fail(kCommand, game.status(), err);
  const uint64_t seed =
      flags.seed ? *flags.seed
                 : (static_cast<uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  PlaySession session(*game, flags, seed, in, out, colour);
  return session.Run();
}

int RunPlay(int argc, char** argv) {
  return RunPlayWith(argc, argv, std::cin, std::cout, std::cerr, ColourWanted(STDOUT_FILENO));
}

}  // namespace sandtable
