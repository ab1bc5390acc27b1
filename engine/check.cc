#include "engine/check.h"

#include <cstdio>
#include <cstdlib>

namespace sandtable::internal {

void CheckFailed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: CHECK failed: %s\n", file, line, condition);
  std::fflush(stderr);
  std::abort();
}

}  // namespace sandtable::internal
