// `sandtable render`: draws one position as a viewer sees it, as the text board or an SVG
// picture (tools/board_text.h, tools/board_svg.h).
#ifndef SANDTABLE_TOOLS_CLI_RENDER_H_
#define SANDTABLE_TOOLS_CLI_RENDER_H_

#include <ostream>

namespace sandtable {

int RunRender(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_CLI_RENDER_H_
