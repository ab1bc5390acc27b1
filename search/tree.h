// The statistics of the search: one table of information-set nodes for both players (the
// player is mixed into every key, so each player has its own tree) and an arena of edges.
//
// A node is an (information set of the player to move, player) key with a block of edges,
// one per legal action seen when the node was created, in the ruleset's legal order. A
// visit whose legal action list equals the block ("main visit", the case for any ruleset
// whose legal actions depend only on the mover's information) counts on the node; a visit
// with another list counts on each available edge (`avail_other`), and actions missing
// from the block get an overflow block keyed HashCombine(key, kOverflowSalt + k). So an
// edge's availability (its UCB parent count) is node.visits + edge.avail_other, exactly.
//
// Thread safety: Find, CreateNode and the atomic statistics may be used from any number of
// threads at once; Grow only while no other thread touches the tree.
#ifndef SANDTABLE_SEARCH_TREE_H_
#define SANDTABLE_SEARCH_TREE_H_

#include <atomic>
#include <cstdint>

#include "engine/rng.h"
#include "engine/types.h"

namespace sandtable::search_internal {

inline constexpr uint32_t kNone = UINT32_MAX;
// Values are summed in fixed point so that parallel sums do not depend on their order.
inline constexpr double kValueScale = 1 << 20;
inline constexpr uint64_t kOverflowSalt = 0x6f766572666c6f77ULL;

// The statistics of one action at one node (16 bytes: this is what selection streams
// through). In fast mode a virtual loss is one visit and a value of -1 added at selection
// and corrected at backpropagation.
struct Edge {
  std::atomic<uint32_t> visits{0};
  std::atomic<uint32_t> avail_other{0};  // availability in visits that were not main visits
  std::atomic<int64_t> value{0};         // sum of the mover's values, times kValueScale
};
static_assert(sizeof(Edge) == 16);

// Simultaneous nodes under regret matching / EXP3: cumulative regret or reward estimate,
// and the cumulative current strategy (whose average is the reported policy).
struct BanditStats {
  std::atomic<float> aux{0};
  std::atomic<float> policy_sum{0};
};
static_assert(sizeof(BanditStats) == 8);

// A node's block in the arena: `count` edges, then the `count` actions (4 per edge slot),
// then, for bandit nodes, `count` BanditStats (2 per edge slot).
struct Node {
  std::atomic<uint64_t> key{0};       // 0: empty slot
  std::atomic<uint32_t> visits{0};    // main visits
  std::atomic<uint16_t> count{0};     // edges in the block; 0 until the node is ready
  std::atomic<uint16_t> overflow{0};  // overflow blocks chained to this node
  uint32_t first_edge = 0;
  bool bandit = false;
};
static_assert(sizeof(Node) == 24);

// A thread's share of the tree's growth: where it carves its edge blocks from ([next, end)
// of the global edge index space), node slots it has claimed from the table's count in
// advance (so threads do not write one shared counter per node), and the edges it created.
struct EdgeCursor {
  uint32_t next = 0;
  uint32_t end = 0;
  int64_t node_credits = 0;
  // Written by the owner only; read by the results.
  std::atomic<int64_t> nodes{0};  // blocks created (nodes and their overflow blocks)
  std::atomic<int64_t> edges{0};
};

class SearchTree {
 public:
  // Edge slots per chunk: any block (edges, actions, bandit statistics) fits one.
  static constexpr uint32_t kChunkEdges = 2 * kMaxActions;
  static constexpr int64_t kChunkBytes = int64_t{kChunkEdges} * sizeof(Edge);

  // memory_bytes <= 0: no cap.
  explicit SearchTree(int64_t memory_bytes);
  SearchTree(const SearchTree&) = delete;
  SearchTree& operator=(const SearchTree&) = delete;
  ~SearchTree();

  static uint64_t NodeKey(uint64_t information_set_key, Player player) {
    const uint64_t key = HashCombine(information_set_key, static_cast<uint64_t>(player) + 1);
    return key == 0 ? 1 : key;
  }

  // The slot of the ready node with `key`, or kNone.
  uint32_t Find(uint64_t key) const {
    for (uint64_t i = key & mask_;; i = (i + 1) & mask_) {
      const uint64_t k = nodes_[i].key.load(std::memory_order_acquire);
      if (k == key) return nodes_[i].count.load(std::memory_order_acquire) != 0 ? i : kNone;
      if (k == 0) return kNone;
    }
  }
  Node& node(uint32_t slot) const { return nodes_[slot]; }
  Edge* edges(const Node& node) const { return &edge(node.first_edge); }
  const Action* actions(const Node& node) const {
    return reinterpret_cast<const Action*>(
        &edge(node.first_edge + node.count.load(std::memory_order_relaxed)));
  }
  BanditStats* bandit(const Node& node) const {
    const uint32_t count = node.count.load(std::memory_order_relaxed);
    return reinterpret_cast<BanditStats*>(&edge(node.first_edge + count + (count + 3) / 4));
  }
  Edge& edge(uint32_t index) const { return arena_[index]; }

  enum class Created { kCreated, kExists, kFull };
  // Creates a ready node with one edge per action (and bandit statistics if `bandit`).
  // kExists: a node with this key exists; if another thread is still creating it, waits
  // until it is ready. Either way its slot is returned. kFull: the table or the memory cap
  // refused it (slot kNone).
  Created CreateNode(uint64_t key, const Action* actions, int count, bool bandit,
                     EdgeCursor& cursor, uint32_t* slot);

  // Growth keeps probing short and bytes per node honest; call Grow at a safe point when
  // WantsGrowth() says so.
  bool WantsGrowth() const {
    return node_count_.load(std::memory_order_relaxed) > static_cast<int64_t>((mask_ + 1) / 2) &&
           can_grow_;
  }
  void Grow();

  // Nodes, counting the slots threads have claimed in advance.
  int64_t nodes() const { return node_count_.load(std::memory_order_relaxed); }
  // The node table (empty slots included) and the edge chunks taken (each edge's action and
  // the unused end of the last chunk included).
  int64_t table_bytes() const { return static_cast<int64_t>((mask_ + 1) * sizeof(Node)); }
  int64_t edge_bytes() const {
    return chunks_allocated_.load(std::memory_order_relaxed) * kChunkBytes;
  }
  bool capped() const { return capped_.load(std::memory_order_relaxed); }

 private:
  bool AllocateEdges(int count, EdgeCursor& cursor, uint32_t* first);
  uint32_t WaitUntilReady(uint64_t slot) const;
  bool FitsBudget(int64_t table_slots, int64_t chunks) const;
  // Node tables come from the PagePool, all slots empty.
  static Node* NewTable(uint64_t slots);
  static void FreeTable(Node* table, uint64_t slots);

  // Read by every lookup, written only at construction and by Grow.
  int64_t memory_bytes_;
  Node* nodes_ = nullptr;
  uint64_t mask_ = 0;
  bool can_grow_ = true;
  // Edges live in one reserved range of virtual memory, committed by the kernel as chunks
  // are first touched (with transparent huge pages where available) and reused by the next
  // tree: no copying, no per-chunk allocation, few page faults.
  int64_t max_chunks_ = 0;
  Edge* arena_ = nullptr;
  size_t arena_bytes_ = 0;

  // Written by workers as the tree grows: on their own cache line, so that these writes do
  // not evict the fields above from the other workers' caches.
  alignas(64) std::atomic<int64_t> node_count_{0};  // written once per kNodeCredits nodes
  std::atomic<int64_t> next_chunk_{0};
  std::atomic<int64_t> chunks_allocated_{0};
  std::atomic<bool> capped_{false};
};

}  // namespace sandtable::search_internal

#endif  // SANDTABLE_SEARCH_TREE_H_
