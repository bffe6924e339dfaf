"""The same seeded games on every VM: a guest script's printed lines on
CPython and on MicroPython's unix port, WASI, and CircuitPython's cp32
and cp64 (those two skip, with one line, without ../shared).

Used by the games' parity tests (test_daifugo_games, test_rings_parity):
``VMS`` parametrizes a ``vm`` fixture, ``on_cpython(guest)`` and
``on_vm(vm, guest)`` give the lines to compare.
"""

import pytest

import mpvm

_CP_SKIP = pytest.mark.skip(reason=mpvm.cp_missing() or "")


def _on_cp(bits):
    return () if mpvm.cp_missing(bits) is None else (_CP_SKIP,)


VMS = ["unix", "wasm", pytest.param("cp32", marks=_on_cp(32)),
       pytest.param("cp64", marks=_on_cp(64))]


def on_cpython(guest):
    here = []
    exec(guest, {"print": lambda *a: here.append(" ".join(str(x) for x in a))})
    return here


def on_vm(vm, guest):
    if vm == "unix":
        out = mpvm.run_unix(guest, heapsize="2M")
    elif vm == "wasm":
        # The WASI build's GC can free live objects (test_vm_parity.py):
        # a heap it never fills, collection off.
        out = mpvm.run_wasm("import gc\ngc.disable()\n" + guest,
                            fuel=10**12, heapsize="1024M").stdout
    else:
        out = mpvm.run_cp(guest, bits=int(vm[2:]), heapsize="2M")
    return [line for line in out.splitlines() if line]
