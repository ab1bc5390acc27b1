// The rules of quickplay: state transitions, legal actions, chance distributions and the
// tables they read. Text (notation, position strings, board) is in quickplay_text.cc and
// the scenario file in quickplay_scenario.cc.
#include "rulesets/quickplay/quickplay.h"

#include <algorithm>
#include <climits>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/check.h"

namespace sandtable {
namespace {

// The 8 neighbours, clockwise from north; bit d of cover_neighbours_ refers to kNeighbours[d].
constexpr int kNeighbours[8][2] = {{0, -1}, {1, -1}, {1, 0},  {1, 1},
                                   {0, 1},  {-1, 1}, {-1, 0}, {-1, -1}};

uint16_t Bit(int u) { return static_cast<uint16_t>(1u << u); }

// Padding after the move destinations: CopyActions reads whole blocks.
constexpr int kCopyBlock = 16;

// Copies `count` actions in blocks, reading and writing up to kCopyBlock - 1 past the end:
// the sources are padded and the list has room. Faster than memcpy for short lists.
inline void CopyActions(Action* out, const Action* in, int count) {
  for (int i = 0; i < count; i += kCopyBlock) {
    std::memcpy(out + i, in + i, kCopyBlock * sizeof(Action));
  }
}

}  // namespace

const std::array<QuickplayWeapon, 4>& QuickplayWeapons() {
  static constexpr std::array<QuickplayWeapon, 4> kWeapons = {{
      {"rifles", 1, 6, 4},   // Rifle Squad: 1d6, M
      {"cannon", 2, 10, 0},  // Tank: 2d10, T
      {"mg", 1, 6, 8},       // Tank: 1d6, L
      {"guns", 2, 8, 8},     // Brassbounder: 2d8, L
  }};
  return kWeapons;
}

const QuickplayProfile& QuickplayProfileOf(QuickplayUnitType type) {
  static constexpr std::array<QuickplayProfile, kQuickplayUnitTypes> kProfiles = {{
      {"rifle_squad", 'R', true, 4, 0, false, 1, {0, 0}},
      {"tank", 'T', false, 4, 4, false, 2, {1, 2}},
      {"brassbounder", 'B', false, 8, 3, true, 1, {3, 0}},
  }};
  return kProfiles[static_cast<int>(type)];
}

std::vector<ParamDef> QuickplayGame::ParamDefs() {
  return {
      ParamDef{"squad_size", "models in a Rifle Squad", "4", 1, kMaxSquadSize, {}},
      ParamDef{"cells_per_brick",
               "board resolution: cells per brick length (distances scale with it)",
               "1",
               1,
               2,
               {}},
      ParamDef{"deployment",
               "fixed: units start where the scenario puts them; alternate: players place "
               "them in turn before round 1",
               "fixed",
               0,
               0,
               {"fixed", "alternate"}},
  };
}

std::string_view QuickplayGame::Description() {
  return "Quick Play Rules: brick-built battle of a Rifle Squad, a Tank and a Brassbounder "
         "per side over 3 strategic points, 6 rounds";
}

absl::StatusOr<std::shared_ptr<const QuickplayGame>> QuickplayGame::CreateFromStrings(
    const std::map<std::string, std::string>& values, std::string_view scenario_text) {
  absl::StatusOr<Params> params = Params::Resolve(ParamDefs(), values);
  if (!params.ok()) return params.status();
  return Create(*params, scenario_text);
}

absl::Status QuickplayGame::Precompute() {
  const int n = width_ * height_;
  absl::StatusOr<SquareGrid> grid = SquareGrid::Create(width_, height_);
  if (!grid.ok()) return grid.status();
  x_.resize(n);
  y_.resize(n);
  CellMask cover;
  CellMask impassable;
  for (int c = 0; c < n; ++c) {
    x_[c] = static_cast<int16_t>(c % width_);
    y_[c] = static_cast<int16_t>(c / width_);
    if (IsCover(c)) cover.Set(c);
    if (IsImpassable(c)) impassable.Set(c);
  }
  {
    const std::vector<CellMask> clear = grid->ClearLines(cover);
    los_stride_ = (n + 63) / 64;
    los_bits_.assign(static_cast<size_t>(n) * los_stride_, 0);
    for (int a = 0; a < n; ++a) {
      clear[a].ForEach([&](int b) {
        if (b < n)
          los_bits_[static_cast<size_t>(a) * los_stride_ + (b >> 6)] |= uint64_t{1} << (b & 63);
      });
    }
  }
  const std::vector<CellMask> clear_of_impassable = grid->ClearLines(impassable);

  side_mask_ = {0, 0};
  for (int u = 0; u < num_units(); ++u) side_mask_[units_[u].side] |= Bit(u);
  const int s = Cells(2);
  objectives_near_.assign(n, 0);
  cover_neighbours_.assign(n, 0);
  for (int c = 0; c < n; ++c) {
    for (size_t j = 0; j < objectives_.size(); ++j) {
      const int o = objectives_[j];
      if (DistanceSquared(Cell{x_[c], y_[c]}, Cell{x_[o], y_[o]}) <= s * s) {
        objectives_near_[c] |= static_cast<uint8_t>(1u << j);
      }
    }
    for (int d = 0; d < 8; ++d) {
      const Cell nb{x_[c] + kNeighbours[d][0], y_[c] + kNeighbours[d][1]};
      if (grid->InBounds(nb) && IsCover(grid->Index(nb))) {
        cover_neighbours_[c] |= static_cast<uint8_t>(1u << d);
      }
    }
  }

  for (int type = 0; type < kQuickplayUnitTypes; ++type) {
    const QuickplayProfile& p = QuickplayProfileOf(static_cast<QuickplayUnitType>(type));
    max_range2_[type] = 0;
    for (int slot = 0; slot < p.num_weapons; ++slot) {
      const int bricks = QuickplayWeapons()[p.weapons[slot]].range_bricks;
      range2_[type][slot] = bricks == 0 ? INT_MAX : Cells(bricks) * Cells(bricks);
      max_range2_[type] = std::max(max_range2_[type], range2_[type][slot]);
    }
    const int range = Cells(p.move_bricks);
    MoveTable& table = moves_[type];
    table.offsets.assign(n + 1, 0);
    table.destinations.clear();
    for (int a = 0; a < n; ++a) {
      table.offsets[a] = static_cast<uint32_t>(table.destinations.size());
      for (int b = 0; b < n; ++b) {
        if (a == b || IsCover(b)) continue;
        if (DistanceSquared(Cell{x_[a], y_[a]}, Cell{x_[b], y_[b]}) > range * range) continue;
        if (!p.ignores_impassable && (IsImpassable(b) || !clear_of_impassable[a].Test(b))) {
          continue;
        }
        table.destinations.push_back(static_cast<Action>(b));
      }
    }
    table.offsets[n] = static_cast<uint32_t>(table.destinations.size());
    table.destinations.resize(table.destinations.size() + kCopyBlock, 0);
    for (int a = 0; a < n; ++a) {
      // LegalActions writes a list, a block past it, then the shots and `end`.
      if (static_cast<int>(table.offsets[a + 1] - table.offsets[a]) + kCopyBlock + 2 * kMaxUnits +
              1 >
          kMaxActions) {
        return absl::InvalidArgumentError("quickplay: too many move destinations for a list");
      }
    }
    // Where each cell of the (2r+1)^2 box around the start sits in its list.
    move_radius_[type] = range;
    const int side = 2 * range + 1;
    table.index.assign(static_cast<size_t>(n) * side * side, kNotInList);
    for (int a = 0; a < n; ++a) {
      for (uint32_t i = table.offsets[a]; i < table.offsets[a + 1]; ++i) {
        const int b = static_cast<int>(table.destinations[i]);
        const int dx = x_[b] - x_[a] + range, dy = y_[b] - y_[a] + range;
        table.index[static_cast<size_t>(a) * side * side + dy * side + dx] =
            static_cast<uint16_t>(i - table.offsets[a]);
      }
    }
  }

  // Hit rolls by (weapon, target is a vehicle, partly behind cover): cover adds a die and
  // the defender removes the best one.
  const auto& weapons = QuickplayWeapons();
  hit_rolls_.assign(weapons.size() * 4, {});
  damage_rolls_.assign(weapons.size() * kQuickplayUnitTypes * 4, {});
  for (size_t w = 0; w < weapons.size(); ++w) {
    const QuickplayWeapon& weapon = weapons[w];
    for (int vehicle = 0; vehicle < 2; ++vehicle) {
      const SuccessRule hit = vehicle ? SuccessRule::AtLeast(5) : SuccessRule::AtMost(4);
      for (int cover_die = 0; cover_die < 2; ++cover_die) {
        hit_rolls_[(w * 2 + vehicle) * 2 + cover_die] =
            MakeRoll(DicePool::CountSuccesses(weapon.dice + cover_die, weapon.faces, hit)
                         .RemoveBest(cover_die)
                         .Label(absl::StrCat(weapon.dice, "d", weapon.faces,
                                             cover_die ? " plus 1 for cover" : "")));
      }
    }
    // Each hit die is rolled again and damages above the armour.
    for (int type = 0; type < kQuickplayUnitTypes; ++type) {
      const int armour = QuickplayProfileOf(static_cast<QuickplayUnitType>(type)).armour;
      for (int hits = 1; hits <= weapon.dice && hits < 4; ++hits) {
        damage_rolls_[(w * kQuickplayUnitTypes + type) * 4 + hits] =
            MakeRoll(DicePool::CountSuccesses(hits, weapon.faces, SuccessRule::AtLeast(armour + 1))
                         .Label(absl::StrCat(hits, "d", weapon.faces, " (one reroll per hit)")));
      }
    }
  }
  // One d6 per wounded model, returned on at most the number of unwounded models.
  qc_rolls_.assign(16 * 16, {});
  for (int wounded = 1; wounded <= squad_size_; ++wounded) {
    for (int unwounded = 1; wounded + unwounded <= squad_size_; ++unwounded) {
      qc_rolls_[wounded * 16 + unwounded] =
          MakeRoll(DicePool::CountSuccesses(wounded, 6, SuccessRule::AtMost(unwounded))
                       .Label(absl::StrCat(wounded, "d6 (one per wounded model)")));
    }
  }
  return absl::OkStatus();
}

QuickplayGame::Roll QuickplayGame::MakeRoll(DicePool pool) {
  Roll roll;
  for (const PoolOutcome& outcome : pool.Distribution()) {
    roll.outcomes.push_back(
        ChanceOutcome{kOutcomeBase + static_cast<Action>(outcome.value), outcome.probability});
  }
  roll.pool = std::move(pool);
  return roll;
}

QuickplayGame::State QuickplayGame::InitialState() const {
  State state;
  for (int u = 0; u < kMaxUnits; ++u) state.cell[u] = kNoCell;
  for (int u = 0; u < num_units(); ++u) {
    state.health[u] = profile(u).squad ? static_cast<uint8_t>(squad_size_ << 4) : 0;
  }
  if (alternate_deployment_) {
    state.round = 0;
    state.phase = kDeploySelect;
    state.player = 0;
    return state;
  }
  for (int u = 0; u < num_units(); ++u) state.cell[u] = units_[u].start;
  state.round = 1;
  NextTurn(state, 0);
  return state;
}

bool QuickplayGame::PartlyBehindCover(int shooter_cell, int target_cell) const {
  const int dx = x_[shooter_cell] - x_[target_cell];
  const int dy = y_[shooter_cell] - y_[target_cell];
  const int d2 = dx * dx + dy * dy;
  for (uint32_t bits = cover_neighbours_[target_cell]; bits != 0; bits &= bits - 1) {
    const int d = std::countr_zero(bits);
    const int nx = kNeighbours[d][0];
    const int ny = kNeighbours[d][1];
    // Within 45 degrees of the direction to the shooter: cos >= 1/sqrt(2), exactly.
    const int dot = nx * dx + ny * dy;
    if (dot > 0 && 2 * dot * dot >= (nx * nx + ny * ny) * d2) return true;
  }
  return false;
}

bool QuickplayGame::CanShoot(const State& state, int shooter, int slot, int target) const {
  const QuickplayWeapon& weapon = QuickplayWeapons()[profile(shooter).weapons[slot]];
  const int sc = state.cell[shooter];
  const int tc = state.cell[target];
  const int sx = x_[sc], sy = y_[sc], tx = x_[tc], ty = y_[tc];
  if (weapon.range_bricks > 0) {
    const int range = Cells(weapon.range_bricks);
    if ((sx - tx) * (sx - tx) + (sy - ty) * (sy - ty) > range * range) return false;
  }
  if (!ClearOfCover(sc, tc)) return false;
  const uint32_t others =
      (side_mask_[0] | side_mask_[1]) & ~state.destroyed & ~((1u << shooter) | (1u << target));
  return !BlockedByUnit(state, others, sx, sy, tx, ty);
}

// Inline (only this file calls it): LegalActions asks it for every enemy in range and sight.
inline bool QuickplayGame::BlockedByUnit(const State& state, uint32_t others, int sx, int sy,
                                         int tx, int ty) const {
  const int min_x = std::min(sx, tx), max_x = std::max(sx, tx);
  const int min_y = std::min(sy, ty), max_y = std::max(sy, ty);
  for (; others != 0; others &= others - 1) {
    const int uc = state.cell[std::countr_zero(others)];
    if (uc == kNoCell) continue;
    const int ux = x_[uc], uy = y_[uc];
    // The segment stays inside the bounding box of the two cells.
    if (ux < min_x || ux > max_x || uy < min_y || uy > max_y) continue;
    if (SegmentCrossesCell(Cell{sx, sy}, Cell{tx, ty}, Cell{ux, uy})) return true;
  }
  return false;
}

bool QuickplayGame::CanPlace(const State& state, int u, int cell) const {
  if (!zones_[units_[u].side].Test(cell) || IsCover(cell)) return false;
  if (IsImpassable(cell) && !profile(u).ignores_impassable) return false;
  for (int v = 0; v < num_units(); ++v) {
    if (state.cell[v] == cell) return false;
  }
  return true;
}

void QuickplayGame::LegalActions(const State& state, Player player, ActionList& actions) const {
  // The two hot phases first; deployment and the rest out of line.
  if (state.phase == kActivation) {
    ActivationActions(state, actions);
  } else if (state.phase == kSelect) {
    Action* out = actions.data();
    int count = 0;
    uint32_t free = side_mask_[player] & ~(state.destroyed | state.activated);
    for (; free != 0; free &= free - 1) out[count++] = kSelectBase + std::countr_zero(free);
    actions.SetSize(count);
  } else {
    OtherActions(state, player, actions);
  }
}

void QuickplayGame::OtherActions(const State& state, Player player, ActionList& actions) const {
  actions.clear();
  const int n = num_units();
  switch (state.phase) {
    case kDeploySelect:
      for (int u = 0; u < n; ++u) {
        if (units_[u].side == player && IsAlive(state, u) && state.cell[u] == kNoCell) {
          actions.push_back(kSelectBase + u);
        }
      }
      return;
    case kDeployPlace:
      zones_[player].ForEach([&](int cell) {
        if (cell < width_ * height_ && CanPlace(state, state.active, cell)) {
          actions.push_back(static_cast<Action>(cell));
        }
      });
      return;
    default:
      return;
  }
}

void QuickplayGame::ActivationActions(const State& state, ActionList& actions) const {
  // An activation: every living unit is on the board. The lists are written through a raw
  // pointer and sized once at the end, so no store to the list forces a reload of the tables.
  const int active = state.active;
  const int type = static_cast<int>(units_[active].type);
  const int16_t* xs = x_.data();
  const int16_t* ys = y_.data();
  const int from = state.cell[active];
  const int fx = xs[from], fy = ys[from];
  const uint32_t alive = (side_mask_[0] | side_mask_[1]) & ~state.destroyed;
  Action* const first = actions.data();
  Action* out = first;
  if (!(state.done & kMoved)) {
    const MoveTable& table = moves_[type];
    const uint32_t offset = table.offsets[from];
    const Action* list = table.destinations.data() + offset;
    const int count = static_cast<int>(table.offsets[from + 1] - offset);
    // The positions of the other units' cells in the list, ascending (usually none or one).
    const int radius = move_radius_[type];
    const int side = 2 * radius + 1;
    const uint16_t* index_of = table.index.data() + static_cast<size_t>(from) * side * side;
    int skip[kMaxUnits];
    int num_skip = 0;
    for (uint32_t others = alive & ~(1u << active); others != 0; others &= others - 1) {
      const int c = state.cell[std::countr_zero(others)];
      const unsigned dx = static_cast<unsigned>(xs[c] - fx + radius);
      const unsigned dy = static_cast<unsigned>(ys[c] - fy + radius);
      if (dx >= static_cast<unsigned>(side) || dy >= static_cast<unsigned>(side)) continue;
      const int index = index_of[dy * side + dx];
      if (index == kNotInList) continue;
      int i = num_skip++;
      for (; i > 0 && skip[i - 1] > index; --i) skip[i] = skip[i - 1];
      skip[i] = index;
    }
    int start = 0;
    for (int i = 0; i < num_skip; ++i) {
      CopyActions(out, list + start, skip[i] - start);
      out += skip[i] - start;
      start = skip[i] + 1;
    }
    CopyActions(out, list + start, count - start);
    out += count - start;
  }
  if (!(state.done & kShot)) {
    // Line of sight does not depend on the weapon: test each enemy once, then write the
    // (slot, target) pairs in range in slot-major order.
    const uint64_t* los = los_bits_.data() + static_cast<size_t>(from) * los_stride_;
    const int max_range2 = max_range2_[type];
    int targets[kMaxUnits];
    int distance2[kMaxUnits];
    int num_targets = 0;
    for (uint32_t enemies = side_mask_[1 - units_[active].side] & ~state.destroyed; enemies != 0;
         enemies &= enemies - 1) {
      const int t = std::countr_zero(enemies);
      const int tc = state.cell[t];
      const int tx = xs[tc], ty = ys[tc];
      const int d2 = (fx - tx) * (fx - tx) + (fy - ty) * (fy - ty);
      if (d2 > max_range2 || !((los[tc >> 6] >> (tc & 63)) & 1)) continue;
      if (BlockedByUnit(state, alive & ~((1u << active) | (1u << t)), fx, fy, tx, ty)) continue;
      targets[num_targets] = t;
      distance2[num_targets++] = d2;
    }
    if (num_targets > 0) {
      const int num_weapons = profile(active).num_weapons;
      for (int slot = 0; slot < num_weapons; ++slot) {
        const int range2 = range2_[type][slot];
        const Action base = kShootBase + static_cast<Action>(slot * 256);
        for (int i = 0; i < num_targets; ++i) {
          if (distance2[i] <= range2) *out++ = base + static_cast<Action>(targets[i]);
        }
      }
    }
  }
  *out++ = kEndAction;
  actions.SetSize(static_cast<int>(out - first));
}

int QuickplayGame::HitKey(const State& state) const {
  const int weapon = profile(state.active).weapons[state.weapon];
  const bool vehicle = !profile(state.target).squad;
  const bool cover = PartlyBehindCover(state.cell[state.active], state.cell[state.target]);
  return (weapon * 2 + (vehicle ? 1 : 0)) * 2 + (cover ? 1 : 0);
}

int QuickplayGame::DamageKey(const State& state) const {
  const int weapon = profile(state.active).weapons[state.weapon];
  const int type = static_cast<int>(units_[state.target].type);
  return (weapon * kQuickplayUnitTypes + type) * 4 + state.hits;
}

const QuickplayGame::Roll* QuickplayGame::RollAt(const State& state) const {
  switch (state.phase) {
    case kQualityCheck: {
      const uint8_t h = state.health[state.active];
      return &qc_rolls_[Wounded(h) * 16 + Models(h) - Wounded(h)];
    }
    case kHitRoll:
      return &hit_rolls_[HitKey(state)];
    case kDamageRoll:
      return &damage_rolls_[DamageKey(state)];
    default:
      return nullptr;
  }
}

void QuickplayGame::ChanceOutcomes(const State& state, ChanceList& outcomes) const {
  outcomes.clear();
  const Roll* roll = RollAt(state);
  if (roll == nullptr) return;
  outcomes.Append(roll->outcomes.data(), static_cast<int>(roll->outcomes.size()));
}

void QuickplayGame::Destroy(State& state, int u) const {
  state.destroyed |= Bit(u);
  state.activated &= static_cast<uint16_t>(~Bit(u));
  state.cell[u] = kNoCell;
  state.health[u] = 0;
}

std::array<int, QuickplayGame::kMaxObjectives> QuickplayGame::Control(const State& state) const {
  int units[2][kMaxObjectives] = {};
  int squads[2][kMaxObjectives] = {};
  for (int u = 0; u < num_units(); ++u) {
    if (state.cell[u] == kNoCell) continue;
    const int side = units_[u].side;
    const bool squad = profile(u).squad;
    for (uint32_t bits = objectives_near_[state.cell[u]]; bits != 0; bits &= bits - 1) {
      const int j = std::countr_zero(bits);
      ++units[side][j];
      if (squad) ++squads[side][j];
    }
  }
  std::array<int, kMaxObjectives> control{};
  for (size_t j = 0; j < objectives_.size(); ++j) {
    if (units[0][j] != units[1][j]) {
      control[j] = units[0][j] > units[1][j] ? 1 : -1;
    } else if (squads[0][j] != squads[1][j]) {
      control[j] = squads[0][j] > squads[1][j] ? 1 : -1;
    }
  }
  return control;
}

void QuickplayGame::EndRound(State& state) const {
  const std::array<int, kMaxObjectives> control = Control(state);
  for (size_t j = 0; j < objectives_.size(); ++j) {
    if (control[j] > 0) ++state.vp[0];
    if (control[j] < 0) ++state.vp[1];
  }
  state.activated = 0;
  if (state.round >= kRounds) {
    state.phase = kOver;
    state.player = 0;
    return;
  }
  ++state.round;
  NextTurn(state, state.round % 2 == 1 ? 0 : 1);
}

void QuickplayGame::NextTurn(State& state, int preferred) const {
  state.active = kNone;
  state.done = 0;
  const uint16_t free = static_cast<uint16_t>(~(state.destroyed | state.activated));
  const bool has[2] = {(free & side_mask_[0]) != 0, (free & side_mask_[1]) != 0};
  if (!has[0] && !has[1]) {
    EndRound(state);
    return;
  }
  state.player = static_cast<uint8_t>(has[preferred] ? preferred : 1 - preferred);
  state.phase = kSelect;
}

void QuickplayGame::EndActivation(State& state) const {
  state.activated |= Bit(state.active);
  NextTurn(state, 1 - state.player);
}

void QuickplayGame::AfterResolution(State& state) const {
  state.target = kNone;
  state.weapon = 0;
  state.hits = 0;
  state.phase = kActivation;
  if (state.done == (kMoved | kShot)) EndActivation(state);
}

void QuickplayGame::Apply(State& state, Action action) const {
  switch (state.phase) {
    case kDeploySelect:
      state.active = static_cast<uint8_t>(action - kSelectBase);
      state.phase = kDeployPlace;
      return;
    case kDeployPlace: {
      state.cell[state.active] = static_cast<uint16_t>(action);
      state.active = kNone;
      bool undeployed[2] = {false, false};
      for (int u = 0; u < num_units(); ++u) {
        if (IsAlive(state, u) && state.cell[u] == kNoCell) undeployed[units_[u].side] = true;
      }
      const int next = 1 - state.player;
      if (undeployed[next] || undeployed[state.player]) {
        state.player = static_cast<uint8_t>(undeployed[next] ? next : state.player);
        state.phase = kDeploySelect;
        return;
      }
      state.round = 1;
      NextTurn(state, 0);
      return;
    }
    case kSelect: {
      const int u = static_cast<int>(action - kSelectBase);
      state.active = static_cast<uint8_t>(u);
      state.done = 0;
      state.phase =
          (profile(u).squad && Wounded(state.health[u]) > 0) ? kQualityCheck : kActivation;
      return;
    }
    case kQualityCheck: {
      const int survivors = static_cast<int>(action - kOutcomeBase);
      const uint8_t h = state.health[state.active];
      const int models = Models(h) - Wounded(h) + survivors;
      if (models == 0) {
        Destroy(state, state.active);
        NextTurn(state, 1 - state.player);
        return;
      }
      state.health[state.active] = static_cast<uint8_t>(models << 4);
      state.phase = kActivation;
      return;
    }
    case kActivation:
      if (action == kEndAction) {
        EndActivation(state);
      } else if (action >= kShootBase) {
        const Action code = action - kShootBase;
        state.weapon = static_cast<uint8_t>(code >> 8);
        state.target = static_cast<uint8_t>(code & 0xFF);
        state.done |= kShot;
        state.phase = kHitRoll;
      } else {
        state.cell[state.active] = static_cast<uint16_t>(action);
        state.done |= kMoved;
        if (state.done == (kMoved | kShot)) EndActivation(state);
      }
      return;
    case kHitRoll: {
      const int hits = static_cast<int>(action - kOutcomeBase);
      const int t = state.target;
      if (profile(t).squad) {
        const int models = Models(state.health[t]);
        const int wounded = std::min(models, Wounded(state.health[t]) + hits);
        if (wounded == models) {
          Destroy(state, t);
        } else {
          state.health[t] = static_cast<uint8_t>(models << 4 | wounded);
        }
      } else if (hits > 0) {
        state.hits = static_cast<uint8_t>(hits);
        state.phase = kDamageRoll;
        return;
      }
      AfterResolution(state);
      return;
    }
    case kDamageRoll: {
      const int t = state.target;
      const int tokens = state.health[t] + static_cast<int>(action - kOutcomeBase);
      if (tokens >= 2) {
        Destroy(state, t);
      } else {
        state.health[t] = static_cast<uint8_t>(tokens);
      }
      AfterResolution(state);
      return;
    }
    default:
      CHECK(false);
  }
}

double QuickplayGame::Returns(const State& state, Player player) const {
  if (state.phase != kOver || state.vp[0] == state.vp[1]) return 0.0;
  return (state.vp[player] > state.vp[1 - player]) ? 1.0 : -1.0;
}

int QuickplayGame::MaxGameLength() const {
  // Deployment: 2 decisions per unit. An activation: select, quality check, move, shoot,
  // hit roll, damage roll (it ends by itself after moving and shooting) or end instead.
  return 2 * num_units() + kRounds * num_units() * 6;
}

uint64_t QuickplayGame::InformationSetKey(const State& state, Player) const {
  uint64_t words[sizeof(State) / 8];
  std::memcpy(words, &state, sizeof(State));
  uint64_t hash = 0x7175696b706c6179ULL;  // "quikplay"
  for (uint64_t w : words) hash = HashCombine(hash, w);
  return hash;
}

std::vector<std::pair<std::string, int>> QuickplayGame::ResultMeasures(const State& before,
                                                                       const State& after) const {
  int wounds = 0, models_lost = 0, damage = 0, destroyed = 0;
  for (int u = 0; u < num_units(); ++u) {
    const bool was_alive = IsAlive(before, u);
    const bool is_alive = IsAlive(after, u);
    if (was_alive && !is_alive) ++destroyed;
    if (profile(u).squad) {
      const int models_before = Models(before.health[u]);
      const int models_after = Models(after.health[u]);
      const int unwounded_before = models_before - Wounded(before.health[u]);
      const int unwounded_after = models_after - Wounded(after.health[u]);
      // A quality check returns wounded models: only new wounds count.
      if (unwounded_after < unwounded_before && models_after == models_before) {
        wounds += unwounded_before - unwounded_after;
      } else if (!is_alive && was_alive) {
        wounds += unwounded_before;
      }
      models_lost += std::max(models_before - models_after, 0);
    } else {
      const int tokens_before = was_alive ? before.health[u] : 2;
      const int tokens_after = is_alive ? after.health[u] : 2;
      damage += std::max(tokens_after - tokens_before, 0);
    }
  }
  return {{"wounds", wounds},
          {"models_lost", models_lost},
          {"damage", damage},
          {"destroyed", destroyed}};
}

}  // namespace sandtable
