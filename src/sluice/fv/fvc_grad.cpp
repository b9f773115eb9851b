#include "sluice/fv/fvc_grad.hpp"

#include <algorithm>
#include <cmath>

#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/term_names.hpp"

namespace sluice::fv {

namespace {

// Gradient of one component: the Vec3 itself for scalars, a column for tensors.
Vec3 gradComponent(const Vec3& g, int) { return g; }
Vec3 gradComponent(const Tensor& t, int c) { return t.column(c); }
void scaleGradComponent(Vec3& g, int, Scalar s) { g *= s; }
void scaleGradComponent(Tensor& t, int c, Scalar s) { t.setColumn(c, t.column(c) * s); }

template <class G>
void exchangeGhosts(const field::FvMesh& mesh, std::vector<G>& g) {
  constexpr int n = static_cast<int>(sizeof(G) / sizeof(double));
  mesh.updateGhosts(std::span<double>(reinterpret_cast<double*>(g.data()), g.size() * n), n);
}

template <class T>
std::vector<GradType<T>> gaussGrad(const field::FvMesh& mesh, std::span<const T> cells, std::span<const T> boundary) {
  const auto& geo = mesh.geometry();
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  const Label nInternal = mesh.nInternalFaces();
  std::vector<GradType<T>> g(mesh.nLocalCells());
  for (Label f = 0; f < nInternal; ++f) {
    const Scalar w = geo.weights[f];
    const GradType<T> flux = outerProduct(geo.faceAreas[f], T(w * cells[owner[f]] + (1 - w) * cells[neighbour[f]]));
    g[owner[f]] += flux;
    g[neighbour[f]] -= flux;
  }
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label) {
    const Scalar w = geo.weights[f];
    const T vf = kind == BoundaryFaceKind::Coupled ? T(w * cells[owner[f]] + (1 - w) * cells[mesh.faceGhost(f)])
                                                   : boundary[f - nInternal];
    g[owner[f]] += outerProduct(geo.faceAreas[f], vf);
  });
  const auto volumes = mesh.cellVolumes();
  for (Label c = 0; c < mesh.nCells(); ++c) g[c] /= volumes[c];
  return g;
}

/// Symmetric 3x3 matrix of the least-squares normal equations.
struct Sym3 {
  Scalar xx = 0, xy = 0, xz = 0, yy = 0, yz = 0, zz = 0;
  void addOuter(const Vec3& d, Scalar w) {
    xx += w * d.x * d.x;
    xy += w * d.x * d.y;
    xz += w * d.x * d.z;
    yy += w * d.y * d.y;
    yz += w * d.y * d.z;
    zz += w * d.z * d.z;
  }
};

/// Inverse of m; axes with (almost) no entries (no offsets in that
/// direction) are removed first and get zero rows and columns.
Tensor invertLeastSquares(Sym3 m) {
  const Scalar tr = m.xx + m.yy + m.zz;
  bool dropped[3] = {m.xx <= 1e-10 * tr, m.yy <= 1e-10 * tr, m.zz <= 1e-10 * tr};
  if (dropped[0]) { m.xx = 1; m.xy = 0; m.xz = 0; }
  if (dropped[1]) { m.yy = 1; m.xy = 0; m.yz = 0; }
  if (dropped[2]) { m.zz = 1; m.xz = 0; m.yz = 0; }
  const Scalar c00 = m.yy * m.zz - m.yz * m.yz;
  const Scalar c01 = m.xz * m.yz - m.xy * m.zz;
  const Scalar c02 = m.xy * m.yz - m.xz * m.yy;
  const Scalar c11 = m.xx * m.zz - m.xz * m.xz;
  const Scalar c12 = m.xy * m.xz - m.xx * m.yz;
  const Scalar c22 = m.xx * m.yy - m.xy * m.xy;
  const Scalar det = m.xx * c00 + m.xy * c01 + m.xz * c02;
  Tensor inv;
  inv(0, 0) = c00 / det;
  inv(0, 1) = inv(1, 0) = c01 / det;
  inv(0, 2) = inv(2, 0) = c02 / det;
  inv(1, 1) = c11 / det;
  inv(1, 2) = inv(2, 1) = c12 / det;
  inv(2, 2) = c22 / det;
  for (int i = 0; i < 3; ++i)
    if (dropped[i])
      for (int k = 0; k < 3; ++k) inv(i, k) = inv(k, i) = 0;
  return inv;
}

Vec3 applyInverse(const Tensor& inv, const Vec3& r) {
  return {inv(0, 0) * r.x + inv(0, 1) * r.y + inv(0, 2) * r.z, inv(1, 0) * r.x + inv(1, 1) * r.y + inv(1, 2) * r.z,
          inv(2, 0) * r.x + inv(2, 1) * r.y + inv(2, 2) * r.z};
}
Tensor applyInverse(const Tensor& inv, const Tensor& r) {
  Tensor out;
  for (int j = 0; j < 3; ++j) out.setColumn(j, applyInverse(inv, r.column(j)));
  return out;
}

template <class T>
std::vector<GradType<T>> leastSquaresGrad(const field::FvMesh& mesh, std::span<const T> cells,
                                          std::span<const T> boundary) {
  const auto& geo = mesh.geometry();
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  const Label nInternal = mesh.nInternalFaces();
  const Label nCells = mesh.nCells();
  std::vector<Sym3> dd(nCells);
  std::vector<GradType<T>> rhs(mesh.nLocalCells());
  for (Label f = 0; f < nInternal; ++f) {
    const Label P = owner[f], N = neighbour[f];
    const Vec3& d = geo.deltas[f];
    const Scalar w = 1.0 / magSqr(d);
    dd[P].addOuter(d, w);
    dd[N].addOuter(d, w);
    const GradType<T> r = outerProduct(w * d, T(cells[N] - cells[P]));
    rhs[P] += r;
    rhs[N] += r;  // (-d) (x) (v_P - v_N) = d (x) (v_N - v_P)
  }
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label) {
    const Label P = owner[f];
    const Vec3 d = kind == BoundaryFaceKind::Coupled ? geo.deltas[f] : geo.faceCentres[f] - geo.cellCentres[P];
    const T other = kind == BoundaryFaceKind::Coupled ? cells[mesh.faceGhost(f)] : boundary[f - nInternal];
    const Scalar w = 1.0 / magSqr(d);
    dd[P].addOuter(d, w);
    rhs[P] += outerProduct(w * d, T(other - cells[P]));
  });
  std::vector<GradType<T>> g(mesh.nLocalCells());
  for (Label c = 0; c < nCells; ++c) g[c] = applyInverse(invertLeastSquares(dd[c]), rhs[c]);
  return g;
}

void limitFace(Scalar& limiter, Scalar maxDelta, Scalar minDelta, Scalar extrapolate) {
  if (extrapolate > maxDelta + kVSmall) limiter = std::min(limiter, maxDelta / extrapolate);
  else if (extrapolate < minDelta - kVSmall) limiter = std::min(limiter, minDelta / extrapolate);
}

template <class T>
void cellLimit(const field::FvMesh& mesh, std::span<const T> cells, std::span<const T> boundary, Scalar k,
               std::vector<GradType<T>>& g) {
  constexpr int nc = nComponents<T>;
  const auto& geo = mesh.geometry();
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  const Label nInternal = mesh.nInternalFaces();
  const Label nCells = mesh.nCells();
  std::vector<T> maxV(cells.begin(), cells.begin() + nCells), minV(maxV);
  auto widen = [&](Label c, const T& v) {
    for (int i = 0; i < nc; ++i) {
      setComponent(maxV[c], i, std::max(component(maxV[c], i), component(v, i)));
      setComponent(minV[c], i, std::min(component(minV[c], i), component(v, i)));
    }
  };
  for (Label f = 0; f < nInternal; ++f) {
    widen(owner[f], cells[neighbour[f]]);
    widen(neighbour[f], cells[owner[f]]);
  }
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label) {
    widen(owner[f], kind == BoundaryFaceKind::Coupled ? cells[mesh.faceGhost(f)] : boundary[f - nInternal]);
  });
  for (Label c = 0; c < nCells; ++c) {
    maxV[c] -= cells[c];
    minV[c] -= cells[c];
    if (k < 1.0) {
      const T extra = (1.0 / std::max(k, kSmall) - 1.0) * (maxV[c] - minV[c]);
      maxV[c] += extra;
      minV[c] -= extra;
    }
  }
  std::vector<T> limiter(nCells);
  for (Label c = 0; c < nCells; ++c)
    for (int i = 0; i < nc; ++i) setComponent(limiter[c], i, 1.0);
  auto limitCell = [&](Label c, const Vec3& faceCentre) {
    const Vec3 d = faceCentre - geo.cellCentres[c];
    for (int i = 0; i < nc; ++i) {
      Scalar l = component(limiter[c], i);
      limitFace(l, component(maxV[c], i), component(minV[c], i), dot(d, gradComponent(g[c], i)));
      setComponent(limiter[c], i, l);
    }
  };
  for (Label f = 0; f < nInternal; ++f) {
    limitCell(owner[f], geo.faceCentres[f]);
    limitCell(neighbour[f], geo.faceCentres[f]);
  }
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind, Label) { limitCell(owner[f], geo.faceCentres[f]); });
  for (Label c = 0; c < nCells; ++c)
    for (int i = 0; i < nc; ++i) scaleGradComponent(g[c], i, component(limiter[c], i));
}

}  // namespace

template <class T>
std::vector<GradType<T>> gradient(const field::FvMesh& mesh, std::span<const T> cells, std::span<const T> boundary,
                                  const GradScheme& scheme) {
  std::vector<GradType<T>> g = scheme.kind == GradKind::leastSquares ? leastSquaresGrad<T>(mesh, cells, boundary)
                                                                     : gaussGrad<T>(mesh, cells, boundary);
  if (scheme.cellLimited && scheme.limitCoeff > 0) cellLimit<T>(mesh, cells, boundary, scheme.limitCoeff, g);
  exchangeGhosts(mesh, g);
  return g;
}

template std::vector<Vec3> gradient<Scalar>(const field::FvMesh&, std::span<const Scalar>, std::span<const Scalar>,
                                            const GradScheme&);
template std::vector<Tensor> gradient<Vec3>(const field::FvMesh&, std::span<const Vec3>, std::span<const Vec3>,
                                            const GradScheme&);

namespace fvc {

field::VolVectorField grad(const field::VolScalarField& vf, const GradScheme& scheme) {
  const field::FvMesh& mesh = vf.mesh();
  field::VolVectorField result("grad(" + vf.name() + ")", mesh, dimsQuotient(vf.dimensions(), dimsLength(1)));
  result.values() = gradient<Scalar>(mesh, vf.values(), vf.boundaryValues(), scheme);
  // Boundary values: the cell gradient with the normal component from the condition.
  const auto& geo = mesh.geometry();
  const auto& owner = mesh.poly().owner();
  const Label nInternal = mesh.nInternalFaces();
  auto bvals = result.boundaryValues();
  forEachRegularPatch(mesh, [&](Label patch, Label start, Label size) {
    const PatchCoeffs<Scalar> c = gradientCoeffs(vf, patch);
    for (Label i = 0; i < size; ++i) {
      const Label f = start + i;
      const Vec3 n = geo.faceAreas[f] / geo.faceAreaMags[f];
      const Vec3& gP = result[owner[f]];
      const Scalar snGrad = c.internal[i] * vf[owner[f]] + c.boundary[i];
      bvals[f - nInternal] = gP + n * (snGrad - dot(n, gP));
    }
  });
  result.correctBoundaryConditions();  // `calculated` keeps those values; ghosts and coupled faces updated
  return result;
}

std::vector<Tensor> grad(const field::VolVectorField& vf, const GradScheme& scheme) {
  return gradient<Vec3>(vf.mesh(), vf.values(), vf.boundaryValues(), scheme);
}

field::VolVectorField grad(const field::VolScalarField& vf, const FvSchemes& schemes) {
  return grad(vf, schemes.grad(gradTerm(vf)));
}

std::vector<Tensor> grad(const field::VolVectorField& vf, const FvSchemes& schemes) {
  return grad(vf, schemes.grad(gradTerm(vf)));
}

}  // namespace fvc
}  // namespace sluice::fv
