// The rules of the reference games, checked on hand-worked cases.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/params.h"
#include "rulesets/reference/goofspiel.h"
#include "rulesets/reference/kuhn_poker.h"
#include "rulesets/reference/liars_dice.h"
#include "tools/board_text.h"

namespace sandtable {
namespace {

template <typename G>
typename G::State Parse(const G& game, std::string_view text) {
  absl::StatusOr<typename G::State> state = game.ParseState(text);
  EXPECT_TRUE(state.ok()) << text << ": " << state.status().message();
  return state.ok() ? *state : game.InitialState();
}

// The text board of `state` as `viewer` sees it.
template <typename G>
std::string Board(const G& game, const typename G::State& state, Player viewer) {
  return BoardText(game.DescribeBoard(state, viewer));
}

// --- Kuhn poker --------------------------------------------------------------------------

TEST(KuhnPokerTest, PayoffsOfEveryBettingSequence) {
  const KuhnPoker game;
  // Player 0 holds K, player 1 holds Q: showdowns go to player 0.
  const std::vector<std::pair<std::string, int>> chips = {
      {"KQ/pp", 1},  {"KQ/pbp", -1}, {"KQ/pbb", 2}, {"KQ/bp", 1},   {"KQ/bb", 2},
      {"JQ/pp", -1}, {"JQ/bb", -2},  {"JQ/bp", 1},  {"JQ/pbp", -1}, {"JQ/pbb", -2}};
  for (const auto& [text, expected] : chips) {
    const KuhnPoker::State state = Parse(game, text);
    ASSERT_EQ(game.Kind(state), NodeKind::kTerminal) << text;
    EXPECT_EQ(game.Score(state, 0), expected) << text;
    EXPECT_EQ(game.Score(state, 1), -expected) << text;
    EXPECT_EQ(game.Returns(state, 0), expected / 2.0) << text;
    EXPECT_EQ(game.StateToString(state), text);
  }
  EXPECT_EQ(game.Kind(Parse(game, "KQ/pb")), NodeKind::kDecision);
  EXPECT_EQ(game.CurrentPlayer(Parse(game, "KQ/pb")), 0);
  EXPECT_EQ(game.CurrentPlayer(Parse(game, "KQ/p")), 1);
}

TEST(KuhnPokerTest, DealAndTextErrors) {
  const KuhnPoker game;
  KuhnPoker::State state = game.InitialState();
  ChanceList outcomes;
  game.ChanceOutcomes(state, outcomes);
  ASSERT_EQ(outcomes.size(), 3);
  EXPECT_EQ(outcomes[0].probability, Probability(1, 3));
  game.Apply(state, 1);  // Q to player 0
  game.ChanceOutcomes(state, outcomes);
  ASSERT_EQ(outcomes.size(), 2);  // J or K
  EXPECT_EQ(outcomes[0].probability, Probability(1, 2));
  EXPECT_FALSE(game.ParseAction(state, kChancePlayer, "Q").ok());  // already dealt
  EXPECT_EQ(*game.ParseAction(state, kChancePlayer, "deal K"), 2u);
  EXPECT_FALSE(game.ParseState("QQ/").ok());
  EXPECT_FALSE(game.ParseState("QK/ppp").ok());
  EXPECT_FALSE(game.ParseState("-K/").ok());
  EXPECT_EQ(game.DescribeHidden(Parse(game, "QK/"), 1), "hand K");
}

TEST(KuhnPokerTest, InformationSetsAndDeterminizationIgnoreTheOpponentCard) {
  const KuhnPoker game;
  const KuhnPoker::State a = Parse(game, "QJ/p");
  const KuhnPoker::State b = Parse(game, "QK/p");
  EXPECT_EQ(game.InformationSetKey(a, 0), game.InformationSetKey(b, 0));
  EXPECT_NE(game.InformationSetKey(a, 1), game.InformationSetKey(b, 1));
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng_a(seed);
    Rng rng_b(seed);
    const KuhnPoker::State da = game.Determinize(a, 0, rng_a);
    EXPECT_EQ(da, game.Determinize(b, 0, rng_b));
    EXPECT_EQ(da.cards[0], 1);
    EXPECT_NE(da.cards[1], 1);
  }
}

TEST(KuhnPokerTest, BoardShowsTheOpponentCardOnlyAtTheEnd) {
  const KuhnPoker game;
  const KuhnPoker::State betting = Parse(game, "QK/p");
  EXPECT_EQ(Board(game, betting, 0), "Player 0: Q\nPlayer 1: ?\nBetting: p\nTo move: player 1\n");
  EXPECT_EQ(Board(game, betting, 1), "Player 0: ?\nPlayer 1: K\nBetting: p\nTo move: player 1\n");
  EXPECT_EQ(Board(game, betting, kOmniscient),
            "Player 0: Q\nPlayer 1: K\nBetting: p\nTo move: player 1\n");
  EXPECT_EQ(Board(game, Parse(game, "Q-/"), 0), "Player 0: Q\nPlayer 1: -\nBetting:\n");
  const std::string over = Board(game, Parse(game, "QK/pp"), 0);
  EXPECT_NE(over.find("Player 1: K\n"), std::string::npos) << over;
}

// --- Liar's dice --------------------------------------------------------------------------

TEST(LiarsDiceTest, BidsIncreaseAndLiarResolves) {
  const LiarsDice game(2, 6);
  LiarsDice::State state = Parse(game, "36/56/");
  ActionList actions;
  game.LegalActions(state, 0, actions);
  EXPECT_EQ(actions.size(), 24);  // every bid 1x1 .. 4x6, no "liar" before a bid
  state = Parse(game, "36/56/1x2,3x6");
  game.LegalActions(state, 0, actions);
  EXPECT_EQ(actions.size(), 7);  // 4x1 .. 4x6 and liar
  EXPECT_EQ(game.ActionToString(state, 0, actions[0]), "4x1");
  EXPECT_EQ(game.CurrentPlayer(state), 0);
  EXPECT_FALSE(game.ParseAction(state, 0, "2x6").ok());  // not higher
  EXPECT_FALSE(game.ParseAction(state, 1, "4x1").ok());  // not player 1's turn
  // "3x6": three sixes among 3 6 5 6 -- only two: the bid fails, the caller (0) wins.
  LiarsDice::State called = state;
  game.Apply(called, game.LiarAction());
  ASSERT_EQ(game.Kind(called), NodeKind::kTerminal);
  EXPECT_EQ(game.Returns(called, 0), 1);
  EXPECT_EQ(game.Returns(called, 1), -1);
  // "2x6" stands (two sixes): the bidder (player 1) wins when player 0 calls.
  called = Parse(game, "36/56/1x2,2x6,liar");
  EXPECT_EQ(game.Returns(called, 1), 1);
  // Sixes are not wild: "2x5" with one five and two sixes fails.
  called = Parse(game, "36/56/2x5,liar");
  EXPECT_EQ(game.Returns(called, 0), -1);
  EXPECT_EQ(game.StateToString(called), "36/56/2x5,liar");
}

TEST(LiarsDiceTest, DealTextAndHiddenDice) {
  const LiarsDice game(2, 6);
  LiarsDice::State state = game.InitialState();
  ChanceList outcomes;
  game.ChanceOutcomes(state, outcomes);
  ASSERT_EQ(outcomes.size(), 6);
  EXPECT_EQ(outcomes[5].probability, Probability(1, 6));
  for (Action face : {3u, 6u, 5u}) game.Apply(state, face);
  EXPECT_EQ(game.StateToString(state), "36/5?/");
  EXPECT_EQ(Parse(game, "36/5?/"), state);
  EXPECT_EQ(game.DescribeHidden(state, 0), "dice 3 6");
  EXPECT_EQ(game.DescribeHidden(Parse(game, "63/5?/"), 0), "dice 3 6");
  EXPECT_FALSE(game.ParseState("36/5/").ok());
  EXPECT_FALSE(game.ParseState("37/56/").ok());
  EXPECT_FALSE(game.ParseState("3?/56/").ok());  // out of order
  // Every action round-trips through its text.
  const LiarsDice::State bidding = Parse(game, "36/56/1x4");
  ActionList actions;
  game.LegalActions(bidding, 1, actions);
  for (Action action : actions) {
    EXPECT_EQ(*game.ParseAction(bidding, 1, game.ActionToString(bidding, 1, action)), action);
  }
}

TEST(LiarsDiceTest, BoardShowsTheOpponentDiceOnlyAtTheEnd) {
  const LiarsDice game(2, 6);
  const LiarsDice::State bidding = Parse(game, "36/15/2x3");
  EXPECT_EQ(Board(game, bidding, 0),
            "Player 0 dice: 3 6\nPlayer 1 dice: ? ?\nBids: 2x3\nTo move: player 1\n");
  EXPECT_EQ(Board(game, bidding, 1),
            "Player 0 dice: ? ?\nPlayer 1 dice: 1 5\nBids: 2x3\nTo move: player 1\n");
  EXPECT_EQ(Board(game, bidding, kOmniscient),
            "Player 0 dice: 3 6\nPlayer 1 dice: 1 5\nBids: 2x3\nTo move: player 1\n");
  // Not rolled yet: unknown to everyone.
  EXPECT_EQ(Board(game, Parse(game, "36/5?/"), kOmniscient).substr(0, 32),
            "Player 0 dice: 3 6\nPlayer 1 dice");
  EXPECT_NE(Board(game, Parse(game, "36/5?/"), kOmniscient).find("Player 1 dice: 5 ?"),
            std::string::npos);
  const std::string over = Board(game, Parse(game, "36/15/2x3,liar"), 0);
  EXPECT_NE(over.find("Player 1 dice: 1 5\n"), std::string::npos) << over;
}

TEST(LiarsDiceTest, InformationSetsAndDeterminizationIgnoreTheOpponentDice) {
  const LiarsDice game(2, 6);
  const LiarsDice::State a = Parse(game, "36/12/2x3");
  const LiarsDice::State b = Parse(game, "44/12/2x3");
  const LiarsDice::State c = Parse(game, "36/21/2x3");
  EXPECT_EQ(game.InformationSetKey(a, 1), game.InformationSetKey(b, 1));
  EXPECT_EQ(game.InformationSetKey(a, 1), game.InformationSetKey(c, 1));  // a cup has no order
  EXPECT_NE(game.InformationSetKey(a, 0), game.InformationSetKey(b, 0));
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng_a(seed);
    Rng rng_b(seed);
    const LiarsDice::State da = game.Determinize(a, 1, rng_a);
    EXPECT_EQ(da, game.Determinize(b, 1, rng_b));
    EXPECT_EQ(game.InformationSetKey(da, 1), game.InformationSetKey(a, 1));
  }
}

TEST(LiarsDiceTest, ParametersAreValidated) {
  EXPECT_FALSE(Params::Resolve(LiarsDice::ParamDefs(), {{"dice", "6"}}).ok());
  EXPECT_FALSE(Params::Resolve(LiarsDice::ParamDefs(), {{"faces", "1"}}).ok());
  const absl::StatusOr<Params> params =
      Params::Resolve(LiarsDice::ParamDefs(), {{"dice", "5"}, {"faces", "6"}});
  ASSERT_TRUE(params.ok());
  const auto game = LiarsDice::Create(*params, "");
  ASSERT_TRUE(game.ok());
  EXPECT_EQ((*game)->LiarAction(), 60u);
  EXPECT_FALSE(LiarsDice::Create(*params, "a scenario").ok());
}

// --- Goofspiel ----------------------------------------------------------------------------

TEST(GoofspielTest, HigherBidWinsThePrizeAndTiesDiscardIt) {
  const Goofspiel game(3, false);
  Goofspiel::State state = game.InitialState();
  EXPECT_EQ(game.Kind(state), NodeKind::kChance);
  ChanceList outcomes;
  game.ChanceOutcomes(state, outcomes);
  ASSERT_EQ(outcomes.size(), 3);
  EXPECT_EQ(outcomes[0].probability, Probability(1, 3));
  game.Apply(state, 2);
  ASSERT_EQ(game.Kind(state), NodeKind::kSimultaneous);
  game.ApplyJoint(state, {3, 1});  // player 0 wins prize 2
  EXPECT_EQ(game.Score(state, 0), 2);
  game.Apply(state, 3);
  game.ApplyJoint(state, {2, 2});  // tie: prize 3 is discarded
  EXPECT_EQ(game.Score(state, 0) + game.Score(state, 1), 2);
  game.Apply(state, 1);
  ActionList actions;
  game.LegalActions(state, 1, actions);
  ASSERT_EQ(actions.size(), 1);
  EXPECT_EQ(actions[0], 3u);
  game.ApplyJoint(state, {1, 3});  // player 1 wins prize 1
  ASSERT_EQ(game.Kind(state), NodeKind::kTerminal);
  EXPECT_EQ(game.Returns(state, 0), 1);  // 2 points to 1
  EXPECT_EQ(game.StateToString(state), "2:3-1,3:2-2,1:1-3");
  EXPECT_EQ(Parse(game, "2:3-1,3:2-2,1:1-3"), state);
}

TEST(GoofspielTest, TurnBasedBidStaysHiddenFromPlayerOne) {
  const Goofspiel game(4, true);
  const Goofspiel::State a = Parse(game, "4:1-2,3:4-");
  const Goofspiel::State b = Parse(game, "4:1-2,3:2-");
  EXPECT_EQ(game.Kind(a), NodeKind::kDecision);
  EXPECT_EQ(game.CurrentPlayer(a), 1);
  EXPECT_EQ(game.StateToString(a), "4:1-2,3:4-");
  EXPECT_EQ(game.InformationSetKey(a, 1), game.InformationSetKey(b, 1));
  EXPECT_NE(game.InformationSetKey(a, 0), game.InformationSetKey(b, 0));
  EXPECT_EQ(game.DescribeHidden(a, 0), "bid 4");
  ActionList actions;
  game.LegalActions(a, 1, actions);
  EXPECT_EQ(actions.size(), 3);  // player 1 still holds 1, 3, 4
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng_a(seed);
    Rng rng_b(seed);
    const Goofspiel::State da = game.Determinize(a, 1, rng_a);
    EXPECT_EQ(da, game.Determinize(b, 1, rng_b));
    EXPECT_TRUE(da.pending_bid == 2 || da.pending_bid == 3 || da.pending_bid == 4);
  }
  // The board: player 1 sees that a bid was made, not which.
  EXPECT_EQ(Board(game, a, 1),
            "Round: 2 of 4\nPoints: 0 - 4\nPrize: 3\nPlayer 0 hand: 2 3 4\nPlayer 1 hand: 1 3 4\n"
            "Player 0 bid (hidden from player 1): ?\nRounds: 4:1-2,3:?-\n");
  EXPECT_EQ(Board(game, a, 0),
            "Round: 2 of 4\nPoints: 0 - 4\nPrize: 3\nPlayer 0 hand: 2 3 4\nPlayer 1 hand: 1 3 4\n"
            "Player 0 bid (hidden from player 1): 4\nRounds: 4:1-2,3:4-\n");
  EXPECT_EQ(Board(game, a, kOmniscient), Board(game, a, 0));
  EXPECT_EQ(Board(game, a, 1), Board(game, b, 1));
  EXPECT_FALSE(Goofspiel(4, false).ParseState("4:1-").ok());  // no hidden bid when simultaneous
  EXPECT_FALSE(game.ParseState("4:1-2,4:").ok());             // prize 4 is gone
  EXPECT_FALSE(game.ParseState("4:1-2,3:1-").ok());           // card 1 was played
}

}  // namespace
}  // namespace sandtable
