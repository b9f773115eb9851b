#pragma once
// Exceptions. Every error a user can cause is an InputError whose message
// names the file (and line, column or entity); the CLI prints it and exits
// non-zero. Programming errors use Error.
#include <stdexcept>
#include <string>

namespace sluice {

/// Any failure sluice reports to the user.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Bad user input: malformed or missing case file, invalid mesh, bad field.
/// The message is complete (it already names file and line or entity).
class InputError : public Error {
 public:
  using Error::Error;
};

/// Formats "file:line:column: message" (line/column omitted when <= 0).
std::string locatedMessage(const std::string& file, int line, int column, const std::string& message);

}  // namespace sluice
