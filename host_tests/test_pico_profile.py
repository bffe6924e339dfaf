"""The emulated board's profiler (tools/pico.py ``--profile``): where the
core's cycles went, by CircuitPython function, named from its ELF.

Checked on a cost it found (issue 22): a slice stored into a bytearray
also moves every byte after the slice (MicroPython's
mp_seq_replace_slice_no_grow memmoves the tail even when the lengths
match), so a store at the head of a 4 KB buffer is memmove's time, and
the same store at its tail is not.  The renderer stores into each
page's own view for that reason (firmware/render.py).
"""

import pytest

import cpbuilds
import pico

_missing = pico.missing_pieces()
if cpbuilds.pico_elf() is None:
    _missing.append(cpbuilds.missing("CircuitPython's ELF for the Pico"))
pytestmark = pytest.mark.skipif(bool(_missing), reason="emulated Pico: " + "; ".join(_missing))

CODE = """
buf = bytearray(4096)
s = bytes(16)
def head(n):
    for i in range(n):
        buf[0:16] = s
def tail(n):
    for i in range(n):
        buf[4080:4096] = s
print("HEAD")
head(300)
print("TAIL")
tail(300)
print("END")
"""


def _profiles(board, code, marks):
    """Paste ``code`` at the REPL and profile between its printed
    ``marks``: {mark: [(function, ms)]} for each but the last."""
    board.type("\x03")
    board.run(300)
    board.type("\r")
    board.run(500, until=">>> ")
    board.type("\x05")
    board.run(100)
    data = code.replace("\n", "\r").encode()
    for i in range(0, len(data), 200):
        board.type(data[i:i + 200])
        board.run(60)
    seen = len(board.console)
    board.type("\x04")
    out = {}
    for mark, end in zip(marks, marks[1:]):
        while mark not in board.console[seen:]:
            board.run(5, until=mark)
        board.start_profile()
        while end not in board.console[seen:]:
            board.run(5, until=end)
        out[mark] = board.functions(board.stop_profile())
    return out


def test_the_profile_names_where_the_cycles_went():
    with pico.Pico(board="pico_ref", seed=3) as board:
        board.settle()
        got = _profiles(board, CODE, ["HEAD", "TAIL", "END"])
    head, tail = got["HEAD"], got["TAIL"]
    head_total = sum(ms for _, ms in head)
    tail_total = sum(ms for _, ms in tail)
    # At the head, each store moves the 4 KB after it: memmove is most of it.
    assert head[0][0] == "memmove", head[:5]
    assert head[0][1] > 0.5 * head_total, head[:5]
    # At the tail, nothing follows the slice: the same stores, a fraction
    # of the time, and memmove no longer first.
    moved = dict(tail).get("memmove", 0.0)
    assert tail_total < head_total / 3, (head_total, tail_total)
    assert moved < 0.2 * tail_total, tail[:5]
    # The names are CircuitPython's functions, not bare addresses, for
    # nearly all of the time.
    named = sum(ms for name, ms in head if not name.startswith("?"))
    assert named > 0.95 * head_total


WRAP = "DOWN,DOWN,DOWN,DOWN,DOWN"   # the main menu's last DOWN wraps to its top


def _wrap_collections(extra_files=None):
    """(ms, collections, {caller: times}) of the main menu's wrapping
    DOWN: the press to its frame, the calls of gc_collect_start
    meanwhile, and the functions gc_collect was called from."""
    import elfsyms
    symbols = pico.elf_symbols()
    collect = elfsyms.address(symbols, "gc_collect")
    with pico.Pico(board="pico_ref", seed=3, extra_files=extra_files) as board:
        board.settle()
        keys = WRAP.split(",")
        for key in keys[:-1]:
            board.answer_ms(key)
            board.settle()
        board.start_profile(watch=[collect])
        ms = board.answer_ms(keys[-1])
        board.stop_profile()
        calls = board.calls(board.profiled_hits)
        callers = {}
        for (_, back), n in board.profiled_callers.items():
            name = symbols.name(back)
            callers[name] = callers.get(name, 0) + n
    return ms, calls.get("gc_collect_start", 0), callers


def test_the_heap_in_one_piece_spares_a_press_its_collections():
    # The drive's settings.toml has CIRCUITPY_HEAP_START_SIZE (issue 22),
    # a first piece the main menu runs in whole.  Without it CircuitPython
    # starts the heap at 8 KB and grows it in pieces; the main menu then
    # had over 100 KB free and still collected several times in one
    # press, each allocation of a few blocks finding no room in the
    # pieces it searched.
    text = pico.settings_toml("pico_ref", 3, True)
    assert "CIRCUITPY_HEAP_START_SIZE" in text
    ms, collections, _ = _wrap_collections()
    pieces = "\n".join(ln for ln in text.splitlines()
                       if not ln.startswith("CIRCUITPY_HEAP_START_SIZE")) + "\n"
    ms_pieces, collections_pieces, callers = _wrap_collections(
        {"settings.toml": pieces.encode()})
    print("one piece: %.1f ms, %d collections; in pieces: %.1f ms, %d collections, from %r"
          % (ms, collections, ms_pieces, collections_pieces, callers))
    # (Measured: 4 collections in pieces, 51 against 67 ms; 18, and 54
    # against 162 ms, before the renderer's diff stopped building a dict
    # of the scene's items.)
    assert collections == 0
    assert collections_pieces >= 3
    assert ms < ms_pieces - 10
    # They are the allocator's (an allocation that found no room), not
    # the loop's own gc.collect() at rest, which may fall in the window.
    assert callers.get("gc_alloc", 0) >= collections_pieces - 1, callers


def test_a_profile_to_the_bus_counts_a_press_without_its_frame():
    # to_i2c: the counting stops at the frame's first I2C start, so a
    # press's own work (the app, the scene, the renderer) is counted
    # apart from the bytes on the bus and the idle polls after them.
    with pico.Pico(board="pico_ref", seed=3) as board:
        board.settle()
        got = {}
        for key, to_i2c in (("DOWN", False), ("UP", True)):
            board.start_profile(to_i2c=to_i2c)
            board.answer_ms(key)
            got[to_i2c] = dict(board.functions(board.stop_profile()))
            board.settle()
    whole, work = got[False], got[True]
    assert whole.get("i2c_write_blocking_internal", 0) > 1.0, sorted(whole.items())[:5]
    # (The driver's first instructions set the block up before its start.)
    assert work.get("i2c_write_blocking_internal", 0) < 0.1
    assert work.get("mp_execute_bytecode", 0) > 0.5
    assert sum(work.values()) < sum(whole.values()) / 2
