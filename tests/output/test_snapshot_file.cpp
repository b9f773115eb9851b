// Restart snapshot files: what is written reads back bit for bit; a damaged
// file (truncated, changed, not a snapshot) is an InputError naming it; a
// failed write leaves no file behind.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>

#include "sluice/core/error.hpp"
#include "sluice/output/snapshot_file.hpp"
#include "support/temp_dir.hpp"

using namespace sluice;
using output::SnapshotArray;
using output::SnapshotArrayKind;
using output::SnapshotPart;
namespace fs = std::filesystem;

namespace {

SnapshotPart samplePart() {
  SnapshotPart part;
  part.cellIds = {7, 3, 5};
  part.faceIds = {10, 11, 2, 40};
  part.faceCanonical = {1, 0, 1, 1};
  part.nInternalFaces = 2;
  part.arrays.push_back({"U", SnapshotArrayKind::Cells, 3, {1, 2, 3, 4, 5, 6, 0.1, 1e-300, -0.0}});
  part.arrays.push_back({"phi", SnapshotArrayKind::Faces, 1, {0.5, -0.25, std::numeric_limits<double>::denorm_min(), 3}});
  part.arrays.push_back({"p|boundary", SnapshotArrayKind::BoundaryFaces, 1, {9, 8}});
  return part;
}

std::string readAll(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeAll(const fs::path& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out << bytes;
}

}  // namespace

TEST(SnapshotFile, ReadsBackBitForBit) {
  test::TempDir dir("snapshot-file");
  const SnapshotPart part = samplePart();
  output::writeSnapshotPart(dir.path() / "rank0.bin", part);
  EXPECT_FALSE(fs::exists(dir.path() / "rank0.bin.tmp"));
  const SnapshotPart back = output::readSnapshotPart(dir.path() / "rank0.bin");
  EXPECT_EQ(back.cellIds, part.cellIds);
  EXPECT_EQ(back.faceIds, part.faceIds);
  EXPECT_EQ(back.faceCanonical, part.faceCanonical);
  EXPECT_EQ(back.nInternalFaces, 2);
  ASSERT_EQ(back.arrays.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(back.arrays[i].name, part.arrays[i].name);
    EXPECT_EQ(back.arrays[i].kind, part.arrays[i].kind);
    EXPECT_EQ(back.arrays[i].components, part.arrays[i].components);
    ASSERT_EQ(back.arrays[i].values.size(), part.arrays[i].values.size());
    for (std::size_t k = 0; k < part.arrays[i].values.size(); ++k)
      EXPECT_EQ(std::signbit(back.arrays[i].values[k]), std::signbit(part.arrays[i].values[k]));
    EXPECT_EQ(std::memcmp(back.arrays[i].values.data(), part.arrays[i].values.data(),
                          part.arrays[i].values.size() * sizeof(double)),
              0);
  }
  EXPECT_NE(back.find("phi"), nullptr);
  EXPECT_EQ(back.find("nothing"), nullptr);
}

TEST(SnapshotFile, DamagedFilesAreErrorsNamingThem) {
  test::TempDir dir("snapshot-damaged");
  const fs::path file = dir.path() / "rank0.bin";
  output::writeSnapshotPart(file, samplePart());
  const std::string good = readAll(file);
  auto expectError = [&](const std::string& bytes, const std::string& why) {
    writeAll(file, bytes);
    try {
      output::readSnapshotPart(file);
      ADD_FAILURE() << "no error for " << why;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(file.string() + ": not a complete restart snapshot file (" + why),
                std::string::npos)
          << e.what();
    }
  };
  expectError(good.substr(0, good.size() / 2), "checksum mismatch");  // truncated
  std::string changed = good;
  changed[good.size() / 2] ^= 1;
  expectError(changed, "checksum mismatch");
  expectError("FoamFile { }", "no snapshot header");
  expectError(good.substr(0, 10), "no snapshot header");
  EXPECT_THROW(output::readSnapshotPart(dir.path() / "missing.bin"), InputError);
}

TEST(SnapshotFile, AFailedWriteLeavesNoFile) {
  test::TempDir dir("snapshot-fail");
  const fs::path file = dir.path() / "no-such-folder" / "rank0.bin";
  try {
    output::writeSnapshotPart(file, samplePart());
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(file.string() + ".tmp: cannot write: No such file or directory"),
              std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(file));
}

TEST(SnapshotFile, ChecksumSeesEveryByte) {
  const std::string a = "sluice-snapshot-checksum";
  for (std::size_t i = 0; i < a.size(); ++i) {
    std::string b = a;
    b[i] ^= 0x10;
    EXPECT_NE(output::snapshotChecksum(a), output::snapshotChecksum(b)) << i;
  }
  EXPECT_NE(output::snapshotChecksum("abc"), output::snapshotChecksum(std::string("abc\0", 4)));
}
