// Ground attack sorties (docs/rulesets/mgbb.md, "Aircraft sorties"): declared first, once a
// turn, in at most 2 of any 3 turns, activated on 3+, one attack on any enemy unit with no
// return fire. The night assault scenario's government has one, g8.
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rulesets/mgbb/mgbb.h"
#include "tests/mgbb/mgbb_test_util.h"

namespace sandtable {
namespace {

using G = MgbbGame;
using State = G::State;
using mgbb_test::Has;
using mgbb_test::Legal;
using testing::HasSubstr;

constexpr int kSortie = 7;  // g8

std::shared_ptr<const G> NightAssault() {
  absl::StatusOr<std::shared_ptr<const G>> game =
      G::CreateFromStrings({{"scenario", "night_assault"}}, "");
  CHECK(game.ok());
  return *game;
}

// Plays `moves` (notation) from `state`, each legal where it is played.
State Play(const G& game, State state, std::initializer_list<const char*> moves) {
  for (const char* move : moves) {
    absl::StatusOr<Action> action = game.ParseAction(state, game.CurrentPlayer(state), move);
    EXPECT_TRUE(action.ok()) << move << ": " << action.status();
    if (!action.ok()) break;
    game.Apply(state, *action);
  }
  return state;
}

std::vector<Action> LegalList(const G& game, const State& state) {
  const ActionList actions = Legal(game, state);
  return std::vector<Action>(actions.begin(), actions.end());
}

std::string ParseError(const G& game, const std::string& text) {
  absl::StatusOr<State> state = game.ParseState(text);
  return state.ok() ? "parsed" : std::string(state.status().message());
}

TEST(MgbbSortieTest, DeclaredBeforeAnyUnitTokenAndOnceATurn) {
  const auto game = NightAssault();
  const State tokens = Play(*game, game->InitialState(), {"initiative government"});
  ASSERT_TRUE(Has(Legal(*game, tokens), G::kTokenBase + kSortie));
  // Called: its token and c; it cannot be called again this turn.
  const State called = Play(*game, tokens, {"token g8"});
  EXPECT_THAT(game->StateToString(called), HasSubstr(" g8:air:t1:c "));
  EXPECT_FALSE(Has(Legal(*game, called), G::kTokenBase + kSortie));
  // A unit's token first: too late to declare the sortie.
  const State unit_first = Play(*game, tokens, {"token g2"});
  EXPECT_FALSE(Has(Legal(*game, unit_first), G::kTokenBase + kSortie));
  // A sortie is no unit on the table: it neither adds to nor uses the cap of tokens (one per
  // unit other than the commander: 6). Six unit tokens after the sortie, then only "done".
  State capped = Play(*game, called, {"token g2", "token g3", "token g4", "token g5", "token g6"});
  EXPECT_EQ(LegalList(*game, capped),  // in scenario order: g6 again, g7, done
            std::vector<Action>({G::kTokenBase + 5, G::kTokenBase + 6, G::kTokensDone}));
  capped = Play(*game, capped, {"token g7"});
  EXPECT_EQ(LegalList(*game, capped), std::vector<Action>({G::kTokensDone}));
}

TEST(MgbbSortieTest, ActivatesOnThreeOrMore) {
  const auto game = NightAssault();
  const State roll =
      Play(*game, game->InitialState(), {"initiative government", "token g8", "done", "done"});
  ASSERT_EQ(roll.phase, G::kActivationRoll);
  ASSERT_EQ(roll.cursor, kSortie);
  ChanceList outcomes;
  game->ChanceOutcomes(roll, outcomes);
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_EQ(outcomes[0].outcome, G::kOutcomeBase + 0);  // fail on 1 or 2
  EXPECT_EQ(outcomes[0].probability, Probability(2, 6));
  EXPECT_EQ(outcomes[1].outcome, G::kOutcomeBase + 1);  // pass on 3 to 6
  EXPECT_EQ(outcomes[1].probability, Probability(4, 6));
  // Failed: no pick; its token is gone, and it was called this turn.
  const State failed = Play(*game, roll, {"fail"});
  EXPECT_THAT(game->StateToString(failed), HasSubstr(" g8:air:c "));
  EXPECT_FALSE(Has(Legal(*game, failed), G::kSelectBase + kSortie));
}

TEST(MgbbSortieTest, AttacksAnyEnemyOnceWithNoReturnFire) {
  const auto game = NightAssault();
  const State pick = Play(*game, game->InitialState(),
                          {"initiative government", "token g8", "done", "done", "pass"});
  ASSERT_TRUE(Has(Legal(*game, pick), G::kSelectBase + kSortie));
  const State target = Play(*game, pick, {"unit g8"});
  ASSERT_EQ(target.phase, G::kTarget);
  // Every insurgent unit (i1 to i8): i4 in the far corner (3,2) is in terrain, 9 or more
  // cells from every government unit, yet the sortie reaches it.
  std::vector<Action> every_enemy;
  for (int t = 8; t < 16; ++t) every_enemy.push_back(G::kTargetBase + t);
  EXPECT_EQ(LegalList(*game, target), every_enemy);
  // One hit on i3 (guerrilla foot in the open, not activated): no return fire at an
  // aircraft; the sortie's activation is over.
  const State after = Play(*game, target, {"at i3", "hits 1"});
  EXPECT_NE(after.phase, G::kReturnFire);
  EXPECT_EQ(after.hits[10], 1);
  EXPECT_THAT(game->StateToString(after), HasSubstr(" g8:air:cadf "));
  EXPECT_FALSE(Has(Legal(*game, after), G::kSelectBase + kSortie));
}

TEST(MgbbSortieTest, AtMostTwoOfAnyThreeTurns) {
  const auto game = NightAssault();
  // Turn 1: called, failed; the commanders end their activations; the turn ends.
  auto turn = [&](const State& from, bool call) {
    State state = Play(*game, from, {"initiative government"});
    if (call) state = Play(*game, state, {"token g8", "done", "done", "fail"});
    if (!call) state = Play(*game, state, {"done", "done"});
    return Play(*game, state, {"unit g1", "end", "unit i1", "end"});
  };
  const State turn2 = turn(game->InitialState(), true);
  ASSERT_EQ(turn2.turn, 2);
  EXPECT_THAT(game->StateToString(turn2), HasSubstr(" g8:air:1 "));
  const State turn3 = turn(turn2, true);
  EXPECT_THAT(game->StateToString(turn3), HasSubstr(" g8:air:12 "));
  // Called in turns 1 and 2: not in turn 3.
  const State tokens3 = Play(*game, turn3, {"initiative government"});
  EXPECT_FALSE(Has(Legal(*game, tokens3), G::kTokenBase + kSortie));
  const State turn4 = turn(turn3, false);
  EXPECT_THAT(game->StateToString(turn4), HasSubstr(" g8:air:2 "));
  const State tokens4 = Play(*game, turn4, {"initiative government"});
  EXPECT_TRUE(Has(Legal(*game, tokens4), G::kTokenBase + kSortie));
}

TEST(MgbbSortieTest, PositionStringsReadAndRefuseAircraft) {
  const auto game = NightAssault();
  const State called = Play(*game, game->InitialState(), {"initiative government", "token g8"});
  const std::string text = game->StateToString(called);
  absl::StatusOr<State> parsed = game->ParseState(text);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(*parsed, called);
  auto with = [&](const std::string& g8) {
    return absl::StrReplaceAll(text, {{" g8:air:t1:c ", " " + g8 + " "}});
  };
  EXPECT_THAT(ParseError(*game, with("g8@1,1:N")), HasSubstr("g8:air[:tTOKENS][:FLAGS]"));
  EXPECT_THAT(ParseError(*game, with("g8:x")), HasSubstr("g8:air[:tTOKENS][:FLAGS]"));
  EXPECT_THAT(ParseError(*game, with("g8:air:t2:c")), HasSubstr("one token (t1)"));
  EXPECT_THAT(ParseError(*game, with("g8:air:t1")), HasSubstr("only when called (c)"));
  EXPECT_THAT(ParseError(*game, with("g8:air:a")), HasSubstr("only when called (c)"));
  EXPECT_THAT(ParseError(*game, with("g8:air:1")), HasSubstr("from turn 2"));
  EXPECT_THAT(ParseError(*game, with("g8:air:x")), HasSubstr("letters of c12adf"));
  EXPECT_EQ(ParseError(*game, with("g8:air")), "parsed");
}

}  // namespace
}  // namespace sandtable
