#include "engine/params.h"

#include "gtest/gtest.h"

namespace sandtable {
namespace {

const std::vector<ParamDef>& Defs() {
  static const auto* defs = new std::vector<ParamDef>{
      {.name = "squad_size", .description = "models", .default_value = "4", .min = 1, .max = 8},
      {.name = "victory",
       .description = "victory condition",
       .default_value = "objectives",
       .choices = {"objectives", "support"}},
  };
  return *defs;
}

TEST(ParamsTest, ParsesNameOnlyAndWithValues) {
  auto spec = ParseRulesetSpec("quickplay");
  ASSERT_TRUE(spec.ok());
  EXPECT_EQ(spec->name, "quickplay");
  EXPECT_TRUE(spec->values.empty());
  spec = ParseRulesetSpec(" quickplay( squad_size = 5 ,victory=support) ");
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->values.at("squad_size"), "5");
  EXPECT_EQ(spec->values.at("victory"), "support");
}

TEST(ParamsTest, RejectsMalformedSpecs) {
  for (const char* bad :
       {"", "quick play", "q(", "q(a)", "q(a=)", "q(a=1,a=2)", "q(=1)", "q(a=1"}) {
    EXPECT_FALSE(ParseRulesetSpec(bad).ok()) << bad;
  }
}

TEST(ParamsTest, ResolvesDefaultsAndValidates) {
  auto params = Params::Resolve(Defs(), {});
  ASSERT_TRUE(params.ok());
  EXPECT_EQ(params->GetInt("squad_size"), 4);
  EXPECT_EQ(params->GetString("victory"), "objectives");
  EXPECT_EQ(params->ToString(), "squad_size=4,victory=objectives");

  params = Params::Resolve(Defs(), {{"squad_size", "6"}});
  ASSERT_TRUE(params.ok());
  EXPECT_EQ(params->GetInt("squad_size"), 6);

  auto bad = Params::Resolve(Defs(), {{"squad_size", "9"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("1..8"), std::string::npos) << bad.status();
  EXPECT_FALSE(Params::Resolve(Defs(), {{"squad_size", "x"}}).ok());
  EXPECT_FALSE(Params::Resolve(Defs(), {{"victory", "tea"}}).ok());
  bad = Params::Resolve(Defs(), {{"colour", "red"}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("unknown parameter 'colour'"), std::string::npos);
}

}  // namespace
}  // namespace sandtable
