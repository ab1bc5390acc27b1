#include "tools/web/seat_view.h"

#include <utility>

#include "engine/chance.h"
#include "tools/board_svg.h"

namespace sandtable {

Json BoardJson(const BoardView& view, std::string_view title) {
  return {{"svg", BoardSvg(view, title, /*cell_ids=*/true)},
          {"grid", view.grid == GridKind::kNone  ? "none"
                   : view.grid == GridKind::kHex ? "hex"
                                                 : "square"},
          {"width", view.width},
          {"height", view.height}};
}

Json SeatView(const Position& position, Player seat, Player actor) {
  Json actions = Json::array();
  if (actor == kChancePlayer) {
    // Manual dice: the outcomes are public, with their exact probabilities.
    for (const ChanceOutcome& o : position.ChanceOutcomes()) {
      actions.push_back({{"text", position.ActionToString(kChancePlayer, o.outcome)},
                         {"cell", kOffGrid},
                         {"probability", o.probability.ToDouble()},
                         {"fraction", o.probability.ToString()}});
    }
  } else if (actor != kNoPlayer) {
    for (Action a : position.LegalActions(actor)) {
      actions.push_back(
          {{"text", position.ActionToString(actor, a)}, {"cell", position.ActionCell(actor, a)}});
    }
  }
  return {{"board", BoardJson(position.DescribeBoard(seat), position.game().spec())},
          {"hidden", position.DescribeHidden(seat)},
          {"score", {{"you", position.Score(seat)}, {"bot", position.Score(1 - seat)}}},
          {"actions", std::move(actions)}};
}

}  // namespace sandtable
