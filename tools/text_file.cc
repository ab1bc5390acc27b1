#include "tools/text_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "engine/text.h"

namespace sandtable {

absl::StatusOr<std::string> ReadTextFile(const std::string& path, uintmax_t max_bytes) {
  const auto cannot = [&](absl::string_view why) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot read file '", Printable(path, 120), "'", why));
  };
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) return cannot(": no such file");
  if (!std::filesystem::is_regular_file(status)) return cannot(": not a regular file");
  const uintmax_t size = std::filesystem::file_size(path, error);
  if (error) return cannot("");
  if (size > max_bytes) return cannot(absl::StrCat(": larger than ", max_bytes >> 20, " MiB"));
  std::ifstream file(path, std::ios::binary);
  if (!file) return cannot("");
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad()) return cannot("");
  return text.str();
}

}  // namespace sandtable
