// Placeholder until this session's notation lands.
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "rulesets/mgbb/mgbb.h"

namespace sandtable {

std::string MgbbGame::ActionToString(const State&, Player, Action action) const {
  return absl::StrCat(action);
}
absl::StatusOr<Action> MgbbGame::ParseAction(const State&, Player, std::string_view) const {
  return absl::UnimplementedError("mgbb: no notation yet");
}
std::string MgbbGame::StateToString(const State&) const { return "mgbb"; }
absl::StatusOr<MgbbGame::State> MgbbGame::ParseState(std::string_view) const {
  return absl::UnimplementedError("mgbb: no position strings yet");
}
std::vector<std::pair<std::string, int>> MgbbGame::ResultMeasures(const State&,
                                                                  const State&) const {
  return {};
}

}  // namespace sandtable
