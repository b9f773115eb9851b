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
#include "output/mpi/openfoam_sampling_case.hpp"
#include "output/mpi/sampled_fields.hpp"
#include "output/output_test_support.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "sluice/output/face_set.hpp"
#include "sluice/output/point_sampler.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {
namespace {

namespace fs = std::filesystem;
using test::readRows;
using test::runOnRoot;
using test::commRank;

const char* const kDamBreak =
    "/usr/share/doc/openfoam-examples/examples/multiphase/interFoam/laminar/damBreak/damBreak";

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

/// The sets of the block mesh case: a uniform line and the face sets of kFaceLines.
std::string blockCaseSets() {
  std::string sets = "l0 { type uniform; axis xyz; start (0.03 0.05 0.02); end (0.97 0.77 0.58); nPoints 23; }\n";
  for (std::size_t i = 0; i < kFaceLines.size(); ++i) {
    const auto& [a, b] = kFaceLines[i];
    sets += fmt::format("f{} {{ type face; axis xyz; start ({} {} {}); end ({} {} {}); nPoints 10; }}\n", i + 1, a.x,
                        a.y, a.z, b.x, b.y, b.z);
  }
  return sets;
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
  if (!test::openFoamOnRoot()) GTEST_SKIP() << "OpenFOAM not installed";
  test::SharedTempDir tmp;
  const fs::path dir = tmp.path() / "case";
  const test::BlockCase blockCase{"7 5 4", {"cellPointFace", "cell"}, blockCaseSets(), scalarField, vectorField};
  mesh::PolyMesh global;
  std::string failure;
  ASSERT_TRUE(test::runBlockCase(dir, blockCase, global, failure)) << failure;
  ASSERT_EQ(global.nCells(), 140);

  const test::DistributedCase d = test::distributeCase(global, test::Split::scattered);
  parallel::Communicator comm(MPI_COMM_WORLD);
  const SamplingMesh sm(d.local);
  const test::FieldData T = test::evaluate(sm, scalarField);
  const test::VectorData U = test::evaluateVector(sm, vectorField);
  const SampledField fields[2] = {T.view(), U.view()};

  std::vector<std::pair<std::string, FaceSet>> sets;
  sets.emplace_back("l0", FaceSet{test::line({0.03, 0.05, 0.02}, {0.97, 0.77, 0.58}, 23), {}});
  for (std::size_t i = 0; i < kFaceLines.size(); ++i)
    sets.emplace_back(fmt::format("f{}", i + 1), faceSet(sm, kFaceLines[i].first, kFaceLines[i].second, comm));

  for (InterpolationScheme scheme : {InterpolationScheme::cellPointFace, InterpolationScheme::cell}) {
    for (const auto& [name, set] : sets) {
      PointSampler sampler(sm, set.points, set.faces, scheme, comm);
      const auto ours = sampler.sample(fields);
      if (commRank() != 0) continue;
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
  if (!test::openFoamOnRoot(fs::path(kDamBreak) / "system/sampling"))
    GTEST_SKIP() << "OpenFOAM or its damBreak tutorial not installed";
  test::SharedTempDir tmp;
  const fs::path dir = tmp.path() / "damBreak";
  const Vec3 start{0.05, 0.25, 0.005}, end{0.25, 0.35, 0.005};  // across the top of the water column
  if (commRank() == 0) {
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
    if (commRank() != 0) continue;
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
  const FaceSet line{test::line(start, end, 41), {}};
  for (const auto& [name, set] : {std::pair<std::string, const FaceSet&>{"across", across}, {"line", line}}) {
    PointSampler sampler(sm, set.points, set.faces, InterpolationScheme::cellPointFace, comm);
    const auto ours = sampler.sample(std::span(&field, 1));
    if (commRank() != 0) continue;
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
