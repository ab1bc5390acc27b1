// A fast-mode worker's updates to the statistics of the busiest nodes, kept privately and
// added to the shared tree every few iterations.
//
// With several workers, every iteration passes through the root and the nodes just below
// it: had each visit written their shared counters, the cache lines holding them would
// move between the cores on every visit, which for iterations of a microsecond or less
// costs more than the iteration itself. A worker instead counts its visits to a node with
// at least kHotVisits main visits here, selects there with the shared statistics plus its
// own pending ones (so it sees all of its own visits at once, like a virtual loss would
// show them), and flushes between iterations (see FlushInterval). Other workers see these
// visits some iterations late, which at a node with that many visits changes little.
#ifndef SANDTABLE_SEARCH_PENDING_UPDATES_H_
#define SANDTABLE_SEARCH_PENDING_UPDATES_H_

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "engine/fixed_vector.h"
#include "search/tree.h"

namespace sandtable::search_internal {

// A worker's not yet shared visits and value of one edge.
struct PendingEdge {
  uint32_t visits;
  int64_t value;  // fixed point, like Edge::value
};

class PendingUpdates {
 public:
  // A node's main visits from which it is kept here.
  static constexpr uint32_t kHotVisits = 64;
  // Iterations between flushes for a worker that has completed `completed` iterations: a
  // sixteenth of them, so that the other workers never miss more than its last 1/16 of
  // the search. Each flush moves the hot cache lines to this core and the other
  // workers' next reads move them back: late in a search, when the visits are many, fewer
  // flushes do (docs/search.md has the figures).
  static int64_t FlushInterval(int64_t completed) {
    return std::clamp<int64_t>(completed / 16, 64, 4096);
  }

  // The pending edges of the node at `slot` (`count` edges from `first_edge`), added on
  // its first visit since the last flush; nullptr when the buffer is full (the visit then
  // updates the shared statistics directly). Valid until Flush.
  PendingEdge* Edges(uint32_t slot, uint32_t first_edge, int count) {
    uint32_t i = (slot * 0x9e3779b1u) >> (32 - kIndexBits);
    for (; index_[i] != 0; i = (i + 1) & (kIndexSize - 1)) {
      const PendingNode& node = nodes_[index_[i] - 1];
      if (node.slot == slot) return &edges_[node.begin];
    }
    if (nodes_.full() || edge_count_ + count > kEdgeCapacity) return nullptr;
    nodes_.push_back(PendingNode{slot, first_edge, static_cast<uint32_t>(edge_count_),
                                 static_cast<uint32_t>(count)});
    index_[i] = static_cast<uint16_t>(nodes_.size());
    PendingEdge* edges = &edges_[edge_count_];
    std::fill(edges, edges + count, PendingEdge{0, 0});
    edge_count_ += count;
    return edges;
  }

  // Adds everything pending to the shared tree and empties the buffer.
  void Flush(SearchTree& tree) {
    if (nodes_.empty()) return;  // always, with one worker: skip clearing the index
    for (const PendingNode& pending : nodes_) {
      uint32_t visits = 0;
      for (uint32_t i = 0; i < pending.count; ++i) {
        const PendingEdge& delta = edges_[pending.begin + i];
        if (delta.visits == 0) continue;
        visits += delta.visits;
        Edge& edge = tree.edge(pending.first_edge + i);
        edge.visits.fetch_add(delta.visits, std::memory_order_relaxed);
        edge.value.fetch_add(delta.value, std::memory_order_relaxed);
      }
      tree.node(pending.slot).visits.fetch_add(visits, std::memory_order_relaxed);
    }
    nodes_.clear();
    edge_count_ = 0;
    std::fill(std::begin(index_), std::end(index_), 0);
  }

 private:
  struct PendingNode {
    uint32_t slot;
    uint32_t first_edge;
    uint32_t begin;  // in edges_
    uint32_t count;
  };
  static constexpr int kEdgeCapacity = 4096;
  static constexpr int kIndexBits = 9;
  static constexpr uint32_t kIndexSize = 1u << kIndexBits;
  FixedVector<PendingNode, kIndexSize / 2> nodes_;  // at most half the index: short probes
  uint16_t index_[kIndexSize] = {};                 // hashed by slot: 1 + the node's entry, or 0
  PendingEdge edges_[kEdgeCapacity];
  int edge_count_ = 0;
};

}  // namespace sandtable::search_internal

#endif  // SANDTABLE_SEARCH_PENDING_UPDATES_H_
