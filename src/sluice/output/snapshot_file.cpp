#include "sluice/output/snapshot_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <functional>
#include <memory>
#include <span>
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

// snapshotChecksum computed a piece at a time: FNV-1a over 64-bit words that
// may straddle the pieces, the last partial word zero-padded, then the length.
class Checksum {
 public:
  void add(std::string_view bytes) {
    length_ += bytes.size();
    if (tailSize_ > 0) {
      const std::size_t n = std::min(bytes.size(), 8 - tailSize_);
      std::memcpy(tail_ + tailSize_, bytes.data(), n);
      tailSize_ += n;
      bytes.remove_prefix(n);
      if (tailSize_ < 8) return;
      word(tail_);
      tailSize_ = 0;
    }
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) word(bytes.data() + i);
    tailSize_ = bytes.size() - i;
    std::memcpy(tail_, bytes.data() + i, tailSize_);
  }
  std::uint64_t value() const {
    std::uint64_t h = h_;
    if (tailSize_ > 0) {
      std::uint64_t w = 0;
      std::memcpy(&w, tail_, tailSize_);
      h = (h ^ w) * kPrime;
    }
    return (h ^ static_cast<std::uint64_t>(length_)) * kPrime;  // zero padding is not data
  }

 private:
  static constexpr std::uint64_t kPrime = 0x100000001b3ULL;
  void word(const char* p) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    h_ = (h_ ^ w) * kPrime;
  }
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
  std::uint64_t length_ = 0;
  char tail_[8] = {};
  std::size_t tailSize_ = 0;
};

// A snapshot file's bytes on their way to the file through a bounded buffer,
// checksummed as they pass: a write never holds the file's bytes whole.
class SnapshotEncoder {
 public:
  explicit SnapshotEncoder(OutputFile& file) : file_(file) { buffer_.reserve(kBufferBytes); }
  template <class T>
  void append(const T& value) {
    bytes({reinterpret_cast<const char*>(&value), sizeof value});
  }
  template <class T>
  void appendAll(std::span<const T> values) {
    bytes({reinterpret_cast<const char*>(values.data()), values.size_bytes()});
  }
  void bytes(std::string_view b) {
    if (buffer_.size() + b.size() > kBufferBytes) flush();
    if (b.size() >= kBufferBytes) {  // a large array goes to the file as it is
      checksum_.add(b);
      file_.write(b);
    } else {
      buffer_.append(b);
    }
  }
  /// Writes what is buffered, then the checksum of every byte before it.
  void finish() {
    flush();
    const std::uint64_t sum = checksum_.value();
    file_.write({reinterpret_cast<const char*>(&sum), sizeof sum});
  }

 private:
  // Below malloc's mmap threshold (128 KiB): the buffer comes from the heap
  // and is reused write after write, not mapped and page-faulted in anew.
  static constexpr std::size_t kBufferBytes = std::size_t{64} << 10;
  void flush() {
    checksum_.add(buffer_);
    file_.write(buffer_);
    buffer_.clear();
  }
  OutputFile& file_;
  std::string buffer_;
  Checksum checksum_;
};

void encode(const SnapshotPart& part, OutputFile& file) {
  const std::size_t nFaces = part.faceIds.size();
  SnapshotEncoder out(file);
  out.bytes({kMagic, sizeof kMagic});
  out.append(kVersion);
  out.append(static_cast<std::uint32_t>(part.arrays.size()));
  out.append(static_cast<std::int64_t>(part.cellIds.size()));
  out.append(static_cast<std::int64_t>(nFaces));
  out.append(part.nInternalFaces);
  out.appendAll(part.cellIds);
  out.appendAll(part.faceIds);
  out.appendAll(part.faceCanonical);
  for (const SnapshotArray& a : part.arrays) {
    out.append(static_cast<std::uint32_t>(a.name.size()));
    out.bytes(a.name);
    out.append(static_cast<std::uint8_t>(a.kind));
    out.append(static_cast<std::uint8_t>(a.components));
    out.append(static_cast<std::uint64_t>(a.values.size()));
    out.appendAll(std::span<const double>(a.values));
  }
  out.finish();
}

// Writes `file` through `write` crash-safely: a temporary, fsync, rename,
// and with `syncParent` the folder synced (the rename made durable); the
// temporary is removed on failure.
void writeAtomically(const fs::path& file, const std::function<void(OutputFile&)>& write, bool syncParent) {
  fs::path temporary = file;
  temporary += ".tmp";
  try {
    OutputFile out(temporary);
    write(out);
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
  if (syncParent) syncFolder(file.parent_path().empty() ? fs::path(".") : file.parent_path());
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
  Checksum sum;
  sum.add(bytes);
  return sum.value();
}

void SnapshotPart::setIds(std::vector<std::int64_t> cells, std::vector<std::int64_t> faces,
                          std::vector<std::uint8_t> canonical) {
  auto owned = std::make_shared<Ids>(Ids{std::move(cells), std::move(faces), std::move(canonical)});
  cellIds = owned->cellIds;
  faceIds = owned->faceIds;
  faceCanonical = owned->faceCanonical;
  ownedIds = std::move(owned);
}

void writeFileAtomically(const fs::path& file, std::string_view bytes) {
  writeAtomically(file, [bytes](OutputFile& out) { out.write(bytes); }, true);
}

void writeSnapshotPart(const fs::path& file, const SnapshotPart& part) {
  if (part.faceCanonical.size() != part.faceIds.size())
    throw Error("SnapshotPart: one orientation flag per face expected");
  // No folder sync per part: the snapshot's manifest, written into the same
  // folder once every rank's part is renamed, syncs the folder (and so
  // every part's name) before the snapshot counts as complete.
  writeAtomically(file, [&part](OutputFile& out) { encode(part, out); }, false);
}

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
  std::vector<std::int64_t> cellIds = in.nextAll<std::int64_t>(static_cast<std::uint64_t>(nCells));
  std::vector<std::int64_t> faceIds = in.nextAll<std::int64_t>(static_cast<std::uint64_t>(nFaces));
  part.setIds(std::move(cellIds), std::move(faceIds), in.nextAll<std::uint8_t>(static_cast<std::uint64_t>(nFaces)));
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
