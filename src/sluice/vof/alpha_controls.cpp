#include "sluice/vof/alpha_controls.hpp"

#include <fmt/format.h>

namespace sluice::vof {

AlphaControls AlphaControls::read(const io::Dictionary& fvSolution, const std::string& alphaName) {
  if (!fvSolution.found("solvers")) fvSolution.fail("missing 'solvers'");
  const io::Dictionary& solvers = fvSolution.subDict("solvers");
  if (!solvers.found(alphaName) || !solvers.isDict(alphaName))
    solvers.fail(fmt::format("missing the entry of {} (e.g. \"{}.*\" {{ nAlphaCorr 2; nAlphaSubCycles 1; cAlpha 1; "
                             "MULESCorr yes; nLimiterIter 3; solver smoothSolver; ... }})",
                             alphaName, alphaName));
  const io::Dictionary& d = solvers.subDict(alphaName);
  AlphaControls c;
  c.nAlphaCorr = d.get<Label>("nAlphaCorr");
  if (c.nAlphaCorr < 1 || c.nAlphaCorr > 100) d.fail(fmt::format("nAlphaCorr {} is outside 1..100", c.nAlphaCorr));
  c.nAlphaSubCycles = d.get<Label>("nAlphaSubCycles");
  if (c.nAlphaSubCycles < 1 || c.nAlphaSubCycles > 1000)
    d.fail(fmt::format("nAlphaSubCycles {} is outside 1..1000", c.nAlphaSubCycles));
  c.cAlpha = d.get<Scalar>("cAlpha");
  if (!(c.cAlpha >= 0 && c.cAlpha <= 10)) d.fail(fmt::format("cAlpha {} is outside [0, 10]", c.cAlpha));
  c.mulesCorr = d.getOr<bool>("MULESCorr", false);
  c.applyPrevCorr = d.getOr<bool>("alphaApplyPrevCorr", false);
  c.icAlpha = d.getOr<Scalar>("icAlpha", 0.0);
  if (!(c.icAlpha >= 0 && c.icAlpha <= 1)) d.fail(fmt::format("icAlpha {} is outside [0, 1]", c.icAlpha));
  if (d.getOr<Scalar>("scAlpha", 0.0) != 0)
    d.fail("scAlpha (shear compression) is not supported by sluice; remove it or set it to 0");
  // OpenFOAM's semi-implicit limiter reads nLimiterIter without a default.
  if (c.mulesCorr && !d.found("nLimiterIter")) d.fail("missing 'nLimiterIter' (required with MULESCorr yes)");
  c.mules = MulesSettings::read(d);
  return c;
}

}  // namespace sluice::vof
