#include "engine/dice_pool.h"

#include <algorithm>
#include <climits>
#include <functional>
#include <map>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "engine/check.h"
#include "engine/text.h"

namespace sandtable {
namespace {

// faces^dice, the number of equally likely rolls; CHECKs that it fits the counts below.
uint64_t Rolls(int dice, int faces) {
  CHECK(dice >= 0 && faces >= 1);
  uint64_t rolls = 1;
  for (int i = 0; i < dice; ++i) {
    CHECK(rolls <= UINT64_MAX / static_cast<uint64_t>(faces));
    rolls *= static_cast<uint64_t>(faces);
  }
  return rolls;
}

// weight * numerator / denominator * factor, exact when denominator divides weight * numerator.
uint64_t Grow(uint64_t weight, uint64_t numerator, uint64_t denominator, uint64_t factor) {
  const unsigned __int128 grown =
      static_cast<unsigned __int128>(weight) * numerator / denominator * factor;
  CHECK(grown <= UINT64_MAX);
  return static_cast<uint64_t>(grown);
}

}  // namespace

bool SuccessRule::Succeeds(int face, int faces, int bonus) const {
  if (natural_one_fails && face == 1) return false;
  if (natural_max_succeeds && face == faces) return true;
  const int total = natural ? face : face + modifier + bonus;
  return compare == Compare::kAtLeast ? total >= target : total <= target;
}

std::string SuccessRule::ToString(int faces) const {
  std::string text = absl::StrCat(natural ? "natural " : "", target,
                                  compare == Compare::kAtLeast ? "+" : " or less");
  if (modifier != 0) absl::StrAppend(&text, " at ", modifier > 0 ? "+" : "", modifier);
  if (natural_one_fails || natural_max_succeeds) {
    absl::StrAppend(&text, " (", natural_one_fails ? "natural 1 fails" : "",
                    natural_one_fails && natural_max_succeeds ? ", " : "",
                    natural_max_succeeds ? absl::StrCat("natural ", faces, " succeeds") : "", ")");
  }
  return text;
}

DicePool DicePool::CountSuccesses(int dice, int faces, SuccessRule rule) {
  Rolls(dice, faces);  // CHECKs that the rolls can be counted
  DicePool pool(dice, faces);
  pool.success_ = rule;
  return pool;
}

DicePool DicePool::CountPair(int dice, int faces, SuccessRule first, SuccessRule second) {
  CHECK(dice < kPairStride);
  DicePool pool = CountSuccesses(dice, faces, first);
  pool.second_ = second;
  return pool;
}

DicePool DicePool::Sum(int dice, int faces, int modifier) {
  Rolls(dice, faces);  // CHECKs that the rolls can be counted
  DicePool pool(dice, faces);
  pool.modifier_ = modifier;
  return pool;
}

DicePool DicePool::SumAndNaturals(int dice, int faces, int modifier) {
  CHECK(dice < kPairStride && modifier >= 0);
  DicePool pool = Sum(dice, faces, modifier);
  pool.naturals_ = true;
  return pool;
}

DicePool& DicePool::BonusToBestDice(int bonus, int count) {
  CHECK(remove_best_ == 0 && !reroll_.has_value() && !naturals_ && count >= 1 && dice_ < 64);
  bonus_ = bonus;
  bonus_count_ = count;
  return *this;
}

DicePool& DicePool::RemoveBest(int count) {
  CHECK(count >= 0 && count <= dice_ && bonus_ == 0 && !second_.has_value() && !naturals_);
  remove_best_ = count;
  return *this;
}

DicePool& DicePool::RerollSuccesses(SuccessRule rule) {
  CHECK(success_.has_value() && !second_.has_value() && bonus_ == 0);
  reroll_ = rule;
  return *this;
}

DicePool& DicePool::LookUp(std::vector<std::pair<int, int>> from_and_outcome) {
  CHECK(!from_and_outcome.empty() &&
        std::is_sorted(from_and_outcome.begin(), from_and_outcome.end()));
  CHECK(!second_.has_value() && !naturals_);
  const int smallest =
      success_.has_value() ? 0 : dice_ - remove_best_ + modifier_ + (dice_ > 0 ? bonus_ : 0);
  CHECK(from_and_outcome.front().first <= smallest);
  table_ = std::move(from_and_outcome);
  return *this;
}

DicePool& DicePool::Label(std::string label) {
  label_ = std::move(label);
  return *this;
}

std::string DicePool::Describe() const {
  if (!label_.empty()) return label_;
  std::string text = absl::StrCat(dice_, "d", faces_);
  if (second_.has_value()) {
    absl::StrAppend(&text, " counting ", success_->ToString(faces_), ", else ",
                    second_->ToString(faces_));
  } else if (success_.has_value()) {
    absl::StrAppend(&text, " succeeding on ", success_->ToString(faces_));
  } else if (modifier_ != 0) {
    absl::StrAppend(&text, modifier_ > 0 ? " +" : " ", modifier_);
  }
  if (naturals_) absl::StrAppend(&text, ", counting natural ", faces_, "s and 1s");
  if (bonus_ != 0) {
    absl::StrAppend(&text, ", ", bonus_ > 0 ? "+" : "", bonus_,
                    bonus_count_ == 1
                        ? std::string(" to the best die")
                        : absl::StrCat(" to each of the best ", bonus_count_, " dice"));
  }
  if (remove_best_ == 1) absl::StrAppend(&text, ", the defender removes the best die");
  if (remove_best_ > 1) {
    absl::StrAppend(&text, ", the defender removes the best ", remove_best_, " dice");
  }
  if (reroll_.has_value()) {
    absl::StrAppend(&text, ", successes rerolled needing ", reroll_->ToString(faces_));
  }
  if (!table_.empty()) absl::StrAppend(&text, ", looked up in a table");
  return text;
}

int DicePool::DieValue(int face) const {
  if (!success_.has_value() || second_.has_value() || bonus_ != 0) return face;
  return success_->Succeeds(face, faces_) ? 1 : 0;
}

int DicePool::CombineFaces(const std::vector<int>& faces, uint64_t bonus_dice) const {
  int first = 0;
  int second = 0;
  int sum = modifier_;
  for (size_t i = 0; i < faces.size(); ++i) {
    const int bonus = ((bonus_dice >> i) & 1) ? bonus_ : 0;
    sum += faces[i] + bonus;
    if (!success_.has_value()) continue;
    if (success_->Succeeds(faces[i], faces_, bonus)) {
      ++first;
    } else if (second_.has_value() && second_->Succeeds(faces[i], faces_, bonus)) {
      ++second;
    }
  }
  if (!success_.has_value()) return sum;
  return second_.has_value() ? PairValue(first, second) : first;
}

int DicePool::Combine(std::vector<int> values) const {
  if (second_.has_value() || bonus_ != 0) {
    // The values are faces. The roller's best die for the bonus: the largest result (a
    // pair's value orders by the first count, then the second).
    int best = CombineFaces(values, 0);
    if (bonus_ != 0 && !values.empty()) {
      // Every choice of min(count, dice) distinct dice.
      const int n = static_cast<int>(values.size());
      const int k = std::min(bonus_count_, n);
      best = INT_MIN;
      const uint64_t end = uint64_t{1} << n;  // n < 64
      for (uint64_t mask = (uint64_t{1} << k) - 1; mask < end;) {
        best = std::max(best, CombineFaces(values, mask));
        // The next mask with k bits (Gosper's hack).
        const uint64_t low = mask & -mask;
        const uint64_t ripple = mask + low;
        mask = ripple == 0 ? end : (((ripple ^ mask) >> 2) / low) | ripple;
      }
    }
    return best;
  }
  if (naturals_) {
    int sum = modifier_, highs = 0, ones = 0;
    for (int face : values) {
      sum += face;
      highs += face == faces_ ? 1 : 0;
      ones += face == 1 ? 1 : 0;
    }
    return TripleValue(sum, highs, ones);
  }
  std::sort(values.begin(), values.end(), std::greater<int>());
  int result = success_.has_value() ? 0 : modifier_;
  for (size_t i = remove_best_; i < values.size(); ++i) result += values[i];
  return result;
}

int DicePool::Lookup(int result) const {
  if (table_.empty()) return result;
  auto row = std::upper_bound(table_.begin(), table_.end(), std::pair(result, INT_MAX));
  CHECK(row != table_.begin());
  return std::prev(row)->second;
}

std::vector<PoolOutcome> DicePool::CombinedDistribution(int dice) const {
  // How many faces give each die value: the same DieValue that OutcomeOfFaces uses.
  std::map<int, uint64_t> faces_of_value;
  for (int face = 1; face <= faces_; ++face) ++faces_of_value[DieValue(face)];
  const std::vector<std::pair<int, uint64_t>> values(faces_of_value.begin(), faces_of_value.end());
  // Every multiset of die values, weighted by the number of rolls giving it: the
  // multinomial coefficient times each value's face count to the power of its multiplicity.
  std::map<int, uint64_t> rolls_of_result;
  std::vector<int> chosen;
  std::function<void(size_t, int, uint64_t, uint64_t)> enumerate =
      [&](size_t v, int left, uint64_t weight, uint64_t placed) {
        if (v + 1 == values.size() || left == 0) {
          // The rest take the last value (or none are left).
          for (int i = 0; i < left; ++i) {
            placed += 1;
            weight = Grow(weight, placed, static_cast<uint64_t>(i + 1), values[v].second);
            chosen.push_back(values[v].first);
          }
          rolls_of_result[Combine(chosen)] += weight;
          chosen.resize(chosen.size() - left);
          return;
        }
        uint64_t w = weight;
        for (int c = 0; c <= left; ++c) {
          if (c > 0) {
            // Choosing which of the `placed + c` dice so far show this value, incrementally.
            w = Grow(w, placed + c, static_cast<uint64_t>(c), values[v].second);
            chosen.push_back(values[v].first);
          }
          enumerate(v + 1, left - c, w, placed + c);
        }
        chosen.resize(chosen.size() - left);
      };
  enumerate(0, dice, 1, 0);
  const uint64_t total = Rolls(dice, faces_);
  std::vector<PoolOutcome> outcomes;
  for (const auto& [result, rolls] : rolls_of_result) {
    outcomes.push_back({result, Probability(rolls, total)});
  }
  return outcomes;
}

std::vector<PoolOutcome> DicePool::Distribution() const {
  std::map<int, Probability> by_value;
  for (const PoolOutcome& first : CombinedDistribution(dice_)) {
    if (!reroll_.has_value()) {
      by_value[Lookup(first.value)] += first.probability;
      continue;
    }
    const DicePool rerolls = CountSuccesses(first.value, faces_, *reroll_);
    for (const PoolOutcome& second : rerolls.CombinedDistribution(first.value)) {
      by_value[Lookup(second.value)] += first.probability * second.probability;
    }
  }
  std::vector<PoolOutcome> outcomes;
  for (const auto& [value, probability] : by_value) {
    if (!probability.IsZero()) outcomes.push_back({value, probability});
  }
  return outcomes;
}

absl::StatusOr<int> DicePool::OutcomeOfFacesText(std::string_view text) const {
  std::vector<int> faces;
  for (std::string_view word : SplitWords(text)) {
    const std::optional<int> face = ParseBoundedInt(word, 999999);
    if (!face) {
      return absl::InvalidArgumentError(absl::StrCat("'", Printable(word), "' is not a face of a d",
                                                     faces_, " (1..", faces_, ")"));
    }
    faces.push_back(*face);
  }
  return OutcomeOfFaces(faces);
}

absl::StatusOr<int> DicePool::OutcomeOfFaces(std::span<const int> faces) const {
  auto check_faces = [&](std::span<const int> part) -> absl::Status {
    for (int face : part) {
      if (face < 1 || face > faces_) {
        return absl::InvalidArgumentError(
            absl::StrCat("'", face, "' is not a face of a d", faces_, " (1..", faces_, ")"));
      }
    }
    return absl::OkStatus();
  };
  const size_t dice = static_cast<size_t>(dice_);
  if (faces.size() < dice || (!reroll_.has_value() && faces.size() > dice)) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected ", dice_, " dice (", Describe(), "), got ", faces.size()));
  }
  const std::span<const int> first = faces.first(dice);
  if (absl::Status status = check_faces(first); !status.ok()) return status;
  std::vector<int> values;
  for (int face : first) values.push_back(DieValue(face));
  const int result = Combine(values);
  if (!reroll_.has_value()) return Lookup(result);

  const std::span<const int> rerolled = faces.subspan(dice);
  if (rerolled.size() != static_cast<size_t>(result)) {
    return absl::InvalidArgumentError(absl::StrCat("expected ", dice_, " dice then ", result,
                                                   " rerolls (", Describe(), "), got ",
                                                   faces.size(), " faces"));
  }
  if (absl::Status status = check_faces(rerolled); !status.ok()) return status;
  int successes = 0;
  for (int face : rerolled) successes += reroll_->Succeeds(face, faces_) ? 1 : 0;
  return Lookup(successes);
}

}  // namespace sandtable
