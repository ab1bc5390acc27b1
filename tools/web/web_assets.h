// The page's static files (web/*.html, *.css, *.js), embedded into the binary at build time
// by tools/web/embed_assets.cmake. Requests are answered from this fixed set only, so no
// path can reach the file system.
#ifndef SANDTABLE_TOOLS_WEB_WEB_ASSETS_H_
#define SANDTABLE_TOOLS_WEB_WEB_ASSETS_H_

#include <string_view>

namespace sandtable {

struct WebAsset {
  std::string_view path;  // "/index.html"
  std::string_view content_type;
  std::string_view data;
};

// The asset at exactly `path`, or nullptr.
const WebAsset* FindWebAsset(std::string_view path);

}  // namespace sandtable

#endif  // SANDTABLE_TOOLS_WEB_WEB_ASSETS_H_
