#include "sluice/field/boundary/pressure_inlet_outlet_velocity.hpp"

#include <fmt/format.h>

#include <cmath>

#include "sluice/field/boundary/condition_support.hpp"
#include "sluice/field/boundary_condition_registry.hpp"

namespace sluice::field {

using boundary::checkSize;
using boundary::entryLine;
using boundary::patchOf;

namespace {
const std::string kType = "pressureInletOutletVelocity";
}  // namespace

PressureInletOutletVelocityBC::PressureInletOutletVelocityBC(Label patch,
                                                             std::optional<std::vector<Vec3>> tangentialVelocity,
                                                             std::string phiName, std::string where)
    : BoundaryCondition<Vec3>(patch),
      tangential_(std::move(tangentialVelocity)),
      phiName_(std::move(phiName)),
      where_(std::move(where)) {}

const std::string& PressureInletOutletVelocityBC::type() const { return kType; }

std::unique_ptr<BoundaryCondition<Vec3>> PressureInletOutletVelocityBC::clone() const {
  return std::make_unique<PressureInletOutletVelocityBC>(*this);
}

void PressureInletOutletVelocityBC::link(const FieldRegistry& fields) {
  phi_ = &boundary::linkedField<SurfaceScalarField>(fields, phiName_, where_, kType.c_str(), "flux");
}

Vec3 PressureInletOutletVelocityBC::faceValue(const FvMesh& mesh, Label i, const Vec3& cellValue, Vec3& diag) const {
  const SurfaceScalarField& phi = boundary::linked(phi_, where_, kType.c_str());
  const Label f = patchOf(mesh, patch()).start + i;
  const Vec3 n = mesh.geometry().unitNormal(f);
  const Scalar w = phi[f] < 0 ? 1.0 : 0.0;  // neg(phi)
  // F . x = w (x - n (n . x)); the reference value's normal part is removed.
  const Vec3 ref = tangential_ ? (*tangential_)[i] - dot(n, (*tangential_)[i]) * n : Vec3{};
  diag = {std::sqrt(std::abs(w * (1 - n.x * n.x))), std::sqrt(std::abs(w * (1 - n.y * n.y))),
          std::sqrt(std::abs(w * (1 - n.z * n.z)))};
  const Vec3 fixedPart = w * ref;
  const Vec3 gradientPart = cellValue - w * (cellValue - dot(n, cellValue) * n);
  return fixedPart + gradientPart;
}

void PressureInletOutletVelocityBC::evaluate(const FvMesh& mesh, std::span<const Vec3> cells,
                                             std::span<Vec3> faceValues) const {
  const mesh::Patch& p = patchOf(mesh, patch());
  checkSize("pressureInletOutletVelocity::evaluate", faceValues.size(), p);
  if (!phi_) return;  // unlinked (just read): keep the face values
  const auto& owner = mesh.poly().owner();
  Vec3 diag;
  for (Label i = 0; i < p.size; ++i) faceValues[i] = faceValue(mesh, i, cells[owner[p.start + i]], diag);
}

// The value coefficients take the face values as last evaluated, as
// OpenFOAM's transform family does (evaluate() runs whenever the momentum
// equation is assembled, so they are current).
void PressureInletOutletVelocityBC::valueCoeffs(const FvMesh& mesh, std::span<const Vec3> cells,
                                                std::span<const Vec3> faceValues, std::span<Vec3> internalCoeff,
                                                std::span<Vec3> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, patch());
  checkSize("pressureInletOutletVelocity::valueCoeffs", internalCoeff.size(), p);
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i) {
    const Vec3& v = cells[owner[p.start + i]];
    Vec3 diag;
    faceValue(mesh, i, v, diag);
    boundary::transformValueCoeffs(diag, faceValues[i], v, internalCoeff[i], boundaryCoeff[i]);
  }
}

void PressureInletOutletVelocityBC::gradientCoeffs(const FvMesh& mesh, std::span<const Vec3> cells,
                                                   std::span<const Vec3>, std::span<Vec3> internalCoeff,
                                                   std::span<Vec3> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, patch());
  checkSize("pressureInletOutletVelocity::gradientCoeffs", internalCoeff.size(), p);
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i) {
    const Vec3& v = cells[owner[p.start + i]];
    const Scalar d = boundaryDeltaCoeff(mesh, p.start + i);
    Vec3 diag;
    const Vec3 vf = faceValue(mesh, i, v, diag);
    boundary::transformGradientCoeffs(d, diag, d * (vf - v), v, internalCoeff[i], boundaryCoeff[i]);
  }
}

std::string PressureInletOutletVelocityBC::writeEntries(std::span<const Vec3> faceValues,
                                                        const std::string& indent) const {
  std::string out;
  if (phiName_ != "phi") out += boundary::wordLine(indent, "phi", phiName_);
  if (tangential_) out += entryLine<Vec3>(indent, "tangentialVelocity", *tangential_);
  return out + entryLine<Vec3>(indent, "value", faceValues);
}

void registerPressureInletOutletVelocityCondition(BoundaryConditionRegistry<Vec3>& r) {
  r.add(kType, [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<Vec3>> {
    if (!in.dict.found("value"))  // OpenFOAM requires it too: it is the velocity until the first update
      throw InputError(fmt::format("{}: missing 'value'", in.where()));
    std::optional<std::vector<Vec3>> tangential;
    if (in.dict.found("tangentialVelocity")) tangential = readPatchValues<Vec3>(in, "tangentialVelocity");
    return std::make_unique<PressureInletOutletVelocityBC>(in.patch, std::move(tangential),
                                                           in.dict.getOr<std::string>("phi", "phi"), in.where());
  });
}

}  // namespace sluice::field
