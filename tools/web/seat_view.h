// What the web page is shown of a position from one seat: the board as that seat sees it,
// its own hidden holding, the scores and, for the actor, the legal actions with their cells.
// It must be a function of what the seat has observed: two positions the seat cannot tell
// apart give the same view (tests/web/seat_view_test.cc checks every registered ruleset).
#ifndef SANDTABLE_TOOLS_WEB_SEAT_VIEW_H_
#define SANDTABLE_TOOLS_WEB_SEAT_VIEW_H_

#include <string_view>

#include "engine/board.h"
#include "engine/types.h"
#include "tools/game.h"
#include "tools/json_writer.h"

namespace sandtable {

// {svg, grid, width, height}: the SVG with cell ids for the page's clicks.
Json BoardJson(const BoardView& view, std::string_view title);

// {board, hidden, score: {you, bot}, actions: [{text, cell}]} for `seat`. `actor` is whose
// legal actions to list: the seat itself, or kChancePlayer for dice the person enters by
// hand (with their exact probabilities), or kNoPlayer for none.
Json SeatView(const Position& position, Player seat, Player actor);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_WEB_SEAT_VIEW_H_
