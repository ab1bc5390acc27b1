// The JSON lines of `sandtable match --json`, one per game. Each names its match (ruleset,
// scenario, players, match seed and length) and its shard, so match-report can check that
// the lines of many shards belong to one match before it merges them.
#ifndef SANDTABLE_TOOLS_MATCH_MATCH_LINES_H_
#define SANDTABLE_TOOLS_MATCH_MATCH_LINES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "tools/match/match_runner.h"
#include "tools/match/match_shard.h"

namespace sandtable {

struct MatchIdentity {
  std::string ruleset;   // the canonical spec
  std::string scenario;  // "" = the ruleset's own, else ScenarioFingerprint of the file
  std::string a;         // player specs as given
  std::string b;
  uint64_t seed = 0;  // the match seed
  int64_t games = 0;  // the whole match's length

  bool operator==(const MatchIdentity&) const = default;
};

// "fnv1a64:<16 hex digits>" of a scenario file's text: the same scenario under another
// path or on another machine is the same match, an edited one is not.
std::string ScenarioFingerprint(std::string_view text);

// One game's line, without the newline.
std::string GameLine(const GameRecord& record, const MatchIdentity& match, const ShardSpec& shard);

struct MatchLine {
  MatchIdentity match;
  ShardSpec shard;
  GameRecord record;
};

// A game line read back (every field checked: the index within the match, the seat and
// seed that the index and match seed give); nullopt for a summary line, which a merge
// skips; an error for anything else.
absl::StatusOr<std::optional<MatchLine>> ParseMatchLine(std::string_view line);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_MATCH_MATCH_LINES_H_
