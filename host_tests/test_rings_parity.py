"""Ring Climb's computer games give the same transcripts on every VM.

Seeded games of both levels, 2-6 players, both faces and the one-card
house rule, each printed as its moves, places and an FNV digest of the
transcript (bot.digest), on CPython here and on MicroPython (unix port,
WASI) and CircuitPython's unix VMs (cp32, cp64; test_vm_parity.py).
Without the CircuitPython builds beside the repo (../shared) those skip
with one line (``-rs``).
"""

import pytest

from vm_games import VMS, on_cpython, on_vm

BATCH = [(2, 0, False), (3, 1, False), (4, 0, True), (5, 1, False),
         (6, 0, False), (2, 1, True)]
LEVELS = ((1, 1, 1, 1, 1, 1), (2, 2, 2, 2, 2, 2), (2, 1, 2, 1, 2, 1))

GUEST = """
from primeplay.rings.settings import Settings
from primeplay.rings.bot import play_bots, digest
for k, (players, face, one) in enumerate(%r):
    for j, lv in enumerate(%r):
        seed = 7 * k + j
        st = Settings(players=players, face=face, one_card=one)
        g = play_bots(st, seed, lv)
        print(players, face, one, seed, g.moves_made, g.places(), digest(g))
""" % (BATCH, LEVELS)


@pytest.fixture(scope="module")
def cpython_lines():
    here = on_cpython(GUEST)
    assert len(here) == len(BATCH) * len(LEVELS)
    return here


@pytest.fixture(params=VMS)
def vm(request):
    return request.param


def test_same_games_on_every_vm(vm, cpython_lines):
    assert on_vm(vm, GUEST) == cpython_lines
