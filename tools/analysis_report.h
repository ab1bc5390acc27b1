// One search's analysis written out: as a table for people or as one JSON object for
// programs (shaped after KataGo's analysis engine: rootInfo, moveInfos). `sandtable analyse`
// and the chance-node analysis print these.
#ifndef SANDTABLE_TOOLS_ANALYSIS_REPORT_H_
#define SANDTABLE_TOOLS_ANALYSIS_REPORT_H_

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "search/search_types.h"
#include "tools/game.h"

namespace sandtable {

// Visit-weighted means over the root actions: the root's own estimates, for the searching
// player.
void RootAverages(const SearchResult& result, double& value, double& win_probability);

// The analysis as one JSON object (tools/json_writer.h builds and writes it).
nlohmann::ordered_json AnalysisJsonValue(const Game& game, const Position& position,
                                         const SearchResult& result);

// The analysis as one JSON object (no newline).
std::string AnalysisJson(const Game& game, const Position& position, const SearchResult& result);

// The analysis as a table.
std::string AnalysisText(const Game& game, const Position& position, const SearchResult& result);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_ANALYSIS_REPORT_H_
