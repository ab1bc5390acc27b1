#include "tests/tools/pick_shoot.h"

#include <memory>

#include "absl/status/statusor.h"
#include "engine/check.h"
#include "search/playout.h"
#include "tools/game_impl.h"

namespace sandtable::testing {

std::shared_ptr<const Game> PickShootGameObject() {
  absl::StatusOr<std::shared_ptr<const Game>> game =
      CreateGameOf<PickShoot, NeutralEvaluator, UniformRollout>({}, "");
  CHECK(game.ok());
  return *game;
}

}  // namespace sandtable::testing
