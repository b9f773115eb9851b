#include "sluice/field/boundary/alpha_contact_angle.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/field/boundary/condition_support.hpp"
#include "sluice/field/boundary_condition_registry.hpp"

namespace sluice::field {

using boundary::checkSize;
using boundary::entryLine;
using boundary::patchOf;
using boundary::wordLine;

namespace {

const char* limitName(AlphaContactAngleBC::Limit limit) {
  switch (limit) {
    case AlphaContactAngleBC::Limit::none: return "none";
    case AlphaContactAngleBC::Limit::gradient: return "gradient";
    case AlphaContactAngleBC::Limit::zeroGradient: return "zeroGradient";
    case AlphaContactAngleBC::Limit::alpha: return "alpha";
  }
  return "none";
}

}  // namespace

AlphaContactAngleBC::AlphaContactAngleBC(Label patch, Scalar theta0Degrees, Limit limit,
                                         std::vector<Scalar> gradient)
    : BoundaryCondition<Scalar>(patch), theta0_(theta0Degrees), limit_(limit), gradient_(std::move(gradient)) {}

const std::string& AlphaContactAngleBC::type() const {
  static const std::string name = "constantAlphaContactAngle";
  return name;
}

std::unique_ptr<BoundaryCondition<Scalar>> AlphaContactAngleBC::clone() const {
  return std::make_unique<AlphaContactAngleBC>(*this);
}

void AlphaContactAngleBC::setGradient(std::span<const Scalar> gradient) {
  if (gradient.size() != gradient_.size())
    throw Error(fmt::format("constantAlphaContactAngle::setGradient: {} values for {} faces", gradient.size(),
                            gradient_.size()));
  std::copy(gradient.begin(), gradient.end(), gradient_.begin());
}

void AlphaContactAngleBC::evaluate(const FvMesh& mesh, std::span<const Scalar> cells,
                                   std::span<Scalar> faceValues) const {
  const mesh::Patch& p = patchOf(mesh, patch());
  checkSize("constantAlphaContactAngle::evaluate", faceValues.size(), p);
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i) {
    const Scalar d = boundaryDeltaCoeff(mesh, p.start + i);
    if (limit_ == Limit::gradient)
      gradient_[i] = d * (std::clamp(faceValues[i] + gradient_[i] / d, 0.0, 1.0) - faceValues[i]);
    else if (limit_ == Limit::zeroGradient)
      gradient_[i] = 0;
    faceValues[i] = cells[owner[p.start + i]] + gradient_[i] / d;
    if (limit_ == Limit::alpha) faceValues[i] = std::clamp(faceValues[i], 0.0, 1.0);
  }
}

void AlphaContactAngleBC::valueCoeffs(const FvMesh& mesh, std::span<const Scalar>, std::span<const Scalar>,
                                      std::span<Scalar> internalCoeff, std::span<Scalar> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, patch());
  checkSize("constantAlphaContactAngle::valueCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    internalCoeff[i] = 1.0;
    boundaryCoeff[i] = gradient_[i] / boundaryDeltaCoeff(mesh, p.start + i);
  }
}

void AlphaContactAngleBC::gradientCoeffs(const FvMesh& mesh, std::span<const Scalar>, std::span<const Scalar>,
                                         std::span<Scalar> internalCoeff, std::span<Scalar> boundaryCoeff) const {
  checkSize("constantAlphaContactAngle::gradientCoeffs", internalCoeff.size(), patchOf(mesh, patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), 0.0);
  std::copy(gradient_.begin(), gradient_.end(), boundaryCoeff.begin());
}

std::string AlphaContactAngleBC::writeEntries(std::span<const Scalar> faceValues, const std::string& indent) const {
  return fmt::format("{}{:<16}{};\n", indent, "theta0", theta0_) + wordLine(indent, "limit", limitName(limit_)) +
         entryLine<Scalar>(indent, "gradient", gradient_) + entryLine<Scalar>(indent, "value", faceValues);
}

void registerAlphaContactAngleCondition(BoundaryConditionRegistry<Scalar>& r) {
  r.add("constantAlphaContactAngle", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<Scalar>> {
    const Scalar theta0 = in.dict.get<Scalar>("theta0");
    if (!(theta0 >= 0 && theta0 <= 180))
      in.dict.fail(fmt::format("theta0 {} is outside [0, 180] degrees", theta0));
    const std::string limit = in.dict.getChoice("limit", {"none", "gradient", "zeroGradient", "alpha"});
    const auto kind = limit == "gradient"       ? AlphaContactAngleBC::Limit::gradient
                      : limit == "zeroGradient" ? AlphaContactAngleBC::Limit::zeroGradient
                      : limit == "alpha"        ? AlphaContactAngleBC::Limit::alpha
                                                : AlphaContactAngleBC::Limit::none;
    // As OpenFOAM: a gradient entry is read (a restart), else the gradient
    // starts at zero and the face value at the cell value.
    std::vector<Scalar> gradient = in.dict.found("gradient") ? readPatchValues<Scalar>(in, "gradient")
                                                             : std::vector<Scalar>(in.nFaces(), 0.0);
    return std::make_unique<AlphaContactAngleBC>(in.patch, theta0, kind, std::move(gradient));
  });
}

}  // namespace sluice::field
