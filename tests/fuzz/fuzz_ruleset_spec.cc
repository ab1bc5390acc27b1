// Fuzzes ParseRulesetSpec and Params::Resolve: any text either parses or returns an error,
// and a spec that resolves prints a canonical form that parses and resolves to itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/check.h"
#include "engine/params.h"

namespace {

const std::vector<sandtable::ParamDef>& Defs() {
  static const auto* defs = new std::vector<sandtable::ParamDef>{
      {.name = "squad_size", .description = "models", .default_value = "4", .min = 1, .max = 8},
      {.name = "big",
       .description = "wide range",
       .default_value = "0",
       .min = -1000000,
       .max = 1000000},
      {.name = "victory",
       .description = "victory condition",
       .default_value = "objectives",
       .choices = {"objectives", "support"}},
  };
  return *defs;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto spec = sandtable::ParseRulesetSpec(text);
  if (!spec.ok()) return 0;
  CHECK(!spec->name.empty());
  auto params = sandtable::Params::Resolve(Defs(), spec->values);
  if (!params.ok()) return 0;
  // The canonical form round-trips.
  const std::string canonical = spec->name + "(" + params->ToString() + ")";
  auto again = sandtable::ParseRulesetSpec(canonical);
  CHECK(again.ok());
  auto params_again = sandtable::Params::Resolve(Defs(), again->values);
  CHECK(params_again.ok());
  CHECK(params_again->ToString() == params->ToString());
  CHECK(params->GetInt("squad_size") >= 1 && params->GetInt("squad_size") <= 8);
  return 0;
}
