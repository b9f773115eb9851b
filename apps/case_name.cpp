#include "case_name.hpp"

#include <system_error>

namespace sluice::apps {

std::string caseName(const std::filesystem::path& caseDir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(caseDir), ec);
  if (ec) p = fs::absolute(caseDir).lexically_normal();
  if (!p.has_filename()) p = p.parent_path();
  return p.filename().string();
}

}  // namespace sluice::apps
