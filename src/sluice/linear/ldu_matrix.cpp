#include "sluice/linear/ldu_matrix.hpp"

#include <cmath>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::linear {

void checkAddressing(const LduAddressing& a) {
  auto fail = [](const std::string& what) { throw Error("LduAddressing: " + what); };
  if (a.nCells < 0 || a.nLocalCells < a.nCells)
    fail(fmt::format("nCells {} and nLocalCells {} are inconsistent", a.nCells, a.nLocalCells));
  if (a.lower.size() != a.upper.size())
    fail(fmt::format("{} lower but {} upper addresses", a.lower.size(), a.upper.size()));
  if (a.coupleRow.size() != a.coupleGhost.size())
    fail(fmt::format("{} coupled rows but {} coupled ghosts", a.coupleRow.size(), a.coupleGhost.size()));
  if (!a.coupleFace.empty() && a.coupleFace.size() != a.coupleRow.size())
    fail(fmt::format("{} coupled faces but {} coupled rows", a.coupleFace.size(), a.coupleRow.size()));
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    const Label l = a.lower[f], u = a.upper[f];
    if (l < 0 || u >= a.nCells || l >= u)
      fail(fmt::format("face {} joins cells {} and {} (need 0 <= lower < upper < {})", f, l, u, a.nCells));
    if (f > 0 && l < a.lower[f - 1]) fail(fmt::format("face {} is not sorted by lower (owner) cell", f));
  }
  for (std::size_t i = 0; i < a.coupleRow.size(); ++i) {
    if (a.coupleRow[i] < 0 || a.coupleRow[i] >= a.nCells)
      fail(fmt::format("coupled face {} has row {} outside 0..{}", i, a.coupleRow[i], a.nCells - 1));
    if (a.coupleGhost[i] < a.nCells || a.coupleGhost[i] >= a.nLocalCells)
      fail(fmt::format("coupled face {} has ghost {} outside {}..{}", i, a.coupleGhost[i], a.nCells,
                       a.nLocalCells - 1));
  }
}

void LduAddressing::setFaces(std::vector<Label> lowerCells, std::vector<Label> upperCells) {
  ownLower_ = std::move(lowerCells);
  ownUpper_ = std::move(upperCells);
  lower = ownLower_;
  upper = ownUpper_;
}

const RowPattern& LduAddressing::rows() const {
  std::call_once(rowsBuilt_, [this] { rows_ = buildRowPattern(*this); });
  return rows_;
}

std::vector<Label> ownerStart(const LduAddressing& a) {
  std::vector<Label> start(static_cast<std::size_t>(a.nCells) + 1, 0);
  for (Label l : a.lower) ++start[static_cast<std::size_t>(l) + 1];
  for (std::size_t c = 0; c < static_cast<std::size_t>(a.nCells); ++c) start[c + 1] += start[c];
  return start;
}

bool CoefficientStamp::matches(const LduMatrix& matrix) const {
  if (!matrix.identity_ || identity_.expired()) return false;
  const bool same = !identity_.owner_before(matrix.identity_) && !matrix.identity_.owner_before(identity_);
  return same && version_ == matrix.version_;
}

LduMatrix::LduMatrix(std::shared_ptr<const LduAddressing> addressing)
    : addressing_(std::move(addressing)), identity_(std::make_shared<const int>(0)) {
  if (!addressing_) throw Error("LduMatrix: null addressing");
  checkAddressing(*addressing_);
  diag_.assign(static_cast<std::size_t>(addressing_->nCells), 0.0);
  upper_.assign(addressing_->upper.size(), 0.0);
  couple_.assign(addressing_->coupleRow.size(), 0.0);
}

void LduMatrix::requireNotLent(const char* what) const {
  if (upperLent_)
    throw Error(fmt::format("LduMatrix::{}: the upper coefficients are lent to a solver's row matrix", what));
}

LduMatrix::LduMatrix(const LduMatrix& other)
    : addressing_((other.requireNotLent("copy"), other.addressing_)),
      diag_(other.diag_),
      lower_(other.lower_),
      upper_(other.upper_),
      couple_(other.couple_),
      lowerStored_(other.lowerStored_),
      asymmetricStructure_(other.asymmetricStructure_),
      identity_(std::make_shared<const int>(0)) {}

LduMatrix& LduMatrix::operator=(const LduMatrix& other) {
  if (this != &other) {
    other.requireNotLent("copy");
    requireNotLent("assignment");
    addressing_ = other.addressing_;
    diag_ = other.diag_;
    lower_ = other.lower_;
    upper_ = other.upper_;
    couple_ = other.couple_;
    lowerStored_ = other.lowerStored_;
    asymmetricStructure_ = other.asymmetricStructure_;
    if (!identity_) identity_ = std::make_shared<const int>(0);
    ++version_;
  }
  return *this;
}

CoefficientStamp LduMatrix::stamp() const {
  CoefficientStamp s;
  s.identity_ = identity_;
  s.version_ = version_;
  return s;
}

std::vector<Scalar>& LduMatrix::lower() {
  requireNotLent("lower");
  ++version_;
  if (!lowerStored_) {
    lower_ = upper_;
    lowerStored_ = true;
  }
  return lower_;
}

void LduMatrix::makeSymmetric() {
  requireNotLent("makeSymmetric");
  ++version_;
  std::vector<Scalar>().swap(lower_);
  lowerStored_ = false;
}

bool LduMatrix::symmetric() const { return !lowerStored_ || lower_ == upper_; }

void LduMatrix::amul(std::span<double> x, std::span<double> y, GhostUpdater& ghosts) const {
  requireNotLent("amul");
  const LduAddressing& a = *addressing_;
  const auto nCells = static_cast<std::size_t>(a.nCells);
  if (x.size() < static_cast<std::size_t>(a.nLocalCells) || y.size() < nCells)
    throw Error(fmt::format("LduMatrix::amul: x has {} entries (need {}), y has {} (need {})", x.size(),
                            a.nLocalCells, y.size(), nCells));
  // Ghosts are needed only by the coupled coefficients: overlap their update
  // with the diagonal and internal-face work.
  ghosts.startGhostUpdate(x.first(static_cast<std::size_t>(a.nLocalCells)), 1);
  const double* __restrict xp = x.data();
  double* __restrict yp = y.data();
  const Scalar* d = diag_.data();
  for (std::size_t c = 0; c < nCells; ++c) yp[c] = d[c] * xp[c];
  const Label* l = a.lower.data();
  const Label* u = a.upper.data();
  const Scalar* lo = lower().data();
  const Scalar* up = upper_.data();
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    yp[u[f]] += lo[f] * xp[l[f]];
    yp[l[f]] += up[f] * xp[u[f]];
  }
  ghosts.finishGhostUpdate();
  const std::size_t nCoupled = a.coupleRow.size();
  for (std::size_t i = 0; i < nCoupled; ++i) yp[a.coupleRow[i]] += couple_[i] * xp[a.coupleGhost[i]];
}

void LduMatrix::residual(std::span<double> x, std::span<const double> b, std::span<double> r,
                         GhostUpdater& ghosts) const {
  amul(x, r, ghosts);
  const auto nCells = static_cast<std::size_t>(addressing_->nCells);
  for (std::size_t c = 0; c < nCells; ++c) r[c] = b[c] - r[c];
}

void LduMatrix::sumA(std::span<double> rowSums) const {
  requireNotLent("sumA");
  const LduAddressing& a = *addressing_;
  const auto nCells = static_cast<std::size_t>(a.nCells);
  for (std::size_t c = 0; c < nCells; ++c) rowSums[c] = diag_[c];
  const std::vector<Scalar>& lo = lower();
  for (std::size_t f = 0; f < a.lower.size(); ++f) {
    rowSums[a.upper[f]] += lo[f];
    rowSums[a.lower[f]] += upper_[f];
  }
  for (std::size_t i = 0; i < a.coupleRow.size(); ++i) rowSums[a.coupleRow[i]] += couple_[i];
}

}  // namespace sluice::linear
