// RunProtocol: the protocol over a pair of streams, with the registry's rulesets.
#include <istream>
#include <ostream>
#include <string>

#include "tools/protocol.h"
#include "tools/registry.h"

namespace sandtable {

int RunProtocol(std::istream& in, std::ostream& out) {
  ProtocolSession session(
      [](std::string_view spec, std::string_view scenario_text) {
        return CreateGame(spec, scenario_text);
      },
      [&out](std::string_view line) {
        out.write(line.data(), static_cast<std::streamsize>(line.size()));
        out.put('\n');
        out.flush();
      },
      DefaultRulesetName());
  std::string line;
  while (std::getline(in, line)) {
    if (!session.HandleLine(line)) return 0;
  }
  // End of input: let a finite search print its bestmove; stop an infinite one.
  session.FinishJob();
  return 0;
}

}  // namespace sandtable
