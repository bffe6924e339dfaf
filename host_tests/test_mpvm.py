"""tools/mpvm.py: both MicroPython VMs run lib/ code, and the gates hold.

Other suites trust these runners for parity and cost figures, so each one
is checked against CPython or against itself here.
"""

import pytest

import mpvm
from primeplay.numbers import is_prime

# Prints the primes in 0..200 as the guest sees them.
PRIMES_SCRIPT = (
    "from primeplay.numbers import is_prime\n"
    "print([n for n in range(201) if is_prime(n)])\n"
)
CPYTHON_PRIMES = str([n for n in range(201) if is_prime(n)]) + "\n"


def test_unix_imports_lib_and_agrees_with_cpython():
    assert mpvm.run_unix(PRIMES_SCRIPT) == CPYTHON_PRIMES


def test_unix_error_carries_guest_traceback():
    # The unix port prints tracebacks to stdout, not stderr.
    with pytest.raises(mpvm.MPVMError, match="ValueError: boom"):
        mpvm.run_unix("raise ValueError('boom')")


def test_unix_heapsize_is_enforced():
    with pytest.raises(mpvm.MPVMError, match="MemoryError"):
        mpvm.run_unix("b = bytearray(200_000)", heapsize="64K")


def test_wasm_imports_lib_and_agrees_with_cpython():
    result = mpvm.run_wasm(PRIMES_SCRIPT)
    assert result.stdout == CPYTHON_PRIMES
    assert result.fuel_used > 0


def test_wasm_fuel_is_deterministic():
    first = mpvm.run_wasm(PRIMES_SCRIPT)
    second = mpvm.run_wasm(PRIMES_SCRIPT)
    assert first.fuel_used == second.fuel_used


def test_wasm_imports_random_from_preopened_dev():
    assert mpvm.run_wasm("import random; print(random.random() < 1)"
                         ).stdout == "True\n"


def test_wasm_error_carries_guest_traceback():
    with pytest.raises(mpvm.MPVMError, match="ValueError: boom"):
        mpvm.run_wasm("raise ValueError('boom')")


def test_wasm_out_of_fuel_raises():
    with pytest.raises(mpvm.MPVMError, match="out of fuel"):
        mpvm.run_wasm("while True: pass", fuel=10**6)


def test_wasm_lib_is_read_only():
    with pytest.raises(mpvm.MPVMError, match="OSError"):
        mpvm.run_wasm("open('/lib/scribble.py', 'w')")


def test_cost_counts_allocation_and_scales_with_work():
    setup = "n = 0"
    short = mpvm.cost(setup, "for i in range(3):\n    b = bytearray(1000)")
    long = mpvm.cost(setup, "for i in range(30):\n    b = bytearray(1000)")
    assert short.alloc_bytes >= 1000
    assert long.alloc_bytes >= 30 * 1000
    assert long.fuel > short.fuel > 0
    assert long.mem_free > 32 * 1024 * 1024


def test_cost_of_nothing_is_nothing():
    # The empty window cancels the probes' own fuel and bytes exactly.
    nothing = mpvm.cost("x = 0", "pass")
    assert (nothing.fuel, nothing.alloc_bytes) == (0, 0)


def test_cost_refuses_a_nearly_full_heap():
    with pytest.raises(mpvm.MPVMError, match="not trusted"):
        mpvm.cost("", "b = bytearray(56_000_000)")


def test_gate_passes_on_lib():
    assert mpvm.mpy_cross_gate() > 0


def test_gate_names_every_rejected_file(tmp_path):
    # `match` is valid CPython 3.10+ that MicroPython does not parse.
    (tmp_path / "uses_match.py").write_text(
        "match 1:\n    case 1:\n        pass\n")
    (tmp_path / "broken.py").write_text("def f(:\n")
    (tmp_path / "fine.py").write_text("x = 1\n")
    with pytest.raises(mpvm.MPVMError, match="2 of 3") as info:
        mpvm.mpy_cross_gate(tmp_path)
    assert "uses_match.py" in str(info.value)
    assert "broken.py" in str(info.value)
