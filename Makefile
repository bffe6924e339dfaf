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

lint: $(STAMP)
	$(VPY) tools/mpvm.py gate

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
