"""Every press of a session of each game on the emulated board
(``bench.py presses``): the median, the 95th percentile and the worst,
the slowest named.

A session is a key script from the main menu of a board fresh from the
UF2 (pico_ref, seed 3, ``.mpy``, the flash model on): menus and setup,
turns, a computer's turn, the pause menu.  A press's time runs from its
pin going low to the last I2C byte of the frame that answers it, the
frame found by the press count in the firmware's debug line (an
animation's frame drawn meanwhile is not the answer); after each press
the board runs until it is idle.  The debug line adds no work: the board
runs as a shipped one (no collection after each frame).
"""

from benchmarks.report import section_cmd

BUDGET_MS = 100         # every press (issue 22)
P95_MS = 50             # 95 presses in 100
AWAKE_TARGET = 5.0      # % of the time the core is awake on a still screen
REST_MS = 3000          # measured over this long, once the loop's fast
                        # key polls after a press are over (code.HOT_MS)

# (name, keys): the simulator's key syntax; WAIT:ms runs that long; REST
# measures the share of time the core is awake on the screen there.
SESSIONS = (
    # The main menu both ways (it wraps), Settings: rows, values, back.
    ("menus and settings",
     "REST,DOWN,DOWN,DOWN,DOWN,DOWN,UP,UP,UP,UP,UP,UP,A,REST,DOWN,RIGHT,"
     "LEFT,DOWN,DOWN,LEFT,RIGHT,DOWN,DOWN,DOWN,UP,B,DOWN"),
    # The judge: digits, a ? digit, the verdict, the list, back.
    ("prime judge",
     "DOWN,DOWN,DOWN,DOWN,A,UP,UP,RIGHT,UP,RIGHT,DOWN,A,REST,DOWN,DOWN,A,"
     "B,B,B"),
    # The colour explorer: numbers, the operator mode, the key page.
    ("colour explorer",
     "DOWN,DOWN,DOWN,A,UP,UP,UP,DOWN,RIGHT,UP,UP,LEFT,REST,DOWN,A,B,B"),
    # Prime Climb, four players (P2-P4 computers, P2 hard): setup, the
    # start roll, P1's turn (roll, two moves, End turn, a card), the
    # computers' turns hurried with A, the pause menu and back.
    ("Prime Climb",
     "A,DOWN,DOWN,RIGHT,RIGHT,DOWN,DOWN,RIGHT,UP,UP,UP,UP,A,A,REST,A,WAIT:2000,"
     "A,A,A,A,WAIT:3000,A,A,WAIT:3000,A,A,WAIT:3000,B,DOWN,UP,B,WAIT:6000"),
    # Prime Daifugo against the strong computer (test_pico_daifugo's
    # round), then its turn menu and back.
    ("Prime Daifugo",
     "DOWN,A,A,REST,RIGHT,RIGHT,A,UP,A,A,WAIT:6000,LEFT,A,UP,A,A,WAIT:8000,"
     "UP,RIGHT,A,A,A,WAIT:6000,B,DOWN,B"),
    # Ring Climb against the strong computer (test_pico_rings' turn).
    ("Ring Climb",
     "DOWN,DOWN,A,A,A,A,A,A,A,RIGHT,A,UP,A,A,A,A,A,WAIT:9000,A,A"),
)


def run_session(keys, board="pico_ref", seed=3, mpy=True, flash_timing=True):
    """[(index, key, ms or None)] for every press of ``keys``, the
    board's metrics, and [(after press n, % awake)] at each REST."""
    import pico
    out = []
    rests = []
    with pico.Pico(board=board, seed=seed, mpy=mpy, flash_timing=flash_timing) as b:
        b.settle()
        for raw in keys.split(","):
            if raw == "REST":
                b.settle()
                b.run(3500)         # past the fast polls after a press
                b.run(REST_MS)
                rests.append((len(out), 100.0 * b.awake_ms / REST_MS))
                continue
            for token in pico.sim_tokens(raw):
                if token[0] == "WAIT":
                    b.run(token[1])
                    continue
                ms = b.answer_ms(token[0])
                b.settle()
                out.append((len(out) + 1, token[0], ms))
        metrics = b.metrics()
    metrics["rests"] = rests
    return out, metrics


def stats(answers):
    """(median, p95, (ms, index, key) of the worst, unanswered) of a
    session's presses; p95 by nearest rank."""
    times = sorted(ms for _, _, ms in answers if ms is not None)
    if not times:
        return None, None, None, [a for a in answers if a[2] is None]
    n = len(times)
    median = times[(n - 1) // 2] if n % 2 else (times[n // 2 - 1] + times[n // 2]) / 2
    p95 = times[min(n - 1, -(-95 * n // 100) - 1)]
    worst = max((a for a in answers if a[2] is not None), key=lambda a: a[2])
    return median, p95, (worst[2], worst[0], worst[1]), [a for a in answers if a[2] is None]


def press_rows(flash_timing=True):
    """Per session: (name, presses, median, p95, worst (ms, i, key),
    unanswered, tracebacks, rests)."""
    rows = []
    for name, keys in SESSIONS:
        answers, metrics = run_session(keys, flash_timing=flash_timing)
        median, p95, worst, missing = stats(answers)
        rows.append((name, len(answers), median, p95, worst, missing, metrics["tracebacks"],
                     metrics["rests"]))
        print("presses: %s: %s" % (name, [(i, k, None if ms is None else round(ms, 1))
                                          for i, k, ms in answers]))
    return rows


def render_presses(rows, before=None):
    """BENCH.md's section; ``before``: rows of the same sessions measured
    another way (with the flash model off), for the model's cost."""
    out = ["## Every press, per game (emulated board)", "",
           "On the emulated Pico (`python tools/bench.py presses`), `.mpy`, the "
           "XIP flash cache and the flash's busy times modelled, the shipped "
           "firmware's loop (no collection after each frame): every press of "
           "a session from the main menu, from the pin going low to the last "
           "I2C byte of the frame that answers it (the frame the firmware "
           "drew after taking that press).  Budget: every press <= %d ms, "
           "95 in 100 <= %d ms." % (BUDGET_MS, P95_MS), "",
           "| session | presses | median ms | p95 ms | worst ms (press, key) | budget |",
           "|---|---:|---:|---:|---|---|"]
    for name, n, median, p95, worst, missing, tracebacks, _ in rows:
        met = (not missing and not tracebacks and worst is not None
               and worst[0] <= BUDGET_MS and p95 <= P95_MS)
        out.append("| %s | %d | %.0f | %.0f | %.0f (%d, %s) | %s |" % (
            name, n, median, p95, worst[0], worst[1], worst[2],
            "met" if met else "NOT met"))
        if missing or tracebacks:
            out.append("| %s: unanswered %s, tracebacks %d | | | | | |"
                       % (name, [(i, k) for i, k, _ in missing], tracebacks))
    if before:
        out += ["", "The same sessions with the flash model off (every flash read as fast "
                "as SRAM, as rp2040js alone): the model's cost.", "",
                "| session | median ms off / on | p95 ms off / on | worst ms off / on |",
                "|---|---:|---:|---:|"]
        for (name, _, m0, p0, w0, _, _, _), (_, _, m1, p1, w1, _, _, _) in zip(before, rows):
            out.append("| %s | %.0f / %.0f | %.0f / %.0f | %.0f / %.0f |"
                       % (name, m0, m1, p0, p1, w0[0], w1[0]))
    out += ["", "The core awake on a still screen, %d ms measured once the fast key "
            "polls after the last press are over (target <= %.0f%%):" % (REST_MS, AWAKE_TARGET),
            "", "| session | after press | core awake | target |", "|---|---:|---:|---|"]
    for name, _, _, _, _, _, _, rests in rows:
        for after, pct in rests:
            out.append("| %s | %d | %.1f%% | %s |" % (name, after, pct,
                                                      "met" if pct <= AWAKE_TARGET else "NOT met"))
    return out


def presses_cmd(argv=()):
    argv = list(argv)
    rows = press_rows()
    before = press_rows(flash_timing=False) if "--model-cost" in argv else None
    text = "\n".join(render_presses(rows, before)) + "\n"
    return section_cmd("## Every press, per game (emulated board)", text, argv)
