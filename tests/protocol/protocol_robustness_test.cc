// Robustness: 100,000 seeded random and mutated lines. Every line gets at most one error
// line, an erroring line changes nothing, and afterwards `isready` still answers and `d`
// shows the position the last accepted line left.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/rng.h"
#include "tests/protocol/protocol_harness.h"
#include "tools/protocol_text.h"
#include "tools/registry.h"

namespace sandtable::protocol_test {
namespace {

const std::vector<std::string>& SeedLines() {
  static const std::vector<std::string>* const lines = new std::vector<std::string>{
      "uci",
      "isready",
      "ucinewgame",
      "d",
      "d player 1",
      "d svg player 0",
      "moves",
      "stop",
      "belief",
      "perft 1",
      "perft 2",
      "bench iterations 5",
      "go iterations 20",
      "go movetime 5",
      "go infinite",
      "odds claim 1",
      "odds",
      "position startpos",
      "position startpos moves pick 1 | pick 2; claim 1; roll 4; pass",
      "position startpos moves pick 3|pick 3; claim 2; high; claim 1",
      "position startpos moves pick 2 | hidden; hidden; hidden; claim 1",
      "position state round 0 phase 1 picks 2 2 claimed -1 -1 score 0 0 bonus 0 moves claim 2",
      "setoption name MultiPV value 3",
      "setoption name Threads value 2",
      "setoption name Seat value 1",
      "setoption name UCBConstant value 0.5",
      "setoption name Deterministic value true",
      "setoption name Simultaneous value exp3",
      "setoption name Rollout value uniform",
      "setoption name UCBValues value normalized",
      "setoption name Ruleset value pick_claim(rounds=3)",
      "setoption name Ruleset value pick_claim",
      "setoption name Scenario value <empty>",
      "setoption name Seed value 12345",
  };
  return *lines;
}

const std::vector<std::string>& Words() {
  static const std::vector<std::string>* const words =
      new std::vector<std::string>{"position",
                                   "startpos",
                                   "state",
                                   "moves",
                                   "go",
                                   "iterations",
                                   "movetime",
                                   "infinite",
                                   "setoption",
                                   "name",
                                   "value",
                                   "hidden",
                                   "|",
                                   ";",
                                   "pick",
                                   "claim",
                                   "pass",
                                   "roll",
                                   "low",
                                   "mid",
                                   "high",
                                   "1",
                                   "2",
                                   "3",
                                   "0",
                                   "-1",
                                   "99999999999999999999",
                                   "perft",
                                   "odds",
                                   "d",
                                   "Ruleset",
                                   "pick_claim(rounds=",
                                   "",
                                   "\t",
                                   "\xff",
                                   "\x01",
                                   "<empty>",
                                   "stop",
                                   "isready"};
  return *words;
}

std::string Mutate(std::string line, Rng& rng) {
  const int edits = 1 + static_cast<int>(rng.Below(4));
  for (int e = 0; e < edits; ++e) {
    switch (rng.Below(7)) {
      case 0:  // flip a byte
        if (!line.empty()) line[rng.Below(line.size())] = static_cast<char>(rng.Below(256));
        break;
      case 1:  // delete a span
        if (!line.empty()) {
          const size_t at = rng.Below(line.size());
          line.erase(at, 1 + rng.Below(8));
        }
        break;
      case 2: {  // insert a word
        const std::string& word = Words()[rng.Below(Words().size())];
        line.insert(rng.Below(line.size() + 1), " " + word + " ");
        break;
      }
      case 3:  // truncate
        line.resize(rng.Below(line.size() + 1));
        break;
      case 4:  // splice with another seed line
        line += " " + SeedLines()[rng.Below(SeedLines().size())];
        break;
      case 5:  // a digit somewhere
        line.insert(rng.Below(line.size() + 1), std::to_string(rng.Below(100000)));
        break;
      default: {  // random words
        std::string random;
        const int n = static_cast<int>(rng.Below(6));
        for (int i = 0; i < n; ++i) random += Words()[rng.Below(Words().size())] + " ";
        line = random;
        break;
      }
    }
  }
  return line;
}

// Sends `count` lines built from `seeds` and checks every answer.
void Storm(Harness& h, const std::vector<std::string>& seeds, int count, uint64_t seed) {
  Rng rng(seed);
  int errors = 0;
  std::string fingerprint = h.session().Fingerprint();
  for (int i = 0; i < count; ++i) {
    std::string line = seeds[rng.Below(seeds.size())];
    if (rng.Below(4) != 0) line = Mutate(line, rng);
    const std::vector<std::string_view> words = SplitWords(line);
    if (!words.empty() && words[0] == "quit") continue;
    const size_t mark = h.Mark();
    h.Send(line);
    // Long work started by the line is ended at once, so the run stays short.
    if (h.session().JobRunning()) h.Send("stop");
    const std::vector<std::string> out = h.LinesFrom(mark);
    int line_errors = 0;
    for (const std::string& o : out) {
      ASSERT_EQ(o.find('\n'), std::string::npos);
      line_errors += IsError(o) ? 1 : 0;
    }
    ASSERT_LE(line_errors, 1) << "line " << i << ": " << line;
    const std::string now = h.session().Fingerprint();
    if (line_errors == 1) {
      ++errors;
      ASSERT_EQ(now, fingerprint) << "an erroring line changed state: " << line;
    }
    fingerprint = now;
  }
  EXPECT_GT(errors, count / 10);  // the mutations do reach the error paths
  const std::vector<std::string> d_before = h.Send("d");
  EXPECT_EQ(h.Send("isready"), std::vector<std::string>{"readyok"});
  EXPECT_EQ(h.Send("d"), d_before);
  EXPECT_EQ(h.session().Fingerprint(), fingerprint);
}

TEST(ProtocolRobustness, HundredThousandRandomAndMutatedLines) {
  Harness h;
  Storm(h, SeedLines(), 100'000, 2026);
}

// A shorter storm on each registered ruleset with the real searcher, seeded with its own
// notation (the first legal actions of the start position).
TEST(ProtocolRobustness, RegisteredRulesetsSurviveMutatedLines) {
  const std::vector<RulesetInfo> rulesets = ListRulesets();
  if (rulesets.empty()) GTEST_SKIP() << "no ruleset is registered yet";
  for (const RulesetInfo& info : rulesets) {
    SCOPED_TRACE(info.name);
    Harness h(
        [](std::string_view spec, std::string_view scenario) { return CreateGame(spec, scenario); },
        info.name);
    std::vector<std::string> seeds = {"d",
                                      "moves",
                                      "isready",
                                      "go iterations 10",
                                      "perft 1",
                                      "position startpos",
                                      "ucinewgame",
                                      "belief",
                                      absl::StrCat("setoption name Ruleset value ", info.name)};
    for (const std::string& line : h.Send("moves")) {
      if (line.rfind("action ", 0) == 0 && line.size() > 9) {
        seeds.push_back("position startpos moves " + line.substr(9));
        seeds.push_back("odds " + line.substr(9));
      } else if (line.rfind("outcome ", 0) == 0) {
        const size_t last_space = line.find(' ', line.find(' ', 8) + 1);
        seeds.push_back("position startpos moves " + line.substr(last_space + 1));
      }
    }
    Storm(h, seeds, 3000, 7);
  }
}

}  // namespace
}  // namespace sandtable::protocol_test
