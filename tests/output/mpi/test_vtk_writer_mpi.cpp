// VtkWriter at 1-4 ranks: the series passes scripts/check_vtk.py, the pieces
// together hold every cell once with its global id and field values, each
// non-empty patch is its own named block of the .vtm whose pieces hold its
// faces with their values (pieces only from the ranks with faces there), the
// .pvd lists every time (also after each write), and a write failure is reported
// on all ranks naming the folder; VTK's own reader and cell validator (python3 vtk
// or pvpython) accept the wedges, pyramids and tetrahedra written.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>

#include <fmt/format.h>

#include "support/temp_dir.hpp"
#include "output/mpi/mpi_output_support.hpp"
#include "output/output_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/output/vtk_writer.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::output {
namespace {

using test::commRank;
using test::commSize;

/// The piece files (relative to the .vtm's folder) of block `name` in `vtm`.
std::vector<std::string> blockPieces(const std::filesystem::path& vtm, const std::string& name) {
  const std::string text = test::readTextFile(vtm);
  const std::size_t open = text.find("name=\"" + name + "\">");
  if (open == std::string::npos) return {};
  const std::size_t close = text.find("</Piece>", open);
  std::vector<std::string> files;
  for (std::size_t at = text.find("file=\"", open); at < close; at = text.find("file=\"", at)) {
    at += 6;
    files.push_back(text.substr(at, text.find('"', at) - at));
  }
  return files;
}

/// Writes `times` with p = 0.5*id + t, U = (id, -id, t) and the boundary field
/// bx = mean x of the face's points (summed in face order); returns the .pvd path.
std::filesystem::path writeSeries(const std::filesystem::path& caseDir, const parallel::DistributedMesh& local,
                                  const std::vector<double>& times) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  VtkWriter writer(caseDir, "box", local.mesh, local.globalCellIds, comm);
  for (std::size_t n = 0; n < times.size(); ++n) {
    const double t = times[n];
    std::vector<double> p;
    std::vector<Vec3> U;
    for (Label c = 0; c < local.mesh.nCells(); ++c) {
      const double id = static_cast<double>(local.globalCellIds[c]);
      p.push_back(0.5 * id + t);
      U.push_back({id, -id, t});
    }
    std::vector<double> bx;
    for (Label f = local.mesh.nInternalFaces(); f < local.mesh.nFaces(); ++f) {
      double x = 0;
      for (Label v : local.mesh.faces()[f]) x += local.mesh.points()[v].x;
      bx.push_back(x / static_cast<double>(local.mesh.faces()[f].size()));
    }
    writer.beginTime(t);
    writer.addCellField("p", std::span<const double>(p));
    writer.addCellField("U", std::span<const Vec3>(U));
    writer.addBoundaryField("bx", std::span<const double>(bx));
    writer.endTime();
    EXPECT_EQ(writer.nWrites(), static_cast<int>(n) + 1);
    // The series is complete after every write: one .vtm per time.
    if (commRank() == 0) {
      const std::string pvd = test::readTextFile(writer.seriesFile());
      EXPECT_EQ(static_cast<std::size_t>(std::count(pvd.begin(), pvd.end(), '\n')), 5 + (n + 1));
    }
  }
  return writer.seriesFile();
}

TEST(VtkWriterMpi, SeriesPassesTheCheckerAndHoldsEveryCellOnce) {
  test::SharedTempDir tmp;
  const test::DistributedCase d = test::distributeCase(test::boxMesh(6, 5, 4, test::wavyMap), test::Split::scattered);
  const auto pvd = writeSeries(tmp.path(), d.local, {0.25, 0.5, 1.0});
  if (commRank() != 0) return;

  const test::CommandResult r = test::checkVtk("--times " + test::shellQuote(pvd.string()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  // 3 times x (internal + xMin, xMax, yMin, yMax).
  // Pieces per time: one internal per rank, and one per rank and patch where
  // that rank has faces of the patch.
  long long piecesPerTime = commSize();
  for (const char* patch : {"xMin", "xMax", "yMin", "yMax"})
    piecesPerTime += static_cast<long long>(blockPieces(tmp.path() / "VTK/box_1.vtm", patch).size());
  EXPECT_EQ(r.output, fmt::format("time 0.25\ntime 0.5\ntime 1\nok: 1 .pvd, 3 .vtm, 0 .pvtu, {} .vtu files\n",
                                  3 * piecesPerTime));
  std::string expected =
      "<?xml version=\"1.0\"?>\n"
      "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
      "  <Collection>\n";
  for (const char* t : {"0.25", "0.5", "1"})
    expected += fmt::format("    <DataSet timestep=\"{}\" file=\"box_{}.vtm\"/>\n", t, t);
  expected += "  </Collection>\n</VTKFile>\n";
  EXPECT_EQ(test::readTextFile(pvd), expected);
  // The blocks of a time: internal, then the written patches in mesh order.
  const std::string vtm = test::readTextFile(tmp.path() / "VTK/box_1.vtm");
  std::size_t at = 0;
  for (const char* block : {"internal", "xMin", "xMax", "yMin", "yMax"}) {
    at = vtm.find(fmt::format("name=\"{}\"", block), at);
    EXPECT_NE(at, std::string::npos) << block;
  }
  EXPECT_EQ(vtm.find("zMin"), std::string::npos);
  EXPECT_EQ(blockPieces(tmp.path() / "VTK/box_1.vtm", "internal").size(), static_cast<std::size_t>(commSize()));

  // Internal pieces of the last time: every global cell once, values of its id.
  const Label nGlobal = d.global.nCells();
  std::vector<int> seen(nGlobal, 0);
  for (int rank = 0; rank < commSize(); ++rank) {
    const test::VtuData v = test::readVtu(tmp.path() / "VTK/box_1" / fmt::format("internal_{}.vtu", rank));
    const auto ids = v.at("cellId").as<std::int64_t>();
    const auto p = v.at("p").as<double>();
    const auto U = v.at("U").as<double>();
    const auto ranks = v.at("rank").as<std::int32_t>();
    ASSERT_EQ(ids.size(), static_cast<std::size_t>(v.nCells));
    // The cells' index arrays are Int32 (they fit), 8 points per hexahedron.
    EXPECT_EQ(v.at("connectivity").type, "Int32");
    EXPECT_EQ(v.at("offsets").type, "Int32");
    const auto offsets = v.at("offsets").indices();
    ASSERT_EQ(offsets.size(), static_cast<std::size_t>(v.nCells));
    for (std::size_t i = 0; i < offsets.size(); ++i) EXPECT_EQ(offsets[i], 8 * static_cast<std::int64_t>(i + 1));
    EXPECT_EQ(v.at("connectivity").indices().size(), 8 * static_cast<std::size_t>(v.nCells));
    for (std::size_t i = 0; i < ids.size(); ++i) {
      ASSERT_GE(ids[i], 0);
      ASSERT_LT(ids[i], nGlobal);
      ++seen[ids[i]];
      EXPECT_EQ(d.cellToRank[ids[i]], rank);
      EXPECT_EQ(p[i], 0.5 * static_cast<double>(ids[i]) + 1.0);
      EXPECT_EQ(U[3 * i], static_cast<double>(ids[i]));
      EXPECT_EQ(U[3 * i + 1], -static_cast<double>(ids[i]));
      EXPECT_EQ(U[3 * i + 2], 1.0);
      EXPECT_EQ(ranks[i], rank);
    }
    EXPECT_EQ(v.at("types").as<std::uint8_t>(), std::vector<std::uint8_t>(v.nCells, 12));  // all hexahedra
    EXPECT_EQ(v.at("patchId").as<std::int32_t>(), std::vector<std::int32_t>(v.nCells, -1));
  }
  EXPECT_EQ(seen, std::vector<int>(nGlobal, 1));

  // Patch pieces: faces of xMin, xMax, yMin, yMax (zMin, zMax are empty), with their bx values.
  const std::vector<std::string> patches{"xMin", "xMax", "yMin", "yMax"};
  std::vector<int> perPatch(6, 0);
  for (std::size_t pi = 0; pi < patches.size(); ++pi)
    for (const std::string& piece : blockPieces(tmp.path() / "VTK/box_1.vtm", patches[pi])) {
      const test::VtuData v = test::readVtu(tmp.path() / "VTK" / piece);
      const int rank = std::stoi(piece.substr(piece.rfind('_') + 1));
      EXPECT_EQ(piece, fmt::format("box_1/boundary/{}_{}.vtu", patches[pi], rank));
      EXPECT_GT(v.nCells, 0) << piece;
      const auto points = v.at("Points").as<double>();
      const auto conn = v.at("connectivity").as<std::int64_t>();
      const auto offsets = v.at("offsets").as<std::int64_t>();
      const auto patch = v.at("patchId").as<std::int32_t>();
      const auto bx = v.at("bx").as<double>();
      EXPECT_EQ(v.at("rank").as<std::int32_t>(), std::vector<std::int32_t>(v.nCells, rank));
      EXPECT_EQ(v.at("types").as<std::uint8_t>(), std::vector<std::uint8_t>(v.nCells, 9));  // quads
      EXPECT_EQ(patch, std::vector<std::int32_t>(v.nCells, static_cast<std::int32_t>(pi)));
      // cellId: the cell the face bounds, on this rank, in the patch's column or row of the 6 x 5 x 4 box.
      for (std::int64_t id : v.at("cellId").as<std::int64_t>()) {
        EXPECT_EQ(d.cellToRank.at(id), rank);
        const std::int64_t i = id % 6, j = id / 6 % 5;
        EXPECT_EQ(pi == 0 ? i == 0 : pi == 1 ? i == 5 : pi == 2 ? j == 0 : j == 4, true) << patches[pi] << " cell " << id;
      }
      // The same fixed cell arrays first, in the same order, as the internal pieces.
      const test::VtuData internal = test::readVtu(tmp.path() / "VTK/box_1" / fmt::format("internal_{}.vtu", rank));
      const std::vector<std::string> fixed{"cellId Int64", "patchId Int32", "rank Int32"};
      EXPECT_EQ(std::vector<std::string>(v.cellData.begin(), v.cellData.begin() + 3), fixed);
      EXPECT_EQ(std::vector<std::string>(internal.cellData.begin(), internal.cellData.begin() + 3), fixed);
      for (long long f = 0; f < v.nCells; ++f) {
        ++perPatch.at(patch[f]);
        double x = 0;
        for (long long k = offsets[f] - 4; k < offsets[f]; ++k) x += points[3 * conn[k]];
        EXPECT_EQ(bx[f], x / 4);
        if (pi == 0) {
          EXPECT_LT(x / 4, 0.1);  // xMin near x = 0 (the lattice is wavy)
        }
        if (pi == 1) {
          EXPECT_GT(x / 4, 0.9);  // xMax near x = 1
        }
      }
    }
  EXPECT_EQ(perPatch, (std::vector<int>{20, 20, 24, 24, 0, 0}));
  EXPECT_FALSE(std::filesystem::exists(tmp.path() / "VTK/box_1/boundary/zMin_0.vtu"));
}

TEST(VtkWriterMpi, OnlyRanksWithFacesOnAPatchWriteAPiece) {
  // Slabs in x: only the first rank has xMin faces and only the last xMax
  // faces; the other ranks write no piece of those patches and the .vtm
  // lists only the pieces written.
  test::SharedTempDir tmp;
  const test::DistributedCase d = test::distributeCase(test::boxMesh(8, 3, 2), test::Split::slabs);
  const auto pvd = writeSeries(tmp.path(), d.local, {0.5});
  if (commRank() != 0) return;
  const test::CommandResult r = test::checkVtk(test::shellQuote(pvd.string()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  const std::filesystem::path vtm = tmp.path() / "VTK/box_0.5.vtm";
  for (const auto& [patch, faces, onlyRank] :
       {std::tuple{"xMin", 3 * 2, 0}, {"xMax", 3 * 2, commSize() - 1}, {"yMin", 8 * 2, -1}}) {
    const std::vector<std::string> pieces = blockPieces(vtm, patch);
    long long total = 0;
    for (int rank = 0; rank < commSize(); ++rank) {
      const std::string piece = fmt::format("box_0.5/boundary/{}_{}.vtu", patch, rank);
      const bool listed = std::find(pieces.begin(), pieces.end(), piece) != pieces.end();
      EXPECT_EQ(listed, onlyRank < 0 || rank == onlyRank) << piece;
      EXPECT_EQ(std::filesystem::exists(tmp.path() / "VTK" / piece), listed) << piece;
      if (listed) total += test::readVtu(tmp.path() / "VTK" / piece).nCells;
    }
    EXPECT_EQ(total, faces) << patch;
  }
}

TEST(VtkWriterMpi, APatchWithoutFacesAnywhereIsAnEmptyPieceFromRankZero) {
  // A patch of the mesh with no faces (declared, never used) keeps its block,
  // with the same arrays as the others: rank 0 writes an empty piece of it.
  const mesh::PolyMesh box = test::boxMesh(4, 3, 1);
  std::vector<mesh::Patch> patches = box.patches();
  patches.push_back(mesh::Patch{"unused", "wall", box.nFaces(), 0});
  const mesh::PolyMesh withUnused(box.points(), box.faces(), box.owner(), box.neighbour(), patches);
  test::SharedTempDir tmp;
  const test::DistributedCase d = test::distributeCase(withUnused, test::Split::slabs);
  const auto pvd = writeSeries(tmp.path(), d.local, {0.5});
  if (commRank() != 0) return;
  const test::CommandResult r = test::checkVtk(test::shellQuote(pvd.string()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_EQ(blockPieces(tmp.path() / "VTK/box_0.5.vtm", "unused"),
            std::vector<std::string>{"box_0.5/boundary/unused_0.vtu"});
  const test::VtuData v = test::readVtu(tmp.path() / "VTK/box_0.5/boundary/unused_0.vtu");
  EXPECT_EQ(v.nCells, 0);
  EXPECT_EQ(v.at("bx").bytes.size(), 0u);
}

TEST(VtkWriterMpi, PolyhedralMeshPassesTheChecker) {
  // Cells with split sides are polyhedra, the others hexahedra.
  test::SharedTempDir tmp;
  const test::DistributedCase d = test::distributeCase(test::refinedColumnsBox(4, 3), test::Split::slabs);
  writeSeries(tmp.path(), d.local, {0.0});
  if (commRank() != 0) return;
  const test::CommandResult r = test::checkVtk(test::shellQuote((tmp.path() / "VTK/box.pvd").string()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  long long polyhedra = 0, hexahedra = 0, boundaryFaces = 0;
  for (int rank = 0; rank < commSize(); ++rank) {
    const test::VtuData v = test::readVtu(tmp.path() / "VTK/box_0" / fmt::format("internal_{}.vtu", rank));
    for (std::uint8_t t : v.at("types").as<std::uint8_t>()) {
      polyhedra += t == 42;
      hexahedra += t == 12;
    }
  }
  for (const char* patch : {"left", "right", "bottom", "top"})
    for (const std::string& piece : blockPieces(tmp.path() / "VTK/box_0.vtm", patch))
      boundaryFaces += test::readVtu(tmp.path() / "VTK" / piece).nCells;
  EXPECT_EQ(polyhedra, 2 * 3);
  EXPECT_EQ(hexahedra, 2 * 6);
  EXPECT_EQ(boundaryFaces, 3 + 6 + 4 + 4);  // left (coarse column), right (fine column), bottom, top
}

TEST(VtkWriterMpi, SharedAndInPlaceFieldValuesWriteTheSameBytesAsCopiedOnes) {
  // A field handed over as a shared copy (the restart snapshot's) or read in
  // place (the initial state's) is written as the copying overloads write
  // it; polyhedra included.
  test::SharedTempDir tmp;
  const test::DistributedCase d = test::distributeCase(test::refinedColumnsBox(6, 4), test::Split::slabs);
  const mesh::PolyMesh& m = d.local.mesh;
  parallel::Communicator comm(MPI_COMM_WORLD);
  // One more value per cell than the mesh has cells: the extra ones are not written.
  auto p = std::make_shared<std::vector<double>>();
  auto U = std::make_shared<std::vector<double>>();
  std::vector<Vec3> UVectors;
  for (Label c = 0; c <= m.nCells(); ++c) {
    const double id = c < m.nCells() ? static_cast<double>(d.local.globalCellIds[c]) : -1.0;
    p->push_back(0.25 * id);
    UVectors.push_back({id, 1 - id, 0.5});
    U->insert(U->end(), {id, 1 - id, 0.5});
  }
  for (const std::string how : {"copied", "shared", "inPlace"}) {
    VtkWriter writer(tmp.path() / how, "box", m, d.local.globalCellIds, comm);
    writer.beginTime(0.5);
    if (how == "shared") {
      writer.addCellField("p", std::shared_ptr<const std::vector<double>>(p), 1);
      writer.addCellField("U", std::shared_ptr<const std::vector<double>>(U), 3);
      EXPECT_THROW(writer.addCellField("short", std::make_shared<const std::vector<double>>(2, 0.0), 1), Error);
    } else if (how == "inPlace") {  // read when written (endTime writes before it returns)
      writer.addCellFieldInPlace("p", std::span<const double>(*p), 1);
      writer.addCellFieldInPlace("U", std::span<const double>(*U), 3);
      EXPECT_THROW(writer.addCellFieldInPlace("short", std::span<const double>(*p).first(2), 1), Error);
      EXPECT_THROW(writer.addCellFieldInPlace("twoComponents", std::span<const double>(*U), 2), Error);
    } else {
      writer.addCellField("p", std::span<const double>(*p));
      writer.addCellField("U", std::span<const Vec3>(UVectors));
    }
    writer.endTime();
  }
  const std::string piece = fmt::format("VTK/box_0.5/internal_{}.vtu", commRank());
  EXPECT_TRUE(test::readTextFile(tmp.path() / "copied" / piece) == test::readTextFile(tmp.path() / "shared" / piece));
  EXPECT_TRUE(test::readTextFile(tmp.path() / "copied" / piece) == test::readTextFile(tmp.path() / "inPlace" / piece));
  if (commRank() == 0) {
    const test::CommandResult r = test::checkVtk(test::shellQuote((tmp.path() / "shared/VTK/box.pvd").string()));
    EXPECT_EQ(r.exitCode, 0) << r.output;
  }
}

TEST(VtkWriterMpi, PrismMeshIsWedgesThatPassTheChecker) {
  test::SharedTempDir tmp;
  const test::DistributedCase d = test::distributeCase(test::prismBox(4, 3, 2), test::Split::scattered);
  writeSeries(tmp.path(), d.local, {0.0});
  if (commRank() != 0) return;
  const test::CommandResult r = test::checkVtk(test::shellQuote((tmp.path() / "VTK/box.pvd").string()));
  EXPECT_EQ(r.exitCode, 0) << r.output;
  long long cells = 0, boundaryFaces = 0;
  for (int rank = 0; rank < commSize(); ++rank) {
    const test::VtuData v = test::readVtu(tmp.path() / "VTK/box_0" / fmt::format("internal_{}.vtu", rank));
    EXPECT_EQ(v.at("types").as<std::uint8_t>(), std::vector<std::uint8_t>(v.nCells, 13));
    EXPECT_THROW(v.at("faces"), std::exception) << "no polyhedron arrays";
    cells += v.nCells;
  }
  for (const char* patch : {"left", "right", "bottom", "top"})
    for (const std::string& piece : blockPieces(tmp.path() / "VTK/box_0.vtm", patch))
      boundaryFaces += test::readVtu(tmp.path() / "VTK" / piece).nCells;
  EXPECT_EQ(cells, 48);
  EXPECT_EQ(boundaryFaces, 2 * 3 * 2 + 2 * 4 * 2);  // left/right and bottom/top; back/front are empty
}

/// The folders in CASE/VTK, sorted.
std::vector<std::string> vtkFolders(const std::filesystem::path& caseDir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(caseDir / "VTK"))
    if (e.is_directory()) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

/// The .vtm files in CASE/VTK, sorted.
std::vector<std::string> vtmFiles(const std::filesystem::path& caseDir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(caseDir / "VTK"))
    if (e.path().extension() == ".vtm") names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

/// The timesteps the .pvd lists.
std::vector<std::string> seriesTimes(const std::filesystem::path& pvd) {
  std::vector<std::string> times;
  const std::string text = test::readTextFile(pvd);
  const std::string key = "timestep=\"";
  for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1))
    times.push_back(text.substr(at + key.size(), text.find('"', at + key.size()) - at - key.size()));
  return times;
}

TEST(VtkWriterMpi, FoldersAreNamedByTimeAndARerunReplacesLaterTimes) {
  test::SharedTempDir tmp;
  const test::DistributedCase d = test::distributeCase(test::boxMesh(4, 3, 1), test::Split::slabs);
  const auto pvd = writeSeries(tmp.path(), d.local, {0, 0.5, 1, 1.5});
  // Folders of ours the series does not list (box_0.75 with its .vtm, and
  // box_0.25 of the earlier layout with internal.pvtu), and folders that
  // are not the series': foamToVTK's VTK/<case>_<index>/ (internal.vtu, and
  // a .vtm beside it), other names.
  if (commRank() == 0) {
    for (const char* stray : {"box_0.25", "box_0.75", "box_20", "box_notes", "other_1"})
      std::filesystem::create_directories(tmp.path() / "VTK" / stray);
    test::writeText(tmp.path() / "VTK/box_0.25/internal.pvtu", "<VTKFile/>\n");
    test::writeText(tmp.path() / "VTK/box_0.75/internal_0.vtu", "<VTKFile/>\n");
    test::writeText(tmp.path() / "VTK/box_0.75.vtm", "<VTKFile/>\n");
    test::writeText(tmp.path() / "VTK/box_20/internal.vtu", "<VTKFile/>\n");
    test::writeText(tmp.path() / "VTK/box_20.vtm", "<VTKFile/>\n");
    EXPECT_EQ(vtkFolders(tmp.path()), (std::vector<std::string>{"box_0", "box_0.25", "box_0.5", "box_0.75", "box_1",
                                                                "box_1.5", "box_20", "box_notes", "other_1"}));
  }
  parallel::Communicator comm(MPI_COMM_WORLD);
  {
    // A re-run from 1: the writes at 0 and 0.5 stay, later ones and strays of the series go.
    VtkWriter writer(tmp.path(), "box", d.local.mesh, d.local.globalCellIds, comm);
    writer.startSeries(1.0);
    EXPECT_EQ(writer.nWrites(), 2);
    std::vector<double> p(d.local.mesh.nCells(), 1.0);
    writer.beginTime(1.25);
    writer.addCellField("p", std::span<const double>(p));
    writer.endTime();
  }
  if (commRank() == 0) {
    EXPECT_EQ(vtkFolders(tmp.path()),
              (std::vector<std::string>{"box_0", "box_0.5", "box_1.25", "box_20", "box_notes", "other_1"}));
    EXPECT_EQ(vtmFiles(tmp.path()), (std::vector<std::string>{"box_0.5.vtm", "box_0.vtm", "box_1.25.vtm", "box_20.vtm"}));
    EXPECT_EQ(seriesTimes(pvd), (std::vector<std::string>{"0", "0.5", "1.25"}));
    const test::CommandResult r = test::checkVtk(test::shellQuote(pvd.string()));
    EXPECT_EQ(r.exitCode, 0) << r.output;
  }
  {
    // A restart at 0.5 keeps the write at 0.5 itself.
    VtkWriter writer(tmp.path(), "box", d.local.mesh, d.local.globalCellIds, comm);
    writer.startSeries(0.5, true);
    EXPECT_EQ(writer.nWrites(), 2);
  }
  if (commRank() == 0) {
    EXPECT_EQ(vtkFolders(tmp.path()),
              (std::vector<std::string>{"box_0", "box_0.5", "box_20", "box_notes", "other_1"}));
    EXPECT_EQ(seriesTimes(pvd), (std::vector<std::string>{"0", "0.5"}));
  }
  {
    // A fresh run from 0 replaces everything of the series.
    VtkWriter writer(tmp.path(), "box", d.local.mesh, d.local.globalCellIds, comm);
    writer.startSeries(0.0);
    EXPECT_EQ(writer.nWrites(), 0);
  }
  if (commRank() == 0) {
    EXPECT_EQ(vtkFolders(tmp.path()), (std::vector<std::string>{"box_20", "box_notes", "other_1"}));
    EXPECT_EQ(vtmFiles(tmp.path()), (std::vector<std::string>{"box_20.vtm"}));
    EXPECT_FALSE(std::filesystem::exists(pvd));
  }
}

TEST(VtkWriterMpi, AFileWhereTheVtkFolderShouldBeIsAnErrorOnAllRanks) {
  test::SharedTempDir tmp;
  if (commRank() == 0) std::ofstream(tmp.path() / "VTK") << "not a folder";
  MPI_Barrier(MPI_COMM_WORLD);
  const test::DistributedCase d = test::distributeCase(test::boxMesh(4, 3, 1), test::Split::slabs);
  parallel::Communicator comm(MPI_COMM_WORLD);
  VtkWriter writer(tmp.path(), "box", d.local.mesh, d.local.globalCellIds, comm);
  writer.beginTime(0.1);
  try {
    writer.endTime();
    FAIL() << "expected an error";
  } catch (const parallel::CollectiveError& e) {
    EXPECT_EQ(std::string(e.what()),
              (tmp.path() / "VTK/box_0.1").string() + ": cannot create directory: Not a directory");
    EXPECT_TRUE(e.allRanksFailed());
  }
  EXPECT_EQ(writer.nWrites(), 0);
}

TEST(VtkWriterMpi, MisuseIsAProgrammingError) {
  const test::DistributedCase d = test::distributeCase(test::boxMesh(4, 3, 1), test::Split::slabs);
  parallel::Communicator comm(MPI_COMM_WORLD);
  VtkWriter writer("/nonexistent", "box", d.local.mesh, d.local.globalCellIds, comm);
  EXPECT_THROW(writer.addCellField("p", std::span<const double>()), Error);
  writer.beginTime(0);
  EXPECT_THROW(writer.beginTime(1), Error);
  std::vector<double> shortField(d.local.mesh.nCells() - 1, 0.0);
  EXPECT_THROW(writer.addCellField("p", std::span<const double>(shortField)), Error);
  std::vector<double> p(d.local.mesh.nCells(), 0.0);
  writer.addCellField("p", std::span<const double>(p));
  EXPECT_THROW(writer.addCellField("p", std::span<const double>(p)), Error);
  EXPECT_THROW(writer.addCellField("cellId", std::span<const double>(p)), Error);
  EXPECT_THROW(writer.addCellField("patchId", std::span<const double>(p)), Error);
  std::vector<double> b(d.local.mesh.nFaces() - d.local.mesh.nInternalFaces(), 0.0);
  EXPECT_THROW(writer.addBoundaryField("cellId", std::span<const double>(b)), Error);
}

TEST(VtkWriterMpi, VtkPythonReaderReadsTheSeriesAndValidatesItsCells) {
  // VTK's own reader and vtkCellValidator (python3's vtk module, or
  // ParaView's pvpython started with a clean environment, outside this MPI
  // job): every cell once, and every wedge, pyramid and tetrahedron valid
  // (faces oriented out of the cell, convex) in the order written.
  int python = 0;  // 1: python3, 2: pvpython
  if (commRank() == 0) {
    if (test::runCommand("python3 -c 'import vtk'").exitCode == 0) python = 1;
    else if (test::runCommand("env -i PATH=\"$PATH\" pvpython -c 'import vtk'").exitCode == 0) python = 2;
  }
  MPI_Bcast(&python, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (!python) GTEST_SKIP() << "neither python3's vtk module nor pvpython is available";
  test::SharedTempDir prisms, cones;
  const test::DistributedCase wedges = test::distributeCase(test::prismBox(3, 2, 2), test::Split::scattered);
  writeSeries(prisms.path(), wedges.local, {0.5});
  const test::DistributedCase mixed =
      test::distributeCase(test::splitCube({true, false, true, false, true, false}), test::Split::scattered);
  writeSeries(cones.path(), mixed.local, {0.5});
  if (commRank() != 0) return;
  const std::string script =
      "import vtk,sys\n"
      "r=vtk.vtkXMLMultiBlockDataReader(); r.SetFileName(sys.argv[1]); r.Update()\n"
      "mb=r.GetOutput(); internal=mb.GetBlock(0); a=vtk.vtkAppendFilter()\n"
      "for i in range(internal.GetNumberOfPieces()): a.AddInputData(internal.GetPiece(i))\n"
      "a.Update(); g=a.GetOutput(); ids=g.GetCellData().GetArray('cellId')\n"
      "v=vtk.vtkCellValidator(); v.SetInputData(g); v.Update()\n"
      "s=v.GetOutput().GetCellData().GetArray('ValidityState')\n"
      "types=sorted(set(g.GetCellType(i) for i in range(g.GetNumberOfCells())))\n"
      "print(mb.GetMetaData(0).Get(vtk.vtkCompositeDataSet.NAME()), g.GetNumberOfCells(), sorted(int(ids.GetValue(i)) for i in range(ids.GetNumberOfTuples()))"
      "==list(range(g.GetNumberOfCells())), types, sum(1 for i in range(s.GetNumberOfTuples()) if s.GetValue(i)))\n";
  test::TempDir scriptDir;
  const auto file = scriptDir.write("read.py", script);
  auto run = [&](const std::filesystem::path& vtm) {
    const std::string interpreter = python == 1 ? "python3 " : "env -i PATH=\"$PATH\" pvpython ";
    return test::runCommand(interpreter + test::shellQuote(file.string()) + " " + test::shellQuote(vtm.string()))
        .output;
  };
  EXPECT_EQ(run(prisms.path() / "VTK/box_0.5.vtm"), "internal 24 True [13] 0\n");
  EXPECT_EQ(run(cones.path() / "VTK/box_0.5.vtm"), "internal 9 True [10, 14] 0\n");
}

}  // namespace
}  // namespace sluice::output
