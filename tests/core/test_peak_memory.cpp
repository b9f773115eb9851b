#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <memory>

#include "sluice/core/peak_memory.hpp"

using namespace sluice;

TEST(PeakMemory, GrowsByABlockThatIsAllocatedAndTouched) {
  const std::uint64_t before = core::peakResidentBytes();
  ASSERT_GT(before, 0u);
  constexpr std::size_t kBlock = std::size_t{64} << 20;  // 64 MiB
  std::unique_ptr<unsigned char[]> block(new unsigned char[kBlock]);
  std::memset(block.get(), 1, kBlock);  // every page becomes resident
  const volatile unsigned char* pages = block.get();
  std::size_t sum = 0;
  for (std::size_t i = 0; i < kBlock; i += 4096) sum += pages[i];  // keeps the writes
  EXPECT_EQ(sum, kBlock / 4096);
  const std::uint64_t after = core::peakResidentBytes();
  EXPECT_GE(static_cast<double>(after) - static_cast<double>(before), 0.9 * static_cast<double>(kBlock))
      << "before " << before << " B, after " << after << " B";
  block.reset();
  // A high-water mark: freeing the block does not take it back. (The kernel
  // syncs its page counts in batches, so two readings may differ by a few
  // pages either way.)
  EXPECT_GE(static_cast<double>(core::peakResidentBytes()) - static_cast<double>(before),
            0.9 * static_cast<double>(kBlock));
}

TEST(PeakMemory, ReadsTheVmHwmLineOfAStatusText) {
  EXPECT_EQ(core::vmHwmBytes("Name:\tsluice\nVmPeak:\t  300000 kB\nVmHWM:\t   41236 kB\nVmRSS:\t 40000 kB\n"),
            std::uint64_t{41236} * 1024);
  EXPECT_EQ(core::vmHwmBytes("VmHWM: 7 kB"), std::uint64_t{7} * 1024);
  EXPECT_EQ(core::vmHwmBytes("Name:\tx\nVmRSS:\t 40000 kB\n"), std::nullopt);
  EXPECT_EQ(core::vmHwmBytes("Name:\tVmHWM: 5 kB\n"), std::nullopt);  // not at the start of a line
  EXPECT_EQ(core::vmHwmBytes("VmHWM:\t kB\n"), std::nullopt);
  EXPECT_EQ(core::vmHwmBytes("VmHWM:\t 12 MB\n"), std::nullopt);
}
