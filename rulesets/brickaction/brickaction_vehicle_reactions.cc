// brickaction's reactions with vehicles: reactive fire and hold attacks made by a vehicle or
// at one (the rulings' "enemy unit": a vehicle is a unit), and a vehicle's hold move (its
// roadkill is its Move's). The decisions are in docs/rulesets/brickaction.md ("Reactions
// with vehicles").
#include "rulesets/brickaction/brickaction.h"

namespace sandtable {

int BrickactionGame::ArmourReactionWeapon(const State& state, int u, int t, int mode) const {
  if (IsVehicle(u)) return WeaponDice(state, u, t, kRepeaters) > 0 ? kRepeaters : -1;
  // Infantry hurt armour only with grenades, rifle grenades and rockets. Reactive fire rolls
  // one die whichever it fires, so it spends the cheapest that reaches; a hold attack is a
  // full attack, so it fires the one with the most dice (the first of equals).
  int best = -1, best_dice = 0;
  for (int weapon : {kWithGrenade, kWithRifleGrenade, kWithRocket}) {
    const int dice = WeaponDice(state, u, t, weapon);
    if (dice > best_dice) {
      best = weapon;
      best_dice = dice;
      if (mode == kReactFire) break;
    }
  }
  return best;
}

bool BrickactionGame::CanArmourReact(const State& state, int u, int t, int mode) const {
  // A disabled vehicle may not attack until its owner's next turn is over: it reacts neither.
  if (IsVehicle(u) && (state.damage[u] & kDisabledBit)) return false;
  // Reactive fire reaches a vehicle weapon's full dice (the weapons' reach decides for a
  // squad); a hold attack 4 cells (16 studs).
  const int reach = mode == kHoldFire ? kHoldAttackRange : IsVehicle(u) ? kVehicleRange : 1 << 10;
  return Distance2(state.cell[u], state.cell[t]) <= reach * reach &&
         ArmourReactionWeapon(state, u, t, mode) >= 0;
}

bool BrickactionGame::MayHoldFireAt(const State& state, int u, int t) const {
  // A vehicle's weapon that cannot hurt the named vehicle's class ("-"), or a squad without
  // a weapon that hurts armour, could never fire: only its hold move is offered.
  if (IsVehicle(u)) return !IsVehicle(t) || Threshold(u, t) > 0;
  if (!IsVehicle(t)) return true;
  return (state.flags[u] & kGrenadeBit) || state.rockets[u] > 0 || state.rifle_grenades[u] > 0;
}

void BrickactionGame::VehicleHoldMove(State& state, int v, int to) const {
  // It drives there and faces the way it went (no facing decision inside a reaction).
  const int at = state.cell[v];
  const Facing hull = FacingToward({CellX(at), CellY(at)}, {CellX(to), CellY(to)});
  state.facing[v] = static_cast<uint8_t>((state.facing[v] & 0xF0) | static_cast<int>(hull));
  state.cell[v] = static_cast<uint16_t>(to);
  // Like its Move, it runs over the enemy squads on its path: their saves come before the
  // next hold (the holds loop).
  state.run_over = RunOver(state, v, at);
}

}  // namespace sandtable
