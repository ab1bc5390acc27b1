#include "engine/params.h"

#include <algorithm>
#include <cctype>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/check.h"
#include "engine/text.h"

namespace sandtable {
namespace {

bool IsIdentifier(absl::string_view text) {
  if (text.empty()) return false;
  return std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

absl::Status CheckValue(const ParamDef& def, const std::string& value) {
  if (def.IsChoice()) {
    if (std::find(def.choices.begin(), def.choices.end(), value) == def.choices.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("parameter ", def.name, ": '", value, "' is not ", def.Describe()));
    }
    return absl::OkStatus();
  }
  int64_t number = 0;
  if (!absl::SimpleAtoi(value, &number) || number < def.min || number > def.max) {
    return absl::InvalidArgumentError(
        absl::StrCat("parameter ", def.name, ": '", value, "' is not ", def.Describe()));
  }
  return absl::OkStatus();
}

}  // namespace

std::string ParamDef::Describe() const {
  if (IsChoice()) {
    return absl::StrCat("one of ", absl::StrJoin(choices, "|"), ", default ", default_value);
  }
  return absl::StrCat("an integer ", min, "..", max, ", default ", default_value);
}

absl::StatusOr<RulesetSpec> ParseRulesetSpec(std::string_view text_in) {
  absl::string_view text = absl::StripAsciiWhitespace(ToAbsl(text_in));
  RulesetSpec spec;
  const size_t open = text.find('(');
  if (open == absl::string_view::npos) {
    if (!IsIdentifier(text)) {
      return absl::InvalidArgumentError(absl::StrCat("bad ruleset name '", text, "'"));
    }
    spec.name = std::string(text);
    return spec;
  }
  if (text.back() != ')') {
    return absl::InvalidArgumentError(
        absl::StrCat("ruleset '", text, "': parameters must end with ')'"));
  }
  const absl::string_view name = absl::StripAsciiWhitespace(text.substr(0, open));
  if (!IsIdentifier(name)) {
    return absl::InvalidArgumentError(absl::StrCat("bad ruleset name '", name, "'"));
  }
  spec.name = std::string(name);
  const absl::string_view inside = text.substr(open + 1, text.size() - open - 2);
  if (absl::StripAsciiWhitespace(inside).empty()) return spec;
  for (absl::string_view item : absl::StrSplit(inside, ',')) {
    const size_t eq = item.find('=');
    if (eq == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("ruleset ", spec.name, ": expected key=value, got '", item, "'"));
    }
    const absl::string_view key = absl::StripAsciiWhitespace(item.substr(0, eq));
    const absl::string_view value = absl::StripAsciiWhitespace(item.substr(eq + 1));
    if (!IsIdentifier(key)) {
      return absl::InvalidArgumentError(
          absl::StrCat("ruleset ", spec.name, ": bad parameter name '", key, "'"));
    }
    if (value.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("ruleset ", spec.name, ": parameter ", key, " has no value"));
    }
    if (!spec.values.emplace(std::string(key), std::string(value)).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("ruleset ", spec.name, ": parameter ", key, " given twice"));
    }
  }
  return spec;
}

absl::StatusOr<Params> Params::Resolve(const std::vector<ParamDef>& defs,
                                       const std::map<std::string, std::string>& values) {
  for (const auto& [key, value] : values) {
    const bool known = std::any_of(defs.begin(), defs.end(),
                                   [&key = key](const ParamDef& def) { return def.name == key; });
    if (!known) {
      std::vector<std::string> names;
      for (const ParamDef& def : defs) names.push_back(def.name);
      return absl::InvalidArgumentError(
          absl::StrCat("unknown parameter '", key,
                       "' (known: ", names.empty() ? "none" : absl::StrJoin(names, ", "), ")"));
    }
  }
  Params params;
  for (const ParamDef& def : defs) {
    const auto it = values.find(def.name);
    const std::string& value = it == values.end() ? def.default_value : it->second;
    if (absl::Status status = CheckValue(def, value); !status.ok()) return status;
    params.values_.emplace_back(def.name, value);
  }
  return params;
}

int64_t Params::GetInt(std::string_view name) const {
  int64_t number = 0;
  CHECK(absl::SimpleAtoi(GetString(name), &number));
  return number;
}

const std::string& Params::GetString(std::string_view name) const {
  for (const auto& [key, value] : values_) {
    if (key == name) return value;
  }
  CHECK(false && "undeclared parameter");
  __builtin_unreachable();
}

std::string Params::ToString() const {
  return absl::StrJoin(values_, ",", absl::PairFormatter("="));
}

}  // namespace sandtable
