"""The heap on the board: what the firmware leaves lib/primeplay
(tools/heap.py share), the smallest cp32 heap all-computer games of each
game pass at, and BENCH.md's section of them."""

import os

from benchmarks import ROOT

HEAP_TITLE = "## The heap on the board"


def heap_rows():
    """The board's heap for lib/primeplay (tools/heap.py), the smallest cp32
    heap 20 all-computer games pass at, and the worst decisions on the
    board in what is left."""
    import heap
    out = {"smallest": heap.smallest_heap(path=heap.mpy_lib()),
           "smallest_daifugo": heap.smallest_heap(range(10), heap.mpy_lib(),
                                                  game="daifugo"),
           "smallest_rings": heap.smallest_heap(range(10), heap.mpy_lib(),
                                                lo=60, game="rings")}
    try:
        out["share"] = heap.firmware_share()
        print("bench: lib/primeplay has %d bytes on the board (firmware %d)"
              % (out["share"]["lib"], out["share"]["share"]))
    except Exception as e:  # noqa: BLE001  (no board here)
        print("bench: no firmware share: %s" % e)
        out["share"] = None
    return out


def heap_cmd(argv=()):
    """The "The heap on the board" section alone; with --write, in place
    of BENCH.md's (the rest of the file is left as it is)."""
    from benchmarks.report import section_cmd
    return section_cmd(HEAP_TITLE, "\n".join(render_heap(heap_rows())), argv)


def render_heap(h):
    import heap
    out = ["", HEAP_TITLE, ""]
    share = h["share"]
    if share is not None:
        out += ["Emulated Pico, a Prime Climb turn with `PRIMEPLAY_DEBUG = 2` "
                "(`python tools/heap.py share`): %d bytes free at code.py's start, "
                "but CircuitPython 10 grows its heap when it is full, so after each "
                "frame the firmware also reports what more could be allocated. "
                "Beside lib/primeplay (what the app alone holds on cp32 after the "
                "same keys) the firmware holds %.1f-%.1f KB; the room left is "
                "%d-%d bytes, and lib/primeplay could hold at most %d bytes at the "
                "tightest frame (cp32 `-X heapsize=%dK`)." % (
                    share["start"], min(a - l for a, _, l, _ in share["frames"]) / 1024.0,
                    share["share"] / 1024.0, min(f[1] for f in share["frames"]),
                    max(f[1] for f in share["frames"]), share["lib"],
                    heap.cp32_heap_for(share["lib"])), ""]
    worst = max(v for v in h["smallest"].values() if v is not None) \
        if all(v is not None for v in h["smallest"].values()) else None
    out += ["The heap test (host_tests/test_board_heap.py) plays %d seeded "
            "4-computer games through the menus with saves, a power cut and "
            "Continue on cp32 at %s. Smallest heap every one of them passes at: "
            "%s (per seed %s)." % (
                len(h["smallest"]), _test_heap(),
                "%dK" % worst if worst else "over 200K",
                ", ".join("%s" % h["smallest"][k] for k in sorted(h["smallest"])))]
    for key, what in (
            ("smallest_daifugo", "Prime Daifugo the same way (%d seeded "
             "matches of three strong computers, every advanced rule, to "
             "two wins)"),
            ("smallest_rings", "Ring Climb the same way (%d seeded games "
             "of six strong computers)")):
        d = h.get(key)
        if not d:
            continue
        dw = max(v for v in d.values() if v is not None) \
            if all(v is not None for v in d.values()) else None
        out += ["", (what + ": smallest heap every one passes at: %s (per "
                     "seed %s).") % (len(d), "%dK" % dw if dw else "over 200K",
                                     ", ".join("%s" % d[k] for k in sorted(d)))]
    return out


def _test_heap():
    import re
    with open(os.path.join(ROOT, "host_tests", "test_board_heap.py")) as f:
        return re.search(r'^BOARD_HEAP = "(\w+)"', f.read(), re.M).group(1)
