// The ruleset text fuzzer (ruleset_text_fuzzer.h) on quickplay's default scenario.
#include "rulesets/quickplay/quickplay.h"
#include "tests/fuzz/ruleset_text_fuzzer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static auto* fuzzer = new sandtable::fuzz::RulesetTextFuzzer<sandtable::QuickplayGame>();
  fuzzer->Run(data, size);
  return 0;
}
