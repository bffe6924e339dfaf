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


# ------------------------------------------------- CircuitPython's unix VM

def _cp_param(bits):
    # A skip mark with one reason for all (not a skip raised in a fixture,
    # which pytest reports once per test): with no builds, `pytest -rs`
    # folds every CircuitPython test of this file into one line.
    if mpvm.cp_missing(bits) is None:
        return bits
    return pytest.param(bits, marks=pytest.mark.skip(reason=mpvm.cp_missing()))


@pytest.fixture(params=[_cp_param(32), _cp_param(64)])
def cp_bits(request):
    return request.param


def test_cp_imports_lib_and_agrees_with_cpython(cp_bits):
    assert mpvm.run_cp(PRIMES_SCRIPT, bits=cp_bits) == CPYTHON_PRIMES


def test_cp_runs_circuitpython_with_the_asked_word_size(cp_bits):
    # cp32 must be the build with the board's object model, not cp64.
    out = mpvm.run_cp("import sys\nprint(sys.implementation.name, "
                      "sys.maxsize.bit_length())", bits=cp_bits)
    assert out.split() == ["circuitpython", str(cp_bits - 1)]


def test_cp_error_carries_guest_traceback(cp_bits):
    with pytest.raises(mpvm.MPVMError,
                       match="circuitpython-cp%d exited(?s:.*)ValueError: boom"
                       % cp_bits):
        mpvm.run_cp("raise ValueError('boom')", bits=cp_bits)


def test_cp_heapsize_is_enforced(cp_bits):
    code = "b = bytearray(100_000)\nprint(len(b))"
    assert mpvm.run_cp(code, bits=cp_bits, heapsize="256K") == "100000\n"
    with pytest.raises(mpvm.MPVMError, match="MemoryError"):
        mpvm.run_cp(code, bits=cp_bits, heapsize="64K")


def test_cp_timeout_raises(cp_bits):
    with pytest.raises(mpvm.MPVMError, match="timed out after 1s"):
        mpvm.run_cp("while True:\n    pass", bits=cp_bits, timeout=1)


def test_cp_missing_build_is_named_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("PRIMEPLAY_CIRCUITPYTHON", str(tmp_path))
    reason = mpvm.cp_missing()
    assert "circuitpython-cp32 and circuitpython-cp64 not found" in reason
    assert "\n" not in reason
    with pytest.raises(mpvm.MPVMError, match="circuitpython-cp32 not found"):
        mpvm.run_cp("print(1)")
