"""One heap per game: starting a game from the main menu and leaving it
on the emulated board, and the most the app holds in an evening of the
three games on cp32 (``bench.py switch``)."""

from benchmarks import harness
from benchmarks.report import section_cmd

# -- one heap per game: the cost of starting the VM again ---------------------

# From the main menu of a board fresh from the UF2 (pico_ref, seed 3):
# into each game (A: a Loading frame, the VM starts again, the setup),
# Start, the pause menu, "Save and quit" (a Loading frame, the VM starts
# again, the main menu).  (game, what, keys before, the key measured);
# Prime Daifugo's pause is its turn menu, whose last row quits.  Each
# game saved puts its Continue row on top of the main menu: the DOWNs to
# a game's row are counted from the saves then (``switch_rows``).
SWITCHES = (
    ("Prime Climb", "start", (), "A"),
    ("Prime Climb", "Save and quit", ("A", "A", "B", "DOWN"), "A"),
    ("Prime Daifugo", "start", ("DOWN",), "A"),
    ("Prime Daifugo", "Save and quit", ("A", "B", "UP"), "A"),
    ("Ring Climb", "start", ("DOWN", "DOWN"), "A"),
    ("Ring Climb", "Save and quit", ("A", "B", "DOWN"), "A"),
)


def switch_rows(mpy=True):
    """On the emulated board: (game, what, ms to the press's answer, ms
    to the screen after the restart, free heap there) for SWITCHES."""
    import sim
    # The main menu with no game saved, as the simulator draws it: after
    # Prime Climb's "Save and quit" there is a save only if the computer
    # has finished a turn by then, and with one the menu has "Continue
    # Prime Climb" on top.  Prime Daifugo saves as its turn starts: by
    # Ring Climb's start its row is on top too.
    bare = sim.Sim(seed=3, board="pico_ref").frame_text()
    rows = []
    saved = 0
    with harness.session(board="pico_ref", mpy=mpy) as b:
        b.settle()
        for name, what, before, key in SWITCHES:
            if (name, what) == ("Prime Daifugo", "start"):
                saved = 0 if b.frames[-1].text() == bare else 1
                before = ("DOWN",) * (1 + saved)
            elif (name, what) == ("Ring Climb", "start"):
                before = ("DOWN",) * (2 + saved + 1)
            for k in before:
                b.press(k)
                b.settle()
            count = len(b.frames)
            at = b.press(key)
            answer = b.run_until_frame(3000, since=count)
            b.settle()
            restarted = any(f.number == 1 for f in b.frames[count:])
            rows.append((name, what if restarted else what + " (no restart!)",
                         answer.t_ms - at, b.frames[-1].t_ms - at,
                         b.frames[-1].free))
        if b.metrics()["tracebacks"]:
            raise RuntimeError(b.console[-1500:])
    return rows


def evening_peaks():
    """cp32: the most the app holds in any VM of an evening of the three
    games (every order, twice over) and of each game alone."""
    import heap
    lib = heap.mpy_lib()
    out = {}
    for game in ("climb", "daifugo", "rings"):
        out[game] = heap.peak_alloc(heap.session(heap.visit_steps(game),
                                                 "1M", lib)[0])
    worst = 0
    for order in (("climb", "daifugo", "rings"), ("climb", "rings", "daifugo"),
                  ("daifugo", "climb", "rings"), ("daifugo", "rings", "climb"),
                  ("rings", "climb", "daifugo"), ("rings", "daifugo", "climb")):
        worst = max(worst, heap.peak_alloc(heap.session(heap.evening(order), "1M",
                                                        lib)[0]))
    out["evening"] = worst
    return out


SWITCH_TITLE = "## One heap per game: starting and leaving a game"


def render_switch(rows, peaks):
    out = [SWITCH_TITLE, "",
           "Starting a game from the main menu and leaving it start the VM "
           "again (`App.switch`: `supervisor.reload()`, where to go next in "
           "`alarm.sleep_memory`), so each game has the heap a fresh start "
           "has. On the emulated board (`.mpy`, pico_ref, seed 3; "
           "`python tools/bench.py switch`): from the main menu into each "
           "game's setup, Start, then its pause menu's \"Save and quit\". "
           "The press is answered by a Loading frame, then the VM starts "
           "again and the next screen comes (setup or main menu).", "",
           "| game | press | answered (ms) | next screen (ms) | free heap there (B) |",
           "|---|---|---:|---:|---:|"]
    for name, press, answer, done, free in rows:
        out.append("| %s | %s | %.0f | %.0f | %d |" % (name, press, answer, done, free))
    out += ["", "On cp32 (`.mpy`, 1M heap), the most the app holds at a "
            "frame of an evening of the three games, every order, twice "
            "over, with Save and quit and Continue (test_fresh_heap.py): "
            "%d bytes; each game alone (4 or 6 computers): Prime Climb %d, "
            "Prime Daifugo %d, Ring Climb %d." % (peaks["evening"], peaks["climb"],
                                                  peaks["daifugo"], peaks["rings"]),
            ""]
    return out


def switch_cmd(argv=()):
    """The switch section; with --write, put it in BENCH.md in place of
    the one there (the rest of the file is left as it is)."""
    return section_cmd(SWITCH_TITLE, "\n".join(
        render_switch(switch_rows(), evening_peaks())), argv)
