// The ruleset text fuzzer (ruleset_text_fuzzer.h) on one ruleset of the list, chosen by
// SANDTABLE_FUZZ_RULESET (its C++ type; tests/fuzz/CMakeLists.txt builds one target per
// ruleset), with its default parameters and scenario.
#include "rulesets/registered.h"
#include "tests/fuzz/ruleset_text_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto* fuzzer = new sandtable::fuzz::RulesetTextFuzzer<sandtable::SANDTABLE_FUZZ_RULESET>();
  fuzzer->Run(data, size);
  return 0;
}
