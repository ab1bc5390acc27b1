// Fuzzes ParsePlayerSpec (the match tool's --a / --b): any text either parses into a spec
// within the documented ranges or returns one error line that quotes the expected forms.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/check.h"
#include "tools/match/match_player.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto spec = sandtable::ParsePlayerSpec(text);
  if (!spec.ok()) {
    const std::string message(spec.status().message());
    CHECK(message.find("expected random, greedy") != std::string::npos);
    return 0;
  }
  CHECK(text.find(spec->text) != std::string_view::npos);  // as given, trimmed
  switch (spec->kind) {
    case sandtable::PlayerKind::kRandom:
      break;
    case sandtable::PlayerKind::kGreedy:
      CHECK(spec->greedy_budget >= 1);
      break;
    case sandtable::PlayerKind::kIsmcts:
      // A search always has a limit, and its settings are in range.
      CHECK(spec->search.max_iterations >= 1 || spec->search.max_time_ms >= 1);
      CHECK(spec->search.max_iterations >= 0 && spec->search.max_time_ms >= 0);
      CHECK(spec->search.threads >= 1 && spec->search.threads <= 256);
      CHECK(std::isfinite(spec->search.ucb_c) && spec->search.ucb_c >= 0);
      CHECK(spec->search.rollout_cutoff >= sandtable::SearchOptions::kRulesetCutoff &&
            spec->search.rollout_cutoff <= 1000000);
      break;
  }
  return 0;
}
