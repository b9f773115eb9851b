#include "sluice/io/token.hpp"

#include "sluice/core/error.hpp"

namespace sluice::io {

std::string Token::where(const std::string& message) const {
  return locatedMessage(file ? *file : std::string("<input>"), line, column, message);
}

}  // namespace sluice::io
