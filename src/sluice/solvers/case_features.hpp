#pragma once
// Case files that change the physics of the PIMPLE-family solvers (pimpleFoam,
// interFoam) in OpenFOAM but that sluice does not apply yet: moving reference
// frames (constant/MRFProperties) and mesh motion (constant/dynamicMeshDict).
// A case that asks for either is an input error naming the file and entry,
// never run as if the file were not there.
//
//   rejectUnsupportedCaseFeatures(caseDir, "interFoam");   // every rank reads; same error on all
#include <filesystem>
#include <string>

namespace sluice::solvers {

void rejectUnsupportedCaseFeatures(const std::filesystem::path& caseDir, const std::string& application);

}  // namespace sluice::solvers
