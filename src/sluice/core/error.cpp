#include "sluice/core/error.hpp"

namespace sluice {

std::string locatedMessage(const std::string& file, int line, int column, const std::string& message) {
  std::string out = file;
  if (line > 0) {
    out += ':' + std::to_string(line);
    if (column > 0) out += ':' + std::to_string(column);
  }
  out += ": ";
  out += message;
  return out;
}

}  // namespace sluice
