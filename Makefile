# Newcomer entry points. `make run` and `make test` set up a fresh Debian 12
# machine (scripts/bootstrap), configure, build and run.
BUILD_DIR ?= build
BUILD_TYPE ?= Release
JOBS ?= $(shell nproc)
CASE ?= cases/cavity
NP ?= 2

.PHONY: all setup configure build run test test-sanitize bench clean

all: build

setup:
	@scripts/bootstrap

configure: setup
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/bin/sluice run $(CASE) --np $(NP)

# A failed test is run once more before it counts: Open MPI's start-up can
# fail spuriously on a heavily loaded machine (seen once in a few thousand
# runs); a real failure fails twice and stays red.
test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) --repeat until-pass:2

# The unit and MPI test suites (every module's tests but those of solvers/
# and apps/, plus every test labelled mpi: the MPI suites and the `sluice run
# --np N` tests) built with gcc's AddressSanitizer and UndefinedBehaviorSanitizer;
# any finding fails its test. No leak checking: Open MPI's components (dlopened,
# closed at MPI_Finalize) keep allocations until exit that LeakSanitizer cannot
# attribute to a module, so they cannot be suppressed by name.
# SANITIZE_LABELS=. runs the whole suite.
SANITIZE_DIR ?= build-sanitize
SANITIZE_LABELS ?= ^(core|io|mesh|parallel|linear|field|fv|output|pressure|models|fv_options|vof|plot|mpi)$$
test-sanitize: setup
	@cmake -S . -B $(SANITIZE_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DSLUICE_SANITIZE=ON -DSLUICE_BUILD_BENCH=OFF
	@cmake --build $(SANITIZE_DIR) -j $(JOBS)
	cd $(SANITIZE_DIR) && ASAN_OPTIONS=detect_leaks=0:strict_string_checks=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest -L '$(SANITIZE_LABELS)' --output-on-failure -j $(JOBS) --repeat until-pass:2

# sluice against OpenFOAM v1912 side by side (bench/run; about 35 min on 2
# cores). Results in bench/results/RESULTS.md. BENCH_ARGS=--quick for a short
# run (cavity200 cases, 1 run each).
bench:
	BENCH_COMMAND="make bench$(if $(BENCH_ARGS), BENCH_ARGS='$(BENCH_ARGS)')" bench/run $(BENCH_ARGS)

clean:
	rm -rf $(BUILD_DIR)
