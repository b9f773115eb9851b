#pragma once
// The per-rank writer thread: output jobs (file I/O only, never MPI) run in
// the background, in the order they were submitted, while the solver goes on
// with the next time step. MPI is initialised with MPI_THREAD_FUNNELED: the
// main thread makes every MPI call, including the agreement on how the
// writes went.
//
//   WriterPipeline writer;                                  // starts the thread
//   writer.submit(batch, [part = std::move(copy), file] { writeSnapshotPart(file, part); });
//   ... next time step ...
//   WriterPipeline::Status s = writer.status();             // not blocking
//   // fused into the step's reduction on the main thread: the smallest
//   // s.completedBatch over ranks is done everywhere; any s.failed stops the run
//   writer.drain();                                         // end of run: wait for every job
//
// A job's data is handed over by value (the caller copies the fields at the
// end of the step that last changes them), so the solver never waits for the
// writer while a write is in flight; a job that throws is the pipeline's
// failure: its message is kept, the jobs after it are skipped, and status()
// reports it until the run stops. Batches are numbered by the caller,
// non-decreasing in submission order (one per write time, say).
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace sluice::output {

class WriterPipeline {
 public:
  using Job = std::function<void()>;

  struct Status {
    /// Every job of this batch and of all earlier ones has finished (0: none yet).
    std::uint64_t completedBatch = 0;
    bool failed = false;
    std::string error;  ///< the first failed job's message
  };

  WriterPipeline();
  /// Finishes the queued jobs, then stops the thread.
  ~WriterPipeline();
  WriterPipeline(const WriterPipeline&) = delete;
  WriterPipeline& operator=(const WriterPipeline&) = delete;

  /// Queues `job` as part of `batch` (>= 1 and >= every earlier batch).
  void submit(std::uint64_t batch, Job job);
  /// How the jobs went so far; does not wait.
  Status status() const;
  /// Waits until every submitted job has finished (or been skipped after a failure).
  void drain();

 private:
  struct Queued {
    std::uint64_t batch;
    Job job;
  };
  void work();

  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<Queued> queue_;
  bool running_ = false;  ///< a job is executing
  bool stopping_ = false;
  std::uint64_t lastSubmitted_ = 0;
  Status status_;
  std::thread thread_;  ///< last: starts once the members above exist
};

}  // namespace sluice::output
