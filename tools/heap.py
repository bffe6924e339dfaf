"""The heap our code has on the board, and whether whole games fit in it.

Two measurements, shared by the heap test (host_tests/test_board_heap.py)
and ``make bench``:

``firmware_share()``: on the emulated Pico, after every key of a Prime
Climb turn with the real firmware, what is allocated and how much more
could be; the same keys through the app alone on CircuitPython's VM
(cp32) give what lib/primeplay holds at each of those frames.  The rest
is the firmware's: displayio, the SSD1306 driver, neopixel, the
renderer's pooled tiles, the device adapter, code.py.  What lib/primeplay
holds plus the room left, at the tightest frame, is the heap it has.

``play(seed, heapsize)``: the app with a computer at every seat of a
4-player Prime Climb game, driven by button events (menu, setup, Start),
saving after every turn into 4 KB of "flash" kept in a file (outside the
heap, as microcontroller.nvm is), cut off by a power cut half way, and
continued from the save in a fresh VM (press Continue) to the end.  It
prints what happened, and the test compares that with CPython line by
line: a save that failed for want of memory shows as a different count
of writes.

Run it: ``python tools/heap.py share`` (needs the emulated board) or
``python tools/heap.py smallest`` (the smallest cp32 heap every seed
passes at).
"""

import contextlib
import io
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import mpvm  # noqa: E402

SEEDS = range(20)
FRAMES_BEFORE_CUT = 600    # 250 ms ticks: some 12 turns into the game

GAME_CODE = r'''
import gc


class FileNvm:
    # 4 KB of "flash" in a file, outside the heap as microcontroller.nvm is.
    def __init__(self, path):
        self.path = path
        self.writes = 0
        try:
            open(path, "rb").close()
        except OSError:
            f = open(path, "wb")
            f.write(b"\xff" * 4096)
            f.close()

    def __len__(self):
        return 4096

    def __getitem__(self, i):
        f = open(self.path, "rb")
        if isinstance(i, slice):
            f.seek(i.start)
            d = f.read(i.stop - i.start)
        else:
            f.seek(i)
            d = f.read(1)[0]
        f.close()
        return d

    def __setitem__(self, i, v):
        f = open(self.path, "r+b")
        f.seek(i.start)
        f.write(v)
        f.close()
        self.writes += 1


class Storage:
    def __init__(self, path):
        self.nvm = FileNvm(path)


def play(app, until):
    # A frame every 250 ms of play, as the firmware draws when it changes.
    t = frames = 0
    while frames < until and getattr(app.screen, "mode", None) != "over":
        t += 250
        app.tick(t)
        app.scene()
        frames += 1
    return frames


class Restart(Exception):
    pass


def restart(intent):
    # App.switch on the board: this VM ends, the next starts at intent.
    raise Restart(intent)


st = Storage(%(path)r)
from primeplay.app import App
a = App(st, seed=%(seed)d, start=%(start)r)
a.restart = restart
i = %(i)d
keys = %(keys)r
try:
    if %(phase)d == 2 and i == 0:
        # After the power cut: the main menu offers Continue.
        print(a.scene().texts()[0])
    while i < len(keys):
        i += 1
        a.press(keys[i - 1])
        a.scene()       # a Loading frame's work runs after it is shown
        a.tick(0)
    frames = play(a, %(cut)d)
    s = a.below[0] if a.below else a.screen    # the game under its news
    print(s.mode, s.state.turn, getattr(s.state, "pos", None),
          getattr(s, "score", None),
          getattr(s.state, "winner", getattr(s.state, "finished", None)),
          st.nvm.writes, frames)
except Restart as e:
    print("restart", i, e.args[0])
'''

# From the main menu to a game with a computer at every seat.
GAME_KEYS = {
    # Prime Climb; 4 players; P1 a normal computer too (P2-P4 are by
    # default); the setup opens on Start, its first row, three rows above
    # P1's.
    "climb": ("A", "DOWN", "DOWN", "RIGHT", "RIGHT", "DOWN", "RIGHT",
              "RIGHT", "UP", "UP", "UP", "A"),
    # Prime Daifugo; 3 players, all strong computers, [0], [5/9], [4/6/8]
    # and SKIP cards on (the most cards, the most plays to weigh), first
    # to 2; the setup opens on Start, LEFT/RIGHT change a row, UP wraps
    # back to Start.
    "daifugo": ("DOWN", "A", "DOWN", "RIGHT", "DOWN", "RIGHT", "RIGHT",
                "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "RIGHT", "DOWN",
                "RIGHT", "DOWN", "RIGHT", "DOWN", "DOWN", "RIGHT") +
               ("UP",) * 11 + ("A",),
    # Ring Climb; 6 players, all strong computers (the most pawns in the
    # way, the most bot turns between saves).
    "rings": ("DOWN", "DOWN", "A", "DOWN", "RIGHT", "RIGHT", "RIGHT",
              "RIGHT", "DOWN", "RIGHT", "RIGHT", "UP", "UP", "A"),
}


def on_cpython(code):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<heap game>", "exec"), {"__name__": "heap_game"})
    return out.getvalue()


def play(seed, heapsize=None, path=mpvm.LIB_DIR, game="climb"):
    """The two halves' output (before the cut, after Continue) of seed's
    game on cp32 at ``heapsize`` (a -X heapsize string) from ``path``
    (lib/ as .py or .mpy), or on CPython when ``heapsize`` is None.  As
    on the board, the game runs in a VM of its own: each App.switch ends
    the VM (a "restart" line) and a new one goes on from there.  A half
    that raised gives its error text instead."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        nvm = os.path.join(tmp, "nvm.bin")
        for phase in (1, 2):
            keys = GAME_KEYS[game] if phase == 1 else ("A",)
            text = ""
            start, i = None, 0
            for _ in range(8):
                code = GAME_CODE % {"path": nvm, "seed": seed, "phase": phase,
                                    "cut": FRAMES_BEFORE_CUT if phase == 1 else 40000,
                                    "keys": keys, "start": start, "i": i}
                if heapsize is None:
                    run = on_cpython(code)
                else:
                    try:
                        run = mpvm.run_cp(code, heapsize=heapsize, path=path)
                    except mpvm.MPVMError as e:
                        run = "FAILED: %s" % str(e)[-600:]
                text += run
                last = run.strip().split("\n")[-1]
                if not last.startswith("restart "):
                    break
                _, i, start = last.split(" ", 2)
                i = int(i)
            out.append(text)
            if text.startswith("FAILED") or "\nFAILED" in text:
                break
    return out


def smallest_heap(seeds=SEEDS, path=mpvm.LIB_DIR, lo=100, hi=200,
                  game="climb"):
    """The smallest cp32 heap (KiB) at which every seed's game equals
    CPython's, by bisection per seed: {seed: KiB}.  (Fragmentation can
    make a heap fail that is larger than one that passes; the test runs
    the heap it names, so this is a report, not a proof.)"""
    out = {}
    for seed in seeds:
        want = play(seed, game=game)
        if play(seed, "%dK" % hi, path, game) != want:
            out[seed] = None
            continue
        a, b = lo, hi      # a fails (or is the floor), b passes
        while b - a > 1:
            m = (a + b) // 2
            if play(seed, "%dK" % m, path, game) == want:
                b = m
            else:
                a = m
        out[seed] = b
    return out


# -- an evening: games one after another, a fresh VM for each ----------------

# Where a game's setup keys start in GAME_KEYS (after the main menu's).
_MENU_KEYS = {"climb": 1, "daifugo": 2, "rings": 3}
# Its row in the main menu (below a Continue row for each saved game).
_ROW = {"climb": 0, "daifugo": 1, "rings": 2}
_ORDER = ("climb", "daifugo", "rings")     # the registry's, Continue rows'

SESSION_CODE = GAME_CODE.split("def play(app, until):")[0] + r"""
class Restart(Exception):
    pass


def restart(intent):
    raise Restart(intent)


st = Storage(%(path)r)
from primeplay.app import App
a = App(st, seed=%(seed)d, start=%(start)r)
a.restart = restart
t = %(t)d


def frames(n):
    global t
    for _ in range(n):
        t += 250
        a.tick(t)
        a.scene()


def play(until):
    # A frame every 250 ms of play, as the firmware draws when it changes,
    # until the game is over.
    n = 0
    while n < until and getattr(a.screen, "mode", None) != "over":
        frames(1)
        n += 1
    return n


def leave():
    # The pause menu's "Save and quit" (B waits while the dice roll, and
    # turns a page first).
    for _ in range(50):
        if type(a.screen).__name__ == "Pause":
            break
        a.press("B")
        frames(1)
    for row in a.screen.rows:
        if row[0] == "Save and quit":
            break
        a.press("DOWN")
    a.press("A")
    frames(4)


# One string, read a step at a time: a list of tuples would hold more
# of the heap than the app's own menus.
steps = %(steps)r
i = %(i)d
at = 0
played = 0
for _ in range(i):
    at = steps.index(" ", at) + 1
try:
    frames(1)
    while at < len(steps):
        end = steps.index(" ", at)
        kind = steps[at]
        arg = steps[at + 1:end]
        at = end + 1
        i += 1
        if kind == "k":
            a.press(arg)
            a.scene()       # a Loading frame's work runs after it is shown
            frames(1)
        elif kind == "f":
            frames(int(arg))
        elif kind == "l":
            leave()
        elif kind == "p":
            played = play(int(arg))
        elif kind == "r":
            g = a.below[0] if a.below else a.screen    # the game under its news
            print("report", g.mode, g.state.turn, getattr(g.state, "pos", None),
                  getattr(g, "score", None),
                  getattr(g.state, "winner", getattr(g.state, "finished", None)),
                  st.nvm.writes, played)
        else:
            gc.collect()
            print("show", arg, a.scene().texts()[0], "|",
                  gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0)
    print("end")
except Restart as e:
    print("restart", i, t, e.args[0])
"""


def visit_steps(game, saved=(), frames=60):
    """Steps of one visit from the main menu: a new game of ``game`` with
    a computer at every seat (GAME_KEYS), ``frames`` frames of play,
    then "Save and quit"; ``saved``: the games saved (a Continue row
    each at the top, and a new game of one of them asks before it
    replaces its save)."""
    keys = ["DOWN"] * (_ROW[game] + len(saved)) + ["A"]
    if game in saved:
        keys.append("A")    # "New game replaces it": A
    keys += list(GAME_KEYS[game][_MENU_KEYS[game]:])
    out = [("key", k) for k in keys]
    out += [("frames", frames), ("show", game), ("leave", ""), ("show", "menu")]
    return out


def continue_steps(game, saved, frames=8):
    """Continue the saved game of ``game`` (its row among the Continue
    rows of ``saved``), play, "Save and quit"."""
    row = [g for g in _ORDER if g in saved].index(game)
    return [("key", "DOWN")] * row + [
        ("key", "A"), ("frames", frames), ("show", "continue"),
        ("leave", ""), ("show", "menu")]


def evening(order, rounds=2, frames=60):
    """The steps of an evening: the games of ``order`` one after another,
    each a new game left with "Save and quit" (each game keeps its own
    save), ``rounds`` times over, each round closing with Continue of
    the last one."""
    steps = []
    saved = set()
    for _ in range(rounds):
        for game in order:
            steps += visit_steps(game, saved, frames)
            saved.add(game)
        steps += continue_steps(order[-1], saved)
    return steps


def session(steps, heapsize="1M", path=mpvm.LIB_DIR, seed=1, max_runs=64, nvm=None):
    """Run ``steps`` on cp32 at ``heapsize`` (None: on CPython), as the
    board would: a new VM process whenever the app restarts it
    (App.switch), the saves kept in a file between them as nvm is (in
    ``nvm``, a path, to go on from another session's saves).  Returns (the
    lines printed: "show", "report", "restart" and "end" lines, or
    "FAILED: ..." last, and the restarts' intents)."""
    if nvm is None:
        with tempfile.TemporaryDirectory() as tmp:
            return session(steps, heapsize, path, seed, max_runs,
                           os.path.join(tmp, "nvm.bin"))
    lines = []
    intents = []
    if True:
        start, i, t = None, 0, 0
        for _ in range(max_runs):
            code = SESSION_CODE % {"path": nvm, "seed": seed, "start": start,
                                   "t": t, "steps": _packed(steps), "i": i}
            try:
                out = (on_cpython(code) if heapsize is None else
                       mpvm.run_cp(code, heapsize=heapsize, path=path))
            except mpvm.MPVMError as e:
                lines.append("FAILED: %s" % str(e)[-600:])
                return lines, intents
            run = out.splitlines()
            lines += run
            if not run or not run[-1].startswith("restart "):
                return lines, intents
            _, i, t, start = run[-1].split(" ", 3)
            i, t = int(i), int(t)
            intents.append(start)
    lines.append("FAILED: more than %d runs" % max_runs)
    return lines, intents


def _packed(steps):
    """Steps as SESSION_CODE reads them: "kA f60 sclimb l " (a key,
    frames, a line shown, leave by the pause menu's "Save and quit")."""
    short = {"key": "k", "frames": "f", "leave": "l", "show": "s", "play": "p",
             "report": "r"}
    return "".join("%s%s " % (short[kind], arg) for kind, arg in steps)


def texts(lines):
    """``session``'s lines without the heap figures (what must not
    depend on the heap's size)."""
    return [line.split(" |")[0] for line in lines]


def peak_alloc(lines):
    """The most the app held at a "show" step (bytes, after a collection)."""
    return max([int(line.rsplit("| ", 1)[1]) for line in lines
                if line.startswith("show ")] or [0])


# -- the firmware's share, on the emulated board -------------------------------

# A Prime Climb turn: setup, Start (where it opens), the start roll's
# news, roll, two moves, End turn, then the computer's whole turn
# (test_pico.py plays the same).
TURN = "A,A,A,A,WAIT:2000,A,A,A,WAIT:12000"

ALLOC_CODE = r'''
import gc
gc.collect()
base = gc.mem_alloc()
from primeplay.app import App
a = App(seed=%(seed)d, pixels=%(pixels)d, buttons=%(buttons)r)
t = 0
last = None


def frame():
    global last
    sc = a.scene()
    key = (list(sc.items), list(sc.leds))
    if key != last:
        last = key
        return True
    return False


def settle(quiet):
    # As the simulator and tools/pico.py: run until no new frame for quiet ms.
    global t
    q = 0
    while q < quiet:
        t += %(tick)d
        a.tick(t)
        q = 0 if frame() else q + %(tick)d


frame()
for token in %(tokens)r:
    if token[0] == "WAIT":
        end = t + token[1]
        while t < end:
            t += %(tick)d
            a.tick(t)
            frame()
    else:
        a.press(token[0])
        settle(%(quiet)d)
    text = a.scene().texts()[0]
    # The shown scene is the firmware's to keep (runner.py's ``shown``):
    # not counted here.
    kept = last
    last = None
    gc.collect()
    print("alloc", gc.mem_alloc() - base, text)
    last = kept
'''


def firmware_share(seed=3, board="pico_ref", keys=TURN):
    """The heap lib/primeplay has on the emulated board.

    CircuitPython 10 grows its heap when it is full, so what gc.mem_free()
    says is only what the heap holds now.  With PRIMEPLAY_DEBUG = 2 the
    firmware says after each frame what is allocated and how much more
    could be (FrameProbe's room).  After each key of ``keys`` the same
    keys through the app alone on cp32 give what lib/primeplay holds; so
    at that frame lib/primeplay could hold ``lib alloc + room``, and the
    firmware holds ``board alloc - lib alloc``.  Returns {"start": free at
    code.py's start, "frames": [(board alloc, room, lib alloc, first text
    line)], "share": the firmware's largest share, "lib": the smallest
    lib alloc + room}.  Needs the emulated board and CircuitPython's
    builds (raises pico.PicoError without them)."""
    import pico
    import sim
    from device import button_order
    with pico.Pico(board=board, seed=seed, debug=2) as b:
        marker = "primeplay: start free "
        start = int(b.console.split(marker)[1].split()[0])
        settled = b.run_keys(keys)
        buttons = button_order(b.profile["buttons"])
        pixels = b.profile["pixel_count"]
    tokens = [t for t in sim.parse_keys(keys)]
    code = ALLOC_CODE % {"seed": seed, "pixels": pixels, "buttons": tuple(buttons),
                         "tick": sim.TICK_MS, "quiet": pico.MS_PER_KEY,
                         "tokens": tokens}
    lines = [line.split(None, 2) for line in
             mpvm.run_cp(code, heapsize="400K", path=mpy_lib()).splitlines()
             if line.startswith("alloc ")]
    frames = [(f.alloc, f.room, int(alloc), text)
              for f, (_, alloc, text) in zip(settled, lines)]
    return {"start": start, "frames": frames,
            "share": max(a - lib for a, _, lib, _ in frames),
            "lib": min(lib + room for _, room, lib, _ in frames)}


def cp32_free(heapsize):
    """Free heap at the start of a cp32 run with ``-X heapsize``."""
    return int(mpvm.run_cp("import gc\ngc.collect()\nprint(gc.mem_free())",
                           heapsize=heapsize))


def cp32_heap_for(free):
    """The largest cp32 heapsize (KiB) that starts with at most ``free``
    bytes free: the VM's own tables take a share of any heap."""
    k = free // 1024
    while cp32_free("%dK" % k) > free:
        k -= 1
    while cp32_free("%dK" % (k + 1)) <= free:
        k += 1
    return k


_MPY = {}


def mpy_lib():
    """lib/ compiled as ``deploy.py --mpy`` lays it out on the board (a
    temporary folder, made once per process)."""
    if "lib" not in _MPY:
        import shutil
        import cpbuilds
        import deploy
        mpy_cross = cpbuilds.mpy_cross()
        if mpy_cross is None:
            raise RuntimeError(cpbuilds.missing("CircuitPython's mpy-cross"))
        root = tempfile.mkdtemp(prefix="primeplay-mpy-")
        for src, rel in deploy.plan(libs=False, mpy_cross=mpy_cross):
            if rel.startswith("lib/"):
                os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
                shutil.copyfile(src, os.path.join(root, rel))
        _MPY["lib"] = os.path.join(root, "lib")
    return _MPY["lib"]


def main(argv):
    if argv[:1] == ["share"]:
        r = firmware_share()
        print("free at code.py's start: %d (the heap grows beyond it)" % r["start"])
        for alloc, room, lib, text in r["frames"]:
            print("board alloc %6d  room %6d  lib alloc %6d  firmware %6d  lib could hold %6d  %s"
                  % (alloc, room, lib, alloc - lib, lib + room, text))
        print("firmware share (largest): %d\nlib/primeplay has: %d" % (r["share"], r["lib"]))
        print("as cp32's -X heapsize: %dK" % cp32_heap_for(r["lib"]))
        return 0
    if argv[:1] == ["evening"]:
        # The three games in every order, twice over: the most any VM of
        # the evening held, against each game's own.
        for order in (("climb", "daifugo", "rings"), ("climb", "rings", "daifugo"),
                      ("daifugo", "climb", "rings"), ("daifugo", "rings", "climb"),
                      ("rings", "climb", "daifugo"), ("rings", "daifugo", "climb")):
            lines, intents = session(evening(order), "1M", mpy_lib())
            print(" ".join(order), "peak", peak_alloc(lines), "restarts", len(intents),
                  "ok" if lines[-1] == "end" else lines[-1])
        return 0
    if argv[:1] == ["smallest"]:
        r = smallest_heap(path=mpy_lib())
        for seed in sorted(r):
            print("seed %d: %s KiB" % (seed, r[seed]))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
