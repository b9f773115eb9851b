#include "sluice/vof/gravity.hpp"

#include <fmt/format.h>

#include "sluice/field/field_io.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::vof {

namespace fs = std::filesystem;

Gravity Gravity::read(const fs::path& caseDir) {
  Gravity result;
  {
    const char* file = "constant/g";
    if (!fs::exists(caseDir / file))
      throw InputError(fmt::format("{}: missing file: interFoam needs the gravitational acceleration "
                                   "(dimensions [0 1 -2 0 0 0 0]; value (0 -9.81 0);)",
                                   file));
    const io::Dictionary dict = io::Dictionary::readFile(caseDir / file, file);
    if (dict.found("dimensions"))
      field::expectDimensions(dict.getDimensions("dimensions"), io::DimensionSet{{0, 1, -2, 0, 0, 0, 0}}, file);
    result.g = dict.get<Vec3>("value");
  }
  if (const char* file = "constant/hRef"; fs::exists(caseDir / file)) {
    const io::Dictionary dict = io::Dictionary::readFile(caseDir / file, file);
    if (dict.found("dimensions"))
      field::expectDimensions(dict.getDimensions("dimensions"), io::DimensionSet{{0, 1, 0, 0, 0, 0, 0}}, file);
    result.hRef = dict.get<Scalar>("value");
  }
  return result;
}

field::VolScalarField Gravity::gh(const field::FvMesh& mesh) const {
  field::VolScalarField result("gh", mesh, io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}});
  const auto centres = mesh.cellCentres();
  for (Label c = 0; c < mesh.nCells(); ++c) result[c] = dot(g, centres[c]) - ghRef();
  // Ghosts take the value of the cell they copy (a cyclic ghost's centre is translated).
  mesh.updateGhosts(std::span<Scalar>(result.values()));
  const mesh::MeshGeometry& geo = mesh.geometry();
  auto b = result.boundaryValues();
  for (Label f = mesh.nInternalFaces(); f < mesh.nFaces(); ++f)
    b[f - mesh.nInternalFaces()] = dot(g, geo.boundaryFaceCentre(f)) - ghRef();
  return result;
}

field::SurfaceScalarField Gravity::ghf(const field::FvMesh& mesh) const {
  field::SurfaceScalarField result("ghf", mesh, io::DimensionSet{{0, 2, -2, 0, 0, 0, 0}});
  const auto faceCentres = mesh.faceCentres();
  for (Label f = 0; f < mesh.nFaces(); ++f) result[f] = dot(g, faceCentres[f]) - ghRef();
  return result;
}

}  // namespace sluice::vof
