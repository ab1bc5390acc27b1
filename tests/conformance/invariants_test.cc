// The checks catch what they claim to: each broken ToyGame variant fails its check on a
// state where the bug shows, while the correct ToyGame passes the same check; and the random
// game driver finds every bug on its own.
#include "tests/conformance/invariants.h"

#include "gtest/gtest.h"
#include "tests/conformance/toy_game.h"

namespace sandtable::conformance {
namespace {

template <ToyBug kBug>
using Toy = ToyGameT<kBug>;

template <ToyBug kBug>
const Toy<kBug>& Game() {
  static const auto* game = new Toy<kBug>(3);
  return *game;
}

// States of the toy game at each node kind (the State layout is the same in every variant).
template <ToyBug kBug>
typename Toy<kBug>::State DealtState() {  // simultaneous node
  return {{3, 2}, {-1, -1}, {-1, -1}};
}
template <ToyBug kBug>
typename Toy<kBug>::State StakedState() {  // player 0 decides
  return {{3, 2}, {2, 1}, {-1, -1}};
}
template <ToyBug kBug>
typename Toy<kBug>::State SecondDecisionState() {  // player 1 decides
  return {{3, 2}, {2, 1}, {0, -1}};
}
template <ToyBug kBug>
typename Toy<kBug>::State FinishedState() {  // player 1 folded: player 0 wins
  return {{1, 2}, {1, 1}, {0, 1}};
}

TEST(InvariantsTest, CorrectToyPassesEveryCheckAtEveryNodeKind) {
  constexpr ToyBug kOk = ToyBug::kNone;
  const auto& game = Game<kOk>();
  Rng rng(1);
  for (const auto& state : {game.InitialState(), DealtState<kOk>(), StakedState<kOk>(),
                            SecondDecisionState<kOk>(), FinishedState<kOk>()}) {
    EXPECT_TRUE(CheckState(game, state, rng, RandomGameOptions{}).ok())
        << game.StateToString(state);
  }
  EXPECT_EQ(game.Kind(game.InitialState()), NodeKind::kChance);
  EXPECT_EQ(game.Kind(DealtState<kOk>()), NodeKind::kSimultaneous);
  EXPECT_EQ(game.Kind(FinishedState<kOk>()), NodeKind::kTerminal);
  EXPECT_EQ(game.Returns(FinishedState<kOk>(), 0), 1.0);
}

TEST(InvariantsTest, WrongPlayerAtSimultaneousNode) {
  constexpr ToyBug kBug = ToyBug::kWrongPlayer;
  EXPECT_FALSE(CheckNodeKind(Game<kBug>(), DealtState<kBug>()).ok());
  EXPECT_TRUE(CheckNodeKind(Game<ToyBug::kNone>(), DealtState<ToyBug::kNone>()).ok());
}

TEST(InvariantsTest, DuplicateAction) {
  constexpr ToyBug kBug = ToyBug::kDuplicateAction;
  const absl::Status status = CheckLegalActions(Game<kBug>(), StakedState<kBug>());
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("duplicate"), absl::string_view::npos) << status;
}

TEST(InvariantsTest, DescendingActions) {
  constexpr ToyBug kBug = ToyBug::kDescendingActions;
  const absl::Status status = CheckLegalActions(Game<kBug>(), StakedState<kBug>());
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("not ascending"), absl::string_view::npos) << status;
}

TEST(InvariantsTest, UnclearedList) {
  constexpr ToyBug kBug = ToyBug::kUnclearedList;
  const absl::Status status = CheckListsCleared(Game<kBug>(), StakedState<kBug>());
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("does not clear"), absl::string_view::npos) << status;
}

TEST(InvariantsTest, DecisionWithoutActions) {
  constexpr ToyBug kBug = ToyBug::kNoActions;
  EXPECT_TRUE(CheckLegalActions(Game<kBug>(), StakedState<kBug>()).ok());  // player 0 is fine
  EXPECT_FALSE(CheckLegalActions(Game<kBug>(), SecondDecisionState<kBug>()).ok());
}

TEST(InvariantsTest, ChanceProbabilitiesNotSummingToOne) {
  constexpr ToyBug kBug = ToyBug::kBadChanceSum;
  const absl::Status status = CheckChanceOutcomes(Game<kBug>(), Game<kBug>().InitialState());
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("7/6"), absl::string_view::npos) << status;  // (2+2+3)/6
  EXPECT_TRUE(
      CheckChanceOutcomes(Game<ToyBug::kNone>(), Game<ToyBug::kNone>().InitialState()).ok());
}

TEST(InvariantsTest, DeterminizationThatChangesWhatTheObserverSaw) {
  constexpr ToyBug kBug = ToyBug::kLeakyDeterminize;
  Rng rng(7);
  // With 3 cards, 8 samples per player all keeping the own card has probability below 1e-3
  // for every seed; the seed is fixed anyway.
  EXPECT_FALSE(CheckDeterminization(Game<kBug>(), DealtState<kBug>(), rng, 8).ok());
  EXPECT_TRUE(
      CheckDeterminization(Game<ToyBug::kNone>(), DealtState<ToyBug::kNone>(), rng, 8).ok());
}

TEST(InvariantsTest, StateStringThatLosesInformation) {
  constexpr ToyBug kBug = ToyBug::kLossyStateString;
  EXPECT_TRUE(CheckStateRoundTrip(Game<kBug>(), DealtState<kBug>()).ok());  // no stakes yet
  EXPECT_FALSE(CheckStateRoundTrip(Game<kBug>(), StakedState<kBug>()).ok());
  EXPECT_TRUE(CheckStateRoundTrip(Game<ToyBug::kNone>(), StakedState<ToyBug::kNone>()).ok());
}

TEST(InvariantsTest, ActionTextThatParsesAsAnotherAction) {
  constexpr ToyBug kBug = ToyBug::kBadActionText;
  EXPECT_FALSE(CheckActionRoundTrips(Game<kBug>(), StakedState<kBug>()).ok());
  EXPECT_TRUE(CheckActionRoundTrips(Game<kBug>(), DealtState<kBug>()).ok());  // stakes are fine
  EXPECT_TRUE(CheckActionRoundTrips(Game<ToyBug::kNone>(), StakedState<ToyBug::kNone>()).ok());
}

TEST(InvariantsTest, ReturnsThatAreNotZeroSum) {
  constexpr ToyBug kBug = ToyBug::kNotZeroSum;
  EXPECT_FALSE(CheckReturns(Game<kBug>(), FinishedState<kBug>()).ok());
  EXPECT_FALSE(CheckReturns(Game<kBug>(), FinishedState<kBug>(), /*strict_returns=*/false).ok());
  EXPECT_TRUE(CheckReturns(Game<ToyBug::kNone>(), FinishedState<ToyBug::kNone>()).ok());
}

TEST(InvariantsTest, EmptyRender) {
  constexpr ToyBug kBug = ToyBug::kEmptyRender;
  Rng rng(3);
  EXPECT_TRUE(CheckRender(Game<kBug>(), StakedState<kBug>(), rng).ok());
  EXPECT_FALSE(CheckRender(Game<kBug>(), FinishedState<kBug>(), rng).ok());
}

TEST(InvariantsTest, RenderThatShowsTheOpponentsCard) {
  constexpr ToyBug kBug = ToyBug::kLeakyRender;
  // Some determinization deals the opponent another card than the real one.
  bool caught = false;
  for (int i = 0; i < 20 && !caught; ++i) {
    Rng rng(5, i);
    caught = !CheckRender(Game<kBug>(), StakedState<kBug>(), rng).ok();
  }
  EXPECT_TRUE(caught);
  Rng rng(5);
  EXPECT_TRUE(CheckRender(Game<kBug>(), FinishedState<kBug>(), rng).ok());  // all shown at the end
  for (int i = 0; i < 20; ++i) {
    Rng fair_rng(5, i);
    EXPECT_TRUE(CheckRender(Game<ToyBug::kNone>(), StakedState<ToyBug::kNone>(), fair_rng).ok());
  }
}

TEST(InvariantsTest, SvgThatShowsTheOpponentsCardByColour) {
  constexpr ToyBug kBug = ToyBug::kLeakySvg;
  bool caught = false;
  for (int i = 0; i < 20 && !caught; ++i) {
    Rng rng(5, i);
    const absl::Status status = CheckRender(Game<kBug>(), StakedState<kBug>(), rng);
    caught = !status.ok();
    if (caught) {
      EXPECT_NE(status.message().find("SVG picture"), absl::string_view::npos);
    }
  }
  EXPECT_TRUE(caught);
}

// The driver alone finds each bug within a few random games.
template <ToyBug kBug>
bool RandomGamesFindBug() {
  for (int i = 0; i < 200; ++i) {
    Rng rng(11, i);
    if (!PlayRandomGame(Game<kBug>(), rng, RandomGameOptions{}).ok()) return true;
  }
  return false;
}

TEST(InvariantsTest, RandomGamesFindEveryBug) {
  EXPECT_FALSE(RandomGamesFindBug<ToyBug::kNone>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kWrongPlayer>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kDuplicateAction>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kDescendingActions>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kUnclearedList>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kNoActions>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kBadChanceSum>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kLeakyDeterminize>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kLossyStateString>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kBadActionText>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kNotZeroSum>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kShortMaxLength>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kEmptyRender>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kLeakyRender>());
  EXPECT_TRUE(RandomGamesFindBug<ToyBug::kLeakySvg>());
}

TEST(InvariantsTest, FailureNamesTheMovesThatLedThere) {
  Rng rng(3);
  const absl::Status status =
      PlayRandomGame(Game<ToyBug::kDuplicateAction>(), rng, RandomGameOptions{});
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("card "), absl::string_view::npos) << status;
  EXPECT_NE(status.message().find("stake "), absl::string_view::npos) << status;
}

}  // namespace
}  // namespace sandtable::conformance
