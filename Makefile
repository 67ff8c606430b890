# The two commands: `make run` (the main job on a bundled example) and `make test`
# (every test through ctest built by gcc, then again built by clang under AddressSanitizer
# + UBSan: both compilers, warnings as errors). Tests never read or write the user's
# cache of measured choices (DMLP_TUNE_CACHE=off). `make run` installs only what the
# build needs (scripts/install-deps.sh build); the test targets install the test set too
# (Python, numpy, ONNX, PyTorch, Dask, clang) before they configure, so the Python module
# is built for them.
#
# The test passes run with the built-in strategy defaults (DMLP_TUNE=defaults): a process
# that meets its first large tensor otherwise spends its 1.5 s calibration budget first,
# in every one of hundreds of processes, and its timing under a sanitizer or an emulator
# means nothing. The measuring itself is test_tune's and test_budget_cli's (they clear
# DMLP_TUNE), and every forced strategy gives the same bits (test_tune).
TEST_ENV = DMLP_TUNE_CACHE=off DMLP_TUNE=defaults
BUILD      ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
AARCH64_BUILD ?= build-aarch64
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=
# $(call configure,TREE): cmake's configure step for build tree TREE, the tree's own
# options after it. A new tree is configured for Ninja when it is installed (the build set
# of scripts/install-deps.sh has it): it builds the whole tree in nine tenths of the time
# of make's recipes. A tree that exists keeps the generator it was made with. Expanded
# when a recipe runs, after deps-build has installed what it installs.
configure = cmake $(if $(wildcard $(1)/CMakeCache.txt),,$(if $(shell command -v ninja 2>/dev/null),-G Ninja)) -S . -B $(1)

.PHONY: all deps deps-build deps-test build run test test-release test-sanitize test-tsan test-exhaustive test-exhaustive-full test-pairs test-wide test-aarch64 test-aarch64-exhaustive fuzz fuzz-build \
	fuzz-long fuzz-seeds bench install clean

all: build

deps: deps-test

deps-build:
	@scripts/install-deps.sh build

deps-test:
	@scripts/install-deps.sh test

build: deps-build
	@$(call configure,$(BUILD)) -DCMAKE_BUILD_TYPE=Release -DDMLP_WERROR=ON $(CMAKE_ARGS) >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	@examples/showcase.sh $(BUILD)/dmlp

test: test-release test-sanitize

test-release: deps-test
	@$(MAKE) --no-print-directory build
	@cd $(BUILD) && $(TEST_ENV) ctest --output-on-failure -j $(JOBS) -LE exhaustive

# The AddressSanitizer tree also holds the fuzz targets (make fuzz): one instrumented
# build of the library serves both, the fuzzers' coverage instrumentation on its parsing
# and validation code (fuzz/CMakeLists.txt), which leaves the tests' time unchanged.
asan_configure = $(call configure,$(ASAN_BUILD)) \
	-DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DDMLP_WERROR=ON -DDMLP_SANITIZE=ON \
	-DDMLP_FUZZ=ON $(CMAKE_ARGS) >/dev/null

test-sanitize: deps-test
	@$(asan_configure)
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	@cd $(ASAN_BUILD) && $(TEST_ENV) ctest --output-on-failure -j $(JOBS) -LE exhaustive

# ThreadSanitizer (clang -fsanitize=thread): the library and only the thread tests, built
# and run on their own (CI's budget: about a minute and a half in all; a Debug build
# compiles in half the time of an optimised one, which more than pays for the slower
# tests, and they sample thinly under THREAD_SANITIZED). Any report fails the run:
# halt_on_error stops the test at the first one, with exit status 66.
TSAN_TESTS = test_threads test_threads_pool test_parallel test_stress_threads test_table16_cache
test-tsan: deps-test
	@$(call configure,$(TSAN_BUILD)) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug \
		-DDMLP_WERROR=ON -DDMLP_TSAN=ON -DDMLP_PYTHON=OFF $(CMAKE_ARGS) >/dev/null
	@cmake --build $(TSAN_BUILD) -j $(JOBS) --target $(TSAN_TESTS)
	@cd $(TSAN_BUILD) && $(TEST_ENV) DMLP_STRESS_SECONDS=1 \
		TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1" \
		ctest --output-on-failure --no-tests=error -j $(JOBS) -R '^($(subst $(eval) ,|,$(TSAN_TESTS)))$$'

# Every input of Softsign's fast formulations against the reference (label exhaustive:
# 2^32 f32 and all f16/bf16 patterns, every kernel level this CPU runs; about a minute on
# two cores), in the optimised build.
test-exhaustive: build
	@cd $(BUILD) && ctest --output-on-failure -L exhaustive

# On demand, not in CI: every binary32 input of every correctly rounded function and
# fast form against the MPFR oracle (tests/crmath: ctest configuration Full, label full;
# run it whenever a kernel or reference of one changes; its last run is in
# docs/accuracy.md).
test-exhaustive-full: build
	@cd $(BUILD) && ctest --output-on-failure -C Full -L full

# On demand, not in CI: every float16 and bfloat16 (A, B) pair, 2^32 per row, of every
# two-input reference kernel against test_pairs_exhaustive's model (ctest configuration
# Pairs, label pairs: no other run lists the test; its last run is in docs/platforms.md).
# The exhaustive label above runs every 61st A of the same sweep and every 8-bit pair.
test-pairs: build
	@cd $(BUILD) && ctest --output-on-failure -C Pairs -L pairs

# On demand, not in CI: every FLOAT32, FLOAT64 and 32-/64-bit integer reference row
# against test_wide_samples' model with 10^7 samples per row and rule (ctest configuration
# Wide, label wide: no other run lists the test; its last run is in docs/platforms.md).
# Every run of the suite takes the same rows with 20,000 samples each.
test-wide: build
	@cd $(BUILD) && ctest --output-on-failure -C Wide -L wide

# aarch64: cross-built with Debian's gcc-aarch64-linux-gnu (arm64 libraries by multiarch),
# the tests run under qemu-user (all but AARCH64_SKIP: the scripts that drive the dmlp
# program or the ONNX cases once per operator or file condition, each start of it a
# second under the emulator; they run in both x86 passes, and each front end still runs
# here through test_cli, test_onnx_cli, test_dx_cli and test_io_onnx beside the unit
# tests of its parsers), then a reduced `dmlp bench --quick` to show the kernels
# it picks (figures under an emulator say nothing about speed; the emulated choices are
# not written to the user's cache of measured choices): the large case only, one type
# of each width (u8, f16, f32, u64: the twelve types took 51 s of one core, these 27 s),
# and no float64 (the correctly rounded functions' double-double float64 took over a
# minute of emulated time, the cache cases three).
AARCH64_SKIP = ^(test_cli_.*|onnx_(backend|backend_ulps|cases|cases_must_fail.*|softmax_cases|exported_.*)|test_io_(writer|devices|signals|sets|full_disk|inputs|confine|json)|test_bench_.*)$$
test-aarch64:
	@scripts/install-deps.sh aarch64
	@$(call configure,$(AARCH64_BUILD)) -DCMAKE_BUILD_TYPE=Release -DDMLP_WERROR=ON \
		-DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/toolchains/aarch64-linux-gnu.cmake \
		$(CMAKE_ARGS) >/dev/null
	@cmake --build $(AARCH64_BUILD) -j $(JOBS)
	@cd $(AARCH64_BUILD) && $(TEST_ENV) ctest --output-on-failure -j $(JOBS) -LE exhaustive \
		-E '$(AARCH64_SKIP)'
	@echo "test-aarch64: dmlp bench --quick, reduced under the emulator to 2 MiB, 1 rep, 1 thread, large, u8 f16 f32 u64"
	@DMLP_TUNE_CACHE=off qemu-aarch64 $(AARCH64_BUILD)/dmlp bench --quick --large-mib 2 --reps 1 --threads 1 \
		--cases large --types u8,f16,f32,u64 2>/dev/null

# On demand: the tests labelled `exhaustive` (Softsign on every f32/f16/bf16 input) in
# the aarch64 build, under qemu-user (f16 and bf16 in seconds, f32 for well over an hour
# on two cores); a build without them is an error.
test-aarch64-exhaustive: test-aarch64
	@cd $(AARCH64_BUILD) && ctest --output-on-failure --no-tests=error -L exhaustive

# Short libFuzzer runs (clang): FUZZ_SECONDS per target, from the kept corpora in
# fuzz/corpus/. fuzz-long (not in CI) first adds the seeds of fuzz-seeds, then runs each
# target for FUZZ_LONG_SECONDS (10 minutes) and merges the inputs that reach new code back
# into fuzz/corpus/ (libFuzzer's -merge=1; commit them).
FUZZ_SECONDS ?= 60
FUZZ_LONG_SECONDS ?= 600
# The targets are built in the AddressSanitizer tree (test-sanitize above); after make
# test they are already there.
fuzz-build: deps-test
	@$(asan_configure)
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target fuzzers

fuzz: fuzz-build
	@fuzz/run.sh $(ASAN_BUILD) $(FUZZ_SECONDS)

fuzz-long: fuzz-seeds fuzz-build
	@fuzz/run.sh $(ASAN_BUILD) $(FUZZ_LONG_SECONDS) keep

# Seeds for every operator, written into fuzz/corpus/: one fuzz_descriptor input per
# registered operator (fuzz/descriptor_seeds.c; test_fuzz_seeds fails until they are
# kept), and ONNX and DxDispatch models of every operator family from the test models
# (fuzz/seed_corpora.py). Commit what it adds.
fuzz-seeds: deps-test
	@$(MAKE) --no-print-directory build
	@$(BUILD)/test_fuzz_seeds --write fuzz/corpus/fuzz_descriptor >/dev/null
	@/usr/bin/python3 fuzz/seed_corpora.py

bench: build
	@$(BUILD)/dmlp bench

install: build
	@cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(AARCH64_BUILD) build-fuzz
