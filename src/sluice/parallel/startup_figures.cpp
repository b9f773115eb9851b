#include "sluice/parallel/startup_figures.hpp"

#include <fmt/format.h>

#include "sluice/core/json_writer.hpp"

namespace sluice::parallel {

std::string StartupFigures::text() const {
  constexpr double MiB = 1024.0 * 1024.0;
  const std::string how = distributed ? "distributed (each rank its share of the mesh, partitioned in parallel)"
                                      : (fallbackReason.empty() ? "on rank 0" : "on rank 0: " + fallbackReason);
  return fmt::format(
      "Start-up {}: {:.2f} s; {} all-to-all exchanges, messages per rank max {} (total {}), sent per rank max "
      "{:.2f} MiB (total {:.2f} MiB); peak memory after start-up rank 0 {:.0f} MiB, mean {:.0f}, max {:.0f} MiB\n",
      how, seconds, exchanges, maxMessages, totalMessages, static_cast<double>(maxBytes) / MiB,
      static_cast<double>(totalBytes) / MiB, static_cast<double>(rank0PeakBytes) / MiB,
      static_cast<double>(meanPeakBytes) / MiB, static_cast<double>(maxPeakBytes) / MiB);
}

std::string StartupFigures::json() const {
  return fmt::format(
      "{{\"distributed\": {}, \"fallbackReason\": {}, \"seconds\": {:.6g}, \"exchanges\": {}, \"maxMessages\": {}, "
      "\"totalMessages\": {}, \"maxBytes\": {}, \"totalBytes\": {}, \"rank0PeakResidentBytes\": {}, "
      "\"meanPeakResidentBytes\": {}, \"maxPeakResidentBytes\": {}}}",
      distributed ? "true" : "false", jsonString(fallbackReason), seconds, exchanges, maxMessages, totalMessages,
      maxBytes, totalBytes, rank0PeakBytes, meanPeakBytes, maxPeakBytes);
}

}  // namespace sluice::parallel
