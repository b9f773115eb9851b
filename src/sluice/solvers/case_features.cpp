#include "sluice/solvers/case_features.hpp"

#include <fmt/format.h>

#include "sluice/io/dictionary.hpp"

namespace sluice::solvers {

namespace fs = std::filesystem;

void rejectUnsupportedCaseFeatures(const fs::path& caseDir, const std::string& application) {
  if (const char* file = "constant/MRFProperties"; fs::exists(caseDir / file)) {
    const io::Dictionary dict = io::Dictionary::readFile(caseDir / file, file);
    for (const std::string& key : dict.keys()) {
      if (key == "FoamFile" || !dict.isDict(key)) continue;
      const io::Dictionary& zone = dict.subDict(key);
      if (zone.getOr<bool>("active", true))
        zone.fail(fmt::format("moving reference frames (MRF) are not supported by sluice's {}; set 'active no;' "
                              "or remove the file",
                              application));
    }
  }
  if (const char* file = "constant/dynamicMeshDict"; fs::exists(caseDir / file)) {
    const io::Dictionary dict = io::Dictionary::readFile(caseDir / file, file);
    if (dict.found("dynamicFvMesh")) dict.getSupported("dynamicFvMesh", {"staticFvMesh"});
  }
}

}  // namespace sluice::solvers
