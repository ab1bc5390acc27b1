#include "engine/types.h"

namespace sandtable {

const char* NodeKindName(NodeKind kind) {
  switch (kind) {
    case NodeKind::kDecision:
      return "decision";
    case NodeKind::kChance:
      return "chance";
    case NodeKind::kSimultaneous:
      return "simultaneous";
    case NodeKind::kTerminal:
      return "terminal";
  }
  return "unknown";
}

}  // namespace sandtable
