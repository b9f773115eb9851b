#!/usr/bin/env bash
# CI fuzzing step: builds the libFuzzer targets (clang, address and
# undefined-behaviour sanitizers) in build-fuzz/ and runs each for a fixed
# number of executions from a fixed seed on the seed corpus
# (fuzz/make_corpus.sh). Fails on any crash, sanitizer report, timeout or
# out-of-memory; the input that did it is saved as
# build-fuzz/artifacts/<target>-crash-<sha1> (reproduce: build-fuzz/fuzz/fuzz_<target> FILE).
# The targets run side by side, one per core.
#   fuzz/run_ci.sh                      # the CI budget (about 4 minutes on 2 cores)
#   FUZZ_RUNS=1000000 fuzz/run_ci.sh    # longer runs
#   FUZZ_TARGETS="dictionary field" fuzz/run_ci.sh
#   FUZZ_BUILD_TESTS=ON                 # keep the test suites in the build (scripts/sanitized_ci)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build=${FUZZ_BUILD_DIR:-build-fuzz}
runs=${FUZZ_RUNS:-10000}
targets=(${FUZZ_TARGETS:-dictionary block_mesh poly_mesh field})
jobs=${JOBS:-$(nproc)}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

scripts/bootstrap --fuzz
start=$SECONDS
launcher=()
command -v ccache >/dev/null 2>&1 && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ -DSLUICE_FUZZ=ON \
  -DSLUICE_BUILD_TESTS="${FUZZ_BUILD_TESTS:-OFF}" -DSLUICE_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$jobs" --target "${targets[@]/#/fuzz_}"
echo "run_ci: build took $((SECONDS - start)) s"

fuzz/make_corpus.sh "$build/corpus"
rm -rf "$build/artifacts" "$build/work"
mkdir -p "$build/artifacts"
# run_target TARGET: one fuzzing run; its log is build/artifacts/TARGET.log.
run_target() {
  local target=$1
  mkdir -p "$build/work/$target"
  # New inputs go to work/<target>; the seed corpus is left as built.
  # -malloc_limit_mb: one allocation over 512 MiB is a finding (a declared
  # count allocated up front), reported as such rather than as an OOM later.
  "$build/fuzz/fuzz_$target" -runs="$runs" -seed=1 -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -malloc_limit_mb=512 -print_final_stats=1 -dict="fuzz/$target.dict" \
    -artifact_prefix="$build/artifacts/$target-" "$build/work/$target" "$build/corpus/$target" \
    >"$build/artifacts/$target.log" 2>&1
}
t0=$SECONDS
pids=()
for target in "${targets[@]}"; do
  # at most $jobs at a time
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 1; done
  run_target "$target" &
  pids+=($!)
done
failed=()
for i in "${!targets[@]}"; do
  target=${targets[$i]}
  log="$build/artifacts/$target.log"
  if wait "${pids[$i]}"; then
    echo "run_ci: fuzz_$target: ok: $(grep -E '^#[0-9]+.*(DONE|cov:)' "$log" | tail -1)"
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" | tr '\n' ' ' | sed 's/^/  /'
    echo
  else
    echo "run_ci: fuzz_$target: FAILED, log $log:" >&2
    grep -E -A30 'ERROR|Test unit written|deadly signal|uncaught|runtime error' "$log" | head -60 >&2 || tail -40 "$log" >&2
    failed+=("$target")
  fi
done
echo "run_ci: fuzzing took $((SECONDS - t0)) s"
echo "run_ci: total $((SECONDS - start)) s (build, corpus and runs)"
if [ ${#failed[@]} -gt 0 ]; then
  echo "run_ci: failed: ${failed[*]}" >&2
  exit 1
fi
