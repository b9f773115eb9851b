#include "sluice/field/boundary_condition_registry.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/io/field_value.hpp"

namespace sluice::field {

namespace {

template <FieldValueType T>
const std::vector<T>& valuesOf(const io::FieldValue& v) {
  if constexpr (std::is_same_v<T, Scalar>) {
    return v.scalars;
  } else {
    return v.vectors;
  }
}

}  // namespace

template <FieldValueType T>
std::vector<T> checkedFieldValues(const io::FieldValue& v, const std::string& where, std::string_view key,
                                  const char* element, GlobalLabel count) {
  const bool wantVector = std::is_same_v<T, Vec3>;
  if (v.isVector() != wantVector)
    throw InputError(fmt::format("{}: expected a {} value, found a {}", v.origin, FieldTraits<T>::typeName,
                                 v.isVector() ? "vector" : "scalar"));
  const std::size_t given = v.repeatCount ? *v.repeatCount : v.size();
  if ((!v.uniform || v.repeatCount) && given != static_cast<std::size_t>(count))
    throw InputError(fmt::format("{}: {}: expected {} values, found {}", where, key, count, given));
  const std::vector<T>& values = valuesOf<T>(v);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (isFinite(values[i])) continue;
    if (v.uniform) throw InputError(fmt::format("{}: {}: {}", where, key, nonFiniteName(values[i])));
    throw InputError(fmt::format("{}: {}: {} at {} {}", where, key, nonFiniteName(values[i]), element, i));
  }
  return values;
}

std::string PatchInput::where() const { return fmt::format("{}: boundaryField/{}", file, mesh.patches()[patch].name); }

Label PatchInput::nFaces() const { return mesh.patches()[patch].size; }

template <FieldValueType T>
std::vector<T> readPatchValues(const PatchInput& in, std::string_view key) {
  const std::string where = in.where();
  if (!in.dict.found(key)) throw InputError(fmt::format("{}: missing '{}'", where, key));
  const io::FieldValue v = io::readFieldValue(in.dict, key);
  const std::vector<T> values = checkedFieldValues<T>(v, where, key, "face", in.mesh.patchGlobalSize(in.patch));
  const Label n = in.nFaces();
  if (v.uniform) return std::vector<T>(n, values.at(0));
  std::vector<T> out(n);
  const Label start = in.mesh.patches()[in.patch].start;
  for (Label i = 0; i < n; ++i) out[i] = values[in.mesh.patchFaceFileIndex(start + i)];
  return out;
}

template <FieldValueType T>
void BoundaryConditionRegistry<T>::add(std::string type, Factory factory) {
  factories_[std::move(type)] = std::move(factory);
}

template <FieldValueType T>
std::vector<std::string> BoundaryConditionRegistry<T>::types() const {
  std::vector<std::string> out;
  for (const auto& [name, factory] : factories_) out.push_back(name);
  return out;  // std::map: sorted
}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> BoundaryConditionRegistry<T>::create(const PatchInput& in) const {
  const mesh::Patch& patch = in.mesh.patches()[in.patch];
  const PatchKind kind = in.mesh.patchKind(in.patch);
  if (kind == PatchKind::Cyclic || kind == PatchKind::Processor)
    throw Error(fmt::format("BoundaryConditionRegistry::create: patch '{}' is coupled ({})", patch.name, patch.type));
  const std::string where = in.where();
  if (!in.dict.found("type")) throw InputError(fmt::format("{}: missing 'type'", where));
  const std::string type = in.dict.get<std::string>("type");
  const auto it = factories_.find(type);
  if (it == factories_.end())
    throw InputError(fmt::format("{}: unknown boundary condition type '{}'; supported: {}", where, type,
                                 fmt::join(types(), ", ")));
  // Constraint types go with patches of the same type, both ways (OpenFOAM's constraint patch fields).
  for (const char* constraint : {"empty", "symmetryPlane", "symmetry"}) {
    if (patch.type == constraint && type != constraint)
      throw InputError(fmt::format("{}: patch of type '{}' needs boundary condition type '{}', found '{}'", where,
                                   constraint, constraint, type));
    if (patch.type != constraint && type == constraint)
      throw InputError(fmt::format(
          "{}: boundary condition type '{}' is only valid on patches of type '{}' (this patch is '{}')", where,
          constraint, constraint, patch.type));
  }
  return it->second(in);
}

template <FieldValueType T>
BoundaryConditionRegistry<T> BoundaryConditionRegistry<T>::withBuiltins() {
  BoundaryConditionRegistry<T> r;
  registerFixedValueConditions(r);
  registerZeroGradientConditions(r);
  registerFixedGradientConditions(r);
  registerSlipConditions(r);
  registerEmptyCondition(r);
  registerMixedConditions(r);
  if constexpr (std::is_same_v<T, Scalar>) {
    registerTotalPressureCondition(r);
    registerAlphaContactAngleCondition(r);
  } else {
    registerPressureInletOutletVelocityCondition(r);
  }
  return r;
}

template <FieldValueType T>
const BoundaryConditionRegistry<T>& BoundaryConditionRegistry<T>::builtin() {
  static const BoundaryConditionRegistry<T> registry = withBuiltins();  // immutable after construction
  return registry;
}

template <FieldValueType T>
std::unique_ptr<BoundaryCondition<T>> makeBoundaryCondition(const io::Dictionary& patchDict, const FvMesh& mesh,
                                                            Label patch, const std::string& fileName) {
  return BoundaryConditionRegistry<T>::builtin().create(PatchInput{patchDict, mesh, patch, fileName});
}

template std::vector<Scalar> checkedFieldValues<Scalar>(const io::FieldValue&, const std::string&, std::string_view,
                                                        const char*, GlobalLabel);
template std::vector<Vec3> checkedFieldValues<Vec3>(const io::FieldValue&, const std::string&, std::string_view,
                                                    const char*, GlobalLabel);
template class BoundaryConditionRegistry<Scalar>;
template class BoundaryConditionRegistry<Vec3>;
template std::vector<Scalar> readPatchValues<Scalar>(const PatchInput&, std::string_view);
template std::vector<Vec3> readPatchValues<Vec3>(const PatchInput&, std::string_view);
template std::unique_ptr<BoundaryCondition<Scalar>> makeBoundaryCondition<Scalar>(const io::Dictionary&,
                                                                                  const FvMesh&, Label,
                                                                                  const std::string&);
template std::unique_ptr<BoundaryCondition<Vec3>> makeBoundaryCondition<Vec3>(const io::Dictionary&, const FvMesh&,
                                                                              Label, const std::string&);

}  // namespace sluice::field
