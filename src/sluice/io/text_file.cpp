#include "sluice/io/text_file.hpp"

#include <fstream>
#include <system_error>

namespace sluice::io {

namespace {

// Devices and pipes (`#include "/dev/zero"`, "/dev/stdin") would be read
// without end or block: only regular files (or links to them) are input.
bool isRegularFile(const std::filesystem::path& file) {
  std::error_code ec;
  return std::filesystem::is_regular_file(file, ec);
}

}  // namespace

std::optional<std::string> readTextFilePrefix(const std::filesystem::path& file, std::size_t maxBytes) {
  if (!isRegularFile(file)) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text(maxBytes, '\0');
  in.read(text.data(), static_cast<std::streamsize>(maxBytes));
  if (in.bad()) return std::nullopt;
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

std::optional<std::string> readTextFile(const std::filesystem::path& file) {
  if (!isRegularFile(file)) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  in.seekg(0, std::ios::end);
  std::streamoff size = in.tellg();
  if (size < 0) return std::nullopt;
  std::string text(static_cast<std::size_t>(size), '\0');
  in.seekg(0, std::ios::beg);
  if (size > 0 && !in.read(text.data(), size)) return std::nullopt;
  return text;
}

}  // namespace sluice::io
