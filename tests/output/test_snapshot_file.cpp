// Restart snapshot files: what is written reads back bit for bit; a damaged
// file (truncated, changed, not a snapshot) is an InputError naming it; a
// failed write leaves no file behind.
#include <gtest/gtest.h>

#include <algorithm>
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
  part.setIds({7, 3, 5}, {10, 11, 2, 40}, {1, 0, 1, 1});
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
  EXPECT_TRUE(std::ranges::equal(back.cellIds, part.cellIds));
  EXPECT_TRUE(std::ranges::equal(back.faceIds, part.faceIds));
  EXPECT_TRUE(std::ranges::equal(back.faceCanonical, part.faceCanonical));
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

namespace {

template <class T>
void appendBytes(std::string& out, const T* data, std::size_t count) {
  out.append(reinterpret_cast<const char*>(data), count * sizeof(T));
}

/// The file's layout (snapshot_file.hpp) made in one string, as the writer did before it streamed.
std::string wholeEncoding(const SnapshotPart& part) {
  std::string out("sluice-snapshot", 16);
  const std::uint32_t version = 1, nArrays = static_cast<std::uint32_t>(part.arrays.size());
  const std::int64_t sizes[3] = {static_cast<std::int64_t>(part.cellIds.size()),
                                 static_cast<std::int64_t>(part.faceIds.size()), part.nInternalFaces};
  appendBytes(out, &version, 1);
  appendBytes(out, &nArrays, 1);
  appendBytes(out, sizes, 3);
  appendBytes(out, part.cellIds.data(), part.cellIds.size());
  appendBytes(out, part.faceIds.data(), part.faceIds.size());
  appendBytes(out, part.faceCanonical.data(), part.faceCanonical.size());
  for (const SnapshotArray& a : part.arrays) {
    const auto length = static_cast<std::uint32_t>(a.name.size());
    const std::uint8_t kind = static_cast<std::uint8_t>(a.kind), components = static_cast<std::uint8_t>(a.components);
    const auto count = static_cast<std::uint64_t>(a.values.size());
    appendBytes(out, &length, 1);
    out += a.name;
    appendBytes(out, &kind, 1);
    appendBytes(out, &components, 1);
    appendBytes(out, &count, 1);
    appendBytes(out, a.values.data(), a.values.size());
  }
  const std::uint64_t sum = output::snapshotChecksum(out);
  appendBytes(out, &sum, 1);
  return out;
}

}  // namespace

TEST(SnapshotFile, ALargePartIsStreamedToTheSameBytes) {
  // Several MiB, names of odd lengths (arrays not 8-byte aligned in the file):
  // the bytes, and the checksum computed piece by piece as they are written,
  // are those of the whole file made at once.
  test::TempDir dir("snapshot-large");
  const std::size_t nCells = 150001, nFaces = 3 * nCells + 7;
  std::vector<std::int64_t> cells(nCells), faces(nFaces);
  std::vector<std::uint8_t> canonical(nFaces);
  for (std::size_t i = 0; i < nCells; ++i) cells[i] = static_cast<std::int64_t>((i * 7919) % nCells);
  for (std::size_t i = 0; i < nFaces; ++i) {
    faces[i] = static_cast<std::int64_t>(nFaces - i);
    canonical[i] = static_cast<std::uint8_t>(i % 3 == 0);
  }
  SnapshotPart part;
  part.setIds(std::move(cells), std::move(faces), std::move(canonical));
  part.nInternalFaces = static_cast<std::int64_t>(nCells);
  const auto values = [](std::size_t n, double scale) {
    std::vector<double> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = scale * static_cast<double>(i) + 0.1;
    return v;
  };
  part.arrays.push_back({"U", SnapshotArrayKind::Cells, 3, values(3 * nCells, 1.5)});
  part.arrays.push_back({"phi|old", SnapshotArrayKind::Faces, 1, values(nFaces, -0.25)});
  part.arrays.push_back({"p.rgh|boundary", SnapshotArrayKind::BoundaryFaces, 1, values(nFaces - nCells, 3)});
  part.arrays.push_back({"alpha.water|oldOld", SnapshotArrayKind::Cells, 1, values(nCells, 1e-3)});
  const fs::path file = dir.path() / "rank0.bin";
  output::writeSnapshotPart(file, part);
  const std::string bytes = readAll(file);
  EXPECT_GT(bytes.size(), std::size_t{8} << 20);
  EXPECT_TRUE(bytes == wholeEncoding(part));
  const SnapshotPart back = output::readSnapshotPart(file);  // checks the checksum
  EXPECT_TRUE(std::ranges::equal(back.faceIds, part.faceIds));
  ASSERT_EQ(back.arrays.size(), 4u);
  EXPECT_EQ(back.arrays[3].values, part.arrays[3].values);
}

TEST(SnapshotFile, IdsViewArraysThePartDoesNotHold) {
  // A run's snapshot views the mesh's id arrays instead of copying them.
  test::TempDir dir("snapshot-views");
  const std::vector<std::int64_t> cells{4, 0, 2}, faces{5, 6, 7, 8};
  const std::vector<std::uint8_t> canonical{1, 1, 0, 1};
  SnapshotPart part;
  part.cellIds = cells;
  part.faceIds = faces;
  part.faceCanonical = canonical;
  part.nInternalFaces = 1;
  part.arrays.push_back({"p", SnapshotArrayKind::Cells, 1, {1, 2, 3}});
  const SnapshotPart copy = part;
  EXPECT_EQ(copy.cellIds.data(), cells.data());
  output::writeSnapshotPart(dir.path() / "rank0.bin", copy);
  EXPECT_TRUE(readAll(dir.path() / "rank0.bin") == wholeEncoding(part));
  SnapshotPart held;
  held.setIds(cells, faces, canonical);
  held.nInternalFaces = 1;
  held.arrays = part.arrays;
  const SnapshotPart heldCopy = held;  // views the same held arrays
  EXPECT_EQ(heldCopy.cellIds.data(), held.cellIds.data());
  output::writeSnapshotPart(dir.path() / "rank1.bin", heldCopy);
  EXPECT_TRUE(readAll(dir.path() / "rank1.bin") == readAll(dir.path() / "rank0.bin"));
}
