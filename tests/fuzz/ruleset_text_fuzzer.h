// A libFuzzer body for a ruleset's text parsers, shared by every ruleset's target. The
// first input byte picks what to parse (byte % 4: a state, an action of player 0 or 1, a
// chance outcome) and at which of a few fixed states (byte / 4, modulo their number; the
// states come from seeded random play from the initial state); the rest is the text. Properties: no
// crash; a state that parses prints to a text that parses back to it; an action that parses is one
// of the actor's legal actions (or chance outcomes) and prints to a text that parses back to it.
#ifndef SANDTABLE_TESTS_FUZZ_RULESET_TEXT_FUZZER_H_
#define SANDTABLE_TESTS_FUZZ_RULESET_TEXT_FUZZER_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chance.h"
#include "engine/check.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "tests/conformance/invariants.h"

namespace sandtable::fuzz {

template <RegisteredRuleset G>
class RulesetTextFuzzer {
 public:
  explicit RulesetTextFuzzer(std::string_view scenario_text = "") {
    auto params = Params::Resolve(G::ParamDefs(), {});
    CHECK(params.ok());
    auto game = G::Create(*params, scenario_text);
    CHECK(game.ok());
    game_ = *game;
    // A handful of non-terminal states along three seeded random games.
    for (uint64_t seed = 0; seed < 3; ++seed) {
      Rng rng(seed);
      typename G::State state = game_->InitialState();
      for (int step = 0; game_->Kind(state) != NodeKind::kTerminal; ++step) {
        if (step % 3 == 0 && states_.size() < kMaxStates - 3) states_.push_back(state);
        Step(state, rng);
      }
      states_.push_back(state);
    }
  }

  void Run(const uint8_t* data, size_t size) {
    if (size == 0) return;
    const int what = data[0] % 4;  // state, player 0, player 1, chance
    const typename G::State& state = states_[(data[0] / 4) % states_.size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    if (what == 0) {
      auto parsed = game_->ParseState(text);
      if (!parsed.ok()) return;
      const std::string printed = game_->StateToString(*parsed);
      auto again = game_->ParseState(printed);
      if (!again.ok() || !(*again == *parsed)) Fail("state", printed);
      return;
    }
    const Player actor = what == 3 ? kChancePlayer : what - 1;
    auto action = game_->ParseAction(state, actor, text);
    if (!action.ok()) return;
    const std::vector<Action> legal = conformance::ActionsOf(*game_, state, actor);
    const std::vector<Player> actors = conformance::Actors(*game_, state);
    if (std::find(actors.begin(), actors.end(), actor) == actors.end() ||
        std::find(legal.begin(), legal.end(), *action) == legal.end()) {
      Fail("accepted an action that is not legal here", game_->StateToString(state));
    }
    const std::string printed = game_->ActionToString(state, actor, *action);
    auto again = game_->ParseAction(state, actor, printed);
    if (!again.ok() || *again != *action) Fail("action", printed);
  }

 private:
  void Step(typename G::State& state, Rng& rng) {
    const NodeKind kind = game_->Kind(state);
    if (kind == NodeKind::kSimultaneous) {
      JointAction joint;
      for (Player p = 0; p < kNumPlayers; ++p) {
        ActionList actions;
        game_->LegalActions(state, p, actions);
        joint[p] = actions[rng.Below(actions.size())];
      }
      rules::ApplyJoint(*game_, state, joint);
    } else if (kind == NodeKind::kChance) {
      ChanceList outcomes;
      game_->ChanceOutcomes(state, outcomes);
      game_->Apply(state, SampleChance(outcomes, rng));
    } else {
      ActionList actions;
      game_->LegalActions(state, game_->CurrentPlayer(state), actions);
      game_->Apply(state, actions[rng.Below(actions.size())]);
    }
  }

  [[noreturn]] static void Fail(const char* what, const std::string& text) {
    std::fprintf(stderr, "%s: round trip broken for '%s'\n", what, text.c_str());
    std::abort();
  }

  static constexpr size_t kMaxStates = 64;

  std::shared_ptr<const G> game_;
  std::vector<typename G::State> states_;
};

}  // namespace sandtable::fuzz

#endif  // SANDTABLE_TESTS_FUZZ_RULESET_TEXT_FUZZER_H_
