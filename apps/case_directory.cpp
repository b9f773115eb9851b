#include "case_directory.hpp"

#include <filesystem>
#include <system_error>

namespace sluice::apps {

std::optional<std::string> caseDirectoryProblem(const std::string& dir) {
  std::error_code ec;
  const auto status = std::filesystem::status(dir, ec);  // follows links, as opening the case's files would
  if (!std::filesystem::exists(status)) return dir + ": no such case directory";
  if (!std::filesystem::is_directory(status)) return dir + ": not a directory";
  return std::nullopt;
}

}  // namespace sluice::apps
