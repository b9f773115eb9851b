#include "sluice/output/writer_pipeline.hpp"

#include <exception>
#include <utility>

#include "sluice/core/error.hpp"

namespace sluice::output {

WriterPipeline::WriterPipeline() : thread_([this] { work(); }) {}

WriterPipeline::~WriterPipeline() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void WriterPipeline::submit(std::uint64_t batch, Job job) {
  {
    std::lock_guard lock(mutex_);
    if (batch == 0 || batch < lastSubmitted_) throw Error("WriterPipeline::submit: batches must be >= 1 and non-decreasing");
    lastSubmitted_ = batch;
    queue_.push_back({batch, std::move(job)});
  }
  wake_.notify_one();
}

WriterPipeline::Status WriterPipeline::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

void WriterPipeline::drain() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && !running_; });
}

void WriterPipeline::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left
    Queued next = std::move(queue_.front());
    queue_.pop_front();
    running_ = true;
    const bool skip = status_.failed;
    lock.unlock();
    std::string error;
    if (!skip) {
      try {
        next.job();
      } catch (const std::exception& e) {
        error = e.what();
        if (error.empty()) error = "a write failed";
      }
    }
    next.job = nullptr;  // the job's data is released outside the lock
    lock.lock();
    running_ = false;
    if (!error.empty() && !status_.failed) {
      status_.failed = true;
      status_.error = std::move(error);
    }
    // The batch is complete once no queued job belongs to it.
    if (!status_.failed && (queue_.empty() || queue_.front().batch > next.batch)) status_.completedBatch = next.batch;
    if (queue_.empty()) idle_.notify_all();
  }
}

}  // namespace sluice::output
