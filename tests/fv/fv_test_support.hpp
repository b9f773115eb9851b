#pragma once
// Test helpers for the fv module: box meshes (optionally mapped, optionally
// cyclic in x), a serial FvMesh on MPI_COMM_SELF, boundary-condition set-up
// from exact functions, a matrix-vector product and a CG solver on the LDU
// matrix that work at any number of ranks.
//
//   fvtest::Box box = fvtest::Box(16, 16).mapped(fvtest::interiorSkew);
//   fvtest::SerialMesh m(fvtest::boxMesh(box));                // m.mesh is a field::FvMesh
//   field::VolScalarField u("u", m.mesh, {});
//   fvtest::setFixedValue(u, [](const Vec3& x) { return x.x; });  // every Regular patch
//   std::vector<double> y = fvtest::multiply(m.mesh, ldu, x);      // y = A x (x: nLocalCells)
//   int it = fvtest::solveCG(m.mesh, ldu, x, b, 1e-12);            // symmetric definite (either sign)
//   fvtest::solveCG(m.mesh, M, x, 1e-12);                          // an FvMatrix<Scalar>, boundary parts included
#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <mpi.h>

#include "sluice/core/vec3.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/fv/fv_matrix.hpp"
#include "sluice/fv/fv_schemes.hpp"
#include "sluice/field/vol_field.hpp"
#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/parallel/communicator.hpp"
#include "support/box_mesh.hpp"

namespace sluice::fvtest {

struct Box {
  Box(int nx_ = 4, int ny_ = 4, int nz_ = 1) : nx(nx_), ny(ny_), nz(nz_) {}
  Box& mapped(std::function<Vec3(const Vec3&)> m) {
    map = std::move(m);
    return *this;
  }
  Box& cyclicX() {
    xCyclic = true;
    return *this;
  }
  Box& threeD() {
    zType = "wall";
    return *this;
  }
  int nx, ny, nz;
  bool xCyclic = false;
  std::string zType = "empty";
  std::function<Vec3(const Vec3&)> map;  ///< maps the unit cube's points (identity if empty)
};

/// Smooth distortion that leaves the boundary cells orthogonal (the map's
/// Jacobian is the identity on the boundary of the unit square) but makes the
/// interior faces non-orthogonal (up to about 25 degrees) and skewed.
inline Vec3 interiorSkew(const Vec3& p) {
  const double pi = 3.14159265358979323846;
  const double s = std::pow(std::sin(pi * p.x), 2) * std::pow(std::sin(pi * p.y), 2);
  return {p.x + 0.16 * s, p.y - 0.16 * s, p.z * 0.1};
}

/// A smooth, non-affine map of the whole square (cells of varying size and
/// shape, non-orthogonal also at the boundary); planar in z.
inline Vec3 wavy(const Vec3& p) {
  return {p.x + 0.05 * std::sin(3.0 * p.y) + 0.3 * p.x * p.x, p.y + 0.04 * std::sin(5.0 * p.x) + 0.2 * p.x * p.y,
          p.z * 0.1};
}

/// Cell (i, j, k) = i + nx (j + ny k) (test::boxMesh numbering); patches
/// left, right (patch or cyclic pair), bottom, top (wall), front, back (empty
/// unless threeD()).
inline mesh::PolyMesh boxMesh(const Box& s) {
  const int nx = s.nx, ny = s.ny, nz = s.nz;
  test::BoxOptions options;
  options.point = [&](int i, int j, int k) {
    const Vec3 p{static_cast<double>(i) / nx, static_cast<double>(j) / ny, static_cast<double>(k) / nz};
    return s.map ? s.map(p) : p;
  };
  options.sides = {s.xCyclic ? test::boxSide("left", "cyclic", {}, "right") : test::boxSide("left", "patch"),
                   s.xCyclic ? test::boxSide("right", "cyclic", {}, "left") : test::boxSide("right", "patch"),
                   test::boxSide("bottom", "wall"),
                   test::boxSide("top", "wall"),
                   test::boxSide("front", s.zType),
                   test::boxSide("back", s.zType)};
  return test::boxMesh(nx, ny, nz, options);
}

/// The whole mesh on this rank (MPI_COMM_SELF).
struct SerialMesh {
  explicit SerialMesh(mesh::PolyMesh m)
      : comm(std::make_unique<parallel::Communicator>(MPI_COMM_SELF)),
        fv(std::make_unique<field::FvMesh>(field::makeSerialFvMesh(std::move(m), *comm))),
        mesh(*fv) {}
  std::unique_ptr<parallel::Communicator> comm;
  std::unique_ptr<field::FvMesh> fv;
  field::FvMesh& mesh;
};

/// fixedValue from `exact` at the face centres on every Regular patch.
template <class T>
void setFixedValue(field::VolField<T>& f, const std::function<T(const Vec3&)>& exact) {
  const field::FvMesh& mesh = f.mesh();
  for (Label p = 0; p < mesh.nPatches(); ++p) {
    if (mesh.patchKind(p) != field::PatchKind::Regular) continue;
    const auto& patch = mesh.patches()[p];
    std::vector<T> values(patch.size);
    for (Label i = 0; i < patch.size; ++i) values[i] = exact(mesh.faceCentres()[patch.start + i]);
    f.setBoundaryCondition(p, std::make_unique<field::FixedValueBC<T>>(p, std::move(values)));
  }
}

template <class T>
void setZeroGradient(field::VolField<T>& f) {
  const field::FvMesh& mesh = f.mesh();
  for (Label p = 0; p < mesh.nPatches(); ++p)
    if (mesh.patchKind(p) == field::PatchKind::Regular)
      f.setBoundaryCondition(p, std::make_unique<field::ZeroGradientBC<T>>(p));
}

/// Cell values from `exact` at the cell centres (ghosts included), then boundary conditions evaluated.
template <class T>
void setCells(field::VolField<T>& f, const std::function<T(const Vec3&)>& exact) {
  const auto centres = f.mesh().cellCentres();
  for (Label c = 0; c < f.mesh().nCells(); ++c) f[c] = exact(centres[c]);
  f.correctBoundaryConditions();
}

/// y = A x on owned cells (x: nLocalCells; ghosts updated here). Collective.
inline std::vector<double> multiply(const field::FvMesh& mesh, const linear::LduMatrix& A, std::vector<double> x) {
  mesh.updateGhosts(std::span<double>(x), 1);
  const auto& a = A.addressing();
  std::vector<double> y(a.nCells);
  for (Label c = 0; c < a.nCells; ++c) y[c] = A.diag()[c] * x[c];
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    y[a.lower[f]] += A.upper()[f] * x[a.upper[f]];
    y[a.upper[f]] += A.lower()[f] * x[a.lower[f]];
  }
  for (std::size_t i = 0; i < a.coupleRow.size(); ++i) y[a.coupleRow[i]] += A.coupleCoeffs()[i] * x[a.coupleGhost[i]];
  return y;
}

/// Conjugate gradients for a symmetric definite matrix (positive or
/// negative), x (nLocalCells) holds the initial guess. Returns iterations;
/// stops at |r| <= tol |b|. Collective.
inline int solveCG(const field::FvMesh& mesh, const linear::LduMatrix& A, std::vector<double>& x,
                   const std::vector<double>& b, double tol, int maxIter = 5000) {
  const Label n = mesh.nCells();
  auto dotp = [&](const std::vector<double>& u, const std::vector<double>& v) {
    double s = 0;
    for (Label i = 0; i < n; ++i) s += u[i] * v[i];
    return mesh.comm().sum(s);
  };
  std::vector<double> Ax = multiply(mesh, A, x);
  std::vector<double> r(n), p(mesh.nLocalCells(), 0.0);
  for (Label i = 0; i < n; ++i) r[i] = b[i] - Ax[i];
  const double bnorm = std::sqrt(dotp(b, b));
  double rr = dotp(r, r);
  for (Label i = 0; i < n; ++i) p[i] = r[i];
  int it = 0;
  while (std::sqrt(rr) > tol * bnorm && it < maxIter) {
    const std::vector<double> Ap = multiply(mesh, A, p);
    const double alpha = rr / dotp(p, Ap);
    for (Label i = 0; i < n; ++i) {
      x[i] += alpha * p[i];
      r[i] -= alpha * Ap[i];
    }
    const double rrNew = dotp(r, r);
    for (Label i = 0; i < n; ++i) p[i] = r[i] + rrNew / rr * p[i];
    rr = rrNew;
    ++it;
  }
  return it;
}

/// The matrix of a scalar equation as the linear solver sees it: its
/// coefficients with the Regular boundary faces' diagonal parts added.
inline linear::LduMatrix systemMatrix(const fv::FvMatrix<Scalar>& M) {
  linear::LduMatrix A = M.ldu();
  A.diag() = M.componentSystem(0).diag;
  return A;
}

/// solveCG on a scalar equation, its boundary parts included (FvMatrix::componentSystem).
inline int solveCG(const field::FvMesh& mesh, const fv::FvMatrix<Scalar>& M, std::vector<double>& x, double tol) {
  return solveCG(mesh, systemMatrix(M), x, M.componentSystem(0).source, tol);
}

/// A ddt scheme of the given kind, other settings default.
inline fv::DdtScheme ddtScheme(fv::DdtKind kind) {
  fv::DdtScheme s;
  s.kind = kind;
  return s;
}

}  // namespace sluice::fvtest
