#include "supervised_child.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

namespace sluice::apps {

namespace {

// A file descriptor closed when it goes out of scope.
class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

// Blocks SIGINT and SIGTERM for the scope (they are read from a signalfd
// instead) and restores the previous mask after.
class BlockedSignals {
 public:
  BlockedSignals() {
    sigemptyset(&set_);
    sigaddset(&set_, SIGINT);
    sigaddset(&set_, SIGTERM);
    sigprocmask(SIG_BLOCK, &set_, &previous_);
  }
  BlockedSignals(const BlockedSignals&) = delete;
  BlockedSignals& operator=(const BlockedSignals&) = delete;
  ~BlockedSignals() { sigprocmask(SIG_SETMASK, &previous_, nullptr); }
  const sigset_t& set() const { return set_; }
  const sigset_t& previous() const { return previous_; }

 private:
  sigset_t set_{};
  sigset_t previous_{};
};

// Splits what is read from a pipe into lines.
class LineSplitter {
 public:
  explicit LineSplitter(const std::function<void(std::string_view)>& onLine) : onLine_(onLine) {}
  void add(const char* data, std::size_t n) {
    pending_.append(data, n);
    std::size_t start = 0;
    for (std::size_t nl; (nl = pending_.find('\n', start)) != std::string::npos; start = nl + 1)
      onLine_(std::string_view(pending_).substr(start, nl - start));
    pending_.erase(0, start);
  }
  void finish() {
    if (!pending_.empty()) onLine_(pending_);
    pending_.clear();
  }

 private:
  const std::function<void(std::string_view)>& onLine_;
  std::string pending_;
};

int exitCodeOf(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 1;
}

// Passes the signals received on to the child: the first as `firstStopAs`
// (0: as it is), later ones as SIGTERM. `first` keeps the first signal received.
void forwardSignals(int signalFd, pid_t child, int firstStopAs, int& first) {
  signalfd_siginfo info{};
  while (read(signalFd, &info, sizeof info) == static_cast<ssize_t>(sizeof info)) {
    const int sig = static_cast<int>(info.ssi_signo);
    if (first == 0) {
      first = sig;
      kill(child, firstStopAs != 0 ? firstStopAs : sig);
    } else {
      kill(child, SIGTERM);
    }
  }
}

}  // namespace

ChildResult runSupervisedChild(const std::vector<std::string>& argv, int firstStopAs,
                               const std::function<void(std::string_view)>& onStderrLine) {
  std::vector<char*> cargv;
  for (const std::string& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);

  const BlockedSignals blocked;
  Fd signalFd(signalfd(-1, &blocked.set(), SFD_CLOEXEC | SFD_NONBLOCK));
  std::array<int, 2> errPipe{}, execPipe{};
  if (pipe2(errPipe.data(), O_CLOEXEC) != 0) return {std::string("cannot create a pipe: ") + std::strerror(errno), 1};
  Fd errRead(errPipe[0]), errWrite(errPipe[1]);
  // Closed by a successful exec; carries errno when exec fails.
  if (pipe2(execPipe.data(), O_CLOEXEC) != 0) return {std::string("cannot create a pipe: ") + std::strerror(errno), 1};
  Fd execRead(execPipe[0]), execWrite(execPipe[1]);

  const pid_t child = fork();
  if (child < 0) return {std::string("cannot fork: ") + std::strerror(errno), 1};
  if (child == 0) {
    sigprocmask(SIG_SETMASK, &blocked.previous(), nullptr);
    // Its own process group (a Ctrl-C reaches it through the parent only),
    // no terminal input (a background group reading it would be stopped),
    // and SIGTERM when the parent dies (no orphaned run).
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (const int null = open("/dev/null", O_RDONLY); null >= 0) dup2(null, STDIN_FILENO);
    dup2(errWrite.get(), STDERR_FILENO);
    execvp(cargv[0], cargv.data());
    const int error = errno;
    [[maybe_unused]] const ssize_t n = write(execWrite.get(), &error, sizeof error);
    _exit(127);
  }
  errWrite.reset();
  execWrite.reset();

  int execError = 0;
  ssize_t got;
  do got = read(execRead.get(), &execError, sizeof execError);
  while (got < 0 && errno == EINTR);
  if (got == static_cast<ssize_t>(sizeof execError)) {
    int status = 0;
    waitpid(child, &status, 0);
    return {std::strerror(execError), 127};
  }

  LineSplitter lines(onStderrLine);
  std::array<char, 4096> buffer{};
  bool open = true;
  int status = 0;
  int forwarded = 0;
  for (;;) {
    if (!open) {
      const pid_t done = waitpid(child, &status, WNOHANG);
      if (done == child) break;
    }
    std::array<pollfd, 2> fds{{{signalFd.get(), POLLIN, 0}, {open ? errRead.get() : -1, POLLIN, 0}}};
    // After the child's stderr closed, poll only for signals until it is reaped.
    const int ready = poll(fds.data(), fds.size(), open ? -1 : 50);
    if (ready < 0 && errno != EINTR) break;
    if (fds[0].revents & POLLIN) forwardSignals(signalFd.get(), child, firstStopAs, forwarded);
    if (open && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      const ssize_t n = read(errRead.get(), buffer.data(), buffer.size());
      if (n > 0) {
        lines.add(buffer.data(), static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        open = false;
        lines.finish();
      }
    }
  }
  if (open) waitpid(child, &status, 0);
  return {"", exitCodeOf(status), forwarded};
}

}  // namespace sluice::apps
