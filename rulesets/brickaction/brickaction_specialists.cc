// brickaction's special officers: the spotter, a sniper squad's officer that rolls no attack
// die without a sniper rifle and lets the squad take a second reactive fire in one enemy
// turn; the commando, whose squad may dash (a move of 24 studs) three times a game.
#include "rulesets/brickaction/brickaction.h"

namespace sandtable {

int BrickactionGame::ArmedMinis(const State& state, int u) const {
  const int minis = Minis(state, u);
  if (!units_[u].spotter || !(state.specialists[u] & kOfficer)) return minis;
  // The rifles go to the others first: the spotter carries one only when every mini can
  // (dropped weapons are picked up at no cost).
  return units_[u].weapons[kSniper] >= minis ? minis : minis - 1;
}

int BrickactionGame::ReactiveLimit(const State& state, int u) const {
  if (units_[u].weapons[kSniper] == 0) return kNone;
  return units_[u].spotter && (state.specialists[u] & kOfficer) ? kSpotterReactions
                                                                : kSniperReactions;
}

bool BrickactionGame::CanDash(const State& state, int u) const {
  // Decision: a standing move (a prone squad crawls), while the commando lives.
  return units_[u].commando && (state.specialists[u] & kOfficer) &&
         (state.bonus[u] & kBonusCountMask) > 0 && !(state.flags[u] & kProneBit);
}

}  // namespace sandtable
