#include "sluice/core/peak_memory.hpp"

#include <sys/resource.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>

namespace sluice::core {

std::optional<std::uint64_t> vmHwmBytes(std::string_view statusText) {
  constexpr std::string_view key = "VmHWM:";
  std::size_t at = 0;
  while ((at = statusText.find(key, at)) != std::string_view::npos) {
    if (at == 0 || statusText[at - 1] == '\n') break;  // at the start of a line
    at += key.size();
  }
  if (at == std::string_view::npos) return std::nullopt;
  std::size_t i = at + key.size();
  while (i < statusText.size() && (statusText[i] == ' ' || statusText[i] == '\t')) ++i;
  std::uint64_t value = 0;
  const std::size_t digits = i;
  for (; i < statusText.size() && std::isdigit(static_cast<unsigned char>(statusText[i])); ++i)
    value = value * 10 + static_cast<std::uint64_t>(statusText[i] - '0');
  if (i == digits) return std::nullopt;
  while (i < statusText.size() && statusText[i] == ' ') ++i;
  if (statusText.substr(i, 2) != "kB") return std::nullopt;  // the kernel writes kB (KiB)
  return value * 1024;
}

std::uint64_t peakResidentBytes() {
  {
    std::ifstream status("/proc/self/status");
    if (status) {
      std::ostringstream text;
      text << status.rdbuf();
      if (const auto bytes = vmHwmBytes(text.str()); bytes && *bytes > 0) return *bytes;
    }
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
#ifdef __APPLE__
  return static_cast<std::uint64_t>(usage.ru_maxrss);  // bytes on macOS
#else
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // KiB on Linux and the BSDs
#endif
}

}  // namespace sluice::core
