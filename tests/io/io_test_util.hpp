#pragma once
// Helpers shared by the io tests.
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "sluice/core/error.hpp"

namespace sluice::io::test {

/// Runs `f` and returns the InputError message ("" if nothing was thrown).
template <class F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

/// A fresh directory under the system temp directory, removed on destruction.
class TempDir {
 public:
  explicit TempDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              ("sluice_io_test_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  /// Writes `text` to `relative` (creating parent directories); returns the full path.
  std::filesystem::path write(const std::string& relative, const std::string& text) const {
    std::filesystem::path p = path_ / relative;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << text;
    return p;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace sluice::io::test
