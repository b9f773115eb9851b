#pragma once
// The discretised equation of a field psi (Scalar or Vec3) on one rank, in
// OpenFOAM's form: the matrix M stands for the expression  A psi - source,
// so an equation "M == 0" is solved as A psi = source.
//
//   A        an LduMatrix on the mesh's shared addressing (owned-cell rows;
//            coupled faces' coefficients in coupleCoeffs, their diagonal
//            parts in the diagonal); the same coefficients serve the three
//            components of a vector equation
//   source   per owned cell (T), without the Regular boundary faces' parts
//   internalCoeffs / boundaryCoeffs   per boundary face (index face -
//            nInternalFaces), of the field's type: on Regular boundary
//            faces the diagonal / source contribution of the face, per
//            component (a slip wall contributes to the normal component
//            only), added when solving component by component and by A(),
//            H(), residual(), flux() and relax() as OpenFOAM does (A() uses
//            their component average); on coupled faces internalCoeffs
//            records the diagonal part already in A, the off-diagonal
//            part is the coupleCoeff
//   faceFluxCorrection   per face (optional): the explicit flux the
//            laplacian's non-orthogonal correction added to the source
//
// Build with the fvm operators and combine with +, -, ==; fields (or
// per-cell vectors) on the right of == are cell densities (per volume).
// icoFoam's step (tests/fv/cavity_solvers.hpp has it in full):
//
//   FvMatrix<Vec3> UEqn = fvm::ddt(U, schemes, time) + fvm::div(phi, U, schemes) - fvm::laplacian(nu, "nu", U, schemes);
//   UEqn.solve(U, solveScalar, minusGradP);           // UEqn == -grad(p) (per cell), component by component,
//                                                     // UEqn itself kept without the -grad(p) source
//   field::VolScalarField rAU = UEqn.A();              // then 1/A in cells and boundary values, named "(1|A(U))"
//   field::VolVectorField HbyA = UEqn.H();             // then times rAU; boundary values = U's on fixed patches
//   phiHbyA = fvc::flux(HbyA) + fvc::interpolate(rAU) * fvc::ddtCorr(U, phi, ddtScheme, time);
//   FvMatrix<Scalar> pEqn = fvm::laplacian(rAU, p, schemes) == fvc::div(phiHbyA);
//   pEqn.setReference(refCell, 0.0);                   // -1 on ranks not owning the reference cell
//   pEqn.solve(p, solveScalar);
//   phi = phiHbyA - pEqn.flux();
//   U = HbyA - rAU * fvc::grad(p); U.correctBoundaryConditions();
//
// Solving: `solveScalar(A, x, b, ghosts, name)` solves A x = b for one
// scalar system (x has nLocalCells entries and holds the initial guess; the
// solver updates its ghosts through `ghosts`, the mesh). Vector equations
// call it once per solved component ("Ux", "Uy", "Uz"), skipping the empty
// direction of a 2D mesh.
//
// The matrix keeps the address of its field and mesh (both must outlive it).
#include <array>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/field/surface_field.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/linear/ldu_matrix.hpp"

namespace sluice::fv {

/// Solves A x = b for one scalar system (x: nLocalCells entries, the initial
/// guess in the owned ones; b: nCells entries); `ghosts` fills x's ghost
/// entries (the mesh); `name` is the field or component name ("p", "Ux")
/// for the solver's log line. Collective. With the linear module:
///
///   ScalarSolveFn fn = [&](const linear::LduMatrix& A, std::span<double> x, std::span<const double> b,
///                          linear::GhostUpdater& ghosts, const std::string& name) {
///     log(solvers.at(name)->solve(A, x, b, ghosts).line());
///   };
using ScalarSolveFn = std::function<void(const linear::LduMatrix& A, std::span<double> x, std::span<const double> b,
                                         linear::GhostUpdater& ghosts, const std::string& name)>;

/// Solves the components of a vector equation together: A x_c = b_c for
/// K = `components` (2 or 3) systems with one matrix, their values
/// interleaved cell by cell (x[K i + c]: nLocalCells x K, b[K i + c]: nCells
/// x K; see LinearSolver::solveComponents), each system's solution and log
/// line those its own ScalarSolveFn call would give; `names` as for
/// ScalarSolveFn ("Ux", "Uy"). Collective. Empty where the solver has no
/// such path (FvMatrix::solve then solves one component after the other).
using ComponentsSolveFn =
    std::function<void(const linear::LduMatrix& A, std::span<double> x, std::span<const double> b, int components,
                       linear::GhostUpdater& ghosts, std::span<const std::string> names)>;

template <field::FieldValueType T>
class FvMatrix {
 public:
  /// A zero matrix for `psi`.
  explicit FvMatrix(const field::VolField<T>& psi);

  const field::VolField<T>& psi() const { return *psi_; }
  const field::FvMesh& mesh() const { return psi_->mesh(); }

  linear::LduMatrix& ldu() { return ldu_; }
  const linear::LduMatrix& ldu() const { return ldu_; }
  std::vector<T>& source() { return source_; }
  const std::vector<T>& source() const { return source_; }
  std::vector<T>& internalCoeffs() { return internalCoeffs_; }
  const std::vector<T>& internalCoeffs() const { return internalCoeffs_; }
  std::vector<T>& boundaryCoeffs() { return boundaryCoeffs_; }
  const std::vector<T>& boundaryCoeffs() const { return boundaryCoeffs_; }
  /// Per face; empty when no operator added a correction flux.
  std::vector<T>& faceFluxCorrection() { return faceFluxCorrection_; }
  const std::vector<T>& faceFluxCorrection() const { return faceFluxCorrection_; }

  /// Adds a Regular boundary face's contribution (kept apart from A and
  /// source; per component: diagonal += internalCoeff, source += boundaryCoeff).
  void addBoundaryFace(Label face, const T& internalCoeff, const T& boundaryCoeff);
  /// Adds a coupled face: diagonal += internalCoeff, coupleCoeff += offDiagonal (coupled-face index i).
  void addCoupledFace(Label coupledIndex, Scalar internalCoeff, Scalar offDiagonal);
  /// Adds an explicit face-flux correction (per face, outward from the
  /// owner): source -= its divergence times the volume; kept for flux().
  void addFaceFluxCorrection(std::span<const T> correction);

  /// Under-relaxation as OpenFOAM's fvMatrix::relax(alpha): the diagonal
  /// D with the boundary faces' parts (Regular faces by their largest
  /// component magnitude) is made at least the sum of off-diagonal
  /// magnitudes (coupled coefficients included), divided by alpha, and the
  /// Regular faces' smallest components are taken out again; the source
  /// gains (D_new - D_old) psi, so the equation still holds at the current
  /// psi. alpha = 1 only enforces dominance; alpha <= 0 does nothing.
  void relax(Scalar alpha);

  /// Fixes the level of a singular (pure Neumann) equation: on the rank
  /// owning `cell` (a local owned cell; pass -1 on other ranks) source +=
  /// diag * value and the diagonal is doubled.
  void setReference(Label cell, Scalar value);

  /// The diagonal with the Regular faces' parts by their component average
  /// (OpenFOAM's D()), per owned cell.
  std::vector<Scalar> D() const;
  /// D() per volume ("A(psi)"); boundary values are the owner cells'
  /// values. Collective (ghosts exchanged).
  field::VolScalarField A() const;
  /// (source + boundary sources - off-diagonal coefficients times psi, and
  /// per component the difference between the component-average and the
  /// component's own boundary diagonal times psi) / V ("H(psi)"), psi's
  /// ghosts used for coupled faces; boundary values are the owner cells'
  /// values. Collective (ghosts exchanged).
  field::VolField<T> H() const;
  /// The sum of off-diagonal coefficients per volume, negated ("H(1)", for
  /// SIMPLEC's consistent formulation); boundary values are the owner
  /// cells'. Collective (ghosts exchanged).
  field::VolScalarField H1() const;
  /// source - A psi per owned cell, boundary parts included (psi's ghosts used as they are).
  std::vector<T> residual() const;
  /// Face flux from the coefficients ("flux(psi)"): internal faces
  /// upper psi_N - lower psi_P, coupled faces coupleCoeff psi_ghost +
  /// internalCoeff psi_P, Regular boundary faces internalCoeff (x) psi_P -
  /// boundaryCoeff, plus faceFluxCorrection; zero on empty faces. Valid for
  /// matrices whose diagonal is minus the sum of their face coefficients
  /// (laplacians: the pressure equation).
  field::SurfaceField<T> flux() const;
  /// flux() written into `out` (nFaces() values) instead of a new field.
  void fluxInto(std::span<T> out) const;
  /// values[f] -= flux()[f] on every face but the empty ones (nFaces()
  /// values), the same bits as subtracting a flux() made first: the pressure
  /// corrector's phi = phiHbyA - pEqn.flux() in phiHbyA's own storage.
  void subtractFluxFrom(std::span<T> values) const;

  /// One component's scalar system as the linear solver sees it: the
  /// diagonal and source with that component's part of the Regular boundary
  /// faces added (nCells entries each).
  struct ComponentSystem {
    std::vector<Scalar> diag;
    std::vector<Scalar> source;
  };
  /// With `density`: the system of (M == density) (source + density V), bit
  /// for bit, without copying the matrix.
  ComponentSystem componentSystem(int component, std::span<const T> density = {}) const;

  /// Solves A psi = source with `solveScalar` per component (the Regular
  /// boundary faces' parts of that component added to the diagonal and
  /// source for the solve), then psi.correctBoundaryConditions(). `psi`
  /// must be this matrix's field. Collective.
  /// With `density` it solves M == density (A psi = source + density V) as
  /// (M == density).solve would, bit for bit, without a copy of the matrix:
  /// for a matrix kept after the solve (the momentum equation, for A() and H()).
  /// `solveComponents` (vector fields): used when every solved component
  /// has the same matrix (the boundary puts the same coefficients on the
  /// diagonal for each), so that the solver passes over it once for all.
  /// The components solved together are solved in one interleaved copy of
  /// their values and one of their sources (2 doubles per cell and
  /// component), not one array each.
  void solve(field::VolField<T>& psi, const ScalarSolveFn& solveScalar, std::span<const T> density = {},
             const ComponentsSolveFn& solveComponents = {});
  /// solve() with a `density` it owns: freed as soon as the components'
  /// sources hold it (before a components-together solve iterates), so that
  /// a momentum equation's -grad p is not kept through the iterations.
  void solve(field::VolField<T>& psi, const ScalarSolveFn& solveScalar, std::vector<T>&& density,
             const ComponentsSolveFn& solveComponents);

  // ---- algebra (both operands on the same field)
  FvMatrix& operator+=(const FvMatrix& other);
  FvMatrix& operator-=(const FvMatrix& other);
  FvMatrix& operator*=(Scalar s);
  FvMatrix& negate();
  /// M + s: the expression gains the cell density s (source -= s V).
  FvMatrix& operator+=(const field::VolField<T>& s) { return addDensity(s.internal(), -1); }
  FvMatrix& operator-=(const field::VolField<T>& s) { return addDensity(s.internal(), +1); }
  FvMatrix& operator+=(const std::vector<T>& s) { return addDensity(s, -1); }
  FvMatrix& operator-=(const std::vector<T>& s) { return addDensity(s, +1); }

 private:
  /// visit(face, flux) once per face that flux() sets, with its value.
  template <class Visit>
  void forEachFaceFlux(const char* caller, Label nValues, Visit&& visit) const;

  FvMatrix& addDensity(std::span<const T> density, Scalar sign);
  /// += (sign 1) or -= (sign -1) of another matrix of the same field; `op` names it in errors.
  FvMatrix& addMatrix(const FvMatrix& other, Scalar sign, const char* op);
  /// The source of componentSystem (nCells entries).
  std::vector<Scalar> componentSource(int component, std::span<const T> density) const;
  /// componentSource into out[stride i + offset] (interleaved systems).
  void componentSourceInto(int component, std::span<const T> density, std::span<Scalar> out, std::size_t stride,
                           std::size_t offset) const;
  /// solve()'s work; `releaseDensity` (may be empty) frees the density once
  /// the sources of the systems solved together hold it.
  void solveWith(field::VolField<T>& psi, const ScalarSolveFn& solveScalar, std::span<const T> density,
                 const std::function<void()>& releaseDensity, const ComponentsSolveFn& solveComponents);
  void checkSameField(const FvMatrix& other, const char* op) const;
  /// Sum of |off-diagonal| per owned row (coupled coefficients included).
  std::vector<Scalar> sumMagOffDiag() const;
  /// Calls f(face, ownerCell, boundaryIndex) for every Regular boundary face.
  template <class F>
  void forEachRegularFace(F&& f) const;

  const field::VolField<T>* psi_;
  linear::LduMatrix ldu_;
  std::vector<T> source_;
  std::vector<T> internalCoeffs_;
  std::vector<T> boundaryCoeffs_;
  std::vector<T> faceFluxCorrection_;
};

// The operators take `a` by value and return it by move (`return a += b;`
// would copy: its operand is a reference, not the parameter).
template <field::FieldValueType T>
FvMatrix<T> operator+(FvMatrix<T> a, const FvMatrix<T>& b) { a += b; return a; }
template <field::FieldValueType T>
FvMatrix<T> operator-(FvMatrix<T> a, const FvMatrix<T>& b) { a -= b; return a; }
template <field::FieldValueType T>
FvMatrix<T> operator-(FvMatrix<T> a) { a.negate(); return a; }
template <field::FieldValueType T>
FvMatrix<T> operator*(Scalar s, FvMatrix<T> a) { a *= s; return a; }
/// a == b is a - b.
template <field::FieldValueType T>
FvMatrix<T> operator==(FvMatrix<T> a, const FvMatrix<T>& b) { a -= b; return a; }

template <field::FieldValueType T>
FvMatrix<T> operator+(FvMatrix<T> a, const field::VolField<T>& s) { a += s; return a; }
template <field::FieldValueType T>
FvMatrix<T> operator-(FvMatrix<T> a, const field::VolField<T>& s) { a -= s; return a; }
/// M == s: A psi = source + s V.
template <field::FieldValueType T>
FvMatrix<T> operator==(FvMatrix<T> a, const field::VolField<T>& s) { a -= s; return a; }
template <field::FieldValueType T>
FvMatrix<T> operator+(FvMatrix<T> a, const std::vector<T>& s) { a += s; return a; }
template <field::FieldValueType T>
FvMatrix<T> operator-(FvMatrix<T> a, const std::vector<T>& s) { a -= s; return a; }
template <field::FieldValueType T>
FvMatrix<T> operator==(FvMatrix<T> a, const std::vector<T>& s) { a -= s; return a; }

extern template class FvMatrix<Scalar>;
extern template class FvMatrix<Vec3>;

}  // namespace sluice::fv
