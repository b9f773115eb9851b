// FunctionObjects at 1-4 ranks, from controlDict text to the files rank 0
// writes: sets (csv, raw and vtk, cellPoint, cellPointFace and cell, list
// and dictionary forms, uniform, cloud and face sets, axis distance/xyz/x/y)
// and probes, their write control, warnings for unsupported objects, points
// outside the mesh and missing fields, and a write failure reported on all
// ranks.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "output/mpi/mpi_output_support.hpp"
#include "output/mpi/sampled_fields.hpp"
#include "output/output_test_support.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/output/function_objects.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::output {
namespace {

namespace fs = std::filesystem;
using test::linear;
using test::commRank;

const char* const kControlDict = R"(
application simpleFoam;
functions
{
    line
    {
        type                sets;
        libs                (sampling);
        interpolationScheme cellPoint;
        setFormat           csv;
        writeControl        timeStep;
        writeInterval       2;
        fields              (p U T);
        sets
        (
            centre { type uniform; axis distance; start (0 0.5 0.5); end (1 0.5 0.5); nPoints 5; }
            diag   { type lineUniform; axis xyz; start (0.3 0.45 0.4); end (0.7 0.55 0.6); nPoints 3; }
        );
    }
    cells
    {
        type      sets;
        writeControl writeTime;
        fields    (id);
        sets { pts { type cloud; axis x; points ((0.1 0.1 0.1) (0.6 0.3 0.9) (1.5 0 0)); } }
    }
    avg { type fieldAverage; fields (U); }
    probes
    {
        type            probes;
        fields          (id V);
        probeLocations  ((0.125 0.125 0.125) (0.375 0.375 0.375) (0.875 0.875 0.875) (2 0 0));
    }
}
)";

/// The fields of the test on one rank's part of a 4x4x4 unit box: p and U
/// linear (cells at cell centres, boundaries at face centres), id = global
/// cell id, V = (id, 2 id, -id).
struct Fields {
  test::FieldData p;
  test::VectorData U;
  std::vector<double> id, V;
  explicit Fields(const SamplingMesh& sm, std::span<const GlobalLabel> ids)
      : p(test::evaluate(sm, linear)),
        U(test::evaluateVector(sm, [](const Vec3& x) { return Vec3{2 * x.x, 2 * x.y, 2 * x.z}; })) {
    for (Label c = 0; c < sm.mesh().nCells(); ++c) {
      const double g = static_cast<double>(ids[c]);
      id.push_back(g);
      V.insert(V.end(), {g, 2 * g, -g});
    }
  }
  FieldLookup lookup() const {
    return [this](const std::string& name) -> std::optional<SampledField> {
      if (name == "p") return p.view();
      if (name == "U") return U.view();
      if (name == "id") return SampledField{1, id, {}};
      if (name == "V") return SampledField{3, V, {}};
      return std::nullopt;
    };
  }
};

/// Collective: the 4x4x4 unit box of the tests split over the ranks, and the
/// fields on this rank's part.
struct Box {
  explicit Box(test::Split split)
      : d(test::distributeCase(test::boxMesh(4, 4, 4), split)), sm(d.local), fields(sm, d.local.globalCellIds) {}
  /// Collective: the function objects of the controlDict text `controlDict` on this box, writing under
  /// `caseDir`, starting at time 0; their warnings go to `warnings` (dropped if null).
  FunctionObjects functionObjects(const std::string& controlDict, const fs::path& caseDir,
                                  std::vector<std::string>* warnings = nullptr) const {
    return FunctionObjects(io::Dictionary::parse(controlDict, "system/controlDict"), caseDir, sm, comm, 0.0,
                           [warnings](const std::string& w) {
                             if (warnings) warnings->push_back(w);
                           });
  }

  test::DistributedCase d;
  parallel::Communicator comm{MPI_COMM_WORLD};
  SamplingMesh sm;
  Fields fields;
};

std::vector<std::vector<double>> csvRows(const std::string& text, char separator) {
  std::vector<std::vector<double>> rows;
  const auto lines = test::splitLines(text);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    std::string line = lines[i];
    std::replace(line.begin(), line.end(), separator, ' ');
    std::istringstream is(line);
    std::vector<double> row;
    for (double v; is >> v;) row.push_back(v);
    rows.push_back(row);
  }
  return rows;
}

TEST(FunctionObjectsMpi, SetsAndProbesWriteTheirFiles) {
  test::SharedTempDir tmp;
  const Box box(test::Split::scattered);
  std::vector<std::string> warnings;
  FunctionObjects functions = box.functionObjects(kControlDict, tmp.path(), &warnings);
  EXPECT_EQ(functions.names(), (std::vector<std::string>{"line", "cells", "probes"}));
  for (long i = 1; i <= 4; ++i)
    functions.execute({0.1 * static_cast<double>(i), 0.1, i, i == 3, ""}, box.fields.lookup());

  if (commRank() != 0) {
    EXPECT_TRUE(warnings.empty());
    return;
  }
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "system/controlDict: functions/avg: function object type 'fieldAverage' is not supported; "
                          "skipped",
                          "function object 'probes': probe 3 at (2 0 0) is outside the mesh; skipped",
                          "function object 'line': field 'T' not found; not sampled"}));

  // line: every second step, cellPoint reproduces the linear fields.
  const fs::path line = tmp.path() / "postProcessing/line";
  EXPECT_FALSE(fs::exists(line / "0.1"));
  EXPECT_FALSE(fs::exists(line / "0.3"));
  for (const char* time : {"0.2", "0.4"}) {
    // One file per field type, as OpenFOAM's sampledSets: centre_p.csv, centre_U.csv.
    EXPECT_FALSE(fs::exists(line / time / "centre_p_U.csv"));
    const std::string centreP = test::readTextFile(line / time / "centre_p.csv");
    const std::string centreU = test::readTextFile(line / time / "centre_U.csv");
    EXPECT_EQ(test::splitLines(centreP).at(0), "distance,p");
    EXPECT_EQ(test::splitLines(centreU).at(0), "distance,U_0,U_1,U_2");
    const auto prows = csvRows(centreP, ',');
    const auto urows = csvRows(centreU, ',');
    ASSERT_EQ(prows.size(), 5u);
    ASSERT_EQ(urows.size(), 5u);
    for (int i = 0; i < 5; ++i) {
      const Vec3 x{0.25 * i, 0.5, 0.5};
      ASSERT_EQ(prows[i].size(), 2u);
      ASSERT_EQ(urows[i].size(), 4u);
      EXPECT_EQ(prows[i][0], 0.25 * i);
      EXPECT_EQ(urows[i][0], 0.25 * i);
      EXPECT_NEAR(prows[i][1], linear(x), 1e-13);
      EXPECT_NEAR(urows[i][1], 2 * x.x, 1e-13);
      EXPECT_NEAR(urows[i][2], 2 * x.y, 1e-13);
      EXPECT_NEAR(urows[i][3], 2 * x.z, 1e-13);
    }
    const std::string diag = test::readTextFile(line / time / "diag_p.csv");
    EXPECT_EQ(test::splitLines(diag).at(0), "x,y,z,p");
    EXPECT_EQ(test::splitLines(test::readTextFile(line / time / "diag_U.csv")).at(0), "x,y,z,U_0,U_1,U_2");
    const auto drows = csvRows(diag, ',');
    ASSERT_EQ(drows.size(), 3u);
    EXPECT_EQ(drows[1][0], 0.5);
    EXPECT_EQ(drows[1][1], 0.5);
    EXPECT_EQ(drows[1][2], 0.5);
    EXPECT_NEAR(drows[1][3], linear({0.5, 0.5, 0.5}), 1e-13);
  }

  // cells: only at the write time (step 3), cell values, the point outside left out.
  EXPECT_EQ(test::readTextFile(tmp.path() / "postProcessing/cells/0.3/pts_id.xy"), "# x id\n0.1 0\n0.6 54\n");
  EXPECT_FALSE(fs::exists(tmp.path() / "postProcessing/cells/0.2"));

  // probes: every step, in the start time's folder, OpenFOAM's layout.
  EXPECT_EQ(test::readTextFile(tmp.path() / "postProcessing/probes/0/id"),
            "# Probe 0 (0.125 0.125 0.125)\n"
            "# Probe 1 (0.375 0.375 0.375)\n"
            "# Probe 2 (0.875 0.875 0.875)\n"
            "# Probe  0  1  2\n"
            "# Time\n"
            "0.1  0  21  63\n"
            "0.2  0  21  63\n"
            "0.3  0  21  63\n"
            "0.4  0  21  63\n");
  const auto vLines = test::splitLines(test::readTextFile(tmp.path() / "postProcessing/probes/0/V"));
  ASSERT_EQ(vLines.size(), 9u);
  EXPECT_EQ(vLines[8], "0.4  (0 0 0)  (21 42 -21)  (63 126 -63)");
}

TEST(FunctionObjectsMpi, FaceSetsWithCellPointFaceInVtkFormat) {
  // As OpenFOAM's damBreak tutorial samples its gauges.
  test::SharedTempDir tmp;
  const Box box(test::Split::scattered);
  std::vector<std::string> warnings;
  FunctionObjects functions = box.functionObjects(R"(
functions
{
    gauges
    {
        type                sets;
        libs                (sampling);
        writeControl        timeStep;
        writeInterval       1;
        setFormat           vtk;
        interpolationScheme cellPointFace;
        fields              (p U missing);
        sets
        (
            g1  { type face; axis y; start (0.1 0.3 0.4); end (0.9 0.6 0.58); nPoints 100; }
            off { type face; axis y; start (2 0 0); end (3 0 0); }
            pts { type cloud; axis xyz; points ((0.3 0.4 0.5) (5 5 5) (0.6 0.45 0.55)); }
        );
    }
}
)",
                                                  tmp.path(), &warnings);
  functions.execute({0.5, 0.5, 1, false, ""}, box.fields.lookup());
  if (commRank() != 0) return;
  EXPECT_EQ(warnings, (std::vector<std::string>{"function object 'gauges': set 'off' has no points inside the mesh",
                                                "function object 'gauges': field 'missing' not found; not sampled"}));

  // The crossings of g1 with the faces x = 1/4, 1/2, 3/4, z = 1/2, y = 1/2, and past the end x = 1 (t = 9/8).
  const Vec3 start{0.1, 0.3, 0.4}, end{0.9, 0.6, 0.58};
  std::vector<Vec3> expected;
  for (double t : {0.1875, 0.5, 0.1 / 0.18, 2.0 / 3, 0.8125, 1.125}) expected.push_back(start + t * (end - start));
  const fs::path gauges = tmp.path() / "postProcessing/gauges/0.5";
  const auto lines = test::splitLines(test::readTextFile(gauges / "g1_p.vtk"));
  const auto ulines = test::splitLines(test::readTextFile(gauges / "g1_U.vtk"));
  ASSERT_EQ(lines.size(), 15u);
  ASSERT_EQ(ulines.size(), 15u);
  for (const auto& l : {lines, ulines}) {
    EXPECT_EQ(l[0], "# vtk DataFile Version 2.0");
    EXPECT_EQ(l[1], "g1");
    EXPECT_EQ(l[2], "ASCII");
    EXPECT_EQ(l[3], "DATASET POLYDATA");
    EXPECT_EQ(l[4], "POINTS 6 double");
    EXPECT_EQ(l[11], "POINT_DATA 6");
    EXPECT_EQ(l[12], " FIELD attributes 1");
  }
  EXPECT_EQ(lines[13], "p 1 6 double");
  EXPECT_EQ(ulines[13], "U 3 6 double");
  std::istringstream p(lines[14]), u(ulines[14]);
  for (int i = 0; i < 6; ++i) {
    std::istringstream xyz(lines[5 + i]);
    Vec3 x;
    xyz >> x.x >> x.y >> x.z;
    EXPECT_NEAR(mag(x - expected[i]), 0.0, 1e-15) << i;
    EXPECT_EQ(lines[5 + i], ulines[5 + i]);
    double pv = 0;
    Vec3 uv;
    p >> pv;
    u >> uv.x >> uv.y >> uv.z;
    EXPECT_NEAR(pv, linear(expected[i]), 1e-13) << i;
    EXPECT_NEAR(mag(uv - 2.0 * expected[i]), 0.0, 1e-13) << i;
  }
  EXPECT_TRUE(p.eof() || (p >> std::ws).eof());

  EXPECT_EQ(test::readTextFile(gauges / "off_p.vtk"),
            "# vtk DataFile Version 2.0\noff\nASCII\nDATASET POLYDATA\nPOINTS 0 double\nPOINT_DATA 0\n"
            " FIELD attributes 1\np 1 0 double\n\n");
  EXPECT_EQ(test::readTextFile(gauges / "off_U.vtk"),
            "# vtk DataFile Version 2.0\noff\nASCII\nDATASET POLYDATA\nPOINTS 0 double\nPOINT_DATA 0\n"
            " FIELD attributes 1\nU 3 0 double\n\n");
  // The point outside the mesh is left out.
  const auto cloud = test::splitLines(test::readTextFile(gauges / "pts_p.vtk"));
  ASSERT_EQ(cloud.size(), 11u);
  EXPECT_EQ(cloud[4], "POINTS 2 double");
  EXPECT_EQ(cloud[5], "0.3 0.4 0.5");
  EXPECT_EQ(cloud[6], "0.6 0.45 0.55");
  std::istringstream cp(cloud[10]);
  double a = 0, b = 0;
  cp >> a >> b;
  EXPECT_NEAR(a, linear({0.3, 0.4, 0.5}), 1e-13);
  EXPECT_NEAR(b, linear({0.6, 0.45, 0.55}), 1e-13);
}

TEST(FunctionObjectsMpi, ExecuteAllIgnoresTheWriteControl) {
  test::SharedTempDir tmp;
  const Box box(test::Split::slabs);
  FunctionObjects functions = box.functionObjects(kControlDict, tmp.path());
  functions.executeAll({5.0, 0, 0, false, "5"}, box.fields.lookup());
  if (commRank() == 0) {
    EXPECT_TRUE(fs::exists(tmp.path() / "postProcessing/line/5/centre_p.csv"));
    EXPECT_TRUE(fs::exists(tmp.path() / "postProcessing/line/5/centre_U.csv"));
    EXPECT_EQ(test::readTextFile(tmp.path() / "postProcessing/cells/5/pts_id.xy"), "# x id\n0.1 0\n0.6 54\n");
    EXPECT_EQ(test::splitLines(test::readTextFile(tmp.path() / "postProcessing/probes/0/id")).back(), "5  0  21  63");
  }
}

TEST(FunctionObjectsMpi, AnUnwritableOutputFolderIsAnErrorOnAllRanks) {
  test::SharedTempDir tmp;
  if (commRank() == 0) std::ofstream(tmp.path() / "postProcessing") << "a file";
  MPI_Barrier(MPI_COMM_WORLD);
  const Box box(test::Split::slabs);
  FunctionObjects functions = box.functionObjects(kControlDict, tmp.path());
  try {
    functions.execute({0.2, 0.1, 2, false, ""}, box.fields.lookup());
    FAIL() << "expected an error";
  } catch (const parallel::CollectiveError& e) {
    EXPECT_EQ(std::string(e.what()),
              (tmp.path() / "postProcessing/line/0.2").string() + ": cannot create directory: Not a directory");
  }
}

TEST(FunctionObjectsMpi, MalformedObjectIsAnInputErrorOnEveryRank) {
  const Box box(test::Split::slabs);
  try {
    FunctionObjects functions =
        box.functionObjects("functions { p1 { type probes; fields (p); probeLocations ((0 0)); } }", "/nonexistent");
    FAIL() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "system/controlDict:1:63: 'probeLocations': expected a number, found ')'");
  }
}

}  // namespace
}  // namespace sluice::output
