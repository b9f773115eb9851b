#pragma once
// Test helpers: run a shell command with a time limit and capture its output.
//
//   test::CommandResult r = test::runCommand(test::shellQuote(exe) + " mesh " + test::shellQuote(dir), 120);
//   EXPECT_EQ(r.exitCode, 0) << r.output;
#include <array>
#include <cstdio>
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

/// Quotes a path for the shell.
inline std::string shellQuote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += (c == '\'') ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace sluice::test
