// JSON for the --json outputs and match lines, through nlohmann-json. Objects keep their
// members in the order they were added (ordered_json), so the lines read like the docs.
#ifndef SANDTABLE_TOOLS_JSON_WRITER_H_
#define SANDTABLE_TOOLS_JSON_WRITER_H_

#include <nlohmann/json.hpp>
#include <string>

namespace sandtable {

using Json = nlohmann::ordered_json;

// Compact text of `value` (no newline). Non-finite numbers are written as null (the
// library's rule); bytes that are not UTF-8 become U+FFFD instead of an exception, since
// position and move texts can carry what a user typed.
std::string JsonText(const Json& value);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_JSON_WRITER_H_
