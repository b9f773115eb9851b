// CRC-32 and Adler-32 against their published check values, and continued
// over pieces as the PNG writer uses them.
#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "plot/png_test_support.hpp"
#include "sluice/plot/checksums.hpp"

namespace sluice::plot {
namespace {

std::vector<std::uint8_t> bytes(std::string_view s) { return {s.begin(), s.end()}; }

TEST(Checksums, Crc32OfTheCheckString) {
  EXPECT_EQ(crc32(bytes("123456789")), 0xCBF43926u);
  EXPECT_EQ(crc32(bytes("")), 0u);
  // The CRC of PNG's empty IEND chunk, as every PNG file ends with it.
  EXPECT_EQ(crc32(bytes("IEND")), 0xAE426082u);
}

TEST(Checksums, Adler32OfKnownStrings) {
  EXPECT_EQ(adler32(bytes("Wikipedia")), 0x11E60398u);
  EXPECT_EQ(adler32(bytes("")), 1u);
}

TEST(Checksums, ContinuedOverPiecesEqualsWhole) {
  std::vector<std::uint8_t> data;
  for (int i = 0; i < 20000; ++i) data.push_back(static_cast<std::uint8_t>((i * 7919) >> 3));  // > 5552: modulo steps
  const std::span<const std::uint8_t> all(data);
  EXPECT_EQ(crc32(all.subspan(1234), crc32(all.first(1234))), crc32(all));
  EXPECT_EQ(adler32(all.subspan(7000), adler32(all.first(7000))), adler32(all));
  EXPECT_EQ(crc32(all), test::bitwiseCrc32(all));
  EXPECT_EQ(adler32(all), test::plainAdler32(all));
}

}  // namespace
}  // namespace sluice::plot
