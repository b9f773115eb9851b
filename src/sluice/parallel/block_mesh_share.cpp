#include "sluice/parallel/block_mesh_share.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "sluice/core/error.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/mesh/block_topology.hpp"
#include "sluice/mesh/hex_block_geometry.hpp"
#include "sluice/mesh/hex_lattice.hpp"

namespace sluice::parallel {

namespace {

using mesh::HexLattice;

/// [n*r/P, n*(r+1)/P): rank r's part of n things.
std::array<GlobalLabel, 2> rankRange(GlobalLabel n, const Communicator& comm) {
  const GlobalLabel r = comm.rank(), p = comm.size();
  return {n * r / p, n * (r + 1) / p};
}

bool covers(const mesh::BlockMeshSpec& spec) { return spec.blocks.size() == 1; }

/// A boundary face before sorting by id.
struct BoundaryFace {
  GlobalLabel id;
  GlobalLabel owner;
  HexLattice::Quad points;
};

/// One block: global point ids are its lattice point indices, global cell
/// ids its cell indices.
///   MeshShare share = SingleBlockShare(comm, topology).build();
class SingleBlockShare {
 public:
  SingleBlockShare(const Communicator& comm, const mesh::BlockTopology& topology)
      : comm_(comm), topology_(topology), spec_(topology.spec()), lattice_(spec_.blocks[0].cells) {}

  MeshShare build() {
    const Label ni = lattice_.ni(), nj = lattice_.nj(), nk = lattice_.nk();
    MeshShare share;
    share.name = spec_.fileName;
    share.nGlobalCells = lattice_.nCells();
    share.nGlobalInternalFaces = GlobalLabel{ni - 1} * nj * nk + GlobalLabel{ni} * (nj - 1) * nk +
                                 GlobalLabel{ni} * nj * (nk - 1);
    share.nGlobalFaces =
        share.nGlobalInternalFaces + 2 * (GlobalLabel{ni} * nj + GlobalLabel{nj} * nk + GlobalLabel{ni} * nk);
    share.nGlobalPoints = lattice_.nPoints();
    const mesh::BlockTopology::PatchLayout layout = topology_.patchLayout(share.nGlobalInternalFaces);
    share.patches = layout.patches;

    const auto [cellBegin, cellEnd] = rankRange(share.nGlobalCells, comm_);
    // Faces this rank's cells own, counted; one prefix sum each numbers them.
    GlobalLabel nInternal = 0, nDefault = 0;
    for (GlobalLabel c = cellBegin; c < cellEnd; ++c) {
      const auto [i, j, k] = lattice_.cellCoords(static_cast<Label>(c));
      nInternal += (i + 1 < ni) + (j + 1 < nj) + (k + 1 < nk);
      for (int f = 0; f < 6; ++f) nDefault += topology_.isDefault(0, f) && lattice_.touches(f, i, j, k);
    }
    GlobalLabel nextInternal = comm_.exclusiveSum(nInternal);
    GlobalLabel nextDefault = comm_.exclusiveSum(nDefault);
    if (layout.defaultPatch >= 0) nextDefault += layout.patches[layout.defaultPatch].start + layout.defaultOffset;

    // The listed patch entry of each block face: first face id (-1: not listed).
    std::array<GlobalLabel, 6> listedStart;
    listedStart.fill(-1);
    for (std::size_t p = 0; p < spec_.patches.size(); ++p) {
      const auto& refs = topology_.patchFaces(p);
      for (std::size_t e = 0; e < refs.size(); ++e)
        listedStart[refs[e].face] = layout.patches[p].start + layout.entryOffset[p][e];
    }

    const auto nHeld = static_cast<std::size_t>(nInternal) + 6;
    share.faceIds.reserve(nHeld);
    share.owner.reserve(nHeld);
    share.neighbour.reserve(nHeld);
    std::vector<BoundaryFace> boundary;
    const std::array<GlobalLabel, 3> step{1, ni, GlobalLabel{ni} * nj};
    for (GlobalLabel c = cellBegin; c < cellEnd; ++c) {
      const auto [i, j, k] = lattice_.cellCoords(static_cast<Label>(c));
      const std::array<bool, 3> hasUpper{i + 1 < ni, j + 1 < nj, k + 1 < nk};
      for (int d = 0; d < 3; ++d) {
        if (!hasUpper[d]) continue;
        addFace(share, nextInternal++, c, c + step[d], lattice_.internalFace(d, i, j, k));
      }
      for (int f = 0; f < 6; ++f) {
        if (!lattice_.touches(f, i, j, k)) continue;
        if (listedStart[f] >= 0) {
          boundary.push_back({listedStart[f] + lattice_.boundaryFacePosition(f, i, j, k), c,
                              lattice_.boundaryFace(f, i, j, k)});
        } else {
          boundary.push_back({nextDefault++, c, lattice_.boundaryFace(f, i, j, k)});
        }
      }
    }
    std::sort(boundary.begin(), boundary.end(), [](const BoundaryFace& a, const BoundaryFace& b) { return a.id < b.id; });
    for (const BoundaryFace& face : boundary) addFace(share, face.id, face.owner, -1, face.points);

    addPoints(share);
    return share;
  }

 private:
  static void addFace(MeshShare& share, GlobalLabel id, GlobalLabel owner, GlobalLabel neighbour,
                      const HexLattice::Quad& points) {
    share.faceIds.push_back(id);
    share.owner.push_back(owner);
    share.neighbour.push_back(neighbour);
    share.faces.add(std::span<const Label>(points.data(), points.size()));
  }

  void addPoints(MeshShare& share) const {
    const mesh::HexBlockGeometry geometry(topology_.corners(0), lattice_.cells(), spec_.blocks[0].grading,
                                          topology_.edgeShapes(0));
    const auto [pointBegin, pointEnd] = rankRange(share.nGlobalPoints, comm_);
    share.firstPoint = pointBegin;
    share.points.reserve(static_cast<std::size_t>(pointEnd - pointBegin));
    for (GlobalLabel p = pointBegin; p < pointEnd; ++p) {
      const auto [i, j, k] = lattice_.pointCoords(static_cast<Label>(p));
      Vec3 point = geometry.point(i, j, k);
      if (spec_.scale != 1) point *= spec_.scale;  // as PolyMesh::scalePoints
      share.points.push_back(point);
    }
  }

  const Communicator& comm_;
  const mesh::BlockTopology& topology_;
  const mesh::BlockMeshSpec& spec_;
  HexLattice lattice_;
};

}  // namespace

bool blockMeshShareCovers(const io::Dictionary& blockMeshDict) {
  return covers(mesh::readBlockMeshSpec(blockMeshDict));
}

std::optional<MeshShare> buildBlockMeshShare(const Communicator& comm, const io::Dictionary& blockMeshDict) {
  const mesh::BlockMeshSpec spec = mesh::readBlockMeshSpec(blockMeshDict);
  if (!covers(spec)) return std::nullopt;
  mesh::BlockTopology topology(spec);  // the serial mesher's checks (InputError alike on every rank)
  topology.assignPatchFaces();
  return SingleBlockShare(comm, topology).build();
}

}  // namespace sluice::parallel
