#include "tools/board_svg.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tools/board_layout.h"
#include "tools/board_look.h"
#include "tools/board_text.h"

namespace sandtable {
namespace {

constexpr double kMargin = 8;
constexpr double kGutter = 22;      // room for the coordinates
constexpr double kCell = 30;        // square side
constexpr double kHexRadius = 17;   // centre to corner
constexpr double kCharWidth = 7.3;  // 12px monospace
constexpr double kLineHeight = 17;
constexpr double kSqrt3 = 1.7320508075688772;

const char* Colour(ColourRole role) {
  switch (role) {
    case ColourRole::kSide0:
      return "#1f5fbf";
    case ColourRole::kSide1:
      return "#c8302b";
    case ColourRole::kNeutral:
      return "#3a8f3a";
    case ColourRole::kUnknown:
      return "#8c8c8c";
    case ColourRole::kGround:
      return "#f3efe2";
    case ColourRole::kHighlight:
      return "#ead9a0";
    case ColourRole::kCover:
      return "#86ad72";
    case ColourRole::kBlocking:
      return "#55524d";
    case ColourRole::kObjective:
      return "#e3a600";
    case ColourRole::kPlain:
      break;
  }
  return "#222222";
}

std::string Num(double value) { return absl::StrFormat("%.1f", value); }

double TextWidth(std::string_view text) { return kCharWidth * static_cast<double>(text.size()); }

std::string Text(double x, double y, std::string_view text, const std::string& attributes = "") {
  return absl::StrCat("<text x=\"", Num(x), "\" y=\"", Num(y), "\"", attributes.empty() ? "" : " ",
                      attributes, ">", XmlEscape(text), "</text>\n");
}

// A side's shape centred at (x, y), `r` its half size: circle, square or diamond.
std::string Shape(int side, double x, double y, double r, const std::string& attributes) {
  if (side == 0) {
    return absl::StrCat("<circle cx=\"", Num(x), "\" cy=\"", Num(y), "\" r=\"", Num(r), "\" ",
                        attributes, "/>");
  }
  if (side == 1) {
    const double h = r * 0.9;
    return absl::StrCat("<rect x=\"", Num(x - h), "\" y=\"", Num(y - h), "\" width=\"", Num(2 * h),
                        "\" height=\"", Num(2 * h), "\" rx=\"2\" ", attributes, "/>");
  }
  return absl::StrCat("<polygon points=\"", Num(x), ",", Num(y - r), " ", Num(x + r), ",", Num(y),
                      " ", Num(x), ",", Num(y + r), " ", Num(x - r), ",", Num(y), "\" ", attributes,
                      "/>");
}

std::string Fill(ColourRole role) { return absl::StrCat("fill=\"", Colour(role), "\""); }

// The grid's geometry: where each cell's centre is, relative to the grid's top-left corner.
struct GridGeometry {
  const BoardView& view;
  bool hex() const { return view.grid == GridKind::kHex; }
  double piece_radius() const { return hex() ? kHexRadius * 0.62 : kCell * 0.36; }
  double width() const {
    return hex() ? kSqrt3 * kHexRadius * (view.width + 0.5) : kCell * view.width;
  }
  double height() const {
    return hex() ? kHexRadius * (2 + 1.5 * (view.height - 1)) : kCell * view.height;
  }
  Point Centre(int column, int row) const {
    if (hex()) return HexCentre(column, row, kHexRadius);
    return {kCell * (column + 0.5), kCell * (row + 0.5)};
  }
  std::string CellShape(int column, int row, double ox, double oy) const {
    const Point c = Centre(column, row);
    if (!hex()) {
      return absl::StrCat("<rect x=\"", Num(ox + c.x - kCell / 2), "\" y=\"",
                          Num(oy + c.y - kCell / 2), "\" width=\"", Num(kCell), "\" height=\"",
                          Num(kCell), "\"");
    }
    // Pointy-top: corners at 30 + 60k degrees from the centre.
    std::string points;
    constexpr double kDx[6] = {0.5 * kSqrt3, 0.5 * kSqrt3, 0, -0.5 * kSqrt3, -0.5 * kSqrt3, 0};
    constexpr double kDy[6] = {-0.5, 0.5, 1, 0.5, -0.5, -1};
    for (int k = 0; k < 6; ++k) {
      absl::StrAppend(&points, k == 0 ? "" : " ", Num(ox + c.x + kDx[k] * kHexRadius), ",",
                      Num(oy + c.y + kDy[k] * kHexRadius));
    }
    return absl::StrCat("<polygon points=\"", points, "\"");
  }
};

// The legend's entries laid out left to right, wrapping at `width`; returns the height used.
double Legend(const std::vector<LegendEntry>& legend, double x0, double y0, double width,
              std::string& out) {
  if (legend.empty()) return 0;
  out += "<g class=\"legend\">\n";
  out += Text(x0, y0 + 12, "Legend", "font-weight=\"bold\"");
  double x = x0 + TextWidth("Legend") + 12;
  double y = y0;
  for (const LegendEntry& entry : legend) {
    const double entry_width = 22 + TextWidth(entry.name) + 14;
    if (x + entry_width - 14 > x0 + width && x > x0 + TextWidth("Legend") + 12) {
      x = x0 + TextWidth("Legend") + 12;
      y += kLineHeight + 4;
    }
    const double cx = x + 8;
    const double cy = y + 8;
    if (entry.is_side) {
      out += Shape(entry.side, cx, cy, 7, absl::StrCat(Fill(entry.role), " stroke=\"#222222\""));
    } else if (entry.is_marker) {
      absl::StrAppend(&out, "<circle cx=\"", Num(cx), "\" cy=\"", Num(cy),
                      "\" r=\"6\" fill=\"none\" stroke-width=\"3\" stroke=\"", Colour(entry.role),
                      "\"/>");
    } else if (entry.is_edge) {
      absl::StrAppend(&out, "<line x1=\"", Num(x), "\" y1=\"", Num(cy), "\" x2=\"", Num(x + 16),
                      "\" y2=\"", Num(cy), "\" stroke-width=\"5\" stroke=\"", Colour(entry.role),
                      "\"/>");
    } else {
      absl::StrAppend(&out, "<rect x=\"", Num(x), "\" y=\"", Num(y), "\" width=\"16\" ",
                      "height=\"16\" stroke=\"#999999\" ", Fill(entry.role), "/>");
    }
    out += "\n";
    out += Text(x + 22, y + 12, entry.name);
    x += entry_width;
  }
  out += "</g>\n";
  return y + kLineHeight + 4 - y0;
}

// The grid with its coordinates; returns {width, height} used from (x0, y0).
Point Grid(const BoardView& view, double x0, double y0, bool cell_ids, std::string& out) {
  const GridGeometry geometry{view};
  const double ox = x0 + kGutter;
  const double oy = y0 + kGutter;
  const std::vector<CellLook> looks = CellLooks(view);
  out += "<g class=\"coordinates\" font-size=\"10\" fill=\"#555555\" text-anchor=\"middle\">\n";
  for (int x = 0; x < view.width; ++x) {
    out += Text(ox + geometry.Centre(x, 0).x, oy - 7, std::to_string(x));
  }
  for (int y = 0; y < view.height; ++y) {
    out += Text(x0 + kGutter / 2, oy + geometry.Centre(0, y).y + 3.5, std::to_string(y));
  }
  out += "</g>\n<g class=\"terrain\" stroke=\"#b8b2a0\" stroke-width=\"0.6\">\n";
  for (int y = 0; y < view.height; ++y) {
    for (int x = 0; x < view.width; ++x) {
      const size_t c = static_cast<size_t>(y) * view.width + x;
      const size_t kind = c < view.terrain.size() ? view.terrain[c] : 0;
      const ColourRole role =
          kind < view.terrain_kinds.size() ? view.terrain_kinds[kind].role : ColourRole::kGround;
      absl::StrAppend(&out, geometry.CellShape(x, y, ox, oy), " ", Fill(role),
                      cell_ids ? absl::StrCat(" data-cell=\"", c, "\"") : "", "/>\n");
    }
  }
  if (!view.edges.empty() && !geometry.hex()) {
    // Walls on edges: a thick line along the edge, over the cells' fills.
    out += "</g>\n<g class=\"edges\" stroke-width=\"5\" stroke-linecap=\"round\">\n";
    for (const BoardEdge& edge : view.edges) {
      if (edge.cell < 0 || edge.cell >= view.num_cells() || edge.kind >= view.edge_kinds.size()) {
        continue;
      }
      const TerrainKind& kind = view.edge_kinds[edge.kind];
      // The edge runs from the cell's north-east (south-west) corner to its south-east one.
      const double x = ox + kCell * (edge.cell % view.width + 1);
      const double y = oy + kCell * (edge.cell / view.width + 1);
      absl::StrAppend(&out, "<line x1=\"", Num(edge.south ? x - kCell : x), "\" y1=\"",
                      Num(edge.south ? y : y - kCell), "\" x2=\"", Num(x), "\" y2=\"", Num(y),
                      "\" stroke=\"", Colour(kind.role), "\"><title>", XmlEscape(kind.name),
                      "</title></line>\n");
    }
  }
  out += "</g>\n<g class=\"markers\" fill=\"none\" stroke-width=\"3\">\n";
  const double r = geometry.piece_radius();
  for (const BoardMarker& marker : view.markers) {
    if (marker.cell < 0 || marker.cell >= view.num_cells()) continue;
    const Point c = geometry.Centre(marker.cell % view.width, marker.cell / view.width);
    absl::StrAppend(&out, "<circle cx=\"", Num(ox + c.x), "\" cy=\"", Num(oy + c.y), "\" r=\"",
                    Num(r + 3), "\" stroke=\"", Colour(looks[marker.cell].role), "\"><title>",
                    XmlEscape(marker.name), "</title></circle>\n");
  }
  out +=
      "</g>\n<g class=\"pieces\" stroke=\"#222222\" font-size=\"13\" font-weight=\"bold\" "
      "text-anchor=\"middle\">\n";
  for (const BoardPiece& piece : view.pieces) {
    if (piece.cell < 0 || piece.cell >= view.num_cells()) continue;
    const Point c = geometry.Centre(piece.cell % view.width, piece.cell / view.width);
    const double x = ox + c.x;
    const double y = oy + c.y;
    const ColourRole role = piece.unknown ? ColourRole::kUnknown : SideRole(piece.side);
    absl::StrAppend(
        &out, cell_ids ? absl::StrCat("<g data-cell=\"", piece.cell, "\">") : "<g>", "<title>",
        XmlEscape(PieceText(view, piece)), "</title>",
        Shape(piece.side, x, y, r,
              absl::StrCat(Fill(role), piece.unknown ? " stroke-dasharray=\"3 2\"" : "")),
        Text(x, y + 4.5, piece.unknown ? "?" : piece.label, "fill=\"#ffffff\" stroke=\"none\""),
        "</g>\n");
  }
  out += "</g>\n";
  return {kGutter + geometry.width(), kGutter + geometry.height()};
}

// A board without a grid: one row per text line, its items as boxes.
double Panels(const BoardView& view, double x0, double y0, double& width, std::string& out) {
  double label_width = 0;
  for (const BoardLine& line : view.lines) {
    label_width = std::max(label_width, TextWidth(line.label));
  }
  out += "<g class=\"panels\">\n";
  double y = y0;
  for (const BoardLine& line : view.lines) {
    const ColourRole side_role =
        line.side == kNeutralSide ? ColourRole::kPlain : SideRole(line.side);
    out += Text(x0, y + 18, line.label, Fill(side_role));
    double x = x0 + label_width + (line.label.empty() && label_width == 0 ? 0 : 12);
    for (const BoardItem& item : line.items) {
      const std::string text = item.unknown ? "?" : item.text;
      const double box = std::max(26.0, TextWidth(text) + 12);
      absl::StrAppend(&out, "<rect x=\"", Num(x), "\" y=\"", Num(y), "\" width=\"", Num(box),
                      "\" height=\"26\" rx=\"4\" stroke=\"", Colour(side_role), "\" ",
                      item.unknown ? Fill(ColourRole::kUnknown) : "fill=\"#ffffff\"",
                      item.unknown ? " stroke-dasharray=\"3 2\"" : "", "/>\n");
      out += Text(x + box / 2, y + 18, text,
                  item.unknown ? "text-anchor=\"middle\" fill=\"#ffffff\" font-weight=\"bold\""
                               : "text-anchor=\"middle\"");
      x += box + 6;
    }
    width = std::max(width, x - x0);
    y += 34;
  }
  out += "</g>\n";
  return y - y0;
}

}  // namespace

std::string XmlEscape(std::string_view text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f ? '?' : ch;
    }
  }
  return out;
}

std::string BoardSvg(const BoardView& view, std::string_view title, bool cell_ids) {
  std::string body;
  double width = 0;
  double y = kMargin;
  if (view.num_cells() > 0) {
    const Point used = Grid(view, kMargin, y, cell_ids, body);
    y += used.y + 10;
    std::vector<std::string> lines;
    for (const BoardLine& line : view.lines) lines.push_back(LineText(line));
    for (int side : {0, 1, kNeutralSide}) {
      std::string text;
      for (const BoardPiece& piece : view.pieces) {
        if (piece.side == side) absl::StrAppend(&text, " ", PieceText(view, piece));
      }
      if (!text.empty()) lines.push_back(absl::StrCat(SideName(side), ":", text));
    }
    // The legend wraps within the picture: as wide as the grid or the widest line.
    width = std::max(used.x, 300.0);
    for (const std::string& line : lines) width = std::max(width, TextWidth(line));
    y += Legend(BoardLegend(view), kMargin, y, width, body);
    y += 4;
    body += "<g class=\"lines\">\n";
    for (const std::string& line : lines) {
      body += Text(kMargin, y + 12, line);
      y += kLineHeight;
    }
    body += "</g>\n";
  } else {
    y += Panels(view, kMargin, y, width, body);
  }
  const double total_width = std::max(width, 120.0) + 2 * kMargin;
  const double total_height = std::max(y, 40.0) + kMargin;
  std::string out = absl::StrCat(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"",
      Num(total_width), "\" height=\"", Num(total_height), "\" viewBox=\"0 0 ", Num(total_width),
      " ", Num(total_height),
      "\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"12\">\n");
  if (!title.empty()) absl::StrAppend(&out, "<title>", XmlEscape(title), "</title>\n");
  absl::StrAppend(&out, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n", body,
                  "</svg>\n");
  return out;
}

}  // namespace sandtable
