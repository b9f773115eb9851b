#pragma once
// Test helpers: run a shell command with a time limit and capture its output;
// a temporary directory removed at scope exit.
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <sys/wait.h>

namespace sluice::test {

struct CommandResult {
  int exitCode = -1;   ///< 124 when the time limit killed it
  std::string output;  ///< stdout and stderr interleaved
};

/// Runs `command` through /bin/sh under `timeout`, so a hang fails the test
/// instead of blocking the suite.
inline CommandResult runCommand(const std::string& command, int timeoutSeconds = 120) {
  const std::string wrapped = "timeout " + std::to_string(timeoutSeconds) + " " + command + " 2>&1";
  CommandResult result;
  FILE* pipe = popen(wrapped.c_str(), "r");
  if (!pipe) return result;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.output.append(buffer.data(), n);
  const int status = pclose(pipe);
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

/// A fresh directory under the system temp dir, deleted with its contents.
class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("sluice-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

  /// Writes `text` to path()/relative, creating parent folders.
  std::filesystem::path write(const std::string& relative, const std::string& text) const {
    const auto file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file;
  }

 private:
  std::filesystem::path path_;
};

/// Quotes a path for the shell.
inline std::string shellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace sluice::test
