// Binary polyMesh files written by hand (header + raw bytes), for every
// label/scalar width combination, and faces as faceCompactList or faceList.
#include <cstdint>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "binary_polymesh_writer.hpp"
#include "polymesh_io_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "support/temp_dir.hpp"

namespace sluice::mesh {
namespace {

namespace fs = std::filesystem;
using test_support::appendRaw;
using test_support::BinaryLayout;
using test_support::writeBinaryPolyMesh;
using test_support::foamHeader;
using test_support::hexMesh;
using test::TempDir;
using test::writeText;

/// The mesh with points rounded to float, as a scalar=32 file stores them.
PolyMesh withFloatPoints(const PolyMesh& m) {
  std::vector<Vec3> pts = m.points();
  for (Vec3& p : pts)
    for (int d = 0; d < 3; ++d) p[d] = static_cast<double>(static_cast<float>(p[d]));
  return PolyMesh(pts, m.faces(), m.owner(), m.neighbour(), m.patches(), m.name());
}

class PolyMeshIoBinary : public ::testing::TestWithParam<BinaryLayout> {};

TEST_P(PolyMeshIoBinary, ReadsHandWrittenBinaryFilesExactly) {
  TempDir dir("polyio_bin");
  const BinaryLayout b = GetParam();
  const PolyMesh mesh = hexMesh(3, 2, 2, /*cyclicY=*/true);
  const fs::path polyMesh = dir.path() / "constant" / "polyMesh";
  writeBinaryPolyMesh(mesh, polyMesh, b);
  const PolyMesh back = readPolyMesh(polyMesh);
  test_support::expectSameMesh(b.scalarBits == 64 ? mesh : withFloatPoints(mesh), back);
  if (b.scalarBits == 32) {
    EXPECT_NE(back.points()[1].x, mesh.points()[1].x);  // really went through float
  }
}

INSTANTIATE_TEST_SUITE_P(Widths, PolyMeshIoBinary,
                         ::testing::Values(BinaryLayout{32, 64, true}, BinaryLayout{64, 64, true},
                                           BinaryLayout{32, 32, true}, BinaryLayout{64, 32, true},
                                           BinaryLayout{32, 64, false}, BinaryLayout{64, 32, false}),
                         [](const auto& info) {
                           return fmt::format("label{}_scalar{}_{}", info.param.labelBits, info.param.scalarBits,
                                              info.param.compactFaces ? "faceCompactList" : "faceList");
                         });

TEST(PolyMeshIoBinaryFormat, EmptyBinaryNeighbourListIsABareZero) {
  // OpenFOAM writes an empty binary list as "0" without parentheses.
  TempDir dir("polyio_bin");
  const PolyMesh mesh = hexMesh(1, 1, 1);
  const fs::path polyMesh = dir.path() / "constant" / "polyMesh";
  writeBinaryPolyMesh(mesh, polyMesh, BinaryLayout{});
  writeText(polyMesh / "neighbour", foamHeader("binary", "labelList", "neighbour") + "0\n\n// *** //\n");
  const PolyMesh back = readPolyMesh(polyMesh);
  test_support::expectSameMesh(mesh, back);
  EXPECT_EQ(back.nInternalFaces(), 0);
}

TEST(PolyMeshIoBinaryFormat, MissingArchMeansLabel32Scalar64) {
  TempDir dir("polyio_bin");
  const PolyMesh mesh = hexMesh(2, 1, 1);
  const fs::path polyMesh = dir.path() / "constant" / "polyMesh";
  writeBinaryPolyMesh(mesh, polyMesh, BinaryLayout{});
  std::string points = foamHeader("binary", "vectorField", "points", "");
  points += fmt::format("{}\n(", mesh.nPoints());
  for (const Vec3& p : mesh.points()) {
    appendRaw(points, p.x);
    appendRaw(points, p.y);
    appendRaw(points, p.z);
  }
  writeText(polyMesh / "points", points + ")");
  test_support::expectSameMesh(mesh, readPolyMesh(polyMesh));
}

TEST(PolyMeshIoBinaryFormat, AsciiFaceCompactList) {
  TempDir dir("polyio_bin");
  const PolyMesh mesh = hexMesh(2, 2, 1);
  const fs::path polyMesh = dir.path() / "constant" / "polyMesh";
  writePolyMesh(mesh, polyMesh);
  std::string faces = foamHeader("ascii", "faceCompactList", "faces", "");
  faces += fmt::format("{}\n(\n{}\n)\n\n", mesh.faces().offsets().size(), fmt::join(mesh.faces().offsets(), "\n"));
  faces += fmt::format("{}\n({})\n", mesh.faces().vertices().size(), fmt::join(mesh.faces().vertices(), " "));
  writeText(polyMesh / "faces", faces);
  test_support::expectSameMesh(mesh, readPolyMesh(polyMesh));
}

}  // namespace
}  // namespace sluice::mesh
