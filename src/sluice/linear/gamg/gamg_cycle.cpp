#include "sluice/linear/gamg/gamg_cycle.hpp"

#include <algorithm>
#include <array>

#include "sluice/linear/gamg/multigrid_mesh.hpp"
#include "sluice/linear/solver_registry.hpp"

namespace sluice::linear {

namespace {

/// OpenFOAM's stabilise(s, VSMALL): s moved away from zero.
double stabilise(double s) { return s >= 0 ? s + 1e-300 : s - 1e-300; }

/// Galerkin coarse coefficients: the fine matrix summed over the groups. A
/// fine matrix in symmetric storage (LduMatrix) gives a coarse one in
/// symmetric storage.
void restrictMatrix(const LduMatrix& fine, const CoarseLevel& level, LduMatrix& coarse) {
  const bool asymmetric = fine.storesLower();
  if (!asymmetric && coarse.storesLower()) coarse.makeSymmetric();
  std::vector<Scalar>& d = coarse.diag();
  std::vector<Scalar>& u = coarse.upper();
  std::vector<Scalar>& cc = coarse.coupleCoeffs();
  std::fill(d.begin(), d.end(), 0.0);
  std::fill(u.begin(), u.end(), 0.0);
  std::fill(cc.begin(), cc.end(), 0.0);
  const std::vector<Scalar>& fd = fine.diag();
  const std::vector<Scalar>& fu = fine.upper();
  const std::vector<Scalar>& fl = fine.lower();
  const std::vector<Scalar>& fc = fine.coupleCoeffs();
  for (std::size_t c = 0; c < level.restrictMap.size(); ++c) d[level.restrictMap[c]] += fd[c];
  if (!asymmetric) {
    for (std::size_t f = 0; f < level.faceMap.size(); ++f) {
      const Label m = level.faceMap[f];
      if (m < 0)
        d[-1 - m] += fu[f] + fl[f];
      else
        u[m] += fu[f];  // flipped or not: fl == fu
    }
  } else {
    std::vector<Scalar>& l = coarse.lower();
    std::fill(l.begin(), l.end(), 0.0);
    for (std::size_t f = 0; f < level.faceMap.size(); ++f) {
      const Label m = level.faceMap[f];
      if (m < 0)
        d[-1 - m] += fu[f] + fl[f];
      else if (level.faceFlipped[f]) {
        u[m] += fl[f];
        l[m] += fu[f];
      } else {
        u[m] += fu[f];
        l[m] += fl[f];
      }
    }
  }
  for (std::size_t i = 0; i < level.coupleMap.size(); ++i) cc[level.coupleMap[i]] += fc[i];
}

}  // namespace

GamgCycle::GamgCycle(const GamgSettings& gamg, const Agglomeration& agglomeration, const SolverSettings& settings,
                     const SolverRegistry& registry)
    : gamg_(gamg), agglomeration_(&agglomeration), coarsest_(agglomeration, settings, gamg) {
  SolverSettings smoother = settings;
  smoother.smoother = gamg.smoother;
  levels_.resize(static_cast<std::size_t>(agglomeration.nLevels()));
  for (int k = 0; k < agglomeration.nLevels(); ++k) {
    Level& v = levels_[k];
    const LduAddressing& a = agglomeration.addressing(k);
    if (k > 0) v.matrix = std::make_unique<LduMatrix>(agglomeration.level(k).addressing);
    v.smoother = registry.createSmoother(smoother);
    v.correction.assign(static_cast<std::size_t>(a.nLocalCells), 0.0);
    v.source.assign(static_cast<std::size_t>(a.nCells), 0.0);
    v.product.assign(static_cast<std::size_t>(a.nCells), 0.0);
    if (gamg_.nPreSweeps > 0) v.preSmoothed.assign(static_cast<std::size_t>(a.nCells), 0.0);
    if (k + 1 < agglomeration.nLevels()) {
      const auto nCoarse = static_cast<std::size_t>(agglomeration.addressing(k + 1).nCells);
      v.coarseSum.assign(nCoarse, 0.0);
      v.coarseDiag.assign(nCoarse, 0.0);
    }
  }
}

GamgCycle::~GamgCycle() = default;

void GamgCycle::prepare(const LduMatrix& A) {
  // Agreed by every rank, since the coarsest level's gather below is
  // collective: a vector equation's component whose boundary coefficients
  // differ on some ranks only changes the matrix there (U by GAMG hung at 3
  // ranks when only those ranks gathered).
  const parallel::Communicator& comm = agglomeration_->mesh().comm();
  bool unchanged = prepared_.matches(A);
  if (comm.size() > 1) unchanged = comm.allTrue(unchanged);
  if (unchanged) return;
  prepared_ = A.stamp();
  levels_[0].rows.assign(A);
  const LduMatrix* fine = &A;
  for (std::size_t k = 1; k < levels_.size(); ++k) {
    restrictMatrix(*fine, agglomeration_->level(static_cast<int>(k)), *levels_[k].matrix);
    levels_[k].rows.assign(*levels_[k].matrix);
    fine = levels_[k].matrix.get();
  }
  coarsest_.prepare(*fine);
}

void GamgCycle::restrictToCoarser(int k, std::span<const double> fine) {
  std::vector<double>& coarse = levels_[k + 1].source;
  std::fill(coarse.begin(), coarse.end(), 0.0);
  const std::vector<Label>& r = agglomeration_->level(k + 1).restrictMap;
  for (std::size_t i = 0; i < r.size(); ++i) coarse[r[i]] += fine[i];
}

void GamgCycle::prolongFromCoarser(int k, std::span<double> fine) const {
  const std::vector<double>& coarse = levels_[k + 1].correction;
  const std::vector<Label>& r = agglomeration_->level(k + 1).restrictMap;
  for (std::size_t i = 0; i < r.size(); ++i) fine[i] = coarse[r[i]];
}

void GamgCycle::scale(int k, std::span<double> field, std::span<const double> source, GhostUpdater& ghosts,
                      std::span<double> addTo) {
  Level& v = levels_[k];
  const double denominator = v.rows.multiply(field, v.product, ghosts);
  const auto n = v.product.size();
  double numerator = 0;
  for (std::size_t i = 0; i < n; ++i) numerator += source[i] * field[i];
  // One fused reduction of the two sums (OpenFOAM's): scaling each rank's
  // part by its own factor instead breaks the correction apart at the rank
  // boundaries (a 2-rank cavity then needed 1000 cycles instead of 13).
  std::array<double, 2> sums{numerator, denominator};
  agglomeration_->mesh().comm().sumInPlace(sums);
  const double sf = sums[0] / stabilise(sums[1]);
  const std::vector<Scalar>& d = v.rows.ldu().diag();
  const bool add = !addTo.empty();
  for (std::size_t i = 0; i < n; ++i) {
    field[i] = sf * field[i] + (source[i] - sf * v.product[i]) / d[i];
    if (add) addTo[i] += field[i];
  }
}

void GamgCycle::interpolate(int k, std::span<double> field, GhostUpdater& ghosts) {
  Level& v = levels_[k];
  v.rows.multiply(field, v.product, ghosts);
  const std::vector<Scalar>& d = v.rows.ldu().diag();
  const auto n = v.product.size();
  for (std::size_t i = 0; i < n; ++i) field[i] -= v.product[i] / d[i];  // = -(off-diagonal part . field) / diag
  std::fill(v.coarseSum.begin(), v.coarseSum.end(), 0.0);
  std::fill(v.coarseDiag.begin(), v.coarseDiag.end(), 0.0);
  const std::vector<Label>& r = agglomeration_->level(k + 1).restrictMap;
  for (std::size_t i = 0; i < n; ++i) {
    v.coarseSum[r[i]] += d[i] * field[i];
    v.coarseDiag[r[i]] += d[i];
  }
  const std::vector<double>& coarse = levels_[k + 1].correction;
  for (std::size_t g = 0; g < v.coarseSum.size(); ++g) v.coarseSum[g] = coarse[g] - v.coarseSum[g] / v.coarseDiag[g];
  for (std::size_t i = 0; i < n; ++i) field[i] += v.coarseSum[r[i]];
}

void GamgCycle::vcycle(std::span<double> psi, std::span<const double> source, std::span<const double> residual,
                       GhostUpdater& ghosts) {
  if (correct(psi, residual, ghosts))
    levels_[0].smoother->smooth(levels_[0].rows, psi, source, ghosts, gamg_.nFinestSweeps);
}

double GamgCycle::vcycleWithResidual(std::span<double> psi, std::span<const double> source,
                                     std::span<double> residual, GhostUpdater& ghosts) {
  if (!correct(psi, residual, ghosts)) return levels_[0].rows.residual(psi, source, residual, ghosts);
  double sum = 0;
  levels_[0].smoother->smoothWithResiduals(levels_[0].rows, psi, source, 1, residual, std::span(&sum, 1), ghosts,
                                           gamg_.nFinestSweeps);
  return sum;
}

bool GamgCycle::correct(std::span<double> psi, std::span<const double> residual, GhostUpdater& ghosts) {
  const int coarsest = static_cast<int>(levels_.size()) - 1;
  const auto n0 = levels_[0].source.size();
  if (coarsest == 0) {  // too few cells for a coarse level: the whole correction from the gathered solve
    std::span<double> correction = std::span(levels_[0].correction).first(n0);
    coarsest_.solve(residual, correction, tolerance_, relTol_);
    for (std::size_t i = 0; i < n0; ++i) psi[i] += correction[i];
    return false;
  }

  restrictToCoarser(0, residual);
  for (int k = 1; k < coarsest; ++k) {
    Level& v = levels_[k];
    GhostUpdater& g = ghostsOf(k, ghosts);
    if (gamg_.nPreSweeps > 0) {
      std::fill(v.correction.begin(), v.correction.end(), 0.0);
      v.smoother->smooth(v.rows, v.correction, v.source, g,
                         std::min(gamg_.nPreSweeps + gamg_.preSweepsLevelMultiplier * (k - 1), gamg_.maxPreSweeps));
      if (gamg_.scaleCorrection && k < coarsest - 1) scale(k, v.correction, v.source, g);
      v.rows.multiply(v.correction, v.product, g);
      for (std::size_t i = 0; i < v.source.size(); ++i) v.source[i] -= v.product[i];
    }
    restrictToCoarser(k, v.source);
  }

  Level& last = levels_[coarsest];
  coarsest_.solve(last.source, std::span(last.correction).first(last.source.size()), tolerance_, relTol_);

  for (int k = coarsest - 1; k >= 1; --k) {
    Level& v = levels_[k];
    GhostUpdater& g = ghostsOf(k, ghosts);
    const std::size_t n = v.source.size();
    if (gamg_.nPreSweeps > 0) std::copy_n(v.correction.begin(), n, v.preSmoothed.begin());
    prolongFromCoarser(k, v.correction);
    if (gamg_.interpolateCorrection) interpolate(k, v.correction, g);
    if (gamg_.scaleCorrection && (gamg_.interpolateCorrection || k < coarsest - 1))
      scale(k, v.correction, v.source, g);
    if (gamg_.nPreSweeps > 0)
      for (std::size_t i = 0; i < n; ++i) v.correction[i] += v.preSmoothed[i];
    v.smoother->smooth(v.rows, v.correction, v.source, g,
                       std::min(gamg_.nPostSweeps + gamg_.postSweepsLevelMultiplier * (k - 1), gamg_.maxPostSweeps));
  }

  std::vector<double>& correction = levels_[0].correction;
  prolongFromCoarser(0, correction);
  if (gamg_.interpolateCorrection) interpolate(0, correction, ghosts);
  if (gamg_.scaleCorrection)
    scale(0, correction, residual, ghosts, psi.first(n0));  // psi corrected in the same pass
  else
    for (std::size_t i = 0; i < n0; ++i) psi[i] += correction[i];
  return true;
}

}  // namespace sluice::linear
