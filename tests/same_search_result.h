// Two search results that must be equal (no peeking, determinism): everything but the timing.
#ifndef SANDTABLE_TESTS_SAME_SEARCH_RESULT_H_
#define SANDTABLE_TESTS_SAME_SEARCH_RESULT_H_

#include <gtest/gtest.h>

#include "search/search_types.h"

namespace sandtable {

inline void ExpectSameResult(const SearchResult& a, const SearchResult& b) {
  EXPECT_EQ(a.best_action, b.best_action);
  EXPECT_EQ(a.best_action_text, b.best_action_text);
  EXPECT_EQ(a.principal_variation, b.principal_variation);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(a.tree_nodes, b.tree_nodes);
  EXPECT_EQ(a.tree_edges, b.tree_edges);
  EXPECT_EQ(a.belief, b.belief);
  ASSERT_EQ(a.actions.size(), b.actions.size());
  for (size_t i = 0; i < a.actions.size(); ++i) {
    const RootActionStats& x = a.actions[i];
    const RootActionStats& y = b.actions[i];
    EXPECT_EQ(x.action, y.action) << i;
    EXPECT_EQ(x.visits, y.visits) << x.text;
    EXPECT_EQ(x.mean_value, y.mean_value) << x.text;
    EXPECT_EQ(x.policy, y.policy) << x.text;
    EXPECT_EQ(x.principal_variation, y.principal_variation) << x.text;
  }
}

}  // namespace sandtable

#endif  // SANDTABLE_TESTS_SAME_SEARCH_RESULT_H_
