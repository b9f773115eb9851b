#pragma once
// File-system helpers for output, with the project's error messages:
//
//   createDirectories(caseDir / "VTK/cavity_0.5");   // InputError "<dir>: cannot create directory: Not a directory"
//   writeTextFile(file, text);                     // InputError "<file>: cannot write file"
//   writeTextFileAtomically(file, text);           // via "<file>.tmp" and a rename
//   std::string name = timeName(0.0025);           // "0.0025", as OpenFOAM names time folders
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "sluice/core/types.hpp"

namespace sluice::output {

/// Creates `dir` and its parents if missing (safe when several ranks create
/// the same folder at once). Throws InputError naming the folder.
void createDirectories(const std::filesystem::path& dir);

/// Replaces `file` with `text`. Throws InputError "<file>: cannot write file".
void writeTextFile(const std::filesystem::path& file, std::string_view text);

/// As writeTextFile, written to "<file>.tmp" first and renamed over `file`,
/// so readers see the old or the new content, never a partial one.
void writeTextFileAtomically(const std::filesystem::path& file, std::string_view text);

/// Appends `text` to `file` (created if missing). Throws InputError "<file>: cannot write file".
void appendTextFile(const std::filesystem::path& file, std::string_view text);

/// The time a folder's name gives ("0.5", "1e-05"; the whole name a finite
/// number), or nullopt for any other name ("constant", "inf").
std::optional<Scalar> timeOfFolderName(const std::string& name);

/// Removes the sub-folders of `dir` named by a time >= `startTime` (a
/// re-run from startTime replaces them; relative tolerance 1e-9). Folders
/// with other names and files are kept; a missing `dir` is fine. Returns the
/// number removed; throws InputError naming a folder that cannot be removed.
/// With `keepStartTime` only those after startTime go (a restart from it).
int removeTimeFoldersFrom(const std::filesystem::path& dir, Scalar startTime, bool keepStartTime = false);

/// A time as OpenFOAM names time folders by default (general format, 6
/// significant digits): 0.1 -> "0.1", 100 -> "100", 1e-05 -> "1e-05".
std::string timeName(Scalar time, int precision = 6);

}  // namespace sluice::output
