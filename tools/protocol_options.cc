#include "tools/protocol_options.h"

#include <cmath>
#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/check.h"
#include "engine/text.h"
#include "search/search_types.h"
#include "tools/protocol_text.h"

namespace sandtable {
namespace {

using Type = ProtocolOptionDef::Type;

ProtocolOptionDef Spin(std::string_view name, int64_t def, int64_t min, int64_t max) {
  ProtocolOptionDef d;
  d.name = std::string(name);
  d.type = Type::kSpin;
  d.default_value = absl::StrCat(def);
  d.min = min;
  d.max = max;
  return d;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return absl::EqualsIgnoreCase(ToAbsl(a), ToAbsl(b));
}

}  // namespace

ProtocolOptions::ProtocolOptions(std::string default_ruleset) {
  defs_.push_back(Spin(kOptThreads, 1, 1, 256));
  defs_.push_back(Spin(kOptSeed, 0, 0, INT64_MAX));
  defs_.push_back({std::string(kOptDeterministic), Type::kCheck, "false"});
  defs_.push_back(Spin(kOptMemoryMb, 256, 1, 65536));
  defs_.push_back({std::string(kOptRuleset), Type::kString, std::move(default_ruleset)});
  defs_.push_back({std::string(kOptScenario), Type::kString, ""});
  defs_.push_back(Spin(kOptMultiPv, 1, 1, 256));
  ProtocolOptionDef ucb{std::string(kOptUcbConstant), Type::kNumber, "1.4"};
  ucb.min_number = 0;
  ucb.max_number = 100;
  defs_.push_back(ucb);
  defs_.push_back(Spin(kOptSeat, 0, 0, 1));
  ProtocolOptionDef simultaneous{std::string(kOptSimultaneous), Type::kCombo, "decoupled"};
  simultaneous.choices = {"decoupled", "exp3", "regret"};
  defs_.push_back(simultaneous);
  // -1: the ruleset's own cutoff (its evaluator's kPlayoutCutoff); 0: play to the end.
  defs_.push_back(Spin(kOptRolloutCutoff, SearchOptions::kRulesetCutoff,
                       SearchOptions::kRulesetCutoff, 100000));
  ProtocolOptionDef rollout{std::string(kOptRollout), Type::kCombo, "ruleset"};
  rollout.choices = {"ruleset", "uniform"};
  defs_.push_back(rollout);
  ProtocolOptionDef ucb_values{std::string(kOptUcbValues), Type::kCombo, "ruleset"};
  ucb_values.choices = {"ruleset", "raw", "normalized"};
  defs_.push_back(ucb_values);
  defs_.push_back(Spin(kOptBeliefSamples, 4096, 1, kMaxBeliefSamples));
  ProtocolOptionDef belief{std::string(kOptBelief), Type::kCombo, "inference"};
  belief.choices = {"uniform", "inference", "bluff"};
  defs_.push_back(belief);
  // 0: the searcher's default share of the iterations (SearchOptions::model_iterations).
  defs_.push_back(Spin(kOptModelIterations, 0, 0, 100000000));
  for (const ProtocolOptionDef& def : defs_) values_.push_back(def.default_value);
}

std::vector<std::string> ProtocolOptions::UciLines() const {
  std::vector<std::string> lines;
  for (const ProtocolOptionDef& def : defs_) {
    std::string line = absl::StrCat("option name ", def.name, " type ");
    switch (def.type) {
      case Type::kSpin:
        absl::StrAppend(&line, "spin default ", def.default_value, " min ", def.min, " max ",
                        def.max);
        break;
      case Type::kCheck:
        absl::StrAppend(&line, "check default ", def.default_value);
        break;
      case Type::kString:
      case Type::kNumber:
        absl::StrAppend(&line, "string default ",
                        def.default_value.empty() ? "<empty>" : def.default_value);
        break;
      case Type::kCombo:
        absl::StrAppend(&line, "combo default ", def.default_value);
        for (const std::string& choice : def.choices) absl::StrAppend(&line, " var ", choice);
        break;
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

absl::StatusOr<std::string> ProtocolOptions::CanonicalName(std::string_view name) const {
  for (const ProtocolOptionDef& def : defs_) {
    if (EqualsIgnoreCase(def.name, name)) return def.name;
  }
  std::string known;
  for (const ProtocolOptionDef& def : defs_) {
    if (!known.empty()) known += ", ";
    known += def.name;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("setoption: unknown option '", Printable(name, 60), "' (options: ", known, ")"));
}

absl::StatusOr<std::string> ProtocolOptions::Validate(std::string_view canonical_name,
                                                      std::string_view value) const {
  const ProtocolOptionDef& def = defs_[IndexOf(canonical_name)];
  switch (def.type) {
    case Type::kSpin: {
      int64_t number = 0;
      if (!absl::SimpleAtoi(ToAbsl(value), &number) || number < def.min || number > def.max) {
        return absl::InvalidArgumentError(
            absl::StrCat("setoption: ", def.name, " needs a whole number from ", def.min, " to ",
                         def.max, ", got '", Printable(value, 40), "'"));
      }
      return absl::StrCat(number);
    }
    case Type::kCheck:
      if (EqualsIgnoreCase(value, "true")) return std::string("true");
      if (EqualsIgnoreCase(value, "false")) return std::string("false");
      return absl::InvalidArgumentError(absl::StrCat(
          "setoption: ", def.name, " needs true or false, got '", Printable(value, 40), "'"));
    case Type::kCombo:
      for (const std::string& choice : def.choices) {
        if (EqualsIgnoreCase(choice, value)) return choice;
      }
      return absl::InvalidArgumentError(absl::StrCat("setoption: ", def.name, " needs one of ",
                                                     absl::StrJoin(def.choices, ", "), ", got '",
                                                     Printable(value, 40), "'"));
    case Type::kNumber: {
      double number = 0;
      if (!absl::SimpleAtod(ToAbsl(value), &number) || !std::isfinite(number) ||
          number < def.min_number || number > def.max_number) {
        return absl::InvalidArgumentError(
            absl::StrCat("setoption: ", def.name, " needs a number from ", def.min_number, " to ",
                         def.max_number, ", got '", Printable(value, 40), "'"));
      }
      return std::string(value);
    }
    case Type::kString:
      if (value == "<empty>") return std::string();
      for (char c : value) {
        if (static_cast<unsigned char>(c) < 0x20) {
          return absl::InvalidArgumentError(
              absl::StrCat("setoption: ", def.name, " contains a control character"));
        }
      }
      return std::string(value);
  }
  return absl::InternalError("unreachable");
}

void ProtocolOptions::Store(std::string_view canonical_name, std::string value) {
  values_[IndexOf(canonical_name)] = std::move(value);
}

const std::string& ProtocolOptions::Get(std::string_view canonical_name) const {
  return values_[IndexOf(canonical_name)];
}

int64_t ProtocolOptions::GetInt(std::string_view canonical_name) const {
  int64_t value = 0;
  CHECK(absl::SimpleAtoi(ToAbsl(Get(canonical_name)), &value));
  return value;
}

bool ProtocolOptions::GetBool(std::string_view canonical_name) const {
  return Get(canonical_name) == "true";
}

double ProtocolOptions::GetNumber(std::string_view canonical_name) const {
  double value = 0;
  CHECK(absl::SimpleAtod(ToAbsl(Get(canonical_name)), &value));
  return value;
}

std::string ProtocolOptions::Summary() const {
  std::string summary;
  for (size_t i = 0; i < defs_.size(); ++i) {
    if (i > 0) summary += ' ';
    absl::StrAppend(&summary, defs_[i].name, "=", values_[i]);
  }
  return summary;
}

int ProtocolOptions::IndexOf(std::string_view canonical_name) const {
  for (size_t i = 0; i < defs_.size(); ++i) {
    if (defs_[i].name == canonical_name) return static_cast<int>(i);
  }
  CHECK(false && "unknown option name");
  return -1;
}

}  // namespace sandtable
