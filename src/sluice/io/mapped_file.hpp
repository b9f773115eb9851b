#pragma once
// A regular file mapped read-only into memory, for readers that look at only
// part of a large file (one rank's byte range of a binary polyMesh list) or
// scan it once (ascii): the pages are the operating system's file cache,
// read from disk when touched, shared by the ranks of a node and never
// copied into this process's heap.
//
//   std::optional<io::MappedFile> file = io::MappedFile::open(dir / "points");
//   if (!file) throw InputError(name + ": cannot open file");
//   std::string_view text = file->text();   // the whole file; touch only what you need
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string_view>

namespace sluice::io {

class MappedFile {
 public:
  /// nullopt if the file is missing, not a regular file or cannot be mapped.
  static std::optional<MappedFile> open(const std::filesystem::path& file);

  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::string_view text() const { return {static_cast<const char*>(data_), size_}; }

 private:
  MappedFile(void* data, std::size_t size) : data_(data), size_(size) {}
  void release() noexcept;

  void* data_ = nullptr;  ///< the mapping (not owned memory in the heap sense; unmapped by release)
  std::size_t size_ = 0;
};

}  // namespace sluice::io
