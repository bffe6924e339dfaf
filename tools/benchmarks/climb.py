"""Prime Climb: all end positions of one turn, the app and the computer
player on the MicroPython VM, the OLED's I2C bytes, whole random games,
and the same work on the emulated board; render() is the head of
BENCH.md (its first sections and "On the emulated board")."""

import mpvm
from benchmarks import harness
from benchmarks.common import FUEL_PER_MS, cpython_time

# Prime Climb, end positions of one turn.  The worst cases were found by
# scanning every pawn pair, double and pair of add-or-subtract Keepers for
# the most per-pawn search work; doubles of 2 from low spaces spread
# widest.  (setup builds `s`, the state; work is the timed call.)
CLIMB_SETUP = """
import primeplay.climb.reach
from primeplay.climb import Settings, Game
from primeplay.climb.rules import end_positions
def at(goal, a, b, dice, keepers):
    g = Game(Settings(goal=goal, start_roll=False), 1)   # player 1 moves
    s = g.state
    s.pos[0] = a
    s.pos[1] = b
    for n in keepers:
        cid = [c for c in range(len(s.cards)) if s.cards[c][1] == 'addsub'
               and s.cards[c][2] == n][0]
        s.deck.remove(cid)
        s.keepers[0].append(cid)
    g.roll(dice)
    return s
"""

CLIMB_CASES = [
    # (label, goal, a, b, dice, keepers)
    ("doubles 2 from 22/24, Keepers +-5 +-9 (worst)", "standard", 22, 24,
     (2, 2), (5, 9)),
    ("doubles 2 from 20/22, Keepers +-5 +-7", "standard", 20, 22, (2, 2),
     (5, 7)),
    ("doubles 7 from 50/60, Keepers +-3 +-8", "standard", 50, 60, (7, 7),
     (3, 8)),
    ("3 and 9 from 4/26, no Keepers (rulebook)", "standard", 4, 26, (3, 9),
     ()),
    ("There and Back, doubles 2 from 50/space 52 back, +-5 +-7",
     "there_and_back", 50, 150, (2, 2), (5, 7)),
]

# Targets from the issue: the worst case with two Keepers.
CLIMB_FUEL_TARGET = 30 * 10**6
CLIMB_BYTES_TARGET = 64 * 1024


def climb_rows():
    ns = {}
    exec(CLIMB_SETUP, ns)
    rows = []
    for label, goal, a, b, dice, keepers in CLIMB_CASES:
        args = (goal, a, b, dice, keepers)
        state = ns["at"](*args)
        # Tables are cached across calls; time the cold call as the VM does.
        import primeplay.climb.track as track

        def run():
            track._cache.clear()
            ns["end_positions"](state)
        secs = cpython_time(run)
        n = len(ns["end_positions"](state))
        c = mpvm.cost(CLIMB_SETUP + "s = at%r\n" % (args,),
                      "r = end_positions(s)")
        rows.append((label, n, secs, c.fuel, c.alloc_bytes))
    return rows


def import_rows():
    rows = []
    for mod in ("primeplay.numbers", "primeplay.climb", "primeplay.app"):
        c = mpvm.cost("", "import %s" % mod)
        rows.append(("import " + mod, c.fuel, c.alloc_bytes))
    c = mpvm.cost("from primeplay.app import App\napp = App(seed=1)\n",
                  "sc = app.scene()")
    rows.append(("app: draw the main menu scene", c.fuel, c.alloc_bytes))
    c = mpvm.cost("from primeplay.app import App\napp = App(seed=1)\n"
                  "app.press('A'); app.press('A')\n"  # Start, first
                  "app.scene(); app.tick(1)\n"  # Loading, then the game
                  "app.press('A'); app.tick(1000)\n",
                  "sc = app.scene()")
    rows.append(("app: draw a Prime Climb move scene", c.fuel, c.alloc_bytes))
    label, goal, a, b, dice, keepers = CLIMB_CASES[0]
    c = mpvm.cost(CLIMB_SETUP + "from primeplay.climb.bot import plan_turn\n"
                  "from primeplay.climb import values\nvalues.table_of(0).row(0)\n"
                  "s = at%r\n" % ((goal, a, b, dice, keepers),),
                  "m = plan_turn(s)")
    rows.append(("bot: plan the worst turn (%s)" % label.split(" (")[0],
                  c.fuel, c.alloc_bytes))
    return rows


# Key scripts for the I2C cost of real screens (pico_ref board).
I2C_SCRIPTS = [
    ("menu: cursor down and up", "DOWN,UP,DOWN,UP"),
    ("setup: change settings", "A,RIGHT,DOWN,RIGHT,LEFT"),
    ("a Prime Climb turn: roll, browse, move",
     "A,A,A,A,WAIT:2000,RIGHT,RIGHT,DOWN,A,A"),
    ("colour explorer: count up", "DOWN,DOWN,DOWN,A,UP,UP,UP,UP"),
]


def i2c_rows():
    import sim
    rows = []
    for label, keys in I2C_SCRIPTS:
        r = sim.frame_bytes(keys, seed=3, board="pico_ref")
        rows.append((label, r["full"], r["frames"], r["mean"], r["max"],
                     r["full_frames"]))
    return rows


def game_rows():
    from primeplay.climb import Settings
    from primeplay.climb.selfplay import play_random
    rows = []
    for players in (2, 4):
        g = play_random(Settings(players=players), 3)
        moves = g.moves_made
        secs = cpython_time(lambda: play_random(Settings(players=players), 3),
                            repeat=3)
        c = mpvm.cost("from primeplay.climb import Settings\n"
                      "from primeplay.climb.selfplay import play_random\n",
                      "g = play_random(Settings(players=%d), 3)" % players)
        rows.append(("%d players, seed 3" % players, moves, secs, c.fuel,
                     c.alloc_bytes))
    return rows


# The press script timed on the emulated board: the colour explorer (count,
# the sign's cursor, the legend), the setup menu, then a Prime Climb turn
# (the start roll's news, roll, the board after it, browse the options and
# the Hint row, move, undo, move, End turn) and the computer's turn.
BOARD_KEYS = ("DOWN,DOWN,DOWN,A,UP,UP,RIGHT,UP,A,B,B,A,DOWN,RIGHT,LEFT,UP,"
              "A,A,A,WAIT:2000,A,RIGHT,DOWN,UP,LEFT,A,B,A,A,A,A,A")
ANSWER_TARGET_MS = 100
START_TARGET_MS = {True: 300, False: 1000}  # code.py start -> first frame (issue 22)
HEAP_TARGET = 135_000  # free after the first frame, once the loop is at rest

# Run at the board's REPL (harness.run: after Ctrl-C, a fresh heap, the
# firmware's modules gone).  Times in microseconds from time.monotonic_ns().
BOARD_IMPORTS = """
def _imp(name):
    t = time.monotonic_ns()
    __import__(name)
    return (time.monotonic_ns() - t) // 1000
print("IMPORT", _imp("primeplay.app"))
print("IMPORT", _imp("primeplay.climb.ui.play"))
print("IMPORT", _imp("primeplay.climb.bot"))
print("IMPORT", _imp("primeplay.app.explorer"))
"""
BOARD_IMPORT_LABELS = ("the app and its menus (primeplay.app)",
                       "Prime Climb's play screen and rules",
                       "the computer player (bot, search)",
                       "the colour explorer")
BOARD_SCENE = """
from primeplay.app import App
app = App(seed=1)
app.press('A'); app.press('A'); app.scene(); app.tick(1)
app.press('A'); app.tick(1000)
t = time.monotonic_ns()
sc = app.scene()
first = (time.monotonic_ns() - t) // 1000
t = time.monotonic_ns()
for _ in range(10):
    sc = app.scene()
print("SCENE", first, (time.monotonic_ns() - t) // 10000)
"""
# After CLIMB_SETUP, with CLIMB_CASES.
BOARD_SEARCH = """
import primeplay.climb.track as track
from primeplay.climb.bot import plan_turn
from primeplay.climb import values
values.table_of(0).row(0)   # the file open, as after a game's first decision
def _us(f, s):
    track._cache.clear()
    gc.collect()
    t = time.monotonic_ns()
    f(s)
    return (time.monotonic_ns() - t) // 1000
for case in %r:
    print("CASE", _us(end_positions, at(*case)), _us(plan_turn, at(*case)))
"""


def board_rows():
    """Emulated-board figures, or None when the board cannot run here."""
    import pico
    if not harness.available():
        return None
    out = {"start": {}}
    for mpy in (False, True):
        with harness.session(mpy=mpy) as b:
            m = b.metrics()
            out["start"][mpy] = (m["code_to_frame_ms"], m["first_frame_ms"],
                                 b.frames[0].free, m["tracebacks"])
            if not mpy:
                continue
            answers = []
            for token in pico.sim_tokens(BOARD_KEYS):
                if token[0] == "WAIT":
                    b.run(token[1])
                    continue
                before = len(b.frames)
                ms = b.answer_ms(token[0])
                b.settle()
                answers.append((token[0], ms, b.frames[before:]))
            out["answers"] = [(k, ms) for k, ms, _ in answers]
            # Start is answered by the Loading frame; the game's frame follows.
            loads = [a for a in answers if len(a[2]) >= 2 and a[0] == "A"]
            key, ms, frames = max(loads, key=lambda a: a[2][1].t_ms - a[2][0].t_ms)
            out["game_load_ms"] = frames[1].t_ms - (frames[0].t_ms - ms)
            out["mem_free_min"] = b.metrics()["mem_free_min"]
            out["tracebacks"] = b.metrics()["tracebacks"]
            out["imports"] = harness.run(b, BOARD_IMPORTS).ms("IMPORT")
            out["scene"] = harness.run(b, BOARD_SCENE).ms_rows("SCENE")[0]
            cases = [c[1:] for c in CLIMB_CASES]
            out["cases"] = harness.run(
                b, CLIMB_SETUP + BOARD_SEARCH % (cases,),
                timeout_ms=120000).ms_rows("CASE")
    return out


def fuel_per_ms(climb, bot_fuel, board):
    """Fuel per emulated ms, from the same work timed on the board: every
    search case and the computer player's plans (their median)."""
    ratios = [row[3] / ms for row, (ms, _) in zip(climb, board["cases"])]
    ratios += [fuel / ms for fuel, (_, ms) in zip(bot_fuel, board["cases"])]
    ratios.sort()
    return ratios[len(ratios) // 2], ratios[0], ratios[-1]


BOARD_TITLE = "## On the emulated board"


def render_board(board, climb, bot_fuel):
    if board is None:
        return ["", BOARD_TITLE, "",
                "Not measured: no emulated board on the machine that ran this."]
    out = ["", BOARD_TITLE, "",
           "CircuitPython 10.3 on an emulated Raspberry Pi Pico (tools/pico.py, "
           "rp2040js, `.mpy` unless it says `.py`): emulated milliseconds at "
           "125 MHz with the RP2040's XIP flash cache and the flash chip's busy "
           "times modelled (tools/pico/board.mjs), heap from the firmware's own "
           "gc.mem_free() line after the collection its loop makes at rest.", "",
           "| start | .py | .mpy | target |", "|---|---:|---:|---|"]
    py, mpy = board["start"][False], board["start"][True]
    out.append("| code.py start to first frame (ms) | %.0f | %.0f | <= %d (.py), <= %d (.mpy) |"
               % (py[0], mpy[0], START_TARGET_MS[False], START_TARGET_MS[True]))
    out.append("| reset to first frame (ms) | %.0f | %.0f | |" % (py[1], mpy[1]))
    out.append("| free heap after the first frame (bytes) | %d | %d | >= %d |"
               % (py[2], mpy[2], HEAP_TARGET))
    # A press the panel never answered (no frame within the wait) has no
    # time: counted and named, not ranked.
    answers = [ms for _, ms in board["answers"] if ms is not None]
    unanswered = ["%d (%s)" % (i + 1, k) for i, (k, ms) in
                  enumerate(board["answers"]) if ms is None]
    ordered = sorted(answers)
    median = ordered[len(ordered) // 2]
    worst_i = [ms for _, ms in board["answers"]].index(ordered[-1])
    out += ["", "Every press of the script `%s` (after each press the board "
            "runs until idle), from the pin going low to the last I2C byte of "
            "the frame that answers it:" % BOARD_KEYS, "",
            "| presses | median ms | worst ms | target |", "|---:|---:|---:|---|",
            "| %d | %.0f | %.0f (press %d, %s) | <= %d |" % (
                len(answers), median, ordered[-1], worst_i + 1,
                board["answers"][worst_i][0], ANSWER_TARGET_MS)]
    if unanswered:
        out += ["", "Presses no frame answered: %s." % ", ".join(unanswered)]
    out += ["", "| on the board | ms |", "|---|---:|",
            "| Start: press to the game's first frame (a Loading frame answers at once) | %.0f |"
            % board["game_load_ms"]]
    for label, ms in zip(BOARD_IMPORT_LABELS, board["imports"]):
        out.append("| import %s | %.0f |" % (label, ms))
    out.append("| draw a Prime Climb move scene: new position | %.1f |" % board["scene"][0])
    out.append("| draw it again (what the loop does 50 times a second) | %.1f |"
               % board["scene"][1])
    out.append("| lowest free heap in the script's session (bytes; the heap grows when full) | %d |"
               % board["mem_free_min"])
    out += ["", "The Prime Climb cases above, timed on the board (cold search tables):", "",
            "| case | search ms | fuel (M) | computer player ms | fuel (M) |",
            "|---|---:|---:|---:|---:|"]
    for row, fuel, (search_ms, bot_ms) in zip(climb, bot_fuel, board["cases"]):
        out.append("| %s | %.0f | %.1f | %.0f | %.1f |" % (
            row[0], search_ms, row[3] / 1e6, bot_ms, fuel / 1e6))
    mid, lo, hi = fuel_per_ms(climb, bot_fuel, board)
    worst_bot = max(ms for _, ms in board["cases"])
    out += ["", "Fuel per emulated ms over these %d timings: median %.0f (%.0f-%.0f); "
            "the \"~board ms\" columns above divide fuel by the median."
            % (2 * len(board["cases"]), mid, lo, hi),
            "The computer player's slowest decision among these cases takes "
            "%.0f ms, and the screen waits that long (`tools/bench.py "
            "decisions` scans many more cases for the worst)." % worst_bot]
    checks = [
        ("start .mpy <= %d ms" % START_TARGET_MS[True], mpy[0] <= START_TARGET_MS[True]),
        ("start .py <= %d ms" % START_TARGET_MS[False], py[0] <= START_TARGET_MS[False]),
        ("heap after the first frame >= %d bytes" % HEAP_TARGET,
         min(py[2], mpy[2]) >= HEAP_TARGET),
        ("every press of the script <= %d ms" % ANSWER_TARGET_MS,
         ordered[-1] <= ANSWER_TARGET_MS),
        ("no tracebacks", py[3] == 0 and mpy[3] == 0 and board["tracebacks"] == 0),
    ]
    out += [""] + ["- %s: %s" % (name, "met" if ok else "NOT met") for name, ok in checks]
    return out


def board_cmd(argv=()):
    """The "On the emulated board" section alone; with --write, in place
    of BENCH.md's (the rest of the file is left as it is)."""
    from benchmarks.report import section_cmd
    climb, board, bots = climb_rows(), board_rows(), bot_fuel()
    return section_cmd(BOARD_TITLE, "\n".join(render_board(board, climb, bots)),
                       argv)


def bot_fuel():
    """Fuel of the computer player's plan in each Prime Climb case."""
    out = []
    for label, goal, a, b, dice, keepers in CLIMB_CASES:
        c = mpvm.cost(CLIMB_SETUP + "from primeplay.climb.bot import plan_turn\n"
                      "from primeplay.climb import values\nvalues.table_of(0).row(0)\n"
                      "s = at%r\n" % ((goal, a, b, dice, keepers),),
                      "m = plan_turn(s)")
        out.append(c.fuel)
    return out


def render(climb, imports, games, i2c, board=None, bots=None):
    per_ms = fuel_per_ms(climb, bots, board)[0] if board else FUEL_PER_MS
    source = ("measured on the emulated Pico by this run" if board else
              "as last measured on the emulated Pico (none ran here)")
    out = ["# Benchmarks", "",
           "Written by `make bench` (tools/bench.py). Fuel: the WASI "
           "MicroPython VM's deterministic work count; %.0f fuel is one "
           "millisecond on the Pico, %s (see the last section). Bytes: heap "
           "allocated with the GC off. CPython: median wall time on the "
           "machine that ran it." % (per_ms, source), "",
           "## Prime Climb: all end positions of one turn", "",
           "Target for the worst case with two Keepers: <= %d M fuel, "
           "<= %d KB allocated." % (CLIMB_FUEL_TARGET // 10**6,
                                    CLIMB_BYTES_TARGET // 1024), "",
           "| case | end pairs | CPython ms | fuel (M) | ~board ms | "
           "bytes |", "|---|---:|---:|---:|---:|---:|"]
    for label, n, secs, fuel, alloc in climb:
        out.append("| %s | %d | %.2f | %.1f | %.0f | %d |" % (
            label, n, secs * 1000, fuel / 1e6, fuel / per_ms, alloc))
    worst = climb[0]
    verdict = "within" if (worst[3] <= CLIMB_FUEL_TARGET and
                           worst[4] <= CLIMB_BYTES_TARGET) else "OVER"
    out += ["", "Worst case: %s target." % verdict, "",
            "## App and bot on the MicroPython VM", "",
            "| what | fuel (M) | ~board ms | bytes |", "|---|---:|---:|---:|"]
    for what, fuel, alloc in imports:
        out.append("| %s | %.1f | %.0f | %d |" % (
            what, fuel / 1e6, fuel / per_ms, alloc))
    out += ["", "## OLED: I2C bytes per frame", "",
            "Through the simulator's fake bus, real SSD1306 driver. A full "
            "frame is %d bytes, about %.0f ms at 400 kHz; the renderer "
            "sends only what changed." % (i2c[0][1], i2c[0][1] * 9 / 400.0),
            "", "| script | frames | mean bytes | max bytes | full frames |",
            "|---|---:|---:|---:|---:|"]
    for label, full, frames, mean, mx, fulls in i2c:
        out.append("| %s | %d | %.0f | %d | %d |" % (label, frames, mean, mx,
                                                   fulls))
    out += ["", "## Whole random games (soak players)", "",
            "| game | moves | CPython ms | fuel (M) | fuel per move | bytes |",
            "|---|---:|---:|---:|---:|---:|"]
    for label, moves, secs, fuel, alloc in games:
        out.append("| %s | %d | %.1f | %.0f | %.0f | %d |" % (
            label, moves, secs * 1000, fuel / 1e6, fuel / moves, alloc))
    out += render_board(board, climb, bots)
    return "\n".join(out) + "\n"
