#pragma once
// Test helpers for running the same case in OpenFOAM v1912 and in sluice and
// comparing the results cell by cell. The OpenFOAM tests are skipped when
// Debian's openfoam and openfoam-examples packages are not installed.
//
//   if (!test::openFoamInstalled()) GTEST_SKIP() << test::kNoOpenFoam;
//   test::runOpenFoam("blockMesh", foamCase);  test::runOpenFoam("pimpleFoam", foamCase);
//   test::runSluice(sluiceCase, 2, "--quiet --no-renumber");
//   test::Agreement a = test::compareWithOpenFoam(foamCase, "0.004", sluiceCase);
//   EXPECT_LE(a.U, 1e-5);
//
// Cells are matched by id: without renumbering, sluice's global cell ids are
// the cell order of the case's mesh files, which is OpenFOAM's; every match
// is checked (the cell's vertex mean from OpenFOAM's constant/polyMesh equals
// the one of sluice's VTK cell), so a different order is a test failure, not
// a silent mismatch.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "solvers/solver_case_support.hpp"

namespace sluice::test {

inline const char* const kNoOpenFoam =
    "OpenFOAM v1912 with its tutorials is not installed (apt-get install openfoam openfoam-examples)";
inline const std::filesystem::path kOpenFoamTutorials = "/usr/share/doc/openfoam-examples/examples";

inline bool openFoamInstalled() {
  return std::filesystem::exists("/usr/bin/pimpleFoam") && std::filesystem::exists("/usr/bin/blockMesh") &&
         std::filesystem::exists(kOpenFoamTutorials / "incompressible/pimpleFoam/laminar/planarContraction");
}

/// Runs an OpenFOAM utility or solver on `caseDir` with the environment
/// Debian's package needs (its etc/bashrc cannot be sourced); output in `log.<tool>`.
inline CommandResult runOpenFoam(const std::string& tool, const std::filesystem::path& caseDir) {
  return runCommand("env WM_PROJECT_DIR=/usr/share/openfoam FOAM_ETC=/usr/share/openfoam/etc " +
                        shellQuote("/usr/bin/" + tool) + " -case " + shellQuote(caseDir.string()) + " > " +
                        shellQuote((caseDir / ("log." + tool)).string()) + " 2>&1",
                    600);
}

/// A scalar field value written from `at` on ("uniform 1" or "nonuniform
/// List<scalar> n (...)"); a uniform value is repeated `uniformCount` times.
inline std::vector<double> parseScalarValue(const std::string& text, std::size_t at, std::size_t uniformCount,
                                            const std::string& what) {
  std::istringstream is(text.substr(at));
  std::string kind;
  is >> kind;
  if (kind == "uniform") {
    double v = 0;
    is >> v;
    return std::vector<double>(uniformCount, v);
  }
  std::string listType;
  std::size_t n = 0;
  char open = 0;
  is >> listType >> n >> open;
  if (!is || kind != "nonuniform" || open != '(') throw std::runtime_error("bad value of " + what);
  std::vector<double> values(n);
  for (double& v : values) is >> v;
  if (!is) throw std::runtime_error("bad scalar list of " + what);
  return values;
}

/// The internalField of an ascii OpenFOAM volScalarField (nonuniform, or
/// uniform repeated `nCells` times).
inline std::vector<double> readOpenFoamScalarField(const std::filesystem::path& file, std::size_t nCells) {
  const std::string text = readTextFile(file);
  const auto field = text.find("internalField");
  if (field == std::string::npos) throw std::runtime_error("no internalField in " + file.string());
  return parseScalarValue(text, field + 13, nCells, "internalField in " + file.string());
}

/// The `value` of patch `patch` in the boundaryField of an ascii OpenFOAM
/// scalar field file (a surfaceScalarField such as phi, or a volScalarField);
/// a uniform value is returned once.
inline std::vector<double> readOpenFoamPatchScalars(const std::filesystem::path& file, const std::string& patch) {
  const std::string text = readTextFile(file);
  const auto boundary = text.find("boundaryField");
  const auto at = text.find("\n    " + patch + "\n", boundary);
  if (boundary == std::string::npos || at == std::string::npos)
    throw std::runtime_error("no patch " + patch + " in " + file.string());
  return parseScalarValue(text, text.find("value", at) + 5, 1, "patch " + patch + " in " + file.string());
}

/// The mean of each cell's vertices (the VTK cell's point mean).
inline std::vector<Vec3> cellVertexMeans(const mesh::PolyMesh& mesh) {
  std::vector<std::set<Label>> vertices(mesh.nCells());
  for (Label f = 0; f < mesh.nFaces(); ++f) {
    for (Label v : mesh.faces()[f]) vertices[mesh.owner()[f]].insert(v);
    if (f < mesh.nInternalFaces())
      for (Label v : mesh.faces()[f]) vertices[mesh.neighbour()[f]].insert(v);
  }
  std::vector<Vec3> means(mesh.nCells());
  for (Label c = 0; c < mesh.nCells(); ++c) {
    Vec3 sum{};
    for (Label v : vertices[c]) sum = sum + mesh.points()[v];
    means[c] = sum / static_cast<double>(vertices[c].size());
  }
  return means;
}

/// Largest cell difference between sluice and OpenFOAM over the field's
/// scale: U by max |U_foam|, p by max(max |p_foam|, max |U_foam|^2) (a
/// pressure that is zero up to round-off is measured against the dynamic
/// pressure scale).
struct Agreement {
  double U = 0;
  double p = 0;
  std::size_t nCells = 0;
};

inline Agreement compareWithOpenFoam(const std::filesystem::path& foamCase, const std::string& time,
                                     const std::filesystem::path& sluiceCase) {
  const mesh::PolyMesh foamMesh = mesh::readPolyMesh(foamCase / "constant/polyMesh");
  const std::vector<Vec3> means = cellVertexMeans(foamMesh);
  const std::vector<Vec3> foamU = readOpenFoamVectorField(foamCase / time / "U");
  const std::vector<double> foamP = readOpenFoamScalarField(foamCase / time / "p", foamU.size());
  const VtkCells cells = readLastVtkCells(sluiceCase);
  if (cells.U.size() != foamU.size() || foamU.size() != static_cast<std::size_t>(foamMesh.nCells()))
    throw std::runtime_error("cell counts differ: sluice " + std::to_string(cells.U.size()) + ", OpenFOAM " +
                             std::to_string(foamU.size()));
  double scaleU = 0, scaleP = 0, extent = 0;
  for (std::size_t c = 0; c < foamU.size(); ++c) {
    scaleU = std::max(scaleU, mag(foamU[c]));
    scaleP = std::max(scaleP, std::abs(foamP[c]));
    extent = std::max(extent, mag(means[c]));
  }
  scaleP = std::max(scaleP, scaleU * scaleU);
  Agreement a;
  a.nCells = foamU.size();
  for (const auto& [id, u] : cells.U) {
    const auto c = static_cast<std::size_t>(id);
    if (mag(cells.centre.at(id) - means.at(c)) > 1e-9 * (1 + extent))
      throw std::runtime_error("cell " + std::to_string(id) + " is not the same cell in both codes");
    a.U = std::max(a.U, mag(u - foamU[c]) / scaleU);
    a.p = std::max(a.p, std::abs(cells.p.at(id) - foamP[c]) / scaleP);
  }
  return a;
}

}  // namespace sluice::test
