#include "sluice/parallel/block_mesh_share.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <span>
#include <vector>

#include "sluice/core/error.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/mesh/block_point_numbering.hpp"
#include "sluice/mesh/block_topology.hpp"
#include "sluice/mesh/hex_block_geometry.hpp"
#include "sluice/mesh/hex_lattice.hpp"

namespace sluice::parallel {

namespace {

using mesh::HexLattice;
using LatticePoint = mesh::BlockPointNumbering::LatticePoint;

/// [n*r/P, n*(r+1)/P): rank r's part of n things.
std::array<GlobalLabel, 2> rankRange(GlobalLabel n, const Communicator& comm) {
  const GlobalLabel r = comm.rank(), p = comm.size();
  return {n * r / p, n * (r + 1) / p};
}

/// A face before sorting by id.
struct HeldFace {
  GlobalLabel id;
  GlobalLabel owner;
  GlobalLabel neighbour;
  std::array<Label, 4> points;  // global point ids
};

/// The share of one rank, built cell by cell over its cell range.
///   MeshShare share = BlockMeshShareBuilder(comm, topology, numbering).build();
class BlockMeshShareBuilder {
 public:
  BlockMeshShareBuilder(const Communicator& comm, const mesh::BlockTopology& topology,
                        const mesh::BlockPointNumbering& numbering)
      : comm_(comm), topology_(topology), numbering_(numbering), spec_(topology.spec()) {
    for (Label b = 0; b < topology_.nBlocks(); ++b) {
      lattices_.emplace_back(spec_.blocks[b].cells);
      geometry_.emplace_back(topology_.corners(b), lattices_[b].cells(), spec_.blocks[b].grading,
                             topology_.edgeShapes(b));
    }
  }

  /// buildBlockMesh's check that the two sides of each shared block face
  /// meet: every pair of merged points closer than a third of the shortest
  /// edge of the face's lattice faces (of the lower block). Each rank checks
  /// a part of each face; the first failure in buildBlockMesh's order gives
  /// the same InputError on every rank.
  void checkSharedFacesMatch() const {
    const auto& geometry = geometry_;
    const auto& pairs = topology_.sharedPairs();
    if (pairs.empty()) return;
    auto at = [&](Label block, const mesh::BlockTopology::FaceFrame& fr, Label a, Label b) {
      std::array<Label, 3> p;
      for (int d = 0; d < 3; ++d) p[d] = fr.origin[d] + a * fr.u[d] + b * fr.v[d];
      return geometry[block].point(p[0], p[1], p[2]);
    };
    std::vector<double> minDist2(pairs.size(), std::numeric_limits<Scalar>::max());
    for (std::size_t q = 0; q < pairs.size(); ++q) {
      const auto [fa, fb] = topology_.sharedFrames(pairs[q]);
      const Label block = pairs[q].first.block;
      const auto [first, last] = rankRange(GlobalLabel{fa.nu} * fa.nv, comm_);
      for (GlobalLabel n = first; n < last; ++n) {
        const auto a = static_cast<Label>(n / fa.nv), b = static_cast<Label>(n % fa.nv);
        const std::array<Vec3, 4> quad{at(block, fa, a, b), at(block, fa, a + 1, b), at(block, fa, a + 1, b + 1),
                                       at(block, fa, a, b + 1)};
        for (int m = 0; m < 4; ++m)
          for (int r = m + 1; r < 4; ++r) minDist2[q] = std::min(minDist2[q], magSqr(quad[m] - quad[r]));
      }
    }
    comm_.minInPlace(minDist2);

    // Couples in buildBlockMesh's order: pair by pair, a outer, b inner.
    constexpr long long kNone = std::numeric_limits<long long>::max();
    long long firstBad = kNone, offset = 0;
    for (std::size_t q = 0; q < pairs.size() && firstBad == kNone; ++q) {
      const auto [fa, fb] = topology_.sharedFrames(pairs[q]);
      const GlobalLabel nCouples = GlobalLabel{fa.nu + 1} * (fa.nv + 1);
      const Scalar tol2 = minDist2[q] / 10;
      const auto [first, last] = rankRange(nCouples, comm_);
      for (GlobalLabel n = first; n < last; ++n) {
        const auto a = static_cast<Label>(n / (fa.nv + 1)), b = static_cast<Label>(n % (fa.nv + 1));
        if (magSqr(at(pairs[q].first.block, fa, a, b) - at(pairs[q].second.block, fb, a, b)) > tol2) {
          firstBad = offset + n;
          break;
        }
      }
      offset += nCouples;
    }
    firstBad = comm_.min(firstBad);
    if (firstBad == kNone) return;
    for (std::size_t q = 0;; ++q) {
      const auto [fa, fb] = topology_.sharedFrames(pairs[q]);
      const GlobalLabel nCouples = GlobalLabel{fa.nu + 1} * (fa.nv + 1);
      if (firstBad >= nCouples) {
        firstBad -= nCouples;
        continue;
      }
      const auto a = static_cast<Label>(firstBad / (fa.nv + 1)), b = static_cast<Label>(firstBad % (fa.nv + 1));
      topology_.failMismatch(pairs[q], at(pairs[q].first.block, fa, a, b), at(pairs[q].second.block, fb, a, b));
    }
  }

  MeshShare build() {
    MeshShare share;
    share.name = spec_.fileName;
    share.nGlobalCells = topology_.nCells();
    share.nGlobalPoints = numbering_.nPoints();
    GlobalLabel nBoundary = 0;
    for (Label b = 0; b < topology_.nBlocks(); ++b) {
      const auto& n = lattices_[b].cells();
      share.nGlobalInternalFaces += GlobalLabel{n[0] - 1} * n[1] * n[2] + GlobalLabel{n[0]} * (n[1] - 1) * n[2] +
                                    GlobalLabel{n[0]} * n[1] * (n[2] - 1);
      for (int f = 0; f < 6; ++f) {
        const GlobalLabel count = lattices_[b].boundaryFaceCount(f);
        if (topology_.sharedWith(b, f).block < 0)
          nBoundary += count;
        else if (topology_.sharedWith(b, f).block > b)
          share.nGlobalInternalFaces += count;
      }
    }
    share.nGlobalFaces = share.nGlobalInternalFaces + nBoundary;
    const mesh::BlockTopology::PatchLayout layout = topology_.patchLayout(share.nGlobalInternalFaces);
    share.patches = layout.patches;

    // The listed patch entry of each block face: its first face id (-1: not listed).
    std::vector<std::array<GlobalLabel, 6>> listedStart(topology_.nBlocks());
    for (auto& row : listedStart) row.fill(-1);
    for (std::size_t p = 0; p < spec_.patches.size(); ++p) {
      const auto& refs = topology_.patchFaces(p);
      for (std::size_t e = 0; e < refs.size(); ++e)
        listedStart[refs[e].block][refs[e].face] = layout.patches[p].start + layout.entryOffset[p][e];
    }

    const auto [cellBegin, cellEnd] = rankRange(share.nGlobalCells, comm_);
    // Internal faces straight into the share (numbered after one prefix sum);
    // boundary faces aside, to be sorted by id.
    std::size_t nInternalHeld = 0, nBoundaryHeld = 0;
    forEachCell(cellBegin, cellEnd, [&](Label b, Label i, Label j, Label k, GlobalLabel) {
      const HexLattice& lattice = lattices_[b];
      nInternalHeld += (i + 1 < lattice.ni()) + (j + 1 < lattice.nj()) + (k + 1 < lattice.nk());
      for (int f = 0; f < 6; ++f) {
        if (!lattice.touches(f, i, j, k)) continue;
        const mesh::BlockFaceRef other = topology_.sharedWith(b, f);
        if (other.block < 0) ++nBoundaryHeld;
        if (other.block > b) ++nInternalHeld;
      }
    });
    const std::size_t nHeld = nInternalHeld + nBoundaryHeld;
    share.faceIds.reserve(nHeld);
    share.owner.reserve(nHeld);
    share.neighbour.reserve(nHeld);
    share.faces.reserve(nHeld, 4 * nHeld);
    std::vector<HeldFace> boundary;
    boundary.reserve(nBoundaryHeld);
    std::vector<std::size_t> defaultFaces;  // in `boundary`, in cell order
    std::array<HeldFace, 6> upper;
    forEachCell(cellBegin, cellEnd, [&](Label b, Label i, Label j, Label k, GlobalLabel c) {
      const HexLattice& lattice = lattices_[b];
      std::size_t nUpper = 0;
      const std::array<bool, 3> hasUpper{i + 1 < lattice.ni(), j + 1 < lattice.nj(), k + 1 < lattice.nk()};
      const std::array<GlobalLabel, 3> step{1, lattice.ni(), GlobalLabel{lattice.ni()} * lattice.nj()};
      for (int d = 0; d < 3; ++d)
        if (hasUpper[d]) upper[nUpper++] = {-1, c, c + step[d], globalPoints(b, lattice.internalFace(d, i, j, k))};
      for (const auto& pair : topology_.sharedPairs()) {
        const auto& [A, B] = pair;
        if (A.block != b || !lattice.touches(A.face, i, j, k)) continue;
        const HexLattice::Quad face = lattice.boundaryFace(A.face, i, j, k);
        upper[nUpper++] = {-1, c, neighbourAcross(B, b, face), globalPoints(b, face)};
      }
      // By neighbour, ties in the order added (as buildBlockMesh's stable sort): insertion sort.
      for (std::size_t m = 1; m < nUpper; ++m)
        for (std::size_t q = m; q > 0 && upper[q].neighbour < upper[q - 1].neighbour; --q)
          std::swap(upper[q], upper[q - 1]);
      for (std::size_t m = 0; m < nUpper; ++m) addFace(share, upper[m]);

      for (int f = 0; f < 6; ++f) {
        if (!lattice.touches(f, i, j, k) || topology_.sharedWith(b, f).block >= 0) continue;
        const auto points = globalPoints(b, lattice.boundaryFace(f, i, j, k));
        if (listedStart[b][f] >= 0) {
          boundary.push_back({listedStart[b][f] + lattice.boundaryFacePosition(f, i, j, k), c, -1, points});
        } else {
          defaultFaces.push_back(boundary.size());
          boundary.push_back({-1, c, -1, points});  // numbered below
        }
      }
    });

    // One prefix sum each numbers the internal faces and the default faces.
    const GlobalLabel firstInternal = comm_.exclusiveSum(static_cast<GlobalLabel>(share.faceIds.size()));
    GlobalLabel nextDefault = comm_.exclusiveSum(static_cast<GlobalLabel>(defaultFaces.size()));
    if (layout.defaultPatch >= 0) nextDefault += layout.patches[layout.defaultPatch].start + layout.defaultOffset;
    for (std::size_t f = 0; f < share.faceIds.size(); ++f)
      share.faceIds[f] = firstInternal + static_cast<GlobalLabel>(f);
    for (std::size_t f : defaultFaces) boundary[f].id = nextDefault++;
    std::sort(boundary.begin(), boundary.end(), [](const HeldFace& x, const HeldFace& y) { return x.id < y.id; });
    for (const HeldFace& face : boundary) addFace(share, face);
    addPoints(share);
    return share;
  }

 private:
  static void addFace(MeshShare& share, const HeldFace& face) {
    share.faceIds.push_back(face.id);
    share.owner.push_back(face.owner);
    share.neighbour.push_back(face.neighbour);
    share.faces.add(std::span<const Label>(face.points.data(), face.points.size()));
  }

  /// Calls visit(block, i, j, k, global cell) for the cells first .. last-1.
  template <class Visit>
  void forEachCell(GlobalLabel first, GlobalLabel last, Visit&& visit) const {
    Label b = 0;
    for (GlobalLabel c = first; c < last; ++c) {
      while (topology_.cellOffset(b + 1) <= c) ++b;
      const auto [i, j, k] = lattices_[b].cellCoords(static_cast<Label>(c - topology_.cellOffset(b)));
      visit(b, i, j, k, c);
    }
  }

  std::array<Label, 4> globalPoints(Label block, const HexLattice::Quad& lattice) const {
    std::array<Label, 4> ids;
    for (int m = 0; m < 4; ++m)
      ids[m] = static_cast<Label>(numbering_.id({block, lattices_[block].pointCoords(lattice[m])}));
    return ids;
  }

  /// The cell of block `other.block` on the other side of lattice face `face` of block `block`.
  GlobalLabel neighbourAcross(const mesh::BlockFaceRef& other, Label block, const HexLattice::Quad& face) const {
    const HexLattice& there = lattices_[other.block];
    constexpr Label kNone = std::numeric_limits<Label>::max();
    std::array<Label, 3> cell{kNone, kNone, kNone};
    for (Label p : face)
      for (const LatticePoint& m : numbering_.mergedWith({block, lattices_[block].pointCoords(p)}))
        if (m.block == other.block)
          for (int d = 0; d < 3; ++d) cell[d] = std::min(cell[d], m.ijk[d]);
    const int d = other.face / 2;
    cell[d] = other.face % 2 == 0 ? 0 : there.cells()[d] - 1;
    return topology_.cellOffset(other.block) + there.cellIndex(cell[0], cell[1], cell[2]);
  }

  void addPoints(MeshShare& share) const {
    const auto [pointBegin, pointEnd] = rankRange(share.nGlobalPoints, comm_);
    share.firstPoint = pointBegin;
    share.points.reserve(static_cast<std::size_t>(pointEnd - pointBegin));
    numbering_.forEachPoint(pointBegin, pointEnd, [&](GlobalLabel, const LatticePoint& source) {
      const auto& [i, j, k] = source.ijk;
      Vec3 point = geometry_[source.block].point(i, j, k);
      if (spec_.scale != 1) point *= spec_.scale;  // as PolyMesh::scalePoints
      share.points.push_back(point);
    });
  }

  const Communicator& comm_;
  const mesh::BlockTopology& topology_;
  const mesh::BlockPointNumbering& numbering_;
  const mesh::BlockMeshSpec& spec_;
  std::vector<HexLattice> lattices_;
  std::vector<mesh::HexBlockGeometry> geometry_;  // per block: its 12 edge divisions
};

}  // namespace

bool blockMeshShareCovers(const io::Dictionary& blockMeshDict) {
  const mesh::BlockMeshSpec spec = mesh::readBlockMeshSpec(blockMeshDict);
  if (spec.blocks.empty()) return false;
  const mesh::BlockTopology topology(spec);
  return mesh::BlockPointNumbering(topology).covered();
}

std::optional<MeshShare> buildBlockMeshShare(const Communicator& comm, const io::Dictionary& blockMeshDict) {
  const mesh::BlockMeshSpec spec = mesh::readBlockMeshSpec(blockMeshDict);
  if (spec.blocks.empty()) return std::nullopt;  // buildBlockMesh reports it
  mesh::BlockTopology topology(spec);            // the serial mesher's checks (InputError alike on every rank)
  const mesh::BlockPointNumbering numbering(topology);
  if (!numbering.covered()) return std::nullopt;
  BlockMeshShareBuilder builder(comm, topology, numbering);
  builder.checkSharedFacesMatch();  // collective
  topology.assignPatchFaces();
  return builder.build();
}

}  // namespace sluice::parallel
