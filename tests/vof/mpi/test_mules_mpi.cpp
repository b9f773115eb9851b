// MULES in parallel (1 to 4 ranks): a block advected by a cellular flow on a 24 x 24
// box whose cells are scattered over the ranks gives the serial result to
// round-off, and one limiter call with nLimiterIter = 3 costs exactly three
// neighbour exchanges (one per iteration) and no global reduction.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <vector>

#include <mpi.h>

#include "fv/fv_test_support.hpp"
#include "sluice/parallel/comm_profile.hpp"
#include "sluice/vof/mules.hpp"

namespace sluice {
namespace {

std::vector<int> scattered(Label nCells, int size) {
  std::vector<int> r(nCells);
  std::mt19937 gen(7);
  for (int& v : r) v = static_cast<int>(gen() % static_cast<unsigned>(size));
  return r;
}

field::VolScalarField step(const field::FvMesh& mesh) {
  field::VolScalarField alpha("alpha", mesh, io::DimensionSet{});
  for (Label c = 0; c < mesh.nCells(); ++c) {
    const Vec3 x = mesh.cellCentres()[c];
    alpha[c] = (x.x > 0.2 && x.x < 0.5 && x.y > 0.2 && x.y < 0.6) ? 1.0 : 0.0;
  }
  alpha.correctBoundaryConditions();
  return alpha;
}

/// The face fluxes of the cellular flow with stream function
/// psi = sin(pi x) sin(pi y) / pi (no flow through the walls), from psi at
/// the face's ends: divergence-free to round-off in every cell.
field::SurfaceScalarField flux(const field::FvMesh& mesh) {
  field::SurfaceScalarField phi("phi", mesh, io::DimensionSet{{0, 3, -1, 0, 0, 0, 0}});
  const double h = 0.5 / 24;  // half a cell
  auto psi = [](double x, double y) { return std::sin(M_PI * x) * std::sin(M_PI * y) / M_PI; };
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    const Vec3 c = mesh.faceCentres()[f], S = mesh.geometry().faceAreas[f];
    if (std::abs(S.x) > 0.5 * mag(S))
      phi[f] = (S.x > 0 ? 1 : -1) * (psi(c.x, c.y + h) - psi(c.x, c.y - h));   // u = dpsi/dy
    else if (std::abs(S.y) > 0.5 * mag(S))
      phi[f] = (S.y > 0 ? 1 : -1) * -(psi(c.x + h, c.y) - psi(c.x - h, c.y));  // v = -dpsi/dx
  }
  return phi;
}

/// Ten explicit MULES steps of the central flux; alpha by global cell id (summed over ranks).
std::vector<double> advect(const field::FvMesh& mesh, const parallel::Communicator& comm) {
  field::VolScalarField alpha = step(mesh);
  const field::SurfaceScalarField phi = flux(mesh);
  const auto& owner = mesh.poly().owner();
  const auto& w = mesh.geometry().weights;
  for (int s = 0; s < 10; ++s) {
    field::SurfaceScalarField alphaPhi("alphaPhi", mesh, phi.dimensions());
    for (Label f = 0; f < mesh.nFaces(); ++f) {
      const Label n = mesh.faceNeighbour(f);
      alphaPhi[f] = n >= 0 ? phi[f] * (w[f] * alpha[owner[f]] + (1 - w[f]) * alpha[n]) : phi[f] * alpha.boundaryValue(f);
    }
    const std::vector<double> alpha0(alpha.values().begin(), alpha.values().begin() + mesh.nCells());
    vof::mules::explicitSolve(alpha, alpha0, phi, alphaPhi, 0.01, vof::MulesSettings{});
  }
  std::vector<double> byId(static_cast<std::size_t>(mesh.nGlobalCells()), 0.0);
  for (Label c = 0; c < mesh.nCells(); ++c) byId[static_cast<std::size_t>(mesh.globalCellIds()[c])] = alpha[c];
  comm.sumInPlace(byId);
  return byId;
}

TEST(MulesParallel, SameAsSerialAndOneExchangePerLimiterIteration) {
  parallel::CommProfile profile;
  parallel::Communicator world(MPI_COMM_WORLD, &profile);
  const fvtest::Box box(24, 24, 1);
  mesh::PolyMesh global = fvtest::boxMesh(box);
  const std::vector<int> cellToRank = scattered(global.nCells(), world.size());
  const bool root = world.isRoot();
  field::FvMesh dist = field::distributeFvMesh(root ? &global : nullptr,
                                               root ? std::span<const int>(cellToRank) : std::span<const int>(), world);
  fvtest::SerialMesh serial(fvtest::boxMesh(box));

  const std::vector<double> parallelAlpha = advect(dist, world);
  const std::vector<double> serialAlpha = advect(serial.mesh, *serial.comm);
  double maxDiff = 0, lo = 1, hi = 0;
  for (std::size_t c = 0; c < serialAlpha.size(); ++c) {
    maxDiff = std::max(maxDiff, std::abs(parallelAlpha[c] - serialAlpha[c]));
    lo = std::min(lo, parallelAlpha[c]);
    hi = std::max(hi, parallelAlpha[c]);
  }
  EXPECT_LE(maxDiff, 1e-12);
  EXPECT_GE(lo, -1e-12);
  EXPECT_LE(hi, 1 + 1e-12);

  // One limiter call: count the MPI calls it makes.
  field::VolScalarField alpha = step(dist);
  const field::SurfaceScalarField phi = flux(dist);
  std::vector<double> correction(dist.nFaces());
  for (Label f = 0; f < dist.nFaces(); ++f) correction[f] = 0.3 * phi[f] * (f % 3 == 0 ? 1 : -1);
  const std::vector<double> alpha0(alpha.values().begin(), alpha.values().begin() + dist.nCells());
  vof::MulesSettings settings;
  settings.nLimiterIter = 3;
  const auto before = [&](parallel::MpiOp op) { return profile.op(op).calls; };
  const std::uint64_t reductions = before(parallel::MpiOp::Allreduce) + before(parallel::MpiOp::Iallreduce);
  const std::uint64_t waits = before(parallel::MpiOp::Waitall);
  const std::uint64_t sends = before(parallel::MpiOp::StartSend);
  vof::mules::limiter(alpha, alpha0, {}, correction, {}, 0.01, settings);
  EXPECT_EQ(profile.op(parallel::MpiOp::Allreduce).calls + profile.op(parallel::MpiOp::Iallreduce).calls, reductions);
  const bool hasNeighbours = dist.nProcessorGhosts() > 0;
  EXPECT_EQ(profile.op(parallel::MpiOp::Waitall).calls - waits, hasNeighbours ? 3u : 0u);
  // Each exchange starts one send per neighbour rank.
  const std::uint64_t sendsPerExchange = (profile.op(parallel::MpiOp::StartSend).calls - sends) / 3;
  EXPECT_EQ(profile.op(parallel::MpiOp::StartSend).calls - sends, 3 * sendsPerExchange);
  EXPECT_LE(sendsPerExchange, static_cast<std::uint64_t>(world.size() - 1));
  for (const parallel::MpiOp op : {parallel::MpiOp::Alltoall, parallel::MpiOp::Probe, parallel::MpiOp::Send,
                                   parallel::MpiOp::Recv, parallel::MpiOp::Barrier})
    EXPECT_EQ(profile.op(op).calls, 0u);
}

}  // namespace
}  // namespace sluice
