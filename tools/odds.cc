#include "tools/odds.h"

#include <map>
#include <memory>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/strip.h"
#include "engine/text.h"
#include "tools/load_game.h"

namespace sandtable {
namespace {

using ResultKey = std::pair<std::vector<int>, std::string>;

struct Enumeration {
  const Position* before;
  bool by_position;
  int64_t max_paths;
  int64_t paths = 0;
  std::vector<std::string> names;
  bool have_names = false;
  std::map<ResultKey, Probability> results;
};

// Counts one chance path ending at `position` into `e`.
absl::Status CountPath(const Position& position, Probability probability, Enumeration& e) {
  if (++e.paths > e.max_paths) {
    return absl::ResourceExhaustedError(
        absl::StrCat("more than ", e.max_paths, " chance paths: too many to enumerate"));
  }
  const std::vector<std::pair<std::string, int>> measures = position.ResultMeasures(*e.before);
  std::vector<std::string> names;
  ResultKey key;
  for (const auto& [name, value] : measures) {
    names.push_back(name);
    key.first.push_back(value);
  }
  if (!e.have_names) {
    e.names = names;
    e.have_names = true;
  } else if (names != e.names) {
    return absl::InternalError("the ruleset reported different measures for one action");
  }
  if (e.by_position) key.second = position.ToString();
  auto [it, inserted] = e.results.try_emplace(key, Probability::Zero());
  it->second += probability;
  return absl::OkStatus();
}

absl::Status Enumerate(const Position& start, Enumeration& e) {
  return ForEachChancePath(
      start, [&e](const Position& end, Probability probability, const std::vector<ChanceStep>&) {
        return CountPath(end, probability, e);
      });
}

absl::Status WalkChance(const Position& position, Probability probability,
                        std::vector<ChanceStep>& steps,
                        const std::function<absl::Status(const Position&, Probability,
                                                         const std::vector<ChanceStep>&)>& visit) {
  if (position.Kind() != NodeKind::kChance) return visit(position, probability, steps);
  for (const ChanceOutcome& outcome : position.ChanceOutcomes()) {
    std::unique_ptr<Position> child = position.Clone();
    child->Apply(outcome.outcome);
    steps.push_back({&position, outcome.outcome});
    const absl::Status status = WalkChance(*child, probability * outcome.probability, steps, visit);
    steps.pop_back();
    if (!status.ok()) return status;
  }
  return absl::OkStatus();
}

}  // namespace

void SignedProbability::AddTimes(Probability p, int value) {
  if (value > 0) positive += p * Probability(static_cast<uint64_t>(value), 1);
  if (value < 0)
    negative += p * Probability(static_cast<uint64_t>(-static_cast<int64_t>(value)), 1);
}

std::string SignedProbability::ToString() const {
  if (negative < positive) return (positive - negative).ToString();
  if (positive == negative) return "0";
  // StrCat rather than "-" + std::string: GCC 12 at -O3 can report a false -Warray-bounds
  // in the inlined std::string insert (GCC bug 105651).
  return absl::StrCat("-", (negative - positive).ToString());
}

absl::StatusOr<std::unique_ptr<Position>> ApplyOddsMove(const Position& before,
                                                        std::string_view move,
                                                        std::string* applied) {
  applied->clear();
  if (before.Kind() == NodeKind::kTerminal) {
    return absl::InvalidArgumentError("the game is over: nothing follows");
  }
  const bool chance = before.Kind() == NodeKind::kChance;
  if (absl::StripAsciiWhitespace(ToAbsl(move)).empty()) {
    if (!chance) {
      return absl::InvalidArgumentError(
          absl::StrCat("name the move: this is ", DescribeNode(before), ", not a chance node"));
    }
    return before.Clone();
  }
  if (chance) {
    return absl::InvalidArgumentError(
        "this is a chance node: its odds need no move (leave the move out)");
  }
  std::unique_ptr<Position> start = before.Clone();
  if (absl::Status status = ApplyMoveText(*start, move, applied); !status.ok()) return status;
  return start;
}

absl::StatusOr<OddsResult> ComputeOdds(const Position& before, const Position& start,
                                       bool by_position, int64_t max_paths) {
  Enumeration e{&before, by_position, max_paths};
  absl::Status status = Enumerate(start, e);
  if (!status.ok()) return status;
  if (e.names.empty() && !by_position) {
    // Without measures the resulting positions are the only results to tell apart.
    e = Enumeration{&before, true, max_paths};
    status = Enumerate(start, e);
    if (!status.ok()) return status;
  }

  OddsResult odds;
  odds.measure_names = e.names;
  odds.paths = e.paths;
  odds.expected.resize(e.names.size());
  for (const auto& [key, probability] : e.results) {
    odds.lines.push_back({key.first, key.second, probability});
    odds.total += probability;
    for (size_t i = 0; i < key.first.size(); ++i) {
      odds.expected[i].AddTimes(probability, key.first[i]);
    }
  }
  return odds;
}

absl::Status ForEachChancePath(
    const Position& start,
    const std::function<absl::Status(const Position& end, Probability probability,
                                     const std::vector<ChanceStep>& steps)>& visit) {
  std::vector<ChanceStep> steps;
  return WalkChance(start, Probability::One(), steps, visit);
}

}  // namespace sandtable
