// Random full games per second for every ruleset of the list (rulesets/CMakeLists.txt),
// default parameters and scenario: uniform decisions, chance sampled by its distribution,
// independent uniform choices at simultaneous nodes. The rulesets' speed targets ("N random
// full games per second on one core") are read here. Run:
//   build/release/bench/ruleset_bench
#include <memory>

#include "benchmark/benchmark.h"
#include "engine/chance.h"
#include "engine/check.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "rulesets/registered.h"

namespace sandtable {
namespace {

template <RegisteredRuleset G>
void BM_RandomGames(benchmark::State& bench) {
  const auto params = Params::Resolve(G::ParamDefs(), {});
  CHECK(params.ok());
  const auto created = G::Create(*params, "");
  CHECK(created.ok());
  const G& game = **created;
  Rng rng(1);
  ActionList actions;
  ChanceList outcomes;
  int64_t steps = 0;
  for (auto _ : bench) {
    typename G::State state = game.InitialState();
    for (NodeKind kind = game.Kind(state); kind != NodeKind::kTerminal; kind = game.Kind(state)) {
      if (kind == NodeKind::kChance) {
        game.ChanceOutcomes(state, outcomes);
        game.Apply(state, SampleChance(outcomes, rng));
      } else if (kind == NodeKind::kSimultaneous) {
        JointAction joint;
        for (Player p = 0; p < kNumPlayers; ++p) {
          game.LegalActions(state, p, actions);
          joint[p] = actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
        }
        rules::ApplyJoint(game, state, joint);
      } else {
        game.LegalActions(state, game.CurrentPlayer(state), actions);
        game.Apply(state,
                   actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))]);
      }
      ++steps;
    }
    benchmark::DoNotOptimize(state);
  }
  bench.SetItemsProcessed(bench.iterations());  // games
  bench.counters["steps/game"] =
      benchmark::Counter(static_cast<double>(steps) / static_cast<double>(bench.iterations()));
}

#define SANDTABLE_BENCH_RULESET(G) BENCHMARK_TEMPLATE(BM_RandomGames, G);
SANDTABLE_FOR_EACH_RULESET(SANDTABLE_BENCH_RULESET)
#undef SANDTABLE_BENCH_RULESET

}  // namespace
}  // namespace sandtable
