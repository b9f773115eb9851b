#include "sluice/output/output_files.hpp"

#include <fstream>
#include <system_error>

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

/// Writes `file`; errors name `shownName`.
void writeFile(const std::filesystem::path& file, std::string_view text, std::ios::openmode mode,
               const std::filesystem::path& shownName) {
  std::ofstream os(file, mode);
  if (os) os.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (os) os.close();
  if (!os) throw InputError(fmt::format("{}: cannot write file", shownName.string()));
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

std::string timeName(Scalar time, int precision) { return fmt::format("{:.{}g}", time, precision); }

}  // namespace sluice::output
