#include "sluice/field/boundary/total_pressure.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "sluice/field/boundary/condition_support.hpp"
#include "sluice/field/boundary_condition_registry.hpp"

namespace sluice::field {

using boundary::checkSize;
using boundary::entryLine;
using boundary::patchOf;

namespace {
const std::string kTotalPressure = "totalPressure";
const io::DimensionSet kKinematicPressure{{0, 2, -2, 0, 0, 0, 0}};
const io::DimensionSet kPressure{{1, -1, -2, 0, 0, 0, 0}};
}  // namespace

TotalPressureBC::TotalPressureBC(Label patch, std::vector<Scalar> p0, Names names, bool withDensity, std::string where)
    : BoundaryCondition<Scalar>(patch),
      p0_(std::move(p0)),
      names_(std::move(names)),
      withDensity_(withDensity),
      where_(std::move(where)) {}

const std::string& TotalPressureBC::type() const { return kTotalPressure; }

std::unique_ptr<BoundaryCondition<Scalar>> TotalPressureBC::clone() const {
  return std::make_unique<TotalPressureBC>(*this);
}

void TotalPressureBC::link(const FieldRegistry& fields) {
  U_ = &boundary::linkedField<VolVectorField>(fields, names_.U, where_, "totalPressure", "velocity");
  phi_ = &boundary::linkedField<SurfaceScalarField>(fields, names_.phi, where_, "totalPressure", "flux");
  if (withDensity_)
    rho_ = &boundary::linkedField<VolScalarField>(fields, names_.rho, where_, "totalPressure", "density");
}

bool TotalPressureBC::readsField(const std::string& name) const {
  return name == names_.U || name == names_.phi || (withDensity_ && name == names_.rho);
}

std::vector<Scalar> TotalPressureBC::currentValues(const FvMesh& mesh) const {
  const VolVectorField& U = boundary::linked(U_, where_, "totalPressure");
  const SurfaceScalarField& phi = boundary::linked(phi_, where_, "totalPressure");
  const mesh::Patch& p = patchOf(mesh, patch());
  const auto Ub = U.patchValues(patch());
  std::span<const Scalar> rhob;
  if (withDensity_) rhob = boundary::linked(rho_, where_, "totalPressure").patchValues(patch());
  std::vector<Scalar> values(p.size);
  for (Label i = 0; i < p.size; ++i) {
    const Scalar inflow = phi[p.start + i] < 0 ? 1.0 : 0.0;  // 1 - pos0(phi)
    const Scalar rho = withDensity_ ? rhob[i] : 1.0;
    values[i] = p0_[i] - 0.5 * rho * inflow * magSqr(Ub[i]);
  }
  return values;
}

void TotalPressureBC::initialFaceValues(const FvMesh& mesh, std::span<const Scalar>,
                                        std::span<Scalar> faceValues) const {
  checkSize("totalPressure::initialFaceValues", faceValues.size(), patchOf(mesh, patch()));
  std::copy(p0_.begin(), p0_.end(), faceValues.begin());
}

void TotalPressureBC::evaluate(const FvMesh& mesh, std::span<const Scalar>, std::span<Scalar> faceValues) const {
  checkSize("totalPressure::evaluate", faceValues.size(), patchOf(mesh, patch()));
  if (!U_) return;  // unlinked (just read): keep the face values
  const std::vector<Scalar> values = currentValues(mesh);
  std::copy(values.begin(), values.end(), faceValues.begin());
}

void TotalPressureBC::updateCoeffs(const FvMesh& mesh, std::span<const Scalar> cells,
                                   std::span<Scalar> faceValues) const {
  evaluate(mesh, cells, faceValues);
}

// The coefficients of a fixed value: the stored face values.
void TotalPressureBC::valueCoeffs(const FvMesh& mesh, std::span<const Scalar>, std::span<const Scalar> faceValues,
                                  std::span<Scalar> internalCoeff, std::span<Scalar> boundaryCoeff) const {
  checkSize("totalPressure::valueCoeffs", internalCoeff.size(), patchOf(mesh, patch()));
  std::fill(internalCoeff.begin(), internalCoeff.end(), 0.0);
  std::copy(faceValues.begin(), faceValues.end(), boundaryCoeff.begin());
}

void TotalPressureBC::gradientCoeffs(const FvMesh& mesh, std::span<const Scalar>, std::span<const Scalar> faceValues,
                                     std::span<Scalar> internalCoeff, std::span<Scalar> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, patch());
  checkSize("totalPressure::gradientCoeffs", internalCoeff.size(), p);
  for (Label i = 0; i < p.size; ++i) {
    const Scalar d = boundaryDeltaCoeff(mesh, p.start + i);
    internalCoeff[i] = -d;
    boundaryCoeff[i] = d * faceValues[i];
  }
}

std::string TotalPressureBC::writeEntries(std::span<const Scalar> faceValues, const std::string& indent) const {
  std::string out = entryLine<Scalar>(indent, "p0", p0_);
  const Names defaults;
  if (names_.U != defaults.U) out += boundary::wordLine(indent, "U", names_.U);
  if (names_.phi != defaults.phi) out += boundary::wordLine(indent, "phi", names_.phi);
  if (withDensity_ && names_.rho != defaults.rho) out += boundary::wordLine(indent, "rho", names_.rho);
  return out + entryLine<Scalar>(indent, "value", faceValues);
}

void registerTotalPressureCondition(BoundaryConditionRegistry<Scalar>& r) {
  r.add("totalPressure", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<Scalar>> {
    const std::string psi = in.dict.getOr<std::string>("psi", "none");
    if (psi != "none")
      throw InputError(
          fmt::format("{}: totalPressure with psi '{}' (compressible) is not supported; "
                      "sluice's solvers are incompressible (psi none)",
                      in.where(), psi));
    bool withDensity = false;
    if (in.dimensions == kPressure) {
      withDensity = true;
    } else if (!(in.dimensions == kKinematicPressure)) {
      throw InputError(
          fmt::format("{}: totalPressure needs a pressure field, kinematic [0 2 -2 0 0 0 0] or "
                      "[1 -1 -2 0 0 0 0]; this field is {}",
                      in.where(), formatDimensions(in.dimensions)));
    }
    TotalPressureBC::Names names;
    names.U = in.dict.getOr<std::string>("U", names.U);
    names.phi = in.dict.getOr<std::string>("phi", names.phi);
    names.rho = in.dict.getOr<std::string>("rho", names.rho);
    return std::make_unique<TotalPressureBC>(in.patch, readPatchValues<Scalar>(in, "p0"), names, withDensity,
                                             in.where());
  });
}

}  // namespace sluice::field
