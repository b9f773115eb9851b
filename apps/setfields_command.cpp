#include "setfields_command.hpp"

#include <filesystem>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/field_file_edit.hpp"
#include "sluice/field/set_fields_dict.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/mesh/case_mesh.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/solvers/time_control.hpp"

namespace sluice::apps {

namespace fs = std::filesystem;

namespace {

// Every field file a setting names, read once and checked against the
// settings' types, before anything is written.
std::map<std::string, field::FieldFileEdit> openFieldFiles(const field::SetFieldsDict& spec, const fs::path& caseDir,
                                                           const std::string& time, std::size_t nCells) {
  std::map<std::string, field::FieldFileEdit> files;
  auto open = [&](const field::FieldValueSetting& s) {
    auto it = files.find(s.field);
    if (it == files.end()) {
      const std::string file = time + "/" + s.field;
      if (!fs::is_regular_file(caseDir / time / s.field))
        throw InputError(fmt::format("{}: field file {} does not exist", s.where, file));
      it = files.emplace(s.field, field::FieldFileEdit::read(caseDir, time, s.field, nCells)).first;
    }
    if (it->second.fieldClass() != s.fieldClass())
      throw InputError(
          fmt::format("{}: {} is a {}, not a {}", s.where, it->second.file(), it->second.fieldClass(), s.fieldClass()));
  };
  for (const auto& s : spec.defaults) open(s);
  for (const auto& region : spec.regions)
    for (const auto& s : region.values) open(s);
  return files;
}

void printSetting(const field::FieldValueSetting& s) {
  fmt::print("    Setting internal values of {} {}\n", s.fieldClass(), s.field);
}

}  // namespace

int runSetFieldsCommand(const SetFieldsCommandOptions& options) {
  const fs::path caseDir = options.caseDir;
  // The files' cell order: no renumbering.
  const mesh::LoadedMesh loaded = mesh::loadCaseMesh(caseDir, {.renumber = false});
  const mesh::MeshGeometry geometry = mesh::MeshGeometry::computeCells(loaded.mesh);
  const auto nCells = static_cast<std::size_t>(loaded.mesh.nCells());

  const io::Dictionary controlDict = io::Dictionary::readFile(caseDir / "system/controlDict", "system/controlDict");
  const std::string time = solvers::TimeControl(solvers::TimeControlSettings::read(controlDict, solvers::latestTimeFolder(caseDir))).timeName();

  const io::Dictionary dict = io::Dictionary::readFile(caseDir / "system/setFieldsDict", "system/setFieldsDict");
  const field::SetFieldsDict spec = field::SetFieldsDict::read(dict);
  std::map<std::string, field::FieldFileEdit> files = openFieldFiles(spec, caseDir, time, nCells);

  fmt::print("Mesh of {} (from {}): {} cells; start time {}\n\n", options.caseDir, loaded.source, nCells, time);
  fmt::print("Reading system/setFieldsDict\n\n");
  if (spec.hasDefaults) {
    fmt::print("Setting field default values\n");
    for (const auto& s : spec.defaults) {
      printSetting(s);
      files.at(s.field).assignAll(s.value);
    }
    fmt::print("\n");
  }

  fmt::print("Setting field region values\n");
  for (const auto& region : spec.regions) {
    fmt::print("    {}\n", region.selector->description());
    const std::vector<Label> cells = region.selector->select(geometry.cellCentres);
    fmt::print("    Selected {} of {} cells\n", cells.size(), nCells);
    for (const auto& s : region.values) {
      printSetting(s);
      files.at(s.field).assign(s.value, cells);
    }
  }
  fmt::print("\n");

  for (const std::string& name : spec.fieldNames()) {
    const field::FieldFileEdit& f = files.at(name);
    f.write();
    fmt::print("Wrote {}\n", f.file());
  }
  fmt::print("\nEnd\n");
  return 0;
}

}  // namespace sluice::apps
