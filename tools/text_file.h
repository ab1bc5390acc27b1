// Reading a whole text file named by a user (a scenario, a match's shard lines), with one
// clear error for anything that is not a regular file of bounded size: a device or a
// directory would otherwise read forever or as nothing.
#ifndef SANDTABLE_TOOLS_TEXT_FILE_H_
#define SANDTABLE_TOOLS_TEXT_FILE_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"

namespace sandtable {

// The file's bytes, or "cannot read file '<path>': why" (not found, not a regular file,
// larger than `max_bytes`, a read error).
absl::StatusOr<std::string> ReadTextFile(const std::string& path, uintmax_t max_bytes);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_TEXT_FILE_H_
