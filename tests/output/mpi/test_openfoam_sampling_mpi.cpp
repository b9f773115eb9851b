// cellPoint and cell sampling against OpenFOAM's own `sets` function object
// (postProcess) on a graded block mesh with non-linear scalar and vector
// fields and fixedValue boundaries: the values agree to rounding at 1-4
// ranks. Rank 0 runs OpenFOAM; skipped when OpenFOAM is not installed.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "support/temp_dir.hpp"
#include "output/mpi/mpi_output_support.hpp"
#include "output/output_test_support.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "sluice/output/point_sampler.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {
namespace {

namespace fs = std::filesystem;
using test::worldRank;

const char* const kOpenFoamEnv = "env WM_PROJECT_DIR=/usr/share/openfoam FOAM_ETC=/usr/share/openfoam/etc ";

double scalarField(const Vec3& p) { return std::sin(3 * p.x) + p.y * p.y + p.x * p.z; }
Vec3 vectorField(const Vec3& p) { return {p.x * p.y, p.z - p.x * p.x, std::cos(2 * p.y)}; }

const Vec3 kStart{0.03, 0.05, 0.02}, kEnd{0.97, 0.77, 0.58};
constexpr int kPoints = 15;

void writeCaseFiles(const fs::path& dir) {
  auto write = [&](const std::string& rel, const std::string& object, const std::string& body) {
    fs::create_directories((dir / rel).parent_path());
    std::ofstream(dir / rel) << fmt::format("FoamFile {{ version 2.0; format ascii; class dictionary; object {}; }}\n",
                                            object)
                             << body;
  };
  write("system/blockMeshDict", "blockMeshDict",
        "convertToMeters 1;\n"
        "vertices ((0 0 0) (1 0 0) (1 0.8 0) (0 0.8 0) (0 0 0.6) (1 0 0.6) (1 0.8 0.6) (0 0.8 0.6));\n"
        "blocks (hex (0 1 2 3 4 5 6 7) (5 4 3) simpleGrading (2 0.5 1.5));\n"
        "edges ();\n"
        "boundary (\n"
        "  left { type patch; faces ((0 4 7 3)); }\n"
        "  walls { type wall; faces ((1 2 6 5) (0 1 5 4) (3 7 6 2) (0 3 2 1) (4 5 6 7)); }\n"
        ");\n");
  std::string functions;
  for (const char* scheme : {"cellPoint", "cell"})
    functions += fmt::format(
        "  {0} {{ type sets; libs (sampling); interpolationScheme {0}; setFormat raw; writeControl timeStep;\n"
        "    writeInterval 1; fields (T U);\n"
        "    sets (l1 {{ type uniform; axis xyz; start ({1} {2} {3}); end ({4} {5} {6}); nPoints {7}; }}); }}\n",
        scheme, kStart.x, kStart.y, kStart.z, kEnd.x, kEnd.y, kEnd.z, kPoints);
  write("system/controlDict", "controlDict",
        "application simpleFoam; startFrom startTime; startTime 0; stopAt endTime; endTime 1; deltaT 1;\n"
        "writeControl timeStep; writeInterval 1; writeFormat ascii; writePrecision 17; timePrecision 6;\n"
        "functions\n{\n" + functions + "}\n");
  write("system/fvSchemes", "fvSchemes",
        "ddtSchemes { default steadyState; } gradSchemes { default Gauss linear; } divSchemes { default none; }\n"
        "laplacianSchemes { default Gauss linear corrected; } interpolationSchemes { default linear; }\n"
        "snGradSchemes { default corrected; }\n");
  write("system/fvSolution", "fvSolution", "");
}

/// 0/T and 0/U of the global mesh: cell values at cell centres, fixedValue faces at face centres.
void writeFields(const fs::path& dir, const mesh::PolyMesh& m) {
  const mesh::MeshGeometry geo = mesh::MeshGeometry::compute(m);
  auto scalarText = [](const Vec3& p) { return fmt::format("{:.17g}", scalarField(p)); };
  auto vectorText = [](const Vec3& p) {
    const Vec3 v = vectorField(p);
    return fmt::format("({:.17g} {:.17g} {:.17g})", v.x, v.y, v.z);
  };
  auto field = [&](const std::string& name, const std::string& cls, const std::string& type, auto&& text) {
    std::ostringstream os;
    os << fmt::format("FoamFile {{ version 2.0; format ascii; class {}; object {}; }}\n", cls, name)
       << "dimensions [0 0 0 0 0 0 0];\ninternalField nonuniform List<" << type << "> " << m.nCells() << "\n(\n";
    for (Label c = 0; c < m.nCells(); ++c) os << text(geo.cellCentres[c]) << "\n";
    os << ");\nboundaryField\n{\n";
    for (const mesh::Patch& p : m.patches()) {
      os << p.name << " { type fixedValue; value nonuniform List<" << type << "> " << p.size << "\n(\n";
      for (Label f = p.start; f < p.start + p.size; ++f) os << text(geo.faceCentres[f]) << "\n";
      os << "); }\n";
    }
    os << "}\n";
    std::ofstream(dir / "0" / name) << os.str();
  };
  fs::create_directories(dir / "0");
  field("T", "volScalarField", "scalar", scalarText);
  field("U", "volVectorField", "vector", vectorText);
}

/// Rows of numbers of an OpenFOAM raw set file.
std::vector<std::vector<double>> readRows(const fs::path& file) {
  std::vector<std::vector<double>> rows;
  for (const std::string& line : test::splitLines(test::readTextFile(file))) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::vector<double> row;
    for (double v; is >> v;) row.push_back(v);
    rows.push_back(row);
  }
  return rows;
}

bool haveOpenFoam() {
  return fs::exists("/usr/bin/blockMesh") && fs::exists("/usr/bin/postProcess") &&
         fs::exists("/usr/share/openfoam/etc/controlDict");
}

TEST(OpenFoamSamplingMpi, SetsMatchOpenFoamsPostProcess) {
  int ok = worldRank() == 0 && haveOpenFoam();
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (!ok) GTEST_SKIP() << "OpenFOAM not installed";
  test::SharedTempDir tmp;
  const fs::path dir = tmp.path() / "case";
  std::string failure;
  if (worldRank() == 0) {
    writeCaseFiles(dir);
    const auto r = test::runCommand(std::string(kOpenFoamEnv) + "blockMesh -case " + test::shellQuote(dir.string()), 300);
    if (r.exitCode != 0) failure = "blockMesh failed:\n" + r.output;
  }
  ok = failure.empty();
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  ASSERT_TRUE(ok) << failure;

  const mesh::PolyMesh global = mesh::readPolyMesh(dir / "constant/polyMesh");
  ASSERT_EQ(global.nCells(), 60);
  if (worldRank() == 0) {
    writeFields(dir, global);
    const auto r = test::runCommand(std::string(kOpenFoamEnv) + "postProcess -case " + test::shellQuote(dir.string()) +
                                        " -time 0 -fields '(T U)'",
                                    300);
    if (r.exitCode != 0) failure = "postProcess failed:\n" + r.output;
  }
  ok = failure.empty();
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  ASSERT_TRUE(ok) << failure;

  const test::DistributedCase d = test::distributeCase(global, test::Split::scattered);
  parallel::Communicator comm(MPI_COMM_WORLD);
  const SamplingMesh sm(d.local);
  std::vector<double> T, U, Tb, Ub;
  for (Label c = 0; c < sm.mesh().nCells(); ++c) {
    T.push_back(scalarField(sm.geometry().cellCentres[c]));
    const Vec3 v = vectorField(sm.geometry().cellCentres[c]);
    U.insert(U.end(), {v.x, v.y, v.z});
  }
  for (Label f = sm.mesh().nInternalFaces(); f < sm.mesh().nFaces(); ++f) {
    Tb.push_back(scalarField(sm.geometry().faceCentres[f]));
    const Vec3 v = vectorField(sm.geometry().faceCentres[f]);
    Ub.insert(Ub.end(), {v.x, v.y, v.z});
  }
  const SampledField fields[2] = {{1, T, Tb}, {3, U, Ub}};
  std::vector<Vec3> pts;
  for (int i = 0; i < kPoints; ++i) pts.push_back(kStart + (kEnd - kStart) * (static_cast<Scalar>(i) / (kPoints - 1)));

  std::vector<double> cellPointT;
  for (InterpolationScheme scheme : {InterpolationScheme::cellPoint, InterpolationScheme::cell}) {
    PointSampler sampler(sm, pts, scheme, comm);
    const auto ours = sampler.sample(fields);
    if (scheme == InterpolationScheme::cellPoint) cellPointT = ours[0];
    if (worldRank() != 0) continue;
    const fs::path out = dir / "postProcessing" / schemeName(scheme) / "0";
    const auto tRows = readRows(out / "l1_T.xy");
    const auto uRows = readRows(out / "l1_U.xy");
    ASSERT_EQ(tRows.size(), static_cast<std::size_t>(kPoints));
    ASSERT_EQ(uRows.size(), static_cast<std::size_t>(kPoints));
    double schemeDifference = 0;
    for (int i = 0; i < kPoints; ++i) {
      ASSERT_EQ(tRows[i].size(), 4u);
      ASSERT_EQ(uRows[i].size(), 6u);
      EXPECT_NEAR(tRows[i][0], pts[i].x, 1e-14);
      EXPECT_NEAR(tRows[i][1], pts[i].y, 1e-14);
      EXPECT_NEAR(tRows[i][2], pts[i].z, 1e-14);
      EXPECT_NEAR(ours[0][i], tRows[i][3], 1e-12) << schemeName(scheme) << " T at point " << i;
      for (int k = 0; k < 3; ++k)
        EXPECT_NEAR(ours[1][3 * i + k], uRows[i][3 + k], 1e-12) << schemeName(scheme) << " U at point " << i;
      schemeDifference = std::max(schemeDifference, std::abs(ours[0][i] - cellPointT[i]));
    }
    // The schemes differ clearly, so the comparison tells them apart.
    if (scheme == InterpolationScheme::cell) {
      EXPECT_GT(schemeDifference, 0.05);
    }
  }
}

}  // namespace
}  // namespace sluice::output
