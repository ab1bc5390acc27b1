// Helpers shared by mgbb's tests.
#ifndef SANDTABLE_TESTS_MGBB_MGBB_TEST_UTIL_H_
#define SANDTABLE_TESTS_MGBB_MGBB_TEST_UTIL_H_

#include <algorithm>

#include "rulesets/mgbb/mgbb.h"

namespace sandtable::mgbb_test {

// The legal actions of the player to move.
inline ActionList Legal(const MgbbGame& game, const MgbbGame::State& state) {
  ActionList actions;
  game.LegalActions(state, game.CurrentPlayer(state), actions);
  return actions;
}

inline bool Has(const ActionList& actions, Action action) {
  return std::find(actions.begin(), actions.end(), action) != actions.end();
}

// Unit u activated, its action points unspent, at its kOrder node (its first order).
inline MgbbGame::State Acting(const MgbbGame& game, int u) {
  MgbbGame::State state = game.InitialState();
  state.phase = MgbbGame::kOrder;
  state.player = static_cast<uint8_t>(game.side(u));
  state.initiative = state.player;
  state.active = static_cast<uint8_t>(u);
  state.ap = MgbbGame::kActionPoints;
  state.flags[u] |= MgbbGame::kActivatedBit;
  return state;
}

}  // namespace sandtable::mgbb_test

#endif  // SANDTABLE_TESTS_MGBB_MGBB_TEST_UTIL_H_
