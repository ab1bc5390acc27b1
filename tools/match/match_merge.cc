#include "tools/match/match_merge.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"

namespace sandtable {
namespace {

// The first field in which `line` differs from `match`, as "<field> X, not Y".
std::string Difference(const MatchIdentity& match, const MatchIdentity& line) {
  const auto quoted = [](absl::string_view field, const std::string& got, const std::string& want) {
    return absl::StrCat(field, " '", got, "', not '", want, "'");
  };
  if (line.ruleset != match.ruleset) return quoted("ruleset", line.ruleset, match.ruleset);
  if (line.scenario != match.scenario) {
    const auto shown = [](const std::string& s) { return s.empty() ? "(its own)" : s; };
    return quoted("scenario", shown(line.scenario), shown(match.scenario));
  }
  if (line.a != match.a) return quoted("player A", line.a, match.a);
  if (line.b != match.b) return quoted("player B", line.b, match.b);
  if (line.seed != match.seed) return absl::StrCat("seed ", line.seed, ", not ", match.seed);
  return absl::StrCat("games ", line.games, ", not ", match.games);
}

bool SameGame(const GameRecord& x, const GameRecord& y) {
  return x.a_seat == y.a_seat && x.a_result == y.a_result && x.score[0] == y.score[0] &&
         x.score[1] == y.score[1] && x.plies == y.plies && x.final_position == y.final_position;
}

constexpr size_t kShown = 10;

// "3, 7, 11" or "3, 7, 11, ... (40 in all)".
std::string ListHead(const std::vector<int64_t>& values) {
  if (values.size() <= kShown) return absl::StrJoin(values, ", ");
  return absl::StrCat(absl::StrJoin(values.begin(), values.begin() + kShown, ", "), ", ... (",
                      values.size(), " in all)");
}

}  // namespace

absl::StatusOr<MergedMatch> MergeShards(const std::vector<ShardFile>& files) {
  MergedMatch merged;
  std::string first_place;  // where the match was first named
  std::map<int64_t, GameRecord> games;
  std::set<int64_t> duplicate_pairs;
  std::set<int64_t> shard_counts;
  for (const ShardFile& file : files) {
    std::string_view text = file.text;
    for (int64_t number = 1; !text.empty(); ++number) {
      const std::string place = absl::StrCat(file.name, ":", number);
      const size_t newline = text.find('\n');
      if (newline == std::string_view::npos) {
        // Every line is written whole with its newline, so this one was cut short.
        merged.warnings.push_back(absl::StrCat(place, ": ignoring a truncated last line (",
                                               text.size(), " bytes, no newline)"));
        break;
      }
      const std::string_view line = text.substr(0, newline);
      text.remove_prefix(newline + 1);
      if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
      absl::StatusOr<std::optional<MatchLine>> parsed = ParseMatchLine(line);
      if (!parsed.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat(place, ": not a match line: ", parsed.status().message()));
      }
      if (!parsed->has_value()) continue;  // a shard's own summary
      MatchLine& game = **parsed;
      if (first_place.empty()) {
        merged.match = game.match;
        first_place = place;
      } else if (!(game.match == merged.match)) {
        return absl::InvalidArgumentError(absl::StrCat(
            place, ": a line of a different match: ", Difference(merged.match, game.match),
            " (as in ", first_place, ")"));
      }
      shard_counts.insert(game.shard.count);
      const auto [it, fresh] = games.try_emplace(game.record.index, game.record);
      if (!fresh) {
        duplicate_pairs.insert(game.record.index / 2);
        if (!SameGame(it->second, game.record)) ++merged.differing_duplicates;
      }
    }
  }
  if (first_place.empty()) return absl::InvalidArgumentError("no game lines in the input");

  merged.pairs = (merged.match.games + 1) / 2;
  if (shard_counts.size() == 1) merged.shard_count = *shard_counts.begin();
  // Walks the pairs that have a game, so a long match costs what its lines cost.
  std::vector<bool> rerun(merged.shard_count > 1 ? merged.shard_count : 0, false);
  const auto missing = [&](int64_t from, int64_t to) {  // pairs [from, to)
    if (from >= to) return;
    merged.missing_pair_count += to - from;
    for (int64_t pair = from; pair < to && merged.missing_pairs.size() < kListedPairs; ++pair) {
      merged.missing_pairs.push_back(pair);
    }
    if (rerun.empty()) return;
    const int64_t shards = merged.shard_count;
    for (int64_t pair = from; pair < std::min(to, from + shards); ++pair) {
      rerun[pair % shards] = true;
    }
  };
  int64_t next_pair = 0;
  for (auto it = games.begin(); it != games.end(); it = games.lower_bound(2 * next_pair)) {
    const int64_t pair = it->first / 2;
    missing(next_pair, pair);
    const bool whole = games.contains(2 * pair) &&
                       (2 * pair + 1 >= merged.match.games || games.contains(2 * pair + 1));
    if (!whole) missing(pair, pair + 1);
    next_pair = pair + 1;
  }
  missing(next_pair, merged.pairs);
  for (int64_t shard = 0; shard < static_cast<int64_t>(rerun.size()); ++shard) {
    if (rerun[shard]) merged.shards_to_rerun.push_back(shard);
  }
  merged.duplicate_pairs.assign(duplicate_pairs.begin(), duplicate_pairs.end());
  // Scored in index order, as a match on one thread adds them: the same sums to the bit.
  for (const auto& [index, record] : games) {
    merged.score.AddGame(record.a_result);
    if (index % 2 == 1) {
      const auto first = games.find(index - 1);
      if (first != games.end()) merged.score.AddPair(first->second.a_result, record.a_result);
    }
    merged.games.push_back(record);
  }

  if (!merged.duplicate_pairs.empty()) {
    merged.warnings.push_back(absl::StrCat(
        "games seen more than once in ", merged.duplicate_pairs.size(),
        " pairs (each counts once): ", ListHead(merged.duplicate_pairs),
        merged.differing_duplicates == 0
            ? ""
            : absl::StrCat("; ", merged.differing_duplicates,
                           " of them disagree (a player limited by time?), the first counts")));
  }
  if (merged.missing_pair_count > 0) {
    const std::string where = merged.shards_to_rerun.empty()
                                  ? ""
                                  : absl::StrCat(" (rerun shard ", ListHead(merged.shards_to_rerun),
                                                 " of ", merged.shard_count, ")");
    const std::string listed =
        merged.missing_pair_count > static_cast<int64_t>(kShown)
            ? absl::StrCat(absl::StrJoin(merged.missing_pairs.begin(),
                                         merged.missing_pairs.begin() + kShown, ", "),
                           ", ...")
            : absl::StrJoin(merged.missing_pairs, ", ");
    merged.warnings.push_back(absl::StrCat("missing ", merged.missing_pair_count, " of ",
                                           merged.pairs, " pairs: ", listed, where));
  }
  return merged;
}

}  // namespace sandtable
