#pragma once
// Test helpers for files: a temporary directory removed at scope exit, and
// whole-file text writing and reading.
//
//   test::TempDir dir("polyio");                              // <tmp>/sluice-polyio-<pid>-<random>/
//   auto dict = dir.write("system/blockMeshDict", text);      // creates system/, returns the full path
//   test::writeText(dir.path() / "constant/polyMesh/owner", ownerText);
//   std::string back = test::readText(dict);
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

namespace sluice::test {

/// Writes `text` (bytes as given) to `file`, creating its parent folders;
/// throws std::runtime_error if that fails, which fails the test.
inline void writeText(const std::filesystem::path& file, const std::string& text) {
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write test file " + file.string());
}

/// The whole content of `file` ("" if it cannot be read).
inline std::string readText(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// A fresh directory under the system temp dir, deleted with its contents.
/// `tag` only shows in the name (handy when looking at a failed run's files).
class TempDir {
 public:
  explicit TempDir(const std::string& tag = "test") {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("sluice-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

  /// Writes `text` to path()/relative (see writeText); returns the full path.
  std::filesystem::path write(const std::string& relative, const std::string& text) const {
    const std::filesystem::path file = path_ / relative;
    writeText(file, text);
    return file;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace sluice::test
