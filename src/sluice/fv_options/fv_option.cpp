#include "sluice/fv_options/fv_option.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/mesh/cell_zones.hpp"

namespace sluice::fv_options {

namespace {

CellSelection selectCells(const FvOptionInput& in) {
  const field::FvMesh& mesh = in.mesh;
  if (!in.coeffs.found("selectionMode")) in.coeffs.fail("missing 'selectionMode'");
  const std::string mode = in.coeffs.getSupported("selectionMode", {"all", "cellZone"});
  CellSelection s;
  if (mode == "all") {
    s.cells.resize(mesh.nCells());
    for (Label c = 0; c < mesh.nCells(); ++c) s.cells[c] = c;
  } else {
    const std::string zone = in.coeffs.get<std::string>("cellZone");
    std::vector<GlobalLabel> fileCells = mesh::readCellZone(in.caseDir, zone, in.where());
    std::sort(fileCells.begin(), fileCells.end());
    const auto fileIds = mesh.fileCellIds();
    for (Label c = 0; c < mesh.nCells(); ++c)
      if (std::binary_search(fileCells.begin(), fileCells.end(), fileIds[c])) s.cells.push_back(c);
  }
  const auto volumes = mesh.cellVolumes();
  for (Label c : s.cells) s.volume += volumes[c];
  s.volume = mesh.comm().sum(s.volume);
  return s;
}

}  // namespace

std::string FvOptionInput::where() const { return fmt::format("{}: {}", dict.fileName(), name); }

FvOption::FvOption(const FvOptionInput& in, std::vector<std::string> fields)
    : name_(in.name), fields_(std::move(fields)) {
  active_ = in.dict.getOr<bool>("active", true);
  if (in.coeffs.found("timeStart")) {
    timeStart_ = in.coeffs.get<Scalar>("timeStart");
    if (!in.coeffs.found("duration")) in.coeffs.fail("missing 'duration' (required with timeStart)");
    duration_ = in.coeffs.get<Scalar>("duration");
  }
  selection_ = selectCells(in);
}

bool FvOption::appliesTo(const std::string& field) const {
  return std::find(fields_.begin(), fields_.end(), field) != fields_.end();
}

bool FvOption::isActive(Scalar time) const {
  return active_ && (timeStart_ < 0 || (time >= timeStart_ && time <= timeStart_ + duration_));
}

}  // namespace sluice::fv_options
