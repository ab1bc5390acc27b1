// The protocol's option table: what `uci` announces and `setoption` changes. Values are
// validated here by type (spin range, check, combo choice, number); options with side
// effects (Ruleset, Scenario) are applied by the session, which may still reject them.
#ifndef SANDTABLE_TOOLS_PROTOCOL_OPTIONS_H_
#define SANDTABLE_TOOLS_PROTOCOL_OPTIONS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace sandtable {

struct ProtocolOptionDef {
  enum class Type { kSpin, kCheck, kString, kCombo, kNumber };
  std::string name;
  Type type = Type::kSpin;
  std::string default_value;
  int64_t min = 0;  // kSpin
  int64_t max = 0;
  double min_number = 0;  // kNumber (announced as a string option: UCI has no reals)
  double max_number = 0;
  std::vector<std::string> choices;  // kCombo
};

// The option names (case-insensitive on input, as in UCI).
inline constexpr std::string_view kOptThreads = "Threads";
inline constexpr std::string_view kOptSeed = "Seed";
inline constexpr std::string_view kOptDeterministic = "Deterministic";
inline constexpr std::string_view kOptMemoryMb = "MemoryMB";
inline constexpr std::string_view kOptRuleset = "Ruleset";
inline constexpr std::string_view kOptScenario = "Scenario";
inline constexpr std::string_view kOptMultiPv = "MultiPV";
inline constexpr std::string_view kOptUcbConstant = "UCBConstant";
inline constexpr std::string_view kOptSeat = "Seat";
inline constexpr std::string_view kOptSimultaneous = "Simultaneous";
inline constexpr std::string_view kOptRolloutCutoff = "RolloutCutoff";
inline constexpr std::string_view kOptRollout = "Rollout";
inline constexpr std::string_view kOptUcbValues = "UCBValues";
inline constexpr std::string_view kOptBeliefSamples = "BeliefSamples";
inline constexpr std::string_view kOptBelief = "Belief";
inline constexpr std::string_view kOptModelIterations = "ModelIterations";

class ProtocolOptions {
 public:
  explicit ProtocolOptions(std::string default_ruleset = "quickplay");

  const std::vector<ProtocolOptionDef>& defs() const { return defs_; }

  // The `option name ... type ...` lines for `uci`, in table order.
  std::vector<std::string> UciLines() const;

  // The canonical name of `name` (any case), or an error listing the options.
  absl::StatusOr<std::string> CanonicalName(std::string_view name) const;

  // Checks `value` against the option's type; returns the canonical value to store
  // ("true"/"false" for checks, the combo choice as declared, "" for "<empty>" strings).
  absl::StatusOr<std::string> Validate(std::string_view canonical_name,
                                       std::string_view value) const;

  // Stores an already validated value.
  void Store(std::string_view canonical_name, std::string value);

  const std::string& Get(std::string_view canonical_name) const;  // CHECKs the name
  int64_t GetInt(std::string_view canonical_name) const;
  bool GetBool(std::string_view canonical_name) const;
  double GetNumber(std::string_view canonical_name) const;

  // "Name=value" for every option, for fingerprints and `d`.
  std::string Summary() const;

 private:
  int IndexOf(std::string_view canonical_name) const;

  std::vector<ProtocolOptionDef> defs_;
  std::vector<std::string> values_;
};

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_PROTOCOL_OPTIONS_H_
