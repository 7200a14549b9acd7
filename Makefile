# Slam: the two commands of the README, and their helpers.
#   make test   — install what is missing, build, run every test (and the leak check)
# `make run` (the demo daemon) arrives with slamd; see README.md.

SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LSAN_OPTIONS := suppressions=$(CURDIR)/Tests/lsan-suppressions.txt

.PHONY: deps build test unit-tests leakcheck clean

# jansson is the only system library Slam needs; install it when pkg-config cannot find it.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists jansson; then \
		echo "installing libjansson-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libjansson-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build

unit-tests: deps
	$(SWIFT) test

# Every test again under AddressSanitizer + LeakSanitizer: any leak fails the run.
# (valgrind 3.19 crashes inside the Swift test runner, so LeakSanitizer is the leak checker.)
leakcheck: deps
	LSAN_OPTIONS=$(LSAN_OPTIONS) $(SWIFT) test --sanitize=address --scratch-path .build-asan

test: unit-tests leakcheck

clean:
	rm -rf .build .build-asan
