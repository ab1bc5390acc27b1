// A dice pool: one definition gives both the exact distribution of a roll's outcome and the
// outcome of a given set of raw faces, so a ruleset's chance node and its "roll 4 2 6"
// parser cannot disagree. Distribution() enumerates the same per-die rule and the same
// combining step that OutcomeOfFaces() applies to faces.
//
// A pool is a success count (each die succeeds by a SuccessRule; optionally the defender
// removes the best dice and each success is rolled again), a pair of counts from one roll
// (each die counts toward the first rule it meets: "natural 6s are casualties, other 4+ force
// a save"), or a sum of the faces plus a modifier. The roller may add a bonus to one die of
// its choice. A count or sum may be looked up in a result table.
#ifndef SANDTABLE_ENGINE_DICE_POOL_H_
#define SANDTABLE_ENGINE_DICE_POOL_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/probability.h"

namespace sandtable {

// When one die succeeds: the face plus `modifier` (plus a bonus the roller gave that die)
// compared with `target`. A natural 1 (the lowest face) or a natural max (the highest face, 6
// on a d6) may override the comparison. A `natural` rule reads the face as rolled: neither
// `modifier` nor a bonus to the die counts ("every natural 6 is a casualty").
struct SuccessRule {
  enum class Compare { kAtLeast, kAtMost };
  Compare compare = Compare::kAtLeast;
  int target = 0;
  int modifier = 0;
  bool natural_one_fails = false;
  bool natural_max_succeeds = false;
  bool natural = false;

  static SuccessRule AtLeast(int target) { return {Compare::kAtLeast, target}; }
  static SuccessRule AtMost(int target) { return {Compare::kAtMost, target}; }
  // "Quality 4+" tests: natural 1 always fails, natural max always succeeds.
  static SuccessRule Test(int target, int modifier) {
    return {Compare::kAtLeast, target, modifier, true, true};
  }
  // A natural `face` or better ("natural 6").
  static SuccessRule Natural(int face) { return {Compare::kAtLeast, face, 0, false, false, true}; }
  bool Succeeds(int face, int faces, int bonus = 0) const;
  // "4+ at -1 (natural 1 fails, natural 6 succeeds)" or "4 or less", for messages.
  std::string ToString(int faces) const;
};

struct PoolOutcome {
  int value;  // successes, sum, or the result table's entry
  Probability probability;
  friend bool operator==(const PoolOutcome&, const PoolOutcome&) = default;
};

class DicePool {
 public:
  // `dice` dice of `faces` faces, counting the dice that succeed by `rule`.
  static DicePool CountSuccesses(int dice, int faces, SuccessRule rule);
  // `dice` dice of `faces` faces; each die counts toward `first` if it meets it, else toward
  // `second` if it meets that. The value is PairValue(first count, second count).
  static DicePool CountPair(int dice, int faces, SuccessRule first, SuccessRule second);
  // `dice` dice of `faces` faces, summed, plus `modifier`.
  static DicePool Sum(int dice, int faces, int modifier = 0);
  // A sum that also counts the natural highest faces and the natural 1s ("the higher total
  // wins; every natural 6 is a casualty, every natural 1 forces a save"). The value is
  // TripleValue(sum + modifier, highs, ones); `modifier` >= 0 so the sum is never negative.
  static DicePool SumAndNaturals(int dice, int faces, int modifier = 0);
  static int TripleValue(int sum, int highs, int ones) {
    return (sum * kPairStride + highs) * kPairStride + ones;
  }
  static int TripleSum(int value) { return value / (kPairStride * kPairStride); }
  static int TripleHighs(int value) { return value / kPairStride % kPairStride; }
  static int TripleOnes(int value) { return value % kPairStride; }

  // A pair's value and its two counts (each count below kPairStride).
  static constexpr int kPairStride = 64;
  static int PairValue(int first, int second) { return first * kPairStride + second; }
  static int PairFirst(int value) { return value / kPairStride; }
  static int PairSecond(int value) { return value % kPairStride; }

  // After the roll the roller adds `bonus` to one die, the one that gives the best result
  // (the most successes; for a pair the larger first count, then the larger second), so it
  // is not a decision. Not with RemoveBest or RerollSuccesses.
  DicePool& BonusToBestDie(int bonus) { return BonusToBestDice(bonus, 1); }
  // The same for `count` bonuses, each to a different die (all dice when there are fewer):
  // "+1 to one save die for the medic, +1 to another for the tree".
  DicePool& BonusToBestDice(int bonus, int count);

  // After the roll the defender removes the `count` best dice (successes first; for sums
  // the highest faces). Always optimal for the defender, so it is not a decision.
  DicePool& RemoveBest(int count);
  // Each success left is rolled again and counts only when the reroll succeeds by `rule`
  // (success counts only). The rerolls' faces follow the first roll's in OutcomeOfFaces.
  DicePool& RerollSuccesses(SuccessRule rule);
  // The outcome is the entry of the last row whose `from` is at most the count or sum;
  // rows ascend and the first covers the smallest possible result.
  DicePool& LookUp(std::vector<std::pair<int, int>> from_and_outcome);
  // Replaces Describe()'s text in messages (a ruleset's own wording of the roll).
  DicePool& Label(std::string label);

  int dice() const { return dice_; }
  int faces() const { return faces_; }
  std::string Describe() const;

  // Every possible outcome once, ascending by value, with its exact probability (outcomes
  // that cannot happen are left out); the probabilities sum to exactly 1.
  std::vector<PoolOutcome> Distribution() const;
  // The outcome of the raw faces: dice() faces, then (with rerolls) one face per success
  // left after the removal, in the order of those dice. A wrong number of faces or a face
  // outside 1..faces() is an InvalidArgument error that says which.
  absl::StatusOr<int> OutcomeOfFaces(std::span<const int> faces) const;
  // The same for faces typed at a table, separated by blanks ("4 2 6"): what a ruleset's
  // "roll ..." notation passes on. A word that is not a number is an error that quotes it.
  absl::StatusOr<int> OutcomeOfFacesText(std::string_view text) const;

 private:
  DicePool(int dice, int faces) : dice_(dice), faces_(faces) {}
  // What one die contributes: 1 / 0 for a success count, the face for a sum, for a pair or
  // with a bonus the face (Combine classifies).
  int DieValue(int face) const;
  // A pair's or a bonus pool's result from the faces, the bonus on the dice of `bonus_dice`
  // (bit i: die i).
  int CombineFaces(const std::vector<int>& faces, uint64_t bonus_dice) const;
  // The first roll's result from its dice' values (any order; sorted here).
  int Combine(std::vector<int> values) const;
  // The distribution of Combine over `dice` dice, keyed by the combined result.
  std::vector<PoolOutcome> CombinedDistribution(int dice) const;
  int Lookup(int result) const;

  int dice_;
  int faces_;
  std::optional<SuccessRule> success_;  // empty: a sum
  std::optional<SuccessRule> second_;   // a pair's second rule
  bool naturals_ = false;               // a sum that also counts natural highs and 1s
  int bonus_ = 0;                       // to `bonus_count_` dice, the roller's best choice
  int bonus_count_ = 0;
  int modifier_ = 0;
  int remove_best_ = 0;
  std::optional<SuccessRule> reroll_;
  std::vector<std::pair<int, int>> table_;
  std::string label_;
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_DICE_POOL_H_
