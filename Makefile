# Slam: the two commands of the README, and their helpers.
#   make run    — install what is missing, build, start slamd with the demo app
#   make test   — install what is missing, build, run every test (and the leak check)

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LSAN_OPTIONS := suppressions=$(CURDIR)/Tests/lsan-suppressions.txt

.PHONY: deps build run test unit-tests leakcheck clean

# Extra slamd options: make run ARGS="--socket /tmp/slam.sock --log-level debug"
ARGS ?=

# jansson is the only system library Slam needs; install it when pkg-config cannot find it.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists jansson; then \
		echo "installing libjansson-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libjansson-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) build --product slamd
	$$($(SWIFT) build --show-bin-path)/slamd $(ARGS)

unit-tests: deps
	$(SWIFT) test

# Every test again under AddressSanitizer + LeakSanitizer: any leak fails the run.
# (valgrind 3.19 crashes inside the Swift test runner, so LeakSanitizer is the leak checker.)
leakcheck: deps
	LSAN_OPTIONS=$(LSAN_OPTIONS) $(SWIFT) test --sanitize=address --scratch-path .build-asan

test: unit-tests leakcheck

clean:
	rm -rf .build .build-asan
