#pragma once
// Basic numeric types shared by every module.
#include <cstdint>

namespace sluice {

/// Index of a local mesh entity (cell, face, point) on one rank. 32 bits keeps
/// connectivity arrays small; a rank never holds more than 2^31 entities.
using Label = std::int32_t;

/// Globally unique index (cell id across all ranks, byte offsets in output).
using GlobalLabel = std::int64_t;

/// Floating-point type of fields and geometry.
using Scalar = double;

}  // namespace sluice
