#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "sluice/solvers/progress_display.hpp"
#include "sluice/solvers/terminal_log.hpp"

using sluice::solvers::ProgressDisplay;
using sluice::solvers::TerminalLog;

namespace {

// What a TerminalLog sent to its terminal, with control sequences spelled out.
struct CapturedTerminal {
  std::FILE* file = std::tmpfile();
  ~CapturedTerminal() { std::fclose(file); }
  std::string text() {
    std::fflush(file);
    std::string s;
    std::rewind(file);
    for (int c; (c = std::fgetc(file)) != EOF;) {
      if (c == '\r') s += "<CR>";
      else if (c == '\x1b') s += "<ESC>";
      else s += static_cast<char>(c);
    }
    return s;
  }
};

}  // namespace

TEST(TerminalLog, SolverLinesScrollAboveTheStatusLine) {
  CapturedTerminal terminal;
  {
    TerminalLog log(terminal.file);
    fmt::print(log.stream(), "Time = 0.1\n");
    log.setStatus("10 %");
    fmt::print(log.stream(), "Courant Number mean: 0 max: 0\n");
    log.setStatus("20 %");
  }
  EXPECT_EQ(terminal.text(),
            "Time = 0.1\n"
            "10 %<CR><ESC>[KCourant Number mean: 0 max: 0\n"
            "10 %<CR><ESC>[K20 %\n");
}

TEST(TerminalLog, APartialLineIsNeverFollowedByTheStatus) {
  CapturedTerminal terminal;
  TerminalLog log(terminal.file);
  log.setStatus("S");
  std::fputs("abc", log.stream());
  std::fflush(log.stream());
  std::fputs("def\n", log.stream());
  std::fflush(log.stream());
  EXPECT_EQ(terminal.text(), "S<CR><ESC>[Kabcdef\nS");
}

TEST(TerminalLog, EndStatusLeavesTheLastLineAndStopsRedrawing) {
  CapturedTerminal terminal;
  TerminalLog log(terminal.file);
  log.setStatus("done");
  log.endStatus();
  fmt::print(log.stream(), "End\n");
  std::fflush(log.stream());
  EXPECT_EQ(terminal.text(), "done\nEnd\n");
}

TEST(ProgressDisplay, OnATerminalTheProgressIsTheStatusLine) {
  CapturedTerminal terminal;
  {
    TerminalLog log(terminal.file);
    ProgressDisplay progress(&log, nullptr);
    progress.update(0.5, 1.0, 10);
    progress.finish();
  }
  const std::string text = terminal.text();
  EXPECT_EQ(text.rfind("Time = 0.5", 0), 0u) << text;
  EXPECT_EQ(text.find("<CR>"), std::string::npos) << text;
  EXPECT_EQ(text.back(), '\n');
}

TEST(ProgressDisplay, InALogProgressLinesDoNotLookLikeOpenFoamTimeLines) {
  CapturedTerminal log;
  ProgressDisplay progress(nullptr, log.file, 0.0);
  progress.update(0.5, 0.5, 10);
  progress.update(1.0, 1.0, 20);
  const std::string text = log.text();
  EXPECT_EQ(text.rfind("Progress: Time = 0.5", 0), 0u) << text;
  EXPECT_NE(text.find("\nProgress: Time = 1 "), std::string::npos) << text;
  EXPECT_EQ(text.find("<"), std::string::npos) << text;  // no control characters
}

TEST(ProgressDisplay, WithoutTerminalOrLogNothingIsShown) {
  ProgressDisplay progress(nullptr, nullptr);
  progress.update(1.0, 1.0, 1);  // must not crash
  progress.finish();
}
