// The ruleset text fuzzer (ruleset_text_fuzzer.h) on kuhn_poker.
#include "rulesets/reference/kuhn_poker.h"
#include "tests/fuzz/ruleset_text_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto* fuzzer = new sandtable::fuzz::RulesetTextFuzzer<sandtable::KuhnPoker>();
  fuzzer->Run(data, size);
  return 0;
}
