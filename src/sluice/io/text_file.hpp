#pragma once
// Whole-file reading for the io module.
//
//   std::optional<std::string> text = io::readTextFile(path);
//   if (!text) throw InputError(name + ": cannot open file");
#include <filesystem>
#include <optional>
#include <string>

namespace sluice::io {

/// The file's bytes, or nullopt if it is missing, not a regular file (a
/// directory, a device, a pipe) or unreadable.
std::optional<std::string> readTextFile(const std::filesystem::path& file);
/// At most the first `maxBytes` bytes of the file (nullopt as readTextFile).
std::optional<std::string> readTextFilePrefix(const std::filesystem::path& file, std::size_t maxBytes);

}  // namespace sluice::io
