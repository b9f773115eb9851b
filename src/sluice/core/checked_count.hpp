#pragma once
// Counts computed from user input (cells, faces, points of a block mesh) in
// 64 bits with overflow detection: a product of large counts is refused
// instead of wrapping to a small or negative number.
//
//   std::optional<std::int64_t> cells = checkedProduct({ni, nj, nk});
//   if (!cells || *cells > kMaxLabel) ...   // too many
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>

#include "sluice/core/types.hpp"

namespace sluice {

/// The most entities (cells, faces, points) a mesh may have: they are numbered by Label.
inline constexpr std::int64_t kMaxLabel = std::numeric_limits<Label>::max();

/// a * b, or nothing when the product does not fit 64 bits.
constexpr std::optional<std::int64_t> checkedMultiply(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a + b, or nothing when the sum does not fit 64 bits.
constexpr std::optional<std::int64_t> checkedAdd(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// The product of all factors, or nothing when it (or a partial product) overflows.
constexpr std::optional<std::int64_t> checkedProduct(std::initializer_list<std::int64_t> factors) {
  std::int64_t r = 1;
  for (std::int64_t f : factors) {
    const auto next = checkedMultiply(r, f);
    if (!next) return std::nullopt;
    r = *next;
  }
  return r;
}

/// The sum of optional counts; nothing when any is missing or the sum overflows.
constexpr std::optional<std::int64_t> checkedSum(std::initializer_list<std::optional<std::int64_t>> terms) {
  std::int64_t r = 0;
  for (const auto& t : terms) {
    if (!t) return std::nullopt;
    const auto next = checkedAdd(r, *t);
    if (!next) return std::nullopt;
    r = *next;
  }
  return r;
}

}  // namespace sluice
