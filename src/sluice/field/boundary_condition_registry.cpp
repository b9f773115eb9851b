#include "sluice/field/boundary_condition_registry.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/io/field_value.hpp"

namespace sluice::field {

namespace {

bool isFinite(Scalar v) { return std::isfinite(v); }
bool isFinite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
const char* nonFiniteName(Scalar v) { return std::isnan(v) ? "NaN" : "Inf"; }
const char* nonFiniteName(const Vec3& v) {
  return std::isnan(v.x) || std::isnan(v.y) || std::isnan(v.z) ? "NaN" : "Inf";
}

template <FieldValueType T>
const std::vector<T>& valuesOf(const io::FieldValue& v) {
  if constexpr (std::is_same_v<T, Scalar>) {
    return v.scalars;
  } else {
    return v.vectors;
  }
}

template <FieldValueType T>
T readOne(io::TokenStream& ts) {
  if constexpr (std::is_same_v<T, Scalar>) {
    return ts.readScalar();
  } else {
    return ts.readVec3();
  }
}

// uniformValue: `1`, `(1 0 0)`, `constant 1`, `table ((0 0) (1 2))`.
template <FieldValueType T>
TimeTable<T> readTimeTable(const PatchInput& in) {
  const std::string where = in.where();
  if (!in.dict.found("uniformValue")) throw InputError(fmt::format("{}: missing 'uniformValue'", where));
  io::TokenStream ts = in.dict.stream("uniformValue");
  TimeTable<T> t;
  if (ts.acceptWord("constant") || !ts.peek().isWord()) {
    t.times.push_back(0.0);
    t.values.push_back(readOne<T>(ts));
  } else if (ts.acceptWord("table")) {
    ts.expectPunct('(');
    while (!ts.acceptPunct(')')) {
      ts.expectPunct('(');
      const Scalar time = ts.readScalar();
      if (!t.times.empty() && time <= t.times.back())
        ts.fail(fmt::format("table times must increase ({} after {})", time, t.times.back()));
      t.times.push_back(time);
      t.values.push_back(readOne<T>(ts));
      ts.expectPunct(')');
    }
    if (t.times.empty()) ts.fail("empty table");
  } else {
    ts.fail("expected a value, 'constant' or 'table', found " + ts.describeNext());
  }
  ts.expectEnd();
  for (std::size_t i = 0; i < t.values.size(); ++i)
    if (!isFinite(t.values[i]) || !std::isfinite(t.times[i]))
      throw InputError(fmt::format("{}: uniformValue: {} in entry {}", where,
                                   std::isfinite(t.times[i]) ? nonFiniteName(t.values[i]) : nonFiniteName(t.times[i]),
                                   i));
  return t;
}

}  // namespace

template <FieldValueType T>
std::vector<T> checkedFieldValues(const io::FieldValue& v, const std::string& where, std::string_view key,
                                  const char* element, GlobalLabel count) {
  const bool wantVector = std::is_same_v<T, Vec3>;
  if (v.isVector() != wantVector)
    throw InputError(fmt::format("{}: expected a {} value, found a {}", v.origin, FieldTraits<T>::typeName,
                                 v.isVector() ? "vector" : "scalar"));
  if (!v.uniform && static_cast<GlobalLabel>(v.size()) != count)
    throw InputError(fmt::format("{}: {}: expected {} values, found {}", where, key, count, v.size()));
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
  if (kind == PatchKind::Empty && type != "empty")
    throw InputError(fmt::format("{}: patch of type 'empty' needs boundary condition type 'empty', found '{}'", where,
                                 type));
  if (kind != PatchKind::Empty && type == "empty")
    throw InputError(fmt::format(
        "{}: boundary condition type 'empty' is only valid on patches of type 'empty' (this patch is '{}')", where,
        patch.type));
  return it->second(in);
}

template <FieldValueType T>
BoundaryConditionRegistry<T> BoundaryConditionRegistry<T>::withBuiltins() {
  BoundaryConditionRegistry<T> r;
  r.add("fixedValue", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<FixedValueBC<T>>(in.patch, readPatchValues<T>(in, "value"));
  });
  r.add("uniformFixedValue", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<UniformFixedValueBC<T>>(in.patch, in.nFaces(), readTimeTable<T>(in));
  });
  r.add("zeroGradient", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<ZeroGradientBC<T>>(in.patch);
  });
  r.add("calculated", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<CalculatedBC<T>>(in.patch);
  });
  r.add("fixedGradient", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<FixedGradientBC<T>>(in.patch, readPatchValues<T>(in, "gradient"));
  });
  for (const char* name : {"slip", "symmetryPlane", "symmetry"})
    r.add(name, [type = std::string(name)](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
      return std::make_unique<SlipBC<T>>(in.patch, type);
    });
  r.add("empty", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<EmptyBC<T>>(in.patch);
  });
  r.add("inletOutlet", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
    return std::make_unique<InletOutletBC<T>>(in.patch, readPatchValues<T>(in, "inletValue"));
  });
  if constexpr (std::is_same_v<T, Vec3>) {
    r.add("noSlip", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
      return std::make_unique<NoSlipBC>(in.patch, in.nFaces());
    });
  } else {
    r.add("fixedFluxPressure", [](const PatchInput& in) -> std::unique_ptr<BoundaryCondition<T>> {
      auto bc = std::make_unique<FixedFluxPressureBC>(in.patch, in.nFaces());
      if (in.dict.found("gradient")) {
        const std::vector<Scalar> g = readPatchValues<Scalar>(in, "gradient");
        bc->setGradient(g);
      }
      return bc;
    });
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
