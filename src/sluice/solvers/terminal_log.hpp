#pragma once
// A solver log on a terminal with a status line (the progress display) kept
// as its last line: text written to stream() scrolls above the status line,
// which is erased before each write and drawn again after each complete line,
// so solver output and progress never share a line. Only for a terminal
// (the status line is redrawn with "\r" and "ESC[K"); a redirected log gets
// plain text and no TerminalLog. Rank 0 only.
//
//   TerminalLog terminal(stdout);
//   std::FILE* log = terminal.stream();           // solver lines: fmt::print(log, "...\n")
//   terminal.setStatus("Time = 0.1  10.0 % ..."); // redraws the last line
//   // destruction: the status line stays on screen, followed by a newline
//
// stream() is a glibc cookie stream (fopencookie), line-buffered; it forwards
// to the terminal stream given at construction, which must outlive this.
#include <cstdio>
#include <string>
#include <sys/types.h>

namespace sluice::solvers {

class TerminalLog {
 public:
  explicit TerminalLog(std::FILE* terminal);
  ~TerminalLog();
  TerminalLog(const TerminalLog&) = delete;
  TerminalLog& operator=(const TerminalLog&) = delete;

  /// The stream solver output goes to.
  std::FILE* stream() const { return stream_; }
  /// Shows `line` as the status line (replacing the previous one).
  void setStatus(std::string line);
  /// Leaves the status line on screen as an ordinary line; later output
  /// starts below it and no status line is drawn until the next setStatus.
  void endStatus();

 private:
  static ssize_t writeCookie(void* self, const char* data, std::size_t size);
  void eraseStatus();
  void drawStatus();

  std::FILE* terminal_;
  std::FILE* stream_ = nullptr;
  std::string status_;
  bool statusShown_ = false;   ///< the status line is on screen, the cursor at its end
  bool atLineStart_ = true;    ///< the last text written through stream() ended a line
};

}  // namespace sluice::solvers
