// The text fuzzer on the conformance suite's card_stakes ruleset: keeps the shared fuzzer body
// honest even before the real rulesets land.
#include "tests/conformance/card_stakes.h"
#include "tests/fuzz/ruleset_text_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto* fuzzer =
      new sandtable::fuzz::RulesetTextFuzzer<sandtable::conformance::CardStakes>();
  fuzzer->Run(data, size);
  return 0;
}
