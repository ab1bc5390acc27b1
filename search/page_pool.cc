#include "search/page_pool.h"

#include <sys/mman.h>

#include <algorithm>
#include <deque>
#include <mutex>

namespace sandtable::search_internal {
namespace {

// Enough for the two trees of a game between two bots and the node tables of their
// growth steps.
constexpr size_t kMaxRegions = 8;
// Committed memory a pooled region keeps (so an idle engine holds at most
// kMaxRegions * kRetainedBytes).
constexpr size_t kRetainedBytes = size_t{32} << 20;
constexpr size_t kHugePageBytes = size_t{2} << 20;

struct Region {
  void* base;
  size_t bytes;
};

struct Pool {
  std::mutex mutex;
  std::deque<Region> regions;  // oldest first
};

Pool& ThePool() {
  static Pool* pool = new Pool;  // never destroyed: trees may be freed during exit
  return *pool;
}

}  // namespace

void* PagePool::Acquire(size_t bytes) {
  {
    Pool& pool = ThePool();
    std::lock_guard<std::mutex> lock(pool.mutex);
    for (auto it = pool.regions.rbegin(); it != pool.regions.rend(); ++it) {
      if (it->bytes == bytes) {
        void* base = it->base;
        pool.regions.erase(std::next(it).base());
        return base;
      }
    }
  }
  void* base = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED) return nullptr;
  // A hint: fewer, larger page faults where transparent huge pages are enabled.
  if (bytes >= kHugePageBytes) madvise(base, bytes, MADV_HUGEPAGE);
  return base;
}

void PagePool::Release(void* region, size_t bytes, size_t touched) {
  if (region == nullptr) return;
  touched = std::min(touched, bytes);
  if (touched > kRetainedBytes) {
    // Whole pages only: the retained prefix ends on a page boundary.
    char* from = static_cast<char*>(region) + kRetainedBytes;
    madvise(from, touched - kRetainedBytes, MADV_DONTNEED);
  }
  Region evicted{nullptr, 0};
  {
    Pool& pool = ThePool();
    std::lock_guard<std::mutex> lock(pool.mutex);
    if (pool.regions.size() == kMaxRegions) {
      evicted = pool.regions.front();
      pool.regions.pop_front();
    }
    pool.regions.push_back(Region{region, bytes});
  }
  if (evicted.base != nullptr) munmap(evicted.base, evicted.bytes);
}

}  // namespace sandtable::search_internal
