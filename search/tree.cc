#include "search/tree.h"

#include <algorithm>
#include <new>
#include <thread>

#include "engine/check.h"
#include "search/page_pool.h"

namespace sandtable::search_internal {
namespace {

constexpr uint64_t kInitialSlots = 2048;
constexpr int64_t kNodeCredits = 32;
// Without a cap: 16 GiB of address space (reserved, not committed).
constexpr int64_t kUnlimitedChunks = (int64_t{16} << 30) / SearchTree::kChunkBytes;

}  // namespace

uint32_t SearchTree::WaitUntilReady(uint64_t slot) const {
  // Another thread claimed the slot and is filling its block: that takes a moment, unless
  // the thread was preempted.
  for (int spins = 0; nodes_[slot].count.load(std::memory_order_acquire) == 0; ++spins) {
    if (spins > 64) std::this_thread::yield();
  }
  return static_cast<uint32_t>(slot);
}

SearchTree::SearchTree(int64_t memory_bytes) : memory_bytes_(memory_bytes) {
  max_chunks_ = memory_bytes_ > 0 ? std::min(kUnlimitedChunks, memory_bytes_ / kChunkBytes + 1)
                                  : kUnlimitedChunks;
  // A strict overcommit policy may refuse a large reservation: settle for less (the arena
  // then caps the tree like a memory limit would).
  while (true) {
    arena_bytes_ = static_cast<size_t>(max_chunks_ * kChunkBytes);
    arena_ = static_cast<Edge*>(PagePool::Acquire(arena_bytes_));
    if (arena_ != nullptr || max_chunks_ <= 1) break;
    max_chunks_ /= 2;
  }
  CHECK(arena_ != nullptr);
  uint64_t slots = kInitialSlots;
  // A tiny cap gets a smaller table so that something fits.
  while (slots > 64 && !FitsBudget(static_cast<int64_t>(slots), 1)) slots /= 2;
  nodes_ = NewTable(slots);
  mask_ = slots - 1;
}

SearchTree::~SearchTree() {
  FreeTable(nodes_, mask_ + 1);
  const int64_t chunks = std::min(next_chunk_.load(), max_chunks_);
  PagePool::Release(arena_, arena_bytes_, static_cast<size_t>(chunks * kChunkBytes));
}

Node* SearchTree::NewTable(uint64_t slots) {
  Node* table = static_cast<Node*>(PagePool::Acquire(slots * sizeof(Node)));
  CHECK(table != nullptr);
  for (uint64_t i = 0; i < slots; ++i) new (&table[i]) Node;  // a reused table held nodes
  return table;
}

void SearchTree::FreeTable(Node* table, uint64_t slots) {
  PagePool::Release(table, slots * sizeof(Node), slots * sizeof(Node));
}

bool SearchTree::FitsBudget(int64_t table_slots, int64_t chunks) const {
  if (memory_bytes_ <= 0) return true;
  return table_slots * static_cast<int64_t>(sizeof(Node)) + chunks * kChunkBytes <= memory_bytes_;
}

bool SearchTree::AllocateEdges(int count, EdgeCursor& cursor, uint32_t* first) {
  DCHECK(count > 0 && count <= static_cast<int>(kChunkEdges));
  if (cursor.end - cursor.next < static_cast<uint32_t>(count)) {
    const int64_t chunk = next_chunk_.fetch_add(1, std::memory_order_relaxed);
    if (chunk >= max_chunks_ ||
        !FitsBudget(static_cast<int64_t>(mask_ + 1),
                    chunks_allocated_.load(std::memory_order_relaxed) + 1)) {
      capped_.store(true, std::memory_order_relaxed);
      return false;
    }
    chunks_allocated_.fetch_add(1, std::memory_order_relaxed);
    cursor.next = static_cast<uint32_t>(chunk * kChunkEdges);
    cursor.end = cursor.next + kChunkEdges;
  }
  *first = cursor.next;
  cursor.next += static_cast<uint32_t>(count);
  return true;
}

SearchTree::Created SearchTree::CreateNode(uint64_t key, const Action* actions, int count,
                                           bool bandit, EdgeCursor& cursor, uint32_t* slot) {
  DCHECK(key != 0 && count > 0);
  *slot = kNone;
  // Probe first so that an existing node costs no edges.
  uint64_t i = key & mask_;
  for (;; i = (i + 1) & mask_) {
    const uint64_t k = nodes_[i].key.load(std::memory_order_acquire);
    if (k == key) {
      *slot = WaitUntilReady(i);
      return Created::kExists;
    }
    if (k == 0) break;
  }
  // Linear probing degrades past 3/4 load: refuse instead. Slots are claimed from the
  // shared count kNodeCredits at a time.
  if (cursor.node_credits == 0) {
    const int64_t claimed = node_count_.fetch_add(kNodeCredits, std::memory_order_relaxed);
    if (claimed + kNodeCredits > static_cast<int64_t>(mask_ / 4 * 3)) {
      node_count_.fetch_sub(kNodeCredits, std::memory_order_relaxed);
      if (!can_grow_) capped_.store(true, std::memory_order_relaxed);
      return Created::kFull;
    }
    cursor.node_credits = kNodeCredits;
  }
  uint32_t first = 0;
  const int slots = count + (count + 3) / 4 + (bandit ? (count + 1) / 2 : 0);
  if (!AllocateEdges(slots, cursor, &first)) return Created::kFull;
  // The block comes to life here (the arena may hold an earlier tree's data).
  for (int a = 0; a < count; ++a) new (&edge(first + a)) Edge;
  Action* block_actions = reinterpret_cast<Action*>(&edge(first + count));
  std::copy(actions, actions + count, block_actions);
  if (bandit) {
    BanditStats* stats = reinterpret_cast<BanditStats*>(&edge(first + count + (count + 3) / 4));
    for (int a = 0; a < count; ++a) new (&stats[a]) BanditStats;
  }
  for (;; i = (i + 1) & mask_) {
    uint64_t expected = 0;
    if (nodes_[i].key.compare_exchange_strong(expected, key, std::memory_order_acq_rel)) break;
    if (expected == key) {  // another thread won the race; our block is wasted (rare)
      *slot = WaitUntilReady(i);
      return Created::kExists;
    }
  }
  Node& node = nodes_[i];
  node.first_edge = first;
  node.bandit = bandit;
  --cursor.node_credits;
  cursor.nodes.store(cursor.nodes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  cursor.edges.store(cursor.edges.load(std::memory_order_relaxed) + count,
                     std::memory_order_relaxed);
  node.count.store(static_cast<uint16_t>(count), std::memory_order_release);
  *slot = static_cast<uint32_t>(i);
  return Created::kCreated;
}

void SearchTree::Grow() {
  const uint64_t slots = (mask_ + 1) * 2;
  if (!FitsBudget(static_cast<int64_t>(slots), chunks_allocated_.load())) {
    can_grow_ = false;
    return;
  }
  Node* grown = NewTable(slots);
  const uint64_t mask = slots - 1;
  for (uint64_t s = 0; s <= mask_; ++s) {
    const Node& old = nodes_[s];
    const uint64_t key = old.key.load(std::memory_order_relaxed);
    const uint16_t count = old.count.load(std::memory_order_relaxed);
    if (key == 0 || count == 0) continue;
    uint64_t i = key & mask;
    while (grown[i].key.load(std::memory_order_relaxed) != 0) i = (i + 1) & mask;
    Node& node = grown[i];
    node.key.store(key, std::memory_order_relaxed);
    node.visits.store(old.visits.load(std::memory_order_relaxed), std::memory_order_relaxed);
    node.overflow.store(old.overflow.load(std::memory_order_relaxed), std::memory_order_relaxed);
    node.first_edge = old.first_edge;
    node.bandit = old.bandit;
    node.count.store(count, std::memory_order_relaxed);
  }
  FreeTable(nodes_, mask_ + 1);
  nodes_ = grown;
  mask_ = mask;
}

}  // namespace sandtable::search_internal
