// The tree's memory reuse (PagePool) and a fast-mode worker's pending statistics.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>

#include "search/page_pool.h"
#include "search/pending_updates.h"
#include "search/tree.h"

namespace sandtable::search_internal {
namespace {

TEST(PagePoolTest, AReleasedRegionIsReusedForTheSameSizeOnly) {
  constexpr size_t kBytes = size_t{3} << 20;
  char* region = static_cast<char*>(PagePool::Acquire(kBytes));
  ASSERT_NE(region, nullptr);
  std::memset(region, 0x5a, 4096);
  PagePool::Release(region, kBytes, 4096);

  char* other = static_cast<char*>(PagePool::Acquire(kBytes + 4096));
  ASSERT_NE(other, nullptr);
  EXPECT_NE(other, region);
  char* again = static_cast<char*>(PagePool::Acquire(kBytes));
  EXPECT_EQ(again, region);
  EXPECT_EQ(again[4095], 0x5a);  // kept, not cleared: the caller initializes what it reads
  again[kBytes - 1] = 1;         // the whole region is usable
  PagePool::Release(again, kBytes, kBytes);
  PagePool::Release(other, kBytes + 4096, 0);
}

TEST(PagePoolTest, ATreeBuiltInReusedMemoryStartsEmpty) {
  const Action actions[] = {7, 8, 9};
  for (int round = 0; round < 2; ++round) {
    SearchTree tree(0);
    EdgeCursor cursor;
    const uint64_t key = SearchTree::NodeKey(42, 0);
    EXPECT_EQ(tree.Find(key), kNone) << round;  // the first round's node is gone
    uint32_t slot = kNone;
    ASSERT_EQ(tree.CreateNode(key, actions, 3, false, cursor, &slot),
              SearchTree::Created::kCreated);
    const Node& node = tree.node(slot);
    EXPECT_EQ(node.visits.load(), 0u) << round;
    for (int a = 0; a < 3; ++a) {
      const Edge& edge = tree.edges(node)[a];
      EXPECT_EQ(edge.visits.load(), 0u) << round;
      EXPECT_EQ(edge.value.load(), 0) << round;
      EXPECT_EQ(tree.actions(node)[a], actions[a]);
    }
    // Leave statistics behind for the next round to find (it must not).
    tree.node(slot).visits.store(5);
    tree.edges(node)[1].visits.store(5);
    tree.edges(node)[1].value.store(-5);
  }
}

TEST(PendingUpdatesTest, FlushAddsExactlyWhatWasPending) {
  SearchTree tree(0);
  EdgeCursor cursor;
  const Action actions[] = {1, 2, 3};
  uint32_t slot = kNone;
  tree.CreateNode(SearchTree::NodeKey(1, 0), actions, 3, false, cursor, &slot);
  Node& node = tree.node(slot);
  node.visits.store(100);
  tree.edges(node)[0].visits.store(60);
  tree.edges(node)[0].value.store(600);
  tree.edges(node)[2].visits.store(40);

  auto pending = std::make_unique<PendingUpdates>();
  PendingEdge* edges = pending->Edges(slot, node.first_edge, 3);
  ASSERT_NE(edges, nullptr);
  for (int a = 0; a < 3; ++a) {
    EXPECT_EQ(edges[a].visits, 0u);
    EXPECT_EQ(edges[a].value, 0);
  }
  edges[0].visits += 2;
  edges[0].value -= 30;
  edges[1].visits += 1;
  edges[1].value += 7;
  EXPECT_EQ(pending->Edges(slot, node.first_edge, 3), edges);  // one entry per node
  EXPECT_EQ(tree.edges(node)[0].visits.load(), 60u);           // nothing shared yet

  pending->Flush(tree);
  EXPECT_EQ(node.visits.load(), 103u);
  EXPECT_EQ(tree.edges(node)[0].visits.load(), 62u);
  EXPECT_EQ(tree.edges(node)[0].value.load(), 570);
  EXPECT_EQ(tree.edges(node)[1].visits.load(), 1u);
  EXPECT_EQ(tree.edges(node)[1].value.load(), 7);
  EXPECT_EQ(tree.edges(node)[2].visits.load(), 40u);

  edges = pending->Edges(slot, node.first_edge, 3);  // emptied by the flush
  ASSERT_NE(edges, nullptr);
  EXPECT_EQ(edges[0].visits, 0u);
  pending->Flush(tree);  // nothing pending: nothing changes
  EXPECT_EQ(node.visits.load(), 103u);
}

TEST(PendingUpdatesTest, AFullBufferRefusesMoreNodes) {
  auto pending = std::make_unique<PendingUpdates>();
  int accepted = 0;
  for (uint32_t slot = 0; slot < 100; ++slot) {
    if (pending->Edges(slot, slot * kMaxActions, kMaxActions) == nullptr) break;
    ++accepted;
  }
  EXPECT_GT(accepted, 0);
  EXPECT_LT(accepted, 100);
  EXPECT_EQ(pending->Edges(1000, 0, kMaxActions), nullptr);
  EXPECT_NE(pending->Edges(0, 0, kMaxActions), nullptr);  // a node already there is found
}

}  // namespace
}  // namespace sandtable::search_internal
