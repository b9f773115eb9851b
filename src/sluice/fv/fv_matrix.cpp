#include "sluice/fv/fv_matrix.hpp"

#include <algorithm>
#include <cmath>

#include "sluice/core/error.hpp"
#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/solution_directions.hpp"
#include "sluice/fv/value_ops.hpp"

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
  ldu_.diag().assign(a.nCells, 0.0);
  ldu_.lower().assign(a.lower.size(), 0.0);
  ldu_.upper().assign(a.upper.size(), 0.0);
  ldu_.coupleCoeffs().assign(a.coupleRow.size(), 0.0);
  source_.assign(mesh.nCells(), T{});
  internalCoeffs_.assign(mesh.nBoundaryFaces(), 0.0);
  boundaryCoeffs_.assign(mesh.nBoundaryFaces(), T{});
}

template <field::FieldValueType T>
void FvMatrix<T>::addBoundaryFace(Label face, Scalar internalCoeff, const T& boundaryCoeff) {
  const Label P = mesh().poly().owner()[face];
  const Label b = face - mesh().nInternalFaces();
  ldu_.diag()[P] += internalCoeff;
  source_[P] += boundaryCoeff;
  internalCoeffs_[b] += internalCoeff;
  boundaryCoeffs_[b] += boundaryCoeff;
}

template <field::FieldValueType T>
void FvMatrix<T>::addCoupledFace(Label coupledIndex, Scalar internalCoeff, Scalar offDiagonal) {
  const linear::LduAddressing& a = ldu_.addressing();
  const Label P = a.coupleRow[coupledIndex];
  ldu_.diag()[P] += internalCoeff;
  ldu_.coupleCoeffs()[coupledIndex] += offDiagonal;
  internalCoeffs_[a.coupleFace[coupledIndex] - mesh().nInternalFaces()] += internalCoeff;
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
  if (alpha <= 0) return;
  const field::FvMesh& m = mesh();
  const auto& owner = m.poly().owner();
  const Label nInternal = m.nInternalFaces();
  // The boundary faces' diagonal parts, and the dominance test's view of
  // them: |ic| for Regular faces, ic for coupled faces (whose off-diagonal
  // magnitude joins the off-diagonal sum). Verified against simpleFoam.
  std::vector<Scalar> icSum(m.nCells(), 0.0), icDominance(m.nCells(), 0.0);
  forEachBoundaryFace(m, [&](Label f, BoundaryFaceKind kind, Label) {
    const Scalar ic = internalCoeffs_[f - nInternal];
    icSum[owner[f]] += ic;
    icDominance[owner[f]] += kind == BoundaryFaceKind::Regular ? std::abs(ic) : ic;
  });
  const std::vector<Scalar> sumOff = sumMagOffDiag();
  std::vector<Scalar>& D = ldu_.diag();
  const std::vector<T>& psi = psi_->values();
  for (std::size_t c = 0; c < D.size(); ++c) {
    const Scalar D0 = D[c] - icSum[c];  // the diagonal without the boundary faces' parts
    const Scalar dominant = std::max(std::abs(D0 + icDominance[c]), sumOff[c]);
    const Scalar relaxed = dominant / alpha;  // the whole diagonal, boundary parts included
    source_[c] += (relaxed - D[c]) * psi[c];
    D[c] = relaxed;
  }
}

template <field::FieldValueType T>
void FvMatrix<T>::setReference(Label cell, Scalar value) {
  if (cell < 0) return;
  if (cell >= mesh().nCells()) throw Error("FvMatrix::setReference: cell " + std::to_string(cell) + " is not owned");
  std::vector<Scalar>& D = ldu_.diag();
  T v{};
  for (int i = 0; i < nComponents<T>; ++i) setComponent(v, i, value);
  source_[cell] += D[cell] * v;
  D[cell] += D[cell];
}

template <field::FieldValueType T>
field::VolScalarField FvMatrix<T>::A() const {
  const field::FvMesh& m = mesh();
  field::VolScalarField result("A(" + psi_->name() + ")", m, dimsTime(-1));
  const auto volumes = m.cellVolumes();
  const auto& D = ldu_.diag();
  for (Label c = 0; c < m.nCells(); ++c) result[c] = D[c] / volumes[c];
  const auto& owner = m.poly().owner();
  auto bvals = result.boundaryValues();
  for (Label f = m.nInternalFaces(); f < m.nFaces(); ++f) bvals[f - m.nInternalFaces()] = result[owner[f]];
  result.correctBoundaryConditions();
  return result;
}

template <field::FieldValueType T>
field::VolField<T> FvMatrix<T>::H() const {
  const field::FvMesh& m = mesh();
  const linear::LduAddressing& a = ldu_.addressing();
  field::VolField<T> result("H(" + psi_->name() + ")", m, dimsQuotient(psi_->dimensions(), dimsTime(1)));
  const std::vector<T>& psi = psi_->values();
  std::vector<T>& h = result.values();
  for (Label c = 0; c < m.nCells(); ++c) h[c] = source_[c];
  const auto& lower = ldu_.lower();
  const auto& upper = ldu_.upper();
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    h[a.lower[f]] -= upper[f] * psi[a.upper[f]];
    h[a.upper[f]] -= lower[f] * psi[a.lower[f]];
  }
  const auto& couple = ldu_.coupleCoeffs();
  for (std::size_t i = 0; i < a.coupleRow.size(); ++i) h[a.coupleRow[i]] -= couple[i] * psi[a.coupleGhost[i]];
  const auto volumes = m.cellVolumes();
  for (Label c = 0; c < m.nCells(); ++c) h[c] /= volumes[c];
  const auto& owner = m.poly().owner();
  auto bvals = result.boundaryValues();
  for (Label f = m.nInternalFaces(); f < m.nFaces(); ++f) bvals[f - m.nInternalFaces()] = h[owner[f]];
  result.correctBoundaryConditions();
  return result;
}

template <field::FieldValueType T>
std::vector<T> FvMatrix<T>::residual() const {
  const linear::LduAddressing& a = ldu_.addressing();
  const std::vector<T>& psi = psi_->values();
  const auto& D = ldu_.diag();
  std::vector<T> r(a.nCells);
  for (Label c = 0; c < a.nCells; ++c) r[c] = source_[c] - D[c] * psi[c];
  const auto& lower = ldu_.lower();
  const auto& upper = ldu_.upper();
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    r[a.lower[f]] -= upper[f] * psi[a.upper[f]];
    r[a.upper[f]] -= lower[f] * psi[a.lower[f]];
  }
  const auto& couple = ldu_.coupleCoeffs();
  for (std::size_t i = 0; i < a.coupleRow.size(); ++i) r[a.coupleRow[i]] -= couple[i] * psi[a.coupleGhost[i]];
  return r;
}

template <field::FieldValueType T>
field::SurfaceField<T> FvMatrix<T>::flux() const {
  const field::FvMesh& m = mesh();
  const linear::LduAddressing& a = ldu_.addressing();
  field::SurfaceField<T> result("flux(" + psi_->name() + ")", m, psi_->dimensions());
  const std::vector<T>& psi = psi_->values();
  const auto& lower = ldu_.lower();
  const auto& upper = ldu_.upper();
  for (std::size_t f = 0; f < a.lower.size(); ++f)
    result[static_cast<Label>(f)] = upper[f] * psi[a.upper[f]] - lower[f] * psi[a.lower[f]];
  const auto& owner = m.poly().owner();
  const Label nInternal = m.nInternalFaces();
  forEachBoundaryFace(m, [&](Label f, BoundaryFaceKind kind, Label) {
    if (kind == BoundaryFaceKind::Regular)
      result[f] = internalCoeffs_[f - nInternal] * psi[owner[f]] - boundaryCoeffs_[f - nInternal];
  });
  const auto& couple = ldu_.coupleCoeffs();
  for (std::size_t i = 0; i < a.coupleRow.size(); ++i) {
    const Label f = a.coupleFace[i];
    result[f] = couple[i] * psi[a.coupleGhost[i]] + internalCoeffs_[f - nInternal] * psi[a.coupleRow[i]];
  }
  if (!faceFluxCorrection_.empty())
    for (Label f = 0; f < m.nFaces(); ++f) result[f] += faceFluxCorrection_[f];
  return result;
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
void FvMatrix<T>::solve(field::VolField<T>& psi, const ScalarSolveFn& solveScalar) const {
  if (&psi != psi_) throw Error("FvMatrix::solve: field '" + psi.name() + "' is not the matrix's field '" +
                                psi_->name() + "'");
  const field::FvMesh& m = mesh();
  const Label nLocal = m.nLocalCells();
  const Label nCells = m.nCells();
  std::array<bool, 3> solved{true, true, true};
  if constexpr (nComponents<T> > 1) solved = solutionDirections(m);
  std::vector<double> x(nLocal), b(nCells);
  MeshGhosts ghosts(m);
  static constexpr const char* kSuffix[3] = {"x", "y", "z"};
  for (int c = 0; c < nComponents<T>; ++c) {
    if (!solved[c]) continue;
    for (Label i = 0; i < nLocal; ++i) x[i] = component(psi[i], c);
    for (Label i = 0; i < nCells; ++i) b[i] = component(source_[i], c);
    solveScalar(ldu_, x, b, ghosts, nComponents<T> > 1 ? psi.name() + kSuffix[c] : psi.name());
    for (Label i = 0; i < nCells; ++i) setComponent(psi[i], c, x[i]);
  }
  psi.correctBoundaryConditions();
}

template <field::FieldValueType T>
void FvMatrix<T>::checkSameField(const FvMatrix& other, const char* op) const {
  if (other.psi_ != psi_)
    throw Error(std::string("FvMatrix ") + op + ": matrices of different fields ('" + psi_->name() + "' and '" +
                other.psi_->name() + "')");
}

template <field::FieldValueType T>
FvMatrix<T>& FvMatrix<T>::operator+=(const FvMatrix& other) {
  checkSameField(other, "+");
  addInto(ldu_.diag(), other.ldu_.diag(), 1);
  addInto(ldu_.lower(), other.ldu_.lower(), 1);
  addInto(ldu_.upper(), other.ldu_.upper(), 1);
  addInto(ldu_.coupleCoeffs(), other.ldu_.coupleCoeffs(), 1);
  addInto(source_, other.source_, 1);
  addInto(internalCoeffs_, other.internalCoeffs_, 1);
  addInto(boundaryCoeffs_, other.boundaryCoeffs_, 1);
  if (!other.faceFluxCorrection_.empty()) {
    if (faceFluxCorrection_.empty()) faceFluxCorrection_.assign(other.faceFluxCorrection_.size(), T{});
    addInto(faceFluxCorrection_, other.faceFluxCorrection_, 1);
  }
  return *this;
}

template <field::FieldValueType T>
FvMatrix<T>& FvMatrix<T>::operator-=(const FvMatrix& other) {
  checkSameField(other, "-");
  addInto(ldu_.diag(), other.ldu_.diag(), -1);
  addInto(ldu_.lower(), other.ldu_.lower(), -1);
  addInto(ldu_.upper(), other.ldu_.upper(), -1);
  addInto(ldu_.coupleCoeffs(), other.ldu_.coupleCoeffs(), -1);
  addInto(source_, other.source_, -1);
  addInto(internalCoeffs_, other.internalCoeffs_, -1);
  addInto(boundaryCoeffs_, other.boundaryCoeffs_, -1);
  if (!other.faceFluxCorrection_.empty()) {
    if (faceFluxCorrection_.empty()) faceFluxCorrection_.assign(other.faceFluxCorrection_.size(), T{});
    addInto(faceFluxCorrection_, other.faceFluxCorrection_, -1);
  }
  return *this;
}

template <field::FieldValueType T>
FvMatrix<T>& FvMatrix<T>::operator*=(Scalar s) {
  for (Scalar& v : ldu_.diag()) v *= s;
  for (Scalar& v : ldu_.lower()) v *= s;
  for (Scalar& v : ldu_.upper()) v *= s;
  for (Scalar& v : ldu_.coupleCoeffs()) v *= s;
  for (T& v : source_) v *= s;
  for (Scalar& v : internalCoeffs_) v *= s;
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
