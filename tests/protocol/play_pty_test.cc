// `sandtable play` driven through a pseudo-terminal, as a person would use it.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "tools/play.h"

#ifndef SANDTABLE_BINARY
#error "SANDTABLE_BINARY must name the sandtable executable"
#endif

namespace sandtable {
namespace {

class PtyProcess {
 public:
  // Starts `sandtable args...` on a new pseudo-terminal with the environment `env`.
  PtyProcess(std::vector<std::string> args, std::vector<std::string> env) {
    args.insert(args.begin(), SANDTABLE_BINARY);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<char*> envp;
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    pid_ = forkpty(&master_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      // Only async-signal-safe calls between fork and exec.
      execve(argv[0], argv.data(), envp.data());
      _exit(127);
    }
  }
  ~PtyProcess() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0) close(master_);
  }

  bool started() const { return pid_ > 0 && master_ >= 0; }

  void Write(std::string_view text) {
    ASSERT_EQ(write(master_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }

  // Reads until `marker` appears after the current read position (true) or the timeout.
  bool ReadUntil(std::string_view marker, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
      const size_t found = output_.find(marker, consumed_);
      if (found != std::string::npos) {
        consumed_ = found + marker.size();
        return true;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd fd{master_, POLLIN, 0};
      if (poll(&fd, 1, static_cast<int>(left.count())) <= 0) continue;
      char buffer[4096];
      const ssize_t n = read(master_, buffer, sizeof(buffer));
      if (n <= 0) return output_.find(marker, consumed_) != std::string::npos;
      output_.append(buffer, static_cast<size_t>(n));
    }
  }

  // Waits for the process to end; its exit code, or -1.
  int Wait(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      ReadUntil("\x01never\x01", std::chrono::milliseconds(20));
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      }
    }
    return -1;
  }

  const std::string& output() const { return output_; }

 private:
  pid_t pid_ = -1;
  int master_ = -1;
  bool exited_ = false;
  std::string output_;
  size_t consumed_ = 0;
};

constexpr std::chrono::seconds kTimeout(20);

TEST(PlayPty, SimultaneousGameWithColourHintsAndEndOfInput) {
  PtyProcess play(
      {"play", "--ruleset", "goofspiel(cards=4)", "--movetime", "20", "--seed", "5", "--side", "1"},
      {"TERM=xterm", "PATH=/usr/bin:/bin"});
  ASSERT_TRUE(play.started());
  ASSERT_TRUE(play.ReadUntil("your secret choice (player 1)> ", kTimeout)) << play.output();
  EXPECT_NE(play.output().find("\x1b["), std::string::npos);  // colour on a terminal
  EXPECT_NE(play.output().find("the bot has made its secret choice"), std::string::npos);
  play.Write("moves\n");
  ASSERT_TRUE(play.ReadUntil("legal actions:", kTimeout)) << play.output();
  play.Write("bdi 4\n");
  ASSERT_TRUE(play.ReadUntil("did you mean: bid 4", kTimeout)) << play.output();
  play.Write("bid 4\n");
  ASSERT_TRUE(play.ReadUntil("bot chose ", kTimeout)) << play.output();
  ASSERT_TRUE(play.ReadUntil("your secret choice (player 1)> ", kTimeout)) << play.output();
  play.Write("bid 1\n");
  ASSERT_TRUE(play.ReadUntil("your secret choice (player 1)> ", kTimeout)) << play.output();
  play.Write("\x04");  // Ctrl-D: end of input
  EXPECT_EQ(play.Wait(kTimeout), 0) << play.output();
  EXPECT_NE(play.output().find("bye"), std::string::npos);
}

TEST(PlayPty, FullGameToTheResultWithoutColour) {
  PtyProcess play({"play", "--ruleset", "goofspiel(cards=3)", "--movetime", "10", "--seed", "9"},
                  {"TERM=xterm", "NO_COLOR=1"});
  ASSERT_TRUE(play.started());
  for (const char* bid : {"bid 3", "bid 2", "bid 1"}) {
    ASSERT_TRUE(play.ReadUntil("your secret choice (player 0)> ", kTimeout)) << play.output();
    play.Write(std::string(bid) + "\n");
  }
  ASSERT_TRUE(play.ReadUntil("Game over: ", kTimeout)) << play.output();
  EXPECT_EQ(play.Wait(kTimeout), 0) << play.output();
  EXPECT_EQ(play.output().find("\x1b["), std::string::npos);  // NO_COLOR respected
  EXPECT_NE(play.output().find("score: you "), std::string::npos);
}

TEST(PlayPty, BadFlagsExitWithTwo) {
  PtyProcess play({"play", "--dice", "sometimes"}, {"TERM=dumb"});
  ASSERT_TRUE(play.started());
  EXPECT_EQ(play.Wait(kTimeout), 2);
  EXPECT_NE(play.output().find("--dice must be auto or manual"), std::string::npos);
}

TEST(PlayText, ManualDiceAreTypedInWithHelpfulErrors) {
  const char* argv[] = {"play",   "--ruleset", "kuhn_poker", "--dice", "manual",
                        "--seed", "1",         "--movetime", "5"};
  // The person types its own card; the bot's card is drawn by the engine (typing it would
  // show it), so the next line is the person's move.
  std::istringstream in("A\nmoves\nK\np\n");
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(RunPlayWith(9, argv, in, out, err, /*colour=*/false), 0) << err.str();
  const std::string text = out.str();
  EXPECT_NE(text.find("illegal outcome 'A'"), std::string::npos) << text;
  EXPECT_NE(text.find("possible outcomes"), std::string::npos) << text;
  EXPECT_NE(text.find("| chance: K"), std::string::npos) << text;
  EXPECT_NE(text.find("| chance: (an outcome only the bot sees)"), std::string::npos) << text;
  EXPECT_NE(text.find("| you play p"), std::string::npos) << text;
  EXPECT_EQ(text.find("\x1b["), std::string::npos);
}

TEST(PlayText, ManualDiceLeaveTheBotsSecretOutcomesToTheEngine) {
  // Seat 1: the bot's card is dealt first, by the engine and unseen; then the person types
  // its own card (seed 2: the engine's card for the bot is not J).
  const char* argv[] = {"play", "--ruleset",  "kuhn_poker", "--dice", "manual", "--seed",
                        "2",    "--movetime", "5",          "--side", "1"};
  std::istringstream in("J\np\n");
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(RunPlayWith(11, argv, in, out, err, /*colour=*/false), 0) << err.str();
  const std::string text = out.str();
  const size_t secret = text.find("| chance: (an outcome only the bot sees)");
  const size_t typed = text.find("| chance: J");
  ASSERT_NE(secret, std::string::npos) << text;
  ASSERT_NE(typed, std::string::npos) << text;
  EXPECT_LT(secret, typed) << text;
  EXPECT_NE(text.find("Game over"), std::string::npos) << text;
}

TEST(PlayText, TheBoardShowsTheBotsCardOnlyWhenTheGameIsOver) {
  // The person (seat 0) types K; the bot's card, J or Q, is drawn unseen.
  const char* argv[] = {"play",   "--ruleset", "kuhn_poker", "--dice", "manual",
                        "--seed", "3",         "--movetime", "5"};
  std::istringstream in("K\nb\n");
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(RunPlayWith(9, argv, in, out, err, /*colour=*/false), 0) << err.str();
  const std::string text = out.str();
  ASSERT_NE(text.find("Game over"), std::string::npos) << text;
  std::vector<std::string> bot_card;  // as drawn on each board
  for (size_t at = text.find("Player 1: "); at != std::string::npos;
       at = text.find("Player 1: ", at + 1)) {
    bot_card.push_back(text.substr(at + 10, 1));
  }
  ASSERT_GE(bot_card.size(), 3u) << text;  // after the deal, after each move
  EXPECT_NE(text.find("Player 0: K\nPlayer 1: ?\n"), std::string::npos) << text;
  // Every board but the last, drawn when the game is over, hides it ("-": not dealt yet).
  for (size_t i = 0; i + 1 < bot_card.size(); ++i) {
    EXPECT_TRUE(bot_card[i] == "?" || bot_card[i] == "-") << i << "\n" << text;
  }
  EXPECT_TRUE(bot_card.back() == "J" || bot_card.back() == "Q") << text;
}

TEST(PlayText, HintIsForThePersonsOwnMoves) {
  const char* argv[] = {"play",   "--ruleset", "kuhn_poker", "--dice", "manual",
                        "--seed", "1",         "--movetime", "5"};
  // A hint at the dice prompt is refused; at the person's move it names an action and
  // lists the legal ones by visits (kuhn_poker's first move: pass or bet).
  std::istringstream in("hint\nK\nhint\np\n");
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(RunPlayWith(9, argv, in, out, err, /*colour=*/false), 0) << err.str();
  const std::string text = out.str();
  EXPECT_NE(text.find("hints are for your own moves"), std::string::npos) << text;
  const size_t hint = text.find("hint: ");
  ASSERT_NE(hint, std::string::npos) << text;
  const std::string best = text.substr(hint + 6, 1);
  EXPECT_TRUE(best == "p" || best == "b") << text;
  EXPECT_NE(text.find("\n  " + best + " ", hint), std::string::npos) << text;
  EXPECT_NE(text.find("win probability", hint), std::string::npos) << text;
  EXPECT_NE(text.find("| you play p"), std::string::npos) << text;
}

TEST(PlayText, CloseMatchesPreferPrefixesAndSmallEdits) {
  const std::vector<std::string> legal = {"bid 1", "bid 2", "bid 10", "pass", "move 3,4"};
  EXPECT_EQ(CloseMatches("bdi 2", legal), (std::vector<std::string>{"bid 2"}));
  EXPECT_EQ(CloseMatches("bid 1", {"bid 10", "pass"}), (std::vector<std::string>{"bid 10"}));
  EXPECT_EQ(CloseMatches("mvoe 3,4", legal), (std::vector<std::string>{"move 3,4"}));
  EXPECT_TRUE(CloseMatches("fire everything", legal).empty());
}

}  // namespace
}  // namespace sandtable
