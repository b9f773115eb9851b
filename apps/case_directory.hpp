#pragma once
// The case directory a command was given must exist and be a directory;
// otherwise the first file read would report "system/controlDict: cannot
// open file" without saying which case was meant.
//
//   if (auto problem = caseDirectoryProblem(dir)) { print "error: " + *problem; exit 1; }
#include <optional>
#include <string>

namespace sluice::apps {

/// Nothing when `dir` is a directory; else "<dir>: no such case directory"
/// or "<dir>: not a directory".
std::optional<std::string> caseDirectoryProblem(const std::string& dir);

}  // namespace sluice::apps
