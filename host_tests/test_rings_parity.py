"""Ring Climb's computer games give the same transcripts on every VM.

Seeded games of both levels, 2-6 players, both faces and the one-card
house rule, each printed as its moves, places and an FNV digest of the
transcript (bot.digest), on CPython here and on MicroPython (unix port,
WASI) and CircuitPython's unix VMs (cp32, cp64; test_vm_parity.py).
Without the CircuitPython builds beside the repo (../shared) those skip
with one line (``-rs``).
"""

import pytest

import mpvm

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
    here = []
    exec(GUEST, {"print": lambda *a: here.append(" ".join(str(x) for x in a))})
    assert len(here) == len(BATCH) * len(LEVELS)
    return here


_CP_SKIP = pytest.mark.skip(reason=mpvm.cp_missing() or "")


def _on_cp(bits):
    return () if mpvm.cp_missing(bits) is None else (_CP_SKIP,)


@pytest.fixture(params=["unix", "wasm",
                        pytest.param("cp32", marks=_on_cp(32)),
                        pytest.param("cp64", marks=_on_cp(64))])
def vm(request):
    return request.param


def test_same_games_on_every_vm(vm, cpython_lines):
    if vm == "unix":
        out = mpvm.run_unix(GUEST, heapsize="2M")
    elif vm == "wasm":
        # The WASI build's GC can free live objects (test_vm_parity.py):
        # a heap it never fills, collection off.
        out = mpvm.run_wasm("import gc\ngc.disable()\n" + GUEST,
                            fuel=10**12, heapsize="1024M").stdout
    else:
        out = mpvm.run_cp(GUEST, bits=int(vm[2:]), heapsize="2M")
    assert [l for l in out.splitlines() if l] == cpython_lines
