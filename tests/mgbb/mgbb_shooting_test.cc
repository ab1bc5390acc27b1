// mgbb shooting (docs/rulesets/mgbb.md, "Shooting"): each rule on a hand-built position,
// the dice fixed by applying the chance outcome (kOutcomeBase + hits scored).
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "rulesets/mgbb/mgbb.h"
#include "tests/mgbb/mgbb_test_util.h"

namespace sandtable {
namespace {

using Game = MgbbGame;
using State = MgbbGame::State;
using mgbb::GasAttack;
using mgbb::RangeBand;
using mgbb_test::Acting;

// A 12 x 8 open map, the objective in the bottom right corner.
constexpr std::string_view kOpen =
    "............\n"
    "............\n"
    "............\n"
    "............\n"
    "............\n"
    "............\n"
    "............\n"
    "...........*\n";

// kOpen with terrain ('t') on the given cells.
std::string WithTerrain(const std::vector<Cell>& cells) {
  std::string map(kOpen);
  constexpr int kLine = 13;  // 12 cells and the newline
  for (const Cell& c : cells) map[c.y * kLine + c.x] = 't';
  return map;
}

// The two commanders are units 0 (government, top left) and 1 (insurgents, top right),
// away from every line of fire below; `units` are units 2, 3, ...
std::shared_ptr<const Game> MakeGame(std::string_view map, std::string_view units) {
  const std::string text = absl::StrCat(
      "ruleset mgbb\nlegend . open\nlegend t terrain\nlegend * objective\nmap\n", std::string(map),
      "end\n", "unit side=government class=regular type=commander trait=defensive at=0,0\n",
      "unit side=insurgents class=guerrilla type=commander trait=charismatic at=11,0\n",
      std::string(units));
  absl::StatusOr<std::shared_ptr<const Game>> game = Game::CreateFromStrings({}, text);
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? *game : nullptr;
}

bool Offers(const Game& game, const State& state, Action action) {
  ActionList actions;
  game.LegalActions(state, state.player, actions);
  for (Action a : actions) {
    if (a == action) return true;
  }
  return false;
}

// The active unit shoots (kShoot or kSnapShot) at t, up to the kShotRoll node.
void Shoot(const Game& game, State& state, int t, Game::Order order = Game::kShoot) {
  ASSERT_EQ(state.phase, Game::kOrder);
  ASSERT_TRUE(Offers(game, state, Game::kOrderBase + order));
  game.Apply(state, Game::kOrderBase + order);
  ASSERT_EQ(state.phase, Game::kTarget);
  ASSERT_TRUE(Offers(game, state, Game::kTargetBase + t));
  game.Apply(state, Game::kTargetBase + t);
  ASSERT_EQ(state.phase, Game::kShotRoll);
}

void ExpectNoResolution(const State& state) {
  EXPECT_EQ(state.att, Game::kNone);
  EXPECT_EQ(state.tgt, Game::kNone);
  EXPECT_EQ(state.mode, Game::kNoMode);
  EXPECT_EQ(state.dice, 0);
}

void MoveTo(const Game& game, State& state, int u, int x, int y) {
  state.cell[u] = static_cast<uint16_t>(game.CellIndex(x, y));
}

constexpr char kShooterAt24[] =
    "unit side=government class=regular type=foot at=2,4 facing=E\n";  // unit 2

TEST(MgbbShootingTest, TerrainBlocksTheLineButNotOnTheTwoUnitsOwnCells) {
  const std::string units =
      absl::StrCat(kShooterAt24, "unit side=insurgents class=guerrilla type=foot at=4,4\n");
  auto open = MakeGame(kOpen, units);
  auto between = MakeGame(WithTerrain({{3, 4}}), units);
  auto ends = MakeGame(WithTerrain({{2, 4}, {4, 4}}), units);
  ASSERT_TRUE(open && between && ends);
  EXPECT_TRUE(open->LineOfFire(open->InitialState(), 2, 3));
  EXPECT_FALSE(between->LineOfFire(between->InitialState(), 2, 3));
  EXPECT_FALSE(between->ShotBand(between->InitialState(), 2, 3));
  EXPECT_TRUE(ends->LineOfFire(ends->InitialState(), 2, 3));
  const mgbb::ShootingContext context =
      ends->ShootingContextOf(ends->InitialState(), 2, 3, Game::kShot);
  EXPECT_TRUE(context.shooter_in_terrain);
  EXPECT_TRUE(context.target_in_terrain);
  EXPECT_TRUE(context.target_in_cover);
}

TEST(MgbbShootingTest, AnyLivingUnitOnTheLineBlocksIt) {
  auto game = MakeGame(kOpen, absl::StrCat(kShooterAt24,
                                           "unit side=insurgents class=guerrilla type=foot "
                                           "at=6,4\n"  // 3: the target
                                           "unit side=government class=regular type=foot "
                                           "at=4,6\n"  // 4: a friend
                                           "unit side=insurgents class=guerrilla type=foot "
                                           "at=9,7\n"));  // 5: an enemy
  ASSERT_TRUE(game);
  State state = game->InitialState();
  EXPECT_TRUE(game->LineOfFire(state, 2, 3));
  EXPECT_EQ(game->ShotBand(state, 2, 3), RangeBand::kLong);  // 4 cells: 2M, rifle long 3M
  MoveTo(*game, state, 4, 4, 4);
  EXPECT_FALSE(game->LineOfFire(state, 2, 3));
  EXPECT_FALSE(game->ShotBand(state, 2, 3));
  MoveTo(*game, state, 4, 4, 6);
  MoveTo(*game, state, 5, 5, 4);
  EXPECT_FALSE(game->LineOfFire(state, 2, 3));
  state.cell[5] = Game::kNoCell;  // destroyed units do not block
  EXPECT_TRUE(game->LineOfFire(state, 2, 3));
}

TEST(MgbbShootingTest, ArtilleryFiresOverUnitsWhenTheTargetIsClearOfItsSide) {
  const std::string rest =
      "unit side=government class=regular type=foot at=3,4\n"              // 3: in the way
      "unit side=insurgents class=guerrilla type=foot at=6,4 facing=W\n";  // 4: the target
  auto gun = MakeGame(kOpen, absl::StrCat("unit side=government class=regular type=artillery "
                                          "artillery=light-field at=1,4 facing=E\n",
                                          rest));
  auto machine_gun = MakeGame(
      kOpen,
      absl::StrCat("unit side=government class=regular type=machine-gun at=1,4 facing=E\n", rest));
  auto gun_terrain = MakeGame(WithTerrain({{2, 4}}),
                              absl::StrCat("unit side=government class=regular type=artillery "
                                           "artillery=light-field at=1,4 facing=E\n",
                                           rest));
  ASSERT_TRUE(gun && machine_gun && gun_terrain);
  State state = gun->InitialState();
  EXPECT_TRUE(gun->LineOfFire(state, 2, 4));                // the target is 3 cells from the friend
  EXPECT_EQ(gun->ShotBand(state, 2, 4), RangeBand::kLong);  // 5 cells: beyond 2M short
  EXPECT_FALSE(machine_gun->LineOfFire(state, 2, 4));       // only artillery fires overhead
  EXPECT_FALSE(gun_terrain->LineOfFire(state, 2, 4));       // terrain still blocks
  MoveTo(*gun, state, 4, 5, 4);  // exactly 2 cells from the friend: still clear
  EXPECT_TRUE(gun->LineOfFire(state, 2, 4));
  MoveTo(*gun, state, 4, 5, 3);  // the friend now 2 cells away too
  EXPECT_TRUE(gun->LineOfFire(state, 2, 4));
  // Right behind the friend (1 cell from it, 1 < 2): no overhead fire, and the friend is on
  // the line.
  MoveTo(*gun, state, 4, 4, 4);
  EXPECT_FALSE(gun->LineOfFire(state, 2, 4));
  // 1 cell from the friend but off its line (1,4 - 4,3 runs through cell 3,3): clear.
  MoveTo(*gun, state, 4, 4, 3);
  EXPECT_TRUE(gun->LineOfFire(state, 2, 4));
}

TEST(MgbbShootingTest, OnlyTargetsInTheFrontHalf) {
  auto game = MakeGame(kOpen,
                       "unit side=government class=regular type=foot at=5,4 facing=E\n"  // 2
                       "unit side=insurgents class=guerrilla type=foot at=5,1\n"    // 3: 90 deg
                       "unit side=insurgents class=guerrilla type=foot at=3,4\n"    // 4: behind
                       "unit side=insurgents class=guerrilla type=foot at=8,6\n"    // 5: ahead
                       "unit side=insurgents class=guerrilla type=foot at=4,1\n");  // 6
  ASSERT_TRUE(game);
  const State state = Acting(*game, 2);
  ActionList targets;
  game->ShotTargets(state, 2, targets);
  // Unit 6 is at (-1, -3): just behind the line at right angles to the facing.
  ASSERT_EQ(targets.size(), 2u);
  EXPECT_EQ(targets[0], Game::kTargetBase + 3);
  EXPECT_EQ(targets[1], Game::kTargetBase + 5);
  EXPECT_TRUE(game->LineOfFire(state, 2, 4));  // in sight, but behind
  EXPECT_TRUE(game->LineOfFire(state, 2, 6));
}

TEST(MgbbShootingTest, ShortLongAndOutOfRangeAreEuclidean) {
  auto game = MakeGame(kOpen,
                       "unit side=government class=regular type=foot at=1,4 facing=E\n"  // 2
                       "unit side=insurgents class=guerrilla type=foot at=3,4\n"         // 3
                       "unit side=government class=regular type=foot weapon=pistol at=1,1 "
                       "facing=E\n");  // 4
  ASSERT_TRUE(game);
  State state = game->InitialState();
  state.cell[4] = Game::kNoCell;
  // Rifle: short 1M = 2 cells, long 3M = 6 cells.
  EXPECT_EQ(game->ShotBand(state, 2, 3), RangeBand::kShort);  // d^2 = 4
  MoveTo(*game, state, 3, 3, 5);
  EXPECT_EQ(game->ShotBand(state, 2, 3), RangeBand::kLong);  // d^2 = 5 > 4
  MoveTo(*game, state, 3, 7, 4);
  EXPECT_EQ(game->ShotBand(state, 2, 3), RangeBand::kLong);  // d^2 = 36
  MoveTo(*game, state, 3, 7, 5);
  EXPECT_FALSE(game->ShotBand(state, 2, 3));  // d^2 = 37 > 36
  EXPECT_FALSE(game->ShotBand(state, 2, 0));  // not an enemy
  // Pistol: short 1M, no long range.
  state = game->InitialState();
  state.cell[2] = Game::kNoCell;
  MoveTo(*game, state, 3, 3, 1);
  EXPECT_EQ(game->ShotBand(state, 4, 3), RangeBand::kShort);
  MoveTo(*game, state, 3, 4, 1);
  EXPECT_FALSE(game->ShotBand(state, 4, 3));
  // The long range band halves the dice: Regular Army rifles 4 + 1 (against non-Regular)
  // = 5, then lose 1 per full 2 = 3.
  state = game->InitialState();
  MoveTo(*game, state, 3, 5, 4);
  EXPECT_EQ(mgbb::ShootingDice(game->ShootingContextOf(state, 2, 3, Game::kShot)), 3);
  MoveTo(*game, state, 3, 3, 4);
  EXPECT_EQ(mgbb::ShootingDice(game->ShootingContextOf(state, 2, 3, Game::kShot)), 5);
}

TEST(MgbbShootingTest, WhoMayShoot) {
  const std::string target = "unit side=insurgents class=guerrilla type=foot at=4,4\n";
  auto staff = MakeGame(kOpen,
                        "unit side=government class=regular type=staff at=2,4 "
                        "facing=E\n" +
                            target);
  auto gun = MakeGame(kOpen,
                      "unit side=government class=regular type=artillery "
                      "artillery=light-field limbered=yes at=2,4 facing=E\n" +
                          target);
  auto mob = MakeGame(kOpen,
                      "unit side=government class=mob type=foot weapon=none at=2,4 "
                      "facing=E\n" +
                          target);
  auto foot = MakeGame(kOpen, kShooterAt24 + target);
  ASSERT_TRUE(staff && gun && mob && foot);
  EXPECT_TRUE(staff->LineOfFire(staff->InitialState(), 2, 3));
  EXPECT_FALSE(staff->CanShoot(Acting(*staff, 2), 2));  // staff teams do not shoot
  State state = Acting(*gun, 2);
  EXPECT_FALSE(gun->CanShoot(state, 2));  // limbered
  state.flags[2] &= ~Game::kLimberedBit;
  EXPECT_TRUE(gun->CanShoot(state, 2));
  EXPECT_FALSE(mob->CanShoot(Acting(*mob, 2), 2));  // no weapon: no range
  state = Acting(*foot, 2);
  EXPECT_TRUE(foot->CanShoot(state, 2));
  state.ap = 0;  // a shot costs 1 point
  EXPECT_FALSE(foot->CanShoot(state, 2));
  EXPECT_FALSE(Offers(*foot, state, Game::kOrderBase + Game::kShoot));
  state.ap = 2;
  MoveTo(*foot, state, 3, 3, 5);  // in contact
  EXPECT_FALSE(foot->CanShoot(state, 2));
  state.cell[3] = Game::kNoCell;  // no target left
  EXPECT_FALSE(foot->CanShoot(state, 2));
}

TEST(MgbbShootingTest, AShotCostsAPointAndPoliceSnapShotsNone) {
  const std::string target = "unit side=insurgents class=guerrilla type=foot at=4,4 facing=E\n";
  auto police =
      MakeGame(kOpen, "unit side=government class=police type=foot at=2,4 facing=E\n" + target);
  auto regular = MakeGame(kOpen, kShooterAt24 + target);
  ASSERT_TRUE(police && regular);
  State state = Acting(*regular, 2);
  EXPECT_FALSE(Offers(*regular, state, Game::kOrderBase + Game::kSnapShot));
  Shoot(*regular, state, 3);
  EXPECT_EQ(state.ap, 1);
  EXPECT_EQ(state.mode, Game::kShot);
  EXPECT_EQ(state.att, 2);
  EXPECT_EQ(state.tgt, 3);
  EXPECT_EQ(state.dice, 5);  // 4 + 1 Regular Army against others

  state = Acting(*police, 2);
  Shoot(*police, state, 3, Game::kSnapShot);
  EXPECT_EQ(state.ap, 2);
  EXPECT_EQ(state.mode, Game::kSnap);
  EXPECT_EQ(state.dice, 2);  // 4, halved: lose 1 per full 2
  state = Acting(*police, 2);
  Shoot(*police, state, 3);
  EXPECT_EQ(state.ap, 1);
  EXPECT_EQ(state.dice, 4);
}

TEST(MgbbShootingTest, HitsAreAdjustedAndAtLeastOneApplied) {
  // Target 3 is 2R and raw (+1 hit), in the open; target 4 is 1R (-1 hit) in terrain, a
  // Guerrilla unit in cover not yet fired upon (-1 hit). Both face away: no return fire.
  auto game = MakeGame(WithTerrain({{2, 6}}),
                       "unit side=government class=regular type=foot at=2,4 facing=S\n"  // 2
                       "unit side=insurgents class=guerrilla type=foot formation=2R grade=raw "
                       "at=3,6 facing=E\n"
                       "unit side=insurgents class=guerrilla type=foot at=2,6 facing=S\n");
  ASSERT_TRUE(game);
  State state = Acting(*game, 2);
  Shoot(*game, state, 3);
  game->Apply(state, Game::kOutcomeBase + 2);
  EXPECT_EQ(state.hits[3], 3);  // 2 + 1
  EXPECT_EQ(state.phase, Game::kOrder);
  ExpectNoResolution(state);

  state = Acting(*game, 2);
  Shoot(*game, state, 4);
  EXPECT_EQ(state.dice, 3);  // 4 + 1 Regular Army - 2 target in terrain
  game->Apply(state, Game::kOutcomeBase + 1);
  EXPECT_EQ(state.hits[4], 1);  // 1 - 1 - 1 < 1, but a hit was scored
  EXPECT_TRUE(state.flags[2] & Game::kFiredBit);
  EXPECT_TRUE(state.flags[4] & Game::kFiredBit);
  Shoot(*game, state, 4);  // now fired upon: the cover row no longer applies
  game->Apply(state, Game::kOutcomeBase + 3);
  EXPECT_EQ(state.hits[4], 3);  // 1 + (3 - 1)
  EXPECT_EQ(state.ap, 0);

  state = Acting(*game, 2);
  Shoot(*game, state, 4);
  game->Apply(state, Game::kOutcomeBase + 0);
  EXPECT_EQ(state.hits[4], 0);  // none scored, none applied
}

TEST(MgbbShootingTest, FourHitTokensDestroy) {
  auto game = MakeGame(kOpen, absl::StrCat(kShooterAt24,
                                           "unit side=insurgents class=guerrilla type=foot "
                                           "hits=3 at=4,4 facing=W\n"));
  ASSERT_TRUE(game);
  State state = Acting(*game, 2);
  Shoot(*game, state, 3);
  game->Apply(state, Game::kOutcomeBase + 1);  // 1 - 1 (1R), at least 1
  EXPECT_FALSE(Game::Alive(state, 3));
  EXPECT_EQ(state.destroyed[0], 1);
  EXPECT_EQ(state.phase, Game::kOrder);  // no return fire from a destroyed unit
  ExpectNoResolution(state);
}

TEST(MgbbShootingTest, ReturnFireAtTwoDiceFewer) {
  // The target, Guerrilla assault rifles facing the shooter at 2 cells, is not activated.
  auto game = MakeGame(kOpen, absl::StrCat(kShooterAt24,
                                           "unit side=insurgents class=guerrilla type=foot "
                                           "weapon=assault-rifle at=4,4 facing=W\n"));
  ASSERT_TRUE(game);
  State state = Acting(*game, 2);
  Shoot(*game, state, 3);
  game->Apply(state, Game::kOutcomeBase + 0);
  ASSERT_EQ(state.phase, Game::kReturnFire);
  EXPECT_EQ(state.player, 1);
  EXPECT_TRUE(Offers(*game, state, Game::kYes));
  EXPECT_TRUE(Offers(*game, state, Game::kNo));
  game->Apply(state, Game::kYes);
  ASSERT_EQ(state.phase, Game::kShotRoll);
  EXPECT_EQ(state.att, 3);
  EXPECT_EQ(state.tgt, 2);
  EXPECT_EQ(state.mode, Game::kReturn);
  // 4 base + 1 assault rifle - 2 returning fire = 3 (its own shot would be 5).
  EXPECT_EQ(state.dice, 3);
  EXPECT_EQ(mgbb::ShootingDice(game->ShootingContextOf(state, 3, 2, Game::kShot)), 5);
  ChanceList outcomes;
  game->ChanceOutcomes(state, outcomes);
  // 0..3 hits, against a 1R target (-1, at least 1): 1 and 2 hits both apply 1, one outcome.
  ASSERT_EQ(outcomes.size(), 3u);
  EXPECT_EQ(outcomes[1].outcome, Game::kOutcomeBase + 1);
  EXPECT_EQ(game->HitsOutcome(state, 2), Game::kOutcomeBase + 1);
  state.flags[2] &= ~Game::kActivatedBit;  // so only the mode stops a return to return fire
  game->Apply(state, Game::kOutcomeBase + 2);
  EXPECT_EQ(state.hits[2], 1);           // 2 - 1 (target 1R)
  EXPECT_EQ(state.phase, Game::kOrder);  // no return fire to return fire
  EXPECT_EQ(state.player, 0);
  EXPECT_EQ(state.ap, 1);
  ExpectNoResolution(state);

  state = Acting(*game, 2);
  Shoot(*game, state, 3);
  game->Apply(state, Game::kOutcomeBase + 0);
  ASSERT_EQ(state.phase, Game::kReturnFire);
  game->Apply(state, Game::kNo);
  EXPECT_EQ(state.phase, Game::kOrder);
  EXPECT_EQ(state.hits[2], 0);
  ExpectNoResolution(state);

  // Return fire that destroys the shooter ends its activation.
  state = Acting(*game, 2);
  state.hits[2] = 3;
  Shoot(*game, state, 3);
  game->Apply(state, Game::kOutcomeBase + 0);
  ASSERT_EQ(state.phase, Game::kReturnFire);
  game->Apply(state, Game::kYes);
  game->Apply(state, Game::kOutcomeBase + 1);  // 1 - 1 (1R), at least 1: the fourth token
  EXPECT_FALSE(Game::Alive(state, 2));
  EXPECT_EQ(state.destroyed[1], 1);
  EXPECT_EQ(state.active, Game::kNone);
  ExpectNoResolution(state);
}

TEST(MgbbShootingTest, NoReturnFireFromActivatedOutOfRangeOrFacingAway) {
  auto game = MakeGame(kOpen, absl::StrCat(kShooterAt24,
                                           "unit side=insurgents class=guerrilla type=foot "
                                           "weapon=pistol at=4,4 facing=W\n"));
  ASSERT_TRUE(game);
  auto shot_then = [&](State state) {
    Shoot(*game, state, 3);
    game->Apply(state, Game::kOutcomeBase + 0);
    return state.phase;
  };
  State state = Acting(*game, 2);
  EXPECT_EQ(shot_then(state), Game::kReturnFire);  // the pistol reaches 2 cells
  state.flags[3] |= Game::kActivatedBit;
  EXPECT_EQ(shot_then(state), Game::kOrder);
  state = Acting(*game, 2);
  MoveTo(*game, state, 3, 5, 4);  // 3 cells: the rifle's long range, beyond the pistol's
  EXPECT_EQ(shot_then(state), Game::kOrder);
  state = Acting(*game, 2);
  state.facing[3] = static_cast<uint8_t>(Facing::kE);
  EXPECT_EQ(shot_then(state), Game::kOrder);
}

TEST(MgbbShootingTest, GasFirstAttackOfEachSideThenLater) {
  auto game = MakeGame(kOpen, absl::StrCat(kShooterAt24,
                                           "unit side=insurgents class=guerrilla type=foot "
                                           "formation=2R at=4,4 facing=E\n"
                                           "gas at=4,4\ngas at=2,4\n"));
  ASSERT_TRUE(game);
  State state = Acting(*game, 2);
  EXPECT_EQ(game->ShootingContextOf(state, 2, 3, Game::kShot).gas, GasAttack::kFirstOfPlayer);
  Shoot(*game, state, 3);
  game->Apply(state, Game::kOutcomeBase + 1);
  EXPECT_EQ(state.hits[3], 3);  // 1 + 2 (first gas attack); 2R, so no -1
  EXPECT_EQ(state.gas_used, 1);
  EXPECT_EQ(game->ShootingContextOf(state, 3, 2, Game::kShot).gas, GasAttack::kFirstOfPlayer);
  state.hits[3] = 0;
  Shoot(*game, state, 3);
  game->Apply(state, Game::kOutcomeBase + 1);
  EXPECT_EQ(state.hits[3], 2);  // 1 + 1 (a later gas attack)
  EXPECT_EQ(state.gas_used, 1);
}

TEST(MgbbShootingTest, HorseArtilleryCrashFiresAfterUnlimbering) {
  auto game = MakeGame(kOpen,
                       "unit side=government class=regular type=artillery artillery=horse "
                       "limbered=yes at=2,4 facing=E\n"
                       "unit side=insurgents class=guerrilla type=foot at=5,4 facing=E\n");
  ASSERT_TRUE(game);
  State state = Acting(*game, 2);
  EXPECT_FALSE(game->CanShoot(state, 2));
  game->Apply(state, Game::kOrderBase + Game::kLimber);
  ASSERT_EQ(state.phase, Game::kOrder);
  EXPECT_EQ(state.ap, 1);
  EXPECT_TRUE(game->ShootingContextOf(state, 2, 3, Game::kShot).crash_firing);
  Shoot(*game, state, 3);
  EXPECT_EQ(state.dice, 4);  // 4 + 1 Regular Army - 1 crash firing (short range, 2M)
  State next_activation = Acting(*game, 2);
  next_activation.flags[2] &= ~Game::kLimberedBit;
  EXPECT_FALSE(game->ShootingContextOf(next_activation, 2, 3, Game::kShot).crash_firing);
}

TEST(MgbbShootingTest, ShotRollIsTheExactBinomial) {
  auto game = MakeGame(kOpen,
                       "unit side=government class=police type=foot at=2,4 facing=E\n"
                       "unit side=insurgents class=guerrilla type=foot at=4,4\n");
  ASSERT_TRUE(game);
  State state = Acting(*game, 2);
  Shoot(*game, state, 3);
  ASSERT_EQ(state.dice, 4);  // Police: 4, no factor
  ChanceList outcomes;
  game->ChanceOutcomes(state, outcomes);
  // Each die hits on 5 or 6, p = 1/3: P(k) = C(4,k) 2^(4-k) / 81 = 16, 32, 24, 8, 1 / 81.
  // The target is 1R (-1 hit, at least 1 when any scored): 1 and 2 hits both apply 1 and
  // are one outcome, named "hits 1": 32 + 24 = 56 / 81.
  const std::vector<std::pair<int, Probability>> expected = {{0, Probability(16, 81)},
                                                             {1, Probability(56, 81)},
                                                             {3, Probability(8, 81)},
                                                             {4, Probability(1, 81)}};
  ASSERT_EQ(outcomes.size(), expected.size());
  for (size_t k = 0; k < expected.size(); ++k) {
    EXPECT_EQ(outcomes[k].outcome, Game::kOutcomeBase + static_cast<Action>(expected[k].first));
    EXPECT_EQ(outcomes[k].probability, expected[k].second) << k;
  }
}

// Random play through both shipped scenarios: every shot is at a target in band, its dice
// within bounds, and outside a resolution the resolution fields are canonical.
TEST(MgbbShootingTest, RandomPlayKeepsShotsLegalAndTheStateCanonical) {
  int shots = 0, return_fires = 0, sorties = 0;
  for (const char* scenario : {"election_day", "night_assault"}) {
    absl::StatusOr<std::shared_ptr<const Game>> made =
        Game::CreateFromStrings({{"scenario", scenario}}, "");
    ASSERT_TRUE(made.ok()) << made.status();
    const Game& game = **made;
    std::mt19937 random(7);
    for (int play = 0; play < 40; ++play) {
      State state = game.InitialState();
      int length = 0;
      while (game.Kind(state) != NodeKind::kTerminal) {
        ASSERT_LE(++length, game.MaxGameLength());
        const bool resolving = state.phase == Game::kShotRoll || state.phase == Game::kReturnFire ||
                               state.phase == Game::kMeleeRoll || state.phase == Game::kFollowUp;
        if (!resolving) {
          ExpectNoResolution(state);
          ASSERT_FALSE(HasFailure()) << "phase " << int{state.phase};
        }
        if (state.phase == Game::kShotRoll) {
          ASSERT_GE(state.dice, 1);
          ASSERT_LE(state.dice, Game::kMaxDice);
          if (game.IsAircraft(state.att)) {
            // A sortie has no band: any living enemy.
            ASSERT_TRUE(Game::Alive(state, state.tgt));
            ASSERT_NE(game.side(state.att), game.side(state.tgt));
            ++sorties;
          } else {
            ASSERT_TRUE(game.ShotBand(state, state.att, state.tgt)) << "a shot out of band";
          }
          ++shots;
        }
        return_fires += state.phase == Game::kReturnFire;
        Action action;
        if (game.Kind(state) == NodeKind::kChance) {
          ChanceList outcomes;
          game.ChanceOutcomes(state, outcomes);
          ASSERT_FALSE(outcomes.empty());
          action = outcomes[random() % outcomes.size()].outcome;
        } else {
          ActionList actions;
          game.LegalActions(state, state.player, actions);
          ASSERT_FALSE(actions.empty()) << "phase " << int{state.phase};
          action = actions[random() % actions.size()];
        }
        game.Apply(state, action);
      }
    }
  }
  EXPECT_GT(shots, 0);
  EXPECT_GT(return_fires, 0);
  EXPECT_GT(sorties, 0);
}

}  // namespace
}  // namespace sandtable
