# Every target bootstraps .venv itself, so a fresh clone needs only python3.
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

# The emulated Pico (tools/pico.py) runs rp2040js from npm, pinned in
# tools/pico/package-lock.json and installed into tools/pico/node_modules.
# Without node or npm the board tests skip and say why.
NODE_STAMP := tools/pico/node_modules/.installed

.PHONY: test bench sim lint clean pico soak

$(STAMP): requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

$(NODE_STAMP): tools/pico/package.json tools/pico/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		npm ci --prefix tools/pico --no-audit --no-fund --loglevel=error && touch $(NODE_STAMP); \
	else echo "npm not found: the emulated-board tests will skip"; fi

# One file per worker at a time (--dist loadfile): the emulated-board
# files share one booted board between their tests, in order.  Files go
# out longest first (host_tests/conftest.py); --no-loadscope-reorder keeps
# that order (xdist would send the files with most tests first, which put
# the board's few long tests last, one worker alone on them at the end).
test: $(STAMP) $(NODE_STAMP)
	$(VPY) -m pytest -q -n auto --dist loadfile --no-loadscope-reorder host_tests

bench: $(STAMP) $(NODE_STAMP)
	$(VPY) tools/bench.py --write

# The long runs: the tests marked soak whole (make test runs a sample of
# each: host_tests/soak.py), then the long fuzz (tools/fuzz.py): every
# game, the judges, the explorer and the menus pressed as people press,
# 200,000 loop passes each, with power cuts; writes BENCH.md's Fuzzing
# section.  Fails if anything was found.
# Extra options: make soak ARGS="--events 20000 --jobs 2"
soak: $(STAMP) $(NODE_STAMP)
	PRIMEPLAY_SOAK=1 $(VPY) -m pytest -q -n auto --dist loadfile --no-loadscope-reorder -m soak host_tests
	$(VPY) tools/fuzz.py soak --write $(ARGS)

# The firmware on an emulated Pico: make pico ARGS="--keys A,UP,A --screenshot out.png"
pico: $(STAMP) $(NODE_STAMP)
	$(VPY) tools/pico.py $(ARGS)

# The desktop simulator (window, or terminal without a display).
# Extra options: make sim ARGS="--seed 3 --board pico_ref"
sim: $(STAMP)
	$(VPY) tools/sim.py $(ARGS)

lint: $(STAMP)
	$(VPY) tools/mpvm.py gate

clean:
	rm -rf $(VENV) $(FLASH_VENV) .pytest_cache .hypothesis tools/pico/node_modules .build dist

# Flashing needs only requirements-flash.txt, in a small venv of its own
# (not the development one: no pygame, wasmtime, mypy or VMs).  --no-deps:
# the Adafruit libraries' own dependency (Blinka) is for running them on
# a computer, not for copying them.
FLASH_VENV := .venv-flash
FLASH_PY := $(FLASH_VENV)/bin/python
FLASH_STAMP := $(FLASH_VENV)/.installed

$(FLASH_STAMP): requirements-flash.txt
	$(PY) -m venv $(FLASH_VENV)
	$(FLASH_PY) -m pip install --quiet --disable-pip-version-check --no-deps -r requirements-flash.txt
	touch $(FLASH_STAMP)

# Copy firmware/, boards/, lib/primeplay/ and the Adafruit libraries to a
# board, compiled to .mpy for its CircuitPython: CIRCUITPY drive by
# default; ARGS="--mpremote", "--dry-run", "--drive PATH", "--board NAME",
# "--py" (see tools/deploy.py).
.PHONY: flash bundle
flash: $(FLASH_STAMP)
	$(FLASH_PY) tools/deploy.py $(ARGS)

# dist/primeplay-<version>-circuitpython-10.zip, to unzip onto CIRCUITPY.
bundle: $(FLASH_STAMP)
	$(FLASH_PY) tools/bundle.py $(ARGS)
