// Reading fields at 1-4 ranks: rank 0 writes the files, every rank reads
// its part; gathered by global id (a sum over ranks of arrays holding each
// rank's owned entries) the field equals the file. Errors reach every rank
// with the same message.
#include <gtest/gtest.h>
#include <mpi.h>

#include <fmt/format.h>

#include "field/field_test_mesh.hpp"
#include "sluice/core/error.hpp"
#include "sluice/field/field_io.hpp"

namespace sluice::field {
namespace {

using fieldtest::BoxSpec;

BoxSpec channel() {
  BoxSpec s(6, 4, 1, {3.0, 2.0, 0.1});
  s.names = {"inlet", "outlet", "lowerWall", "upperWall", "front", "back"};
  return s;
}

/// Rank 0 makes the directory; every rank gets its path.
std::unique_ptr<fieldtest::ScratchDir> sharedDir(parallel::Communicator& comm, const std::string& tag) {
  std::string path;
  if (comm.isRoot()) path = fieldtest::ScratchDir(tag, false).path().string();
  comm.broadcast(path);
  if (comm.isRoot()) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  return std::make_unique<fieldtest::ScratchDir>(path, comm.isRoot());
}

FvMesh distributedChannel(parallel::Communicator& comm) {
  const mesh::PolyMesh global = fieldtest::box(channel());
  std::vector<int> cellToRank(global.nCells());
  for (Label c = 0; c < global.nCells(); ++c) cellToRank[c] = (c * 5 + 1) % comm.size();
  const bool root = comm.isRoot();
  return distributeFvMesh(root ? &global : nullptr,
                          root ? std::span<const int>(cellToRank) : std::span<const int>(), comm);
}

std::string list(const std::vector<Scalar>& v) {
  std::string out = fmt::format("nonuniform List<scalar> {}(", v.size());
  for (Scalar x : v) out += fmt::format(" {}", x);
  return out + ")";
}

std::string vectorList(const std::vector<Vec3>& v) {
  std::string out = fmt::format("nonuniform List<vector> {}(", v.size());
  for (const Vec3& x : v) out += fmt::format(" ({} {} {})", x.x, x.y, x.z);
  return out + ")";
}

TEST(FieldReadMpi, GatheredFieldEqualsTheFile) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  FvMesh mesh = distributedChannel(comm);
  auto dir = sharedDir(comm, "read_mpi");

  std::vector<Vec3> cells(24);
  for (Label c = 0; c < 24; ++c) cells[c] = {0.5 * c, -1.0 * c, 1.0 / (c + 1)};
  const std::vector<Vec3> inlet{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0.5, 0}};
  std::vector<Scalar> pCells(24);
  for (Label c = 0; c < 24; ++c) pCells[c] = 100.0 + c * c;
  const std::vector<Scalar> lower{1, 2, 3, 4, 5, 6};
  if (comm.isRoot()) {
    fieldtest::writeText(dir->path() / "0/U",
                         fieldtest::fieldHeader("volVectorField", "U") +
                             "dimensions [0 1 -1 0 0 0 0];\ninternalField " + vectorList(cells) +
                             ";\nboundaryField\n{\n"
                             "inlet { type fixedValue; value " + vectorList(inlet) + "; }\n"
                             "outlet { type zeroGradient; }\nwall { type noSlip; }\n"
                             "\"(front|back)\" { type empty; }\n}\n");
    fieldtest::writeText(dir->path() / "0/p",
                         fieldtest::fieldHeader("volScalarField", "p") +
                             "dimensions [0 2 -2 0 0 0 0];\ninternalField " + list(pCells) +
                             ";\nboundaryField\n{\n"
                             "\".*\" { type zeroGradient; }\n"
                             "lowerWall { type fixedValue; value " + list(lower) + "; }\n"
                             "\"(front|back)\" { type empty; }\n}\n");
  }
  const VolVectorField U = readVolVectorField(dir->path(), "U", "0", mesh);
  const VolScalarField p = readVolScalarField(dir->path(), "p", "0", mesh);

  // Gather owned cells by global id.
  std::vector<double> gathered(24 * 4, 0.0);
  for (Label c = 0; c < mesh.nCells(); ++c) {
    const GlobalLabel g = mesh.globalCellIds()[c];
    gathered[4 * g + 0] = U[c].x;
    gathered[4 * g + 1] = U[c].y;
    gathered[4 * g + 2] = U[c].z;
    gathered[4 * g + 3] = p[c];
  }
  comm.sumInPlace(std::span<double>(gathered));
  for (Label c = 0; c < 24; ++c) {
    EXPECT_EQ((Vec3{gathered[4 * c], gathered[4 * c + 1], gathered[4 * c + 2]}), cells[c]) << "cell " << c;
    EXPECT_EQ(gathered[4 * c + 3], pCells[c]) << "cell " << c;
  }
  // Ghosts were updated by the reader: they hold the file's values of their cells.
  for (Label g = mesh.nCells(); g < mesh.nLocalCells(); ++g) {
    EXPECT_EQ(U[g], cells[mesh.globalCellIds()[g]]);
    EXPECT_EQ(p[g], pCells[mesh.globalCellIds()[g]]);
  }
  // Patch values by position in the undecomposed patch.
  std::vector<double> patchGather(4 * 3 + 6, 0.0);
  const mesh::Patch& in = mesh.patches()[0];
  for (Label f = in.start; f < in.start + in.size; ++f) {
    const GlobalLabel i = mesh.patchFaceFileIndex(f);
    const Vec3& v = U.boundaryValue(f);
    patchGather[3 * i] = v.x;
    patchGather[3 * i + 1] = v.y;
    patchGather[3 * i + 2] = v.z;
  }
  const mesh::Patch& lw = mesh.patches()[2];
  for (Label f = lw.start; f < lw.start + lw.size; ++f) patchGather[12 + mesh.patchFaceFileIndex(f)] = p.boundaryValue(f);
  comm.sumInPlace(std::span<double>(patchGather));
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ((Vec3{patchGather[3 * i], patchGather[3 * i + 1], patchGather[3 * i + 2]}), inlet[i]);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(patchGather[12 + i], lower[i]);
  EXPECT_EQ(U.boundaryCondition(2)->type(), "noSlip");
  // Processor faces: interpolated between the two sides.
  for (Label f = mesh.nInternalFaces(); f < mesh.nFaces(); ++f) {
    const Label g = mesh.faceGhost(f);
    if (g < 0) continue;
    const Scalar w = mesh.geometry().weights[f];
    EXPECT_NEAR(p.boundaryValue(f), w * p[mesh.poly().owner()[f]] + (1 - w) * p[g], 1e-12);
  }
}

TEST(FieldReadMpi, ErrorsAreTheSameOnEveryRank) {
  parallel::Communicator comm(MPI_COMM_WORLD);
  FvMesh mesh = distributedChannel(comm);
  auto dir = sharedDir(comm, "errors_mpi");
  auto expectError = [&](const std::string& name, const std::string& body, const std::string& expected) {
    if (comm.isRoot() && !body.empty()) fieldtest::writeText(dir->path() / "0" / name, body);
    try {
      readVolScalarField(dir->path(), name, "0", mesh);
      ADD_FAILURE() << "no error for " << name;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), expected);
    }
  };
  const std::string head = fieldtest::fieldHeader("volScalarField", "p") + "dimensions [0 2 -2 0 0 0 0];\n";
  expectError("a", head + "internalField uniform 0;\nboundaryField\n{\ninlet { type zeroGradient; }\n}\n",
              "0/a: boundaryField: no entry for patch 'outlet'");
  expectError("b",
              head + "internalField uniform 0;\nboundaryField\n{\n\".*\" { type zeroGradient; }\n"
                     "inlet { type fixedValue; value nonuniform List<scalar> 3(1 2 3); }\n\"(front|back)\" { type empty; }\n}\n",
              "0/b: boundaryField/inlet: value: expected 4 values, found 3");
  std::string bad = "nonuniform List<scalar> 24(";
  for (int c = 0; c < 24; ++c) bad += c == 12 ? " 1e999" : " 0";
  expectError("c",
              head + "internalField " + bad + ")" +
                  ";\nboundaryField\n{\n\".*\" { type zeroGradient; }\n\"(front|back)\" { type empty; }\n}\n",
              "0/c:9:67: number '1e999' is out of range");
  expectError("missing", "", "0/missing: cannot open file");
}

}  // namespace
}  // namespace sluice::field
