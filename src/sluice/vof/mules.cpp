#include "sluice/vof/mules.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/fv/face_loops.hpp"
#include "sluice/fv/fvc_div.hpp"

namespace sluice::vof {

namespace {

constexpr Scalar kRootVSmall = 1e-150;  // OpenFOAM's ROOTVSMALL (double)
constexpr Scalar kSmallSqr = 1e-30;     // SMALL*SMALL

}  // namespace

MulesSettings MulesSettings::read(const io::Dictionary& controls) {
  MulesSettings s;
  s.nLimiterIter = controls.getOr<Label>("nLimiterIter", 3);
  if (s.nLimiterIter < 1 || s.nLimiterIter > 1000)
    controls.fail(fmt::format("nLimiterIter {} is outside 1..1000", s.nLimiterIter));
  s.extremaCoeff = controls.getOr<Scalar>("extremaCoeff", 0.0);
  s.boundaryExtremaCoeff = controls.getOr<Scalar>("boundaryExtremaCoeff", s.extremaCoeff);
  s.smoothLimiter = controls.getOr<Scalar>("smoothLimiter", 0.0);
  for (const auto& [name, value] : {std::pair{"extremaCoeff", s.extremaCoeff},
                                    std::pair{"boundaryExtremaCoeff", s.boundaryExtremaCoeff},
                                    std::pair{"smoothLimiter", s.smoothLimiter}})
    if (!(value >= 0 && value <= 1)) controls.fail(fmt::format("{} {} is outside [0, 1]", name, value));
  return s;
}

namespace mules {

std::vector<Scalar> limiter(const field::VolScalarField& psi, std::span<const Scalar> psiBase,
                            std::span<const Scalar> phiBD, std::span<const Scalar> phiCorr,
                            std::span<const Scalar> outletFlux, Scalar deltaT, const MulesSettings& s) {
  const field::FvMesh& mesh = psi.mesh();
  const Label nCells = mesh.nCells();
  const Label nInternal = mesh.nInternalFaces();
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  const auto volumes = mesh.cellVolumes();
  const Scalar rDeltaT = 1.0 / deltaT;
  const Scalar boundaryDeltaExtrema = std::max(s.boundaryExtremaCoeff - s.extremaCoeff, 0.0);
  const bool withBD = !phiBD.empty();

  // Local extrema of psi over each cell's face neighbours, and the flux sums.
  std::vector<Scalar> psiMaxn(nCells, s.psiMin), psiMinn(nCells, s.psiMax);
  std::vector<Scalar> sumPhiBD(nCells, 0.0), sumPhip(nCells, 0.0), mSumPhim(nCells, 0.0);
  auto widen = [&](Label c, Scalar v) {
    psiMaxn[c] = std::max(psiMaxn[c], v);
    psiMinn[c] = std::min(psiMinn[c], v);
  };
  for (Label f = 0; f < nInternal; ++f) {
    const Label own = owner[f], nei = neighbour[f];
    widen(own, psi[nei]);
    widen(nei, psi[own]);
    if (withBD) {
      sumPhiBD[own] += phiBD[f];
      sumPhiBD[nei] -= phiBD[f];
    }
    if (phiCorr[f] > 0) {
      sumPhip[own] += phiCorr[f];
      mSumPhim[nei] += phiCorr[f];
    } else {
      mSumPhim[own] -= phiCorr[f];
      sumPhip[nei] -= phiCorr[f];
    }
  }
  fv::forEachBoundaryFace(mesh, [&](Label f, fv::BoundaryFaceKind kind, Label patch) {
    const Label own = owner[f];
    if (kind == fv::BoundaryFaceKind::Coupled) {
      widen(own, psi[mesh.faceGhost(f)]);
    } else if (psi.boundaryCondition(patch)->fixesValue()) {
      widen(own, psi.boundaryValue(f));
    } else if (boundaryDeltaExtrema > 0) {
      const Scalar extrema = boundaryDeltaExtrema * (s.psiMax - s.psiMin);
      psiMaxn[own] += extrema;
      psiMinn[own] -= extrema;
    }
    if (withBD) sumPhiBD[own] += phiBD[f];
    if (phiCorr[f] > 0)
      sumPhip[own] += phiCorr[f];
    else
      mSumPhim[own] -= phiCorr[f];
  });

  // The allowed net anti-diffusive inflow (Q+, in psiMaxn) and outflow (Q-, in psiMinn) per cell.
  for (Label c = 0; c < nCells; ++c) {
    Scalar maxn = std::min(psiMaxn[c] + s.extremaCoeff * (s.psiMax - s.psiMin), s.psiMax);
    Scalar minn = std::max(psiMinn[c] - s.extremaCoeff * (s.psiMax - s.psiMin), s.psiMin);
    if (s.smoothLimiter > 1e-15) {
      maxn = std::min(s.smoothLimiter * psi[c] + (1 - s.smoothLimiter) * maxn, s.psiMax);
      minn = std::max(s.smoothLimiter * psi[c] + (1 - s.smoothLimiter) * minn, s.psiMin);
    }
    psiMaxn[c] = volumes[c] * (rDeltaT * maxn - rDeltaT * psiBase[c]) + sumPhiBD[c];
    psiMinn[c] = volumes[c] * (-rDeltaT * minn + rDeltaT * psiBase[c]) - sumPhiBD[c];
  }

  std::vector<Scalar> lambda(mesh.nFaces(), 1.0);
  std::vector<Scalar> sumlPhip(nCells), mSumlPhim(nCells);
  // Per local cell (ghosts included): lambda- at 2c, lambda+ at 2c+1.
  std::vector<Scalar> lambdaPair(2 * static_cast<std::size_t>(mesh.nLocalCells()), 0.0);
  for (int iter = 0; iter < s.nLimiterIter; ++iter) {
    std::fill(sumlPhip.begin(), sumlPhip.end(), 0.0);
    std::fill(mSumlPhim.begin(), mSumlPhim.end(), 0.0);
    for (Label f = 0; f < nInternal; ++f) {
      const Scalar lphi = lambda[f] * phiCorr[f];
      if (lphi > 0) {
        sumlPhip[owner[f]] += lphi;
        mSumlPhim[neighbour[f]] += lphi;
      } else {
        mSumlPhim[owner[f]] -= lphi;
        sumlPhip[neighbour[f]] -= lphi;
      }
    }
    fv::forEachBoundaryFace(mesh, [&](Label f, fv::BoundaryFaceKind, Label) {
      const Scalar lphi = lambda[f] * phiCorr[f];
      if (lphi > 0)
        sumlPhip[owner[f]] += lphi;
      else
        mSumlPhim[owner[f]] -= lphi;
    });
    for (Label c = 0; c < nCells; ++c) {
      lambdaPair[2 * c] = std::clamp((sumlPhip[c] + psiMaxn[c]) / (mSumPhim[c] + kRootVSmall), 0.0, 1.0);
      lambdaPair[2 * c + 1] = std::clamp((mSumlPhim[c] + psiMinn[c]) / (sumPhip[c] + kRootVSmall), 0.0, 1.0);
    }
    // The neighbour ranks' cell factors travel while the internal faces are limited.
    mesh.startGhostUpdate(std::span<double>(lambdaPair), 2);
    auto lambdam = [&](Label c) { return lambdaPair[2 * c]; };
    auto lambdap = [&](Label c) { return lambdaPair[2 * c + 1]; };
    auto limitFace = [&](Label f, Label own, Label nei) {
      lambda[f] = phiCorr[f] > 0 ? std::min({lambda[f], lambdap(own), lambdam(nei)})
                                 : std::min({lambda[f], lambdam(own), lambdap(nei)});
    };
    for (Label f = 0; f < nInternal; ++f) limitFace(f, owner[f], neighbour[f]);
    mesh.finishGhostUpdate();
    fv::forEachBoundaryFace(mesh, [&](Label f, fv::BoundaryFaceKind kind, Label) {
      if (kind == fv::BoundaryFaceKind::Coupled) {
        limitFace(f, owner[f], mesh.faceGhost(f));
      } else if (!outletFlux.empty() && outletFlux[f] > kSmallSqr) {  // limit outlet faces only
        lambda[f] = std::min(lambda[f], phiCorr[f] > 0 ? lambdap(owner[f]) : lambdam(owner[f]));
      }
    });
  }
  return lambda;
}

void explicitSolve(field::VolScalarField& psi, std::span<const Scalar> psi0, const field::SurfaceScalarField& phi,
                   field::SurfaceScalarField& phiPsi, Scalar deltaT, const MulesSettings& settings) {
  const field::FvMesh& mesh = psi.mesh();
  const auto& owner = mesh.poly().owner();
  const auto& neighbour = mesh.poly().neighbour();
  const Label nInternal = mesh.nInternalFaces();
  psi.correctBoundaryConditions();  // as OpenFOAM (a contact-angle gradient limit is re-applied)
  // The bounded upwind flux; on Regular boundary faces the given flux itself.
  std::vector<Scalar> phiBD(mesh.nFaces(), 0.0), phiCorr(mesh.nFaces(), 0.0);
  for (Label f = 0; f < nInternal; ++f) phiBD[f] = phi[f] * (phi[f] >= 0 ? psi[owner[f]] : psi[neighbour[f]]);
  fv::forEachBoundaryFace(mesh, [&](Label f, fv::BoundaryFaceKind kind, Label) {
    phiBD[f] = kind == fv::BoundaryFaceKind::Coupled ? phi[f] * (phi[f] >= 0 ? psi[owner[f]] : psi[mesh.faceGhost(f)])
                                                     : phiPsi[f];
  });
  for (Label f = 0; f < mesh.nFaces(); ++f) phiCorr[f] = phiPsi[f] - phiBD[f];
  // phiCorr is zero on Regular boundary faces: they need no limiting.
  const std::vector<Scalar> lambda = limiter(psi, psi0, phiBD, phiCorr, {}, deltaT, settings);
  for (Label f = 0; f < mesh.nFaces(); ++f) phiPsi[f] = phiBD[f] + lambda[f] * phiCorr[f];

  const std::vector<Scalar> div = fv::surfaceIntegrate<Scalar>(mesh, phiPsi.values());
  for (Label c = 0; c < mesh.nCells(); ++c) psi[c] = psi0[c] - deltaT * div[c];
  psi.correctBoundaryConditions();
}

void correct(field::VolScalarField& psi, const field::SurfaceScalarField& phi, field::SurfaceScalarField& phiCorr,
             Scalar deltaT, const MulesSettings& settings) {
  const field::FvMesh& mesh = psi.mesh();
  const std::vector<Scalar> psiNow(psi.values().begin(), psi.values().begin() + mesh.nCells());
  std::vector<Scalar> outlet(mesh.nFaces());
  for (Label f = 0; f < mesh.nFaces(); ++f) outlet[f] = phi[f] + phiCorr[f];
  const std::vector<Scalar> lambda = limiter(psi, psiNow, {}, phiCorr.values(), outlet, deltaT, settings);
  for (Label f = 0; f < mesh.nFaces(); ++f) phiCorr[f] *= lambda[f];
  const std::vector<Scalar> div = fv::surfaceIntegrate<Scalar>(mesh, phiCorr.values());
  for (Label c = 0; c < mesh.nCells(); ++c) psi[c] -= deltaT * div[c];
  psi.correctBoundaryConditions();
}

}  // namespace mules
}  // namespace sluice::vof
