// brickaction's dropped weapons. The source: "Weapons may be dropped where a mini or unit was
// eliminated and picked up at any time at no cost". A destroyed squad's infantry weapons lie
// on its cell; a squad on or next to that cell may pick them up, one at a time, each a free
// action before its action (docs/rulesets/brickaction.md, "Dropped weapons").
#include <algorithm>
#include <bit>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/text.h"
#include "rulesets/brickaction/brickaction.h"

namespace sandtable {
namespace {

using Game = BrickactionGame;

// Each weapon's count in State::weapons: its lowest bit and its width (enough for the
// per-squad limits and 6 minis).
struct BitField {
  int shift;
  int bits;
};
constexpr std::array<BitField, Game::kNumInfantryWeapons> kBitFields = {{
    {0, 1},   // support: 1
    {1, 2},   // sniper: 2
    {3, 3},   // battle rifle: 6
    {6, 2},   // shotgun: 2
    {8, 3},   // carbine: 6
    {11, 3},  // SMG: 6
}};

// Sniper rifles do not drop (only a sniper squad carries them, and its rifles are fixed by
// its veterans).
bool Drops(int weapon) { return weapon != Game::kSniper; }

int Total(const Game::Loadout& loadout) {
  return std::accumulate(loadout.begin(), loadout.end(), 0);
}

absl::Status Error(std::string_view message) { return absl::InvalidArgumentError(ToAbsl(message)); }

// "carbine2+smg1", the dearest first.
std::string LoadoutText(const Game::Loadout& loadout) {
  std::vector<std::string> parts;
  for (int w = 0; w < Game::kNumInfantryWeapons; ++w) {
    if (loadout[w]) parts.push_back(absl::StrCat(Game::kInfantryWeaponNames[w], loadout[w]));
  }
  return absl::StrJoin(parts, "+");
}

// The inverse of LoadoutText: each weapon once, a count 1..6.
bool ParseLoadout(std::string_view text, Game::Loadout* loadout) {
  *loadout = {};
  for (std::string_view part : SplitOn(text, '+')) {
    int w = 0;
    while (w < Game::kNumInfantryWeapons &&
           !part.starts_with(std::string_view(Game::kInfantryWeaponNames[w]))) {
      ++w;
    }
    if (w == Game::kNumInfantryWeapons || (*loadout)[w] != 0) return false;
    int count = 0;
    const std::string_view digits =
        part.substr(std::string_view(Game::kInfantryWeaponNames[w]).size());
    if (!ParseBoundedInt(digits, 6, &count) || count < 1) return false;
    (*loadout)[w] = static_cast<uint8_t>(count);
  }
  return true;
}

}  // namespace

uint16_t BrickactionGame::PackLoadout(const Loadout& loadout) {
  unsigned packed = 0;
  for (int w = 0; w < kNumInfantryWeapons; ++w)
    packed |= unsigned{loadout[w]} << kBitFields[w].shift;
  return static_cast<uint16_t>(packed);
}

BrickactionGame::Loadout BrickactionGame::UnpackLoadout(uint16_t packed) {
  Loadout loadout;
  for (int w = 0; w < kNumInfantryWeapons; ++w) {
    loadout[w] =
        static_cast<uint8_t>((packed >> kBitFields[w].shift) & ((1 << kBitFields[w].bits) - 1));
  }
  return loadout;
}

bool BrickactionGame::CanCarryPickups(int u) const {
  const Unit& unit = units_[u];
  return !unit.vehicle && !unit.heavy_support && unit.weapons[kSniper] == 0;
}

namespace {

// The unit whose weapons lying on or next to squad u's cell include `weapon` (its own cell
// first, then in unit order), or -1.
int PileWith(const Game& game, const Game::State& state, int u, int weapon) {
  int found = -1;
  for (int v = 0; v < game.num_units(); ++v) {
    if (state.dropped[v] == 0 || Game::Weapons(state, v)[weapon] == 0) continue;
    const int cell = state.dropped[v] - 1;
    if (cell == state.cell[u]) return v;
    if (found < 0 && game.Distance2(cell, state.cell[u]) <= 2) found = v;
  }
  return found;
}

}  // namespace

bool BrickactionGame::CanPickUp(const State& state, int u, int weapon) const {
  if (!Drops(weapon) || !IsAlive(state, u) || !CanCarryPickups(u)) return false;
  Loadout loadout = Weapons(state, u);
  // One weapon a mini: the picked weapon replaces a mini's Repeater.
  if (Total(loadout) >= Minis(state, u) || loadout[weapon] >= kMaxInfantryWeapons[weapon]) {
    return false;
  }
  ++loadout[weapon];
  State after = state;
  after.weapons[u] = PackLoadout(loadout);
  if (CloseDice(after, u) > max_close_dice_) return false;  // past the precomputed pools
  return PileWith(*this, state, u, weapon) >= 0;
}

void BrickactionGame::PickUpActions(const State& state, int u, ActionList& actions) const {
  for (int w = 0; w < kNumInfantryWeapons; ++w) {
    if (CanPickUp(state, u, w)) actions.push_back(kPickUpBase + static_cast<Action>(w));
  }
}

void BrickactionGame::PickUp(State& state, int u, int weapon) const {
  const int v = PileWith(*this, state, u, weapon);
  Loadout pile = Weapons(state, v), loadout = Weapons(state, u);
  --pile[weapon];
  ++loadout[weapon];
  state.weapons[v] = PackLoadout(pile);
  if (state.weapons[v] == 0) state.dropped[v] = 0;
  state.weapons[u] = PackLoadout(loadout);
}

void BrickactionGame::DropWeapons(State& state, int u) const {
  Loadout loadout = Weapons(state, u);
  for (int w = 0; w < kNumInfantryWeapons; ++w) {
    if (!Drops(w)) loadout[w] = 0;
  }
  state.weapons[u] = PackLoadout(loadout);
  state.dropped[u] = state.weapons[u] ? static_cast<uint16_t>(state.cell[u] + 1) : 0;
}

void BrickactionGame::PickUpDiceLimits(int* attack_dice, int* close_dice) {
  Loadout supply = {};
  for (const Unit& unit : units_) {
    for (int w = 0; w < kNumInfantryWeapons; ++w) {
      if (Drops(w)) supply[w] = static_cast<uint8_t>(supply[w] + unit.weapons[w]);
    }
  }
  const int total = Total(supply);
  has_drops_ = total > 0;
  // A weapon is picked up once after each death of the squad carrying it.
  max_pickups_ = total * num_units();
  int most_close = 0;
  for (int u = 0; u < num_units(); ++u) {
    const Unit& unit = units_[u];
    if (!has_drops_ || !CanCarryPickups(u)) continue;
    State full;
    full.regulars[u] = static_cast<uint8_t>(unit.regulars);
    full.specialists[u] = unit.specialists;
    const int minis = Minis(full, u);
    const int single_use = unit.rockets ? 2 : (unit.grenade || unit.rifle_grenades > 0) ? 1 : 0;
    // Every loadout it may reach: its own and any of the others' weapons, within the limits.
    Loadout loadout = unit.weapons;
    auto visit = [&](auto&& self, int w) -> void {
      if (w == kNumInfantryWeapons) {
        for (int cells = 0; cells <= kRepeaterMax + 4; ++cells) {
          *attack_dice =
              std::max(*attack_dice, LoadoutDice(loadout, u, minis, cells * cells) + single_use);
        }
        full.weapons[u] = PackLoadout(loadout);
        most_close = std::max(most_close, CloseDice(full, u));
        return;
      }
      const int own = unit.weapons[w];
      const int most = Drops(w) ? std::min<int>(supply[w], kMaxInfantryWeapons[w]) : own;
      for (int count = own; count <= most; ++count) {
        loadout[w] = static_cast<uint8_t>(count);
        if (Total(loadout) > minis) break;
        self(self, w + 1);
      }
      loadout[w] = static_cast<uint8_t>(own);
    };
    visit(visit, 0);
  }
  *close_dice = std::max(*close_dice, std::min(most_close, kMaxCloseDice));
}

// ---------------------------------------------------------------------------- text

std::string BrickactionGame::DroppedWords(const State& state) const {
  std::vector<std::string> piles, picked;
  for (int u = 0; u < num_units(); ++u) {
    const std::string label(1, units_[u].label);
    if (state.dropped[u] != 0) {
      const int c = state.dropped[u] - 1;
      piles.push_back(absl::StrCat(label, "@", CoordinateText(CellX(c), CellY(c)), ":",
                                   LoadoutText(Weapons(state, u))));
    } else if (!Destroyed(state, u) && !IsVehicle(u)) {
      Loadout extra = Weapons(state, u);
      for (int w = 0; w < kNumInfantryWeapons; ++w) extra[w] -= units_[u].weapons[w];
      if (Total(extra) > 0) picked.push_back(absl::StrCat(label, ":", LoadoutText(extra)));
    }
  }
  std::string words;
  if (!piles.empty()) absl::StrAppend(&words, " dropped=", absl::StrJoin(piles, ";"));
  if (!picked.empty()) absl::StrAppend(&words, " picked=", absl::StrJoin(picked, ";"));
  return words;
}

absl::Status BrickactionGame::ParseDroppedWords(std::string_view dropped, std::string_view picked,
                                                State& state) const {
  auto unit_of = [&](std::string_view label) {
    for (int u = 0; u < num_units(); ++u) {
      if (label.size() == 1 && units_[u].label == label[0] && !IsVehicle(u)) return u;
    }
    return -1;
  };
  for (int u = 0; u < num_units(); ++u) {
    if (!Destroyed(state, u)) state.weapons[u] = PackLoadout(units_[u].weapons);
  }
  const std::string bad_pile =
      "expected dropped=L@X,Y:WEAPONS;... (a destroyed squad, where its weapons lie, e.g. "
      "carbine2+smg1)";
  if (!dropped.empty()) {
    for (std::string_view pile : SplitOn(dropped, ';')) {
      const size_t at = pile.find('@'), colon = pile.find(':');
      Loadout loadout;
      const int u = unit_of(pile.substr(0, at));
      if (at == std::string_view::npos || colon == std::string_view::npos || colon < at || u < 0 ||
          !Destroyed(state, u) || state.dropped[u] != 0 ||
          !ParseLoadout(pile.substr(colon + 1), &loadout)) {
        return Error(bad_pile);
      }
      const std::optional<Coordinate> c =
          ParseCoordinate(pile.substr(at + 1, colon - at - 1), std::max(width_, height_) - 1);
      if (!c || c->x >= width_ || c->y >= height_) return Error(bad_pile);
      state.dropped[u] = static_cast<uint16_t>(CellIndex(c->x, c->y) + 1);
      state.weapons[u] = PackLoadout(loadout);
    }
  }
  if (!picked.empty()) {
    for (std::string_view entry : SplitOn(picked, ';')) {
      const size_t colon = entry.find(':');
      Loadout extra;
      const int u = colon == std::string_view::npos ? -1 : unit_of(entry.substr(0, colon));
      if (u < 0 || Destroyed(state, u) || !ParseLoadout(entry.substr(colon + 1), &extra) ||
          Weapons(state, u) != units_[u].weapons) {
        return Error(
            "expected picked=L:WEAPONS;... (a squad on the board or aboard, the weapons it "
            "picked up, e.g. shotgun1)");
      }
      for (int w = 0; w < kNumInfantryWeapons; ++w) extra[w] += units_[u].weapons[w];
      state.weapons[u] = PackLoadout(extra);
    }
  }
  return absl::OkStatus();
}

absl::Status BrickactionGame::ValidateDropped(const State& state) const {
  Loadout left = {};  // the scenario's weapons that drop, less those on the board
  for (const Unit& unit : units_) {
    for (int w = 0; w < kNumInfantryWeapons; ++w) {
      if (Drops(w)) left[w] = static_cast<uint8_t>(left[w] + unit.weapons[w]);
    }
  }
  for (int u = 0; u < num_units(); ++u) {
    const std::string name(1, units_[u].label);
    const Loadout loadout = Weapons(state, u);
    if (state.dropped[u] != 0) {
      if (loadout[kSniper] != 0 || impassable_.Test(state.dropped[u] - 1)) {
        return Error(name + "'s dropped weapons: no sniper rifles, on a cell a squad can enter");
      }
    } else if (!Destroyed(state, u) && loadout != units_[u].weapons) {
      const Unit& unit = units_[u];
      bool fits = CanCarryPickups(u) &&
                  Total(loadout) <= unit.regulars + std::popcount(unsigned{unit.specialists});
      for (int w = 0; w < kNumInfantryWeapons; ++w) {
        fits = fits && loadout[w] >= unit.weapons[w] && loadout[w] <= kMaxInfantryWeapons[w];
      }
      if (!fits) {
        return Error(name +
                     " picked up weapons it cannot carry (one a mini it started with, "
                     "the squad's limits; not heavy support or snipers)");
      }
    }
    if (Destroyed(state, u) && state.dropped[u] == 0) continue;
    for (int w = 0; w < kNumInfantryWeapons; ++w) {
      if (!Drops(w)) continue;
      if (loadout[w] > left[w]) {
        return Error(absl::StrCat("more ", kInfantryWeaponNames[w],
                                  " on the board than the scenario's squads carry"));
      }
      left[w] = static_cast<uint8_t>(left[w] - loadout[w]);
    }
  }
  return absl::OkStatus();
}

}  // namespace sandtable
