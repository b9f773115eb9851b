#pragma once
// Test matrices on a structured nx x ny grid of cells, split into row slabs
// over the ranks (rank r owns rows ny*r/size .. ny*(r+1)/size - 1), built
// directly as LduAddressing + HaloPattern, with ghost copies of the
// neighbouring slabs' edge rows. A one-rank grid is the serial case.
//
// Global cell id g = j * nx + i. Local numbering: owned cells row by row, then
// the ghost row below (rank > 0), then the ghost row above (rank < size - 1).
//
// Matrices come from a global definition of constant-velocity
// convection-diffusion with upwinding and zero-value boundaries (diffusion
// coefficient d per face, velocity (ux, uy)); ux = uy = 0 is the 5-point
// Poisson matrix (diag 4d, off-diagonal -d), symmetric positive definite; with
// velocity it is an asymmetric, diagonally dominant M-matrix. `sign` -1 gives
// OpenFOAM's negative-definite laplacian sign.
//
//   SlabGrid g = makeSlabGrid(20, 16, comm.rank(), comm.size());
//   GridOperator op{1.0, 0.0, 0.0};
//   LduMatrix A = assemble(g, op);
//   std::vector<double> b = rhsFor(g, op, exact);   // b = A x* from the global definition
#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "sluice/linear/gamg/multigrid_mesh.hpp"
#include "sluice/linear/ldu_matrix.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/halo_exchange.hpp"
#include "sluice/parallel/halo_pattern.hpp"

namespace sluice::linear::test {

/// Ghost updater of a grid without ghosts (serial).
class NoGhosts final : public GhostUpdater {
 public:
  void startGhostUpdate(std::span<double>, int) override { ++starts; }
  void finishGhostUpdate() override {}
  int starts = 0;
};

/// Ghost updater through a HaloExchange (what FvMesh does for processor ghosts).
class HaloGhosts final : public GhostUpdater {
 public:
  HaloGhosts(const parallel::Communicator& comm, const parallel::HaloPattern& pattern, int tag)
      : halo_(comm, pattern, tag) {}
  void startGhostUpdate(std::span<double> values, int components) override { halo_.start(values, components); }
  void finishGhostUpdate() override { halo_.finish(); }

 private:
  parallel::HaloExchange halo_;
};

struct SlabGrid {
  int nx = 0, ny = 0;
  int rowBegin = 0, rowEnd = 0;  ///< owned rows
  std::shared_ptr<LduAddressing> addressing;
  parallel::HaloPattern pattern;
  std::vector<GlobalLabel> globalIds;  ///< per local cell (owned then ghost)

  Label nCells() const { return addressing->nCells; }
  Label nLocalCells() const { return addressing->nLocalCells; }
  GlobalLabel nGlobal() const { return GlobalLabel(nx) * ny; }
};

inline SlabGrid makeSlabGrid(int nx, int ny, int rank, int size) {
  SlabGrid g;
  g.nx = nx;
  g.ny = ny;
  g.rowBegin = ny * rank / size;
  g.rowEnd = ny * (rank + 1) / size;
  const bool below = rank > 0 && g.rowBegin > 0;
  const bool above = rank < size - 1 && g.rowEnd < ny;
  const Label nOwned = nx * (g.rowEnd - g.rowBegin);
  auto a = std::make_shared<LduAddressing>();
  a->nCells = nOwned;
  a->nLocalCells = nOwned + (below ? nx : 0) + (above ? nx : 0);
  for (int j = g.rowBegin; j < g.rowEnd; ++j)
    for (int i = 0; i < nx; ++i) g.globalIds.push_back(GlobalLabel(j) * nx + i);
  const Label ghostBelow = nOwned;
  const Label ghostAbove = nOwned + (below ? nx : 0);
  if (below)
    for (int i = 0; i < nx; ++i) g.globalIds.push_back(GlobalLabel(g.rowBegin - 1) * nx + i);
  if (above)
    for (int i = 0; i < nx; ++i) g.globalIds.push_back(GlobalLabel(g.rowEnd) * nx + i);
  // Internal faces in owner order: right then up neighbour of each cell.
  std::vector<Label> lower, upper;
  for (Label c = 0; c < nOwned; ++c) {
    const int i = c % nx, jl = c / nx;
    if (i + 1 < nx) {
      lower.push_back(c);
      upper.push_back(c + 1);
    }
    if (g.rowBegin + jl + 1 < g.rowEnd) {
      lower.push_back(c);
      upper.push_back(c + nx);
    }
  }
  a->setFaces(std::move(lower), std::move(upper));
  // Coupled faces: first owned row to the ghost row below, last owned row to the ghost row above.
  Label face = 0;
  if (below)
    for (int i = 0; i < nx; ++i) {
      a->coupleRow.push_back(i);
      a->coupleGhost.push_back(ghostBelow + i);
      a->coupleFace.push_back(face++);
    }
  if (above)
    for (int i = 0; i < nx; ++i) {
      a->coupleRow.push_back(nOwned - nx + i);
      a->coupleGhost.push_back(ghostAbove + i);
      a->coupleFace.push_back(face++);
    }
  auto row = [&](Label first) {
    std::vector<Label> cells(static_cast<std::size_t>(nx));
    for (int i = 0; i < nx; ++i) cells[i] = first + i;
    return cells;
  };
  if (below) {
    g.pattern.neighbours.push_back(rank - 1);
    g.pattern.sendCells.push_back(row(0));
    g.pattern.recvCells.push_back(row(ghostBelow));
  }
  if (above) {
    g.pattern.neighbours.push_back(rank + 1);
    g.pattern.sendCells.push_back(row(nOwned - nx));
    g.pattern.recvCells.push_back(row(ghostAbove));
  }
  g.addressing = a;
  return g;
}

/// Global matrix definition (see the file comment).
struct GridOperator {
  double d = 1;
  double ux = 0, uy = 0;
  double sign = 1;

  /// Coefficient of row g for its neighbour in direction (di, dj).
  double offDiag(int di, int dj) const {
    const double outflow = di * ux + dj * uy;
    return -sign * (d + std::max(-outflow, 0.0));
  }
  double diag() const {
    double s = 0;
    for (const auto& [di, dj] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}})
      s += d + std::max(di * ux + dj * uy, 0.0);
    return sign * s;
  }
  bool symmetric() const { return ux == 0 && uy == 0; }
};

/// A's coefficients on this rank's rows.
inline LduMatrix assemble(const SlabGrid& g, const GridOperator& op) {
  LduMatrix A(g.addressing);
  const LduAddressing& a = *g.addressing;
  auto dir = [&](Label from, Label to) {  // (di, dj) from one local cell to an adjacent one
    const GlobalLabel gf = g.globalIds[from], gt = g.globalIds[to];
    return std::pair{static_cast<int>(gt % g.nx - gf % g.nx), static_cast<int>(gt / g.nx - gf / g.nx)};
  };
  std::vector<Scalar>& diag = A.diag();
  std::fill(diag.begin(), diag.end(), op.diag());
  std::vector<Scalar>& lower = A.lower();
  std::vector<Scalar>& upper = A.upper();
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    const auto [di, dj] = dir(a.lower[f], a.upper[f]);
    upper[f] = op.offDiag(di, dj);     // row lower[f], column upper[f]
    lower[f] = op.offDiag(-di, -dj);   // row upper[f], column lower[f]
  }
  std::vector<Scalar>& couple = A.coupleCoeffs();
  for (std::size_t i = 0; i < a.coupleRow.size(); ++i) {
    const auto [di, dj] = dir(a.coupleRow[i], a.coupleGhost[i]);
    couple[i] = op.offDiag(di, dj);
  }
  return A;
}

/// The manufactured solution used by the tests: smooth plus a gentle ramp.
inline double exactValue(GlobalLabel g, int nx) {
  const auto i = static_cast<double>(g % nx), j = static_cast<double>(g / nx);
  return std::sin(0.3 * i) + std::cos(0.2 * j) + 0.01 * i * j + 2.0;
}

/// b = A x* on this rank's rows, from the global definition (not through amul).
inline std::vector<double> rhsFor(const SlabGrid& g, const GridOperator& op,
                                  const std::function<double(GlobalLabel)>& exact) {
  std::vector<double> b(static_cast<std::size_t>(g.nCells()));
  for (Label c = 0; c < g.nCells(); ++c) {
    const GlobalLabel gid = g.globalIds[c];
    const int i = static_cast<int>(gid % g.nx), j = static_cast<int>(gid / g.nx);
    double s = op.diag() * exact(gid);
    for (const auto& [di, dj] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
      const int ni = i + di, nj = j + dj;
      if (ni < 0 || ni >= g.nx || nj < 0 || nj >= g.ny) continue;
      s += op.offDiag(di, dj) * exact(GlobalLabel(nj) * g.nx + ni);
    }
    b[c] = s;
  }
  return b;
}

/// max |x - x*| over this rank's owned cells, divided by max |x*| (local only).
inline double localMaxError(const SlabGrid& g, std::span<const double> x,
                            const std::function<double(GlobalLabel)>& exact) {
  double err = 0, ref = 0;
  for (Label c = 0; c < g.nCells(); ++c) {
    err = std::max(err, std::abs(x[c] - exact(g.globalIds[c])));
    ref = std::max(ref, std::abs(exact(g.globalIds[c])));
  }
  return ref > 0 ? err / ref : err;
}

/// What GAMG needs of a grid (as FvMesh builds it): faceAreaPair weights of
/// unit square cells (1 across x-faces, 1.01 across y-faces) and the slab halo.
inline std::unique_ptr<MultigridMesh> multigridFor(const parallel::Communicator& comm, const SlabGrid& g) {
  const LduAddressing& a = *g.addressing;
  std::vector<Scalar> weights(a.lower.size());
  for (std::size_t f = 0; f < weights.size(); ++f) weights[f] = a.upper[f] == a.lower[f] + 1 ? 1.0 : 1.01;
  GhostLayout layout;
  layout.processor = g.pattern;
  return std::make_unique<MultigridMesh>(comm, g.addressing, std::move(weights), std::move(layout));
}

}  // namespace sluice::linear::test
