// The server on a loopback port: the page, the API and the bot's event stream over HTTP.
#include "tools/web/web_server.h"

#include <gtest/gtest.h>
#include <httplib.h>

#include <string>
#include <thread>

#include "tools/json_writer.h"

namespace sandtable {
namespace {

TEST(WebServer, ServesThePageTheApiAndTheBotsEventsOnLoopback) {
  WebServer server;
  const absl::StatusOr<int> port = server.Bind("127.0.0.1", 0);
  ASSERT_TRUE(port.ok()) << port.status();
  std::thread serving([&] { server.Serve(); });
  httplib::Client client("127.0.0.1", *port);
  client.set_read_timeout(std::chrono::seconds(30));

  httplib::Result page = client.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("<html"), std::string::npos);

  httplib::Result created =
      client.Post("/api/games", R"({"ruleset": "quickplay", "side": 1, "botIterations": 200})",
                  "application/json");
  ASSERT_TRUE(created);
  ASSERT_EQ(created->status, 201) << created->body;
  const Json state = Json::parse(created->body);
  const std::string id = state["id"];
  EXPECT_EQ(state["turn"], "bot");
  httplib::Result started = client.Post("/api/games/" + id + "/bot", "{}", "application/json");
  ASSERT_TRUE(started);
  EXPECT_EQ(started->status, 202);
  httplib::Result events = client.Get("/api/games/" + id + "/bot/stream");
  ASSERT_TRUE(events);
  EXPECT_EQ(events->get_header_value("Content-Type"), "text/event-stream");
  const std::string& body = events->body;
  const size_t last = body.rfind("data: ");
  ASSERT_NE(last, std::string::npos) << body;
  const Json done = Json::parse(body.substr(last + 6));
  EXPECT_FALSE(done["thinking"]);
  // The bot moved once (in quickplay it then goes on with its unit: still its turn).
  EXPECT_NE(done["state"]["turn"], "over");
  EXPECT_NE(done["state"]["log"].dump().find("bot plays"), std::string::npos);

  httplib::Result too_big =
      client.Post("/api/games", std::string(100 * 1024, ' '), "application/json");
  ASSERT_TRUE(too_big);
  EXPECT_EQ(too_big->status, 413);
  httplib::Result malformed = client.Post("/api/games", "{", "application/json");
  ASSERT_TRUE(malformed);
  EXPECT_EQ(malformed->status, 400);
  EXPECT_TRUE(Json::parse(malformed->body).contains("error"));

  server.Stop();
  serving.join();
}

}  // namespace
}  // namespace sandtable
