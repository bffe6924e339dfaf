"""Long runs: ``make test`` keeps a bounded sample of each, ``make soak``
runs them whole (PRIMEPLAY_SOAK=1, and ``pytest -m soak``).

A test that runs only in the soak is marked ``only`` (it skips in
``make test`` saying so); a test that runs in both, longer in the soak,
takes its size from ``size(whole, sample)`` and is marked ``soak`` so that
``make soak`` picks it.
"""

import os

import pytest

FULL = os.environ.get("PRIMEPLAY_SOAK", "") not in ("", "0")

mark = pytest.mark.soak
only = [pytest.mark.soak,
        pytest.mark.skipif(not FULL, reason="long run: make soak runs it")]


def size(whole, sample):
    """``whole`` in the soak, ``sample`` in make test."""
    return whole if FULL else sample
