// Fuzz target: the constant/polyMesh reader, ascii and binary. The input is
// the five files joined by a separator line "\n@@\n" in the order points,
// faces, owner, neighbour, boundary (missing trailing parts: missing files);
// they are written to a scratch directory (readPolyMesh reads a directory)
// and read back into a PolyMesh.
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "fuzz_input.hpp"
#include "sluice/core/error.hpp"
#include "sluice/mesh/polymesh_io.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::string_view kSeparator = "\n@@\n";
constexpr std::array<const char*, 5> kFiles{"points", "faces", "owner", "neighbour", "boundary"};

/// <tmp>/sluice-fuzz-<pid>/constant/polyMesh, made once per process and
/// removed at exit; in /dev/shm when there is one (five files are written
/// per input: a disk would dominate the time).
fs::path scratchBase() {
  std::error_code ec;
  return fs::is_directory("/dev/shm", ec) ? fs::path("/dev/shm") : fs::temp_directory_path();
}

class ScratchDir {
 public:
  ScratchDir() : root_(scratchBase() / ("sluice-fuzz-" + std::to_string(::getpid()))) {
    fs::create_directories(root_ / "constant/polyMesh");
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  fs::path polyMesh() const { return root_ / "constant/polyMesh"; }

 private:
  fs::path root_;
};

void writeParts(const fs::path& dir, std::string_view text) {
  for (const char* name : kFiles) {
    const fs::path path = dir / name;
    if (text.data() == nullptr) {  // no more parts: the file is missing
      std::error_code ec;
      fs::remove(path, ec);
      continue;
    }
    const std::size_t end = text.find(kSeparator);
    const std::string_view part = text.substr(0, end);
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(part.data(), static_cast<std::streamsize>(part.size()));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + kSeparator.size());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ScratchDir scratch;  // one directory per fuzzing process
  const char empty = 0;
  writeParts(scratch.polyMesh(), size == 0 ? std::string_view(&empty, 0) : sluice::fuzz::asText(data, size));
  try {
    (void)sluice::mesh::readPolyMesh(scratch.polyMesh());
  } catch (const sluice::InputError&) {
  }
  return 0;
}
