"""tools/benchmarks/harness.py, the one helper the bench's board figures
go through: the REPL prelude and the ballast are written once (no other
module of the bench defines room() or prints the DONE line), scripts
built from it run and say what they should, and a ballast that misses or
a figure the board did not print is an error.  The board itself is stood
in for by CircuitPython's unix VM (cp32): seconds, not the emulated Pico's
minutes."""

import glob
import os

import pytest

import mpvm
from benchmarks import daifugo, harness, judge, rings
from primeplay.daifugo.bot import NORMAL, STRONG

TOOLS = os.path.dirname(os.path.abspath(harness.__file__))

needs_cp32 = pytest.mark.skipif(mpvm.cp_missing(32) is not None,
                                reason=mpvm.cp_missing(32) or "")


def test_the_prelude_and_the_ballast_are_written_once():
    for path in glob.glob(os.path.join(TOOLS, "*.py")):
        if path.endswith("harness.py"):
            continue
        with open(path) as f:
            text = f.read()
        for piece in ("def room():", 'print("DONE")', "bytearray(1024)"):
            assert piece not in text, (os.path.basename(path), piece)


def test_a_script_is_the_prelude_the_ballast_if_asked_the_body_and_done():
    plain = harness.script('\nprint("X", 1)\n')
    assert plain.startswith(harness.PRELUDE)
    assert "LIBROOM" not in plain
    assert plain.endswith('print("X", 1)\nprint("DONE")\n')
    held = harness.script('print("X", 1)', lib_free=90000)
    assert held.startswith(harness.PRELUDE +
                           harness.BALLAST % {"lib_free": 90000})
    assert held.endswith('print("X", 1)\nprint("DONE")\n')


def test_output_reads_the_tagged_lines():
    out = harness.Output(["FREE0 10 20", "IMPORT 1500", "noise", "IMPORT 2",
                          "FREE 5 6", "DECISION 2500 ok",
                          "DECISION 40 MemoryError", "CASE 1000 3000"])
    assert out.ms("IMPORT") == [1.5, 0.002]
    assert out.ints("FREE0") == [(10, 20)] and out.ints("FREE") == [(5, 6)]
    assert out.ms_rows("CASE") == [(1.0, 3.0)]
    assert out.decisions() == [(2.5, "ok"), (0.04, "MemoryError")]
    assert harness.expect([1, 2], 2, "x") == [1, 2]
    with pytest.raises(RuntimeError, match="board game: "):
        harness.expect([1], 2, "board game")


class _Board:
    """Pico.repl's part of the emulated board, on cp32 (fixed heap; its
    time module has no monotonic_ns, so a counter stands in: every timed
    thing takes 1 ms)."""
    TICK = ("_n = [0]\ndef _mono():\n    _n[0] += 1000000\n"
            "    return _n[0]\n")

    def __init__(self, heapsize="400K"):
        self.heapsize = heapsize

    def repl(self, code, done="DONE", timeout_ms=60000):
        out = mpvm.run_cp(self.TICK + code.replace("time.monotonic_ns()",
                                                   "_mono()"),
                          heapsize=self.heapsize)
        lines = out.split("\n")
        assert done in lines, out[-500:]
        return lines[:lines.index(done)]


@needs_cp32
def test_the_ballast_leaves_the_room_asked_for_or_says_so():
    for lib_free in (300000, 200000):
        out = harness.run(_Board(), 'print("ROOM", room())', lib_free)
        (left,), = out.ints("LIBROOM")
        assert abs(left - lib_free) <= harness.BALLAST_SLACK
        assert out.ints("ROOM") == [(left,)]
    with pytest.raises(RuntimeError, match="tight: the ballast left"):
        harness.run(_Board("100K"), "x = 1", 200000, what="tight")


@needs_cp32
def test_the_games_scripts_run_and_print_every_figure():
    b = _Board("1M")
    got = harness.imports(b, daifugo.GAME_IMPORTS)
    assert got["imports"] == [1.0] * 4
    assert got["free0"][0] > got["free"][0] > 0
    numbers = [9973, 8192]
    ms = harness.run(b, judge.BOARD_JUDGE % {
        "numbers": numbers, "hard": judge.HARD24, "steps": 100,
        "patterns": judge.FILL_CASES[:1]}).ms("JUDGE")
    assert len(ms) == len(numbers) + 1 + 1
    pos = daifugo.daifugo_positions(seeds=1)
    rows = [(NORMAL, pos[0], 0, 0, 0), (STRONG, pos[-1], 0, 0, 0)]
    assert daifugo.daifugo_on_board(b, rows) == [(1.0, "ok")] * 2
    cases = [(2, p[0], p[1], p[3]) for p in rings.rings_positions(1)[:2]]
    body = rings.RINGS_SETUP + harness.decisions(
        "level, players, seed, fields", cases,
        ("s = at(players, seed, fields)", "fields = None"),
        "choose(s, level)")
    assert harness.run(b, body).decisions() == [(1.0, "ok")] * 2
