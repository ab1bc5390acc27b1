// CHECK and DCHECK: internal invariants. Debian's Abseil ships no absl/log, so these are ours.
// A failed CHECK prints the condition and location to stderr and aborts: it marks a bug in
// sandtable, never bad outside input (that gets an absl::Status).
#ifndef SANDTABLE_ENGINE_CHECK_H_
#define SANDTABLE_ENGINE_CHECK_H_

namespace sandtable::internal {
[[noreturn]] void CheckFailed(const char* condition, const char* file, int line);
}  // namespace sandtable::internal

#define SANDTABLE_CHECK(condition)                                        \
  do {                                                                    \
    if (!(condition)) [[unlikely]] {                                      \
      ::sandtable::internal::CheckFailed(#condition, __FILE__, __LINE__); \
    }                                                                     \
  } while (false)

#ifdef NDEBUG
#define SANDTABLE_DCHECK(condition) \
  do {                              \
  } while (false && (condition))
#else
#define SANDTABLE_DCHECK(condition) SANDTABLE_CHECK(condition)
#endif

#define CHECK(condition) SANDTABLE_CHECK(condition)
#define DCHECK(condition) SANDTABLE_DCHECK(condition)

#endif  // SANDTABLE_ENGINE_CHECK_H_
