#include "sluice/solvers/pimple_control.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::solvers {

namespace {
constexpr Scalar kRootVSmall = 1e-150;  // OpenFOAM's ROOTVSMALL
}  // namespace

PimpleControl PimpleControl::read(const io::Dictionary& fvSolution, Algorithm algorithm) {
  PimpleControl c;
  c.algorithm_ = algorithm;
  c.dict_ = fvSolution.subDict(c.name());
  const io::Dictionary& d = c.dict_;
  PimpleSettings& s = c.settings_;
  s.nCorrectors = d.getOr<Label>("nCorrectors", 1);
  s.nNonOrthogonalCorrectors = d.getOr<Label>("nNonOrthogonalCorrectors", 0);
  s.momentumPredictor = d.getOr<bool>("momentumPredictor", true);
  if (algorithm == Algorithm::Pimple) {
    s.nOuterCorrectors = d.getOr<Label>("nOuterCorrectors", 1);
    s.consistent = d.getOr<bool>("consistent", false);
    c.relaxation_ = RelaxationFactors::read(fvSolution);
  }
  if (s.nCorrectors < 1 || s.nOuterCorrectors < 1 || s.nNonOrthogonalCorrectors < 0)
    d.fail("nCorrectors and nOuterCorrectors must be at least 1 and nNonOrthogonalCorrectors at least 0");

  const bool esi = d.isDict("residualControl");
  const bool org = d.isDict("outerCorrectorResidualControl");
  if (d.found("residualControl") && !esi) d.fail("residualControl must be a dictionary of fields");
  if (esi && org)
    d.fail("give residualControl (OpenFOAM v1912's outer-loop control) or outerCorrectorResidualControl "
           "(OpenFOAM.org's), not both");
  if (algorithm == Algorithm::Pimple && (esi || org)) {
    c.style_ = esi ? ControlStyle::Esi : ControlStyle::Org;
    c.controlDict_ = d.subDict(esi ? "residualControl" : "outerCorrectorResidualControl");
    for (const io::Entry& e : c.controlDict_.entries()) {
      if (!e.isDict())
        c.controlDict_.fail(fmt::format("residual data for '{}' must be a dictionary {{ tolerance ..; relTol ..; }}",
                                        e.keyword()));
      const io::Dictionary& f = e.dict();
      c.tolerances_.push_back({e.keyword(), f.get<Scalar>("tolerance"), f.get<Scalar>("relTol"), 0});
    }
  }
  // OpenFOAM keeps p's previous iteration only when p itself has a field
  // factor; a factor for pFinal alone aborts its run in the final iteration.
  for (const char* field : {"p", "p_rgh"})
    if (c.relaxation_.field(field, true) && !c.relaxation_.storesPreviousIteration(field))
      throw InputError(fmt::format("system/fvSolution: relaxationFactors: a factor for '{}Final' needs one for '{}' "
                                   "too (the previous iteration of {} is kept only then)",
                                   field, field, field));
  return c;
}

void PimpleControl::beginStep() {
  iteration_ = 0;
  final_ = false;
  converged_ = false;
  iterationStart_.clear();
}

bool PimpleControl::loop(const ResidualHistory& residuals, const LogFn& log) {
  const int nOuter = settings_.nOuterCorrectors;
  const bool pimple = algorithm_ == Algorithm::Pimple;
  ++iteration_;
  if (iteration_ == nOuter + 1 || (converged_ && iteration_ > 1)) {
    if (log && pimple) {
      if (converged_)
        log(fmt::format("PIMPLE: converged in {} iterations", iteration_ - 1));
      else if (style_ != ControlStyle::None && nOuter != 1)
        log(fmt::format("PIMPLE: not converged within {} iterations", nOuter));
    }
    final_ = false;
    return false;
  }
  if (pimple && !converged_ && converged(residuals)) converged_ = true;
  final_ = pimple && (converged_ || iteration_ == nOuter);
  if (style_ == ControlStyle::Org)
    for (const std::string& field : fields_) iterationStart_[field] = residuals(field).size();
  // v1912 names every outer iteration, one outer corrector included.
  if (log && pimple) log(fmt::format("PIMPLE: iteration {}", iteration_));
  return true;
}

bool PimpleControl::converged(const ResidualHistory& residuals) {
  const int nOuter = settings_.nOuterCorrectors;
  if (style_ == ControlStyle::None || iteration_ == 1 || iteration_ >= nOuter + (style_ == ControlStyle::Org))
    return false;
  bool checked = false, achieved = true;
  for (const std::string& field : fields_) {
    const io::Entry* entry = controlDict_.findEntry(field);
    if (!entry) continue;
    const std::vector<double> r = residuals(field);
    if (r.empty()) continue;  // not solved in this step (U without a momentum predictor)
    auto t = std::find_if(tolerances_.begin(), tolerances_.end(),
                          [&](const Tolerance& x) { return x.key == entry->keyword(); });
    bool pass = false;
    if (style_ == ControlStyle::Esi) {
      const double last = r.back();
      pass = last < t->tolerance;
      if (iteration_ == 2)
        t->firstResidual = r.front();  // relTol compares with the step's first solve, from iteration 3 on
      else
        pass = pass || last / (t->firstResidual + kRootVSmall) < t->relTol;
    } else {
      const std::size_t start = iterationStart_.count(field) ? iterationStart_[field] : 0;
      const double current = start < r.size() ? r[start] : r.back();
      pass = current < t->tolerance || current / (r.front() + kRootVSmall) < t->relTol;
    }
    checked = true;
    achieved = achieved && pass;
  }
  return checked && achieved;
}

std::string PimpleControl::pressureSolver(int corrector, int nonOrthogonal, const std::string& field) const {
  const bool finalInner =
      corrector == settings_.nCorrectors - 1 && nonOrthogonal == settings_.nNonOrthogonalCorrectors;
  return finalInner ? field + "Final" : field;
}

std::optional<Scalar> PimpleControl::equationRelaxation(const std::string& field) const {
  if (algorithm_ == Algorithm::Piso) return std::nullopt;
  return relaxation_.equation(field, final_);
}

std::optional<Scalar> PimpleControl::fieldRelaxation(const std::string& field) const {
  if (algorithm_ == Algorithm::Piso) return std::nullopt;
  return relaxation_.field(field, final_);
}

bool PimpleControl::keepsPreviousIteration(const std::string& field) const {
  return algorithm_ == Algorithm::Pimple && relaxation_.storesPreviousIteration(field);
}

}  // namespace sluice::solvers
