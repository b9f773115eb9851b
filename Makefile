# Newcomer entry points. `make run` and `make test` set up a fresh Debian 12
# machine (scripts/bootstrap), configure, build and run.
BUILD_DIR ?= build
BUILD_TYPE ?= Release
JOBS ?= $(shell nproc)
CASE ?= cases/cavity
NP ?= 2

.PHONY: all setup configure build run test clean

all: build

setup:
	@scripts/bootstrap

configure: setup
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/bin/sluice run $(CASE) --np $(NP)

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD_DIR)
