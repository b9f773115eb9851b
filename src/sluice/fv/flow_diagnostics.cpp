#include "sluice/fv/flow_diagnostics.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/fvc_div.hpp"

namespace sluice::fv {

ContinuityErrors continuityErrors(const field::SurfaceScalarField& phi, Scalar deltaT) {
  const field::FvMesh& mesh = phi.mesh();
  const std::vector<Scalar> contErr = surfaceIntegrate<Scalar>(mesh, phi.values());
  const auto volumes = mesh.cellVolumes();
  std::array<double, 3> sums{0, 0, 0};  // sum V |e|, sum V e, sum V
  for (Label c = 0; c < mesh.nCells(); ++c) {
    sums[0] += volumes[c] * std::abs(contErr[c]);
    sums[1] += volumes[c] * contErr[c];
    sums[2] += volumes[c];
  }
  mesh.comm().sumInPlace(std::span<double>(sums));
  return {deltaT * sums[0] / sums[2], deltaT * sums[1] / sums[2]};
}

std::vector<Scalar> sumMagFlux(const field::SurfaceScalarField& phi) {
  const field::FvMesh& mesh = phi.mesh();
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  std::vector<Scalar> sumPhi(mesh.nCells(), 0.0);
  for (Label f = 0; f < mesh.nInternalFaces(); ++f) {
    sumPhi[owner[f]] += std::abs(phi[f]);
    sumPhi[neighbour[f]] += std::abs(phi[f]);
  }
  forEachBoundaryFace(mesh, [&](Label f, BoundaryFaceKind, Label) { sumPhi[owner[f]] += std::abs(phi[f]); });
  return sumPhi;
}

CourantNumber courantNumber(const field::SurfaceScalarField& phi, Scalar deltaT) {
  const field::FvMesh& mesh = phi.mesh();
  const std::vector<Scalar> sumPhi = sumMagFlux(phi);
  const auto volumes = mesh.cellVolumes();
  double maxRatio = 0;
  std::array<double, 2> sums{0, 0};  // sum sumPhi, sum V
  for (Label c = 0; c < mesh.nCells(); ++c) {
    maxRatio = std::max(maxRatio, sumPhi[c] / volumes[c]);
    sums[0] += sumPhi[c];
    sums[1] += volumes[c];
  }
  maxRatio = mesh.comm().max(maxRatio);
  mesh.comm().sumInPlace(std::span<double>(sums));
  return {0.5 * deltaT * sums[0] / sums[1], 0.5 * deltaT * maxRatio};
}

}  // namespace sluice::fv
