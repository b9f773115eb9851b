// VtkMeshArrays: a piece whose points and cell arrays are streamed from the
// mesh in chunks is byte for byte the piece written from vtkCells' whole
// arrays (index arrays as Int32), for hexahedra with polyhedra (enough cells
// for several chunks and several ranges of cells), tetrahedra with pyramids, and wedges; a source that
// makes a different byte count than it declared is an error.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "output/output_test_support.hpp"
#include "support/box_mesh.hpp"
#include "support/temp_dir.hpp"
#include "sluice/core/error.hpp"
#include "sluice/output/vtk_cells.hpp"
#include "sluice/output/vtk_mesh_arrays.hpp"
#include "sluice/output/vtk_xml.hpp"

namespace sluice::output {
namespace {

std::string readBytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The piece as written before the arrays were streamed: whole arrays from vtkCells.
VtuPiece wholePiece(const mesh::PolyMesh& m) {
  VtkCells cells = vtkCells(m);
  VtuPiece piece;
  piece.nPoints = m.nPoints();
  piece.nCells = m.nCells();
  piece.points = std::make_shared<const VtkArray>(vtkArray("Points", std::span<const Vec3>(m.points())));
  const auto index = [](const char* name, const std::vector<std::int64_t>& v) {
    return std::make_shared<const VtkArray>(vtkInt32Array(name, v));
  };
  piece.cells = {index("connectivity", cells.connectivity), index("offsets", cells.offsets),
                 std::make_shared<const VtkArray>(vtkArray("types", std::span<const std::uint8_t>(cells.types)))};
  if (cells.hasPolyhedra()) {
    piece.cells.push_back(index("faces", cells.faces));
    piece.cells.push_back(index("faceoffsets", cells.faceOffsets));
  }
  return piece;
}

VtuPiece streamedPiece(const mesh::PolyMesh& m, const VtkMeshArrays& arrays) {
  VtuPiece piece;
  piece.nPoints = m.nPoints();
  piece.nCells = m.nCells();
  piece.points = arrays.points();
  piece.cells = arrays.cells();
  return piece;
}

void expectSameBytes(const mesh::PolyMesh& m, const std::string& what) {
  test::TempDir dir("vtk-mesh-arrays");
  const VtkMeshArrays arrays(m);
  EXPECT_TRUE(arrays.narrow());
  writeVtu(dir.path() / "whole.vtu", wholePiece(m));
  writeVtu(dir.path() / "streamed.vtu", streamedPiece(m, arrays));
  const std::string whole = readBytes(dir.path() / "whole.vtu");
  EXPECT_GT(whole.size(), 0u);
  EXPECT_TRUE(whole == readBytes(dir.path() / "streamed.vtu")) << what;
  // A second write from the same arrays is the same again.
  writeVtu(dir.path() / "again.vtu", streamedPiece(m, arrays));
  EXPECT_TRUE(whole == readBytes(dir.path() / "again.vtu")) << what;
}

TEST(VtkMeshArrays, HexahedraAndPolyhedraInSeveralChunksAreTheWholeArraysBytes) {
  // 100 x 60 columns: 9000 cells, a third of them polyhedra; connectivity and
  // faces span several 8192-value chunks, and the cells' face lists are made
  // in three ranges of cells (4096 per range at this size).
  const mesh::PolyMesh m = test::refinedColumnsBox(100, 60, 2.0, 1.0, 0.5);
  ASSERT_GT(m.nCells(), 2 * 4096);
  const VtkCells cells = vtkCells(m);
  ASSERT_TRUE(cells.hasPolyhedra());
  ASSERT_GT(cells.connectivity.size(), 3u * 8192u);
  ASSERT_GT(cells.faces.size(), 3u * 8192u);
  expectSameBytes(m, "refinedColumnsBox");
}

TEST(VtkMeshArrays, TetrahedraPyramidsAndWedgesAreTheWholeArraysBytes) {
  expectSameBytes(test::splitCube({true, false, true, false, true, false}), "splitCube");
  expectSameBytes(test::prismBox(30, 20, 3), "prismBox");
  expectSameBytes(test::boxMesh(3, 2, 2), "boxMesh");
}

TEST(VtkMeshArrays, TypesAreVtkCellsTypes) {
  const mesh::PolyMesh m = test::refinedColumnsBox(4, 2, 2.0, 1.0, 0.5);
  const VtkMeshArrays arrays(m);
  const auto cellArrays = arrays.cells();
  ASSERT_EQ(cellArrays.size(), 5u);
  EXPECT_EQ(cellArrays[2]->name, "types");
  EXPECT_EQ(cellArrays[2]->bytes, vtkCells(m).types);
  for (const auto& a : cellArrays) EXPECT_EQ(a->type == VtkType::Int32, a->name != "types") << a->name;
}

TEST(VtkMeshArrays, ASourceMakingAnotherByteCountIsAnError) {
  test::TempDir dir("vtk-mesh-arrays-count");
  const mesh::PolyMesh m = test::boxMesh(1, 1, 1);
  VtuPiece piece = streamedPiece(m, VtkMeshArrays(m));
  const std::vector<std::int32_t> two{1, 2};
  piece.cellData.push_back(std::make_shared<const VtkArray>(
      streamedVtkArray("short", VtkType::Int32, 1, 3,
                       [&two](const VtkByteSink& out) { out(asBytes(std::span<const std::int32_t>(two))); })));
  EXPECT_THROW(writeVtu(dir.path() / "bad.vtu", piece), Error);
}

}  // namespace
}  // namespace sluice::output
