#include "tools/match/match_shard.h"

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "engine/text.h"

namespace sandtable {

std::string ShardSpec::ToString() const { return absl::StrCat(index, "/", count); }

absl::StatusOr<ShardSpec> ParseShardSpec(std::string_view text) {
  const auto bad = [&] {
    std::string shown(text.substr(0, 40));
    for (char& c : shown) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    }
    return absl::InvalidArgumentError(
        absl::StrCat("--shard takes K/M, shard K (from 0) of M, 0 <= K < M <= ", kMaxShards,
                     ", got '", shown, text.size() > 40 ? "...'" : "'"));
  };
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos) return bad();
  const std::string_view k_text = text.substr(0, slash);
  const std::string_view m_text = text.substr(slash + 1);
  // Digits only: SimpleAtoi would also take "+1" or " 1".
  const auto digits = [](std::string_view part) {
    if (part.empty() || part.size() > 7) return false;
    for (char c : part) {
      if (c < '0' || c > '9') return false;
    }
    return true;
  };
  if (!digits(k_text) || !digits(m_text)) return bad();
  ShardSpec shard;
  if (!absl::SimpleAtoi(ToAbsl(k_text), &shard.index) ||
      !absl::SimpleAtoi(ToAbsl(m_text), &shard.count)) {
    return bad();
  }
  if (shard.count < 1 || shard.count > kMaxShards || shard.index >= shard.count) return bad();
  return shard;
}

int64_t ShardGameCount(int64_t games, const ShardSpec& shard) {
  const int64_t pairs = (games + 1) / 2;  // the last one half when `games` is odd
  if (pairs <= shard.index) return 0;
  const int64_t last = shard.index + (pairs - 1 - shard.index) / shard.count * shard.count;
  const int64_t count = 2 * ((last - shard.index) / shard.count + 1);
  return games % 2 == 1 && last == pairs - 1 ? count - 1 : count;
}

int64_t ShardGameIndex(int64_t k, const ShardSpec& shard) {
  return 2 * (shard.index + k / 2 * shard.count) + k % 2;
}

}  // namespace sandtable
