// The text fuzzer on the conformance suite's toy ruleset: keeps the shared fuzzer body
// honest even before the real rulesets land.
#include "tests/conformance/toy_game.h"
#include "tests/fuzz/ruleset_text_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto* fuzzer = new sandtable::fuzz::RulesetTextFuzzer<sandtable::conformance::ToyGame>();
  fuzzer->Run(data, size);
  return 0;
}
