// The writer thread: jobs run in submission order off the calling thread;
// a batch counts as complete once all its jobs ran; the first failure is
// kept, later jobs are skipped, and drain() returns once the queue is empty.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "sluice/output/writer_pipeline.hpp"

using sluice::output::WriterPipeline;

TEST(WriterPipeline, RunsJobsInOrderOnItsOwnThread) {
  std::vector<int> order;
  std::mutex m;
  std::atomic<bool> otherThread{true};
  const auto caller = std::this_thread::get_id();
  {
    WriterPipeline writer;
    for (int i = 0; i < 20; ++i)
      writer.submit(1 + i / 5, [&, i] {
        if (std::this_thread::get_id() == caller) otherThread = false;
        std::lock_guard lock(m);
        order.push_back(i);
      });
    writer.drain();
    const WriterPipeline::Status s = writer.status();
    EXPECT_EQ(s.completedBatch, 4u);
    EXPECT_FALSE(s.failed);
  }
  ASSERT_EQ(order.size(), 20u);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(order[i], i);
  EXPECT_TRUE(otherThread);
}

TEST(WriterPipeline, ABatchIsCompleteOnlyWhenAllItsJobsRan) {
  WriterPipeline writer;
  std::atomic<bool> release{false};
  writer.submit(1, [] {});
  writer.submit(2, [&] {
    while (!release) std::this_thread::yield();
  });
  writer.submit(2, [] {});
  // Batch 1 completes; batch 2 waits for its first job.
  for (int i = 0; i < 1000 && writer.status().completedBatch < 1; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(writer.status().completedBatch, 1u);
  release = true;
  writer.drain();
  EXPECT_EQ(writer.status().completedBatch, 2u);
}

TEST(WriterPipeline, TheFirstFailureIsKeptAndLaterJobsAreSkipped) {
  WriterPipeline writer;
  int ran = 0;
  writer.submit(1, [&] { ++ran; });
  writer.submit(2, [] { throw std::runtime_error("restart/0.5/rank0.bin: cannot write: No space left on device"); });
  writer.submit(3, [] { throw std::runtime_error("second"); });
  writer.submit(3, [&] { ++ran; });
  writer.drain();
  const WriterPipeline::Status s = writer.status();
  EXPECT_TRUE(s.failed);
  EXPECT_EQ(s.error, "restart/0.5/rank0.bin: cannot write: No space left on device");
  EXPECT_EQ(s.completedBatch, 1u);
  EXPECT_EQ(ran, 1);
}

TEST(WriterPipeline, BatchesMustNotDecrease) {
  WriterPipeline writer;
  writer.submit(2, [] {});
  EXPECT_THROW(writer.submit(1, [] {}), std::exception);
  EXPECT_THROW(writer.submit(0, [] {}), std::exception);
}
