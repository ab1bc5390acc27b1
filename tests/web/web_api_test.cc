// The web API as a function over requests: a whole game, every error case, concurrent
// sessions, and no hidden information of the bot in any response.
#include "tools/web/web_api.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tools/json_writer.h"

namespace sandtable {
namespace {

struct Reply {
  int status;
  Json body;
};

Reply Call(WebApi& api, const std::string& method, const std::string& path,
           const std::string& body = "") {
  const WebResponse response = api.Handle({method, path, body});
  Json json = Json::parse(response.body, nullptr, false);
  return {response.status, json};
}

Reply Post(WebApi& api, const std::string& path, const Json& body) {
  return Call(api, "POST", path, JsonText(body));
}

// Waits for the bot's move and returns the state after it.
Json WaitForBot(WebApi& api, const std::string& id) {
  for (int i = 0; i < 3000; ++i) {
    const Json progress = api.BotProgress(id);
    if (!progress.value("thinking", true)) return progress["state"];
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ADD_FAILURE() << "the bot did not move";
  return Json::object();
}

// Plays until the end: the person picks the last legal action, the bot moves when its turn.
Json PlayOut(WebApi& api, Json state, int& person_moves) {
  const std::string id = state["id"];
  for (int step = 0; step < 2000 && state["turn"] != "over"; ++step) {
    if (state["turn"] == "bot") {
      EXPECT_EQ(Post(api, "/api/games/" + id + "/bot", Json::object()).status, 202);
      state = WaitForBot(api, id);
      continue;
    }
    EXPECT_FALSE(state["actions"].empty()) << state.dump();
    const std::string action = state["actions"].back()["text"];
    Reply reply = Post(api, "/api/games/" + id + "/act", {{"action", action}});
    EXPECT_EQ(reply.status, 200) << reply.body.dump();
    state = reply.body;
    ++person_moves;
  }
  return state;
}

TEST(WebApi, PlaysAWholeQuickplayGameWithCellsOddsUndoAndSave) {
  WebApi api;
  Reply created =
      Post(api, "/api/games", {{"ruleset", "quickplay"}, {"botIterations", 30}, {"seed", 7}});
  ASSERT_EQ(created.status, 201) << created.body.dump();
  Json state = created.body;
  const std::string id = state["id"];
  EXPECT_EQ(state["turn"], "person");
  EXPECT_NE(state["board"]["svg"].get<std::string>().find("data-cell=\""), std::string::npos);
  // Selecting a unit points at the unit's cell.
  for (const Json& action : state["actions"]) EXPECT_GE(action["cell"].get<int>(), 0);
  Reply selected = Post(api, "/api/games/" + id + "/act", {{"action", "T"}});
  ASSERT_EQ(selected.status, 200);
  bool has_end = false;
  for (const Json& action : selected.body["actions"]) {
    if (action["text"] == "end") {
      has_end = true;
      EXPECT_EQ(action["cell"], -1);
    }
  }
  EXPECT_TRUE(has_end);
  Reply odds = Post(api, "/api/games/" + id + "/odds", {{"action", "shoot b cannon"}});
  ASSERT_EQ(odds.status, 200) << odds.body.dump();
  EXPECT_EQ(odds.body["lines"].size(), 3u);
  EXPECT_EQ(odds.body["lines"][2]["fraction"], "441/2500");
  // Undo takes the selection back.
  Reply undone = Post(api, "/api/games/" + id + "/undo", Json::object());
  ASSERT_EQ(undone.status, 200);
  EXPECT_EQ(undone.body["actions"].size(), state["actions"].size());
  EXPECT_FALSE(undone.body["canUndo"]);
  int moves = 0;
  state = PlayOut(api, undone.body, moves);
  EXPECT_EQ(state["turn"], "over");
  EXPECT_FALSE(state["result"].get<std::string>().empty());
  EXPECT_GT(moves, 10);
  // Saved and loaded into a new game, it ends at the same place.
  Reply saved = Call(api, "GET", "/api/games/" + id + "/save");
  ASSERT_EQ(saved.status, 200) << saved.body.dump();
  Reply other = Post(api, "/api/games", {{"ruleset", "quickplay"}});
  Reply loaded =
      Post(api, "/api/games/" + other.body["id"].get<std::string>() + "/load", saved.body);
  ASSERT_EQ(loaded.status, 200) << loaded.body.dump();
  EXPECT_EQ(loaded.body["turn"], "over");
  EXPECT_EQ(loaded.body["score"], state["score"]);
}

TEST(WebApi, EveryErrorIsOneJsonErrorAndChangesNothing) {
  WebLimits limits;
  limits.max_sessions = 2;
  WebApi api(limits);
  Reply created = Post(api, "/api/games", {{"ruleset", "quickplay"}, {"botIterations", 20}});
  const std::string id = created.body["id"];
  const std::string before = JsonText(Call(api, "GET", "/api/games/" + id).body);
  const std::vector<std::pair<WebRequest, int>> bad = {
      {{"POST", "/api/games/" + id + "/act", "{not json"}, 400},
      {{"POST", "/api/games/" + id + "/act", "[1,2]"}, 400},
      {{"POST", "/api/games/" + id + "/act", R"({"action": 5})"}, 400},
      {{"POST", "/api/games/" + id + "/act", R"({"action": "fly away"})"}, 400},
      {{"POST", "/api/games/" + id + "/act", std::string(70000, ' ')}, 413},
      {{"POST", "/api/games/nosuchgame/act", R"({"action": "T"})"}, 404},
      {{"POST", "/api/games/" + id + "/bot", "{}"}, 409},
      {{"POST", "/api/games/" + id + "/undo", "{}"}, 409},
      {{"POST", "/api/games/" + id + "/fly", "{}"}, 404},
      {{"PUT", "/api/games/" + id, "{}"}, 405},
      {{"POST", "/api/games/" + id + "/odds", R"({"action": "nonsense"})"}, 400},
      {{"POST", "/api/games/" + id + "/load", R"({"moves": ["T", "fly"]})"}, 400},
      {{"POST", "/api/games/" + id + "/load", R"({"ruleset": "goofspiel"})"}, 400},
      {{"POST", "/api/games", R"({"ruleset": "chess"})"}, 400},
      {{"POST", "/api/games", R"({"side": 2})"}, 400},
      {{"POST", "/api/games", R"({"botIterations": -5})"}, 400},
      {{"POST", "/api/games", R"({"dice": "loaded"})"}, 400},
      {{"POST", "/api/analyse", R"({"state": "garbage"})"}, 400},
      {{"POST", "/api/analyse", R"({"iterations": 100000000})"}, 400},
      {{"GET", "/../../etc/passwd", ""}, 404},
      {{"GET", "/%2e%2e/CMakeLists.txt", ""}, 404},
      {{"GET", "/api/nothing", ""}, 404},
  };
  for (const auto& [request, status] : bad) {
    const WebResponse response = api.Handle(request);
    EXPECT_EQ(response.status, status) << request.method << " " << request.path;
    const Json body = Json::parse(response.body, nullptr, false);
    ASSERT_TRUE(body.is_object()) << response.body;
    EXPECT_EQ(body.size(), 1u) << response.body;
    EXPECT_TRUE(body["error"].is_string()) << response.body;
  }
  EXPECT_EQ(JsonText(Call(api, "GET", "/api/games/" + id).body), before);
  // Bounded sessions: the third is refused.
  EXPECT_EQ(Post(api, "/api/games", Json::object()).status, 201);
  EXPECT_EQ(Post(api, "/api/games", Json::object()).status, 503);
  EXPECT_EQ(Call(api, "DELETE", "/api/games/" + id).status, 200);
  EXPECT_EQ(Post(api, "/api/games", Json::object()).status, 201);
}

TEST(WebApi, IdleSessionsAreReclaimed) {
  auto now = WebApi::Clock::now();
  WebLimits limits;
  limits.idle_timeout = std::chrono::seconds(60);
  WebApi api(limits, [&now] { return now; });
  const std::string id = Post(api, "/api/games", Json::object()).body["id"];
  now += std::chrono::seconds(30);
  EXPECT_EQ(Call(api, "GET", "/api/games/" + id).status, 200);
  now += std::chrono::seconds(61);
  EXPECT_EQ(Call(api, "GET", "/api/games/" + id).status, 404);
  EXPECT_EQ(api.num_sessions(), 0u);
}

TEST(WebApi, ServesOnlyTheEmbeddedPage) {
  WebApi api;
  const WebResponse index = api.Handle({"GET", "/", ""});
  EXPECT_EQ(index.status, 200);
  EXPECT_NE(index.body.find("<html"), std::string::npos);
  EXPECT_EQ(api.Handle({"GET", "/app.js", ""}).content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(api.Handle({"GET", "/style.css/../app.js", ""}).status, 404);
}

TEST(WebApi, ConcurrentSessionsStaySeparate) {
  WebApi api;
  std::vector<std::thread> threads;
  std::vector<Json> results(4);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      Json state = Post(api, "/api/games",
                        {{"ruleset", "goofspiel(cards=4)"}, {"botIterations", 20}, {"seed", t}})
                       .body;
      int moves = 0;
      results[t] = PlayOut(api, state, moves);
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const Json& state : results) EXPECT_EQ(state["turn"], "over") << state.dump();
  EXPECT_EQ(api.num_sessions(), 4u);
}

// The page asks for odds while the person clicks: a request that finds the session busy
// with another request of the person waits for it instead of answering "the bot is thinking".
TEST(WebApi, RequestsOfThePersonWaitForEachOtherNotRefuse) {
  WebApi api;
  const std::string id =
      Post(api, "/api/games", {{"ruleset", "quickplay"}, {"botIterations", 20}, {"seed", 3}})
          .body["id"];
  ASSERT_EQ(Post(api, "/api/games/" + id + "/act", {{"action", "T"}}).status, 200);
  std::atomic<bool> stop{false};
  std::atomic<int> odds_refused{0};
  std::thread asker([&] {
    while (!stop) {
      if (Post(api, "/api/games/" + id + "/odds", {{"action", "shoot b cannon"}}).status == 409) {
        ++odds_refused;
      }
    }
  });
  // Select and unselect the unit over and over while the odds requests run.
  int refused = 0;
  for (int i = 0; i < 400; ++i) {
    if (Post(api, "/api/games/" + id + "/undo", Json::object()).status == 409) ++refused;
    if (Post(api, "/api/games/" + id + "/act", {{"action", "T"}}).status == 409) ++refused;
  }
  stop = true;
  asker.join();
  EXPECT_EQ(refused, 0);
  EXPECT_EQ(odds_refused, 0);
}

// The page's "Scenario" file input sends the file's text: a shipped scenario file starts a
// game on its map; a broken one is a 400 with the scenario reader's error.
TEST(WebApi, NewGameFromAScenarioFile) {
  std::ifstream file(QUICK_SCENARIO_DIR "/two_formations.scn");
  ASSERT_TRUE(file.good());
  std::stringstream text;
  text << file.rdbuf();
  WebApi api;
  const Reply from_file = Post(
      api, "/api/games", {{"ruleset", "quick"}, {"scenario", text.str()}, {"botIterations", 20}});
  ASSERT_EQ(from_file.status, 201) << from_file.body.dump();
  const Reply by_default = Post(api, "/api/games", {{"ruleset", "quick"}, {"botIterations", 20}});
  ASSERT_EQ(by_default.status, 201) << by_default.body.dump();
  EXPECT_NE(from_file.body["board"]["svg"], by_default.body["board"]["svg"]);
  const Reply broken =
      Post(api, "/api/games", {{"ruleset", "quick"}, {"scenario", "map 2 2\nnonsense\n"}});
  EXPECT_EQ(broken.status, 400);
  EXPECT_TRUE(broken.body.contains("error")) << broken.body.dump();
  EXPECT_EQ(api.num_sessions(), 2u);
}

// Every response of a kuhn_poker game, until the end, must not show the bot's card.
TEST(WebApi, NoResponseShowsTheBotsCard) {
  for (int seed = 0; seed < 12; ++seed) {
    WebApi api;
    Reply created = Post(
        api, "/api/games",
        {{"ruleset", "kuhn_poker"}, {"botIterations", 50}, {"seed", seed}, {"side", seed % 2}});
    ASSERT_EQ(created.status, 201);
    const std::string id = created.body["id"];
    std::vector<std::string> responses = {JsonText(created.body)};
    Json state = created.body;
    const std::string hidden = state["hidden"];
    ASSERT_FALSE(hidden.empty());
    const std::string mine(1, hidden.back());  // of "hand K"
    while (state["turn"] != "over") {
      if (state["turn"] == "bot") {
        Post(api, "/api/games/" + id + "/bot", Json::object());
        for (Json p = api.BotProgress(id); p.value("thinking", true); p = api.BotProgress(id)) {
          responses.push_back(JsonText(p));
        }
        state = api.BotProgress(id)["state"];
      } else {
        responses.push_back(
            JsonText(Post(api, "/api/games/" + id + "/odds", {{"action", "b"}}).body));
        responses.push_back(JsonText(Post(api, "/api/games/" + id + "/hint", {}).body));
        state = Post(api, "/api/games/" + id + "/act", {{"action", "b"}}).body;
      }
      responses.push_back(JsonText(state));
      responses.push_back(JsonText(Call(api, "GET", "/api/games/" + id + "/save").body));
    }
    responses.pop_back();
    responses.pop_back();  // at the end the cards are shown: the last board may tell
    for (const std::string& text : responses) {
      // The board draws the bot's card as "?"; the person's own card may appear.
      for (const char* card : {"J", "Q", "K"}) {
        if (mine == card) continue;
        EXPECT_EQ(text.find(std::string(">") + card + "<"), std::string::npos) << text;
        EXPECT_EQ(text.find(std::string("hand ") + card), std::string::npos) << text;
      }
      EXPECT_EQ(text.find("win probability"), std::string::npos) << text;
      EXPECT_EQ(text.find("\"position\""), std::string::npos) << text;
    }
  }
}

}  // namespace
}  // namespace sandtable
