# Thin wrapper around CMake: the two set-up commands and a few conveniences.
BUILD ?= build
JOBS ?= 2
PNPKIT = $(BUILD)/pnpkit
PREFIX ?= /usr/local

.PHONY: all deps build demo check bench bench-profile clean install

all: build

deps:
	@sh scripts/install-deps

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j$(JOBS)

demo: build
	@sh scripts/demo $(PNPKIT)

check: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

# Timing against the floor programs in bench/ (see bench/README.md); never part of check.
bench: build
	@sh bench/run.sh $(BUILD)

# Instruction counts under callgrind (needs valgrind): steady whatever the load.
bench-profile: build
	@sh bench/profile.sh $(BUILD)

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD)
