// VTK XML files: a .vtu piece read back byte for byte, accepted by
// scripts/check_vtk.py, which also rejects damaged files and blocks ParaView
// cannot probe; .vtm/.pvd text;
// write errors name the file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "output/output_test_support.hpp"
#include "parallel/cell_measures.hpp"
#include "support/box_mesh.hpp"
#include "support/temp_dir.hpp"
#include "sluice/core/error.hpp"
#include "sluice/output/vtk_cells.hpp"
#include "sluice/output/vtk_xml.hpp"
#include "support/run_command.hpp"

namespace sluice::output {
namespace {

template <class T>
std::shared_ptr<const VtkArray> shared(std::string name, const std::vector<T>& v) {
  return std::make_shared<const VtkArray>(vtkArray(std::move(name), std::span<const T>(v)));
}

/// A piece of a box mesh with p = 10 + cell, U = (cell, 0, -cell), cellId = 100 + cell.
VtuPiece boxPiece(const mesh::PolyMesh& m) {
  const VtkCells cells = vtkCells(m);
  VtuPiece piece;
  piece.nPoints = m.nPoints();
  piece.nCells = m.nCells();
  piece.points = shared("Points", m.points());
  piece.cells = {shared("connectivity", cells.connectivity), shared("offsets", cells.offsets),
                 shared("types", cells.types)};
  std::vector<double> p;
  std::vector<Vec3> U;
  std::vector<std::int64_t> ids;
  for (Label c = 0; c < m.nCells(); ++c) {
    p.push_back(10.0 + c);
    U.push_back({Scalar(c), 0, -Scalar(c)});
    ids.push_back(100 + c);
  }
  piece.cellData = {shared("p", p), shared("U", U), shared("cellId", ids)};
  piece.comment = "time='0.5'";
  return piece;
}

TEST(VtkXml, PieceReadsBackAndPassesTheChecker) {
  test::TempDir tmp;
  const mesh::PolyMesh m = test::boxMesh(2, 2, 1);
  const VtuPiece piece = boxPiece(m);
  const auto file = tmp.path() / "piece.vtu";
  writeVtu(file, piece);

  const test::VtuData d = test::readVtu(file);
  EXPECT_EQ(d.nPoints, 18);
  EXPECT_EQ(d.nCells, 4);
  EXPECT_EQ(d.at("Points").as<double>().size(), 54u);
  EXPECT_EQ(d.at("Points").components, 3);
  EXPECT_EQ(d.at("p").as<double>(), (std::vector<double>{10, 11, 12, 13}));
  EXPECT_EQ(d.at("U").as<double>(), (std::vector<double>{0, 0, 0, 1, 0, -1, 2, 0, -2, 3, 0, -3}));
  EXPECT_EQ(d.at("U").components, 3);
  EXPECT_EQ(d.at("cellId").type, "Int64");
  EXPECT_EQ(d.at("cellId").as<std::int64_t>(), (std::vector<std::int64_t>{100, 101, 102, 103}));
  EXPECT_EQ(d.at("types").as<std::uint8_t>(), (std::vector<std::uint8_t>(4, vtkHexahedron)));
  EXPECT_EQ(d.at("offsets").as<std::int64_t>(), (std::vector<std::int64_t>{8, 16, 24, 32}));

  const std::string text = test::readTextFile(file);
  EXPECT_EQ(text.rfind("<?xml version=\"1.0\"?>\n<!-- time='0.5' -->\n<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" "
                       "byte_order=\"LittleEndian\" header_type=\"UInt64\">\n",
                       0),
            0u);
  EXPECT_NE(text.find("<DataArray type=\"Float64\" Name=\"U\" NumberOfComponents=\"3\" format=\"appended\""),
            std::string::npos);

  const test::CommandResult r = test::checkVtk(test::shellQuote(file.string()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output, "ok: 0 .pvd, 0 .vtm, 0 .pvtu, 1 .vtu files\n");

  const test::CommandResult dump = test::checkVtk("--dump cellId " + test::shellQuote(file.string()));
  EXPECT_EQ(dump.output, file.string() + ": 100 101 102 103\nok: 0 .pvd, 0 .vtm, 0 .pvtu, 1 .vtu files\n");
}

TEST(VtkXml, PolyhedraPassTheChecker) {
  test::TempDir tmp;
  const mesh::PolyMesh m = test::refinedColumnsBox(3, 2);
  const VtkCells cells = vtkCells(m);
  VtuPiece piece;
  piece.nPoints = m.nPoints();
  piece.nCells = m.nCells();
  piece.points = shared("Points", m.points());
  piece.cells = {shared("connectivity", cells.connectivity), shared("offsets", cells.offsets),
                 shared("types", cells.types), shared("faces", cells.faces), shared("faceoffsets", cells.faceOffsets)};
  ASSERT_TRUE(cells.hasPolyhedra());
  writeVtu(tmp.path() / "poly.vtu", piece);
  const test::CommandResult r = test::checkVtk(test::shellQuote((tmp.path() / "poly.vtu").string()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
}

TEST(VtkXml, CheckerRejectsLinearCellsInTheWrongVertexOrder) {
  // A wedge, a pyramid and a tetrahedron in VTK order pass; each one with its
  // first face reversed (a mirrored cell) is a non-positive volume.
  test::TempDir tmp;
  const std::vector<Vec3> points{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {0, 1, 1}, {1, 0, 1}, {1, 1, 0}};
  struct Cell {
    std::uint8_t type;
    std::vector<std::int64_t> good, mirrored;
    const char* name;
  };
  const std::vector<Cell> cases{{vtkWedge, {0, 1, 2, 3, 4, 5}, {0, 2, 1, 3, 5, 4}, "wedge"},
                                {vtkPyramid, {0, 2, 6, 1, 3}, {0, 1, 6, 2, 3}, "pyramid"},
                                {vtkTetra, {0, 2, 1, 3}, {0, 1, 2, 3}, "tetrahedron"}};
  for (const Cell& c : cases)
    for (const bool mirrored : {false, true}) {
      VtuPiece piece;
      piece.nPoints = static_cast<std::int64_t>(points.size());
      piece.nCells = 1;
      const std::vector<std::int64_t>& ids = mirrored ? c.mirrored : c.good;
      piece.points = shared("Points", points);
      piece.cells = {shared("connectivity", ids), shared("offsets", std::vector<std::int64_t>{std::int64_t(ids.size())}),
                     shared("types", std::vector<std::uint8_t>{c.type})};
      const auto file = tmp.path() / "cell.vtu";
      writeVtu(file, piece);
      const test::CommandResult r = test::checkVtk(test::shellQuote(file.string()));
      if (!mirrored) {
        EXPECT_EQ(r.exitCode, 0) << c.name << ": " << r.output;
      } else {
        EXPECT_EQ(r.exitCode, 1) << c.name;
        EXPECT_NE(r.output.find(std::string("cell 0: ") + c.name + " with non-positive volume"), std::string::npos)
            << r.output;
      }
    }
}

TEST(VtkXml, EmptyPiecePassesTheChecker) {
  // A rank without boundary faces writes a piece with no points and no cells.
  test::TempDir tmp;
  VtuPiece piece;
  piece.points = shared("Points", std::vector<Vec3>{});
  piece.cells = {shared("connectivity", std::vector<std::int64_t>{}), shared("offsets", std::vector<std::int64_t>{}),
                 shared("types", std::vector<std::uint8_t>{})};
  piece.cellData = {shared("patchId", std::vector<std::int32_t>{}), shared("p", std::vector<double>{})};
  writeVtu(tmp.path() / "empty.vtu", piece);
  const test::CommandResult r = test::checkVtk(test::shellQuote((tmp.path() / "empty.vtu").string()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(test::readVtu(tmp.path() / "empty.vtu").at("p").bytes.size(), 0u);
}

/// Writes the box piece, lets `damage` change the bytes, and returns the checker's verdict.
test::CommandResult checkDamaged(const std::function<void(std::string&)>& damage) {
  test::TempDir tmp;
  const auto file = tmp.path() / "piece.vtu";
  writeVtu(file, boxPiece(test::boxMesh(2, 2, 1)));
  std::string bytes = test::readTextFile(file);
  damage(bytes);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
  test::CommandResult r = test::checkVtk(test::shellQuote(file.string()));
  const std::string prefix = "check_vtk: " + file.string() + ": ";
  if (r.output.rfind(prefix, 0) == 0) r.output = r.output.substr(prefix.size());
  return r;
}

TEST(VtkXml, CheckerChecksTheBlocksOfEachTime) {
  // Every time of a .pvd lists the same named blocks, in each .vtm the pieces
  // of a block have the same arrays, and with --same-arrays every block has
  // the same cell arrays (ParaView 5.11's Plot Over Line after Cell Data to
  // Point Data crashes otherwise).
  test::TempDir tmp;
  writeVtu(tmp.path() / "a.vtu", boxPiece(test::boxMesh(1, 1, 1)));
  writeVtu(tmp.path() / "b.vtu", boxPiece(test::boxMesh(2, 1, 1)));
  VtuPiece extra = boxPiece(test::boxMesh(1, 1, 1));
  extra.cellData.push_back(shared("q", std::vector<double>{1.0}));
  writeVtu(tmp.path() / "extra.vtu", extra);
  const auto pvd = tmp.path() / "case.pvd";
  auto check = [&](const std::vector<VtmBlock>& first, const std::vector<VtmBlock>& second) {
    writeVtm(tmp.path() / "t0.vtm", "", first);
    writeVtm(tmp.path() / "t1.vtm", "", second);
    writePvd(pvd, {{0, "t0.vtm"}, {1, "t1.vtm"}});
    test::CommandResult r = test::checkVtk("--blocks --same-arrays " + test::shellQuote(pvd.string()));
    if (r.exitCode != 0)  // the first problem only, without the blocks listed before it
      while (r.output.rfind("block ", 0) == 0) r.output.erase(0, r.output.find('\n') + 1);
    for (const char* file : {"t0.vtm", "t1.vtm", "case.pvd"}) {
      const std::string prefix = "check_vtk: " + (tmp.path() / file).string() + ": ";
      if (r.output.rfind(prefix, 0) == 0) r.output = file + (": " + r.output.substr(prefix.size()));
    }
    return r;
  };
  const std::vector<VtmBlock> good{{"internal", {"a.vtu", "b.vtu"}}, {"inlet", {"b.vtu"}}, {"walls", {"a.vtu"}}};
  test::CommandResult r = check(good, good);
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(r.output, "block 0 internal t0.vtm\nblock 1 inlet t0.vtm\nblock 2 walls t0.vtm\n"
                      "ok: 1 .pvd, 2 .vtm, 0 .pvtu, 2 .vtu files\n");

  r = check(good, {{"internal", {"a.vtu"}}, {"walls", {"a.vtu"}}, {"walls", {"b.vtu"}}});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "t1.vtm: the block name 'walls' twice\n");

  r = check(good, {{"internal", {"a.vtu"}}, {"inlet", {"b.vtu"}}});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, testing::StartsWith("case.pvd: time 1.0 lists the blocks")) << r.output;

  r = check(good, {{"internal", {"a.vtu"}}, {"inlet", {"extra.vtu"}}});
  EXPECT_EQ(r.exitCode, 1);
  // (Without --same-arrays, blocks may differ: this passes.)
  EXPECT_EQ(test::checkVtk(test::shellQuote((tmp.path() / "t1.vtm").string())).exitCode, 0);
  EXPECT_EQ(r.output, "t1.vtm: block 'inlet' has the cell data [CellData/p:Float64*1, CellData/U:Float64*3, "
                      "CellData/cellId:Int64*1, CellData/q:Float64*1], block 'internal' [CellData/p:Float64*1, "
                      "CellData/U:Float64*3, CellData/cellId:Int64*1] (every block needs the same)\n");

  r = check(good, {{"internal", {"a.vtu", "extra.vtu"}}});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_THAT(r.output, testing::StartsWith("t1.vtm: block 'internal': piece 'extra.vtu' arrays")) << r.output;

  r = check(good, {{"internal", {"a.vtu"}}, {"outlet", {}}});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "t1.vtm: block 'outlet' lists no pieces\n");

  r = check(good, {{"internal", {"a.vtu", "missing.vtu"}}});
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "t1.vtm: block 'internal': piece 'missing.vtu' not found\n");
}

TEST(VtkXml, CheckerRejectsDamagedFiles) {
  // Truncated: the last block (cellId, 8 + 32 bytes at 900 after points 440, connectivity 264, offsets 40,
  // types 12, p 40, U 104) runs past the end of the 940 + 30 - 60 bytes left.
  test::CommandResult r = checkDamaged([](std::string& b) { b.resize(b.size() - 60); });
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "array 'cellId' block of 32 bytes at offset 900 runs past the appended data (910 bytes)\n");

  // A header declaring one cell fewer: the cell arrays no longer match.
  r = checkDamaged([](std::string& b) {
    const auto at = b.find("NumberOfCells=\"4\"");
    b.replace(at, 17, "NumberOfCells=\"3\"");
  });
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "array 'offsets' has 32 bytes, expected 24 (3 tuples x 1 components x 8 bytes)\n");

  // An offset pointing into the middle of another block.
  r = checkDamaged([](std::string& b) {
    const auto at = b.find("Name=\"p\" format=\"appended\" offset=\"");
    const auto start = at + std::string("Name=\"p\" format=\"appended\" offset=\"").size();
    const auto end = b.find('"', start);
    b.replace(start, end - start, std::to_string(std::stoll(b.substr(start, end - start)) + 8));
  });
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_NE(r.output.find("array 'p'"), std::string::npos) << r.output;

  // Hexahedron turned inside out (two vertices swapped in the connectivity).
  r = checkDamaged([](std::string& b) {
    const auto underscore = b.find('_', b.find("<AppendedData"));
    const auto tag = b.find("Name=\"connectivity\" format=\"appended\" offset=\"");
    const auto start = tag + std::string("Name=\"connectivity\" format=\"appended\" offset=\"").size();
    const std::size_t offset = std::stoull(b.substr(start, b.find('"', start) - start));
    char* ids = b.data() + underscore + 1 + offset + 8;
    std::swap_ranges(ids, ids + 32, ids + 32);  // swap the bottom and top faces of cell 0
  });
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "cell 0: hexahedron with non-positive volume -0.25 (vertex order)\n");

  // Not raw-encoded.
  r = checkDamaged([](std::string& b) { b.replace(b.find("encoding=\"raw\""), 14, "encoding=\"b64\""); });
  EXPECT_EQ(r.exitCode, 1);
  EXPECT_EQ(r.output, "AppendedData encoding is 'b64', expected 'raw'\n");
}

TEST(VtkXml, VtmAndPvdText) {
  test::TempDir tmp;
  writeVtm(tmp.path() / "case_0.1.vtm", "time='0.1'",
           {{"internal", {"case_0.1/internal_0.vtu", "case_0.1/internal_1.vtu"}},
            {"a&b", {"case_0.1/boundary/a&b_1.vtu"}}});
  EXPECT_EQ(test::readTextFile(tmp.path() / "case_0.1.vtm"),
            "<?xml version=\"1.0\"?>\n"
            "<!-- time='0.1' -->\n"
            "<VTKFile type=\"vtkMultiBlockDataSet\" version=\"1.0\" byte_order=\"LittleEndian\" "
            "header_type=\"UInt64\">\n"
            "  <vtkMultiBlockDataSet>\n"
            "    <Piece index=\"0\" name=\"internal\">\n"
            "      <DataSet index=\"0\" file=\"case_0.1/internal_0.vtu\"/>\n"
            "      <DataSet index=\"1\" file=\"case_0.1/internal_1.vtu\"/>\n"
            "    </Piece>\n"
            "    <Piece index=\"1\" name=\"a&amp;b\">\n"
            "      <DataSet index=\"0\" file=\"case_0.1/boundary/a&amp;b_1.vtu\"/>\n"
            "    </Piece>\n"
            "  </vtkMultiBlockDataSet>\n"
            "</VTKFile>\n");

  writePvd(tmp.path() / "case.pvd", {{0.1, "case_0.1.vtm"}, {1e-05, "a&b.vtm"}});
  EXPECT_EQ(test::readTextFile(tmp.path() / "case.pvd"),
            "<?xml version=\"1.0\"?>\n"
            "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
            "  <Collection>\n"
            "    <DataSet timestep=\"0.1\" file=\"case_0.1.vtm\"/>\n"
            "    <DataSet timestep=\"1e-05\" file=\"a&amp;b.vtm\"/>\n"
            "  </Collection>\n"
            "</VTKFile>\n");
  EXPECT_FALSE(std::filesystem::exists(tmp.path() / "case.pvd.tmp"));
}

TEST(VtkXml, WriteErrorsNameTheFile) {
  test::TempDir tmp;
  const VtuPiece piece = boxPiece(test::boxMesh(1, 1, 1));
  const auto missing = tmp.path() / "no" / "such" / "piece.vtu";
  try {
    writeVtu(missing, piece);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), missing.string() + ": cannot write file: No such file or directory");
  }
  try {
    writeVtm(tmp.path() / "no" / "case_0.vtm", "", {});
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              (tmp.path() / "no" / "case_0.vtm").string() + ": cannot write file: No such file or directory");
  }
  try {
    writePvd(tmp.path() / "no" / "case.pvd", {});
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              (tmp.path() / "no" / "case.pvd").string() + ": cannot write file: No such file or directory");
  }
}

TEST(VtkXml, EscapesXmlSpecialCharacters) {
  EXPECT_EQ(xmlEscape("grad(U)<1>&\"'"), "grad(U)&lt;1&gt;&amp;&quot;&apos;");
}

}  // namespace
}  // namespace sluice::output
