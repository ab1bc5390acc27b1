// The speed of every ruleset of the list (rulesets/CMakeLists.txt), default parameters and
// scenario: random full games per second (uniform decisions, chance sampled by its
// distribution, independent uniform choices at simultaneous nodes), where the rulesets'
// speed targets ("N random full games per second on one core") are read; and per call,
// on decision states met in random games, LegalActions, Apply and a state copy, and, where
// the ruleset registers them, its evaluator and its playout policy's choice. Run:
//   build/release/bench/ruleset_bench [--benchmark_filter=Quickplay]
#include <memory>
#include <type_traits>
#include <vector>

#include "benchmark/benchmark.h"
#include "engine/chance.h"
#include "engine/check.h"
#include "engine/params.h"
#include "engine/rng.h"
#include "engine/ruleset.h"
#include "rulesets/registered.h"
#include "rulesets/registered_bots.h"

namespace sandtable {
namespace {

template <RegisteredRuleset G>
std::shared_ptr<const G> DefaultGame() {
  static const std::shared_ptr<const G> game = [] {
    const auto params = Params::Resolve(G::ParamDefs(), {});
    CHECK(params.ok());
    auto created = G::Create(*params, "");
    CHECK(created.ok());
    return *std::move(created);
  }();
  return game;
}

template <RegisteredRuleset G>
void BM_RandomGames(benchmark::State& bench) {
  const G& game = *DefaultGame<G>();
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

// The states met in uniform-random games where a player chooses (chance sampled), each
// with its chooser (player 0 at simultaneous nodes) and uniformly chosen legal action(s).
template <RegisteredRuleset G>
struct ChoiceSample {
  std::vector<typename G::State> states;
  std::vector<Player> players;
  std::vector<Action> actions;      // at a decision node
  std::vector<JointAction> joints;  // at a simultaneous node
  std::vector<bool> simultaneous;
  size_t size() const { return states.size(); }
};

template <RegisteredRuleset G>
const ChoiceSample<G>& SampleChoices() {
  constexpr size_t kCount = 4096;
  static const ChoiceSample<G> sample = [] {
    const G& game = *DefaultGame<G>();
    ChoiceSample<G> sample;
    Rng rng(7);
    typename G::State state = game.InitialState();
    ActionList actions;
    ChanceList outcomes;
    while (sample.size() < kCount) {
      const NodeKind kind = game.Kind(state);
      if (kind == NodeKind::kTerminal) {
        state = game.InitialState();
        continue;
      }
      if (kind == NodeKind::kChance) {
        game.ChanceOutcomes(state, outcomes);
        game.Apply(state, SampleChance(outcomes, rng));
        continue;
      }
      const auto pick = [&](Player player) {
        game.LegalActions(state, player, actions);
        return actions[static_cast<int>(rng.Below(static_cast<uint32_t>(actions.size())))];
      };
      const bool joint = kind == NodeKind::kSimultaneous;
      const Player chooser = joint ? 0 : game.CurrentPlayer(state);
      sample.states.push_back(state);
      sample.players.push_back(chooser);
      sample.simultaneous.push_back(joint);
      if (joint) {
        const JointAction choice = {pick(0), pick(1)};
        sample.actions.push_back(kInvalidAction);
        sample.joints.push_back(choice);
        rules::ApplyJoint(game, state, choice);
      } else {
        const Action choice = pick(chooser);
        sample.actions.push_back(choice);
        sample.joints.push_back({});
        game.Apply(state, choice);
      }
    }
    return sample;
  }();
  return sample;
}

template <RegisteredRuleset G>
void BM_LegalActions(benchmark::State& bench) {
  const G& game = *DefaultGame<G>();
  const ChoiceSample<G>& sample = SampleChoices<G>();
  ActionList actions;
  size_t i = 0;
  int64_t total = 0;
  for (auto _ : bench) {
    const size_t k = i++ % sample.size();
    game.LegalActions(sample.states[k], sample.players[k], actions);
    total += actions.size();
    benchmark::DoNotOptimize(actions.data());
  }
  bench.counters["actions/call"] =
      static_cast<double>(total) / static_cast<double>(bench.iterations());
}

template <RegisteredRuleset G>
void BM_Apply(benchmark::State& bench) {
  const G& game = *DefaultGame<G>();
  const ChoiceSample<G>& sample = SampleChoices<G>();
  size_t i = 0;
  for (auto _ : bench) {
    const size_t k = i++ % sample.size();
    typename G::State s = sample.states[k];
    if (sample.simultaneous[k]) {
      rules::ApplyJoint(game, s, sample.joints[k]);
    } else {
      game.Apply(s, sample.actions[k]);
    }
    benchmark::DoNotOptimize(s);
  }
}

template <RegisteredRuleset G>
void BM_StateCopy(benchmark::State& bench) {
  const ChoiceSample<G>& sample = SampleChoices<G>();
  size_t i = 0;
  for (auto _ : bench) {
    typename G::State copy = sample.states[i++ % sample.size()];
    benchmark::DoNotOptimize(copy);
  }
  bench.counters["state_bytes"] = sizeof(typename G::State);
}

// A sample of what the chooser cannot see, as each search iteration draws one.
template <RegisteredRuleset G>
void BM_Determinize(benchmark::State& bench) {
  const G& game = *DefaultGame<G>();
  const ChoiceSample<G>& sample = SampleChoices<G>();
  Rng rng(5);
  size_t i = 0;
  for (auto _ : bench) {
    const size_t k = i++ % sample.size();
    typename G::State world = rules::Determinize(game, sample.states[k], sample.players[k], rng);
    benchmark::DoNotOptimize(world);
  }
}

// BM_Determinize only where there is something hidden to sample.
[[maybe_unused]] const bool kDeterminizeRegistered = [] {
#define SANDTABLE_BENCH_DETERMINIZE(G)                                          \
  if (kHasHiddenInformation<G>) {                                               \
    benchmark::RegisterBenchmark("BM_Determinize<" #G ">", &BM_Determinize<G>); \
  }
  SANDTABLE_FOR_EACH_RULESET(SANDTABLE_BENCH_DETERMINIZE)
#undef SANDTABLE_BENCH_DETERMINIZE
  return true;
}();

// The registered evaluator on the sampled states, as playouts cut short ask it.
template <RegisteredRuleset G, typename E>
void BM_Evaluate(benchmark::State& bench) {
  const G& game = *DefaultGame<G>();
  const ChoiceSample<G>& sample = SampleChoices<G>();
  const E evaluator{};
  size_t i = 0;
  for (auto _ : bench) {
    benchmark::DoNotOptimize(evaluator.Evaluate(game, sample.states[i++ % sample.size()]));
  }
}

// The registered playout policy's choice at the sampled decision states (legal actions
// listed outside the timing, as a playout has them already).
template <RegisteredRuleset G, typename P>
void BM_RolloutChoose(benchmark::State& bench) {
  const G& game = *DefaultGame<G>();
  const ChoiceSample<G>& sample = SampleChoices<G>();
  std::vector<size_t> decisions;
  std::vector<ActionList> legal;
  for (size_t k = 0; k < sample.size(); ++k) {
    if (sample.simultaneous[k]) continue;
    decisions.push_back(k);
    legal.emplace_back();
    game.LegalActions(sample.states[k], sample.players[k], legal.back());
  }
  CHECK(!decisions.empty());
  const P policy{};
  Rng rng(9);
  size_t i = 0;
  for (auto _ : bench) {
    const size_t d = i++ % decisions.size();
    benchmark::DoNotOptimize(policy.Choose(game, sample.states[decisions[d]], legal[d], rng));
  }
}

// Only the evaluators and policies a ruleset registers (not the neutral and uniform ones).
[[maybe_unused]] const bool kBotsRegistered = [] {
#define SANDTABLE_BENCH_BOT(G, E, P)                                                   \
  if (!std::is_same_v<E, NeutralEvaluator>) {                                          \
    benchmark::RegisterBenchmark("BM_Evaluate<" #G ">", &BM_Evaluate<G, E>);           \
  }                                                                                    \
  if (!std::is_same_v<P, UniformRollout>) {                                            \
    benchmark::RegisterBenchmark("BM_RolloutChoose<" #G ">", &BM_RolloutChoose<G, P>); \
  }
  SANDTABLE_FOR_EACH_RULESET_BOT(SANDTABLE_BENCH_BOT)
#undef SANDTABLE_BENCH_BOT
  return true;
}();

#define SANDTABLE_BENCH_RULESET(G)        \
  BENCHMARK_TEMPLATE(BM_RandomGames, G);  \
  BENCHMARK_TEMPLATE(BM_LegalActions, G); \
  BENCHMARK_TEMPLATE(BM_Apply, G);        \
  BENCHMARK_TEMPLATE(BM_StateCopy, G);
SANDTABLE_FOR_EACH_RULESET(SANDTABLE_BENCH_RULESET)
#undef SANDTABLE_BENCH_RULESET

}  // namespace
}  // namespace sandtable
