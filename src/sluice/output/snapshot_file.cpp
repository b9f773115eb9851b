#include "sluice/output/snapshot_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <system_error>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/io/text_file.hpp"

namespace sluice::output {

namespace fs = std::filesystem;

static_assert(std::endian::native == std::endian::little, "snapshot files are written little-endian");

namespace {

constexpr char kMagic[16] = "sluice-snapshot";
constexpr std::uint32_t kVersion = 1;

std::string systemReason(int error) { return std::error_code(error, std::generic_category()).message(); }

// A file descriptor written in full or not at all, closed on every path.
class OutputFile {
 public:
  explicit OutputFile(const fs::path& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) fail(errno);
  }
  ~OutputFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) fail(errno);
      if (n == 0) fail(ENOSPC);
      bytes.remove_prefix(static_cast<std::size_t>(n));
    }
  }
  void syncAndClose() {
    if (::fsync(fd_) != 0) fail(errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) fail(errno);
  }

 private:
  [[noreturn]] void fail(int error) const {
    throw Error(fmt::format("{}: cannot write: {}", path_.string(), systemReason(error)));
  }
  fs::path path_;
  int fd_ = -1;
};

void syncFolder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // best effort: the rename is done
  ::fsync(fd);
  ::close(fd);
}

template <class T>
void append(std::string& out, const T& value) {
  out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
void appendAll(std::string& out, const std::vector<T>& values) {
  out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

std::string encode(const SnapshotPart& part) {
  const std::size_t nFaces = part.faceIds.size();
  if (part.faceCanonical.size() != nFaces) throw Error("SnapshotPart: one orientation flag per face expected");
  std::size_t bytes = 64 + part.cellIds.size() * 8 + nFaces * 9;
  for (const SnapshotArray& a : part.arrays) bytes += 16 + a.name.size() + a.values.size() * 8;
  std::string out;
  out.reserve(bytes);
  out.append(kMagic, sizeof kMagic);
  append(out, kVersion);
  append(out, static_cast<std::uint32_t>(part.arrays.size()));
  append(out, static_cast<std::int64_t>(part.cellIds.size()));
  append(out, static_cast<std::int64_t>(nFaces));
  append(out, part.nInternalFaces);
  appendAll(out, part.cellIds);
  appendAll(out, part.faceIds);
  appendAll(out, part.faceCanonical);
  for (const SnapshotArray& a : part.arrays) {
    append(out, static_cast<std::uint32_t>(a.name.size()));
    out.append(a.name);
    append(out, static_cast<std::uint8_t>(a.kind));
    append(out, static_cast<std::uint8_t>(a.components));
    append(out, static_cast<std::uint64_t>(a.values.size()));
    appendAll(out, a.values);
  }
  append(out, snapshotChecksum(out));
  return out;
}

// Reads the fields of a snapshot file in order; any overrun is a truncated file.
class Decoder {
 public:
  Decoder(std::string_view bytes, const fs::path& file) : bytes_(bytes), file_(file) {}
  template <class T>
  T next() {
    T value;
    std::memcpy(&value, take(sizeof value), sizeof value);
    return value;
  }
  template <class T>
  std::vector<T> nextAll(std::uint64_t count) {
    if (count > bytes_.size() / sizeof(T)) fail("truncated");
    std::vector<T> values(count);
    if (count > 0) std::memcpy(values.data(), take(count * sizeof(T)), count * sizeof(T));
    return values;
  }
  std::string nextString(std::uint32_t length) { return std::string(take(length), length); }
  bool done() const { return bytes_.empty(); }
  [[noreturn]] void fail(const std::string& why) const {
    throw InputError(fmt::format("{}: not a complete restart snapshot file ({})", file_.string(), why));
  }

 private:
  const char* take(std::size_t n) {
    if (n > bytes_.size()) fail("truncated");
    const char* p = bytes_.data();
    bytes_.remove_prefix(n);
    return p;
  }
  std::string_view bytes_;
  const fs::path& file_;
};

}  // namespace

const SnapshotArray* SnapshotPart::find(std::string_view name) const {
  for (const SnapshotArray& a : arrays)
    if (a.name == name) return &a;
  return nullptr;
}

std::uint64_t snapshotChecksum(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  constexpr std::uint64_t prime = 0x100000001b3ULL;
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes.data() + i, 8);
    h = (h ^ w) * prime;
  }
  if (i < bytes.size()) {
    std::uint64_t w = 0;
    std::memcpy(&w, bytes.data() + i, bytes.size() - i);
    h = (h ^ w) * prime;
  }
  return (h ^ static_cast<std::uint64_t>(bytes.size())) * prime;  // zero padding is not data
}

void writeFileAtomically(const fs::path& file, std::string_view bytes) {
  fs::path temporary = file;
  temporary += ".tmp";
  try {
    OutputFile out(temporary);
    out.write(bytes);
    out.syncAndClose();
  } catch (...) {
    std::error_code ec;
    fs::remove(temporary, ec);
    throw;
  }
  std::error_code ec;
  fs::rename(temporary, file, ec);
  if (ec) {
    fs::remove(temporary, ec);
    throw Error(fmt::format("{}: cannot write: {}", file.string(), ec.message()));
  }
  syncFolder(file.parent_path().empty() ? fs::path(".") : file.parent_path());
}

void writeSnapshotPart(const fs::path& file, const SnapshotPart& part) { writeFileAtomically(file, encode(part)); }

SnapshotPart readSnapshotPart(const fs::path& file) {
  const std::optional<std::string> bytes = io::readTextFile(file);
  if (!bytes) throw InputError(fmt::format("{}: cannot open file", file.string()));
  std::string_view all(*bytes);
  Decoder whole(all, file);
  if (all.size() < sizeof kMagic + 8 || std::memcmp(all.data(), kMagic, sizeof kMagic) != 0)
    whole.fail("no snapshot header");
  std::uint64_t stored;
  std::memcpy(&stored, all.data() + all.size() - 8, 8);
  if (snapshotChecksum(all.substr(0, all.size() - 8)) != stored) whole.fail("checksum mismatch");

  Decoder in(all.substr(sizeof kMagic, all.size() - sizeof kMagic - 8), file);
  if (const auto version = in.next<std::uint32_t>(); version != kVersion)
    in.fail(fmt::format("version {}, this sluice reads version {}", version, kVersion));
  const auto nArrays = in.next<std::uint32_t>();
  const auto nCells = in.next<std::int64_t>();
  const auto nFaces = in.next<std::int64_t>();
  SnapshotPart part;
  part.nInternalFaces = in.next<std::int64_t>();
  if (nCells < 0 || nFaces < 0 || part.nInternalFaces < 0 || part.nInternalFaces > nFaces) in.fail("bad sizes");
  part.cellIds = in.nextAll<std::int64_t>(static_cast<std::uint64_t>(nCells));
  part.faceIds = in.nextAll<std::int64_t>(static_cast<std::uint64_t>(nFaces));
  part.faceCanonical = in.nextAll<std::uint8_t>(static_cast<std::uint64_t>(nFaces));
  for (std::uint32_t i = 0; i < nArrays; ++i) {
    SnapshotArray a;
    a.name = in.nextString(in.next<std::uint32_t>());
    const auto kind = in.next<std::uint8_t>();
    if (kind > 2) in.fail(fmt::format("array '{}' of unknown kind {}", a.name, kind));
    a.kind = static_cast<SnapshotArrayKind>(kind);
    a.components = in.next<std::uint8_t>();
    const std::int64_t entries = a.kind == SnapshotArrayKind::Cells   ? nCells
                                 : a.kind == SnapshotArrayKind::Faces ? nFaces
                                                                      : nFaces - part.nInternalFaces;
    const auto count = in.next<std::uint64_t>();
    if ((a.components != 1 && a.components != 3) || count != static_cast<std::uint64_t>(entries) * a.components)
      in.fail(fmt::format("array '{}' has {} values for {} entries of {} components", a.name, count, entries,
                          a.components));
    a.values = in.nextAll<double>(count);
    part.arrays.push_back(std::move(a));
  }
  if (!in.done()) in.fail("data after the last array");
  return part;
}

}  // namespace sluice::output
