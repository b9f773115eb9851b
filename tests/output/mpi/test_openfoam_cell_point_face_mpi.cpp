// cellPointFace and `face` sets against OpenFOAM's own `sets` function object
// (postProcess) at 1-4 ranks, values and positions to rounding:
//  - a graded 3D block mesh with non-linear scalar and vector fields and
//    fixedValue boundaries: a uniform line (points inside cells) and face
//    sets (a line through the box, a line from inside to inside with the
//    face past its end) with cellPointFace and cell;
//  - OpenFOAM's damBreak tutorial (2D, empty front and back) after blockMesh
//    and setFields, with its system/sampling unchanged (gauges: face sets,
//    cellPointFace, vtk) plus a face set and a uniform line across the water
//    column's corner, where alpha.water jumps from 1 to 0.
// Rank 0 runs OpenFOAM; skipped when OpenFOAM (or the tutorial) is not installed.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "output/mpi/mpi_output_support.hpp"
#include "output/output_test_support.hpp"
#include "sluice/mesh/mesh_geometry.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "sluice/output/face_set.hpp"
#include "sluice/output/point_sampler.hpp"
#include "sluice/parallel/communicator.hpp"
#include "support/temp_dir.hpp"

namespace sluice::output {
namespace {

namespace fs = std::filesystem;
using test::worldRank;

const char* const kOpenFoamEnv = "env WM_PROJECT_DIR=/usr/share/openfoam FOAM_ETC=/usr/share/openfoam/etc ";
const char* const kDamBreak =
    "/usr/share/doc/openfoam-examples/examples/multiphase/interFoam/laminar/damBreak/damBreak";

bool haveOpenFoam() {
  return fs::exists("/usr/bin/blockMesh") && fs::exists("/usr/bin/postProcess") &&
         fs::exists("/usr/share/openfoam/etc/controlDict");
}

/// Rank 0 runs `command` (OpenFOAM); every rank learns whether it worked.
bool runOnRoot(const std::string& command, std::string& failure) {
  if (worldRank() == 0 && failure.empty()) {
    const auto r = test::runCommand(std::string(kOpenFoamEnv) + command, 300);
    if (r.exitCode != 0) failure = command + " failed:\n" + r.output;
  }
  int ok = failure.empty();
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok != 0;
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

/// Points and the first field's values of a legacy VTK set file.
struct VtkSet {
  std::vector<Vec3> points;
  std::vector<double> values;
};

VtkSet readVtkSet(const fs::path& file) {
  std::istringstream is(test::readTextFile(file));
  VtkSet s;
  std::string word;
  while (is >> word && word != "POINTS") {
  }
  std::size_t n = 0;
  is >> n >> word;
  s.points.resize(n);
  for (Vec3& p : s.points) is >> p.x >> p.y >> p.z;
  while (is >> word && word != "attributes") {
  }
  int nFields = 0, components = 0;
  std::size_t count = 0;
  is >> nFields >> word >> components >> count >> word;
  s.values.resize(count * components);
  for (double& v : s.values) is >> v;
  return s;
}

const std::vector<std::pair<Vec3, Vec3>> kFaceLines = {{{-0.1, 0.07, 0.13}, {1.1, 0.69, 0.47}},
                                                  {{0.12, 0.75, 0.08}, {0.81, 0.1, 0.52}}};

double scalarField(const Vec3& p) { return std::sin(3 * p.x) + p.y * p.y + p.x * p.z + std::exp(p.z) * p.y; }
Vec3 vectorField(const Vec3& p) { return {p.x * p.y, p.z - p.x * p.x, std::cos(2 * p.y) + p.z * p.z * p.x}; }

void writeBlockCase(const fs::path& dir) {
  auto write = [&](const std::string& rel, const std::string& object, const std::string& body) {
    fs::create_directories((dir / rel).parent_path());
    std::ofstream(dir / rel) << fmt::format("FoamFile {{ version 2.0; format ascii; class dictionary; object {}; }}\n",
                                            object)
                             << body;
  };
  write("system/blockMeshDict", "blockMeshDict",
        "convertToMeters 1;\n"
        "vertices ((0 0 0) (1 0 0) (1 0.8 0) (0 0.8 0) (0 0 0.6) (1 0 0.6) (1 0.8 0.6) (0 0.8 0.6));\n"
        "blocks (hex (0 1 2 3 4 5 6 7) (7 5 4) simpleGrading (2 0.5 1.5));\n"
        "edges ();\n"
        "boundary (\n"
        "  left { type patch; faces ((0 4 7 3)); }\n"
        "  walls { type wall; faces ((1 2 6 5) (0 1 5 4) (3 7 6 2) (0 3 2 1) (4 5 6 7)); }\n"
        ");\n");
  std::string sets = "l0 { type uniform; axis xyz; start (0.03 0.05 0.02); end (0.97 0.77 0.58); nPoints 23; }\n";
  for (std::size_t i = 0; i < kFaceLines.size(); ++i) {
    const auto& [a, b] = kFaceLines[i];
    sets += fmt::format("f{} {{ type face; axis xyz; start ({} {} {}); end ({} {} {}); nPoints 10; }}\n", i + 1, a.x,
                        a.y, a.z, b.x, b.y, b.z);
  }
  std::string functions;
  for (const char* scheme : {"cellPointFace", "cell"})
    functions += fmt::format(
        "  {0} {{ type sets; libs (sampling); interpolationScheme {0}; setFormat raw; writeControl timeStep;\n"
        "    writeInterval 1; fields (T U);\n    sets ({1}); }}\n",
        scheme, sets);
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
void writeBlockFields(const fs::path& dir, const mesh::PolyMesh& m) {
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

/// A face set's points and faces as PointSampler takes them.
struct FaceSet {
  std::vector<Vec3> points;
  std::vector<SampleFace> faces;
};

FaceSet faceSet(const SamplingMesh& sm, const Vec3& start, const Vec3& end, const parallel::Communicator& comm) {
  FaceSet s;
  for (const FaceSetSample& x : faceSetSamples(sm, start, end, comm)) {
    s.points.push_back(x.point);
    s.faces.push_back({x.face, x.cell});
  }
  return s;
}

TEST(OpenFoamCellPointFaceMpi, BlockMeshSetsMatchOpenFoamsPostProcess) {
  int ok = worldRank() == 0 && haveOpenFoam();
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (!ok) GTEST_SKIP() << "OpenFOAM not installed";
  test::SharedTempDir tmp;
  const fs::path dir = tmp.path() / "case";
  std::string failure;
  if (worldRank() == 0) writeBlockCase(dir);
  ASSERT_TRUE(runOnRoot("blockMesh -case " + test::shellQuote(dir.string()), failure)) << failure;
  const mesh::PolyMesh global = mesh::readPolyMesh(dir / "constant/polyMesh");
  ASSERT_EQ(global.nCells(), 140);
  if (worldRank() == 0) writeBlockFields(dir, global);
  ASSERT_TRUE(runOnRoot("postProcess -case " + test::shellQuote(dir.string()) + " -time 0 -fields '(T U)'", failure))
      << failure;

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

  std::vector<std::pair<std::string, FaceSet>> sets;
  FaceSet line;
  for (int i = 0; i < 23; ++i)
    line.points.push_back(Vec3{0.03, 0.05, 0.02} + (Vec3{0.97, 0.77, 0.58} - Vec3{0.03, 0.05, 0.02}) * (i / 22.0));
  sets.emplace_back("l0", line);
  for (std::size_t i = 0; i < kFaceLines.size(); ++i)
    sets.emplace_back(fmt::format("f{}", i + 1), faceSet(sm, kFaceLines[i].first, kFaceLines[i].second, comm));

  for (InterpolationScheme scheme : {InterpolationScheme::cellPointFace, InterpolationScheme::cell}) {
    for (const auto& [name, set] : sets) {
      PointSampler sampler(sm, set.points, set.faces, scheme, comm);
      const auto ours = sampler.sample(fields);
      if (worldRank() != 0) continue;
      const fs::path out = dir / "postProcessing" / schemeName(scheme) / "0";
      const auto tRows = readRows(out / (name + "_T.xy"));
      const auto uRows = readRows(out / (name + "_U.xy"));
      ASSERT_EQ(tRows.size(), set.points.size()) << name;
      ASSERT_EQ(uRows.size(), set.points.size()) << name;
      if (name != "l0") {
        EXPECT_GE(tRows.size(), 8u) << name;
      }
      for (std::size_t i = 0; i < set.points.size(); ++i) {
        ASSERT_EQ(tRows[i].size(), 4u);
        ASSERT_EQ(uRows[i].size(), 6u);
        for (int k = 0; k < 3; ++k) EXPECT_NEAR(tRows[i][k], set.points[i][k], 1e-14) << name << " point " << i;
        EXPECT_NEAR(ours[0][i], tRows[i][3], 1e-12) << schemeName(scheme) << " " << name << " T at point " << i;
        for (int k = 0; k < 3; ++k)
          EXPECT_NEAR(ours[1][3 * i + k], uRows[i][3 + k], 1e-12)
              << schemeName(scheme) << " " << name << " U at point " << i;
      }
    }
  }
}

/// The internal field of an OpenFOAM volScalarField file written by setFields (nonuniform List<scalar>).
std::vector<double> readInternalField(const fs::path& file) {
  const std::string text = test::readTextFile(file);
  std::istringstream is(text.substr(text.find('(', text.find("internalField")) + 1));
  std::vector<double> v;
  for (double x; is >> x;) v.push_back(x);
  return v;
}

TEST(OpenFoamCellPointFaceMpi, DamBreakGaugesMatchOpenFoamsPostProcess) {
  int ok = worldRank() == 0 && haveOpenFoam() && fs::exists(fs::path(kDamBreak) / "system/sampling");
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (!ok) GTEST_SKIP() << "OpenFOAM or its damBreak tutorial not installed";
  test::SharedTempDir tmp;
  const fs::path dir = tmp.path() / "damBreak";
  const Vec3 start{0.05, 0.25, 0.005}, end{0.25, 0.35, 0.005};  // across the top of the water column
  if (worldRank() == 0) {
    fs::copy(kDamBreak, dir, fs::copy_options::recursive);
    fs::copy_file(dir / "0/alpha.water.orig", dir / "0/alpha.water", fs::copy_options::overwrite_existing);
    // Full precision, and two more sets in a raw-format object next to the tutorial's.
    std::string control = test::readTextFile(dir / "system/controlDict");
    control.replace(control.find("writePrecision"), control.find(';', control.find("writePrecision")) -
                                                        control.find("writePrecision"),
                    "writePrecision 17");
    std::ofstream(dir / "system/controlDict") << control;
    std::string sampling = test::readTextFile(dir / "system/sampling");
    const std::size_t functions = sampling.find('{', sampling.find("functions")) + 1;
    sampling.insert(functions, fmt::format(R"(
    extraSets
    {{
        type sets; libs (sampling); writeControl timeStep; writeInterval 1; setFormat raw;
        interpolationScheme cellPointFace; fields (alpha.water);
        sets
        (
            across {{ type face; axis xyz; start ({0} {1} {2}); end ({3} {4} {5}); }}
            line {{ type uniform; axis xyz; start ({0} {1} {2}); end ({3} {4} {5}); nPoints 41; }}
        );
    }}
)",
                                           start.x, start.y, start.z, end.x, end.y, end.z));
    std::ofstream(dir / "system/sampling") << sampling;
  }
  std::string failure;
  const std::string caseArg = " -case " + test::shellQuote(dir.string());
  ASSERT_TRUE(runOnRoot("blockMesh" + caseArg, failure)) << failure;
  ASSERT_TRUE(runOnRoot("setFields" + caseArg, failure)) << failure;
  ASSERT_TRUE(runOnRoot("postProcess" + caseArg + " -time 0 -fields '(alpha.water)'", failure)) << failure;

  const mesh::PolyMesh global = mesh::readPolyMesh(dir / "constant/polyMesh");
  ASSERT_EQ(global.nCells(), 2268);
  const std::vector<double> alphaGlobal = readInternalField(dir / "0/alpha.water");
  ASSERT_EQ(alphaGlobal.size(), 2268u);
  const test::DistributedCase d = test::distributeCase(global, test::Split::scattered);
  parallel::Communicator comm(MPI_COMM_WORLD);
  const SamplingMesh sm(d.local);
  // Walls zeroGradient (the cell value), atmosphere 0 (its value entry), empty faces unused.
  std::vector<double> alpha, alphaBoundary;
  for (Label c = 0; c < sm.mesh().nCells(); ++c) alpha.push_back(alphaGlobal[d.local.globalCellIds[c]]);
  for (Label f = sm.mesh().nInternalFaces(); f < sm.mesh().nFaces(); ++f)
    alphaBoundary.push_back(sm.mesh().patches()[sm.patchOf(f)].name == "atmosphere" ? 0.0
                                                                                     : alpha[sm.mesh().owner()[f]]);
  const SampledField field{1, alpha, alphaBoundary};

  // The tutorial's gauges (vtk: OpenFOAM writes the points as floats).
  const fs::path out = dir / "postProcessing";
  using Gauge = std::tuple<std::string, Vec3, Vec3>;
  for (const auto& [name, a, b] : {Gauge{"gauge_1", {0.02, 0.2, 0.005}, {0.02, 0.25, 0.005}},
                                   Gauge{"gauge_2", {0.2, 0.03, 0.005}, {0.2, 0.55, 0.005}}}) {
    const FaceSet set = faceSet(sm, a, b, comm);
    PointSampler sampler(sm, set.points, set.faces, InterpolationScheme::cellPointFace, comm);
    const auto ours = sampler.sample(std::span(&field, 1));
    if (worldRank() != 0) continue;
    const VtkSet of = readVtkSet(out / "sampleSets/0" / (name + "_alpha.water.vtk"));
    ASSERT_EQ(of.points.size(), set.points.size()) << name;
    ASSERT_EQ(of.values.size(), set.points.size()) << name;
    for (std::size_t i = 0; i < set.points.size(); ++i) {
      EXPECT_NEAR(mag(of.points[i] - set.points[i]), 0.0, 1e-7) << name << " point " << i;
      EXPECT_NEAR(ours[0][i], of.values[i], 1e-12) << name << " point " << i;
    }
  }
  // Across the water column's top: face crossings and a uniform line.
  const FaceSet across = faceSet(sm, start, end, comm);
  FaceSet line;
  for (int i = 0; i < 41; ++i) line.points.push_back(start + (end - start) * (i / 40.0));
  for (const auto& [name, set] : {std::pair<std::string, const FaceSet&>{"across", across}, {"line", line}}) {
    PointSampler sampler(sm, set.points, set.faces, InterpolationScheme::cellPointFace, comm);
    const auto ours = sampler.sample(std::span(&field, 1));
    if (worldRank() != 0) continue;
    const auto rows = readRows(out / "extraSets/0" / (name + "_alpha.water.xy"));
    ASSERT_EQ(rows.size(), set.points.size()) << name;
    int between = 0;  // values strictly between 0 and 1: the interpolation near the interface matters
    for (std::size_t i = 0; i < rows.size(); ++i) {
      ASSERT_EQ(rows[i].size(), 4u);
      for (int k = 0; k < 3; ++k) EXPECT_NEAR(rows[i][k], set.points[i][k], 1e-14) << name << " point " << i;
      EXPECT_NEAR(ours[0][i], rows[i][3], 1e-12) << name << " point " << i;
      between += rows[i][3] > 1e-6 && rows[i][3] < 1 - 1e-6;
    }
    EXPECT_GE(between, 2) << name;
  }
}

}  // namespace
}  // namespace sluice::output
