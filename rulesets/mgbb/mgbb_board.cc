// Placeholder until this session's board lands.
#include "rulesets/mgbb/mgbb.h"

namespace sandtable {

BoardView MgbbGame::DescribeBoard(const State&, Player) const {
  BoardView view;
  view.AddLine("mgbb");
  return view;
}
int MgbbGame::ActionCell(const State&, Player, Action) const { return kOffGrid; }

}  // namespace sandtable
