#include "sluice/field/field_io.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sluice/core/error.hpp"
#include "sluice/field/boundary_conditions.hpp"
#include "sluice/io/binary_field_text.hpp"
#include "sluice/io/field_value.hpp"
#include "sluice/io/text_file.hpp"
#include "sluice/io/token_stream.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::field {

namespace fs = std::filesystem;

namespace {

/// The groups a patch belongs to: its inGroups, and its type when that is
/// `wall` or a constraint type (OpenFOAM adds those implicitly).
std::vector<std::string> patchGroups(const mesh::Patch& patch) {
  std::vector<std::string> groups = patch.inGroups;
  static const char* const implied[] = {"wall", "empty", "symmetryPlane", "symmetry", "cyclic", "processor", "wedge"};
  for (const char* type : implied)
    if (patch.type == type && std::find(groups.begin(), groups.end(), type) == groups.end()) groups.push_back(type);
  return groups;
}

/// The patch's entry in boundaryField with OpenFOAM's precedence: the exact
/// patch name; then a group the patch is in (the last such entry in the
/// file); then a regular-expression key, except for empty patches, which
/// take `empty` without an entry of their own or of a group.
const io::Entry* findPatchEntry(const io::Dictionary& boundaryField, const mesh::Patch& patch) {
  for (const io::Entry& e : boundaryField.entries())
    if (!e.isPattern() && e.keyword() == patch.name) return &e;
  const std::vector<std::string> groups = patchGroups(patch);
  const auto& entries = boundaryField.entries();
  for (auto it = entries.rbegin(); it != entries.rend(); ++it)
    if (!it->isPattern() && it->isDict() && std::find(groups.begin(), groups.end(), it->keyword()) != groups.end())
      return &*it;
  if (patch.type == "empty") return nullptr;
  return boundaryField.findEntry(patch.name);
}

std::string formatNumber(Scalar v) { return fmt::format("{}", v); }

std::optional<Scalar> parseTime(const std::string& time) {
  double t = 0;
  auto [ptr, ec] = std::from_chars(time.data(), time.data() + time.size(), t);
  if (ec != std::errc() || ptr != time.data() + time.size()) return std::nullopt;
  return t;
}

}  // namespace

std::string formatValue(Scalar value) { return formatNumber(value); }
std::string formatValue(const Vec3& value) {
  return fmt::format("({} {} {})", formatNumber(value.x), formatNumber(value.y), formatNumber(value.z));
}

template <FieldValueType T>
T readValue(io::TokenStream& ts) {
  if constexpr (std::is_same_v<T, Scalar>) {
    return ts.readScalar();
  } else {
    return ts.readVec3();
  }
}

std::string formatDimensions(const io::DimensionSet& d) {
  std::string out = "[";
  for (int i = 0; i < 7; ++i) {
    const double e = d.exponents[i] == 0 ? 0.0 : d.exponents[i];  // no "-0"
    if (i) out += ' ';
    out += formatNumber(e);
  }
  return out + "]";
}

void expectDimensions(const io::DimensionSet& found, const io::DimensionSet& expected, const std::string& file) {
  if (!(found == expected))
    throw InputError(fmt::format("{}: dimensions {} expected, found {}", file, formatDimensions(expected),
                                 formatDimensions(found)));
}

template <FieldValueType T>
std::string formatFieldValue(std::span<const T> values) {
  const char* type = FieldTraits<T>::typeName;
  if (values.empty()) return fmt::format("nonuniform List<{}> 0()", type);
  if (std::all_of(values.begin(), values.end(), [&](const T& v) { return v == values.front(); }))
    return "uniform " + formatValue(values.front());
  std::string out = fmt::format("nonuniform List<{}> \n{}\n(\n", type, values.size());
  for (const T& v : values) {
    out += formatValue(v);
    out += '\n';
  }
  return out + ")\n";
}

template <FieldValueType T>
VolField<T> volFieldFromDictionary(const io::Dictionary& dict, const std::string& name, const std::string& file,
                                   const FvMesh& mesh, const BoundaryConditionRegistry<T>& registry) {
  if (!dict.found("dimensions")) throw InputError(fmt::format("{}: missing 'dimensions'", file));
  VolField<T> field(name, mesh, dict.getDimensions("dimensions"));

  // internalField, indexed by the files' cell order
  if (!dict.found("internalField")) throw InputError(fmt::format("{}: missing 'internalField'", file));
  const io::FieldValue internal = io::readFieldValue(dict, "internalField");
  const std::vector<T> values =
      checkedFieldValues<T>(internal, file, "internalField", "cell", mesh.nGlobalCells());
  std::vector<T>& cells = field.values();
  if (internal.uniform) {
    std::fill(cells.begin(), cells.end(), values.at(0));
  } else {
    const auto fileIds = mesh.fileCellIds();
    for (Label c = 0; c < mesh.nCells(); ++c) cells[c] = values[fileIds[c]];
  }

  // boundaryField
  const io::Dictionary* boundaryField = dict.findSubDict("boundaryField");
  if (boundaryField == nullptr) throw InputError(fmt::format("{}: missing 'boundaryField' dictionary", file));
  for (Label p = 0; p < mesh.nPatches(); ++p) {
    const mesh::Patch& patch = mesh.patches()[p];
    const PatchKind kind = mesh.patchKind(p);
    if (kind == PatchKind::Processor) continue;
    const std::string where = fmt::format("{}: boundaryField/{}", file, patch.name);
    const io::Entry* entry = findPatchEntry(*boundaryField, patch);
    if (entry == nullptr) {
      // Constraint types default to their condition (OpenFOAM's setConstraintTypes).
      if (kind == PatchKind::Cyclic) continue;
      if (auto constraint = constraintCondition<T>(mesh, p)) {
        field.setBoundaryCondition(p, std::move(constraint));
        continue;
      }
      const std::vector<std::string> groups = patchGroups(patch);
      throw InputError(fmt::format("{}: boundaryField: no entry for patch '{}'{}", file, patch.name,
                                   groups.empty() ? std::string()
                                                  : fmt::format(" or its groups ({})", fmt::join(groups, ", "))));
    }
    if (!entry->isDict()) throw InputError(fmt::format("{}: expected a dictionary", where));
    const io::Dictionary& patchDict = entry->dict();
    const bool saysCyclic = patchDict.found("type") && patchDict.get<std::string>("type") == "cyclic";
    if (kind == PatchKind::Cyclic) {
      if (!saysCyclic)
        throw InputError(fmt::format("{}: patch of type 'cyclic' needs boundary condition type 'cyclic', found '{}'",
                                     where, patchDict.found("type") ? patchDict.get<std::string>("type") : ""));
      continue;  // coupled: no condition, values interpolated
    }
    if (saysCyclic)
      throw InputError(fmt::format(
          "{}: boundary condition type 'cyclic' is only valid on patches of type 'cyclic' (this patch is '{}')", where,
          patch.type));
    const PatchInput in{patchDict, mesh, p, file, field.dimensions()};
    field.setBoundaryCondition(p, registry.create(in));
    // The face values until the condition is first evaluated: the file's
    // `value`, or the condition's own start (the owner cells' values).
    if (kind == PatchKind::Regular && patchDict.found("value")) {
      const std::vector<T> faceValues = readPatchValues<T>(in, "value");
      std::copy(faceValues.begin(), faceValues.end(), field.patchValues(p).begin());
    } else {
      field.boundaryCondition(p)->initialFaceValues(mesh, std::span<const T>(field.values()), field.patchValues(p));
    }
  }
  field.evaluateBoundaryConditions();
  return field;
}

template <FieldValueType T>
VolField<T> readVolField(const fs::path& caseDir, const std::string& name, const std::string& time,
                         const FvMesh& mesh, const BoundaryConditionRegistry<T>& registry) {
  const std::string file = time + "/" + name;
  const fs::path path = caseDir / time / name;
  parallel::Communicator& comm = mesh.comm();
  // Rank 0 reads, every rank parses the same text (same errors everywhere).
  std::string text;
  int found = 0;
  if (comm.isRoot()) {
    if (std::optional<std::string> t = io::readTextFile(path)) {
      text = std::move(*t);
      found = 1;
    }
  }
  comm.broadcast(std::span<int>(&found, 1));
  if (!found) throw InputError(fmt::format("{}: cannot open file", file));
  comm.broadcast(text);
  io::ParseOptions options;
  const bool root = comm.isRoot();
  options.warn = [root](const std::string& message) {
    if (root) std::cerr << "warning: " << message << '\n';
  };
  // Parsing and setting up the conditions are local; agreed before the
  // ghost exchange of correctBoundaryConditions, so a rank that failed does
  // not leave the others waiting in it.
  std::optional<VolField<T>> read;
  std::string problem;
  try {
    // A file written with writeFormat binary: its lists as ascii text.
    const io::Dictionary dict =
        io::Dictionary::parse(io::asciiFieldText(std::move(text), file), file, path.parent_path(), options);
    read.emplace(volFieldFromDictionary<T>(dict, name, file, mesh, registry));
    if (const std::optional<Scalar> t = parseTime(time)) read->updateTime(*t);
  } catch (const std::bad_alloc&) {
    problem = "out of memory";
  } catch (const std::exception& e) {
    problem = e.what();
  }
  try {
    parallel::agreeOnError(comm, !problem.empty(), problem);
  } catch (const parallel::CollectiveError& e) {
    throw InputError(e.what());  // the same on every rank, at the same point
  }
  VolField<T> field = std::move(*read);
  parallel::inCollectiveSection(comm, [&] { field.correctBoundaryConditions(); });
  return field;
}

VolScalarField readVolScalarField(const fs::path& caseDir, const std::string& name, const std::string& time,
                                  const FvMesh& mesh) {
  return readVolField<Scalar>(caseDir, name, time, mesh);
}

VolVectorField readVolVectorField(const fs::path& caseDir, const std::string& name, const std::string& time,
                                  const FvMesh& mesh) {
  return readVolField<Vec3>(caseDir, name, time, mesh);
}

template <FieldValueType T>
std::string volFieldText(const VolField<T>& field) {
  const FvMesh& mesh = field.mesh();
  if (mesh.nProcessorGhosts() > 0 || mesh.nGlobalCells() != mesh.nCells())
    throw Error(fmt::format("volFieldText '{}': writing is supported for one-rank meshes only", field.name()));
  std::string out;
  out += "FoamFile\n{\n    version     2.0;\n    format      ascii;\n";
  out += fmt::format("    class       {};\n    object      {};\n}}\n\n", FieldTraits<T>::volFieldClass, field.name());
  out += fmt::format("dimensions      {};\n\n", formatDimensions(field.dimensions()));

  std::vector<T> internal(mesh.nCells());
  const auto fileIds = mesh.fileCellIds();
  for (Label c = 0; c < mesh.nCells(); ++c) internal[fileIds[c]] = field[c];
  out += fmt::format("internalField   {};\n\n", formatFieldValue<T>(internal));

  out += "boundaryField\n{\n";
  const std::string indent(8, ' ');
  for (Label p = 0; p < mesh.nPatches(); ++p) {
    const mesh::Patch& patch = mesh.patches()[p];
    out += fmt::format("    {}\n    {{\n", patch.name);
    if (const BoundaryCondition<T>* bc = field.boundaryCondition(p)) {
      out += fmt::format("{}{:<16}{};\n", indent, "type", bc->type());
      out += bc->writeEntries(field.patchValues(p), indent);
    } else {
      out += fmt::format("{}{:<16}{};\n", indent, "type", patch.type);
    }
    out += "    }\n";
  }
  out += "}\n";
  return out;
}

template <FieldValueType T>
void writeVolField(const fs::path& dir, const VolField<T>& field) {
  const std::string text = volFieldText(field);
  std::error_code ec;
  fs::create_directories(dir, ec);
  const fs::path path = dir / field.name();
  std::ofstream os(path, std::ios::binary);
  os << text;
  os.close();
  if (!os) throw InputError(fmt::format("{}: cannot write file", path.string()));
}

template std::string formatFieldValue<Scalar>(std::span<const Scalar>);
template std::string formatFieldValue<Vec3>(std::span<const Vec3>);
template Scalar readValue<Scalar>(io::TokenStream&);
template Vec3 readValue<Vec3>(io::TokenStream&);
template VolField<Scalar> volFieldFromDictionary<Scalar>(const io::Dictionary&, const std::string&,
                                                         const std::string&, const FvMesh&,
                                                         const BoundaryConditionRegistry<Scalar>&);
template VolField<Vec3> volFieldFromDictionary<Vec3>(const io::Dictionary&, const std::string&, const std::string&,
                                                     const FvMesh&, const BoundaryConditionRegistry<Vec3>&);
template VolField<Scalar> readVolField<Scalar>(const fs::path&, const std::string&, const std::string&,
                                               const FvMesh&, const BoundaryConditionRegistry<Scalar>&);
template VolField<Vec3> readVolField<Vec3>(const fs::path&, const std::string&, const std::string&, const FvMesh&,
                                           const BoundaryConditionRegistry<Vec3>&);
template std::string volFieldText<Scalar>(const VolField<Scalar>&);
template std::string volFieldText<Vec3>(const VolField<Vec3>&);
template void writeVolField<Scalar>(const fs::path&, const VolField<Scalar>&);
template void writeVolField<Vec3>(const fs::path&, const VolField<Vec3>&);

}  // namespace sluice::field
