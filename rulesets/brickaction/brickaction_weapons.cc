// brickaction's infantry weapons (the source's weapon table with the rulings): a squad's
// ranged dice, its range and its close-combat dice from its weapons (State::weapons: its
// loadout and the weapons it picked up) and the minis left.
#include <algorithm>
#include <bit>

#include "rulesets/brickaction/brickaction.h"

namespace sandtable {
namespace {

using Game = BrickactionGame;

// Ranges in cells (4 studs): full dice up to `full`, one die fewer up to `max` ("a-b"); a
// single range has full == max.
struct Range {
  int full;
  int max;
};
constexpr Range kRepeaterRange = {Game::kRepeaterFull, Game::kRepeaterMax};  // 32-64
constexpr std::array<Range, Game::kNumInfantryWeapons> kRanges = {{
    {16, 16},  // support: 48/64, bonuses by band, no die fewer
    {12, 20},  // sniper rifle: 48-80
    {8, 16},   // battle rifle: 32-64, as the Repeater
    {8, 8},    // shotgun: 32
    {15, 15},  // carbine: 60
    {12, 12},  // SMG: 48
}};
constexpr int kSupportNear = 12;  // 48 studs: +1 die, then +2 up to 64

// "(x3) +1D6 (x5) +2D6" and the like: not cumulative.
int CountBonus(int count, int one_at, int two_at) {
  return count >= two_at ? 2 : count >= one_at ? 1 : 0;
}

// The weapons the `minis` left carry: the loadout, the dearest first while minis remain.
Game::Loadout Carried(const Game::Loadout& loadout, int minis) {
  Game::Loadout carried = {};
  for (int w = 0; w < Game::kNumInfantryWeapons; ++w) {
    carried[w] = static_cast<uint8_t>(std::min<int>(loadout[w], minis));
    minis -= carried[w];
  }
  return carried;
}

int Repeaters(const Game::Loadout& carried, int minis) {
  int special = 0;
  for (uint8_t n : carried) special += n;
  return minis - special;
}

// The squad's range: its longest-ranged weapon's (the larger full range on a tie).
Range SquadRange(const Game::Loadout& carried, int repeaters) {
  Range range = repeaters > 0 ? kRepeaterRange : Range{0, 0};
  for (int w = 0; w < Game::kNumInfantryWeapons; ++w) {
    const Range r = kRanges[w];
    if (carried[w] > 0 && (r.max > range.max || (r.max == range.max && r.full > range.full))) {
      range = r;
    }
  }
  return range;
}

// Long Shot: one die fewer per cell (4 studs) or part of one past the maximum range.
int AfterLongShot(int dice, int range, int d2) {
  for (int over = range; d2 > over * over && dice > 0; ++over) --dice;
  return std::max(dice, 0);
}

}  // namespace

int BrickactionGame::LoadoutRange(const Loadout& weapons, int u, int minis) const {
  if (units_[u].heavy_support) return kHeavySupportRange;
  const Loadout carried = Carried(weapons, minis);
  return SquadRange(carried, Repeaters(carried, minis)).max;
}

int BrickactionGame::BaseDice(int u, int minis) const {
  return std::min(minis, units_[u].heavy_support ? 2 : 3);
}

int BrickactionGame::LoadoutDice(const Loadout& weapons, int u, int minis, int d2) const {
  if (units_[u].heavy_support) {
    // "Base Atk max 2D6 +2D6/+3D6 w/loader": the extra minis are replacement crew only.
    return AfterLongShot(BaseDice(u, minis) + (minis >= 3 ? 3 : 2), kHeavySupportRange, d2);
  }
  const Loadout carried = Carried(weapons, minis);
  const int repeaters = Repeaters(carried, minis);
  const Range range = SquadRange(carried, repeaters);
  // A weapon adds its bonus within its own range; the longest-ranged weapons keep theirs at
  // long shots (the squad's range is theirs).
  auto reaches = [&](Range r) { return d2 <= r.max * r.max || r.max == range.max; };
  // A battle rifle (the Repeater's range) counts as 2 Repeaters or as 1 carbine, whichever
  // gives more dice.
  const int rifles = carried[kBattleRifle];
  auto repeater_bonus = [&](int count) {
    return reaches(kRepeaterRange) ? CountBonus(count, 3, 5) : 0;
  };
  auto carbine_bonus = [&](int count) {
    return reaches(kRanges[kCarbine]) ? CountBonus(count, 2, 3) : 0;
  };
  int dice = BaseDice(u, minis) +
             std::max(repeater_bonus(repeaters + 2 * rifles) + carbine_bonus(carried[kCarbine]),
                      repeater_bonus(repeaters) + carbine_bonus(carried[kCarbine] + rifles));
  if (reaches(kRanges[kSmg])) dice += CountBonus(carried[kSmg], 3, 5);
  if (reaches(kRanges[kShotgun])) dice += carried[kShotgun];
  if (reaches(kRanges[kSniper])) dice += carried[kSniper];  // +1 die each, as the shotgun
  if (carried[kSupport] > 0 && reaches(kRanges[kSupport])) {
    dice += d2 <= kSupportNear * kSupportNear ? 1 : 2;  // "48/64 +1D6/+2D6"
  }
  if (range.full < range.max && d2 > range.full * range.full) --dice;  // "a-b"
  return AfterLongShot(dice, range.max, d2);
}

int BrickactionGame::CloseDice(const State& state, int u) const {
  const int minis = Minis(state, u);
  const int vets = std::popcount(static_cast<unsigned>(state.specialists[u]));
  const Loadout carried = Carried(Weapons(state, u), minis);
  // 2+ carbines or SMGs (a battle rifle counts as a carbine) +1 die, each shotgun +1.
  const int short_arms = carried[kCarbine] + carried[kSmg] + carried[kBattleRifle];
  return std::min(minis, 4) + (vets >= 3 ? 1 : 0) + (short_arms >= 2 ? 1 : 0) + carried[kShotgun];
}

int BrickactionGame::CloseModifier(const State& state, int u) const {
  // Each veteran +1 to the total, each close-combat weapon or bayonet +1 (the survivors pick
  // up the dead's, as the loadout's weapons).
  const int minis = Minis(state, u);
  return std::popcount(static_cast<unsigned>(state.specialists[u])) +
         std::min(units_[u].bayonets, minis);
}

}  // namespace sandtable
