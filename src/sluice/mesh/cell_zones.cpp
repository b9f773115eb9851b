#include "sluice/mesh/cell_zones.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/foam_header.hpp"
#include "sluice/io/text_file.hpp"
#include "sluice/io/token_stream.hpp"
#include "sluice/mesh/block_mesh.hpp"
#include "sluice/mesh/case_mesh.hpp"

namespace sluice::mesh {

namespace fs = std::filesystem;

namespace {

struct Zone {
  std::string name;
  std::vector<GlobalLabel> cells;
};

std::vector<Zone> blockZones(const fs::path& caseDir, const std::string& source) {
  const BlockMeshSpec spec = readBlockMeshSpec(io::Dictionary::readFile(caseDir / source, source));
  std::vector<Zone> zones;
  GlobalLabel offset = 0;
  for (const BlockSpec& block : spec.blocks) {
    const GlobalLabel n = GlobalLabel{block.cells[0]} * block.cells[1] * block.cells[2];
    if (!block.zone.empty()) {
      auto it = std::find_if(zones.begin(), zones.end(), [&](const Zone& z) { return z.name == block.zone; });
      if (it == zones.end()) it = zones.insert(zones.end(), Zone{block.zone, {}});
      for (GlobalLabel c = offset; c < offset + n; ++c) it->cells.push_back(c);
    }
    offset += n;
  }
  return zones;
}

// `N ( name { type cellZone; cellLabels List<label> n (...); } ... )`
std::vector<Zone> polyMeshZones(const fs::path& caseDir) {
  const fs::path path = caseDir / "constant/polyMesh/cellZones";
  const std::string file = "constant/polyMesh/cellZones";
  std::optional<std::string> text = io::readTextFile(path);
  if (!text) return {};
  const io::FoamHeader header = io::readFoamHeader(*text, file);
  if (header.format() != "ascii") throw InputError(file + ": binary cellZones are not supported (format ascii only)");
  io::TokenStream ts = io::tokenizeBody(*text, header, file);
  std::vector<Zone> zones;
  ts.acceptListSize();
  ts.expectPunct('(');
  while (!ts.acceptPunct(')')) {
    if (ts.atEnd()) ts.fail("expected ')' to close the list of cell zones, found end of file");
    Zone zone{ts.readWordOrString(), {}};
    const io::Dictionary d = io::Dictionary::fromStream(ts, file, zone.name);
    io::TokenStream labels = d.stream("cellLabels");
    if (!labels.atEnd() && labels.peek().isWord() && labels.peek().text.rfind("List<", 0) == 0) labels.next();
    for (Label c : labels.readLabelList()) zone.cells.push_back(c);
    labels.expectEnd();
    zones.push_back(std::move(zone));
  }
  return zones;
}

}  // namespace

std::vector<GlobalLabel> readCellZone(const fs::path& caseDir, const std::string& name, const std::string& context) {
  const std::string source = caseMeshSource(caseDir);
  std::vector<Zone> zones = source == "constant/polyMesh" ? polyMeshZones(caseDir) : blockZones(caseDir, source);
  for (Zone& z : zones)
    if (z.name == name) return std::move(z.cells);
  std::vector<std::string> names;
  for (const Zone& z : zones) names.push_back(z.name);
  throw InputError(fmt::format("{}: no cell zone '{}' in the mesh ({}; zones: {})", context, name,
                               source == "constant/polyMesh" ? "constant/polyMesh/cellZones" : source,
                               names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", "))));
}

}  // namespace sluice::mesh
