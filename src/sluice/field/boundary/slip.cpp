#include "sluice/field/boundary/slip.hpp"

#include <algorithm>

#include "sluice/field/boundary/condition_support.hpp"
#include "sluice/field/boundary_condition_registry.hpp"

namespace sluice::field {

using boundary::checkSize;
using boundary::patchOf;

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> SlipBC<T>::clone() const {
  return std::make_unique<SlipBC<T>>(*this);
}

template <FieldValueType T>
void SlipBC<T>::evaluate(const FvMesh& mesh, std::span<const T> cells, std::span<T> faceValues) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize("slip::evaluate", faceValues.size(), p);
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i) {
    const Label f = p.start + i;
    const T& v = cells[owner[f]];
    if constexpr (std::is_same_v<T, Vec3>) {
      const Vec3 n = mesh.geometry().unitNormal(f);
      faceValues[i] = v - dot(n, v) * n;
    } else {
      faceValues[i] = v;
    }
  }
}

// The transform family's coefficients as OpenFOAM forms them: the value
// coefficients from the stored face values (the last evaluation), the
// gradient ones from the current cell values.
template <FieldValueType T>
void SlipBC<T>::valueCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T> faceValues,
                            std::span<T> internalCoeff, std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize("slip::valueCoeffs", internalCoeff.size(), p);
  const auto& owner = mesh.poly().owner();
  for (Label i = 0; i < p.size; ++i) {
    const Label f = p.start + i;
    const T& v = cells[owner[f]];
    if constexpr (std::is_same_v<T, Vec3>) {
      boundary::transformValueCoeffs(cmptMag(mesh.geometry().unitNormal(f)), faceValues[i], v, internalCoeff[i],
                                     boundaryCoeff[i]);
    } else {
      internalCoeff[i] = 1.0;
      boundaryCoeff[i] = faceValues[i] - v;
    }
  }
}

template <FieldValueType T>
void SlipBC<T>::gradientCoeffs(const FvMesh& mesh, std::span<const T> cells, std::span<const T>,
                               std::span<T> internalCoeff, std::span<T> boundaryCoeff) const {
  const mesh::Patch& p = patchOf(mesh, this->patch());
  checkSize("slip::gradientCoeffs", internalCoeff.size(), p);
  if constexpr (std::is_same_v<T, Vec3>) {
    const auto& owner = mesh.poly().owner();
    for (Label i = 0; i < p.size; ++i) {
      const Label f = p.start + i;
      const Scalar d = boundaryDeltaCoeff(mesh, f);
      const Vec3 n = mesh.geometry().unitNormal(f);
      const Vec3& v = cells[owner[f]];
      boundary::transformGradientCoeffs(d, cmptMag(n), -d * dot(n, v) * n, v, internalCoeff[i], boundaryCoeff[i]);
    }
  } else {
    std::fill(internalCoeff.begin(), internalCoeff.end(), 0.0);
    std::fill(boundaryCoeff.begin(), boundaryCoeff.end(), 0.0);
  }
}

template <FieldValueType T>
std::string SlipBC<T>::writeEntries(std::span<const T>, const std::string&) const {
  return {};
}

template <FieldValueType T>
void registerSlipConditions(BoundaryConditionRegistry<T>& r) {
  for (const char* name : {"slip", "symmetryPlane", "symmetry"})
    r.add(name, [type = std::string(name)](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
      return std::make_unique<SlipBC<T>>(in.patch, type);
    });
}

template class SlipBC<Scalar>;
template class SlipBC<Vec3>;
template void registerSlipConditions(BoundaryConditionRegistry<Scalar>&);
template void registerSlipConditions(BoundaryConditionRegistry<Vec3>&);

}  // namespace sluice::field
