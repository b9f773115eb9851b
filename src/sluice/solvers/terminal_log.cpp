#include "sluice/solvers/terminal_log.hpp"

#include <stdexcept>

namespace sluice::solvers {

TerminalLog::TerminalLog(std::FILE* terminal) : terminal_(terminal) {
  cookie_io_functions_t functions{};
  functions.write = &TerminalLog::writeCookie;
  stream_ = fopencookie(this, "w", functions);
  if (stream_ == nullptr) throw std::runtime_error("cannot open the terminal log stream");
  std::setvbuf(stream_, nullptr, _IOLBF, 0);
}

TerminalLog::~TerminalLog() {
  std::fclose(stream_);  // flushes what is left through writeCookie
  endStatus();
}

ssize_t TerminalLog::writeCookie(void* self, const char* data, std::size_t size) {
  auto& log = *static_cast<TerminalLog*>(self);
  if (size == 0) return 0;
  log.eraseStatus();
  std::fwrite(data, 1, size, log.terminal_);
  log.atLineStart_ = data[size - 1] == '\n';
  log.drawStatus();
  std::fflush(log.terminal_);
  return static_cast<ssize_t>(size);
}

void TerminalLog::setStatus(std::string line) {
  std::fflush(stream_);  // solver text first, above the status line
  eraseStatus();
  status_ = std::move(line);
  drawStatus();
  std::fflush(terminal_);
}

void TerminalLog::endStatus() {
  std::fflush(stream_);
  if (statusShown_) {
    std::fputs("\n", terminal_);
    std::fflush(terminal_);
  }
  statusShown_ = false;
  status_.clear();
}

void TerminalLog::eraseStatus() {
  if (!statusShown_) return;
  std::fputs("\r\x1b[K", terminal_);
  statusShown_ = false;
}

void TerminalLog::drawStatus() {
  // A partial solver line (no newline yet) is never followed by the status.
  if (status_.empty() || !atLineStart_) return;
  std::fputs(status_.c_str(), terminal_);
  statusShown_ = true;
}

}  // namespace sluice::solvers
