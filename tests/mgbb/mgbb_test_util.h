// Helpers shared by mgbb's tests.
#ifndef SANDTABLE_TESTS_MGBB_MGBB_TEST_UTIL_H_
#define SANDTABLE_TESTS_MGBB_MGBB_TEST_UTIL_H_

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "gtest/gtest.h"
#include "rulesets/mgbb/mgbb.h"

namespace sandtable::mgbb_test {

// A 10 x 10 table: `map` gives its rows ('.' open, 't' terrain, '*' the polling station).
inline std::shared_ptr<const MgbbGame> GameOnMap(std::string_view map, std::string_view units) {
  const std::string text =
      "ruleset mgbb\nlegend . open\nlegend t terrain\nlegend * objective\nmap\n" +
      std::string(map) + "end\n" + std::string(units);
  absl::StatusOr<std::shared_ptr<const MgbbGame>> game = MgbbGame::CreateFromStrings({}, text);
  EXPECT_TRUE(game.ok()) << game.status();
  return game.ok() ? *game : nullptr;
}

// Open ground, the polling station on 9,9.
inline constexpr std::string_view kOpenMap =
    "..........\n..........\n..........\n..........\n..........\n"
    "..........\n..........\n..........\n..........\n.........*\n";

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
