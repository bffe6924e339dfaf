# Every target bootstraps .venv itself, so a fresh clone needs only python3.
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: test bench sim lint clean

$(STAMP): requirements-dev.txt
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

test: $(STAMP)
	$(VPY) -m pytest -q host_tests

bench: $(STAMP)
	$(VPY) tools/bench.py

# The desktop simulator (window, or terminal without a display).
# Extra options: make sim ARGS="--seed 3 --board pico_ref"
sim: $(STAMP)
	$(VPY) tools/sim.py $(ARGS)

lint: $(STAMP)
	$(VPY) tools/mpvm.py gate

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

# Copy firmware/, boards/, lib/primeplay/ and the Adafruit libraries to a
# board: CIRCUITPY drive by default; ARGS="--mpremote", "--dry-run",
# "--drive PATH", "--board NAME" (see tools/deploy.py).
.PHONY: flash
flash: $(STAMP)
	$(VPY) tools/deploy.py $(ARGS)
