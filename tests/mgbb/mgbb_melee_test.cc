// mgbb's charges, hand-to-hand rounds, retreat, follow-up and disengagement
// (rulesets/mgbb/mgbb_melee.cc), each on a hand-built position with the dice fixed.
#include <algorithm>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <string_view>

#include "gtest/gtest.h"
#include "rulesets/mgbb/mgbb.h"
#include "tests/mgbb/mgbb_test_util.h"

namespace sandtable {
namespace {

using G = MgbbGame;

using mgbb_test::GameOnMap;
using mgbb_test::kOpenMap;

// Terrain on 2,3.
constexpr std::string_view kTerrain =
    "..........\n..........\n..........\n..t.......\n..........\n"
    "..........\n..........\n..........\n..........\n.........*\n";

// Unit u is taking its activation with `ap` points left, at its kOrder node.
G::State Activated(const G& game, int u, int ap = G::kActionPoints) {
  G::State state = game.InitialState();
  state.phase = G::kOrder;
  state.player = static_cast<uint8_t>(game.side(u));
  state.active = static_cast<uint8_t>(u);
  state.ap = static_cast<uint8_t>(ap);
  state.flags[u] |= G::kActivatedBit;
  return state;
}

using mgbb_test::Has;
using mgbb_test::Legal;

int At(const G& game, int x, int y) { return game.CellIndex(x, y); }

// The active unit charges t: through the kOrder and kTarget nodes.
void Charge(const G& game, G::State& state, int t) {
  ASSERT_TRUE(Has(Legal(game, state), G::kOrderBase + G::kCharge));
  game.Apply(state, G::kOrderBase + G::kCharge);
  ASSERT_TRUE(Has(Legal(game, state), G::kTargetBase + t));
  game.Apply(state, G::kTargetBase + t);
  ASSERT_EQ(state.phase, G::kMeleeRoll);
}

// No resolution under way: the fields are canonical.
void ExpectNoResolution(const G::State& state) {
  EXPECT_EQ(state.mode, G::kNoMode);
  EXPECT_EQ(state.att, G::kNone);
  EXPECT_EQ(state.tgt, G::kNone);
  EXPECT_EQ(state.dice, 0);
  EXPECT_EQ(state.side, 0);
  EXPECT_EQ(state.scored, 0);
}

// Cavalry (0, 2M = 4 cells, 8 half-step points) at 4,6 with its commander; a friendly foot
// unit (2) on 4,3 next to the target (3) at 4,2; another insurgent (4) out of reach.
constexpr std::string_view kCavalryCharge =
    "unit side=government class=regular type=cavalry at=4,6\n"
    "unit side=government class=regular type=commander trait=defensive at=6,7\n"
    "unit side=government class=regular type=foot at=4,3\n"
    "unit side=insurgents class=guerrilla type=foot at=4,2\n"
    "unit side=insurgents class=guerrilla type=foot at=0,0\n"
    "unit side=insurgents class=guerrilla type=commander trait=rash at=9,0\n";

TEST(MgbbMeleeTest, ChargeEndsOnTheReachableFreeCellNearestTheCharger) {
  auto game = GameOnMap(kOpenMap, kCavalryCharge);
  G::State state = Activated(*game, 0);
  ActionList targets;
  game->ChargeTargets(state, 0, targets);
  ASSERT_EQ(targets.size(), 1u);  // 0,0 and 9,0 are out of reach
  EXPECT_EQ(targets[0], G::kTargetBase + 3);
  // 4,3 is taken; 3,3 and 5,3 are both 10 cells^2 away (reached for 2 + 2 + 3 = 7 points):
  // the lower cell index, 3,3.
  Charge(*game, state, 3);
  EXPECT_EQ(state.cell[0], At(*game, 3, 3));
  EXPECT_EQ(state.facing[0], static_cast<uint8_t>(Facing::kNE));  // toward 4,2
  EXPECT_EQ(state.ap, 1);  // a charge costs 1 point (not 2R nor tribal)
  EXPECT_TRUE(state.flags[0] & G::kMovedBit);
  EXPECT_TRUE(state.did & G::kDidMove);
  EXPECT_EQ(state.mode, G::kChargeRound);
  EXPECT_EQ(state.att, 0);
  EXPECT_EQ(state.tgt, 3);
  EXPECT_EQ(state.side, 0);

  // With 4,3 free the charge ends there, straight ahead.
  G::State clear = Activated(*game, 0);
  clear.cell[2] = static_cast<uint16_t>(At(*game, 8, 8));
  Charge(*game, clear, 3);
  EXPECT_EQ(clear.cell[0], At(*game, 4, 3));
  EXPECT_EQ(clear.facing[0], static_cast<uint8_t>(Facing::kN));
}

TEST(MgbbMeleeTest, NoChargeOutOfCommandDistanceInContactOrByMachineGuns) {
  auto game = GameOnMap(kOpenMap, kCavalryCharge);
  G::State state = Activated(*game, 0);
  EXPECT_TRUE(game->CanCharge(state, 0));
  state.cell[1] = static_cast<uint16_t>(At(*game, 9, 9));  // 5,3 away: 34 > 16 cells^2
  EXPECT_FALSE(game->CanCharge(state, 0));
  EXPECT_FALSE(Has(Legal(*game, state), G::kOrderBase + G::kCharge));

  state = Activated(*game, 0);
  state.cell[4] = static_cast<uint16_t>(At(*game, 5, 7));  // an enemy in contact
  EXPECT_FALSE(game->CanCharge(state, 0));

  auto guns = GameOnMap(kOpenMap,
                        "unit side=government class=regular type=machine-gun at=4,4\n"
                        "unit side=government class=regular type=commander trait=rash at=5,5\n"
                        "unit side=insurgents class=guerrilla type=foot at=4,2\n"
                        "unit side=insurgents class=guerrilla type=commander trait=rash at=9,0\n");
  EXPECT_FALSE(guns->CanCharge(Activated(*guns, 0), 0));
}

// Foot (1M: 2 cells) at 2,5 whose only reachable cell next to the target at 2,2 is 2,3.
constexpr std::string_view kFootCharge =
    "unit side=government class=regular type=foot at=2,5\n"
    "unit side=government class=regular type=commander trait=defensive at=4,6\n"
    "unit side=insurgents class=guerrilla type=foot at=2,2\n"
    "unit side=insurgents class=guerrilla type=commander trait=rash at=9,0\n";

TEST(MgbbMeleeTest, ChargeIntoTerrainPaysTheTerrainPoint) {
  auto open = GameOnMap(kOpenMap, kFootCharge);
  G::State state = Activated(*open, 0);
  EXPECT_EQ(open->ChargeCost(state, 0, At(*open, 2, 3)), 1);
  Charge(*open, state, 2);
  EXPECT_EQ(state.ap, 1);

  // 2,3 is terrain: 1 for the charge + 1 through terrain.
  auto terrain = GameOnMap(kTerrain, kFootCharge);
  state = Activated(*terrain, 0);
  EXPECT_EQ(terrain->ChargeCost(state, 0, At(*terrain, 2, 3)), 2);
  Charge(*terrain, state, 2);
  EXPECT_EQ(state.cell[0], At(*terrain, 2, 3));
  EXPECT_EQ(state.ap, 0);
  // With one point left it cannot charge.
  EXPECT_FALSE(terrain->CanCharge(Activated(*terrain, 0, 1), 0));
}

TEST(MgbbMeleeTest, ChargeDiceOfEachSide) {
  // The charger: Guerrilla foot with assault rifles led by a Charismatic commander in
  // command distance. 4 base; assault rifle +1, Charismatic +1: 6 dice.
  // The target: Regular Army foot in terrain led by a Defensive commander in distance.
  // 4 base; Regular Army against others +1; Defensive, did not charge, +1: 6; in terrain
  // 2/3, one die lost per full 3: 6 - 2 = 4 dice.
  auto game = GameOnMap(kTerrain,
                        "unit side=insurgents class=guerrilla type=foot weapon=assault-rifle "
                        "at=2,6\n"
                        "unit side=insurgents class=guerrilla type=commander "
                        "trait=charismatic at=0,4\n"
                        "unit side=government class=regular type=foot at=2,3\n"
                        "unit side=government class=regular type=commander trait=defensive "
                        "at=4,2\n");
  G::State state = Activated(*game, 0);
  Charge(*game, state, 2);
  EXPECT_EQ(state.cell[0], At(*game, 2, 4));  // in the open
  EXPECT_EQ(state.dice, 6);
  ChanceList outcomes;
  game->ChanceOutcomes(state, outcomes);
  EXPECT_EQ(outcomes.size(), 7u);  // 0..6 hits
  game->Apply(state, G::kOutcomeBase + 0);
  EXPECT_EQ(state.side, 1);
  EXPECT_EQ(state.scored, 0);
  EXPECT_EQ(state.dice, 4);
}

// Regular Army foot (0) at 4,6 charges Guerrilla foot (2) at 4,3 and ends on 4,4. Both
// commanders are out of command distance of the fight (no leader rows) but the government's
// is within 2M of the charger's start.
constexpr std::string_view kFootFight =
    "unit side=government class=regular type=foot at=4,6\n"
    "unit side=government class=regular type=commander trait=hated at=7,8\n"
    "unit side=insurgents class=guerrilla type=foot formation=2R at=4,3\n"
    "unit side=insurgents class=guerrilla type=commander trait=rash at=9,0\n";

TEST(MgbbMeleeTest, LoserByHitsScoredRetreatsAndTheWinnerMayFollowUp) {
  auto game = GameOnMap(kOpenMap, kFootFight);
  for (bool follow : {true, false}) {
    G::State state = Activated(*game, 0);
    Charge(*game, state, 2);
    ASSERT_EQ(state.cell[0], At(*game, 4, 4));
    // The charger scores 2, the 2R target 1. The charger wins on hits scored although each
    // side applies 1: 2 - 1 (opponent 2R) and 1.
    game->Apply(state, G::kOutcomeBase + 2);
    game->Apply(state, G::kOutcomeBase + 1);
    EXPECT_EQ(state.hits[0], 1);
    EXPECT_EQ(state.hits[2], 1);
    // Straight back, directly away from the winner: 4,2 then 4,1; its facing is kept.
    EXPECT_EQ(state.cell[2], At(*game, 4, 1));
    EXPECT_EQ(state.facing[2], static_cast<uint8_t>(Facing::kS));
    ASSERT_EQ(state.phase, G::kFollowUp);
    EXPECT_EQ(game->CurrentPlayer(state), 0);
    EXPECT_EQ(state.att, 0);  // the winner
    EXPECT_EQ(state.tgt, 2);  // the loser
    game->Apply(state, follow ? G::kYes : G::kNo);
    // Following up puts the winner on the cell the loser retreated through.
    EXPECT_EQ(state.cell[0], follow ? At(*game, 4, 2) : At(*game, 4, 4));
    ExpectNoResolution(state);
    EXPECT_EQ(state.phase, G::kOrder);
    EXPECT_EQ(state.active, 0);
  }
}

TEST(MgbbMeleeTest, ALosingChargerRetreatsAndTheTargetsOwnerMayFollowUp) {
  auto game = GameOnMap(kOpenMap, kFootFight);
  G::State state = Activated(*game, 0);
  Charge(*game, state, 2);
  game->Apply(state, G::kOutcomeBase + 0);
  game->Apply(state, G::kOutcomeBase + 1);
  EXPECT_EQ(state.hits[0], 1);
  EXPECT_EQ(state.hits[2], 0);
  EXPECT_EQ(state.cell[0], At(*game, 4, 6));  // back south from 4,4
  ASSERT_EQ(state.phase, G::kFollowUp);
  EXPECT_EQ(game->CurrentPlayer(state), 1);
  game->Apply(state, G::kYes);
  EXPECT_EQ(state.cell[2], At(*game, 4, 5));
  EXPECT_EQ(state.facing[2], static_cast<uint8_t>(Facing::kS));
}

TEST(MgbbMeleeTest, ALoserThatCannotRetreatIsDestroyed) {
  auto game = GameOnMap(kOpenMap, kFootFight);
  // Blocked: a unit (its own commander) on the second cell back.
  G::State state = Activated(*game, 0);
  state.cell[3] = static_cast<uint16_t>(At(*game, 4, 1));
  Charge(*game, state, 2);
  game->Apply(state, G::kOutcomeBase + 1);
  game->Apply(state, G::kOutcomeBase + 0);
  EXPECT_FALSE(G::Alive(state, 2));
  EXPECT_EQ(state.destroyed[0], 1);
  EXPECT_EQ(state.phase, G::kOrder);  // no follow-up of a destroyed loser
  ExpectNoResolution(state);

  // Off the table: the target on row 1 would retreat to rows 0 and -1.
  state = Activated(*game, 0);
  state.cell[0] = static_cast<uint16_t>(At(*game, 4, 4));
  state.cell[1] = static_cast<uint16_t>(At(*game, 5, 5));  // command distance
  state.cell[2] = static_cast<uint16_t>(At(*game, 4, 1));
  Charge(*game, state, 2);
  ASSERT_EQ(state.cell[0], At(*game, 4, 2));
  game->Apply(state, G::kOutcomeBase + 1);
  game->Apply(state, G::kOutcomeBase + 0);
  EXPECT_FALSE(G::Alive(state, 2));
  EXPECT_EQ(state.destroyed[0], 1);
}

TEST(MgbbMeleeTest, EqualHitsStayInContactThenHandToHandOncePerActivation) {
  auto game = GameOnMap(kOpenMap, kFootFight);
  G::State state = Activated(*game, 0);
  Charge(*game, state, 2);
  game->Apply(state, G::kOutcomeBase + 1);
  game->Apply(state, G::kOutcomeBase + 1);
  EXPECT_EQ(state.cell[0], At(*game, 4, 4));
  EXPECT_EQ(state.cell[2], At(*game, 4, 3));
  EXPECT_EQ(state.hits[0], 1);
  EXPECT_EQ(state.hits[2], 1);  // 1 - 1 (2R), at least one
  ExpectNoResolution(state);
  ASSERT_EQ(state.phase, G::kOrder);
  EXPECT_EQ(state.ap, 1);
  // The charge is not the activation's hand-to-hand: one round follows, for 0 points.
  ASSERT_TRUE(Has(Legal(*game, state), G::kOrderBase + G::kMelee));
  game->Apply(state, G::kOrderBase + G::kMelee);
  EXPECT_EQ(Legal(*game, state).size(), 1u);  // the one enemy in contact
  game->Apply(state, G::kTargetBase + 2);
  EXPECT_EQ(state.mode, G::kMeleeRound);
  // Regular Army against Guerrillas +1, a hit token -1: 4 dice; the 2R Guerrillas: 4 base,
  // 2R +2, a hit token -1: 5.
  EXPECT_EQ(state.dice, 4);
  game->Apply(state, G::kOutcomeBase + 0);
  EXPECT_EQ(state.dice, 5);
  game->Apply(state, G::kOutcomeBase + 0);
  EXPECT_EQ(state.hits[0], 1);
  EXPECT_EQ(state.ap, 1);
  EXPECT_TRUE(state.did & G::kDidMelee);
  EXPECT_FALSE(Has(Legal(*game, state), G::kOrderBase + G::kMelee));
  ActionList targets;
  game->MeleeTargets(state, 0, targets);
  EXPECT_TRUE(targets.empty());
}

// Exact: P(the charger wins a round), 4 dice against 3. Regular Army on both sides, no
// leader rows (the charger's commander is Cautious): the charger throws 4; the target in
// terrain throws 4 less one per full 3 = 3. A die hits on 5 or 6 (1/3), so the charger's
// hits are 0..4 in 16, 32, 24, 8, 1 of 81 and the target's 0..3 in 8, 12, 6, 1 of 27.
// Charger ahead: 32*8 + 24*(8+12) + 8*(8+12+6) + 1*27 = 256 + 480 + 208 + 27 = 971 of 2187;
// equal: 16*8 + 32*12 + 24*6 + 8*1 = 664; target ahead: 2187 - 971 - 664 = 552.
TEST(MgbbMeleeTest, ChargerWinsARoundWithItsExactProbability) {
  auto game = GameOnMap(kTerrain,
                        "unit side=government class=regular type=foot at=2,5\n"
                        "unit side=government class=regular type=commander trait=cautious "
                        "at=4,6\n"
                        "unit side=insurgents class=regular type=foot at=2,3\n"
                        "unit side=insurgents class=regular type=commander trait=rash at=9,0\n");
  G::State start = Activated(*game, 0);
  Charge(*game, start, 2);
  ASSERT_EQ(start.cell[0], At(*game, 2, 4));
  EXPECT_EQ(start.ap, 0);  // 1 for the charge, 1 for a Cautious-led charge
  ChanceList charger;
  game->ChanceOutcomes(start, charger);
  ASSERT_EQ(charger.size(), game->HitPool(4).Distribution().size());
  Probability won, equal, lost;
  for (const ChanceOutcome& a : charger) {
    G::State thrown = start;
    game->Apply(thrown, a.outcome);
    ChanceList target;
    game->ChanceOutcomes(thrown, target);
    ASSERT_EQ(target.size(), game->HitPool(3).Distribution().size());
    for (const ChanceOutcome& b : target) {
      G::State after = thrown;
      game->Apply(after, b.outcome);
      // Read the result from the position: who was pushed back (or destroyed).
      const bool target_moved = after.cell[2] != start.cell[2];
      const bool charger_moved = after.cell[0] != start.cell[0];
      ASSERT_FALSE(target_moved && charger_moved);
      Probability& sum = target_moved ? won : charger_moved ? lost : equal;
      sum += a.probability * b.probability;
    }
  }
  EXPECT_EQ(won, Probability(971, 2187));
  EXPECT_EQ(equal, Probability(664, 2187));
  EXPECT_EQ(lost, Probability(552, 2187));
}

// Cavalry (0) in contact with Guerrilla foot (2) north of it.
constexpr std::string_view kCavalryInContact =
    "unit side=government class=regular type=cavalry at=4,4\n"
    "unit side=government class=regular type=commander trait=rash at=8,8\n"
    "unit side=insurgents class=guerrilla type=foot at=4,3\n"
    "unit side=insurgents class=guerrilla type=commander trait=rash at=0,0\n"
    "unit side=government class=regular type=foot at=6,6\n";

TEST(MgbbMeleeTest, DisengageOneMDirectlyAwayUnlessBlocked) {
  auto game = GameOnMap(kOpenMap, kCavalryInContact);
  G::State state = game->InitialState();
  EXPECT_TRUE(game->CanDisengage(state, 0));
  EXPECT_FALSE(game->CanDisengage(state, 4));  // foot, and not in contact
  G::State moved = state;
  game->Disengage(moved, 0);
  EXPECT_EQ(moved.cell[0], At(*game, 4, 6));
  EXPECT_TRUE(moved.flags[0] & G::kMovedBit);

  // A second enemy diagonal to it: away from the nearer, orthogonal one, still south.
  G::State two = state;
  two.cell[3] = static_cast<uint16_t>(At(*game, 3, 5));
  ASSERT_TRUE(game->CanDisengage(two, 0));
  game->Disengage(two, 0);
  EXPECT_EQ(two.cell[0], At(*game, 4, 6));

  G::State blocked = state;
  blocked.cell[4] = static_cast<uint16_t>(At(*game, 4, 6));
  EXPECT_FALSE(game->CanDisengage(blocked, 0));
  G::State edge = state;
  edge.cell[0] = static_cast<uint16_t>(At(*game, 4, 8));
  edge.cell[2] = static_cast<uint16_t>(At(*game, 4, 7));
  EXPECT_FALSE(game->CanDisengage(edge, 0));  // 4,9 then off the table
  G::State reformed = state;
  reformed.flags[0] |= G::kReformedBit;
  EXPECT_FALSE(game->CanDisengage(reformed, 0));
}

// Random games on the default scenario: every charge, round, follow-up and disengagement
// keeps one unit a cell and the resolution canonical between actions, and games end.
TEST(MgbbMeleeTest, RandomGamesKeepTheInvariants) {
  auto game = GameOnMap(kOpenMap, kCavalryCharge);
  auto election = G::CreateFromStrings({}, "");
  ASSERT_TRUE(election.ok()) << election.status();
  std::mt19937 rng(7);
  int charges = 0, rounds = 0, follow_ups = 0, disengages = 0;
  for (const auto& g : {game, *election}) {
    for (int play = 0; play < 200; ++play) {
      G::State state = g->InitialState();
      int length = 0;
      while (g->Kind(state) != NodeKind::kTerminal) {
        ASSERT_LE(++length, g->MaxGameLength());
        std::set<int> cells;
        for (int u = 0; u < g->num_units(); ++u) {
          if (G::Alive(state, u)) {
            ASSERT_TRUE(cells.insert(state.cell[u]).second);
          }
        }
        if (state.phase == G::kOrder || state.phase == G::kSelect || state.phase == G::kDisengage) {
          ExpectNoResolution(state);
        }
        if (g->Kind(state) == NodeKind::kChance) {
          ChanceList outcomes;
          g->ChanceOutcomes(state, outcomes);
          ASSERT_FALSE(outcomes.empty());
          std::uniform_int_distribution<size_t> pick(0, outcomes.size() - 1);
          rounds += state.phase == G::kMeleeRoll;
          g->Apply(state, outcomes[pick(rng)].outcome);
          continue;
        }
        const ActionList actions = Legal(*g, state);
        ASSERT_FALSE(actions.empty());
        std::uniform_int_distribution<size_t> pick(0, actions.size() - 1);
        const Action action = actions[pick(rng)];
        charges += state.phase == G::kOrder && action == G::kOrderBase + G::kCharge;
        follow_ups += state.phase == G::kFollowUp && action == G::kYes;
        disengages += state.phase == G::kDisengage && action == G::kYes;
        g->Apply(state, action);
      }
    }
  }
  EXPECT_GT(charges, 0);
  EXPECT_GT(rounds, 0);
  EXPECT_GT(follow_ups, 0);
  EXPECT_GT(disengages, 0);
}

}  // namespace
}  // namespace sandtable
