// readPolyMeshShare at 1-4 ranks: the shares put together are the mesh the
// serial readPolyMesh reads from the same files (ascii, binary with 32- and
// 64-bit labels, faceList and faceCompactList), each rank holds its 1/P of
// the faces and points, and a bad file gives every rank the same
// CollectiveError, with the serial reader's message.
#include "sluice/parallel/polymesh_share_reader.hpp"

#include <mpi.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "mesh/binary_polymesh_writer.hpp"
#include "mesh/polymesh_io_test_support.hpp"
#include "parallel/mpi/mesh_share_assembly.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/polymesh_io.hpp"
#include "sluice/parallel/parallel_error.hpp"
#include "support/box_mesh.hpp"
#include "support/temp_dir.hpp"

namespace sluice::parallel {
namespace {

namespace fs = std::filesystem;
using mesh::PolyMesh;
using mesh::test_support::BinaryLayout;
namespace meshtest = mesh::test_support;  // the mesh tests' helpers (tests/mesh/)

/// A temporary case directory made by rank 0 and seen by every rank; removed
/// by rank 0 after all ranks are done with it.
class SharedTempDir {
 public:
  explicit SharedTempDir(const std::string& tag) {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::string path;
    if (rank == 0) {
      dir_.emplace(tag);
      path = dir_->path().string();
    }
    int length = static_cast<int>(path.size());
    MPI_Bcast(&length, 1, MPI_INT, 0, MPI_COMM_WORLD);
    path.resize(static_cast<std::size_t>(length));
    MPI_Bcast(path.data(), length, MPI_CHAR, 0, MPI_COMM_WORLD);
    path_ = path;
  }
  ~SharedTempDir() {
    MPI_Barrier(MPI_COMM_WORLD);
    dir_.reset();
  }
  SharedTempDir(const SharedTempDir&) = delete;
  SharedTempDir& operator=(const SharedTempDir&) = delete;

  fs::path polyMesh() const { return path_ / "constant" / "polyMesh"; }

  /// Runs `write` on rank 0 only, then waits for it on every rank.
  template <class F>
  void writeOnRoot(F&& write) const {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) write();
    MPI_Barrier(MPI_COMM_WORLD);
  }

 private:
  std::optional<test::TempDir> dir_;
  fs::path path_;
};

/// The shares of all ranks put together equal the serial reader's mesh, and
/// each rank holds its 1/P of the faces and points.
void expectSharesMakeSerialMesh(const fs::path& polyMesh) {
  Communicator comm(MPI_COMM_WORLD);
  const MeshShare share = readPolyMeshShare(comm, polyMesh);
  const PolyMesh serial = mesh::readPolyMesh(polyMesh);

  EXPECT_EQ(share.name, "constant/polyMesh");
  EXPECT_EQ(share.nGlobalFaces, serial.nFaces());
  EXPECT_EQ(share.nGlobalInternalFaces, serial.nInternalFaces());
  EXPECT_EQ(share.nGlobalPoints, serial.nPoints());
  EXPECT_EQ(share.nGlobalCells, serial.nCells());
  EXPECT_EQ(share.patches, serial.patches());

  const GlobalLabel r = comm.rank();
  const GlobalLabel ranks = comm.size();
  const GlobalLabel nFaces = serial.nFaces();
  const GlobalLabel nPoints = serial.nPoints();
  ASSERT_EQ(static_cast<GlobalLabel>(share.faceIds.size()), nFaces * (r + 1) / ranks - nFaces * r / ranks);
  if (!share.faceIds.empty()) {
    EXPECT_EQ(share.faceIds.front(), nFaces * r / ranks);
  }
  EXPECT_EQ(share.owner.size(), share.faceIds.size());
  EXPECT_EQ(share.neighbour.size(), share.faceIds.size());
  EXPECT_EQ(static_cast<std::size_t>(share.faces.size()), share.faceIds.size());
  EXPECT_EQ(share.firstPoint, nPoints * r / ranks);
  EXPECT_EQ(static_cast<GlobalLabel>(share.points.size()), nPoints * (r + 1) / ranks - nPoints * r / ranks);

  const PolyMesh whole = test::assembleShares(share);
  meshtest::expectSameMesh(whole, serial);
}

/// The message of the CollectiveError that `read` throws; fails the test if
/// it throws nothing or the ranks' messages differ.
template <class F>
std::string collectiveErrorOf(F&& read) {
  std::string message;
  try {
    read();
    ADD_FAILURE() << "expected CollectiveError";
  } catch (const CollectiveError& e) {
    message = e.what();
  }
  const std::vector<char> mine(message.begin(), message.end());
  const std::vector<char> all = test::allGatherv(mine);
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  EXPECT_EQ(all.size(), mine.size() * static_cast<std::size_t>(ranks)) << "ranks' messages differ: " << message;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i] != mine[i % std::max<std::size_t>(mine.size(), 1)]) {
      ADD_FAILURE() << "ranks' messages differ: " << message;
      break;
    }
  return message;
}

std::string serialErrorOf(const fs::path& polyMesh) {
  try {
    mesh::readPolyMesh(polyMesh);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

// ------------------------------------------------------------------ ascii

TEST(PolyMeshShareReader, AsciiBoxMesh) {
  SharedTempDir dir("share_ascii");
  dir.writeOnRoot([&] { mesh::writePolyMesh(test::boxMesh(5, 4, 3), dir.polyMesh()); });
  expectSharesMakeSerialMesh(dir.polyMesh());
}

TEST(PolyMeshShareReader, AsciiMultiPatchMeshWithGroupsAndCyclics) {
  SharedTempDir dir("share_ascii");
  dir.writeOnRoot([&] { mesh::writePolyMesh(meshtest::hexMesh(4, 3, 2, /*cyclicY=*/true), dir.polyMesh()); });
  expectSharesMakeSerialMesh(dir.polyMesh());
}

TEST(PolyMeshShareReader, AsciiTwoDimensionalMeshWithEmptyPatch) {
  SharedTempDir dir("share_ascii");
  dir.writeOnRoot([&] { mesh::writePolyMesh(meshtest::hexMesh(7, 3, 1), dir.polyMesh()); });
  expectSharesMakeSerialMesh(dir.polyMesh());
}

TEST(PolyMeshShareReader, FewerFacesAndPointsThanSomeRanksWouldLike) {
  // 1 cell: 6 faces, 8 points; at 4 ranks some hold 1 face.
  SharedTempDir dir("share_ascii");
  dir.writeOnRoot([&] { mesh::writePolyMesh(test::boxMesh(1, 1, 1), dir.polyMesh()); });
  expectSharesMakeSerialMesh(dir.polyMesh());
}

TEST(PolyMeshShareReader, AsciiFaceCompactList) {
  SharedTempDir dir("share_ascii");
  const PolyMesh m = meshtest::hexMesh(3, 3, 2);
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(m, dir.polyMesh());
    std::string faces = meshtest::foamHeader("ascii", "faceCompactList", "faces", "");
    faces += fmt::format("{}\n(\n{}\n)\n\n", m.faces().offsets().size(), fmt::join(m.faces().offsets(), "\n"));
    faces += fmt::format("{}\n(\n{}\n)\n", m.faces().vertices().size(), fmt::join(m.faces().vertices(), " "));
    test::writeText(dir.polyMesh() / "faces", faces);
  });
  expectSharesMakeSerialMesh(dir.polyMesh());
}

TEST(PolyMeshShareReader, AsciiListsWithoutSizes) {
  // `( ... )` lists: the size is counted before the share is taken.
  SharedTempDir dir("share_ascii");
  const PolyMesh m = test::boxMesh(3, 2, 2);
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(m, dir.polyMesh());
    std::string points = meshtest::foamHeader("ascii", "vectorField", "points", "") + "(\n";
    for (const Vec3& p : m.points()) points += fmt::format("({} {} {})\n", p.x, p.y, p.z);
    test::writeText(dir.polyMesh() / "points", points + ")\n");
    std::string faces = meshtest::foamHeader("ascii", "faceList", "faces", "") + "(\n";
    for (Label f = 0; f < m.nFaces(); ++f)
      faces += fmt::format("{}({})\n", m.faces()[f].size(), fmt::join(m.faces()[f], " "));
    test::writeText(dir.polyMesh() / "faces", faces + ")\n");
    test::writeText(dir.polyMesh() / "owner", meshtest::foamHeader("ascii", "labelList", "owner", "") +
                                                  fmt::format("({})\n", fmt::join(m.owner(), " ")));
  });
  expectSharesMakeSerialMesh(dir.polyMesh());
}

TEST(PolyMeshShareReader, OldNeighbourListPaddedWithMinusOne) {
  SharedTempDir dir("share_ascii");
  const PolyMesh m = test::boxMesh(3, 2, 2);
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(m, dir.polyMesh());
    std::vector<Label> padded = m.neighbour();
    padded.resize(static_cast<std::size_t>(m.nFaces()), -1);
    test::writeText(dir.polyMesh() / "neighbour", meshtest::foamHeader("ascii", "labelList", "neighbour", "") +
                                                      fmt::format("{}\n({})\n", padded.size(), fmt::join(padded, " ")));
  });
  expectSharesMakeSerialMesh(dir.polyMesh());
}

// ------------------------------------------------------------------ binary

class PolyMeshShareReaderBinary : public ::testing::TestWithParam<BinaryLayout> {};

TEST_P(PolyMeshShareReaderBinary, SharesMakeTheSerialMesh) {
  SharedTempDir dir("share_binary");
  dir.writeOnRoot([&] {
    meshtest::writeBinaryPolyMesh(meshtest::hexMesh(5, 3, 2, /*cyclicY=*/true), dir.polyMesh(), GetParam());
  });
  expectSharesMakeSerialMesh(dir.polyMesh());
}

INSTANTIATE_TEST_SUITE_P(Layouts, PolyMeshShareReaderBinary,
                         ::testing::Values(BinaryLayout{32, 64, true}, BinaryLayout{64, 64, true},
                                           BinaryLayout{32, 64, false}, BinaryLayout{64, 64, false},
                                           BinaryLayout{32, 32, true}),
                         [](const auto& info) {
                           return fmt::format("label{}_scalar{}_{}", info.param.labelBits, info.param.scalarBits,
                                              info.param.compactFaces ? "faceCompactList" : "faceList");
                         });

// ------------------------------------------------------------------ OpenFOAM's own binary files

const fs::path kFoamBashrc = "/usr/share/openfoam/etc/bashrc";
const fs::path kFoamCavityTutorial = "/usr/share/doc/openfoam-examples/examples/incompressible/icoFoam/cavity/cavity";

TEST(PolyMeshShareReaderOpenFoam, BinaryBlockMeshCavity) {
  // blockMesh with writeFormat binary writes faceCompactList, label=32,
  // scalar=64. Skipped (on every rank) without OpenFOAM.
  if (!fs::exists(kFoamBashrc) || !fs::exists(kFoamCavityTutorial)) GTEST_SKIP() << "OpenFOAM not installed";
  SharedTempDir dir("share_of");
  int madeMesh = 0;
  dir.writeOnRoot([&] {
    const fs::path caseDir = dir.polyMesh().parent_path().parent_path();
    fs::copy(kFoamCavityTutorial, caseDir, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    std::string control = test::readText(caseDir / "system/controlDict");
    const auto at = control.find("writeFormat     ascii;");
    if (at != std::string::npos) control.replace(at, 22, "writeFormat     binary;");
    test::writeText(caseDir / "system/controlDict", control);
    const std::string cmd = "bash -c 'source " + kFoamBashrc.string() + " >/dev/null 2>&1 && blockMesh -case \"" +
                            caseDir.string() + "\"' > \"" + (caseDir / "log.blockMesh").string() + "\" 2>&1";
    madeMesh = std::system(cmd.c_str()) == 0 &&
               test::readText(dir.polyMesh() / "faces").find("faceCompactList") != std::string::npos;
  });
  MPI_Bcast(&madeMesh, 1, MPI_INT, 0, MPI_COMM_WORLD);
  ASSERT_TRUE(madeMesh) << "blockMesh failed";
  expectSharesMakeSerialMesh(dir.polyMesh());
}

// ------------------------------------------------------------------ errors

TEST(PolyMeshShareReaderErrors, TruncatedAsciiPointsFileGivesEveryRankTheSerialMessage) {
  SharedTempDir dir("share_err");
  const PolyMesh m = test::boxMesh(5, 3, 2);  // 72 points
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(m, dir.polyMesh());
    std::string points = meshtest::foamHeader("ascii", "vectorField", "points", "");
    points += fmt::format("{}\n(\n", m.nPoints());
    for (Label p = 0; p + 2 < m.nPoints(); ++p)
      points += fmt::format("({} {} {})\n", m.points()[p].x, m.points()[p].y, m.points()[p].z);
    test::writeText(dir.polyMesh() / "points", points);
  });
  Communicator comm(MPI_COMM_WORLD);
  const std::string message = collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); });
  EXPECT_EQ(message, "constant/polyMesh/points: expected 72 entries, file ends after 70");
  EXPECT_EQ(message, serialErrorOf(dir.polyMesh()));
}

TEST(PolyMeshShareReaderErrors, TruncatedBinaryPointsFileGivesEveryRankTheSerialMessage) {
  SharedTempDir dir("share_err");
  const PolyMesh m = test::boxMesh(5, 3, 2);  // 72 points
  dir.writeOnRoot([&] {
    meshtest::writeBinaryPolyMesh(m, dir.polyMesh(), BinaryLayout{});
    const std::string points = test::readText(dir.polyMesh() / "points");
    const std::size_t open = points.find("72\n(") + 4;
    test::writeText(dir.polyMesh() / "points", points.substr(0, open + 45 * 24 + 7));
  });
  Communicator comm(MPI_COMM_WORLD);
  const std::string message = collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); });
  EXPECT_EQ(message, "constant/polyMesh/points: expected 72 entries, file ends after 45");
  EXPECT_EQ(message, serialErrorOf(dir.polyMesh()));
}

TEST(PolyMeshShareReaderErrors, NonFiniteBinaryPointFoundByItsRankReachesEveryRank) {
  // Binary entries are decoded only by the rank that holds them: the last
  // point is looked at by the last rank alone.
  SharedTempDir dir("share_err");
  const PolyMesh m = test::boxMesh(5, 3, 2);  // 72 points
  dir.writeOnRoot([&] {
    meshtest::writeBinaryPolyMesh(m, dir.polyMesh(), BinaryLayout{});
    std::string points = test::readText(dir.polyMesh() / "points");
    const std::size_t lastZ = points.find("72\n(") + 4 + 71 * 24 + 16;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::memcpy(points.data() + lastZ, &nan, sizeof nan);
    test::writeText(dir.polyMesh() / "points", points);
  });
  Communicator comm(MPI_COMM_WORLD);
  const std::string message = collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); });
  EXPECT_EQ(message, "constant/polyMesh/points: entry 71 is not finite");
  EXPECT_EQ(message, serialErrorOf(dir.polyMesh()));
}

TEST(PolyMeshShareReaderErrors, Label64OwnerTooLargeForALabel) {
  SharedTempDir dir("share_err");
  const PolyMesh m = test::boxMesh(3, 2, 2);
  dir.writeOnRoot([&] {
    const BinaryLayout layout{64, 64, true};
    meshtest::writeBinaryPolyMesh(m, dir.polyMesh(), layout);
    std::vector<std::int64_t> owner(m.owner().begin(), m.owner().end());
    owner[1] = std::int64_t{1} << 40;
    std::string text = meshtest::foamHeader("binary", "labelList", "owner", layout.arch()) +
                       fmt::format("{}\n(", owner.size());
    for (std::int64_t o : owner) meshtest::appendRaw(text, o);
    test::writeText(dir.polyMesh() / "owner", text + ")\n");
  });
  Communicator comm(MPI_COMM_WORLD);
  const std::string message = collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); });
  EXPECT_EQ(message, "constant/polyMesh/owner: entry 1 (1099511627776) does not fit in a 32-bit label");
  EXPECT_EQ(message, serialErrorOf(dir.polyMesh()));
}

TEST(PolyMeshShareReaderErrors, BadNumberGivesEveryRankTheSerialMessage) {
  SharedTempDir dir("share_err");
  const PolyMesh m = test::boxMesh(3, 2, 2);
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(m, dir.polyMesh());
    // The last owner entry (held by the last rank only) becomes "1.5".
    std::string owner = test::readText(dir.polyMesh() / "owner");
    const std::size_t close = owner.rfind("\n)");
    const std::size_t lineStart = owner.rfind('\n', close - 1) + 1;
    owner.replace(lineStart, close - lineStart, "1.5");
    test::writeText(dir.polyMesh() / "owner", owner);
  });
  Communicator comm(MPI_COMM_WORLD);
  const std::string message = collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); });
  EXPECT_NE(message.find("constant/polyMesh/owner:"), std::string::npos) << message;
  EXPECT_NE(message.find("bad integer '1.5'"), std::string::npos) << message;
  EXPECT_EQ(message, serialErrorOf(dir.polyMesh()));
}

TEST(PolyMeshShareReaderErrors, BadPointCoordinate) {
  SharedTempDir dir("share_err");
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(test::boxMesh(2, 2, 2), dir.polyMesh());
    std::string points = test::readText(dir.polyMesh() / "points");
    const std::size_t first = points.find("\n(\n(") + 4;
    points.insert(first, "0.0.");
    test::writeText(dir.polyMesh() / "points", points);
  });
  Communicator comm(MPI_COMM_WORLD);
  const std::string message = collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); });
  EXPECT_NE(message.find("constant/polyMesh/points:"), std::string::npos) << message;
  EXPECT_NE(message.find("bad number '0.0."), std::string::npos) << message;
  EXPECT_EQ(message, serialErrorOf(dir.polyMesh()));
}

TEST(PolyMeshShareReaderErrors, MissingFile) {
  SharedTempDir dir("share_err");
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(test::boxMesh(2, 2, 2), dir.polyMesh());
    fs::remove(dir.polyMesh() / "neighbour");
  });
  Communicator comm(MPI_COMM_WORLD);
  EXPECT_EQ(collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); }),
            "constant/polyMesh/neighbour: cannot open file");
}

TEST(PolyMeshShareReaderErrors, CompressedFileIsRefusedAsByTheSerialReader) {
  SharedTempDir dir("share_err");
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(test::boxMesh(2, 2, 2), dir.polyMesh());
    fs::rename(dir.polyMesh() / "faces", dir.polyMesh() / "faces.gz");
  });
  Communicator comm(MPI_COMM_WORLD);
  const std::string message = collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); });
  EXPECT_NE(message.find("constant/polyMesh/faces.gz: compressed mesh files are not supported"), std::string::npos)
      << message;
  EXPECT_EQ(message, serialErrorOf(dir.polyMesh()));
}

TEST(PolyMeshShareReaderErrors, FaceReferringToAMissingPointNamesFileAndFace) {
  SharedTempDir dir("share_err");
  const PolyMesh m = test::boxMesh(2, 2, 2);  // 27 points
  dir.writeOnRoot([&] {
    mesh::FaceList faces;
    for (Label f = 0; f < m.nFaces(); ++f) {
      std::vector<Label> face(m.faces()[f].begin(), m.faces()[f].end());
      if (f == m.nFaces() - 1) face[1] = 27;
      faces.add(face);
    }
    mesh::writePolyMesh(m, dir.polyMesh());
    std::string text =
        meshtest::foamHeader("ascii", "faceList", "faces", "") + fmt::format("{}\n(\n", faces.size());
    for (Label f = 0; f < faces.size(); ++f) text += fmt::format("{}({})\n", faces[f].size(), fmt::join(faces[f], " "));
    test::writeText(dir.polyMesh() / "faces", text + ")\n");
  });
  Communicator comm(MPI_COMM_WORLD);
  EXPECT_EQ(collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); }),
            fmt::format("constant/polyMesh/faces: face {} refers to point 27 but there are 27 points", m.nFaces() - 1));
}

TEST(PolyMeshShareReaderErrors, InternalFaceWithoutNeighbour) {
  SharedTempDir dir("share_err");
  const PolyMesh m = test::boxMesh(3, 2, 2);
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(m, dir.polyMesh());
    std::vector<Label> neighbour = m.neighbour();
    neighbour[2] = -1;
    test::writeText(dir.polyMesh() / "neighbour",
                    meshtest::foamHeader("ascii", "labelList", "neighbour", "") +
                        fmt::format("{}\n({})\n", neighbour.size(), fmt::join(neighbour, " ")));
  });
  Communicator comm(MPI_COMM_WORLD);
  EXPECT_EQ(collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); }),
            fmt::format("constant/polyMesh/neighbour: internal face 2 has neighbour -1 outside the {} cells", 12));
}

TEST(PolyMeshShareReaderErrors, OwnerListShorterThanFaces) {
  SharedTempDir dir("share_err");
  const PolyMesh m = test::boxMesh(2, 2, 2);
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(m, dir.polyMesh());
    std::vector<Label> owner(m.owner().begin(), m.owner().end() - 1);
    test::writeText(dir.polyMesh() / "owner", meshtest::foamHeader("ascii", "labelList", "owner", "") +
                                                  fmt::format("{}\n({})\n", owner.size(), fmt::join(owner, " ")));
  });
  Communicator comm(MPI_COMM_WORLD);
  EXPECT_EQ(collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); }),
            fmt::format("constant/polyMesh/owner: {} entries but there are {} faces", m.nFaces() - 1, m.nFaces()));
}

TEST(PolyMeshShareReaderErrors, PatchesThatDoNotCoverTheBoundary) {
  SharedTempDir dir("share_err");
  dir.writeOnRoot([&] {
    mesh::writePolyMesh(test::boxMesh(2, 2, 2), dir.polyMesh());
    std::string boundary = test::readText(dir.polyMesh() / "boundary");
    const std::size_t at = boundary.rfind("nFaces          4;");
    boundary.replace(at, 18, "nFaces          3;");
    test::writeText(dir.polyMesh() / "boundary", boundary);
  });
  Communicator comm(MPI_COMM_WORLD);
  const std::string message = collectiveErrorOf([&] { readPolyMeshShare(comm, dir.polyMesh()); });
  EXPECT_EQ(message, "constant/polyMesh/boundary: patches cover faces up to 35 but there are 36 faces");
}

}  // namespace
}  // namespace sluice::parallel
