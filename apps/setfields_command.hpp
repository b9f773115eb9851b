#pragma once
// `sluice setfields [CASE]` (OpenFOAM's setFields): reads
// system/setFieldsDict and rewrites the internalField of each field it
// names in the start time directory (controlDict startTime, as `sluice run`
// starts from), defaults first, then each region in order. Header,
// dimensions and boundaryField of the files stay as they were. Serial; the
// mesh is loaded as `sluice mesh` loads it (constant/polyMesh, else the
// blockMeshDict), without renumbering, so values are in the files' cell order.
// Every input is checked before the first file is written: a bad entry or
// missing field file is one error line and exit 1, with no file changed.
#include <string>

namespace sluice::apps {

struct SetFieldsCommandOptions {
  std::string caseDir = ".";
};

int runSetFieldsCommand(const SetFieldsCommandOptions& options);

}  // namespace sluice::apps
