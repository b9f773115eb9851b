#include "sluice/output/sampling_mesh.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::output {

namespace {

std::span<const GlobalLabel> checked(std::span<const GlobalLabel> ids, std::size_t needed, const char* what) {
  if (ids.size() < needed) throw Error(fmt::format("SamplingMesh: {} global {} ids for {} {}", ids.size(), what, needed, what));
  return ids;
}

const parallel::DistributedMesh& withSamplingIds(const parallel::DistributedMesh& distributed) {
  if (distributed.samplingIdsReleased)
    throw Error("SamplingMesh: the mesh's global point and empty-face ids were released after start-up "
                "(FvMesh::releaseSamplingIds); build the sampling mesh before releasing them");
  return distributed;
}

}  // namespace

SamplingMesh::SamplingMesh(const parallel::DistributedMesh& distributed)
    : SamplingMesh(withSamplingIds(distributed).mesh, distributed.globalCellIds, distributed.globalPointIds,
                   distributed.globalFaceIds) {}

SamplingMesh::SamplingMesh(const mesh::PolyMesh& mesh, std::span<const GlobalLabel> globalCellIds,
                           std::span<const GlobalLabel> globalPointIds, std::span<const GlobalLabel> globalFaceIds)
    : mesh_(mesh),
      globalCellIds_(checked(globalCellIds, static_cast<std::size_t>(mesh.nCells()), "cell")),
      globalPointIds_(globalPointIds.empty() ? globalPointIds
                                             : checked(globalPointIds, static_cast<std::size_t>(mesh.nPoints()), "point")),
      globalFaceIds_(globalFaceIds.empty() ? globalFaceIds
                                           : checked(globalFaceIds, static_cast<std::size_t>(mesh.nFaces()), "face")),
      geometry_(mesh::MeshGeometry::compute(mesh)),
      locator_(mesh, geometry_, globalCellIds_) {
  facePatch_.assign(static_cast<std::size_t>(mesh.nFaces() - mesh.nInternalFaces()), -1);
  for (std::size_t p = 0; p < mesh.patches().size(); ++p) {
    const mesh::Patch& patch = mesh.patches()[p];
    for (Label f = patch.start; f < patch.start + patch.size; ++f)
      facePatch_[f - mesh.nInternalFaces()] = static_cast<Label>(p);
  }
}

}  // namespace sluice::output
