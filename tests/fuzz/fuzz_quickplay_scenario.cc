// Fuzzes quickplay's scenario reader: QuickplayGame::Create with arbitrary scenario text
// (through the engine's tokeniser) either fails with an error or gives a game that can be
// played: a short random game from it keeps every conformance invariant.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "engine/chance.h"
#include "engine/params.h"
#include "rulesets/quickplay/quickplay.h"
#include "tests/conformance/invariants.h"

namespace {

constexpr int kMaxSteps = 40;  // keep each input cheap

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using sandtable::QuickplayGame;
  namespace conformance = sandtable::conformance;
  static const auto* params = new sandtable::Params(
      *sandtable::Params::Resolve(QuickplayGame::ParamDefs(), {{"deployment", "alternate"}}));
  static const auto* fixed_params =
      new sandtable::Params(*sandtable::Params::Resolve(QuickplayGame::ParamDefs(), {}));
  if (size == 0) return 0;
  // The first byte picks fixed or alternate deployment.
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto game = QuickplayGame::Create((data[0] & 1) ? *params : *fixed_params, text);
  if (!game.ok()) return 0;
  sandtable::Rng rng(size);
  conformance::RandomGameOptions options;
  options.determinize_samples = 1;
  QuickplayGame::State state = (*game)->InitialState();
  for (int step = 0; step < kMaxSteps; ++step) {
    if (absl::Status s = conformance::CheckState(**game, state, rng, options); !s.ok()) {
      std::fprintf(stderr, "invariant broken: %s\n", std::string(s.message()).c_str());
      std::abort();
    }
    const sandtable::NodeKind kind = (*game)->Kind(state);
    if (kind == sandtable::NodeKind::kTerminal) break;
    if (kind == sandtable::NodeKind::kChance) {
      sandtable::ChanceList outcomes;
      (*game)->ChanceOutcomes(state, outcomes);
      (*game)->Apply(state, sandtable::SampleChance(outcomes, rng));
    } else {
      sandtable::ActionList actions;
      (*game)->LegalActions(state, (*game)->CurrentPlayer(state), actions);
      (*game)->Apply(state, actions[rng.Below(actions.size())]);
    }
  }
  return 0;
}
