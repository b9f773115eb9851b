#include "sluice/fv/fv_matrix.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/value_ops.hpp"
#include "sluice/parallel/comm_profile.hpp"

namespace sluice::fv {

namespace {

template <class T>
void addInto(std::vector<T>& a, const std::vector<T>& b, Scalar sign) {
  for (std::size_t i = 0; i < a.size(); ++i) a[i] += sign * b[i];
}

}  // namespace

template <field::FieldValueType T>
FvMatrix<T>::FvMatrix(const field::VolField<T>& psi) : psi_(&psi), ldu_(psi.mesh().addressing()) {
  const field::FvMesh& mesh = psi.mesh();
  const linear::LduAddressing& a = ldu_.addressing();
  if (static_cast<Label>(a.lower.size()) != mesh.nInternalFaces() || a.nCells != mesh.nCells())
    throw Error("FvMatrix: the mesh's matrix addressing does not match its faces");
  source_.assign(mesh.nCells(), T{});
  internalCoeffs_.assign(mesh.nBoundaryFaces(), T{});
  boundaryCoeffs_.assign(mesh.nBoundaryFaces(), T{});
}

template <field::FieldValueType T>
template <class F>
void FvMatrix<T>::forEachRegularFace(F&& f) const {
  const field::FvMesh& m = mesh();
  const auto& owner = m.poly().owner();
  const Label nInternal = m.nInternalFaces();
  forEachRegularPatch(m, [&](Label, Label start, Label size) {
    for (Label face = start; face < start + size; ++face) f(face, owner[face], face - nInternal);
  });
}

template <field::FieldValueType T>
void FvMatrix<T>::addBoundaryFace(Label face, const T& internalCoeff, const T& boundaryCoeff) {
  const Label b = face - mesh().nInternalFaces();
  internalCoeffs_[b] += internalCoeff;
  boundaryCoeffs_[b] += boundaryCoeff;
}

template <field::FieldValueType T>
void FvMatrix<T>::addCoupledFace(Label coupledIndex, Scalar internalCoeff, Scalar offDiagonal) {
  const linear::LduAddressing& a = ldu_.addressing();
  const Label P = a.coupleRow[coupledIndex];
  ldu_.diag()[P] += internalCoeff;
  ldu_.coupleCoeffs()[coupledIndex] += offDiagonal;
  internalCoeffs_[a.coupleFace[coupledIndex] - mesh().nInternalFaces()] += allComponents<T>(internalCoeff);
}

template <field::FieldValueType T>
void FvMatrix<T>::addFaceFluxCorrection(std::span<const T> correction) {
  const field::FvMesh& m = mesh();
  if (faceFluxCorrection_.empty()) faceFluxCorrection_.assign(m.nFaces(), T{});
  const auto& owner = m.poly().owner();
  const auto& neighbour = m.poly().neighbour();
  for (Label f = 0; f < m.nInternalFaces(); ++f) {
    source_[owner[f]] -= correction[f];
    source_[neighbour[f]] += correction[f];
    faceFluxCorrection_[f] += correction[f];
  }
  forEachBoundaryFace(m, [&](Label f, BoundaryFaceKind, Label) {
    source_[owner[f]] -= correction[f];
    faceFluxCorrection_[f] += correction[f];
  });
}

template <field::FieldValueType T>
std::vector<Scalar> FvMatrix<T>::sumMagOffDiag() const {
  const linear::LduAddressing& a = ldu_.addressing();
  std::vector<Scalar> sum(a.nCells, 0.0);
  const auto& lower = ldu_.lower();
  const auto& upper = ldu_.upper();
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    sum[a.lower[f]] += std::abs(upper[f]);
    sum[a.upper[f]] += std::abs(lower[f]);
  }
  const auto& couple = ldu_.coupleCoeffs();
  for (std::size_t i = 0; i < a.coupleRow.size(); ++i) sum[a.coupleRow[i]] += std::abs(couple[i]);
  return sum;
}

template <field::FieldValueType T>
void FvMatrix<T>::relax(Scalar alpha) {
  const parallel::ScopedPhase phase(mesh().comm().profile(), parallel::Phase::Assembly);
  if (alpha <= 0) return;
  // OpenFOAM's fvMatrix::relax. Coupled faces' diagonal parts are in the
  // diagonal already (and their coefficients in the off-diagonal sum);
  // Regular faces count by their largest component magnitude in the
  // dominance test and their smallest component is taken out afterwards
  // (it is added back per component when solving).
  std::vector<Scalar> maxBoundary(mesh().nCells(), 0.0), minBoundary(mesh().nCells(), 0.0);
  forEachRegularFace([&](Label, Label P, Label b) {
    maxBoundary[P] += cmptMax(cmptMag(internalCoeffs_[b]));
    minBoundary[P] += cmptMin(internalCoeffs_[b]);
  });
  const std::vector<Scalar> sumOff = sumMagOffDiag();
  std::vector<Scalar>& D = ldu_.diag();
  const std::vector<T>& psi = psi_->values();
  for (std::size_t c = 0; c < D.size(); ++c) {
    const Scalar dominant = std::max(std::abs(D[c] + maxBoundary[c]), sumOff[c]);
    const Scalar relaxed = dominant / alpha - minBoundary[c];
    source_[c] += (relaxed - D[c]) * psi[c];
    D[c] = relaxed;
  }
}

template <field::FieldValueType T>
void FvMatrix<T>::setReference(Label cell, Scalar value) {
  if (cell < 0) return;
  if (cell >= mesh().nCells()) throw Error("FvMatrix::setReference: cell " + std::to_string(cell) + " is not owned");
  std::vector<Scalar>& D = ldu_.diag();
  source_[cell] += D[cell] * allComponents<T>(value);
  D[cell] += D[cell];
}

template <field::FieldValueType T>
std::vector<Scalar> FvMatrix<T>::D() const {
  std::vector<Scalar> d = ldu_.diag();
  forEachRegularFace([&](Label, Label P, Label b) { d[P] += cmptAv(internalCoeffs_[b]); });
  return d;
}

namespace {

/// A field of owned-cell values `cells` divided by the volumes, boundary
/// values from the owner cells, ghosts and coupled faces updated.
template <field::FieldValueType T>
field::VolField<T> perVolume(const field::FvMesh& m, std::string name, const io::DimensionSet& dims,
                             std::vector<T> cells) {
  // Divided in place and kept as the field's values (no second cell array
  // while the result is made; room for the ghosts saves a reallocation).
  const auto volumes = m.cellVolumes();
  for (Label c = 0; c < m.nCells(); ++c) cells[c] = cells[c] / volumes[c];
  cells.resize(static_cast<std::size_t>(m.nLocalCells()), T{});
  field::VolField<T> result(std::move(name), m, dims, std::move(cells));
  const auto& owner = m.poly().owner();
  auto bvals = result.boundaryValues();
  for (Label f = m.nInternalFaces(); f < m.nFaces(); ++f) bvals[f - m.nInternalFaces()] = result[owner[f]];
  result.correctBoundaryConditions();
  return result;
}

/// b[P] -= sum over P's faces of the off-diagonal coefficient times psi of the other cell.
template <class T>
void subtractOffDiagonal(const linear::LduMatrix& A, const std::vector<T>& psi, std::vector<T>& b) {
  const linear::LduAddressing& a = A.addressing();
  const auto& lower = A.lower();
  const auto& upper = A.upper();
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    b[a.lower[f]] -= upper[f] * psi[a.upper[f]];
    b[a.upper[f]] -= lower[f] * psi[a.lower[f]];
  }
  const auto& couple = A.coupleCoeffs();
  for (std::size_t i = 0; i < a.coupleRow.size(); ++i) b[a.coupleRow[i]] -= couple[i] * psi[a.coupleGhost[i]];
}

}  // namespace

template <field::FieldValueType T>
field::VolScalarField FvMatrix<T>::A() const {
  const parallel::ScopedPhase phase(mesh().comm().profile(), parallel::Phase::Assembly);
  return perVolume<Scalar>(mesh(), "A(" + psi_->name() + ")", dimsTime(-1), D());
}

template <field::FieldValueType T>
field::VolField<T> FvMatrix<T>::H() const {
  const parallel::ScopedPhase phase(mesh().comm().profile(), parallel::Phase::Assembly);
  const std::vector<T>& psi = psi_->values();
  std::vector<T> h;
  h.reserve(static_cast<std::size_t>(mesh().nLocalCells()));  // becomes the result's values (perVolume)
  h.assign(source_.begin(), source_.end());
  subtractOffDiagonal(ldu_, psi, h);
  // The boundary sources, and per component the part of the boundary
  // diagonal that D() (the component average) does not hold.
  forEachRegularFace([&](Label, Label P, Label b) {
    const T& ic = internalCoeffs_[b];
    h[P] += boundaryCoeffs_[b] + cmptMultiply(allComponents<T>(cmptAv(ic)) - ic, psi[P]);
  });
  return perVolume<T>(mesh(), "H(" + psi_->name() + ")", dimsQuotient(psi_->dimensions(), dimsTime(1)), std::move(h));
}

template <field::FieldValueType T>
field::VolScalarField FvMatrix<T>::H1() const {
  std::vector<Scalar> h1(mesh().nCells(), 0.0);
  subtractOffDiagonal(ldu_, std::vector<Scalar>(mesh().nLocalCells(), 1.0), h1);
  return perVolume<Scalar>(mesh(), "H(1)", dimsTime(-1), std::move(h1));
}

template <field::FieldValueType T>
std::vector<T> FvMatrix<T>::residual() const {
  const parallel::ScopedPhase phase(mesh().comm().profile(), parallel::Phase::Assembly);
  const linear::LduAddressing& a = ldu_.addressing();
  const std::vector<T>& psi = psi_->values();
  const auto& D = ldu_.diag();
  std::vector<T> r(a.nCells);
  for (Label c = 0; c < a.nCells; ++c) r[c] = source_[c] - D[c] * psi[c];
  subtractOffDiagonal(ldu_, psi, r);
  forEachRegularFace([&](Label, Label P, Label b) {
    r[P] += boundaryCoeffs_[b] - cmptMultiply(internalCoeffs_[b], psi[P]);
  });
  return r;
}

template <field::FieldValueType T>
field::SurfaceField<T> FvMatrix<T>::flux() const {
  field::SurfaceField<T> result("flux(" + psi_->name() + ")", mesh(), psi_->dimensions());
  fluxInto(result.values());
  return result;
}

template <field::FieldValueType T>
template <class Visit>
void FvMatrix<T>::forEachFaceFlux(const char* caller, Label nValues, Visit&& visit) const {
  const parallel::ScopedPhase phase(mesh().comm().profile(), parallel::Phase::Assembly);
  const field::FvMesh& m = mesh();
  if (nValues != m.nFaces()) throw Error(fmt::format("FvMatrix::{}: {} values for {} faces", caller, nValues, m.nFaces()));
  const linear::LduAddressing& a = ldu_.addressing();
  const std::vector<T>& psi = psi_->values();
  const auto& lower = ldu_.lower();
  const auto& upper = ldu_.upper();
  const bool corrected = !faceFluxCorrection_.empty();
  // A face's value, with its explicit correction added as a separate sum.
  const auto emit = [&](Label f, T value) {
    if (corrected) value = value + faceFluxCorrection_[f];
    visit(f, value);
  };
  for (std::size_t f = 0; f < a.lower.size(); ++f)
    emit(static_cast<Label>(f), upper[f] * psi[a.upper[f]] - lower[f] * psi[a.lower[f]]);
  const Label nInternal = m.nInternalFaces();
  forEachRegularFace([&](Label f, Label P, Label b) { emit(f, cmptMultiply(internalCoeffs_[b], psi[P]) - boundaryCoeffs_[b]); });
  const auto& couple = ldu_.coupleCoeffs();
  for (std::size_t i = 0; i < a.coupleRow.size(); ++i) {
    const Label f = a.coupleFace[i];
    emit(f, couple[i] * psi[a.coupleGhost[i]] + cmptMultiply(internalCoeffs_[f - nInternal], psi[a.coupleRow[i]]));
  }
}

template <field::FieldValueType T>
void FvMatrix<T>::fluxInto(std::span<T> result) const {
  // Internal, Regular and coupled faces are every face of the view: each set once.
  forEachFaceFlux("fluxInto", static_cast<Label>(result.size()), [&](Label f, const T& v) { result[f] = v; });
}

template <field::FieldValueType T>
void FvMatrix<T>::subtractFluxFrom(std::span<T> values) const {
  forEachFaceFlux("subtractFluxFrom", static_cast<Label>(values.size()),
                  [&](Label f, const T& v) { values[f] = values[f] - v; });
}

namespace {

/// The mesh's ghost updates through the GhostUpdater interface (they are logically const).
class MeshGhosts : public linear::GhostUpdater {
 public:
  explicit MeshGhosts(const field::FvMesh& mesh) : mesh_(mesh) {}
  void startGhostUpdate(std::span<double> values, int components) override {
    mesh_.startGhostUpdate(values, components);
  }
  void finishGhostUpdate() override { mesh_.finishGhostUpdate(); }

 private:
  const field::FvMesh& mesh_;
};

}  // namespace

template <field::FieldValueType T>
typename FvMatrix<T>::ComponentSystem FvMatrix<T>::componentSystem(int component, std::span<const T> density) const {
  ComponentSystem s{ldu_.diag(), componentSource(component, density)};
  forEachRegularFace([&](Label, Label P, Label b) { s.diag[P] += fv::component(internalCoeffs_[b], component); });
  return s;
}

template <field::FieldValueType T>
std::vector<Scalar> FvMatrix<T>::componentSource(int component, std::span<const T> density) const {
  std::vector<Scalar> source(source_.size());
  componentSourceInto(component, density, source, 1, 0);
  return source;
}

template <field::FieldValueType T>
void FvMatrix<T>::componentSourceInto(int component, std::span<const T> density, std::span<Scalar> out,
                                      std::size_t stride, std::size_t offset) const {
  if (out.size() < stride * source_.size())
    throw Error("FvMatrix: " + std::to_string(out.size()) + " values for the sources of " +
                std::to_string(source_.size()) + " cells x " + std::to_string(stride));
  if (density.empty()) {
    for (std::size_t i = 0; i < source_.size(); ++i) out[stride * i + offset] = fv::component(source_[i], component);
  } else {
    // Bit for bit what (M == density) would hold: source + (1 V) density.
    if (density.size() < source_.size())
      throw Error("FvMatrix: source of " + std::to_string(density.size()) + " values for " +
                  std::to_string(source_.size()) + " cells");
    const auto volumes = mesh().cellVolumes();
    for (std::size_t i = 0; i < source_.size(); ++i)
      out[stride * i + offset] = fv::component(T(source_[i] + 1.0 * volumes[i] * density[i]), component);
  }
  forEachRegularFace([&](Label, Label P, Label b) {
    out[stride * static_cast<std::size_t>(P) + offset] += fv::component(boundaryCoeffs_[b], component);
  });
}

namespace {

/// The diagonal entries of the cells on Regular boundary faces, so that
/// FvMatrix::solve can add a component's boundary coefficients to the
/// diagonal in place and take them off again (instead of copying the whole
/// diagonal). A cell's sum starts from its interior value and adds its faces'
/// coefficients in forEachRegularFace order, exactly as componentSystem does.
struct BoundaryDiagonal {
  std::vector<Label> face;       ///< per Regular boundary face, in order: its boundary index
  std::vector<Label> slot;       ///< per such face: its cell's slot
  std::vector<Label> cell;       ///< per slot: the cell
  std::vector<Scalar> interior;  ///< per slot: the cell's diagonal without boundary coefficients
  std::vector<Scalar> value;     ///< per slot: interior plus its faces' coefficients (compute)

  void add(Label b, Label P, const std::vector<Scalar>& diag) {
    const auto [it, fresh] = slotOf_.try_emplace(P, static_cast<Label>(cell.size()));
    if (fresh) {
      cell.push_back(P);
      interior.push_back(diag[static_cast<std::size_t>(P)]);
    }
    face.push_back(b);
    slot.push_back(it->second);
  }
  /// value from coefficient(b) per face; true if some cell's value differs from `diag`.
  template <class Coefficient>
  bool compute(const std::vector<Scalar>& diag, Coefficient&& coefficient) {
    value = interior;
    for (std::size_t k = 0; k < face.size(); ++k) value[static_cast<std::size_t>(slot[k])] += coefficient(face[k]);
    for (std::size_t s = 0; s < cell.size(); ++s)
      if (value[s] != diag[static_cast<std::size_t>(cell[s])]) return true;
    return false;
  }
  /// The cells' entries of `v` (a diagonal or a source), per slot.
  std::vector<Scalar> entriesOf(const std::vector<Scalar>& v) const {
    std::vector<Scalar> out(cell.size());
    for (std::size_t s = 0; s < cell.size(); ++s) out[s] = v[static_cast<std::size_t>(cell[s])];
    return out;
  }
  /// Writes `values` (value or interior; or entriesOf's) into the cells' entries of `diag`.
  void write(std::vector<Scalar>& diag, const std::vector<Scalar>& values) const {
    for (std::size_t s = 0; s < cell.size(); ++s) diag[static_cast<std::size_t>(cell[s])] = values[s];
  }

 private:
  std::unordered_map<Label, Label> slotOf_;
};

}  // namespace

template <field::FieldValueType T>
void FvMatrix<T>::solve(field::VolField<T>& psi, const ScalarSolveFn& solveScalar, std::span<const T> density,
                        const ComponentsSolveFn& solveComponents) {
  solveWith(psi, solveScalar, density, {}, solveComponents);
}

template <field::FieldValueType T>
void FvMatrix<T>::solve(field::VolField<T>& psi, const ScalarSolveFn& solveScalar, std::vector<T>&& density,
                        const ComponentsSolveFn& solveComponents) {
  std::vector<T> owned = std::move(density);
  solveWith(psi, solveScalar, owned, [&owned] { std::vector<T>().swap(owned); }, solveComponents);
}

template <field::FieldValueType T>
void FvMatrix<T>::solveWith(field::VolField<T>& psi, const ScalarSolveFn& solveScalar, std::span<const T> density,
                            const std::function<void()>& releaseDensity, const ComponentsSolveFn& solveComponents) {
  const parallel::ScopedPhase phase(mesh().comm().profile(), parallel::Phase::Assembly);
  if (&psi != psi_) throw Error("FvMatrix::solve: field '" + psi.name() + "' is not the matrix's field '" +
                                psi_->name() + "'");
  const field::FvMesh& m = mesh();
  const Label nLocal = m.nLocalCells();
  const Label nCells = m.nCells();
  // Nothing reads this matrix's coefficients while a solve runs: a solver
  // may hold them in row form alone meanwhile (LduMatrix::Lending).
  const linear::LduMatrix::Lending lending(ldu_);
  std::array<bool, 3> solved{true, true, true};
  if constexpr (nComponents<T> > 1) solved = m.solutionDirections();
  // Each component's Regular boundary coefficients go onto the diagonal in
  // place and come off after the solves; a component's diagonal is written
  // only when it differs from the last one, so preconditioner factors are
  // reused across components when the boundary treats every component alike.
  BoundaryDiagonal boundary;
  forEachRegularFace([&](Label, Label P, Label b) { boundary.add(b, P, std::as_const(ldu_).diag()); });
  bool diagSet = false;
  MeshGhosts ghosts(m);
  static constexpr const char* kSuffix[3] = {"x", "y", "z"};
  if constexpr (nComponents<T> > 1) {
    // Components solved together where their systems share the matrix: the
    // same diagonal once each component's boundary coefficients are on it.
    std::vector<int> together;
    for (int c = 0; c < nComponents<T>; ++c)
      if (solved[c]) together.push_back(c);
    if (solveComponents && together.size() >= 2) {
      const auto coefficient = [&](int c) { return [&, c](Label b) { return fv::component(internalCoeffs_[b], c); }; };
      boundary.compute(std::as_const(ldu_).diag(), coefficient(together[0]));
      const std::vector<Scalar> first = boundary.value;
      bool same = true;
      for (std::size_t k = 1; k < together.size() && same; ++k) {
        boundary.compute(std::as_const(ldu_).diag(), coefficient(together[k]));
        same = boundary.value == first;
      }
      // Agreed by every rank: a rank whose boundary faces treat the
      // components alike (a rank without a pressureInletOutletVelocity or
      // slip face) must not solve them together while another solves them
      // one at a time, in other collectives (that hung interFoam with a
      // momentum predictor at 3 ranks).
      if (m.comm().size() > 1) same = m.comm().allTrue(same);
      if (same) {
        boundary.value = first;
        boundary.write(ldu_.diag(), boundary.value);
        // The solved components' values and sources interleaved cell by cell,
        // the layout the solver iterates in (no array per component).
        const std::size_t K = together.size();
        std::vector<double> x(K * static_cast<std::size_t>(nLocal));
        std::vector<Scalar> sources(K * static_cast<std::size_t>(nCells));
        std::vector<std::string> names;
        for (std::size_t k = 0; k < K; ++k) {
          const int c = together[k];
          componentSourceInto(c, density, sources, K, k);
          for (Label i = 0; i < nLocal; ++i) x[K * static_cast<std::size_t>(i) + k] = component(psi[i], c);
          names.push_back(psi.name() + kSuffix[c]);
        }
        if (releaseDensity) releaseDensity();
        solveComponents(ldu_, x, sources, static_cast<int>(K), ghosts, names);
        for (std::size_t k = 0; k < K; ++k)
          for (Label i = 0; i < nCells; ++i) setComponent(psi[i], together[k], x[K * static_cast<std::size_t>(i) + k]);
        boundary.write(ldu_.diag(), boundary.interior);
        psi.correctBoundaryConditions();
        return;
      }
    }
  }
  // A scalar is solved in the field's own storage; a vector one component at a time in a copy.
  std::vector<double> x(nComponents<T> > 1 ? nLocal : 0);
  for (int c = 0; c < nComponents<T>; ++c) {
    if (!solved[c]) continue;
    const bool differs = boundary.compute(std::as_const(ldu_).diag(),
                                          [&](Label b) { return fv::component(internalCoeffs_[b], c); });
    if (!diagSet || differs) {
      boundary.write(ldu_.diag(), boundary.value);
      diagSet = true;
    }
    if constexpr (nComponents<T> == 1) {
      const std::span<double> values(psi.values().data(), nLocal);
      if (density.empty()) {
        // The boundary parts go onto the source in place, as componentSource
        // adds them, and come off again by putting the cells' own values back
        // (bit for bit): no copy of the source for the solve.
        const std::vector<Scalar> own = boundary.entriesOf(source_);
        forEachRegularFace([&](Label, Label P, Label b) { source_[static_cast<std::size_t>(P)] += boundaryCoeffs_[b]; });
        try {
          solveScalar(ldu_, values, source_, ghosts, psi.name());
        } catch (...) {
          boundary.write(source_, own);
          throw;
        }
        boundary.write(source_, own);
      } else {
        solveScalar(ldu_, values, componentSource(c, density), ghosts, psi.name());
      }
    } else {
      const std::vector<Scalar> source = componentSource(c, density);  // one component's system at a time
      for (Label i = 0; i < nLocal; ++i) x[i] = component(psi[i], c);
      solveScalar(ldu_, x, source, ghosts, psi.name() + kSuffix[c]);
      for (Label i = 0; i < nCells; ++i) setComponent(psi[i], c, x[i]);
    }
  }
  boundary.write(ldu_.diag(), boundary.interior);
  psi.correctBoundaryConditions();
}

template <field::FieldValueType T>
void FvMatrix<T>::checkSameField(const FvMatrix& other, const char* op) const {
  if (other.psi_ != psi_)
    throw Error(std::string("FvMatrix ") + op + ": matrices of different fields ('" + psi_->name() + "' and '" +
                other.psi_->name() + "')");
}

template <field::FieldValueType T>
FvMatrix<T>& FvMatrix<T>::addMatrix(const FvMatrix& other, Scalar sign, const char* op) {
  checkSameField(other, op);
  ldu_.setAsymmetricStructure(ldu_.asymmetricStructure() || other.ldu_.asymmetricStructure());
  addInto(ldu_.diag(), other.ldu_.diag(), sign);
  if (ldu_.storesLower() || other.ldu_.storesLower())  // else both symmetric: upper is lower
    addInto(ldu_.lower(), std::as_const(other.ldu_).lower(), sign);
  addInto(ldu_.upper(), other.ldu_.upper(), sign);
  addInto(ldu_.coupleCoeffs(), other.ldu_.coupleCoeffs(), sign);
  addInto(source_, other.source_, sign);
  addInto(internalCoeffs_, other.internalCoeffs_, sign);
  addInto(boundaryCoeffs_, other.boundaryCoeffs_, sign);
  if (!other.faceFluxCorrection_.empty()) {
    if (faceFluxCorrection_.empty()) faceFluxCorrection_.assign(other.faceFluxCorrection_.size(), T{});
    addInto(faceFluxCorrection_, other.faceFluxCorrection_, sign);
  }
  return *this;
}

template <field::FieldValueType T>
FvMatrix<T>& FvMatrix<T>::operator+=(const FvMatrix& other) {
  return addMatrix(other, 1, "+");
}

template <field::FieldValueType T>
FvMatrix<T>& FvMatrix<T>::operator-=(const FvMatrix& other) {
  return addMatrix(other, -1, "-");
}

template <field::FieldValueType T>
FvMatrix<T>& FvMatrix<T>::operator*=(Scalar s) {
  for (Scalar& v : ldu_.diag()) v *= s;
  if (ldu_.storesLower())
    for (Scalar& v : ldu_.lower()) v *= s;
  for (Scalar& v : ldu_.upper()) v *= s;
  for (Scalar& v : ldu_.coupleCoeffs()) v *= s;
  for (T& v : source_) v *= s;
  for (T& v : internalCoeffs_) v *= s;
  for (T& v : boundaryCoeffs_) v *= s;
  for (T& v : faceFluxCorrection_) v *= s;
  return *this;
}

template <field::FieldValueType T>
FvMatrix<T>& FvMatrix<T>::negate() {
  return *this *= -1.0;
}

template <field::FieldValueType T>
FvMatrix<T>& FvMatrix<T>::addDensity(std::span<const T> density, Scalar sign) {
  const auto volumes = mesh().cellVolumes();
  if (density.size() < source_.size())
    throw Error("FvMatrix: source of " + std::to_string(density.size()) + " values for " +
                std::to_string(source_.size()) + " cells");
  for (std::size_t c = 0; c < source_.size(); ++c) source_[c] += sign * volumes[c] * density[c];
  return *this;
}

template class FvMatrix<Scalar>;
template class FvMatrix<Vec3>;

}  // namespace sluice::fv
