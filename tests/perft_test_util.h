// perft counts recorded from `sandtable perft`, checked in the rulesets' tools tests.
#ifndef SANDTABLE_TESTS_PERFT_TEST_UTIL_H_
#define SANDTABLE_TESTS_PERFT_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "tools/perft.h"
#include "tools/registry.h"

namespace sandtable::perft_test {

// The counts `sandtable perft --depth D` prints (no game ends this early: no terminal
// leaves).
struct Recorded {
  int depth;
  int64_t leaves, decision_nodes, decision_branches, chance_nodes, chance_branches;
  int64_t simultaneous_nodes = 0, joint_branches = 0;
};

// Perft from the start of `ruleset` (a spec such as "brickaction(scenario=vehicles)") gives
// every recorded row, and its leaves carry the whole probability.
inline void ExpectPerft(std::string_view ruleset, const std::vector<Recorded>& rows) {
  const auto game = CreateGame(ruleset);
  ASSERT_TRUE(game.ok()) << game.status();
  const std::unique_ptr<Position> start = (*game)->NewInitialPosition();
  for (const Recorded& e : rows) {
    const PerftCounts counts = Perft(*start, e.depth);
    SCOPED_TRACE(testing::Message() << ruleset << " depth " << e.depth);
    EXPECT_EQ(counts.leaves, e.leaves);
    EXPECT_EQ(counts.terminal_leaves, 0);
    EXPECT_EQ(counts.decision_nodes, e.decision_nodes);
    EXPECT_EQ(counts.decision_branches, e.decision_branches);
    EXPECT_EQ(counts.chance_nodes, e.chance_nodes);
    EXPECT_EQ(counts.chance_branches, e.chance_branches);
    EXPECT_EQ(counts.simultaneous_nodes, e.simultaneous_nodes);
    EXPECT_EQ(counts.joint_branches, e.joint_branches);
    EXPECT_TRUE(counts.leaf_mass.IsOne());
  }
}

}  // namespace sandtable::perft_test

#endif  // SANDTABLE_TESTS_PERFT_TEST_UTIL_H_
