#pragma once
// The two checksums a PNG file needs: CRC-32 (ISO 3309, the one of zip and
// PNG chunks; polynomial 0xEDB88320 reflected) and Adler-32 (the zlib
// stream's trailer, RFC 1950). Both can be continued over several pieces:
//
//   std::uint32_t c = crc32(typeBytes);
//   c = crc32(dataBytes, c);                 // CRC of type + data, as PNG wants
//   std::uint32_t a = adler32(rawBytes);
#include <cstdint>
#include <span>

namespace sluice::plot {

/// CRC-32 of `bytes`, continuing from `previous` (the CRC of what came before; 0 to start).
std::uint32_t crc32(std::span<const std::uint8_t> bytes, std::uint32_t previous = 0);

/// Adler-32 of `bytes`, continuing from `previous` (1 to start).
std::uint32_t adler32(std::span<const std::uint8_t> bytes, std::uint32_t previous = 1);

}  // namespace sluice::plot
