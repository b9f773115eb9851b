#include "sluice/output/output_files.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::output {

void createDirectories(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!ec) return;
  // Another rank may have created it between the check and mkdir.
  std::error_code ignored;
  if (std::filesystem::is_directory(dir, ignored)) return;
  throw InputError(fmt::format("{}: cannot create directory: {}", dir.string(), ec.message()));
}

namespace {

/// ": <reason>" from errno after a failed stream write (a full disk: "No space left on device").
std::string systemReason() {
  const int error = errno;
  return error != 0 ? std::string(": ") + std::strerror(error) : std::string();
}

/// Writes `file`; errors name `shownName`.
void writeFile(const std::filesystem::path& file, std::string_view text, std::ios::openmode mode,
               const std::filesystem::path& shownName) {
  std::ofstream os(file, mode);
  if (os) os.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (os) os.close();
  if (!os) throw InputError(fmt::format("{}: cannot write file{}", shownName.string(), systemReason()));
}

}  // namespace

void writeTextFile(const std::filesystem::path& file, std::string_view text) {
  writeFile(file, text, std::ios::binary | std::ios::trunc, file);
}

void writeTextFileAtomically(const std::filesystem::path& file, std::string_view text) {
  std::filesystem::path tmp = file;
  tmp += ".tmp";
  writeFile(tmp, text, std::ios::binary | std::ios::trunc, file);
  std::error_code ec;
  std::filesystem::rename(tmp, file, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    throw InputError(fmt::format("{}: cannot write file", file.string()));
  }
}

void appendTextFile(const std::filesystem::path& file, std::string_view text) {
  writeFile(file, text, std::ios::binary | std::ios::app, file);
}

std::optional<Scalar> timeOfFolderName(const std::string& name) {
  Scalar t = 0;
  const auto [end, err] = std::from_chars(name.data(), name.data() + name.size(), t);
  if (name.empty() || err != std::errc() || end != name.data() + name.size() || !std::isfinite(t)) return std::nullopt;
  return t;
}

int removeTimeFoldersFrom(const std::filesystem::path& dir, Scalar startTime, bool keepStartTime) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return 0;
  const Scalar tolerance = 1e-9 * std::max<Scalar>(1, std::abs(startTime));
  const Scalar from = keepStartTime ? startTime + tolerance : startTime - tolerance;
  std::vector<std::filesystem::path> remove;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!entry.is_directory()) continue;
    const std::optional<Scalar> t = timeOfFolderName(entry.path().filename().string());
    if (t && *t >= from) remove.push_back(entry.path());
  }
  if (ec) throw InputError(fmt::format("{}: cannot list folder: {}", dir.string(), ec.message()));
  for (const auto& p : remove) {
    std::filesystem::remove_all(p, ec);
    if (ec) throw InputError(fmt::format("{}: cannot remove earlier output: {}", p.string(), ec.message()));
  }
  return static_cast<int>(remove.size());
}

std::string timeName(Scalar time, int precision) { return fmt::format("{:.{}g}", time, precision); }

}  // namespace sluice::output
