#include "sluice/linear/gamg/coarsest_solver.hpp"

#include <algorithm>
#include <cmath>

#include "sluice/linear/gamg/multigrid_mesh.hpp"
#include "sluice/linear/solver_registry.hpp"

namespace sluice::linear {

namespace {

class NoGhosts final : public GhostUpdater {
 public:
  void startGhostUpdate(std::span<double>, int) override {}
  void finishGhostUpdate() override {}
};

}  // namespace

CoarsestSolver::CoarsestSolver(const Agglomeration& agglomeration, const SolverSettings& settings,
                               const GamgSettings& gamg)
    : agglomeration_(&agglomeration),
      direct_(gamg.directSolveCoarsest),
      self_(parallel::Communicator::local()),
      whole_(agglomeration.gathered().addressing),
      workspace_(std::make_shared<SolverWorkspace>()) {
  holdWorkspace_.emplace(*workspace_);
  const SolverRegistry registry = SolverRegistry::standard();
  SolverSettings pcg = settings;
  pcg.solver = "PCG";
  pcg.preconditioner = "DIC";
  pcg.maxIter = 1000;
  pcg.minIter = 0;
  pcg.gamg.reset();
  // A short field name: SolverPerformance copies it per solve, and a name
  // within the small-string buffer keeps the V-cycle free of allocations.
  symmetric_ = registry.create(pcg, {&self_, "coarsest", [](const std::string&) {}, nullptr, workspace_});
  SolverSettings bicg = pcg;
  bicg.solver = "PBiCGStab";
  bicg.preconditioner = "DILU";
  asymmetric_ = registry.create(bicg, {&self_, "coarsest", [](const std::string&) {}, nullptr, workspace_});
  const auto n = static_cast<std::size_t>(whole_.nCells());
  source_.assign(n, 0.0);
  x_.assign(n, 0.0);
}

CoarsestSolver::~CoarsestSolver() = default;

void CoarsestSolver::prepare(const LduMatrix& A) {
  const GatheredCoarsest& g = agglomeration_->gathered();
  const LduAddressing& a = A.addressing();
  mine_.clear();
  mine_.insert(mine_.end(), A.diag().begin(), A.diag().begin() + a.nCells);
  for (Label f = 0; f < a.nFaces(); ++f) {
    mine_.push_back(A.upper()[f]);
    mine_.push_back(A.lower()[f]);
  }
  mine_.insert(mine_.end(), A.coupleCoeffs().begin(), A.coupleCoeffs().end());
  all_.resize(g.slot.size());
  const parallel::Communicator& comm = agglomeration_->mesh().comm();
  if (comm.size() == 1)
    all_ = mine_;
  else
    comm.allGatherV(mine_, all_, g.coeffCounts, g.coeffDispls);

  std::vector<Scalar>& d = whole_.diag();
  std::vector<Scalar>& u = whole_.upper();
  std::vector<Scalar>& l = whole_.lower();
  std::fill(d.begin(), d.end(), 0.0);
  std::fill(u.begin(), u.end(), 0.0);
  std::fill(l.begin(), l.end(), 0.0);
  for (std::size_t i = 0; i < all_.size(); ++i) {
    const Label s = g.slot[i];
    if (s < 0)
      d[-1 - s] += all_[i];
    else if (s % 2 == 0)
      u[s / 2] += all_[i];
    else
      l[s / 2] += all_[i];
  }
  // Symmetric up to rounding: a coefficient across a rank boundary is summed
  // on each side in its own order, so the two halves may differ in the last bits.
  symmetricMatrix_ = true;
  for (std::size_t f = 0; f < u.size() && symmetricMatrix_; ++f)
    symmetricMatrix_ = std::abs(u[f] - l[f]) <= 1e-12 * std::max(std::abs(u[f]), std::abs(l[f]));
  if (direct_) factorLu();
}

void CoarsestSolver::solve(std::span<const double> source, std::span<double> correction, Scalar tolerance,
                           Scalar relTol) {
  const GatheredCoarsest& g = agglomeration_->gathered();
  const parallel::Communicator& comm = agglomeration_->mesh().comm();
  if (comm.size() == 1)
    std::copy(source.begin(), source.end(), source_.begin());
  else
    comm.allGatherV(source, source_, g.cellCounts, g.cellDispls);
  if (direct_) {
    x_ = source_;
    solveLu(x_);
  } else {
    std::fill(x_.begin(), x_.end(), 0.0);
    NoGhosts none;
    LinearSolver& solver = symmetricMatrix_ ? *symmetric_ : *asymmetric_;
    solver.setTolerances(tolerance, relTol);
    solver.solve(whole_, x_, source_, none);
  }
  const int first = g.cellDispls[comm.rank()];
  std::copy_n(x_.begin() + first, correction.size(), correction.begin());
}

void CoarsestSolver::factorLu() {
  const auto n = static_cast<std::size_t>(whole_.nCells());
  lu_.assign(n * n, 0.0);
  for (std::size_t i = 0; i < n; ++i) lu_[i * n + i] = whole_.diag()[i];
  const LduAddressing& a = whole_.addressing();
  for (Label f = 0; f < a.nFaces(); ++f) {
    lu_[static_cast<std::size_t>(a.lower[f]) * n + a.upper[f]] += whole_.upper()[f];
    lu_[static_cast<std::size_t>(a.upper[f]) * n + a.lower[f]] += whole_.lower()[f];
  }
  pivot_.assign(n, 0);
  double scale = 0;
  for (std::size_t i = 0; i < n; ++i) scale = std::max(scale, std::abs(lu_[i * n + i]));
  const double tiny = 1e-13 * scale;  // below this a pivot counts as zero (singular, e.g. pure Neumann)
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t p = k;
    for (std::size_t i = k + 1; i < n; ++i)
      if (std::abs(lu_[i * n + k]) > std::abs(lu_[p * n + k])) p = i;
    pivot_[k] = static_cast<int>(p);
    if (p != k)
      for (std::size_t j = 0; j < n; ++j) std::swap(lu_[k * n + j], lu_[p * n + j]);
    const double pk = lu_[k * n + k];
    if (std::abs(pk) <= tiny) {  // that component of the solution stays 0
      lu_[k * n + k] = 0;
      continue;
    }
    for (std::size_t i = k + 1; i < n; ++i) {
      const double m = lu_[i * n + k] /= pk;
      if (m != 0)
        for (std::size_t j = k + 1; j < n; ++j) lu_[i * n + j] -= m * lu_[k * n + j];
    }
  }
}

void CoarsestSolver::solveLu(std::span<double> x) const {
  const std::size_t n = x.size();
  for (std::size_t k = 0; k < n; ++k) std::swap(x[k], x[pivot_[k]]);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < i; ++j) x[i] -= lu_[i * n + j] * x[j];
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t j = i + 1; j < n; ++j) x[i] -= lu_[i * n + j] * x[j];
    const double d = lu_[i * n + i];
    x[i] = d != 0 ? x[i] / d : 0.0;
  }
}

}  // namespace sluice::linear
