#include "tools/match/match_lines.h"

#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/string_view.h"
#include "engine/text.h"
#include "tools/json_writer.h"

namespace sandtable {

std::string ScenarioFingerprint(std::string_view text) {
  uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a, 64 bits
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return absl::StrFormat("fnv1a64:%016x", hash);
}

std::string GameLine(const GameRecord& record, const MatchIdentity& match, const ShardSpec& shard) {
  return JsonText({{"type", "game"},
                   {"game", record.index},
                   {"seed", absl::StrCat(record.seed)},  // 64-bit: a string survives any parser
                   {"a", match.a},
                   {"b", match.b},
                   {"aSeat", record.a_seat},
                   {"aResult", record.a_result},
                   {"score", {record.score[0], record.score[1]}},
                   {"plies", record.plies},
                   {"seconds", record.seconds},
                   {"final", record.final_position},
                   {"ruleset", match.ruleset},
                   {"scenario", match.scenario},
                   {"matchSeed", absl::StrCat(match.seed)},
                   {"matchGames", match.games},
                   {"shard", shard.ToString()}});
}

namespace {

absl::Status Bad(absl::string_view key, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("\"", key, "\" ", what));
}

// The member `key` of the object `line`, which must pass `is_type` (a Json predicate).
absl::StatusOr<const Json*> Field(const Json& line, absl::string_view key,
                                  bool (Json::*is_type)() const noexcept, absl::string_view what) {
  const auto it = line.find(ToStd(key));
  if (it == line.end()) return Bad(key, "is missing");
  if (!((*it).*is_type)()) return Bad(key, absl::StrCat("must be ", what));
  return &*it;
}

absl::StatusOr<std::string> StringField(const Json& line, absl::string_view key) {
  absl::StatusOr<const Json*> value = Field(line, key, &Json::is_string, "a string");
  if (!value.ok()) return value.status();
  return (*value)->get<std::string>();
}

absl::StatusOr<double> NumberField(const Json& line, absl::string_view key) {
  absl::StatusOr<const Json*> value = Field(line, key, &Json::is_number, "a number");
  if (!value.ok()) return value.status();
  return (*value)->get<double>();
}

// An integer in [lo, hi], which must be exact in a double (|x| < 2^53).
absl::StatusOr<int64_t> IntField(const Json& line, absl::string_view key, int64_t lo, int64_t hi) {
  absl::StatusOr<double> number = NumberField(line, key);
  if (!number.ok()) return number.status();
  if (*number != std::floor(*number) || *number < static_cast<double>(lo) ||
      *number > static_cast<double>(hi)) {
    return Bad(key, absl::StrCat("must be an integer in ", lo, "..", hi));
  }
  return static_cast<int64_t>(*number);
}

// 64-bit seeds are written as strings of digits.
absl::StatusOr<uint64_t> SeedField(const Json& line, absl::string_view key) {
  absl::StatusOr<std::string> text = StringField(line, key);
  if (!text.ok()) return text.status();
  uint64_t seed = 0;
  const bool digits = !text->empty() && text->find_first_not_of("0123456789") == std::string::npos;
  if (!digits || !absl::SimpleAtoi(*text, &seed)) {
    return Bad(key, "must be a decimal 64-bit seed in a string");
  }
  return seed;
}

absl::StatusOr<Json> ParseJson(std::string_view text) {
  try {
    return Json::parse(text);
  } catch (const Json::exception& error) {
    // A parse error or a number too large for a double ("number overflow parsing
    // '1.9e717'"); what() is "[json.exception.parse_error.101] parse error at ...".
    const absl::string_view what = error.what();
    const size_t tag_end = what.find("] ");
    return absl::InvalidArgumentError(absl::StrCat(
        "bad JSON: ", tag_end == absl::string_view::npos ? what : what.substr(tag_end + 2)));
  }
}

}  // namespace

absl::StatusOr<std::optional<MatchLine>> ParseMatchLine(std::string_view text) {
  absl::StatusOr<Json> json = ParseJson(text);
  if (!json.ok()) return json.status();
  if (!json->is_object()) return absl::InvalidArgumentError("not a JSON object");
  absl::StatusOr<std::string> type = StringField(*json, "type");
  if (!type.ok()) return type.status();
  if (*type == "summary") return std::nullopt;
  if (*type != "game") return Bad("type", "must be \"game\" or \"summary\"");

  MatchLine line;
  // Read in order, returning the first error.
  absl::Status status;
  const auto read = [&status](auto result, auto& into) {
    if (!status.ok()) return;
    if (!result.ok()) {
      status = result.status();
    } else {
      into = *std::move(result);
    }
  };
  constexpr int64_t kMaxGames = 100'000'000;
  read(StringField(*json, "ruleset"), line.match.ruleset);
  read(StringField(*json, "scenario"), line.match.scenario);
  read(StringField(*json, "a"), line.match.a);
  read(StringField(*json, "b"), line.match.b);
  read(SeedField(*json, "matchSeed"), line.match.seed);
  read(IntField(*json, "matchGames", 1, kMaxGames), line.match.games);
  std::string shard_text;
  read(StringField(*json, "shard"), shard_text);
  if (status.ok()) read(ParseShardSpec(shard_text), line.shard);
  GameRecord& record = line.record;
  read(IntField(*json, "game", 0, kMaxGames - 1), record.index);
  read(SeedField(*json, "seed"), record.seed);
  int64_t seat = 0;
  read(IntField(*json, "aSeat", 0, 1), seat);
  record.a_seat = static_cast<Player>(seat);
  read(NumberField(*json, "aResult"), record.a_result);
  const Json* score = nullptr;
  read(Field(*json, "score", &Json::is_array, "an array"), score);
  read(IntField(*json, "plies", 0, int64_t{1} << 40), record.plies);
  read(NumberField(*json, "seconds"), record.seconds);
  read(StringField(*json, "final"), record.final_position);
  if (!status.ok()) return status;

  if (!(record.a_result >= -1 && record.a_result <= 1)) return Bad("aResult", "must be in -1..1");
  if (!(record.seconds >= 0)) return Bad("seconds", "must be >= 0");
  if (score->size() != 2) return Bad("score", "must hold two integers");
  for (int p = 0; p < 2; ++p) {
    const Json& item = (*score)[p];
    constexpr double kLimit = 2147483647.0;
    if (!item.is_number() || item.get<double>() != std::floor(item.get<double>()) ||
        std::abs(item.get<double>()) > kLimit) {
      return Bad("score", "must hold two integers");
    }
    record.score[p] = static_cast<int>(item.get<double>());
  }
  // What the match seed and the index determine must agree with them.
  if (record.index >= line.match.games) {
    return Bad("game", absl::StrCat("must be below \"matchGames\" (", line.match.games, ")"));
  }
  if (record.a_seat != record.index % 2) {
    return Bad("aSeat", "must be the game's index modulo 2 (A is player 0 in even games)");
  }
  if (record.seed != MatchGameSeed(line.match.seed, record.index)) {
    return Bad("seed", "is not the one the match seed gives this game");
  }
  if (!line.shard.Contains(record.index / 2)) {
    return Bad("shard", absl::StrCat("does not hold game ", record.index));
  }
  return line;
}

}  // namespace sandtable
