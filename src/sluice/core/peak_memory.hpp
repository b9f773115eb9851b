#pragma once
// Peak resident memory of this process: the high-water mark of its resident
// set, as the kernel keeps it (VmHWM in /proc/self/status on Linux; where
// that file cannot be read, getrusage's ru_maxrss). The figure only grows
// during a run, so reading it at the end gives the run's peak.
//
//   const std::uint64_t bytes = core::peakResidentBytes();   // e.g. 41 MiB for the cavity tutorial
#include <cstdint>
#include <optional>
#include <string_view>

namespace sluice::core {

/// This process's peak resident set size in bytes (> 0).
std::uint64_t peakResidentBytes();

/// The VmHWM line of a /proc/<pid>/status text ("VmHWM:\t  41236 kB") in
/// bytes; nullopt if the text has no such line.
std::optional<std::uint64_t> vmHwmBytes(std::string_view statusText);

}  // namespace sluice::core
