#include "sluice/fv/fvc_grad.hpp"

#include <algorithm>
#include <cmath>

#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/sym_tensor.hpp"
#include "sluice/fv/term_names.hpp"
#include "sluice/parallel/comm_profile.hpp"

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

Vec3 applyInverse(const Tensor& inv, const Vec3& r) { return dot(inv, r); }
Tensor applyInverse(const Tensor& inv, const Tensor& r) {
  Tensor out;
  for (int j = 0; j < 3; ++j) out.setColumn(j, dot(inv, r.column(j)));
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
  std::vector<SymTensor> dd(nCells);
  std::vector<GradType<T>> rhs(mesh.nLocalCells());
  for (Label f = 0; f < nInternal; ++f) {
    const Label P = owner[f], N = neighbour[f];
    const Vec3 d = geo.delta(f, P, N);
    const Scalar w = 1.0 / magSqr(d);
    dd[P].addOuter(d, w);
    dd[N].addOuter(d, w);
    const GradType<T> r = outerProduct(w * d, T(cells[N] - cells[P]));
    rhs[P] += r;
    rhs[N] += r;  // (-d) (x) (v_P - v_N) = d (x) (v_N - v_P)
  }
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind kind, Label) {
    const Label P = owner[f];
    const Vec3 d = geo.delta(f, P, mesh.faceGhost(f));  // to the face centre unless coupled
    const T other = kind == BoundaryFaceKind::Coupled ? cells[mesh.faceGhost(f)] : boundary[f - nInternal];
    const Scalar w = 1.0 / magSqr(d);
    dd[P].addOuter(d, w);
    rhs[P] += outerProduct(w * d, T(other - cells[P]));
  });
  std::vector<GradType<T>> g(mesh.nLocalCells());
  for (Label c = 0; c < nCells; ++c) g[c] = applyInverse(inverseDroppingEmpty(dd[c]), rhs[c]);
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
  const auto faceCentres = mesh.faceCentres();
  for (Label f = 0; f < nInternal; ++f) {
    limitCell(owner[f], faceCentres[f]);
    limitCell(neighbour[f], faceCentres[f]);
  }
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind, Label) { limitCell(owner[f], faceCentres[f]); });
  for (Label c = 0; c < nCells; ++c)
    for (int i = 0; i < nc; ++i) scaleGradComponent(g[c], i, component(limiter[c], i));
}

}  // namespace

template <class T>
std::vector<GradType<T>> gradient(const field::FvMesh& mesh, std::span<const T> cells, std::span<const T> boundary,
                                  const GradScheme& scheme) {
  const parallel::ScopedPhase phase(mesh.comm().profile(), parallel::Phase::GradientsFluxes);
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
  field::VolVectorField result("grad(" + vf.name() + ")", mesh, dimsQuotient(vf.dimensions(), dimsLength(1)),
                               gradient<Scalar>(mesh, vf.values(), vf.boundaryValues(), scheme));
  // Boundary values: the cell gradient with the normal component from the condition.
  const auto& geo = mesh.geometry();
  const auto& owner = mesh.poly().owner();
  const Label nInternal = mesh.nInternalFaces();
  auto bvals = result.boundaryValues();
  forEachRegularPatch(mesh, [&](Label patch, Label start, Label size) {
    const PatchCoeffs<Scalar> c = gradientCoeffs(vf, patch);
    for (Label i = 0; i < size; ++i) {
      const Label f = start + i;
      const Vec3 n = geo.unitNormal(f);
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
