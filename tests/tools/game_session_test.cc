// GameSession, what `play` and `serve` share: undo takes back the person's move without
// giving the person new dice or the bot a new secret choice; save and load replay a game.
#include "tools/game_session.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tests/tools/pick_shoot.h"

namespace sandtable {
namespace {

using ::sandtable::testing::PickShootGameObject;

SessionOptions Options(uint64_t seed) { return {.person = 0, .seed = seed, .bot_iterations = 50}; }

// Plays the picks (the bot commits first) and "shoot 2", up to the engine's roll.
void PlayToTheRoll(GameSession& session) {
  ASSERT_EQ(session.turn(), SessionTurn::kBot);
  ASSERT_TRUE(session.BotMove().ok());
  ASSERT_EQ(session.turn(), SessionTurn::kPerson);
  ASSERT_TRUE(session.Enter("pick 2").ok());
  ASSERT_TRUE(session.Enter("shoot 2").ok());
  ASSERT_EQ(session.turn(), SessionTurn::kEngineChance);
}

TEST(GameSessionTest, UndoThenTheSameMoveRollsTheSameDice) {
  std::set<std::string> rolls;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    GameSession session(PickShootGameObject(), Options(seed));
    PlayToTheRoll(session);
    ASSERT_TRUE(session.RollChance().ok());
    const std::string roll = session.log().back().text;
    const std::string after = session.position().ToString();
    ASSERT_TRUE(session.Undo().ok());  // takes back "shoot 2" and the roll
    ASSERT_EQ(session.turn(), SessionTurn::kPerson);
    ASSERT_TRUE(session.Enter("shoot 2").ok());
    ASSERT_TRUE(session.RollChance().ok());
    EXPECT_EQ(session.log().back().text, roll) << "seed " << seed;
    EXPECT_EQ(session.position().ToString(), after);
    rolls.insert(roll);
  }
  // The dice still depend on the seed: two sixes-counts at least over 30 games.
  EXPECT_GE(rolls.size(), 2u);
}

TEST(GameSessionTest, UndoAtASimultaneousNodeKeepsTheBotsCommitment) {
  GameSession session(PickShootGameObject(), Options(7));
  ASSERT_TRUE(session.BotMove().ok());
  ASSERT_TRUE(session.Enter("pick 0").ok());
  const std::string revealed = session.position().ToString();
  ASSERT_TRUE(session.Undo().ok());
  // The bot does not choose again: the person chooses against the same commitment.
  EXPECT_EQ(session.turn(), SessionTurn::kPerson);
  EXPECT_FALSE(session.BotMove().ok());
  ASSERT_TRUE(session.Enter("pick 0").ok());
  EXPECT_EQ(session.position().ToString(), revealed);
  EXPECT_FALSE(session.Enter("bogus").ok());
  EXPECT_EQ(session.position().ToString(), revealed);
}

TEST(GameSessionTest, SaveAndLoadReplayTheGame) {
  GameSession session(PickShootGameObject(), Options(3));
  PlayToTheRoll(session);
  ASSERT_TRUE(session.RollChance().ok());
  ASSERT_EQ(session.turn(), SessionTurn::kOver);
  const absl::StatusOr<SavedGame> saved = session.Save();
  ASSERT_TRUE(saved.ok()) << saved.status();
  EXPECT_EQ(saved->moves.size(), 3u);  // the joint picks, the shot, the roll
  GameSession loaded(PickShootGameObject(), Options(99));
  ASSERT_TRUE(loaded.Load(*saved).ok());
  EXPECT_EQ(loaded.position().ToString(), session.position().ToString());
  EXPECT_EQ(loaded.ResultText(), session.ResultText());
  // A bad move names itself and changes nothing.
  SavedGame bad = *saved;
  bad.moves[1] = "shoot 9";
  GameSession fresh(PickShootGameObject(), Options(99));
  const absl::Status status = fresh.Load(bad);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("shoot 9"), std::string::npos) << status;
  EXPECT_EQ(fresh.position().ToString(), PickShootGameObject()->NewInitialPosition()->ToString());
}

}  // namespace
}  // namespace sandtable
