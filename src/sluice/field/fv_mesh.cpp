#include "sluice/field/fv_mesh.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/core/release.hpp"
#include "sluice/parallel/distribute.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "sluice/parallel/fault_injection.hpp"

namespace sluice::field {

namespace {

constexpr Scalar kTiny = 1e-300;
/// Relative tolerance for matching cyclic face areas and normals.
constexpr Scalar kCyclicMatchTolerance = 1e-4;
/// MPI tag of the FvMesh's ghost exchanges (one HaloExchange per mesh).
constexpr int kGhostTag = 24336;

PatchKind kindOf(const mesh::Patch& p) {
  if (p.type == "empty") return PatchKind::Empty;
  if (p.type == "cyclic") return PatchKind::Cyclic;
  if (p.type == "processor") return PatchKind::Processor;
  return PatchKind::Regular;
}

std::string vecText(const Vec3& v) { return fmt::format("({:.6g} {:.6g} {:.6g})", v.x, v.y, v.z); }

}  // namespace

struct FvMesh::Impl {
  Impl(parallel::DistributedMesh d, parallel::Communicator& c)
      : dist(std::move(d)), comm(&c), halo(c, dist.halo, kGhostTag) {}
  // The addressing views dist.mesh's owner and neighbour lists: a matrix that
  // still shares it gets copies of them.
  ~Impl() {
    multigrid.reset();  // shares the addressing too
    if (addressing && addressing.use_count() > 1)
      addressing->setFaces({addressing->lower.begin(), addressing->lower.end()},
                           {addressing->upper.begin(), addressing->upper.end()});
  }

  parallel::DistributedMesh dist;
  parallel::Communicator* comm;
  parallel::HaloExchange halo;
  // Cell centres and volumes of every local cell, ghosts included (the
  // ghosts' entries are appended to the owned cells' by exchangeGhostGeometry).
  mesh::MeshGeometry geo;
  std::vector<Label> faceGhost;      // per boundary face
  std::vector<Label> facePatch;      // per boundary face
  std::vector<Label> cyclicPartner;  // per boundary face (-1 if not cyclic)
  std::vector<Label> cyclicSource;   // per cyclic ghost: the owned cell it copies
  Label nProcGhosts = 0;
  std::vector<PatchKind> kinds;
  std::vector<mesh::Patch> fvPatches;  // dist.mesh's patches, empty ones with no faces
  Label nFvFaces = 0;                  // faces before the empty ones (dist.mesh.moveEmptyFacesLast)
  std::array<double, 3> emptyNormalSum{0, 0, 0};  // sum of |n| components over the empty faces (summed over ranks)
  std::array<bool, 3> solutionDirections{true, true, true};
  std::vector<GlobalLabel> patchStart, patchSize;
  std::shared_ptr<linear::LduAddressing> addressing;
  mutable std::once_flag multigridBuilt;
  mutable std::unique_ptr<linear::MultigridMesh> multigrid;
  mutable std::once_flag faceCentresBuilt;
  mutable std::vector<Vec3> faceCentres;  // per face, once a scheme asks (geo keeps the boundary faces')
  mutable std::once_flag correctionVectorsBuilt;
  mutable std::vector<Vec3> correctionVectors;  // per face, once a corrected scheme asks
  mutable std::once_flag orthogonalChecked;
  mutable bool orthogonal = false;  // on every rank (orthogonalUpToRounding)
  // ghost update in flight (startGhostUpdate)
  parallel::HaloTransfer current;
  std::span<double> active;
  int activeComponents = 0;
  bool inFlight = false;

  void computePatchGlobals();
  std::string pairCyclics();  // "" or the first problem
  void exchangeGhostGeometry();
  void coupledGeometry();
  void buildAddressing();
};

void FvMesh::Impl::computePatchGlobals() {
  const auto& patches = dist.mesh.patches();
  const Label nPatches = static_cast<Label>(patches.size());
  Label nShared = 0;  // patches of the undecomposed mesh: the same on every rank, before the processor patches
  while (nShared < nPatches && patches[nShared].type != "processor") ++nShared;
  std::vector<long long> starts(nShared, std::numeric_limits<long long>::max());
  std::vector<long long> sizes(nShared, 0);
  for (Label p = 0; p < nShared; ++p) {
    for (Label f = patches[p].start; f < patches[p].start + patches[p].size; ++f)
      starts[p] = std::min<long long>(starts[p], dist.globalFaceIds[f]);
    sizes[p] = patches[p].size;
  }
  comm->minInPlace(std::span<long long>(starts));
  comm->sumInPlace(std::span<long long>(sizes));
  // The directions a 2D or 1D mesh solves: those no empty face is normal to.
  comm->sumInPlace(std::span<double>(emptyNormalSum));
  const double norm = std::sqrt(emptyNormalSum[0] * emptyNormalSum[0] + emptyNormalSum[1] * emptyNormalSum[1] +
                                emptyNormalSum[2] * emptyNormalSum[2]);
  if (norm > 0)
    for (int i = 0; i < 3; ++i) solutionDirections[i] = emptyNormalSum[i] / norm <= 1e-6;
  patchStart.assign(nPatches, -1);
  patchSize.assign(nPatches, 0);
  for (Label p = 0; p < nPatches; ++p) {
    if (p < nShared) {
      patchStart[p] = sizes[p] > 0 ? starts[p] : 0;
      patchSize[p] = sizes[p];
    } else {
      patchSize[p] = patches[p].size;
    }
  }
}

std::string FvMesh::Impl::pairCyclics() {
  const mesh::PolyMesh& m = dist.mesh;
  const auto& patches = m.patches();
  const Label nInternal = m.nInternalFaces();
  const Label nOwned = dist.nOwnedCells;
  for (std::size_t p = 0; p < patches.size(); ++p) {
    if (kinds[p] != PatchKind::Cyclic) continue;
    const mesh::Patch& a = patches[p];
    const Label q = m.findPatch(a.neighbourPatch);
    if (q < 0 || patches[q].type != "cyclic")
      return fmt::format("cyclic patch '{}': neighbourPatch '{}' is not a cyclic patch of the mesh", a.name,
                         a.neighbourPatch);
    const mesh::Patch& b = patches[q];
    if (patchSize[p] != patchSize[q] || a.size != b.size)
      return fmt::format("cyclic patch '{}' has {} faces but its neighbour patch '{}' has {}", a.name, patchSize[p],
                         b.name, patchSize[q]);
    if (static_cast<Label>(p) == q) return fmt::format("cyclic patch '{}' is its own neighbour patch", a.name);
    for (Label i = 0; i < a.size; ++i) {
      const Label fa = a.start + i;
      const Label fb = b.start + i;
      const GlobalLabel index = dist.globalFaceIds[fa] - patchStart[p];
      const Scalar magA = geo.faceAreaMag(fa);
      const Scalar magB = geo.faceAreaMag(fb);
      const Vec3 na = geo.faceAreas[fa] / std::max(magA, kTiny);
      const Vec3 nb = geo.faceAreas[fb] / std::max(magB, kTiny);
      if (mag(na + nb) > kCyclicMatchTolerance)
        return fmt::format("cyclic patch '{}' face {}: normal {} is not opposite to the normal {} of face {} of '{}'; "
                           "rotational cyclic patches are not supported (translational only)",
                           a.name, index, vecText(na), vecText(nb), index, b.name);
      if (std::abs(magA - magB) > kCyclicMatchTolerance * std::max(magA, magB))
        return fmt::format("cyclic patch '{}' face {}: area {:.6g} does not match the area {:.6g} of face {} of its "
                           "neighbour patch '{}'",
                           a.name, index, magA, magB, index, b.name);
      const Label ghost = nOwned + nProcGhosts + static_cast<Label>(cyclicSource.size());
      faceGhost[fa - nInternal] = ghost;
      cyclicPartner[fa - nInternal] = fb;
      cyclicSource.push_back(m.owner()[fb]);
    }
  }
  return {};
}

void FvMesh::Impl::exchangeGhostGeometry() {
  const Label nOwned = dist.nOwnedCells;
  const Label nLocal = nOwned + nProcGhosts + static_cast<Label>(cyclicSource.size());
  // One exchange of (centre, volume) per cell.
  std::vector<double> packed(4 * static_cast<std::size_t>(nLocal), 0.0);
  for (Label c = 0; c < nOwned; ++c) {
    const Vec3& x = geo.cellCentres[c];
    packed[4 * c] = x.x;
    packed[4 * c + 1] = x.y;
    packed[4 * c + 2] = x.z;
    packed[4 * c + 3] = geo.cellVolumes[c];
  }
  halo.exchange(std::span<double>(packed), 4);
  std::vector<Vec3>& centres = geo.cellCentres;
  std::vector<Scalar>& volumes = geo.cellVolumes;
  centres.reserve(static_cast<std::size_t>(nLocal));  // exactly: resize alone would double the capacity
  volumes.reserve(static_cast<std::size_t>(nLocal));
  centres.resize(nLocal);
  volumes.resize(nLocal);
  for (Label c = nOwned; c < nOwned + nProcGhosts; ++c) {
    centres[c] = {packed[4 * c], packed[4 * c + 1], packed[4 * c + 2]};
    volumes[c] = packed[4 * c + 3];
  }

  const Label nInternal = dist.mesh.nInternalFaces();
  for (Label f = nInternal; f < nFvFaces; ++f) {
    const Label fb = cyclicPartner[f - nInternal];
    if (fb < 0) continue;
    const Label ghost = faceGhost[f - nInternal];
    const Label source = dist.mesh.owner()[fb];
    centres[ghost] = centres[source] + (geo.faceCentres[f] - geo.faceCentres[fb]);
    volumes[ghost] = volumes[source];
  }
  // The cyclic ghosts' ids follow the processor ghosts' in the distributed
  // mesh's own array (one copy of the ids, not two).
  std::vector<GlobalLabel>& ids = dist.globalCellIds;
  ids.reserve(static_cast<std::size_t>(nLocal));
  for (Label source : cyclicSource) ids.push_back(ids[source]);
}

// Same formulas as MeshGeometry::compute for internal faces, with the ghost
// centre as the neighbour centre.
void FvMesh::Impl::coupledGeometry() {
  const mesh::PolyMesh& m = dist.mesh;
  const Label nInternal = m.nInternalFaces();
  for (Label f = nInternal; f < nFvFaces; ++f) {
    const Label g = faceGhost[f - nInternal];
    if (g < 0) continue;
    const Vec3& sf = geo.faceAreas[f];
    const Vec3& cf = geo.faceCentres[f];
    const Vec3& cp = geo.cellCentres[m.owner()[f]];
    const Vec3& cn = geo.cellCentres[g];
    const Scalar dOwn = std::abs(dot(sf, cf - cp));
    const Scalar dNei = std::abs(dot(sf, cn - cf));
    geo.weights[f] = dOwn + dNei > kTiny ? dNei / (dOwn + dNei) : 0.5;
    const Vec3 d = cn - cp;
    geo.setDeltaCoeffs(f, mesh::MeshGeometry::deltaCoeffOf(d), mesh::MeshGeometry::nonOrthDeltaCoeffOf(sf, d));
  }
}

void FvMesh::Impl::buildAddressing() {
  const mesh::PolyMesh& m = dist.mesh;
  auto a = std::make_shared<linear::LduAddressing>();
  a->nCells = dist.nOwnedCells;
  a->nLocalCells = static_cast<Label>(geo.cellCentres.size());
  const Label nInternal = m.nInternalFaces();
  a->lower = std::span(m.owner()).first(static_cast<std::size_t>(nInternal));  // views (see ~Impl)
  a->upper = m.neighbour();
  for (Label f = nInternal; f < nFvFaces; ++f) {
    const Label g = faceGhost[f - nInternal];
    if (g < 0) continue;
    a->coupleRow.push_back(m.owner()[f]);
    a->coupleGhost.push_back(g);
    a->coupleFace.push_back(f);
  }
  addressing = std::move(a);
}

void FvMesh::prepareLocal() {
  Impl& s = *impl_;
  const mesh::PolyMesh& m = s.dist.mesh;
  parallel::failIfInjected(*s.comm, "fvmesh");
  if (s.dist.nOwnedCells != m.nCells())
    throw Error(fmt::format("FvMesh: DistributedMesh has {} owned cells but its mesh {}", s.dist.nOwnedCells,
                            m.nCells()));
  if (static_cast<Label>(s.dist.globalFaceIds.size()) != m.nFaces() ||
      static_cast<Label>(s.dist.globalCellIds.size()) != s.dist.nOwnedCells + s.dist.nGhostCells)
    throw Error("FvMesh: DistributedMesh global id arrays do not match the mesh");
  s.nProcGhosts = s.dist.nGhostCells;
  moveEmptyFacesLast();
  for (const mesh::Patch& patch : m.patches()) {
    if (kindOf(patch) != PatchKind::Empty) continue;
    for (Label f = patch.start; f < patch.start + patch.size; ++f) {
      const Vec3 area = mesh::faceAreaVector(m.points(), m.faces()[f]);
      for (int i = 0; i < 3; ++i) s.emptyNormalSum[i] += std::abs(area[i]) / std::max(mag(area), kTiny);
    }
  }
  s.geo = mesh::MeshGeometry::compute(m, s.nFvFaces);  // the cells use their empty faces too
  // No operator uses the per-face angles (the mesh check measures its own).
  std::vector<Scalar>().swap(s.geo.nonOrthogonality);

  const Label nInternal = m.nInternalFaces();
  const Label nBoundary = s.nFvFaces - nInternal;
  s.faceGhost.assign(nBoundary, -1);
  s.facePatch.assign(nBoundary, -1);
  s.cyclicPartner.assign(nBoundary, -1);
  s.kinds.clear();
  s.fvPatches = m.patches();
  for (std::size_t p = 0; p < s.fvPatches.size(); ++p) {
    mesh::Patch& patch = s.fvPatches[p];
    s.kinds.push_back(kindOf(patch));
    if (s.kinds.back() == PatchKind::Empty) {
      patch.start = s.nFvFaces;
      patch.size = 0;
    }
    for (Label f = patch.start; f < patch.start + patch.size; ++f) s.facePatch[f - nInternal] = static_cast<Label>(p);
  }
  for (Label f = s.dist.firstProcessorFace; f < s.nFvFaces; ++f)
    s.faceGhost[f - nInternal] = s.dist.processorFaceGhost[f - s.dist.firstProcessorFace];
  nCells_ = s.dist.nOwnedCells;
  nFaces_ = s.nFvFaces;
  nInternalFaces_ = nInternal;
  boundaryFaceGhost_ = s.faceGhost.data();  // entries set below (cyclics); never resized
}

void FvMesh::moveEmptyFacesLast() {
  Impl& s = *impl_;
  parallel::DistributedMesh& d = s.dist;
  std::vector<Label> order;
  s.nFvFaces = d.mesh.moveEmptyFacesLast(order);
  std::vector<GlobalLabel> ids(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) ids[i] = d.globalFaceIds[order[i]];
  d.globalFaceIds = std::move(ids);
  d.firstProcessorFace = s.nFvFaces;
  for (const mesh::Patch& p : d.mesh.patches())
    if (p.type == "processor") {
      d.firstProcessorFace = p.start;
      break;
    }
}

FvMesh::FvMesh(parallel::DistributedMesh distributed, parallel::Communicator& comm)
    : impl_(std::make_unique<Impl>(std::move(distributed), comm)) {
  Impl& s = *impl_;
  // Local set-up first, agreed on this communicator before its first
  // collective: a rank that fails here must not leave the others waiting in
  // computePatchGlobals or the ghost exchange (parallel_error.hpp).
  std::string localProblem;
  try {
    prepareLocal();
  } catch (const std::bad_alloc&) {
    localProblem = "out of memory";
  } catch (const std::exception& e) {
    localProblem = e.what();
  }
  parallel::agreeOnError(comm, !localProblem.empty(), localProblem);  // collective

  std::string problem;
  parallel::inCollectiveSection(comm, [&] {
    s.computePatchGlobals();  // collective
    problem = s.pairCyclics();
    nLocalCells_ = nCells_ + nGhostCells();
  });
  parallel::agreeOnError(comm, !problem.empty(), problem);  // bad cyclic patches: a CollectiveError everywhere
  parallel::inCollectiveSection(comm, [&] {
    s.exchangeGhostGeometry();  // collective (halo)
    s.coupledGeometry();
    s.geo.keepBoundaryFaceCentresOnly(s.dist.mesh.nInternalFaces());
    s.geo.computeInternalDeltaCoeffs(s.dist.mesh.nInternalFaces(), s.dist.mesh.owner(), s.dist.mesh.neighbour());
    s.buildAddressing();
    nLocalCells_ = nCells_ + nGhostCells();
  });
}

FvMesh::~FvMesh() = default;
FvMesh::FvMesh(FvMesh&&) noexcept = default;

std::shared_ptr<const linear::LduAddressing> FvMesh::addressing() const { return impl_->addressing; }

std::span<const Vec3> FvMesh::faceCentres() const {
  const Impl& s = *impl_;
  std::call_once(s.faceCentresBuilt, [&] {
    const mesh::PolyMesh& m = s.dist.mesh;
    s.faceCentres.resize(static_cast<std::size_t>(s.nFvFaces));
    for (Label f = 0; f < s.nFvFaces; ++f) s.faceCentres[f] = mesh::faceCentre(m.points(), m.faces()[f]);
  });
  return s.faceCentres;
}

std::span<const Vec3> FvMesh::nonOrthCorrectionVectors() const {
  const Impl& s = *impl_;
  std::call_once(s.correctionVectorsBuilt, [&] {
    const auto& owner = s.dist.mesh.owner();
    s.correctionVectors.assign(static_cast<std::size_t>(nFaces()), Vec3{});
    for (Label f = 0; f < nFaces(); ++f)
      if (const Label far = faceNeighbour(f); far >= 0)
        s.correctionVectors[f] = s.geo.nonOrthCorrectionVector(f, owner[f], far);
  });
  return s.correctionVectors;
}

bool FvMesh::orthogonalUpToRounding() const {
  const Impl& s = *impl_;
  std::call_once(s.orthogonalChecked, [&] {
    const auto& owner = s.dist.mesh.owner();
    bool negligible = true;
    for (Label f = 0; f < nFaces() && negligible; ++f) {
      const Label far = faceNeighbour(f);
      if (far < 0) continue;
      const Vec3 v = s.geo.nonOrthCorrectionVector(f, owner[f], far);
      negligible = std::abs(v.x) <= kNegligibleNonOrthCorrection && std::abs(v.y) <= kNegligibleNonOrthCorrection &&
                   std::abs(v.z) <= kNegligibleNonOrthCorrection;
    }
    s.orthogonal = comm().allTrue(negligible);
  });
  return s.orthogonal;
}

const linear::MultigridMesh& FvMesh::multigridMesh() const {
  Impl& s = *impl_;
  std::call_once(s.multigridBuilt, [&] {
    // OpenFOAM's faceAreaPair weights: |Sf / sqrt(|Sf|)| with the components
    // scaled by (1, 1.01, 1.02), so equal faces of a uniform mesh still differ
    // by direction.
    std::vector<Scalar> weights(static_cast<std::size_t>(nInternalFaces_));
    for (Label f = 0; f < nInternalFaces_; ++f) {
      const Vec3 v = s.geo.faceAreas[f] / std::sqrt(s.geo.faceAreaMag(f));
      weights[f] = std::sqrt(v.x * v.x + 1.01 * 1.01 * v.y * v.y + 1.02 * 1.02 * v.z * v.z);
    }
    linear::GhostLayout layout;
    layout.processor = s.dist.halo;
    const Label firstCyclic = s.dist.nOwnedCells + s.nProcGhosts;
    for (std::size_t k = 0; k < s.cyclicSource.size(); ++k) {
      layout.copyGhost.push_back(firstCyclic + static_cast<Label>(k));
      layout.copySource.push_back(s.cyclicSource[k]);
    }
    // Pair in the order of the case files (see MultigridMesh).
    const std::span<const GlobalLabel> fileIds = fileCellIds();
    std::vector<Label> byFile(static_cast<std::size_t>(nCells_)), order(byFile.size());
    for (Label c = 0; c < nCells_; ++c) byFile[c] = c;
    std::sort(byFile.begin(), byFile.end(), [&](Label a, Label b) { return fileIds[a] < fileIds[b]; });
    for (Label i = 0; i < nCells_; ++i) order[byFile[i]] = i;
    s.multigrid = std::make_unique<linear::MultigridMesh>(*s.comm, s.addressing, std::move(weights), std::move(layout),
                                                          std::move(order));
  });
  return *s.multigrid;
}
const mesh::PolyMesh& FvMesh::poly() const { return impl_->dist.mesh; }
const mesh::MeshGeometry& FvMesh::geometry() const { return impl_->geo; }
const parallel::DistributedMesh& FvMesh::distributed() const { return impl_->dist; }
void FvMesh::releaseSamplingIds() {
  parallel::DistributedMesh& d = impl_->dist;
  release(d.globalPointIds);
  d.globalFaceIds.resize(static_cast<std::size_t>(nFaces_));
  d.globalFaceIds.shrink_to_fit();
  d.samplingIdsReleased = true;
}
parallel::Communicator& FvMesh::comm() const { return *impl_->comm; }

Label FvMesh::nGhostCells() const { return impl_->nProcGhosts + static_cast<Label>(impl_->cyclicSource.size()); }
Label FvMesh::nProcessorGhosts() const { return impl_->nProcGhosts; }
GlobalLabel FvMesh::nGlobalCells() const { return impl_->dist.nGlobalCells; }

std::span<const Vec3> FvMesh::cellCentres() const { return impl_->geo.cellCentres; }
std::span<const Scalar> FvMesh::cellVolumes() const { return impl_->geo.cellVolumes; }
std::span<const GlobalLabel> FvMesh::globalCellIds() const { return impl_->dist.globalCellIds; }
std::span<const GlobalLabel> FvMesh::globalFaceIds() const { return impl_->dist.globalFaceIds; }
std::span<const GlobalLabel> FvMesh::fileCellIds() const { return globalCellIds().first(nCells_); }

const std::vector<mesh::Patch>& FvMesh::patches() const { return impl_->fvPatches; }
std::array<bool, 3> FvMesh::solutionDirections() const { return impl_->solutionDirections; }
Label FvMesh::nPatches() const { return static_cast<Label>(impl_->kinds.size()); }
PatchKind FvMesh::patchKind(Label patch) const { return impl_->kinds[patch]; }
GlobalLabel FvMesh::patchGlobalStart(Label patch) const { return impl_->patchStart[patch]; }
GlobalLabel FvMesh::patchGlobalSize(Label patch) const { return impl_->patchSize[patch]; }
GlobalLabel FvMesh::patchFaceFileIndex(Label face) const {
  const Label p = facePatch(face);
  if (p < 0) throw Error(fmt::format("FvMesh::patchFaceFileIndex: face {} is not a boundary face", face));
  if (impl_->kinds[p] == PatchKind::Processor) return face - patches()[p].start;
  return impl_->dist.globalFaceIds[face] - impl_->patchStart[p];
}

Label FvMesh::faceNeighbour(Label face) const {
  const Label nInternal = nInternalFaces();
  return face < nInternal ? impl_->dist.mesh.neighbour()[face] : impl_->faceGhost[face - nInternal];
}
Vec3 FvMesh::delta(Label face) const {
  return impl_->geo.delta(face, impl_->dist.mesh.owner()[face], faceNeighbour(face));
}
Label FvMesh::facePatch(Label face) const {
  const Label nInternal = nInternalFaces();
  return face < nInternal ? -1 : impl_->facePatch[face - nInternal];
}
Label FvMesh::cyclicPartnerFace(Label face) const {
  const Label nInternal = nInternalFaces();
  return face < nInternal ? -1 : impl_->cyclicPartner[face - nInternal];
}

void FvMesh::startGhostUpdate(std::span<double> values, int components) const {
  Impl& s = *impl_;
  if (s.inFlight) throw Error("FvMesh::startGhostUpdate: an update is already in flight");
  s.current = beginGhostUpdate(values, components);
  s.active = values;
  s.activeComponents = components;
  s.inFlight = true;
}

parallel::HaloTransfer FvMesh::beginGhostUpdate(std::span<double> values, int components) const {
  Impl& s = *impl_;
  if (components < 1) throw Error("FvMesh::startGhostUpdate: components must be positive");
  const std::size_t n = static_cast<std::size_t>(nLocalCells()) * components;
  if (values.size() != n)
    throw Error(fmt::format("FvMesh::startGhostUpdate: {} values for {} local cells x {} components", values.size(),
                            nLocalCells(), components));
  parallel::HaloTransfer transfer = s.halo.begin(values, components);
  // Cyclic ghosts copy owned cells of this rank: nothing to wait for.
  const std::size_t firstCyclic = static_cast<std::size_t>(s.dist.nOwnedCells + s.nProcGhosts);
  for (std::size_t k = 0; k < s.cyclicSource.size(); ++k) {
    const std::size_t to = (firstCyclic + k) * components;
    const std::size_t from = static_cast<std::size_t>(s.cyclicSource[k]) * components;
    for (int c = 0; c < components; ++c) values[to + c] = values[from + c];
  }
  return transfer;
}

void FvMesh::finishGhostUpdate() const {
  Impl& s = *impl_;
  if (!s.inFlight) throw Error("FvMesh::finishGhostUpdate: no update in flight");
  s.current.finish();
  s.inFlight = false;
  s.active = {};
}

FvMesh makeSerialFvMesh(mesh::PolyMesh mesh, parallel::Communicator& comm) {
  if (comm.size() != 1)
    throw Error(fmt::format("makeSerialFvMesh: the communicator has {} ranks (1 expected)", comm.size()));
  std::vector<int> cellToRank(mesh.nCells(), 0);
  return FvMesh(parallel::extractRankMesh(mesh, cellToRank, 1, 0), comm);
}

FvMesh distributeFvMesh(const mesh::PolyMesh* globalMesh, std::span<const int> cellToRank,
                        parallel::Communicator& comm) {
  return FvMesh(parallel::distributeMesh(comm.get(), globalMesh, cellToRank), comm);
}

}  // namespace sluice::field
