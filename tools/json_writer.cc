#include "tools/json_writer.h"

namespace sandtable {

std::string JsonText(const Json& value) {
  return value.dump(/*indent=*/-1, /*indent_char=*/' ', /*ensure_ascii=*/false,
                    nlohmann::json::error_handler_t::replace);
}

}  // namespace sandtable
