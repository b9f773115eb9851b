#pragma once
// Named cell zones of a case, as the cells' indices in the case files'
// order (the order of nonuniform internalField lists; field::FvMesh::fileCellIds
// maps them to a rank's cells):
//  - constant/polyMesh/cellZones when the mesh comes from constant/polyMesh
//    (`N ( name { type cellZone; cellLabels List<label> n (...); } ... )`);
//  - the named blocks of the blockMeshDict otherwise
//    (`hex (0 1 2 3 4 5 6 7) heater (10 10 1) simpleGrading (1 1 1)`): a
//    block's cells, numbered block by block as the block mesher does.
//
//   std::vector<GlobalLabel> cells = mesh::readCellZone(caseDir, "heater", "constant/fvOptions: heat");
#include <filesystem>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"

namespace sluice::mesh {

/// Local (every rank reads the files). InputError naming `context` and the
/// zones that exist when there is no zone `name`.
std::vector<GlobalLabel> readCellZone(const std::filesystem::path& caseDir, const std::string& name,
                                      const std::string& context);

}  // namespace sluice::mesh
