// Regions of anonymous memory for search trees, kept for the next search when a tree is
// freed. A fresh region costs a page fault and the kernel's zeroing for every page first
// touched: for a search of a few milliseconds that is a large share of its time, and with
// two workers faulting at once they also queue on the kernel's locks.
#ifndef SANDTABLE_SEARCH_PAGE_POOL_H_
#define SANDTABLE_SEARCH_PAGE_POOL_H_

#include <cstddef>

namespace sandtable::search_internal {

// Thread-safe. Regions are reserved address space (committed on first touch); a reused
// region keeps the data it held, so the caller initializes what it reads.
class PagePool {
 public:
  // A region of `bytes` bytes, reused when one of that size was released; nullptr when
  // the system refuses the reservation.
  static void* Acquire(size_t bytes);
  // Gives back a region from Acquire of the same size, of which at most the first
  // `touched` bytes were written. Its committed pages beyond a retained prefix go back to
  // the system now; the pool keeps a few regions and unmaps the oldest beyond those.
  static void Release(void* region, size_t bytes, size_t touched);
};

}  // namespace sandtable::search_internal

#endif  // SANDTABLE_SEARCH_PAGE_POOL_H_
