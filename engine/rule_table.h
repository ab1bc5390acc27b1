// Rule tables: a ruleset's modifier sheet as data. Each row is one line of the sheet: a
// condition over a ruleset-defined context, an effect, and the name and citation a report
// shows. Apply() combines the rows that hold and says which they were, so a test can set
// up a context where exactly one row applies and check that row alone.
//
// Two uses: a modifier table (to-hit factors, hits-received adjustments) adds, subtracts
// and takes fractions of a base value; a lookup table (action-point costs, movement
// distances, ranges, activation rolls) gives the value of the first row that holds.
#ifndef SANDTABLE_ENGINE_RULE_TABLE_H_
#define SANDTABLE_ENGINE_RULE_TABLE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/check.h"

namespace sandtable {

struct RuleEffect {
  enum class Kind {
    kSet,        // the value becomes `amount` (before any other row)
    kAdd,        // + amount, times the row's count
    kLoseOnePer  // - 1 per full `amount` (2/3: 3, 1/2: 2), after every kAdd
  };
  Kind kind = Kind::kAdd;
  int amount = 0;

  static RuleEffect Set(int value) { return {Kind::kSet, value}; }
  static RuleEffect Add(int amount) { return {Kind::kAdd, amount}; }
  static RuleEffect LoseOnePer(int divisor) { return {Kind::kLoseOnePer, divisor}; }
};

template <typename Context>
struct RuleRow {
  std::string name;      // what the row says, e.g. "target in terrain"
  std::string citation;  // where it is written, e.g. "Shooting To Hit Factors, -2 Dice"
  std::function<bool(const Context&)> when;
  RuleEffect effect;
  // How many times a kAdd row applies ("-1 for each hit token"); empty: once.
  std::function<int(const Context&)> times;
};

template <typename Context>
struct AppliedRow {
  const RuleRow<Context>* row;
  int change;  // what the row did to the value at its turn
};

template <typename Context>
struct RuleResult {
  int value = 0;
  std::vector<AppliedRow<Context>> applied;  // in the order the rows were applied
};

template <typename Context>
class RuleTable {
 public:
  using Row = RuleRow<Context>;

  RuleTable(std::string name, std::vector<Row> rows)
      : name_(std::move(name)), rows_(std::move(rows)) {}

  const std::string& name() const { return name_; }
  const std::vector<Row>& rows() const { return rows_; }

  // The rows whose condition holds, in table order.
  std::vector<const Row*> Matching(const Context& context) const {
    std::vector<const Row*> matching;
    for (const Row& row : rows_) {
      if (row.when(context)) matching.push_back(&row);
    }
    return matching;
  }

  // The base value changed by every row that holds: the first kSet row replaces it, then
  // the kAdd rows add up (cumulative, as the sheets say), then each kLoseOnePer row in
  // table order takes its fraction of what is left.
  RuleResult<Context> Apply(int base, const Context& context) const {
    RuleResult<Context> result{base, {}};
    const std::vector<const Row*> matching = Matching(context);
    for (RuleEffect::Kind kind :
         {RuleEffect::Kind::kSet, RuleEffect::Kind::kAdd, RuleEffect::Kind::kLoseOnePer}) {
      for (const Row* row : matching) {
        if (row->effect.kind != kind) continue;
        const int before = result.value;
        switch (kind) {
          case RuleEffect::Kind::kSet:
            result.value = row->effect.amount;
            break;
          case RuleEffect::Kind::kAdd:
            result.value += row->effect.amount * (row->times ? row->times(context) : 1);
            break;
          case RuleEffect::Kind::kLoseOnePer:
            result.value -= result.value > 0 ? result.value / row->effect.amount : 0;
            break;
        }
        result.applied.push_back({row, result.value - before});
        if (kind == RuleEffect::Kind::kSet) break;
      }
    }
    return result;
  }

  // Apply(base, context).value without the record of the rows: no allocation, for a hot
  // path. Each condition is evaluated once.
  int Value(int base, const Context& context) const {
    DCHECK(rows_.size() <= 64);  // the rows that hold fit one word
    uint64_t holds = 0;
    for (size_t i = 0; i < rows_.size(); ++i) {
      if (rows_[i].when(context)) holds |= uint64_t{1} << i;
    }
    int value = base;
    for (size_t i = 0; i < rows_.size(); ++i) {
      if ((holds >> i & 1) && rows_[i].effect.kind == RuleEffect::Kind::kSet) {
        value = rows_[i].effect.amount;
        break;
      }
    }
    for (size_t i = 0; i < rows_.size(); ++i) {
      const Row& row = rows_[i];
      if ((holds >> i & 1) && row.effect.kind == RuleEffect::Kind::kAdd) {
        value += row.effect.amount * (row.times ? row.times(context) : 1);
      }
    }
    for (size_t i = 0; i < rows_.size(); ++i) {
      const Row& row = rows_[i];
      if ((holds >> i & 1) && row.effect.kind == RuleEffect::Kind::kLoseOnePer && value > 0) {
        value -= value / row.effect.amount;
      }
    }
    return value;
  }

  // For a lookup table: the first row that holds (its effect's amount is the value), or
  // nullptr when none does.
  const Row* Lookup(const Context& context) const {
    for (const Row& row : rows_) {
      if (row.when(context)) return &row;
    }
    return nullptr;
  }

 private:
  std::string name_;
  std::vector<Row> rows_;
};

}  // namespace sandtable

#endif  // SANDTABLE_ENGINE_RULE_TABLE_H_
