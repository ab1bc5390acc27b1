#include "tools/cli_render.h"

#include <cxxopts.hpp>
#include <string>

#include "absl/strings/str_cat.h"
#include "engine/text.h"
#include "tools/board_svg.h"
#include "tools/board_text.h"
#include "tools/cli_common.h"

namespace sandtable {
namespace {

struct Flags : PositionFlags {
  Player viewer = kOmniscient;
  bool svg = false;
};

absl::Status ParseFlags(int argc, const char* const* argv, Flags& flags) {
  return CatchFlagErrors([&]() -> absl::Status {
    cxxopts::Options options(
        "sandtable render",
        "Draws one position as a viewer sees it: the text board or an SVG picture (legend, "
        "coordinates, player 0 as circles and player 1 as squares). What the viewer has not "
        "observed is shown as '?'.");
    AddPositionFlags(options);
    options.add_options()("viewer",
                          "0 or 1: draw only what that player has observed (default: "
                          "everything)",
                          cxxopts::value<std::string>())(
        "format", "text or svg (default text)", cxxopts::value<std::string>())("h,help",
                                                                               "this help");
    const cxxopts::ParseResult result = options.parse(argc, argv);
    if (absl::Status status = FinishParse(options, result, flags); !status.ok() || flags.help) {
      return status;
    }
    ReadPositionFlags(result, flags);
    if (result.count("viewer")) {
      const std::string viewer = result["viewer"].as<std::string>();
      if (viewer != "0" && viewer != "1") {
        return absl::InvalidArgumentError(
            absl::StrCat("--viewer is 0 or 1, not '", Printable(viewer, 40), "'"));
      }
      flags.viewer = viewer == "0" ? 0 : 1;
    }
    if (result.count("format")) {
      const std::string format = result["format"].as<std::string>();
      if (format != "text" && format != "svg") {
        return absl::InvalidArgumentError(
            absl::StrCat("--format is text or svg, not '", Printable(format, 40), "'"));
      }
      flags.svg = format == "svg";
    }
    return absl::OkStatus();
  });
}

}  // namespace

int RunRender(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  Flags flags;
  const int code = ReportFlags("render", ParseFlags(argc, argv, flags), flags, out, err);
  if (code >= 0) return code;
  absl::StatusOr<GameAndPosition> loaded = LoadGameAndPosition(flags);
  if (!loaded.ok()) return Fail("render", loaded.status(), err);
  const BoardView view = loaded->position->DescribeBoard(flags.viewer);
  out << (flags.svg ? BoardSvg(view, loaded->game->spec()) : BoardText(view));
  return kExitOk;
}

}  // namespace sandtable
