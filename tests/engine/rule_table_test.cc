#include "engine/rule_table.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace sandtable {
namespace {

// A cut-down shooting sheet in the style of a to-hit factors table: dice adjustments are
// cumulative, the fractional rows come after them.
struct Shot {
  int hit_tokens = 0;
  bool nighttime = false;
  bool two_ranks = false;
  bool long_range = false;
  bool terrain_short_range = false;
};

RuleTable<Shot> ShootingDice() {
  return RuleTable<Shot>(
      "shooting dice",
      {
          // Listed first on purpose: fractions apply after the additions whatever the order.
          {"shooting at long range",
           "Shooting To Hit, 1/2 Dice",
           [](const Shot& s) { return s.long_range; },
           RuleEffect::LoseOnePer(2),
           {}},
          {"shooters in terrain, target at short range",
           "Shooting To Hit, 2/3 Dice",
           [](const Shot& s) { return s.terrain_short_range; },
           RuleEffect::LoseOnePer(3),
           {}},
          {"nighttime",
           "Common To Hit, -2 Dice",
           [](const Shot& s) { return s.nighttime; },
           RuleEffect::Add(-2),
           {}},
          {"each hit token", "Common To Hit, -1 Dice",
           [](const Shot& s) { return s.hit_tokens > 0; }, RuleEffect::Add(-1),
           [](const Shot& s) { return s.hit_tokens; }},
          {"shooters are 2R",
           "Shooting To Hit, -2 Dice",
           [](const Shot& s) { return s.two_ranks; },
           RuleEffect::Add(-2),
           {}},
      });
}

std::vector<std::pair<std::string, int>> Applied(const RuleResult<Shot>& result) {
  std::vector<std::pair<std::string, int>> applied;
  for (const AppliedRow<Shot>& a : result.applied) applied.emplace_back(a.row->name, a.change);
  return applied;
}

using Changes = std::vector<std::pair<std::string, int>>;

TEST(RuleTableTest, NoRowLeavesTheBase) {
  const RuleResult<Shot> result = ShootingDice().Apply(4, Shot{});
  EXPECT_EQ(result.value, 4);
  EXPECT_TRUE(result.applied.empty());
  EXPECT_TRUE(ShootingDice().Matching(Shot{}).empty());
}

// Value is Apply's value without the record, for every combination of the rows and bases
// from below zero to well above.
TEST(RuleTableTest, ValueIsApplysValue) {
  const RuleTable<Shot> table = ShootingDice();
  for (int bits = 0; bits < 32; ++bits) {
    const Shot shot{.hit_tokens = bits & 1 ? 2 : 0,
                    .nighttime = (bits & 2) != 0,
                    .two_ranks = (bits & 4) != 0,
                    .long_range = (bits & 8) != 0,
                    .terrain_short_range = (bits & 16) != 0};
    for (int base = -2; base <= 12; ++base) {
      EXPECT_EQ(table.Value(base, shot), table.Apply(base, shot).value) << bits << " " << base;
    }
  }
}

TEST(RuleTableTest, EachRowAlone) {
  const RuleTable<Shot> table = ShootingDice();
  EXPECT_EQ(Applied(table.Apply(4, {.nighttime = true})), (Changes{{"nighttime", -2}}));
  EXPECT_EQ(table.Apply(4, {.nighttime = true}).value, 2);
  // -1 per token: three tokens take three dice.
  EXPECT_EQ(Applied(table.Apply(4, {.hit_tokens = 3})), (Changes{{"each hit token", -3}}));
  EXPECT_EQ(Applied(table.Apply(4, {.two_ranks = true})), (Changes{{"shooters are 2R", -2}}));
  // 1/2: one die lost per full 2, so 5 dice become 3.
  EXPECT_EQ(Applied(table.Apply(5, {.long_range = true})),
            (Changes{{"shooting at long range", -2}}));
  EXPECT_EQ(table.Apply(5, {.long_range = true}).value, 3);
  // 2/3: one die lost per full 3, so 7 dice become 5 and 2 dice stay 2.
  EXPECT_EQ(table.Apply(7, {.terrain_short_range = true}).value, 5);
  EXPECT_EQ(table.Apply(2, {.terrain_short_range = true}).value, 2);
}

TEST(RuleTableTest, AdditionsAccumulateBeforeFractions) {
  const RuleTable<Shot> table = ShootingDice();
  // 8 dice, -2 at night, -1 for one token = 5; then 1/2 loses 2 (3), then 2/3 loses 1 (2).
  const Shot shot{
      .hit_tokens = 1, .nighttime = true, .long_range = true, .terrain_short_range = true};
  const RuleResult<Shot> result = table.Apply(8, shot);
  EXPECT_EQ(result.value, 2);
  EXPECT_EQ(Applied(result), (Changes{{"nighttime", -2},
                                      {"each hit token", -1},
                                      {"shooting at long range", -2},
                                      {"shooters in terrain, target at short range", -1}}));
  EXPECT_EQ(result.applied[0].row->citation, "Common To Hit, -2 Dice");
  EXPECT_EQ(table.Matching(shot).size(), 4u);
}

// A lookup sheet: activation rolls by unit class, the first row that holds.
enum class UnitClass { kRegular, kPolice, kGuerrilla, kTribal };

TEST(RuleTableTest, LookupTakesTheFirstRowThatHolds) {
  const RuleTable<UnitClass> activation(
      "activation roll",
      {
          {"Regular Army",
           "Activation Roll Table",
           [](UnitClass c) { return c == UnitClass::kRegular; },
           RuleEffect::Set(1),
           {}},
          {"Para-military / Police",
           "Activation Roll Table",
           [](UnitClass c) { return c == UnitClass::kPolice; },
           RuleEffect::Set(2),
           {}},
          {"Guerrilla / Militia / Tribal",
           "Activation Roll Table",
           [](UnitClass c) { return c == UnitClass::kGuerrilla || c == UnitClass::kTribal; },
           RuleEffect::Set(3),
           {}},
      });
  EXPECT_EQ(activation.Lookup(UnitClass::kRegular)->effect.amount, 1);
  EXPECT_EQ(activation.Lookup(UnitClass::kPolice)->effect.amount, 2);
  EXPECT_EQ(activation.Lookup(UnitClass::kTribal)->name, "Guerrilla / Militia / Tribal");
  EXPECT_EQ(activation.Lookup(UnitClass::kTribal)->effect.amount, 3);
  // In Apply a kSet row replaces the base: from 6 to 2.
  const RuleResult<UnitClass> set = activation.Apply(6, UnitClass::kPolice);
  EXPECT_EQ(set.value, 2);
  ASSERT_EQ(set.applied.size(), 1u);
  EXPECT_EQ(set.applied[0].change, -4);
}

TEST(RuleTableTest, LookupWithNoRowIsEmpty) {
  const RuleTable<int> table(
      "ranges", {{"rifle", "Ranges", [](int w) { return w == 0; }, RuleEffect::Set(12), {}}});
  EXPECT_EQ(table.Lookup(1), nullptr);
  EXPECT_EQ(table.Lookup(0)->effect.amount, 12);
}

}  // namespace
}  // namespace sandtable
