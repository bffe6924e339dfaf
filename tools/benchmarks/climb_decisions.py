"""Prime Climb's computer decisions: a CPython scan of variants, Keepers,
Curse, pawn pairs and rolls for the slowest, their fuel and bytes on the
WASI VM, and the costliest on the emulated board with the app loaded
(``bench.py decisions``)."""

import sys
import time

import mpvm
from benchmarks import harness
from primeplay.climb.settings import PRESETS

# One computer decision (Bot().choose(s)) in a Move phase, any Keepers.
# Opponents stand on spaces a bump would pay for, so bump scoring runs.
DECISION_SETUP = """
import primeplay.climb.reach
from primeplay.climb import Settings, Game
from primeplay.climb.bot import Bot
from primeplay.climb import values
# Each table's file is opened at a game's first decision and stays open.
for k in (values.STANDARD, values.SPRINT, values.DECLINE, values.WAY53):
    values.table_of(k).row(0)
def at(preset, a, b, dice, keepers, curse):
    # Player 1 moves (no start roll); the others' pawns stay on the route.
    g = Game(Settings.preset(preset, None if preset.startswith('sol')
                             else 3, start_roll=False), 1)
    s = g.state
    s.pos[0] = a
    s.pos[1] = b
    if s.settings.players > 1:
        top = s.end - 1
        s.pos[2], s.pos[3], s.pos[4], s.pos[5] = min(a + 5, top), \
            min(b + 9, top), min(a + 13, top), 60
    for n in keepers:
        cid = [c for c in range(len(s.cards)) if s.cards[c][1] == 'addsub'
               and s.cards[c][2] == n][0]
        s.deck.remove(cid)
        s.keepers[0].append(cid)
    s.cursed[0] = curse
    g.roll(dice)
    return s
"""
# Every variant but Solitaire 2 (the same decisions as Solitaire 1 with
# another goal).
DECISION_VARIANTS = tuple([v for v in PRESETS if v != "solitaire2"])
DECISION_KEEPERS = ((), (9,), (5, 9), (2, 5, 7, 9), (1, 2, 3, 4, 5, 6, 7, 8, 9))
DECISION_FUEL_TARGET = 50 * 10**6
DECISION_BYTES_TARGET = 32 * 1024


def decision_candidates(top=2, level=1):
    """The cases to measure on the VM, found by a scan on CPython.

    For every variant, Keeper set (none, one, two, four, all nine of the
    deck's add-or-subtract Keepers) and Curse off/on, every pawn pair on a
    grid (a in 0..96 step 8, b = a + 2 and a + 30, clipped) and every roll
    (the ten doubles, the widest, and 3-9, 1-10): the decision's CPython
    time ranks them, and the ``top`` slowest per (variant, Keepers, Curse)
    go to the VM.  CPython time is only the ranking; fuel and bytes are
    measured on the WASI VM.  Doubles from low spaces spread widest.
    """
    ns = {}
    exec(DECISION_SETUP, ns)
    rolls = [(d, d) for d in range(1, 11)] + [(3, 9), (1, 10)]
    out = []
    for preset in DECISION_VARIANTS:
        end = 101 if preset not in ("there_and_back",) else 202
        for keepers in DECISION_KEEPERS:
            for curse in (False, True):
                ranked = []
                for a in range(0, end - 4, 8):
                    for b in (a + 2, a + 30):
                        b = min(b, end - 1)
                        for dice in rolls:
                            case = (preset, a, b, dice, keepers, curse)
                            s = ns["at"](*case)
                            t = time.perf_counter()
                            ns["Bot"](level).choose(s)
                            ranked.append((time.perf_counter() - t, case))
                ranked.sort(key=lambda r: -r[0])
                out += [case for _, case in ranked[:top]]
    return out


def decision_cost(case, level=1):
    return mpvm.cost(DECISION_SETUP + "s = at%r\nbot = Bot(%d)\n"
                     % (case, level), "m = bot.choose(s)")


def case_label(case):
    preset, a, b, dice, keepers, curse = case
    return "%s from %d/%d, dice %d-%d, Keepers %s%s" % (
        preset, a, b, dice[0], dice[1],
        "+-" + " +-".join(map(str, keepers)) if keepers else "none",
        ", Curse" if curse else "")


def decision_rows(echo=False, level=1):
    """(case, fuel, bytes) of every scanned decision (decision_candidates)
    of the computer ``level`` (1 normal, 2 hard, 3 easy: climb/bot.py)."""
    rows = []
    for case in decision_candidates(level=level):
        c = decision_cost(case, level)
        rows.append((case, c.fuel, c.alloc_bytes))
        if echo:
            print("%s: %.1f M fuel, %d bytes" % (case_label(case), c.fuel / 1e6,
                                                c.alloc_bytes))
            sys.stdout.flush()
    return rows


def decisions(argv=()):
    """Print the cost of each scanned decision, then the worst."""
    from primeplay.climb.bot import LEVEL_NAMES
    level = 1
    if "--level" in argv:
        name = argv[list(argv).index("--level") + 1]
        level = [k for k, v in LEVEL_NAMES.items() if v == name][0]
    rows = decision_rows(echo=True, level=level)
    print("level: %s" % LEVEL_NAMES[level])
    print("worst_decision_fuel_M: %.1f" % (max(r[1] for r in rows) / 1e6))
    print("worst_decision_bytes: %d" % max(r[2] for r in rows))
    return 0


def worst_decisions(rows, by_fuel=5, by_bytes=3):
    """The costliest decisions: the top by fuel, then the top by bytes."""
    out = sorted(rows, key=lambda r: -r[1])[:by_fuel]
    for r in sorted(rows, key=lambda r: -r[2]):
        if len(out) >= by_fuel + by_bytes:
            break
        if r not in out:
            out.append(r)
    return out


# The worst decisions timed on the board with the app loaded: at the
# REPL (a fresh heap), a ballast first takes what the firmware holds
# beside lib/primeplay (tools/heap.py; harness.BALLAST), then the app
# starts a 4-player game of computers and plays a few steps of it; each
# decision then runs with what is left.  After DECISION_SETUP.
BOARD_APP = """
import microcontroller
from primeplay.app import App
from savestore import NvmStorage
gc.collect()
app = App(storage=NvmStorage(microcontroller.nvm), seed=1)
for k in ("A", "DOWN", "RIGHT", "RIGHT", "DOWN", "RIGHT",
          "DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "A"):
    app.press(k)
for i in range(1, 40):
    app.tick(250 * i)
    app.scene()
gc.collect()
print("APPFREE", room(), type(app.screen).__name__)
"""
DECISION_BOARD_TARGET_MS = 500


def board_decisions(cases, lib_free):
    """[(ms, "ok" or "MemoryError")] per case on the emulated board, and
    the room left with the app and its game loaded; None without a board."""
    if not harness.available(quiet=True):
        return None
    body = DECISION_SETUP + BOARD_APP + harness.decisions(
        "case", cases, ("s = at(*case)", "bot = Bot()"), "bot.choose(s)")
    with harness.session() as b:
        got = harness.run(b, body, lib_free=lib_free, timeout_ms=300000,
                          what="board decisions")
    free = [int(f[0]) for f in got.fields("APPFREE")]
    out = harness.expect(got.decisions(), len(cases), "board decisions",
                         got.lines[-20:])
    return {"free": free[0] if free else None, "cases": out}


def render_decisions(rows, board, per_ms, board_error=None):
    out = ["", "## Computer decisions: the worst of a scan", "",
           "`tools/bench.py decisions` scans every variant with no Keeper, one, "
           "two, four and all nine add-or-subtract Keepers, Curse off and on, over "
           "a grid of pawn pairs and rolls; the %d slowest on CPython are measured "
           "on the VM, and the costliest of them on the emulated board. Targets: <= %d M fuel, <= %d KB allocated; on the emulated "
           "board with the app loaded and the firmware's share of the heap "
           "taken, under %d ms and no MemoryError." % (
               len(rows), DECISION_FUEL_TARGET // 10**6,
               DECISION_BYTES_TARGET // 1024, DECISION_BOARD_TARGET_MS), "",
           "| decision | fuel (M) | bytes | ~board ms | board ms |",
           "|---|---:|---:|---:|---:|"]
    worst = worst_decisions(rows)
    for i, (case, fuel, alloc) in enumerate(worst):
        if board is not None:
            ms, r = board["cases"][i]
            on_board = "%.0f" % ms if r == "ok" else r
        else:
            on_board = "-"
        out.append("| %s | %.1f | %d | %.0f | %s |" % (
            case_label(case), fuel / 1e6, alloc, fuel / per_ms, on_board))
    wf = max(r[1] for r in rows)
    wb = max(r[2] for r in rows)
    out += ["", "worst_decision_fuel_M: %.1f" % (wf / 1e6),
            "worst_decision_bytes: %d" % wb, ""]
    checks = [("fuel <= %d M" % (DECISION_FUEL_TARGET // 10**6), wf <= DECISION_FUEL_TARGET),
              ("bytes <= %d" % DECISION_BYTES_TARGET, wb <= DECISION_BYTES_TARGET)]
    if board is not None:
        checks.append(("on the board < %d ms, no MemoryError (room left with the "
                       "app and a game loaded: %d bytes)" % (DECISION_BOARD_TARGET_MS, board["free"]),
                       all(r == "ok" and ms < DECISION_BOARD_TARGET_MS
                           for ms, r in board["cases"])))
    elif board_error is not None:
        checks.append(("on the board: NOT measured this run (the REPL "
                       "harness, a 4-computer game loaded beside a ballast "
                       "for the firmware's share, ran out of room: %s)"
                       % board_error, False))
    out += ["- %s: %s" % (name, "met" if ok else "NOT met") for name, ok in checks]
    return out
