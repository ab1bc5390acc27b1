// `sandtable match-report FILE...`: merges the JSON lines of a match's shards (match
// --shard K/M, or whole matches' --json output) into the summary `match` prints, after
// checking that they belong to one match; reports missing and duplicate pairs.
#ifndef SANDTABLE_TOOLS_CLI_MATCH_REPORT_H_
#define SANDTABLE_TOOLS_CLI_MATCH_REPORT_H_

#include <istream>
#include <ostream>

namespace sandtable {

// Exit status 0, or 1 when pairs are missing (the summary of the rest is printed), or 2 for
// bad flags, unreadable files, lines that are not match lines and lines of another match.
// The file "-" is `in`.
int RunMatchReportWith(int argc, const char* const* argv, std::istream& in, std::ostream& out,
                       std::ostream& err);

// The same with standard input.
int RunMatchReport(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_MATCH_REPORT_H_
