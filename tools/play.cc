#include "tools/play.h"

#include <unistd.h>

#include <algorithm>
#include <functional>
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
#include "tools/game_session.h"
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

// The terminal front end of a GameSession: reads commands, draws the board and the log.
class PlaySession {
 public:
  PlaySession(std::shared_ptr<const Game> game, const PlayFlags& flags, uint64_t seed,
              std::istream& in, std::ostream& out, bool colour)
      : session_(std::move(game), {.person = flags.side,
                                   .manual_dice = flags.manual_dice,
                                   .seed = seed,
                                   .bot_time_ms = flags.movetime_ms,
                                   .threads = flags.threads}),
        in_(in),
        out_(out),
        style_(colour) {
    session_.AddInfo(absl::StrCat("new game of ", session_.game().spec(), "; you are player ",
                                  human(), ", the bot is player ", session_.bot(), "; seed ",
                                  seed));
    session_.AddInfo("type 'help' for help, 'moves' for the legal actions");
  }

  int Run() {
    while (session_.turn() != SessionTurn::kOver) {
      Redraw();
      bool ok = true;
      switch (session_.turn()) {
        case SessionTurn::kEngineChance:
          ok = session_.RollChance().ok();
          break;
        case SessionTurn::kManualChance:
          ok = Ask(kChancePlayer, "dice> ");
          break;
        case SessionTurn::kPerson:
          ok = Ask(human(), position().Kind() == NodeKind::kSimultaneous
                                ? absl::StrCat("your secret choice (player ", human(), ")> ")
                                : absl::StrCat("your move (player ", human(), ")> "));
          break;
        case SessionTurn::kBot:
          ok = BotMove();
          break;
        case SessionTurn::kOver:
          break;
      }
      if (!ok) {
        out_ << "\nbye\n";
        out_.flush();
        return kExitOk;
      }
    }
    Redraw();
    const double result = position().Returns(human());
    const std::string score = absl::StrCat("score: you ", position().Score(human()), ", bot ",
                                           position().Score(session_.bot()));
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
  Player human() const { return session_.person(); }
  // For the board, the scores and the legal lists; what is drawn is the person's view.
  const Position& position() const { return session_.position(); }

  void Redraw() {
    // As the person sees it: the bot's secrets are shown as unknown until the game ends.
    out_ << style_.ClearScreen() << style_.Board(session_.BoardForPerson()) << "\n";
    out_ << style_.Bold(absl::StrCat("you (player ", human(), "): ", position().Score(human()),
                                     "   bot (player ", session_.bot(),
                                     "): ", position().Score(session_.bot())))
         << "\n";
    const std::string hidden = session_.HiddenOfPerson();
    if (!hidden.empty()) out_ << "your hidden: " << hidden << "\n";
    const std::vector<LogEntry>& log = session_.log();
    for (size_t i = log.size() > kLogLines ? log.size() - kLogLines : 0; i < log.size(); ++i) {
      const std::string& line = log[i].text;
      out_ << style_.Dim("| ") << (log[i].who == LogEntry::Who::kBot ? style_.Bot(line) : line)
           << "\n";
    }
    out_.flush();
  }

  // One line of input after `prompt`; false at end of input.
  bool ReadLine(std::string_view prompt, std::string& line) {
    out_ << style_.Bold(prompt) << std::flush;
    if (!std::getline(in_, line)) return false;
    return true;
  }

  void ListMoves(Player actor) {
    if (actor == kChancePlayer) {
      out_ << "possible outcomes (or type the raw faces you rolled, e.g. 'roll 4 2 6'):\n";
      for (const ChanceOutcome& o : position().ChanceOutcomes()) {
        out_ << "  " << position().ActionToString(kChancePlayer, o.outcome) << "   "
             << style_.Dim(absl::StrFormat("(%s = %.1f%%)", o.probability.ToString(),
                                           100 * o.probability.ToDouble()))
             << "\n";
      }
    } else {
      out_ << "legal actions:\n";
      // Several to a line, separated by commas, so long lists stay readable.
      std::string line = " ";
      for (const std::string& text : session_.LegalTexts()) {
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

  // Reads commands until an action of `actor` (the person, or chance with manual dice) is
  // entered; false when the person leaves.
  bool Ask(Player actor, std::string_view prompt) {
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
        return false;
      } else {
        const absl::Status entered = session_.Enter(text);
        if (entered.ok()) return true;
        out_ << style_.Error(Printable(std::string(entered.message()), 400)) << "\n";
        const std::vector<std::string> close = CloseMatches(text, session_.LegalTexts());
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
    return false;
  }

  // What the bot would play in the person's seat: the three most visited actions.
  void Hint(Player actor) {
    if (actor != human()) {
      out_ << "hints are for your own moves; type the outcome (or 'moves')\n";
      return;
    }
    out_ << style_.Dim("thinking about your move...") << "\n" << std::flush;
    const absl::StatusOr<SearchResult> result = session_.Hint();
    if (!result.ok()) {
      out_ << style_.Error(ToStd(result.status().message())) << "\n";
      return;
    }
    out_ << "hint: " << style_.Bold(result->best_action_text) << "\n";
    for (size_t i = 0; i < result->actions.size() && i < 3; ++i) {
      const RootActionStats& stats = result->actions[i];
      out_ << absl::StrFormat("  %-24s win probability %5.1f%%, %d of %d visits\n", stats.text,
                              100 * stats.win_probability, stats.visits, result->iterations);
    }
  }

  // The bot searches from its own seat's information only, with a live progress line.
  bool BotMove() {
    const bool live = style_.colour();
    std::function<void(const SearchProgress&)> on_progress;
    if (live) {
      // With hidden information the bot's favourite so far would tell what it holds.
      const bool show_best = !session_.game().HasHiddenInformation();
      on_progress = [this, show_best](const SearchProgress& progress) {
        out_ << style_.ClearLine()
             << style_.Bot(absl::StrFormat("bot thinking: %.1f s, %d iterations%s",
                                           progress.seconds, progress.iterations,
                                           show_best ? BestSoFar(progress.snapshot) : ""))
             << std::flush;
      };
    } else {
      out_ << style_.Bot("bot thinking...") << "\n" << std::flush;
    }
    const absl::StatusOr<SearchResult> result = session_.BotMove(on_progress);
    if (live) out_ << style_.ClearLine() << std::flush;
    return result.ok();
  }

  GameSession session_;
  std::istream& in_;
  std::ostream& out_;
  TerminalStyle style_;
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
