// Latency of the browser board's requests, excluding the bot's thinking (issue 17's bars: a
// click asking for legal actions or odds within 20 ms, a full board update under 100 ms).
// Each runs through WebApi::Handle from a quickplay game with the Tank selected.
#include <benchmark/benchmark.h>

#include <string>

#include "tools/json_writer.h"
#include "tools/web/web_api.h"

namespace sandtable {
namespace {

std::string StartGame(WebApi& api) {
  const WebResponse created =
      api.Handle({"POST", "/api/games", R"({"ruleset": "quickplay", "botIterations": 10})"});
  const std::string id = Json::parse(created.body)["id"];
  api.Handle({"POST", "/api/games/" + id + "/act", R"({"action": "T"})"});
  return id;
}

// The full board update: state with the SVG, the log and the legal actions with cells.
void BM_StateWithBoard(benchmark::State& state) {
  WebApi api;
  const std::string id = StartGame(api);
  for (auto _ : state) {
    const WebResponse response = api.Handle({"GET", "/api/games/" + id, ""});
    benchmark::DoNotOptimize(response.body.data());
  }
  state.SetLabel("bar: 100 ms");
}
BENCHMARK(BM_StateWithBoard)->Unit(benchmark::kMillisecond);

// Hovering a target: the exact odds of the Tank's cannon at the Brassbounder.
void BM_OddsOfAShot(benchmark::State& state) {
  WebApi api;
  const std::string id = StartGame(api);
  for (auto _ : state) {
    const WebResponse response =
        api.Handle({"POST", "/api/games/" + id + "/odds", R"({"action": "shoot b cannon"})"});
    benchmark::DoNotOptimize(response.body.data());
  }
  state.SetLabel("bar: 20 ms");
}
BENCHMARK(BM_OddsOfAShot)->Unit(benchmark::kMillisecond);

// Clicking a move: the action applied and the new state (legal actions and board) back.
void BM_ActAndUndo(benchmark::State& state) {
  WebApi api;
  const std::string id = StartGame(api);
  for (auto _ : state) {
    api.Handle({"POST", "/api/games/" + id + "/act", R"({"action": "move 2,2"})"});
    const WebResponse response = api.Handle({"POST", "/api/games/" + id + "/undo", "{}"});
    benchmark::DoNotOptimize(response.body.data());
  }
  state.SetLabel("two requests; bar: 20 ms each");
}
BENCHMARK(BM_ActAndUndo)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sandtable
