// brickaction's rules: legal decisions per phase, chance nodes, and the transitions of a turn
// (actions, holds, reactive fire, attacks, saves, casualties, suppression, rallying, close
// combat, reactive moves, the result).
#include "rulesets/brickaction/brickaction.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "engine/check.h"
#include "engine/rng.h"

namespace sandtable {
namespace {

constexpr int kSaveTarget = 4;
constexpr int kMaxSaveBonus = 2;
constexpr int kVehicleSave = 5;  // infantry against armour

}  // namespace

// ---------------------------------------------------------------------------- queries

int BrickactionGame::AttackDice(const State& state, int u, int to, bool grenade) const {
  const int d2 = Distance2(state.cell[u], to);
  int dice = LoadoutDice(state, u, ArmedMinis(state, u), d2);
  if (grenade && d2 <= kGrenadeRange * kGrenadeRange) ++dice;
  return std::max(dice, 0);
}

int BrickactionGame::ActionsPerTurn(const State& state, int player) const {
  for (int u = 0; u < num_units(); ++u) {
    if (units_[u].side == player && units_[u].commander == kGeneral &&
        (state.specialists[u] & kOfficer)) {
      return kActionsPerTurn + 1;
    }
  }
  return kActionsPerTurn;
}

int BrickactionGame::RallyModifier(const State& state, int u) const {
  int modifier = (state.specialists[u] & kOfficer) ? 1 : 0;
  for (int c = 0; c < num_units(); ++c) {
    const int range = kCommanderRange[units_[c].commander];
    if (units_[c].side == units_[u].side && range > 0 && (state.specialists[c] & kOfficer) &&
        Distance2(state.cell[c], state.cell[u]) <= range * range) {
      return std::min(modifier + 1, 2);
    }
  }
  return modifier;
}

int BrickactionGame::BonusCommander(const State& state, int u) const {
  if (state.left > 0 || IsVehicle(u)) return -1;
  auto ready = [&](int c) {
    return (state.specialists[c] & kOfficer) && (state.bonus[c] & kBonusCountMask) > 0 &&
           !(state.bonus[c] & kBonusUsedBit);
  };
  if (units_[u].commander == kFieldCommander && ready(u) && state.acted[u] <= kActionsPerUnit) {
    return u;
  }
  if (state.acted[u] >= kActionsPerUnit) return -1;
  for (int c = 0; c < num_units(); ++c) {
    if (units_[c].side == units_[u].side && units_[c].commander == kRankingCommander && ready(c)) {
      return c;
    }
  }
  return -1;
}

bool BrickactionGame::WeaponBears(const State& state, int u, int to) const {
  const Cell at{CellX(state.cell[u]), CellY(state.cell[u])}, other{CellX(to), CellY(to)};
  if (!units_[u].turret) return InFireArc(at, Hull(state, u), 1, other);
  const int turns = TurnsToBear(at, TurretFacing(state, u), 1, other);
  return turns >= 0 && turns <= 1;  // a turn of 45 degrees is free
}

int BrickactionGame::WeaponDice(const State& state, int u, int t, int weapon) const {
  if (!IsAlive(state, u) || !IsAlive(state, t) || units_[u].side == units_[t].side) return 0;
  const int cu = state.cell[u], ct = state.cell[t];
  const int d2 = Distance2(cu, ct);
  if (IsVehicle(u)) {
    // Its one weapon, in its arc; the armour table's "-" cannot hurt that class.
    if (weapon != kRepeaters || !CanSee(state, u, t) || !WeaponBears(state, u, ct)) return 0;
    const int w = units_[u].vehicle_weapon;
    if (IsVehicle(t) && Threshold(u, t) == 0) return 0;
    int dice = kWeaponDice[w];
    const bool hard = Between(cu, ct) & kHardCover;
    if (IsArmourPenetrator(w) && hard) --dice;           // AP against a wall: -1 die
    if (IsVehicle(t) && hard) dice = std::min(dice, 3);  // vehicle cover: at most 3 dice
    for (int over = kVehicleRange; d2 > over * over && dice > 0; ++over) --dice;  // long shot
    return std::max(dice, 0);
  }
  if (IsVehicle(t)) {
    // Infantry against armour: grenades, rockets, the swarm; 1 die for the model and the
    // weapon's bonus.
    switch (weapon) {
      case kCloseCombat:
        return Adjacent(state, u, t) ? std::min(Minis(state, u), 6) : 0;
      case kWithGrenade:
        return (state.flags[u] & kGrenadeBit) && d2 <= kGrenadeRange * kGrenadeRange &&
                       CanSee(state, u, t)
                   ? 2
                   : 0;
      case kWithRocket:
        if (state.rockets[u] == 0 || d2 > kRocketRange * kRocketRange || !CanSee(state, u, t)) {
          return 0;
        }
        return d2 <= kRocketNear * kRocketNear ? 3 : 2;
      case kWithRifleGrenade:
        return RifleGrenadeAlone(state, u, t);
      default:
        return 0;
    }
  }
  if (weapon == kCloseCombat) return Adjacent(state, u, t) ? 1 : 0;
  if (!CanSee(state, u, t)) return 0;
  const int base = AttackDice(state, u, ct, false);
  if (base == 0) return 0;
  switch (weapon) {
    case kWithGrenade:
      return (state.flags[u] & kGrenadeBit) && d2 <= kGrenadeRange * kGrenadeRange ? base + 1 : 0;
    case kWithRocket:
      if (state.rockets[u] == 0 || d2 > kRocketRange * kRocketRange) return 0;
      return base + (d2 <= kRocketNear * kRocketNear ? 2 : 1);
    case kWithRifleGrenade:
      // With the squad's fire: +1 within 10 cells; beyond, "40-64"'s one die fewer takes
      // its bonus away (not offered: firing without it is as good).
      return state.rifle_grenades[u] > 0 && d2 <= kRifleGrenadeFull * kRifleGrenadeFull ? base + 1
                                                                                        : 0;
    default:
      return base;
  }
}

int BrickactionGame::RifleGrenadeAlone(const State& state, int u, int t) const {
  // 1 die for the mini and its +1 die within 10 cells, one die fewer up to 16 ("40-64").
  const int d2 = Distance2(state.cell[u], state.cell[t]);
  if (state.rifle_grenades[u] == 0 || d2 > kRifleGrenadeMax * kRifleGrenadeMax ||
      !CanSee(state, u, t)) {
    return 0;
  }
  return d2 <= kRifleGrenadeFull * kRifleGrenadeFull ? 2 : 1;
}

bool BrickactionGame::SmokeBlocks(const State& state, int from, int to) const {
  if (state.smoke == kNoCell) return false;
  const Cell a{CellX(from), CellY(from)}, b{CellX(to), CellY(to)};
  const int x0 = CellX(state.smoke), y0 = CellY(state.smoke);
  for (int y = y0; y < y0 + kSmokeSize; ++y) {
    for (int x = x0; x < x0 + kSmokeSize; ++x) {
      if (SegmentCrossesCell(a, b, {x, y})) return true;  // a squad in the smoke too
    }
  }
  return false;
}

bool BrickactionGame::CanSee(const State& state, int a, int b) const {
  const int ca = state.cell[a], cb = state.cell[b];
  if ((Between(ca, cb) & kSight) == 0 || SmokeBlocks(state, ca, cb)) return false;
  // Full cover at a corner: total cover from every side, both ways.
  if (InFullCover(state, a) || InFullCover(state, b)) return false;
  // Prone behind hard cover is total cover, both ways.
  if ((state.flags[b] & kProneBit) && (Between(ca, cb) & kHardCover)) return false;
  if ((state.flags[a] & kProneBit) && (Between(cb, ca) & kHardCover)) return false;
  return true;
}

bool BrickactionGame::CanRepeaterFire(const State& state, int u, int t, int max_distance2) const {
  if (!IsAlive(state, u) || !IsAlive(state, t)) return false;
  if (Distance2(state.cell[u], state.cell[t]) > max_distance2) return false;
  return CanSee(state, u, t) && AttackDice(state, u, state.cell[t], false) > 0;
}

bool BrickactionGame::CanFireAt(const State& state, int u, int t) const {
  return CanRepeaterFire(state, u, t, 1 << 20);
}

bool BrickactionGame::CanReactiveFire(const State& state, int r, int mover) const {
  if (!IsAlive(state, r) || (state.flags[r] & (kSuppressedBit | kAttackedBit))) return false;
  if (state.reacted[r] >= ReactiveLimit(state, r)) return false;
  const int to = state.cell[mover];
  if (IsVehicle(r) || IsVehicle(mover)) {
    if (!CanArmourReact(state, r, mover, kReactFire)) return false;
  } else {
    const int range = LoadoutRange(state, r, ArmedMinis(state, r));
    if (Distance2(state.cell[r], to) > range * range) return false;
    if (!CanSee(state, r, mover)) return false;
  }
  // More than 1 cell in the open, more than 2 when it ended behind cover (a vehicle gets
  // nothing from a corner).
  const bool covered = (Between(state.cell[r], to) & (kHardCover | kSoftCover | kTreeCover)) != 0 ||
                       (!IsVehicle(mover) && CornerCover(state.cell[r], to));
  const int moved2 = Distance2(state.from, to);
  return covered ? moved2 > 4 : moved2 > 1;
}

bool BrickactionGame::CanHoldFire(const State& state, int h, int t) const {
  if (state.flags[h] & kSuppressedBit) return false;
  if (IsVehicle(h) || IsVehicle(t)) return CanArmourReact(state, h, t, kHoldFire);
  return CanRepeaterFire(state, h, t, kHoldAttackRange * kHoldAttackRange);
}

CellMask BrickactionGame::Reachable(const State& state, int u) const {
  CellMask enemies, friends;
  const int side = units_[u].side;
  if (IsVehicle(u)) {
    // A vehicle drives through squads (roadkill, in its hold move too) and friendly vehicles,
    // not enemy vehicles, and stops on no unit; it may stay where it is (a turn in place).
    for (int v = 0; v < num_units(); ++v) {
      if (v == u || !IsAlive(state, v)) continue;
      const bool blocks = units_[v].side != side && IsVehicle(v);
      (blocks ? enemies : friends).Set(state.cell[v]);
    }
    return drive_[units_[u].vehicle_class]->Reachable(state.cell[u], enemies, friends);
  }
  for (int v = 0; v < num_units(); ++v) {
    if (v == u || !IsAlive(state, v)) continue;
    (units_[v].side == side ? friends : enemies).Set(state.cell[v]);
  }
  // A commando's dash reaches kDashCells; its split's half move and a prone squad's crawl
  // half a move.
  const bool dest = state.phase == kDest && u == state.active;
  if (dest && state.weapon == kDashMove) return dash_->Reachable(state.cell[u], enemies, friends);
  bool half = (state.flags[u] & kProneBit) || (dest && (state.bonus[u] & kSplitMoveBit));
  if (units_[u].heavy_support) {
    // 2 crew move it at half speed, 3 at full; decision: prone with 2 (a quarter) or with
    // 1, it stays.
    const int crew = Minis(state, u);
    if (crew < 2 || (crew == 2 && half)) {
      CellMask here;
      here.Set(state.cell[u]);
      return here;
    }
    half |= crew == 2;
  }
  const ReachTable& table = half ? *crawl_ : *walk_;
  return table.Reachable(state.cell[u], enemies, friends);
}

bool BrickactionGame::NearObjective(int c) const { return ObjectiveAt(c) == 0; }

int BrickactionGame::MinisOnObjective(const State& state, int side) const {
  int minis = 0;
  for (int u = 0; u < num_units(); ++u) {
    if (units_[u].side != side || !IsAlive(state, u)) continue;
    if (NearObjective(state.cell[u])) minis += Minis(state, u);
  }
  return minis;
}

bool BrickactionGame::DecidedEarly(const State& state) const {
  bool alive[2] = {false, false};
  for (int u = 0; u < num_units(); ++u) alive[units_[u].side] |= IsAlive(state, u);
  if (!alive[0] || !alive[1]) return true;
  if (victory_ == kCaptureVictory && AllCaptured(state)) return true;
  if (victory_ == kFlagVictory && FlagsHome(state) != 0) return true;  // a flag brought home
  for (int target : target_unit_) {
    if (target >= 0 && Destroyed(state, target)) return true;
  }
  return false;
}

int BrickactionGame::Winner(const State& state) const {
  bool alive[2] = {false, false};
  for (int u = 0; u < num_units(); ++u) alive[units_[u].side] |= IsAlive(state, u);
  if (alive[0] != alive[1]) return alive[0] ? 0 : 1;
  if (victory_ == kCaptureVictory) return AllCaptured(state) ? attacker_ : 1 - attacker_;
  if (victory_ == kFlagVictory) {
    const int home = FlagsHome(state);  // both at once: kills decide
    if (home == 1 || home == 2) return home == 1 ? 0 : 1;
  }
  if (victory_ == kTargetVictory) {
    bool lost[2];
    for (int side = 0; side < 2; ++side) {
      lost[side] = target_unit_[side] >= 0 && Destroyed(state, target_unit_[side]);
    }
    if (lost[0] != lost[1]) return lost[0] ? 1 : 0;
  } else if (victory_ == kObjectiveVictory) {
    const int held0 = MinisOnObjective(state, 0), held1 = MinisOnObjective(state, 1);
    if (held0 != held1) return held0 > held1 ? 0 : 1;
  }
  if (state.kills[0] != state.kills[1]) return state.kills[0] > state.kills[1] ? 0 : 1;
  return -1;
}

// ---------------------------------------------------------------------------- contract

BrickactionGame::State BrickactionGame::InitialState() const {
  State state;
  for (int u = 0; u < kMaxUnits; ++u) state.cell[u] = kNoCell;
  for (int u = 0; u < num_units(); ++u) {
    state.cell[u] = units_[u].start;
    state.regulars[u] = static_cast<uint8_t>(units_[u].regulars);
    state.specialists[u] = units_[u].specialists;
    state.flags[u] = units_[u].grenade ? kGrenadeBit : 0;
    state.rockets[u] = static_cast<uint8_t>(units_[u].rockets);
    state.rifle_grenades[u] = static_cast<uint8_t>(units_[u].rifle_grenades);
    state.smokes[u] = static_cast<uint8_t>(units_[u].smokes);
    state.weapons[u] = PackLoadout(units_[u].weapons);
    if (units_[u].commander == kFieldCommander || units_[u].commander == kRankingCommander) {
      state.bonus[u] = kBonusActions;
    }
    if (units_[u].commando) state.bonus[u] = kDashes;
    if (units_[u].vehicle) {
      state.facing[u] = static_cast<uint8_t>(units_[u].start_facing |
                                             (units_[u].turret ? units_[u].start_facing << 4 : 0));
    }
  }
  state.flag[0] = flag_start_[0];
  state.flag[1] = flag_start_[1];
  if (roll_off_) {
    state.phase = kRollOff;  // the first turn waits for the roll-off
    return state;
  }
  state.player = state.first = static_cast<uint8_t>(first_);
  StartTurn(state);
  return state;
}

Player BrickactionGame::CurrentPlayer(const State& state) const {
  switch (state.phase) {
    case kSelect:
    case kAction:
    case kDest:
    case kTarget:
    case kHold:
    case kFacing:
    case kTurret:
    case kSmokeTarget:
      return state.player;
    case kProneReact:
    case kReactive:
      return 1 - state.player;
    case kRemove:
      return units_[state.subject].side;
    case kRepeat:
      return units_[state.a_sum > state.b_sum ? state.att : state.tgt].side;
    case kHoldMove:
    case kReactMove:
      return units_[state.sub].side;
    case kChooseFirst:
      return state.player;
    case kOver:
      return kNoPlayer;
    default:
      return kChancePlayer;
  }
}

int BrickactionGame::MaxGameLength() const {
  // Per action: select, action, destination or target, a hold response per unit (a
  // decision or an attack of up to 4 steps, removal included), a prone reaction, the attack
  // or reactive fire (roll, saves, removal, reactive move), and close combat of at most one
  // round per mini that dies (2 rolls, 4 when split in two, 2 saves, 2 removals, a repeat). Per
  // turn: a rally roll and a free toggle (2 steps) per unit, three actions and the end. And
  // every pickup of a dropped weapon (one step each).
  const int minis = 2 * kMaxUnits * 6;
  const int close_round = split_close_rolls_ ? 9 : 7;
  // A vehicle's move adds its facing and a roadkill save and removal per squad, and so may
  // each vehicle's hold move (without the facing).
  const int per_action = 3 + 5 * kMaxUnits + 1 + 5 + close_round * minis +
                         (has_vehicles_ ? 1 + 2 * kMaxUnits * (1 + kMaxUnits) : 0);
  return turns_ * 2 * (3 * kMaxUnits + (kActionsPerTurn + 2) * per_action + 1) + max_pickups_;
}

uint64_t BrickactionGame::InformationSetKey(const State& state, Player) const {
  // Perfect information: the whole state, as zero-padded words.
  uint64_t words[(sizeof(State) + 7) / 8] = {};
  std::memcpy(words, &state, sizeof(State));
  uint64_t hash = 0x627269636b616374ULL;  // "brickact"
  for (uint64_t w : words) hash = HashCombine(hash, w);
  return hash;
}

double BrickactionGame::Returns(const State& state, Player player) const {
  const int winner = Winner(state);
  if (winner < 0) return 0.0;
  return winner == player ? 1.0 : -1.0;
}

// ---------------------------------------------------------------------------- decisions

bool BrickactionGame::UnitCanAct(const State& state, int u) const {
  if (!IsAlive(state, u) || units_[u].side != state.player) return false;
  // Going prone or rising is always possible when the squad may spend an action or has the
  // officer's free one, and nothing else is possible otherwise (UnitActions).
  const bool can_spend =
      (state.left > 0 && state.acted[u] < kActionsPerUnit) || BonusCommander(state, u) >= 0;
  const bool free_toggle = (state.specialists[u] & kOfficer) && !(state.flags[u] & kToggledBit);
  return can_spend || free_toggle;
}

void BrickactionGame::UnitActions(const State& state, int u, ActionList& actions) const {
  actions.clear();
  const uint8_t f = state.flags[u];
  const bool can_spend =
      (state.left > 0 && state.acted[u] < kActionsPerUnit) || BonusCommander(state, u) >= 0;
  if (IsVehicle(u)) {
    // One vehicle action: a move (or a turn in place) or a shot; turning the turret more
    // than 45 degrees is an action of its own.
    if (!can_spend) return;
    actions.push_back(kActionBase + kMove);
    if (!(f & kBarredBit)) {
      ActionList targets;
      TargetActions(state, u, targets);
      if (!targets.empty()) actions.push_back(kActionBase + kAttack);
    }
    actions.push_back(kActionBase + kHoldAction);  // an enemy unit lives while the game goes on
    if (units_[u].turret) actions.push_back(kActionBase + kTurretAction);
    if (CanDismount(state, u)) actions.push_back(kActionBase + kDismountAction);
    return;
  }
  const bool free_toggle = (state.specialists[u] & kOfficer) && !(f & kToggledBit);
  const bool suppressed = f & kSuppressedBit;
  bool can_move = false, can_attack = false;
  if (can_spend && !suppressed && Reachable(state, u).Count() > 1) {
    can_move = true;
    actions.push_back(kActionBase + kMove);
    if (has_corners_ && HidingCorners(state, u)) actions.push_back(kActionBase + kMoveHide);
  }
  if (can_spend && !suppressed && !(f & kBarredBit)) {
    ActionList targets;
    TargetActions(state, u, targets);
    can_attack = !targets.empty();
    if (can_attack) actions.push_back(kActionBase + kAttack);
  }
  if (can_spend || free_toggle) {
    actions.push_back(kActionBase + ((f & kProneBit) ? kRise : kProne));
  }
  if (can_spend && suppressed) actions.push_back(kActionBase + kRallyAction);
  if (can_spend && !suppressed) actions.push_back(kActionBase + kHoldAction);
  // Throwing smoke is neither a move nor an attack: a suppressed squad may.
  if (can_spend && state.smokes[u] > 0) actions.push_back(kActionBase + kSmokeAction);
  // At a corner: changing its use (full cover or hard cover) is an action, as a move.
  if (can_spend && !suppressed && terrain_[state.cell[u]] == kCorner) {
    actions.push_back(kActionBase + (InFullCover(state, u) ? kPeek : kHide));
  }
  if (can_spend && victory_ == kCaptureVictory && CanActivate(state, u)) {
    actions.push_back(kActionBase + kActivate);  // victory checked first: no call in playouts
  }
  if (can_spend && !suppressed && CanDash(state, u)) {
    if (can_move) {
      actions.push_back(kActionBase + kDashAction);
      if (!(f & kBarredBit)) actions.push_back(kActionBase + kSplitAction);
      actions.push_back(kActionBase + kSplitMoves);
    }
    if (can_attack) actions.push_back(kActionBase + kSplitAttacks);
  }
  // The flag's carrier keeps it on the board: it does not embark.
  if (can_spend && !suppressed && CarriedFlag(state, u) < 0) EmbarkActions(state, u, actions);
  if (has_drops_) PickUpActions(state, u, actions);  // free: offered whatever it may spend
}

void BrickactionGame::Destinations(const State& state, int u, ActionList& actions) const {
  if (state.phase == kDest && state.weapon == kDismountMove) {
    DismountCells(state, u).ForEach([&](int c) { actions.push_back(static_cast<Action>(c)); });
    return;
  }
  if (state.phase == kDest && state.weapon == kHideMove) {
    // A move declaring full cover on arrival ends on a corner.
    Reachable(state, u).ForEach([&](int c) {
      if (c != state.cell[u] && corners_.Test(c)) actions.push_back(static_cast<Action>(c));
    });
    return;
  }
  // A vehicle's Move may turn in place; a hold move goes elsewhere (or `stay`).
  const bool in_place = IsVehicle(u) && state.phase == kDest;
  Reachable(state, u).ForEach([&](int c) {
    if (c != state.cell[u] || in_place) actions.push_back(static_cast<Action>(c));
  });
}

bool BrickactionGame::HidingCorners(const State& state, int u) const {
  if (IsVehicle(u)) return false;
  const CellMask reach = Reachable(state, u);
  bool other = false;
  corners_.ForEach([&](int c) { other |= c != state.cell[u] && reach.Test(c); });
  return other;
}

void BrickactionGame::FacingActions(const State& state, ActionList& actions) const {
  const int u = state.active;
  for (int f = 0; f < kNumFacings; ++f) {
    if (state.phase == kFacing) {
      // A turn in place must turn.
      if (state.cell[u] == state.from && f == static_cast<int>(Hull(state, u))) continue;
    } else if (TurnSteps(TurretFacing(state, u), static_cast<Facing>(f)) < 2) {
      continue;  // 45 degrees or less is free when firing: the action turns it further
    }
    actions.push_back(kFaceBase + static_cast<Action>(f));
  }
}

void BrickactionGame::TargetActions(const State& state, int u, ActionList& actions) const {
  for (int t = 0; t < num_units(); ++t) {
    if (!IsAlive(state, t) || units_[t].side == units_[u].side) continue;
    const Action base = kTargetBase + static_cast<Action>(t * kWeaponSlots);
    if (IsVehicle(u) || IsVehicle(t)) {
      for (int weapon : {kRepeaters, kWithGrenade, kCloseCombat, kWithRocket, kWithRifleGrenade}) {
        if (WeaponDice(state, u, t, weapon) > 0) actions.push_back(base + weapon);
      }
      continue;
    }
    if (CanFireAt(state, u, t)) {
      actions.push_back(base + kRepeaters);
      if ((state.flags[u] & kGrenadeBit) &&
          Distance2(state.cell[u], state.cell[t]) <= kGrenadeRange * kGrenadeRange) {
        actions.push_back(base + kWithGrenade);
      }
    }
    if (Adjacent(state, u, t) && !SplitAttack(state, u)) actions.push_back(base + kCloseCombat);
    if (WeaponDice(state, u, t, kWithRocket) > 0) actions.push_back(base + kWithRocket);
    if (WeaponDice(state, u, t, kWithRifleGrenade) > 0) actions.push_back(base + kWithRifleGrenade);
  }
}

void BrickactionGame::DropSingleUse(const State& state, int u, ActionList& actions) const {
  if (!(state.bonus[u] & kSplitSingleUseBit)) return;
  int kept = 0;
  for (int i = 0; i < actions.size(); ++i) {
    const int weapon = static_cast<int>(actions[i] - kTargetBase) % kWeaponSlots;
    if (weapon != kWithGrenade && weapon != kWithRocket && weapon != kWithRifleGrenade) {
      actions[kept++] = actions[i];
    }
  }
  actions.SetSize(kept);
}

void BrickactionGame::HoldActions(const State& state, int u, ActionList& actions) const {
  // A unit that attacked this turn may not place a hold attack.
  const bool may_fire = !(state.flags[u] & kAttackedBit);
  for (int t = 0; t < num_units(); ++t) {
    if (!IsAlive(state, t) || units_[t].side == units_[u].side) continue;
    const Action base = kHoldBase + static_cast<Action>(t * 4);
    for (Action trigger : {0u, 2u}) {
      if (may_fire && MayHoldFireAt(state, u, t)) actions.push_back(base + trigger);
      actions.push_back(base + trigger + 1);
    }
  }
}

void BrickactionGame::ReactiveActions(const State& state, ActionList& actions) const {
  for (int r = 0; r < num_units(); ++r) {
    if (units_[r].side != state.player && CanReactiveFire(state, r, state.active)) {
      actions.push_back(kReactBase + static_cast<Action>(r));
    }
  }
  actions.push_back(kNoReaction);
}

void BrickactionGame::RemoveActions(const State& state, ActionList& actions) const {
  const int u = state.subject;
  const int n = u == state.att ? state.cas_a : state.cas_t;
  for (uint8_t lost = 0; lost < 8; ++lost) {
    if ((lost & ~state.specialists[u]) != 0) continue;
    const int specialists = std::popcount(static_cast<unsigned>(lost));
    if (specialists <= n && n - specialists <= state.regulars[u]) {
      actions.push_back(kLoseBase + lost);
    }
  }
}

void BrickactionGame::ReactMoveActions(const State& state, ActionList& actions) const {
  const int u = state.sub;
  const int here = Distance2(state.cell[u], state.spot);
  Reachable(state, u).ForEach([&](int c) {
    if (Distance2(c, state.spot) < here) actions.push_back(static_cast<Action>(c));
  });
  actions.push_back(kStay);
}

void BrickactionGame::SmokeActions(const State& state, ActionList& actions) const {
  // Every screen on the map whose centre (the corner shared by its middle cells) is within
  // 10 cells of the thrower's cell centre; the action is its top-left cell.
  const int ux2 = 2 * CellX(state.cell[state.active]) + 1;
  const int uy2 = 2 * CellY(state.cell[state.active]) + 1;
  for (int y = 0; y + kSmokeSize <= height_; ++y) {
    for (int x = 0; x + kSmokeSize <= width_; ++x) {
      const int dx = 2 * x + kSmokeSize - ux2, dy = 2 * y + kSmokeSize - uy2;
      if (dx * dx + dy * dy <= 4 * kSmokeRange * kSmokeRange) {
        actions.push_back(static_cast<Action>(CellIndex(x, y)));
      }
    }
  }
}

void BrickactionGame::LegalActions(const State& state, Player player, ActionList& actions) const {
  actions.clear();
  if (Kind(state) != NodeKind::kDecision || player != CurrentPlayer(state)) return;
  switch (state.phase) {
    case kSelect:
      for (int u = 0; u < num_units(); ++u) {
        if (UnitCanAct(state, u)) actions.push_back(kSelectBase + static_cast<Action>(u));
      }
      actions.push_back(kEndTurn);
      break;
    case kAction:
      UnitActions(state, state.active, actions);
      break;
    case kDest:
      Destinations(state, state.active, actions);
      break;
    case kTarget:
      TargetActions(state, state.active, actions);
      DropSingleUse(state, state.active, actions);
      break;
    case kHold:
      HoldActions(state, state.active, actions);
      break;
    case kProneReact:
      actions.push_back(kStand);
      actions.push_back(kGoProne);
      break;
    case kReactive:
      ReactiveActions(state, actions);
      break;
    case kRemove:
      RemoveActions(state, actions);
      break;
    case kRepeat:
      actions.push_back(kStop);
      actions.push_back(kRepeatCombat);
      break;
    case kHoldMove:
      Destinations(state, state.sub, actions);
      actions.push_back(kStay);
      break;
    case kReactMove:
      ReactMoveActions(state, actions);
      break;
    case kChooseFirst:
      actions.push_back(kGoFirst);
      actions.push_back(kGoSecond);
      break;
    case kFacing:
    case kTurret:
      FacingActions(state, actions);
      break;
    case kSmokeTarget:
      SmokeActions(state, actions);
      break;
    default:
      break;
  }
}

void BrickactionGame::ChanceOutcomes(const State& state, ChanceList& outcomes) const {
  outcomes.clear();
  if (state.phase == kRollOff) {  // each player wins it with 1/2 (ties are rolled again)
    outcomes.push_back({kOutcomeBase, Probability(1, 2)});
    outcomes.push_back({kOutcomeBase + 1, Probability(1, 2)});
    return;
  }
  for (const ChanceOutcome& o : RollAt(state).outcomes) outcomes.push_back(o);
}

// ---------------------------------------------------------------------------- transitions

void BrickactionGame::StartTurn(State& state) const {
  state.left = static_cast<uint8_t>(ActionsPerTurn(state, state.player));
  for (int u = 0; u < num_units(); ++u) {
    state.acted[u] = 0;
    state.reacted[u] = 0;
    state.bonus[u] &= kBonusCountMask;
    // Damage "in one turn" counts from here.
    state.damage[u] &= static_cast<uint8_t>(~kDamagedBit);
    if (units_[u].side != state.player) continue;
    // Disabled: no attack in its owner's next turn.
    const bool disabled = state.damage[u] & kDisabledBit;
    state.damage[u] &= static_cast<uint8_t>(~kDisabledBit);
    // Its holds end with the opponent's turn; its hold attack bars attacks this turn.
    state.hold[u] = 0;
    uint8_t& f = state.flags[u];
    const bool fired = f & kHoldFiredBit;
    f &= static_cast<uint8_t>(~(kAttackedBit | kHoldFiredBit | kBarredBit | kToggledBit));
    if (fired || disabled) f |= kBarredBit;
  }
  state.stage = kStageRally;
  state.cursor = 0;
  Continue(state);
}

void BrickactionGame::EndTurn(State& state) const {
  // A turn of the game is the first player's turn, then the other's.
  const bool second = state.player != state.first;
  if (second && state.turn >= turns_) {
    state.phase = kOver;
    return;
  }
  if (second) ++state.turn;
  state.player = 1 - state.player;
  StartTurn(state);
}

void BrickactionGame::EndAction(State& state) const {
  const int u = state.active;
  if (u != kNone && !IsVehicle(u) && (state.bonus[u] & kSplitBits) && NextSplitHalf(state, u)) {
    return;
  }
  state.stage = kStageNone;
  state.active = kNone;
  state.target = kNone;
  state.weapon = kRepeaters;
  state.cursor = 0;
  state.from = kNoCell;
  state.run_over = 0;          // a game decided amid a hold move's roadkill
  if (state.smoke_age == 2) {  // the screen's one action is over
    state.smoke = kNoCell;
    state.smoke_by = kNone;
    state.smoke_age = 0;
  }
  if (victory_ == kFlagVictory) PickUpFlag(state);
  if (DecidedEarly(state)) {
    state.phase = kOver;
    return;
  }
  if (state.left == 0) {
    // A commander's bonus action may follow.
    bool bonus = false;
    for (int u = 0; u < num_units() && !bonus; ++u) {
      bonus = IsAlive(state, u) && units_[u].side == state.player && BonusCommander(state, u) >= 0;
    }
    if (!bonus) {
      EndTurn(state);
      return;
    }
  }
  state.phase = kSelect;
}

bool BrickactionGame::NextSplitHalf(State& state, int u) const {
  // The commando's split: one half done, the next follows while the squad can make it (the
  // holds and reactive fire may have taken that away, or its commando: then the bits are
  // gone). What follows: after a half move, the attack or the second half move; after the
  // first of two attacks, the second.
  const uint8_t bits = state.bonus[u] & kSplitBits;
  const bool twice = bits & kSplitTwiceBit;
  const uint8_t next = (bits & kSplitMoveBit) && !twice ? (bits & kSplitAttackBit)
                       : twice                          ? (bits & ~kSplitTwiceBit)
                                                        : 0;
  const uint8_t single_use = twice ? state.bonus[u] & kSplitSingleUseBit : 0;
  state.bonus[u] &= static_cast<uint8_t>(~(kSplitBits | kSplitSingleUseBit));
  PickUpFlag(state);  // a half move may have ended on the flag
  if (next == 0 || DecidedEarly(state) || !IsAlive(state, u) || (state.flags[u] & kSuppressedBit)) {
    return false;
  }
  state.bonus[u] |= static_cast<uint8_t>(next | single_use);
  state.stage = kStageNone;
  state.target = kNone;
  state.weapon = kRepeaters;
  state.cursor = 0;
  state.from = kNoCell;
  if (next == kSplitMoveBit) {
    state.phase = kDest;  // Reachable gives half a move there
    if (Reachable(state, u).Count() > 1) return true;
  } else if (!(state.flags[u] & kBarredBit)) {
    ActionList targets;
    TargetActions(state, u, targets);
    DropSingleUse(state, u, targets);
    if (!targets.empty()) {
      state.flags[u] |= kAttackedBit;
      state.phase = kTarget;
      return true;
    }
  }
  state.bonus[u] &= static_cast<uint8_t>(~(kSplitBits | kSplitSingleUseBit));
  return false;
}

void BrickactionGame::SpendAction(State& state, int u) const {
  if (state.left > 0) {
    --state.left;
  } else {
    const int c = BonusCommander(state, u);
    state.bonus[c] = static_cast<uint8_t>((state.bonus[c] - 1) | kBonusUsedBit);
  }
  ++state.acted[u];
  if (state.smoke_age == 1) state.smoke_age = 2;  // a standing screen lasts this action
}

// Runs the current action's stage until a node needs a decision or a roll.
void BrickactionGame::Continue(State& state) const {
  const int n = num_units();
  while (true) {
    switch (state.stage) {
      case kStageRally:
        // Every suppressed unit of the player rolls to rally, without spending an action.
        while (state.cursor < n &&
               !(units_[state.cursor].side == state.player && IsAlive(state, state.cursor) &&
                 (state.flags[state.cursor] & kSuppressedBit))) {
          ++state.cursor;
        }
        if (state.cursor < n) {
          const int u = state.cursor++;
          state.sub = static_cast<uint8_t>(u);
          state.roll = static_cast<uint8_t>(RallyPool(RallyModifier(state, u)));
          state.phase = kRally;
          return;
        }
        state.stage = kStageNone;
        state.cursor = 0;
        state.phase = kSelect;
        return;
      case kStageMoveHolds:
      case kStageAttackHolds: {
        if (state.run_over != 0) {  // the roadkill saves of the vehicle's hold move just made
          const int u = std::countr_zero(static_cast<unsigned>(state.run_over));
          state.run_over &= static_cast<uint8_t>(state.run_over - 1);
          StartRoadkill(state, state.cursor - 1, u);
          return;
        }
        const uint8_t trigger = state.stage == kStageAttackHolds ? kHoldOnAttack : 0;
        int h = state.cursor;
        while (h < n && !(state.hold[h] != 0 && (state.hold[h] & 0x0F) == state.active + 1 &&
                          (state.hold[h] & kHoldOnAttack) == trigger && IsAlive(state, h))) {
          ++h;
        }
        if (h < n && IsAlive(state, state.active)) {
          state.cursor = static_cast<uint8_t>(h + 1);
          const bool moves = state.hold[h] & kHoldMoves;
          state.hold[h] = 0;  // used up
          if (moves) {
            state.sub = static_cast<uint8_t>(h);
            state.phase = kHoldMove;
            return;
          }
          if (CanHoldFire(state, h, state.active)) {
            state.flags[h] |= kHoldFiredBit;
            StartFire(state, h, state.active, kHoldFire);
            return;
          }
          continue;  // out of reach: the hold is spent without effect
        }
        state.cursor = 0;
        state.stage = state.stage == kStageAttackHolds ? kStageAttack : kStageReactive;
        continue;
      }
      case kStageAttack: {
        const int a = state.active, t = state.target;
        const bool armour = IsVehicle(a) || IsVehicle(t);
        const bool close = state.weapon == kCloseCombat && !armour;
        const bool possible = IsAlive(state, a) && IsAlive(state, t) &&
                              !(state.flags[a] & kSuppressedBit) &&
                              (armour  ? WeaponDice(state, a, t, state.weapon) > 0
                               : close ? Adjacent(state, a, t)
                                       : CanFireAt(state, a, t));
        if (!possible) {  // the holds took it away: the action is spent
          EndAction(state);
          return;
        }
        if (state.phase != kProneReact && !close && !IsVehicle(t) &&
            !(state.flags[t] & kProneBit) && (state.specialists[t] & kOfficer)) {
          state.phase = kProneReact;
          return;
        }
        state.stage = kStageDone;
        if (close) {
          state.att = static_cast<uint8_t>(a);
          state.tgt = static_cast<uint8_t>(t);
          state.mode = kClose;
          state.lost_a = state.lost_t = 0;
          StartClose(state);
        } else {
          StartFire(state, a, t, kFire);
        }
        return;
      }
      case kStageReactive: {
        state.stage = kStageDone;
        if (IsAlive(state, state.active)) {
          for (int r = 0; r < n; ++r) {
            if (units_[r].side != state.player && CanReactiveFire(state, r, state.active)) {
              state.phase = kReactive;
              return;
            }
          }
        }
        EndAction(state);
        return;
      }
      case kStageRoadkill: {
        // Every enemy squad on the straight line the vehicle drove rolls one save.
        const unsigned left = RunOver(state, state.active, state.from) >> state.cursor;
        if (left != 0 && IsAlive(state, state.active)) {
          const int u = state.cursor + std::countr_zero(left);
          state.cursor = static_cast<uint8_t>(u + 1);
          StartRoadkill(state, state.active, u);
          return;
        }
        // Then the holds naming it and reactive fire, as after a squad's move.
        state.cursor = 0;
        state.stage = kStageMoveHolds;
        continue;
      }
      case kStageDone:
      default:
        EndAction(state);
        return;
    }
  }
}

void BrickactionGame::StartFire(State& state, int att, int tgt, Mode mode) const {
  // A split's attack notes when it fires a single-use weapon (one an action).
  auto single_use_left = [&] {
    return state.rockets[att] + state.rifle_grenades[att] +
           ((state.flags[att] & kGrenadeBit) ? 1 : 0);
  };
  const bool split = mode == kFire && SplitAttack(state, att);
  const int single_use = single_use_left();
  state.att = static_cast<uint8_t>(att);
  state.tgt = static_cast<uint8_t>(tgt);
  state.mode = mode;
  state.lost_a = state.lost_t = 0;
  int dice = 1;
  int plus = 0;  // +1s to different attack dice
  const uint8_t between = Between(state.cell[att], state.cell[tgt]);
  if (IsVehicle(att) || IsVehicle(tgt)) {
    // A declared attack's weapon, or the one a reaction fires; reactive fire rolls one die of
    // it, no modifiers.
    const int weapon = mode == kFire ? state.weapon : ArmourReactionWeapon(state, att, tgt, mode);
    dice = mode == kReactFire ? 1 : WeaponDice(state, att, tgt, weapon);
    if (weapon == kWithGrenade) state.flags[att] &= static_cast<uint8_t>(~kGrenadeBit);
    if (weapon == kWithRocket) --state.rockets[att];
    if (weapon == kWithRifleGrenade) --state.rifle_grenades[att];
    if (IsVehicle(att) && units_[att].turret) {
      // The free turn of at most 45 degrees toward the target.
      const Cell at{CellX(state.cell[att]), CellY(state.cell[att])};
      const Cell other{CellX(state.cell[tgt]), CellY(state.cell[tgt])};
      const Facing turret = TurretFacing(state, att);
      if (!InFireArc(at, turret, 1, other)) {
        const Facing turned =
            InFireArc(at, Turned(turret, 1), 1, other) ? Turned(turret, 1) : Turned(turret, -1);
        state.facing[att] =
            static_cast<uint8_t>((state.facing[att] & 0x0F) | (static_cast<int>(turned) << 4));
      }
    }
    if (IsVehicle(tgt) && (IsVehicle(att) || weapon == kCloseCombat)) {
      // The armour table: the dice's total against the threshold for the target's class.
      state.roll = static_cast<uint8_t>(ArmourPool(dice, Threshold(att, tgt)));
      state.phase = kArmourRoll;
      return;
    }
    // A vehicle's weapon against a squad, or a squad's grenade or rocket against a vehicle:
    // natural 6s and other 4+; the veteran's +1 for the squad and high ground's (not in soft
    // cover).
    plus = (!IsVehicle(att) && state.specialists[att] != 0 ? 1 : 0) +
           ((between & kHighGround) ? 1 : 0);
    if ((between & kSoftCover) || mode == kReactFire) plus = 0;
    // A squad firing out of a building: its weapon's dice beyond the model's one are modifiers.
    if (!IsVehicle(att)) LimitModifiers(state.cell[att], state.cell[tgt], 1, &dice, &plus);
  } else if (mode != kReactFire) {  // reactive fire: one die, no modifiers
    const bool grenade = mode == kFire && state.weapon == kWithGrenade;
    dice = AttackDice(state, att, state.cell[tgt], grenade);
    // Thrown only when still in its range (a hold move may have taken the target away).
    if (grenade && Distance2(state.cell[att], state.cell[tgt]) <= kGrenadeRange * kGrenadeRange) {
      state.flags[att] &= static_cast<uint8_t>(~kGrenadeBit);
    }
    // A rocket likewise: +2 dice within 4 cells, +1 within 12, used up when fired.
    const int d2 = Distance2(state.cell[att], state.cell[tgt]);
    if (mode == kFire && state.weapon == kWithRocket && d2 <= kRocketRange * kRocketRange) {
      dice += d2 <= kRocketNear * kRocketNear ? 2 : 1;
      --state.rockets[att];
    }
    // A rifle grenade likewise: +1 die within 10 cells.
    if (mode == kFire && state.weapon == kWithRifleGrenade &&
        d2 <= kRifleGrenadeFull * kRifleGrenadeFull) {
      ++dice;
      --state.rifle_grenades[att];
    }
    // The veteran's +1 to one die, high ground's to another; soft cover negates the
    // attacker's +1s.
    plus = (state.specialists[att] != 0 ? 1 : 0) + ((between & kHighGround) ? 1 : 0);
    if (between & kSoftCover) plus = 0;
    // Firing out of a building: at most 2 modifiers per window on that side, beyond the
    // squad's own dice (1 d6 per mini that rolls, a spotter without a rifle does not, up to
    // 3; heavy support's crew up to 2).
    LimitModifiers(state.cell[att], state.cell[tgt], BaseDice(att, ArmedMinis(state, att)), &dice,
                   &plus);
  }
  if (split) {
    dice = std::min(dice, kSplitDice);
    if (single_use_left() < single_use) state.bonus[att] |= kSplitSingleUseBit;
  }
  state.roll = static_cast<uint8_t>(AttackPool(dice, plus));
  state.phase = kAttackRoll;
}

void BrickactionGame::StartClose(State& state) const {
  state.side = 0;
  const int a = state.att;
  state.roll = static_cast<uint8_t>(ClosePool(CloseDice(state, a), CloseModifier(state, a)));
  state.phase = kCcRoll;
}

int BrickactionGame::SaveModifier(const State& state, int att, int tgt, int* die_bonuses) const {
  const uint8_t cover = Between(state.cell[att], state.cell[tgt]);
  int modifier = (cover & kHardCover) ? 1 : 0;
  if (state.flags[tgt] & kProneBit) ++modifier;  // prone in the open or soft cover
  // An armour penetrator against a wall: the target gets +1 to save.
  if (IsVehicle(att) && IsArmourPenetrator(units_[att].vehicle_weapon) && (cover & kHardCover)) {
    ++modifier;
  }
  modifier = std::min(modifier, kMaxSaveBonus);
  // A tree is hard cover for one mini, the medic +1 to one die: each +1 to a different save
  // die, within the cap.
  *die_bonuses = 0;
  if (modifier < kMaxSaveBonus) {
    // A corner is hard cover for 2 minis: +1 to two dice.
    *die_bonuses = ((cover & kTreeCover) ? 1 : 0) + ((state.specialists[tgt] & kMedic) ? 1 : 0) +
                   (CornerCover(state.cell[att], state.cell[tgt]) ? 2 : 0);
  }
  return modifier;
}

void BrickactionGame::StartSaves(State& state, int dice, int target, int modifier, int die_bonus,
                                 bool natural) const {
  state.saves = static_cast<uint8_t>(dice);
  state.roll = static_cast<uint8_t>(SavePool(dice, target, modifier, die_bonus, natural));
  state.phase = kSaveRoll;
}

uint8_t BrickactionGame::RunOver(const State& state, int v, int from) const {
  const Cell start{CellX(from), CellY(from)};
  const Cell end{CellX(state.cell[v]), CellY(state.cell[v])};
  uint8_t squads = 0;
  for (int u = 0; u < num_units(); ++u) {
    if (IsAlive(state, u) && !IsVehicle(u) && units_[u].side != units_[v].side &&
        SegmentCrossesCell(start, end, {CellX(state.cell[u]), CellY(state.cell[u])})) {
      squads |= static_cast<uint8_t>(1u << u);
    }
  }
  return squads;
}

void BrickactionGame::StartRoadkill(State& state, int v, int u) const {
  // One save, 4+ with no modifiers, or a mini lost.
  state.att = static_cast<uint8_t>(v);
  state.tgt = static_cast<uint8_t>(u);
  state.mode = kRoadkill;
  state.lost_a = state.lost_t = 0;
  StartSaves(state, 1, kSaveTarget, 0, 0, false);
}

void BrickactionGame::RemoveMinis(State& state, int u, int count, uint8_t lost) const {
  const int minis = Minis(state, u);
  count = std::min(count, minis);
  if (count == 0) return;
  (u == state.att ? state.lost_a : state.lost_t) += static_cast<uint8_t>(count);
  state.kills[1 - units_[u].side] += static_cast<uint8_t>(count);
  if (count == minis) {
    if (victory_ == kFlagVictory) DropFlag(state, u);
    state.spot = state.cell[u];
    DropWeapons(state, u);
    state.cell[u] = kNoCell;
    state.regulars[u] = 0;
    state.specialists[u] = 0;
    state.flags[u] = 0;
    state.rockets[u] = 0;
    state.rifle_grenades[u] = 0;
    state.smokes[u] = 0;
    state.bonus[u] = 0;
    state.reacted[u] = 0;
    state.acted[u] = 0;
    state.hold[u] = 0;
    state.full_cover &= static_cast<uint16_t>(~(1 << u));
    StandDownHoldsOn(state, u);
    return;
  }
  state.specialists[u] &= static_cast<uint8_t>(~lost);
  // Its bonus actions (a commando's specials) leave with the commander, and the rest of a
  // split; a split's attack already declared keeps its cap.
  if (lost & kOfficer) {
    state.bonus[u] =
        SplitAttack(state, u) ? state.bonus[u] & (kSplitAttackBit | kSplitSingleUseBit) : 0;
  }
  state.regulars[u] -= static_cast<uint8_t>(count - std::popcount(static_cast<unsigned>(lost)));
}

void BrickactionGame::StandDownHoldsOn(State& state, int u) const {
  for (int v = 0; v < num_units(); ++v) {
    if ((state.hold[v] & 0x0F) == u + 1) state.hold[v] = 0;
  }
}

void BrickactionGame::DamageVehicle(State& state, int u, int count) const {
  if (count == 0 || !IsAlive(state, u)) return;
  const int damage = Damage(state, u) + count;
  if (damage >= Capacity(u)) {  // destroyed at capacity
    BailOut(state, u);
    state.cell[u] = kNoCell;
    state.flags[u] = state.acted[u] = state.hold[u] = 0;
    state.damage[u] = state.facing[u] = 0;
    StandDownHoldsOn(state, u);
    return;
  }
  // Disabled: 2 or more damage in one turn.
  uint8_t bits = state.damage[u] & static_cast<uint8_t>(~kDamageMask);
  if ((bits & kDamagedBit) || count >= 2) bits |= kDisabledBit;
  bits |= kDamagedBit;
  state.damage[u] = static_cast<uint8_t>(damage | bits);
}

// Removes the pending casualties of the target, then of the attacker; the owner chooses
// which specialists die only when there is a choice.
void BrickactionGame::NextRemoval(State& state) const {
  for (int who = 0; who < 2; ++who) {
    const int u = who == 0 ? state.tgt : state.att;
    uint8_t& pending = who == 0 ? state.cas_t : state.cas_a;
    if (pending == 0) continue;
    if (IsVehicle(u)) {  // damage instead of casualties
      DamageVehicle(state, u, pending);
      pending = 0;
      continue;
    }
    if (!IsAlive(state, u) || pending >= Minis(state, u) || state.specialists[u] == 0) {
      RemoveMinis(state, u, pending, 0);
      pending = 0;
      continue;
    }
    state.subject = static_cast<uint8_t>(u);
    ActionList options;
    RemoveActions(state, options);
    if (options.size() == 1) {
      RemoveMinis(state, u, pending, static_cast<uint8_t>(options[0] - kLoseBase));
      pending = 0;
      state.subject = kNone;
      continue;
    }
    state.phase = kRemove;
    return;
  }
  state.subject = kNone;
  AfterRemovals(state);
}

void BrickactionGame::AfterRemovals(State& state) const {
  if (state.mode == kClose && IsAlive(state, state.att) && IsAlive(state, state.tgt) &&
      state.a_sum != state.b_sum) {
    state.phase = kRepeat;
    return;
  }
  FinishResolution(state);
}

void BrickactionGame::FinishResolution(State& state) const {
  const int a = state.att, t = state.tgt;
  // Two or more minis lost in one action: suppressed, and its hold is negated.
  for (int who = 0; who < 2; ++who) {
    const int u = who == 0 ? a : t;
    if ((who == 0 ? state.lost_a : state.lost_t) >= 2 && IsAlive(state, u)) {
      state.flags[u] |= kSuppressedBit;
      state.hold[u] = 0;
    }
  }
  // Reactive movement: a squad that destroys a squad (not a vehicle; vehicles make none).
  int destroyer = -1;
  if (!IsVehicle(a) && !IsVehicle(t)) {
    if (!IsAlive(state, t) && IsAlive(state, a)) destroyer = a;
    if (!IsAlive(state, a) && IsAlive(state, t)) destroyer = t;
  }
  state.mode = kNoMode;
  state.att = state.tgt = kNone;
  state.side = state.saves = 0;
  state.cas_a = state.cas_t = state.lost_a = state.lost_t = 0;
  state.a_sum = state.a_six = state.a_one = state.b_sum = state.b_six = state.b_one = 0;
  state.roll = 0;
  if (DecidedEarly(state)) {
    state.spot = kNoCell;
    EndAction(state);  // clears the action and ends the game
    return;
  }
  if (destroyer >= 0 && !(state.flags[destroyer] & kSuppressedBit)) {
    state.sub = static_cast<uint8_t>(destroyer);
    ActionList moves;
    ReactMoveActions(state, moves);
    if (moves.size() > 1) {
      state.phase = kReactMove;
      return;
    }
    state.sub = kNone;
  }
  state.spot = kNoCell;
  Continue(state);
}

void BrickactionGame::Apply(State& state, Action action) const {
  const int value = static_cast<int>(action) - static_cast<int>(kOutcomeBase);
  switch (state.phase) {
    case kSelect:
      if (action == kEndTurn) {
        EndTurn(state);
        return;
      }
      state.active = static_cast<uint8_t>(action - kSelectBase);
      state.phase = kAction;
      return;
    case kAction: {
      const int u = state.active;
      if (action >= kPickUpBase) {  // free: the squad still takes its action
        PickUp(state, u, static_cast<int>(action - kPickUpBase));
        return;
      }
      if (action >= kEmbarkBase) {
        Embark(state, u, static_cast<int>(action - kEmbarkBase));
        return;
      }
      const int kind = static_cast<int>(action - kActionBase);
      if (kind == kDismountAction) {  // one of the vehicle's actions and of its squad's
        SpendAction(state, u);
        ++state.acted[state.cargo[u] - 1];
        state.weapon = kDismountMove;
        state.phase = kDest;
        return;
      }
      if (kind == kProne || kind == kRise) {
        state.flags[u] ^= kProneBit;
        if ((state.specialists[u] & kOfficer) && !(state.flags[u] & kToggledBit)) {
          state.flags[u] |= kToggledBit;  // the officer's free go / rise
        } else {
          SpendAction(state, u);
        }
        EndAction(state);
        return;
      }
      SpendAction(state, u);
      if (kind == kActivate) {  // taken, or taken back; all the attacker's: it wins at once
        state.captured ^= static_cast<uint8_t>(1u << ObjectiveAt(state.cell[u]));
        EndAction(state);
        return;
      }
      if (kind == kMove || kind == kMoveHide || kind == kDashAction || kind == kSplitAction ||
          kind == kSplitMoves) {
        if (kind == kDashAction) {
          --state.bonus[u];
          state.weapon = kDashMove;
        } else if (kind == kSplitAction) {
          state.bonus[u] =
              static_cast<uint8_t>((state.bonus[u] - 1) | kSplitMoveBit | kSplitAttackBit);
        } else if (kind == kSplitMoves) {
          state.bonus[u] =
              static_cast<uint8_t>((state.bonus[u] - 1) | kSplitMoveBit | kSplitTwiceBit);
        } else if (kind == kMoveHide) {
          state.weapon = kHideMove;
        }
        state.phase = kDest;
      } else if (kind == kSplitAttacks) {
        state.bonus[u] =
            static_cast<uint8_t>((state.bonus[u] - 1) | kSplitAttackBit | kSplitTwiceBit);
        state.flags[u] |= kAttackedBit;
        state.phase = kTarget;
      } else if (kind == kAttack) {
        state.flags[u] |= kAttackedBit;
        state.phase = kTarget;
      } else if (kind == kHoldAction) {
        state.phase = kHold;
      } else if (kind == kTurretAction) {
        state.phase = kTurret;
      } else if (kind == kSmokeAction) {
        state.phase = kSmokeTarget;
      } else if (kind == kHide || kind == kPeek) {
        state.full_cover ^= static_cast<uint16_t>(1 << u);
        EndAction(state);
      } else {  // rally: one more attempt
        state.sub = static_cast<uint8_t>(u);
        state.stage = kStageDone;
        state.roll = static_cast<uint8_t>(RallyPool(RallyModifier(state, u)));
        state.phase = kRally;
      }
      return;
    }
    case kDest: {
      if (state.weapon == kDismountMove) {
        state.weapon = kRepeaters;
        Dismount(state, static_cast<int>(action));
        return;
      }
      // A dash's mark has chosen its destinations; `move hide` declares full cover on arrival.
      const bool hide = state.weapon == kHideMove;
      state.weapon = kRepeaters;
      state.from = state.cell[state.active];
      state.cell[state.active] = static_cast<uint16_t>(action);
      state.full_cover &= static_cast<uint16_t>(~(1 << state.active));  // left its corner
      if (hide) state.full_cover |= static_cast<uint16_t>(1 << state.active);
      if (IsVehicle(state.active)) {
        state.phase = kFacing;
        return;
      }
      state.stage = kStageMoveHolds;
      state.cursor = 0;
      Continue(state);
      return;
    }
    case kTarget: {
      const int code = static_cast<int>(action - kTargetBase);
      state.target = static_cast<uint8_t>(code / kWeaponSlots);
      state.weapon = static_cast<uint8_t>(code % kWeaponSlots);
      state.stage = kStageAttackHolds;
      state.cursor = 0;
      Continue(state);
      return;
    }
    case kHold: {
      const int code = static_cast<int>(action - kHoldBase);
      state.hold[state.active] = static_cast<uint8_t>(
          (code / 4 + 1) | ((code & 2) ? kHoldOnAttack : 0) | ((code & 1) ? kHoldMoves : 0));
      EndAction(state);
      return;
    }
    case kFacing: {
      uint8_t& f = state.facing[state.active];
      f = static_cast<uint8_t>((f & 0xF0) | (action - kFaceBase));
      state.stage = kStageRoadkill;
      state.cursor = 0;
      Continue(state);
      return;
    }
    case kTurret: {
      uint8_t& f = state.facing[state.active];
      f = static_cast<uint8_t>((f & 0x0F) | ((action - kFaceBase) << 4));
      EndAction(state);
      return;
    }
    case kSmokeTarget:
      // A new screen replaces a standing one; it lasts until the next action spent ends.
      --state.smokes[state.active];
      state.smoke = static_cast<uint16_t>(action);
      state.smoke_by = state.active;
      state.smoke_age = 1;
      EndAction(state);
      return;
    case kProneReact:
      if (action == kGoProne) state.flags[state.target] |= kProneBit;
      Continue(state);  // stage kStageAttack: the attack, unless now in total cover
      return;
    case kReactive: {
      if (action == kNoReaction) {
        EndAction(state);
        return;
      }
      const int r = static_cast<int>(action - kReactBase);
      if (ReactiveLimit(state, r) != kNone) ++state.reacted[r];  // counted where it is limited
      StartFire(state, r, state.active, kReactFire);
      return;
    }
    case kRemove: {
      const int u = state.subject;
      uint8_t& pending = u == state.att ? state.cas_a : state.cas_t;
      RemoveMinis(state, u, pending, static_cast<uint8_t>(action - kLoseBase));
      pending = 0;
      state.subject = kNone;
      NextRemoval(state);
      return;
    }
    case kRepeat:
      if (action == kStop) {
        FinishResolution(state);
        return;
      }
      state.a_sum = state.a_six = state.a_one = state.b_sum = state.b_six = state.b_one = 0;
      StartClose(state);
      return;
    case kHoldMove:
    case kReactMove:
      if (action != kStay && IsVehicle(state.sub)) {
        VehicleHoldMove(state, state.sub, static_cast<int>(action));
      } else if (action != kStay) {
        state.cell[state.sub] = static_cast<uint16_t>(action);
        state.full_cover &= static_cast<uint16_t>(~(1 << state.sub));
      }
      state.sub = kNone;
      state.spot = kNoCell;
      Continue(state);
      return;
    case kRollOff:
      state.player = static_cast<uint8_t>(value);  // the winner chooses
      state.phase = kChooseFirst;
      return;
    case kChooseFirst:
      if (action == kGoSecond) state.player = static_cast<uint8_t>(1 - state.player);
      state.first = state.player;
      StartTurn(state);
      return;
    case kRally:
      if (value == 1) state.flags[state.sub] &= static_cast<uint8_t>(~kSuppressedBit);
      state.sub = kNone;
      state.roll = 0;
      Continue(state);
      return;
    case kArmourRoll: {
      // Every natural 6 is a damage; a total that meets the threshold forces a save (4+, +1
      // against an armour penetrator behind a wall) for one more.
      state.roll = 0;
      state.cas_t = static_cast<uint8_t>(DicePool::PairFirst(value));
      if (DicePool::PairSecond(value) == 1) {
        const bool ap_wall = IsVehicle(state.att) &&
                             IsArmourPenetrator(units_[state.att].vehicle_weapon) &&
                             (Between(state.cell[state.att], state.cell[state.tgt]) & kHardCover);
        StartSaves(state, 1, kSaveTarget, ap_wall ? 1 : 0, 0, false);
        return;
      }
      NextRemoval(state);
      return;
    }
    case kAttackRoll: {
      const int t = state.tgt;
      int sixes = DicePool::PairFirst(value), fours = DicePool::PairSecond(value);
      if (IsVehicle(t)) {
        // Infantry against armour: natural 6s are damage, other 4+ saved on 5+.
        state.roll = 0;
        state.cas_t = static_cast<uint8_t>(sixes);
        if (fours > 0) {
          StartSaves(state, fours, kVehicleSave, 0, 0, false);
          return;
        }
        NextRemoval(state);
        return;
      }
      const int minis = Minis(state, t);
      int die_bonuses = 0;
      const int modifier = SaveModifier(state, state.att, t, &die_bonuses);
      state.roll = 0;
      // Once a game a squad with a medic rolls to save on a natural 6: it counts as a hit.
      if (sixes > 0 && (state.specialists[t] & kMedic) && !(state.flags[t] & kMedicSixBit)) {
        state.flags[t] |= kMedicSixBit;
        --sixes;
        ++fours;
      }
      if (minis == 1 && sixes == 0 && fours > 0) {
        // Last in squad: one save, 4+ if hit once, 5+ twice, a natural 6 for 3+ hits.
        if (fours >= 3) {
          StartSaves(state, 1, 6, 0, 0, true);
        } else {
          StartSaves(state, 1, kSaveTarget + fours - 1, modifier, std::min(die_bonuses, 1), false);
        }
        return;
      }
      state.cas_t = static_cast<uint8_t>(std::min(sixes, minis));
      const int saves = std::min(fours, minis - state.cas_t);
      if (saves > 0) {
        StartSaves(state, saves, kSaveTarget, modifier, die_bonuses, false);
        return;
      }
      NextRemoval(state);
      return;
    }
    case kSaveRoll: {
      const int failed = state.saves - value;
      state.saves = 0;
      state.roll = 0;
      if (state.mode == kClose && state.side == 0) {
        state.cas_a = static_cast<uint8_t>(state.cas_a + failed);
        if (state.b_one > 0) {
          state.side = 1;
          StartSaves(state, std::min<int>(state.b_one, Minis(state, state.tgt)), kSaveTarget, 0, 0,
                     false);
          return;
        }
      } else {
        state.cas_t = static_cast<uint8_t>(state.cas_t + failed);
      }
      if (state.mode == kClose) {
        // The higher total kills one enemy mini; natural 6s are casualties for both sides.
        state.cas_t =
            static_cast<uint8_t>(state.cas_t + (state.a_sum > state.b_sum ? 1 : 0) + state.a_six);
        state.cas_a =
            static_cast<uint8_t>(state.cas_a + (state.b_sum > state.a_sum ? 1 : 0) + state.b_six);
        state.side = 0;
      }
      NextRemoval(state);
      return;
    }
    case kCcRoll: {
      if (!ApplyCloseRoll(state, value)) return;  // the rest of the side's dice roll next
      if (state.side == 0) {
        state.side = 1;
        const int t = state.tgt;
        state.roll = static_cast<uint8_t>(ClosePool(CloseDice(state, t), CloseModifier(state, t)));
        return;
      }
      state.roll = 0;
      // Natural 1s force saves on the roller's own side (4+, no modifiers).
      if (state.a_one > 0) {
        state.side = 0;
        StartSaves(state, std::min<int>(state.a_one, Minis(state, state.att)), kSaveTarget, 0, 0,
                   false);
        return;
      }
      if (state.b_one > 0) {
        state.side = 1;
        StartSaves(state, std::min<int>(state.b_one, Minis(state, state.tgt)), kSaveTarget, 0, 0,
                   false);
        return;
      }
      state.cas_t = static_cast<uint8_t>((state.a_sum > state.b_sum ? 1 : 0) + state.a_six);
      state.cas_a = static_cast<uint8_t>((state.b_sum > state.a_sum ? 1 : 0) + state.b_six);
      state.side = 0;
      NextRemoval(state);
      return;
    }
    default:
      CHECK(false);
  }
}

std::vector<std::pair<std::string, int>> BrickactionGame::ResultMeasures(
    const State& before, const State& settled) const {
  // Casualties waiting for their owner's choice of who dies count as removed: the choice
  // changes no count (minis lost, squads destroyed or suppressed).
  State after = settled;
  while (after.phase == kRemove) {
    ActionList options;
    RemoveActions(after, options);
    Apply(after, options[0]);
  }
  std::vector<std::pair<std::string, int>> out;
  for (int side = 0; side < 2; ++side) {
    out.emplace_back(absl::StrCat("minis_lost_p", side),
                     after.kills[1 - side] - before.kills[1 - side]);
  }
  for (int side = 0; side < 2; ++side) {
    int destroyed = 0, suppressed = 0;
    for (int u = 0; u < num_units(); ++u) {
      if (units_[u].side != side) continue;
      destroyed += !Destroyed(before, u) && Destroyed(after, u) ? 1 : 0;
      suppressed += IsAlive(after, u) && !(before.flags[u] & kSuppressedBit) &&
                            (after.flags[u] & kSuppressedBit)
                        ? 1
                        : 0;
    }
    out.emplace_back(absl::StrCat("units_destroyed_p", side), destroyed);
    out.emplace_back(absl::StrCat("units_suppressed_p", side), suppressed);
  }
  if (has_vehicles_) {
    // Damage to each side's vehicles (a destroyed vehicle counts its remaining capacity).
    for (int side = 0; side < 2; ++side) {
      int damage = 0;
      for (int u = 0; u < num_units(); ++u) {
        if (units_[u].side != side || !IsVehicle(u) || !IsAlive(before, u)) continue;
        damage += (IsAlive(after, u) ? Damage(after, u) : Capacity(u)) - Damage(before, u);
      }
      out.emplace_back(absl::StrCat("vehicle_damage_p", side), damage);
    }
  }
  return out;
}

}  // namespace sandtable
