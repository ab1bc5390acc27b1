// mgbb's notation, position string and board: exact round trips along random games, raw
// faces for every roll, one error per check of a position, clear errors for bad actions,
// and the board of the default start.
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_replace.h"
#include "engine/rng.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "rulesets/mgbb/mgbb.h"
#include "tools/board_text.h"

namespace sandtable {
namespace {

using ::testing::HasSubstr;
using G = MgbbGame;
using State = G::State;

std::shared_ptr<const G> MakeGame(const std::string& scenario = "election_day") {
  auto game = G::CreateFromStrings({{"scenario", scenario}}, "");
  EXPECT_TRUE(game.ok()) << game.status();
  return *game;
}

// The default start as a position string: the initiative of turn 1 in election_day.
constexpr char kStart[] =
    "mgbb turn=1 phase=initiative player=0 initiative=0 g1@11,9:N g2@10,7:N g3@9,6:N "
    "g4@13,6:N g5@8,13:N g6@16,13:N g7@12,14:N i1@12,1:S i2@4,3:S i3@9,2:S i4@15,2:S "
    "i5@20,4:S i6@13,2:S i7@2,6:SE i8@12,4:S";

// A shot of the insurgents' machine gun i6 at g4, 4 dice to throw.
constexpr char kShot[] =
    "mgbb turn=1 phase=shotroll player=1 initiative=1 active=i6 ap=1 steps=1 did=a "
    "order=shoot mode=shot att=i6 tgt=g4 dice=4 g1@11,9:N g2@10,7:N g3@9,6:N g4@13,6:N:f "
    "g5@8,13:N g6@16,13:N g7@12,14:N i1@12,1:S:a i2@4,3:S i3@9,2:S i4@15,2:S i5@20,4:S "
    "i6@13,2:S:af i7@2,6:SE i8@12,4:S";

// Plays `text` (an action or outcome) at `state`, which must be legal there.
void Play(const G& game, State& state, const std::string& text) {
  absl::StatusOr<Action> action = game.ParseAction(state, game.CurrentPlayer(state), text);
  ASSERT_TRUE(action.ok()) << action.status() << "\n" << game.StateToString(state);
  game.Apply(state, *action);
}

// Random games with a fixed seed: every state prints to a text that parses back to it, and
// every legal action or outcome of it to a distinct text that parses back to it; every
// action's cell is on the board or off it; the board of every state has a grid and lines.
void RoundTripRandomGames(const G& game, int games, std::set<int>* phases) {
  for (int g = 0; g < games; ++g) {
    Rng rng(static_cast<uint64_t>(g));
    State state = game.InitialState();
    while (game.Kind(state) != NodeKind::kTerminal) {
      phases->insert(state.phase);
      const std::string text = game.StateToString(state);
      absl::StatusOr<State> parsed = game.ParseState(text);
      ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
      ASSERT_TRUE(*parsed == state) << text;
      const Player actor = game.CurrentPlayer(state);
      std::vector<Action> legal;
      if (game.Kind(state) == NodeKind::kChance) {
        ChanceList outcomes;
        game.ChanceOutcomes(state, outcomes);
        for (const ChanceOutcome& o : outcomes) legal.push_back(o.outcome);
      } else {
        ActionList actions;
        game.LegalActions(state, actor, actions);
        legal.assign(actions.begin(), actions.end());
      }
      ASSERT_FALSE(legal.empty()) << text;
      std::set<std::string> printed;
      for (Action action : legal) {
        const std::string shown = game.ActionToString(state, actor, action);
        ASSERT_TRUE(printed.insert(shown).second) << shown << " twice at " << text;
        absl::StatusOr<Action> back = game.ParseAction(state, actor, shown);
        ASSERT_TRUE(back.ok()) << back.status() << "\n" << shown << "\n" << text;
        ASSERT_EQ(*back, action) << shown;
        if (game.Kind(state) == NodeKind::kDecision) {
          const int cell = game.ActionCell(state, actor, action);
          ASSERT_TRUE(cell == kOffGrid || (cell >= 0 && cell < game.width() * game.height()));
          if (state.phase == G::kDest) {
            ASSERT_EQ(cell, static_cast<int>(action));
          }
        }
      }
      const BoardView view = game.DescribeBoard(state, 0);
      ASSERT_EQ(view.grid, GridKind::kSquare);
      ASSERT_FALSE(view.lines.empty());
      ASSERT_EQ(view.pieces.size(), static_cast<size_t>(game.num_units()));
      game.Apply(state, legal[rng.Below(legal.size())]);
    }
    const std::string text = game.StateToString(state);
    absl::StatusOr<State> parsed = game.ParseState(text);
    ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
    ASSERT_TRUE(*parsed == state) << text;
  }
}

TEST(MgbbTextTest, RoundTripsAlongRandomGames) {
  std::set<int> phases;
  RoundTripRandomGames(*MakeGame(), 12, &phases);
  RoundTripRandomGames(*MakeGame("night_assault"), 12, &phases);
  // The games pass through every decision and chance phase but the rare disengagement
  // (DisengageReadsAndRoundTrips).
  for (int phase = 0; phase < G::kOver; ++phase) {
    if (phase == G::kDisengage) continue;
    EXPECT_TRUE(phases.contains(phase)) << "phase " << phase << " never reached";
  }
}

TEST(MgbbTextTest, MutatedPositionsAreRefusedOrRoundTrip) {
  // Positions from random games with one character changed: ParseState never crashes, and
  // whatever it accepts prints to a text that parses back to the same state.
  const auto game = MakeGame();
  constexpr std::string_view kAlphabet = "0123456789:@,=/-xadfhtlpmrgiNSEW ";
  Rng rng(3);
  int accepted = 0, refused = 0;
  for (int g = 0; g < 4; ++g) {
    State state = game->InitialState();
    while (game->Kind(state) != NodeKind::kTerminal) {
      const std::string text = game->StateToString(state);
      for (int m = 0; m < 8; ++m) {
        std::string mutated = text;
        mutated[rng.Below(mutated.size())] = kAlphabet[rng.Below(kAlphabet.size())];
        absl::StatusOr<State> parsed = game->ParseState(mutated);
        if (!parsed.ok()) {
          ++refused;
          continue;
        }
        ++accepted;
        absl::StatusOr<State> again = game->ParseState(game->StateToString(*parsed));
        ASSERT_TRUE(again.ok()) << again.status() << "\n" << mutated;
        ASSERT_TRUE(*again == *parsed) << mutated;
      }
      std::vector<Action> legal;
      if (game->Kind(state) == NodeKind::kChance) {
        ChanceList outcomes;
        game->ChanceOutcomes(state, outcomes);
        for (const ChanceOutcome& o : outcomes) legal.push_back(o.outcome);
      } else {
        ActionList actions;
        game->LegalActions(state, game->CurrentPlayer(state), actions);
        legal.assign(actions.begin(), actions.end());
      }
      game->Apply(state, legal[rng.Below(legal.size())]);
    }
  }
  EXPECT_GT(accepted, 0);
  EXPECT_GT(refused, 0);
}

TEST(MgbbTextTest, StartPrintsAsDocumented) {
  const auto game = MakeGame();
  EXPECT_EQ(game->StateToString(game->InitialState()), kStart);
  absl::StatusOr<State> parsed = game->ParseState(kStart);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_TRUE(*parsed == game->InitialState());
}

TEST(MgbbTextTest, EveryFieldRoundTrips) {
  // A hand-built shot: its optional fields and the unit parts written and read back (side=,
  // scored= and cursor= are read in the melee-roll and activation-roll tests).
  const auto game = MakeGame();
  const std::string text =
      "mgbb turn=3 phase=shotroll player=1 initiative=1 active=i6 ap=1 steps=2 did=mta "
      "order=shoot mode=shot att=i6 tgt=g4 dice=5 destroyed=1/1 gas=gi g1@11,9:N "
      "g2@10,7:NW:h2 g3:x g4@13,6:N:h1:fr g5@8,13:N:lp g6@16,13:N g7@12,14:N:m i1@12,1:S "
      "i2@4,3:S i3@9,2:S i4:x i5@20,4:S i6@13,2:S:af i7@2,6:SE i8@12,4:S";
  // g5 is foot: limbered is refused, so write it without.
  const std::string valid = absl::StrReplaceAll(text, {{"g5@8,13:N:lp", "g5@8,13:N:p"}});
  absl::StatusOr<State> parsed = game->ParseState(valid);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(game->StateToString(*parsed), valid);
  EXPECT_EQ(parsed->dice, 5);
  EXPECT_EQ(parsed->gas_used, 3);
  EXPECT_EQ(parsed->hits[1], 2);
  EXPECT_EQ(parsed->flags[3], G::kFiredBit | G::kReformedBit);
  EXPECT_EQ(parsed->did, G::kDidMove | G::kDidTurn | G::kDidAct);
  EXPECT_THAT(std::string(game->ParseState(text).status().message()), HasSubstr("g5 is not a gun"));
}

// The error ParseState gives for `text`, which must be refused.
std::string StateError(const G& game, const std::string& text) {
  absl::StatusOr<State> parsed = game.ParseState(text);
  EXPECT_FALSE(parsed.ok()) << text;
  return parsed.ok() ? "" : std::string(parsed.status().message());
}

// kStart with `from` replaced by `to` (which must occur).
std::string Start(const std::string& from, const std::string& to) {
  const std::string text = kStart;
  EXPECT_NE(text.find(from), std::string::npos) << from;
  return absl::StrReplaceAll(text, {{from, to}});
}

TEST(MgbbTextTest, DisengageReadsAndRoundTrips) {
  // Reform: the insurgents' scouts i7 (2,6) in contact with g3 (3,6) may disengage west.
  const auto game = MakeGame();
  const std::string text =
      Start("phase=initiative player=0 initiative=0 g1@11,9:N g2@10,7:N g3@9,6:N",
            "phase=disengage player=1 initiative=0 cursor=13 g1@11,9:N g2@10,7:N g3@3,6:N");
  absl::StatusOr<State> state = game->ParseState(text);
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_EQ(game->StateToString(*state), text);
  EXPECT_EQ(*game->ParseAction(*state, 1, "disengage"), G::kYes);
  EXPECT_EQ(*game->ParseAction(*state, 1, "stay"), G::kNo);
  EXPECT_THAT(std::string(game->ParseAction(*state, 1, "follow").status().message()),
              HasSubstr("legal: disengage, stay"));
  EXPECT_THAT(StateError(*game, absl::StrReplaceAll(text, {{"i7@2,6:SE", "i7@2,6:SE:r"}})),
              HasSubstr("may disengage"));
}

TEST(MgbbTextTest, ParseStateRefusesEachInvalidField) {
  const auto game = MakeGame();
  const G& g = *game;
  const std::string tokens_phase = "phase=tokens player=0 initiative=0";
  struct Case {
    std::string text;
    std::string error;
  };
  const std::vector<Case> cases = {
      {"", "starts with the word mgbb"},
      {Start("mgbb ", "sandtable "), "starts with the word mgbb"},
      {Start("turn=1 ", ""), "expected turn="},
      {Start("turn=1", "turn=0"), "turn must be 1..8"},
      {Start("turn=1", "turn=9"), "turn must be 1..8"},
      {Start("phase=initiative", "phase=lunch"), "phase='lunch' is not valid"},
      {Start("player=0", "player=2"), "player='2' is not valid"},
      {Start("initiative=0 ", "initiative=0 colour=red "), "'colour' is no field"},
      {Start("initiative=0 ", "initiative=0 ap=1 ap=1 "), "given twice"},
      {Start("initiative=0 ", "initiative=0 ap=0 "), "left out at its default"},
      {Start("initiative=0 ", "initiative=0 ap=3 "), "not a valid value"},
      {Start("initiative=0 ", "initiative=0 active=x9 "), "not a valid value"},
      {Start("initiative=0 ", "initiative=0 destroyed=1 "), "destroyed=N/N"},
      {Start("initiative=0 ", "initiative=0 gas=q "), "gas=g, i or gi"},
      {Start(" i8@12,4:S", ""), "one word per unit (15), got 14"},
      {Start("g2@10,7:N", "g2@24,7:N"), "unit g2: expected"},
      {Start("g2@10,7:N", "g2@10,7:UP"), "unit g2: expected"},
      {Start("g2@10,7:N", "g3@10,7:N"), "unit g2: expected"},
      {Start("g2@10,7:N", "g2@10,7:N:h4"), "1 to 3 hit tokens"},
      {Start("g2@10,7:N", "g2@10,7:N:t4"), "1 to 3 activation tokens"},
      {Start("g2@10,7:N", "g2@10,7:N:z"), "flags are letters of lpmadfr"},
      {Start("g2@10,7:N", "g2@10,7:N:mm"), "flags are letters of lpmadfr"},
      {Start("g2@10,7:N", "g2@10,7:N:m:h1"), "unit g2: expected"},
      {Start("g2@10,7:N", "g2@11,9:N"), "g2 shares its cell with g1"},
      {Start("g2@10,7:N", "g2:x"), "the enemy units each side destroyed, 0/1 here"},
      {Start("initiative=0 ", "initiative=0 destroyed=1/0 "), "destroyed=1/0"},
      {Start("initiative=0 ", "initiative=0 active=g9 "), "not a valid value"},
  };
  for (const Case& c : cases) EXPECT_THAT(StateError(g, c.text), HasSubstr(c.error)) << c.text;
  // The checks of the rules, on positions at the activation tokens.
  auto tokens = [&](const std::string& from, const std::string& to) {
    return absl::StrReplaceAll(Start(from, to),
                               {{"phase=initiative player=0 initiative=0", tokens_phase}});
  };
  absl::StatusOr<State> given = g.ParseState(tokens("g2@10,7:N", "g2@10,7:N:h1:t3:lp"));
  EXPECT_THAT(std::string(given.status().message()), HasSubstr("g2 is not a gun"));
  given = g.ParseState(tokens("g2@10,7:N", "g2@10,7:N:h1:t3:p"));
  ASSERT_TRUE(given.ok()) << given.status();
  EXPECT_EQ(given->tokens[1], 3);
  EXPECT_EQ(given->hits[1], 1);
  EXPECT_EQ(given->flags[1], G::kMovedLastTurnBit);
  EXPECT_THAT(StateError(g, tokens("g1@11,9:N", "g1@11,9:N:t1")), HasSubstr("g1 is the commander"));
  EXPECT_THAT(StateError(g, tokens("g2@10,7:N", "g2@10,7:N:l")), HasSubstr("g2 is not a gun"));
  // Six units besides the commander: at most six tokens.
  EXPECT_THAT(StateError(g, tokens("g2@10,7:N g3@9,6:N g4@13,6:N",
                                   "g2@10,7:N:t3 g3@9,6:N:t3 g4@13,6:N:t1")),
              HasSubstr("the government hold 7 tokens"));
  EXPECT_THAT(StateError(g, tokens("initiative=0 ", "initiative=0 active=g2 ")),
              HasSubstr("outside an activation"));
  EXPECT_THAT(StateError(g, tokens("initiative=0 ", "initiative=0 dice=3 ")),
              HasSubstr("resolves nothing"));
  EXPECT_THAT(StateError(g, tokens("initiative=0 ", "initiative=0 cursor=2 ")),
              HasSubstr("cursor= only at"));
  EXPECT_THAT(StateError(g, Start("g2@10,7:N", "g2@10,7:N:a")),
              HasSubstr("phase=initiative: g2 may have only the flags l and p"));
  EXPECT_THAT(StateError(g, tokens("g2@10,7:N", "g2@10,7:N:m")),
              HasSubstr("phase=tokens: g2 may have only the flags l and p"));
  EXPECT_THAT(StateError(g, Start("g2@10,7:N", "g2@10,7:N:t1")),
              HasSubstr("g2 holds tokens: only while"));
  EXPECT_THAT(StateError(g, Start("initiative=0", "initiative=1")),
              HasSubstr("initiative=0 and player=0 until it is thrown"));
  EXPECT_THAT(StateError(g, Start("phase=initiative player=0", "phase=over player=1")),
              HasSubstr("phase=over: player=0"));
  // The activation loop's cursor names a unit with a token to throw, rolled by the side
  // that is not the initiative's.
  const std::string activation = "phase=activation player=1 initiative=0 cursor=1";
  auto rolls = [&](const std::string& from, const std::string& to) {
    return absl::StrReplaceAll(Start(from, to),
                               {{"phase=initiative player=0 initiative=0", activation}});
  };
  ASSERT_TRUE(g.ParseState(rolls("g2@10,7:N", "g2@10,7:N:t1")).ok());
  EXPECT_THAT(StateError(g, rolls("g2@10,7:N g3@9,6:N", "g2@10,7:N:t1 g3@9,6:N:t1:a")),
              HasSubstr("g3 passed its activation"));
  // Units before the cursor have thrown all their tokens.
  EXPECT_THAT(
      StateError(g, absl::StrReplaceAll(rolls("g2@10,7:N g3@9,6:N", "g2@10,7:N:t1 g3@9,6:N:t1"),
                                        {{"cursor=1", "cursor=2"}})),
      HasSubstr("g2 holds tokens"));
  EXPECT_THAT(StateError(g, rolls("g3@9,6:N", "g3@9,6:N:t1")),
              HasSubstr("cursor= names a unit with a token"));
  EXPECT_THAT(StateError(g, absl::StrReplaceAll(rolls("g2@10,7:N", "g2@10,7:N:t1"),
                                                {{"player=1", "player=0"}})),
              HasSubstr("the side that gave its tokens last"));
  EXPECT_THAT(StateError(g, Start("phase=initiative player=0 initiative=0",
                                  "phase=disengage player=0 initiative=0 cursor=1")),
              HasSubstr("may disengage"));
  // An activation: the active unit is the player's, alive and activated; the order fits.
  const std::string order = "phase=order player=0 initiative=0 active=g2 ap=2";
  auto ordering = [&](const std::string& from, const std::string& to) {
    return absl::StrReplaceAll(Start(from, to),
                               {{"phase=initiative player=0 initiative=0", order}});
  };
  ASSERT_TRUE(g.ParseState(ordering("g2@10,7:N", "g2@10,7:N:a")).ok());
  EXPECT_THAT(StateError(g, ordering("g2@10,7:N", "g2@10,7:N")),
              HasSubstr("living, activated unit of the player"));
  EXPECT_THAT(StateError(g, ordering("g2@10,7:N", "g2@10,7:N:ad")),
              HasSubstr("activation is over"));
  EXPECT_THAT(StateError(g, absl::StrReplaceAll(
                                ordering("g2@10,7:N", "g2@10,7:N:a"),
                                {{"phase=order", "phase=dest"}, {"ap=2", "ap=2 order=shoot"}})),
              HasSubstr("order=shoot does not fit phase=dest"));
  EXPECT_THAT(StateError(g, absl::StrReplaceAll(ordering("g2@10,7:N", "g2@10,7:N:a"),
                                                {{"phase=order", "phase=shotroll"},
                                                 {"ap=2", "ap=2 order=shoot mode=melee"}})),
              HasSubstr("resolves an action of att against tgt"));
  EXPECT_THAT(StateError(g, absl::StrReplaceAll(
                                Start("g4@13,6:N", "g4@13,6:N:f"),
                                {{"phase=initiative player=0 initiative=0",
                                  "phase=shotroll player=0 initiative=0 order=shoot mode=shot "
                                  "att=g4 tgt=i6 dice=4"}})),
              HasSubstr("resolves an action of the active unit"));
  // No activated unit to pick: no legal action.
  EXPECT_THAT(StateError(g, Start("phase=initiative", "phase=select")),
              HasSubstr("no legal action"));
}

TEST(MgbbTextTest, ActionsReadAndErrorsSayWhatIsLegal) {
  const auto game = MakeGame();
  State state = game->InitialState();
  auto error = [&](Player player, const std::string& text) {
    absl::StatusOr<Action> action = game->ParseAction(state, player, text);
    EXPECT_FALSE(action.ok()) << text;
    return action.ok() ? "" : std::string(action.status().message());
  };
  EXPECT_THAT(error(0, "initiative government"), HasSubstr("a dice roll"));
  EXPECT_THAT(error(kChancePlayer, ""), HasSubstr("empty action"));
  EXPECT_THAT(error(kChancePlayer, "initiative rebels"),
              HasSubstr("legal: initiative government, initiative insurgents; or 'roll'"));
  Play(*game, state, "  initiative   government ");
  EXPECT_EQ(state.phase, G::kTokens);
  EXPECT_THAT(error(1, "done"), HasSubstr("player 0 decides here, not player 1"));
  EXPECT_THAT(error(0, "token i2"), HasSubstr("legal: token g2, token g3, token g4, token g5"));
  EXPECT_THAT(error(0, "token g1"), HasSubstr("not legal here"));  // the commander
  Play(*game, state, "token g2");
  Play(*game, state, "done");
  Play(*game, state, "done");
  Play(*game, state, "pass");  // g2's activation roll
  EXPECT_EQ(state.phase, G::kSelect);
  EXPECT_THAT(error(0, "unit g3"), HasSubstr("legal: unit g1, unit g2"));
  Play(*game, state, "unit g2");
  EXPECT_EQ(game->ActionToString(state, 0, G::kOrderBase + G::kEnd), "end");
  Play(*game, state, "turn");
  EXPECT_EQ(game->ActionCell(state, 0, G::kFaceBase + 2), kOffGrid);
  Play(*game, state, "face NE");
  EXPECT_EQ(state.facing[1], static_cast<uint8_t>(Facing::kNE));
  EXPECT_EQ(game->ActionToString(state, 0, 123456), "invalid#123456");
}

TEST(MgbbTextTest, LimberTextSaysWhatTheGunDoes) {
  // night_assault's light anti-tank gun (i-side) starts limbered: its order is "unlimber".
  const auto game = MakeGame("night_assault");
  State state = game->InitialState();
  for (int u = 0; u < game->num_units(); ++u) {
    state.active = static_cast<uint8_t>(u);
    const bool limbered = state.flags[u] & G::kLimberedBit;
    state.phase = G::kOrder;
    EXPECT_EQ(game->ActionToString(state, 0, G::kOrderBase + G::kLimber),
              limbered ? "unlimber" : "limber");
    state.flags[u] ^= G::kLimberedBit;
    EXPECT_EQ(game->ActionToString(state, 0, G::kOrderBase + G::kLimber),
              limbered ? "limber" : "unlimber");
  }
}

TEST(MgbbTextTest, RawFacesOfTheInitiative) {
  // election_day: the government has 6 units besides its commander (1 die), the insurgents
  // 7 (2 dice); no hit tokens, and the scouts (2,6) are out of their commander's (12,1)
  // command distance: no adjustment.
  const auto game = MakeGame();
  const State state = game->InitialState();
  ASSERT_EQ(game->InitiativeDiceOf(state, 0), 1);
  ASSERT_EQ(game->InitiativeDiceOf(state, 1), 2);
  auto roll = [&](const std::string& text) {
    return game->ParseAction(state, kChancePlayer, text);
  };
  EXPECT_EQ(*roll("roll 6 / 3 2"), G::kOutcomeBase + 0);  // 6 against 5
  EXPECT_EQ(*roll("roll 1 / 1 1"), G::kOutcomeBase + 1);  // 1 against 2
  EXPECT_THAT(std::string(roll("roll 5 / 3 2").status().message()),
              HasSubstr("a tie (5 each, adjusted): throw again"));
  EXPECT_THAT(std::string(roll("roll 5 3 2").status().message()),
              HasSubstr("the government's 1 d6, '/', then the insurgents' 2"));
  EXPECT_THAT(std::string(roll("roll 5 / 3").status().message()), HasSubstr("insurgents' 2"));
  EXPECT_THAT(std::string(roll("roll 7 / 3 2").status().message()),
              HasSubstr("'7' is not a face of a d6"));
  // A hit token pair on two government units: -1 each (InitiativeAdjustments).
  State hurt = state;
  hurt.hits[1] = hurt.hits[2] = 2;
  ASSERT_EQ(game->InitiativeAdjustmentOf(hurt, 0), -2);
  // 5 - 2 = 3 against 2 + 2 = 4: the insurgents (unadjusted, 5 against 4, the government).
  EXPECT_EQ(*game->ParseAction(hurt, kChancePlayer, "roll 5 / 2 2"), G::kOutcomeBase + 1);
  EXPECT_EQ(*game->ParseAction(state, kChancePlayer, "roll 5 / 2 2"), G::kOutcomeBase + 0);
}

TEST(MgbbTextTest, RawFacesOfActivationRolls) {
  // Police activate on 2+ (g2), Guerrilla on 3+ (i2).
  const auto game = MakeGame();
  State state = game->InitialState();
  Play(*game, state, "initiative government");
  Play(*game, state, "token g2");
  Play(*game, state, "done");
  Play(*game, state, "token i2");
  Play(*game, state, "done");
  ASSERT_EQ(state.phase, G::kActivationRoll);
  ASSERT_EQ(state.cursor, 1);
  EXPECT_EQ(*game->ParseAction(state, kChancePlayer, "roll 1"), G::kOutcomeBase + 0);
  EXPECT_EQ(*game->ParseAction(state, kChancePlayer, "roll 2"), G::kOutcomeBase + 1);
  EXPECT_THAT(std::string(game->ParseAction(state, kChancePlayer, "roll 2 3").status().message()),
              HasSubstr("one d6"));
  Play(*game, state, "roll 2");
  ASSERT_EQ(state.phase, G::kActivationRoll);
  ASSERT_EQ(state.cursor, 8);  // i2
  EXPECT_EQ(*game->ParseAction(state, kChancePlayer, "roll 2"), G::kOutcomeBase + 0);
  EXPECT_EQ(*game->ParseAction(state, kChancePlayer, "roll 3"), G::kOutcomeBase + 1);
}

TEST(MgbbTextTest, RawFacesOfShotAndMeleeRolls) {
  // The hits of a throw are its 5s and 6s; exactly `dice` faces.
  const auto game = MakeGame();
  const std::string shot = kShot;
  absl::StatusOr<State> state = game->ParseState(shot);
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_EQ(*game->ParseAction(*state, kChancePlayer, "roll 5 1 6 2"), G::kOutcomeBase + 2);
  EXPECT_EQ(*game->ParseAction(*state, kChancePlayer, "hits 4"), G::kOutcomeBase + 4);
  EXPECT_FALSE(game->ParseAction(*state, kChancePlayer, "roll 5 1 6").ok());
  EXPECT_FALSE(game->ParseAction(*state, kChancePlayer, "roll 5 1 6 0").ok());
  EXPECT_THAT(std::string(game->ParseAction(*state, kChancePlayer, "hits 5").status().message()),
              HasSubstr("'roll' and the faces: 4 d6, each 5 or 6 a hit"));
  // The melee roll: the defender's throw back (side 1) after the attacker scored 1.
  const std::string melee =
      absl::StrReplaceAll(shot, {{"phase=shotroll", "phase=meleeroll"},
                                 {"order=shoot mode=shot att=i6 tgt=g4 dice=4",
                                  "order=melee mode=melee att=i6 tgt=g4 dice=2 side=1 scored=1"}});
  state = game->ParseState(melee);
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_EQ(game->StateToString(*state), melee);
  EXPECT_EQ(*game->ParseAction(*state, kChancePlayer, "roll 6 6"), G::kOutcomeBase + 2);
  EXPECT_EQ(*game->ParseAction(*state, kChancePlayer, "roll 4 1"), G::kOutcomeBase + 0);
}

TEST(MgbbTextTest, ResultMeasuresCountHitsAndDestroyedPerSide) {
  const auto game = MakeGame();
  const State before = game->InitialState();
  State after = before;
  after.hits[1] = 2;           // g2: 2 hit tokens
  game->AddHits(after, 8, 4);  // i2 destroyed: 4 tokens
  after.hits[9] = 1;           // i3: 1
  const std::vector<std::pair<std::string, int>> expected = {{"government_hits", 2},
                                                             {"government_destroyed", 0},
                                                             {"insurgents_hits", 5},
                                                             {"insurgents_destroyed", 1}};
  EXPECT_EQ(game->ResultMeasures(before, after), expected);
}

TEST(MgbbBoardTest, StartBoardShowsTerrainUnitsAndTheStation) {
  const auto game = MakeGame();
  const State state = game->InitialState();
  const BoardView view = game->DescribeBoard(state, 0);
  EXPECT_EQ(view, game->DescribeBoard(state, 1));  // full information
  EXPECT_EQ(view.width, 24);
  EXPECT_EQ(view.height, 16);
  const std::string text = BoardText(view);
  EXPECT_THAT(text, HasSubstr("Turn 1 of 8"));
  EXPECT_THAT(text, HasSubstr("polling station"));
  EXPECT_THAT(text, HasSubstr("terrain, road"));
  EXPECT_THAT(text, HasSubstr("g2, police, facing N"));
  EXPECT_THAT(text, HasSubstr("i1, guerrilla, charismatic, facing S"));
  ASSERT_EQ(view.pieces.size(), 15u);
  EXPECT_EQ(view.pieces[0].label, "H");
  EXPECT_EQ(view.pieces[3].label, "M");
  EXPECT_EQ(view.pieces[6].label, "V");
  EXPECT_EQ(view.pieces[14].label, "F");
  EXPECT_EQ(view.pieces[13].label, "S");
  EXPECT_EQ(view.pieces[1].cell, game->CellIndex(10, 7));
  EXPECT_EQ(view.pieces[8].side, 1);
  // The town's terrain and the road through it are one kind; the station is a marker.
  EXPECT_EQ(view.terrain_kinds[view.terrain[game->CellIndex(12, 7)]].name, "terrain, road");
  EXPECT_EQ(view.terrain_kinds[view.terrain[game->CellIndex(0, 0)]].name, "open");
  // A destroyed unit is listed off the grid.
  State hit = state;
  game->AddHits(hit, 1, 4);
  EXPECT_EQ(game->DescribeBoard(hit, 0).pieces[1].cell, kOffGrid);
  EXPECT_THAT(BoardText(game->DescribeBoard(hit, 0)), HasSubstr("destroyed 0-1"));
}

TEST(MgbbBoardTest, LinesShowTheActivationAndTheResolution) {
  const auto game = MakeGame();
  absl::StatusOr<State> state = game->ParseState(kShot);
  ASSERT_TRUE(state.ok()) << state.status();
  const std::string text = BoardText(game->DescribeBoard(*state, 1));
  EXPECT_THAT(text, HasSubstr("initiative: insurgents"));
  EXPECT_THAT(text, HasSubstr("dice: the shooting dice"));
  EXPECT_THAT(text, HasSubstr("i6, 1 action point(s) left, 1 action(s) taken"));
  EXPECT_THAT(text, HasSubstr("shot: i6 at g4, 4 dice"));
}

TEST(MgbbBoardTest, NightAssaultShowsHeightsWorksAndSmoke) {
  const auto game = MakeGame("night_assault");
  const std::string text = BoardText(game->DescribeBoard(game->InitialState(), 0));
  EXPECT_THAT(text, HasSubstr("(night)"));
  EXPECT_THAT(text, HasSubstr("height 2"));
  EXPECT_THAT(text, HasSubstr("fortification"));
  EXPECT_THAT(text, HasSubstr("battlefield defence"));
  EXPECT_THAT(text, HasSubstr("smoke"));
  EXPECT_THAT(text, HasSubstr("limbered"));
}

TEST(MgbbBoardTest, ActionCellsPointAtUnitsAndDestinations) {
  const auto game = MakeGame();
  State state = game->InitialState();
  Play(*game, state, "initiative government");
  EXPECT_EQ(game->ActionCell(state, 0, G::kTokenBase + 1), game->CellIndex(10, 7));
  EXPECT_EQ(game->ActionCell(state, 0, G::kTokensDone), kOffGrid);
  Play(*game, state, "done");
  Play(*game, state, "done");
  ASSERT_EQ(state.phase, G::kSelect);
  EXPECT_EQ(game->ActionCell(state, 0, G::kSelectBase + 0), game->CellIndex(11, 9));
  Play(*game, state, "unit g1");
  EXPECT_EQ(game->ActionCell(state, 0, G::kOrderBase + G::kMove), kOffGrid);
  Play(*game, state, "move");
  ASSERT_EQ(state.phase, G::kDest);
  ActionList dests;
  game->LegalActions(state, 0, dests);
  ASSERT_FALSE(dests.empty());
  EXPECT_EQ(game->ActionCell(state, 0, dests[0]), static_cast<int>(dests[0]));
}

}  // namespace
}  // namespace sandtable
