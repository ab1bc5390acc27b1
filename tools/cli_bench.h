// `sandtable bench`: random playouts per second, or (--search) the search benchmark of
// tools/search_bench.h over one ruleset or all of them.
#ifndef SANDTABLE_TOOLS_CLI_BENCH_H_
#define SANDTABLE_TOOLS_CLI_BENCH_H_

#include <ostream>

namespace sandtable {

int RunBench(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_BENCH_H_
