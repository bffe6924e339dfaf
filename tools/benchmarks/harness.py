"""The emulated board's REPL harness: the one helper every board figure of
the bench goes through.

A figure on the board is a script run at the REPL of the emulated Pico
(tools/pico.py's ``Pico.repl``: Ctrl-C stops code.py, so the first script
of a session has a fresh heap and none of the firmware's modules).
``script`` builds it: the prelude (PRELUDE: gc, time and ``room()``),
with ``lib_free`` the ballast (BALLAST), then the body, then the DONE
line the REPL waits for.  The body prints its figures on tagged lines
("IMPORT 1234", "DECISION 5678 ok"); ``run`` returns them as an Output
and fails when the ballast missed its mark.  ``session`` opens (and
boots) the board, ``available`` says why it cannot run here, ``expect``
makes a figure the board did not print an error rather than a short
table.  ``imports`` and ``decisions`` are the bodies the games share:
their modules imported one after another, and one computer decision a
case.
"""

import contextlib

# At the top of every script.  room() is what 1 KB blocks still fit:
# CircuitPython 10 grows its heap when full, so gc.mem_free() is not the
# limit.
PRELUDE = """
import gc, time
def room():
    gc.collect()
    a = gc.mem_alloc()
    chain = None
    try:
        while True:
            chain = [chain, bytearray(1024)]
    except MemoryError:
        r = gc.mem_alloc() - a
    chain = None
    gc.collect()
    return r
"""
# With ``lib_free`` (what the firmware leaves lib/primeplay: tools/heap.py
# share), after the prelude: 1 KB blocks are held until room() is that,
# so the body runs in the room a game has on the board.  Half the way
# each time: the room can fall by more than the blocks taken (the heap's
# growth is in chunks), and an overshoot leaves the body less room than
# the board gives the game.
BALLAST = """
ballast = None
r = room()
while r > %(lib_free)d:
    for i in range((r - %(lib_free)d) // 2200 + 1):
        ballast = [ballast, bytearray(1024)]
    r = room()
print("LIBROOM", r)
"""
BALLAST_SLACK = 4096    # bytes the room may miss lib_free by


def script(body, lib_free=None):
    """The REPL script of ``body``: PRELUDE, BALLAST when ``lib_free`` is
    given, the body, and the DONE line Pico.repl waits for."""
    text = PRELUDE
    if lib_free is not None:
        text += BALLAST % {"lib_free": lib_free}
    return text + body.strip("\n") + '\nprint("DONE")\n'


class Output:
    """The lines a script printed, read by their tags."""

    def __init__(self, lines):
        self.lines = lines

    def fields(self, tag):
        """The words after ``tag`` of each line whose first word it is."""
        return [p[1:] for p in (ln.split() for ln in self.lines)
                if p and p[0] == tag]

    def ints(self, tag):
        """Each ``tag`` line's numbers: [(int, ...)]."""
        return [tuple(int(x) for x in f) for f in self.fields(tag)]

    def ms_rows(self, tag):
        """Each ``tag`` line's numbers, microseconds, in ms: [(ms, ...)]."""
        return [tuple(int(x) / 1000.0 for x in f) for f in self.fields(tag)]

    def ms(self, tag):
        """The first number of each ``tag`` line, microseconds, in ms."""
        return [int(f[0]) / 1000.0 for f in self.fields(tag)]

    def decisions(self):
        """(ms, "ok" or "MemoryError") of each DECISION line (decisions)."""
        return [(int(f[0]) / 1000.0, f[1]) for f in self.fields("DECISION")]


def available(quiet=False):
    """Whether the emulated board runs here; when not, says what is
    missing (unless ``quiet``)."""
    import pico
    missing = pico.missing_pieces()
    if missing and not quiet:
        print("bench: no emulated board: " + "; ".join(missing))
    return not missing


@contextlib.contextmanager
def session(**options):
    """The emulated board, pico.Pico(**options) (seed 3 unless they say),
    booted: its first frames are the figures of the start itself."""
    import pico
    options.setdefault("seed", 3)
    with pico.Pico(**options) as b:
        yield b


def run(b, body, lib_free=None, timeout_ms=60000, what="board"):
    """Run ``script(body, lib_free)`` at board ``b``'s REPL: its Output.
    With ``lib_free``, a RuntimeError (naming ``what``) unless the ballast
    left that room, give or take BALLAST_SLACK.  A traceback on the board
    is pico.PicoError."""
    lines = b.repl(script(body, lib_free), timeout_ms=timeout_ms)
    out = Output(lines)
    if lib_free is not None:
        got = [n[0] for n in out.ints("LIBROOM")]
        if not got or abs(got[0] - lib_free) > BALLAST_SLACK:
            raise RuntimeError("%s: the ballast left %r bytes, not %d: %r"
                               % (what, got, lib_free, lines[:20]))
    return out


def expect(rows, count, what, detail=None):
    """``rows`` if there are ``count`` of them, else a RuntimeError
    "``what``: ``detail``" (the rows unless given)."""
    if len(rows) != count:
        raise RuntimeError("%s: %r" % (what, rows if detail is None
                                       else detail))
    return rows


# Each import after the ones before it, the heap collected before each.
IMPORTS = """
gc.collect()
print("FREE0", gc.mem_free(), room())
for name in %r:
    gc.collect()
    t = time.monotonic_ns()
    __import__(name)
    print("IMPORT", (time.monotonic_ns() - t) // 1000)
gc.collect()
print("FREE", gc.mem_free(), room())
"""


def imports(b, mods, out=None):
    """Import ``mods`` one after another at a fresh REPL of board ``b``:
    ``out`` (a new dict if None) with "imports" (ms each), "free0" and
    "free" (gc.mem_free and 1 KB blocks that fit, before and after)."""
    got = run(b, IMPORTS % (mods,))
    out = {} if out is None else out
    out["imports"] = got.ms("IMPORT")
    out["free0"] = got.ints("FREE0")[0]
    out["free"] = got.ints("FREE")[0]
    return out


# One computer decision a case: the case's state built, the heap
# collected, the decision timed; a MemoryError is its result, not the
# script's failure.
DECISIONS = """
for %(names)s in %(cases)r:
%(make)s
    gc.collect()
    t = time.monotonic_ns()
    try:
        %(decide)s
        r = "ok"
    except MemoryError:
        r = "MemoryError"
    print("DECISION", (time.monotonic_ns() - t) // 1000, r)
    s = bot = None
"""


def decisions(names, cases, make, decide):
    """The body that times one decision a case of ``cases``: ``names``
    the loop's targets, ``make`` the statements that build ``s`` (and
    ``bot``) from them, ``decide`` the call timed.  Output.decisions reads
    its lines."""
    return DECISIONS % {"names": names, "cases": cases, "decide": decide,
                        "make": "\n".join("    " + m for m in make)}
