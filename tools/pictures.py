"""The README's pictures, made again from key scripts in the simulator.

    python tools/pictures.py            # write every docs/*.png below
    python tools/pictures.py judge      # only those whose name has "judge"

Each picture is a seed and the keys pressed from power-up (the same
script language as ``tools/sim.py --keys``), on the reference board, so a
screen that changes is pictured again with one command and the README
stays true (host_tests/test_pictures.py checks every picture against its
script).  ``docs/pico-move.png`` comes from the emulated board instead
(``make pico ARGS="--keys A,A,A,A,WAIT:2000 --screenshot docs/pico-move.png"``).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DOCS = os.path.join(ROOT, "docs")

RINGS_ROUND = "DOWN,DOWN,A,A," + "A," * 11 + "WAIT:12000"

# A turn of Prime Climb, the first of Prime Daifugo and of Ring Climb, each
# left with Save and quit from its pause menu; the cursor on Ring Climb's.
CONTINUE = ("A,A,A,A,WAIT:2000,A,A,WAIT:6000,A,WAIT:3000,A,WAIT:3000,"
            "B,DOWN,A,WAIT:500,"
            "DOWN,DOWN,A,A,WAIT:1000,B,DOWN,DOWN,A,WAIT:500,"
            "DOWN,DOWN,DOWN,DOWN,A,A,WAIT:4000,B,DOWN,A,WAIT:500,DOWN,DOWN")

# name (docs/<name>.png): (seed, keys[, ms a key when not the simulator's])
PICTURES = {
    # Prime Climb: the setup (it opens on Start), who starts, the dice in
    # the air, a move previewed, the board one press away, the hint.
    "setup": (3, "A"),
    "climb-start": (3, "A,A"),
    "rolling": (3, "A,A,A,A", 40),
    "move": (3, "A,A,A,A,WAIT:2000"),
    "climb-board": (3, "A,A,A,A,WAIT:2000,UP"),
    "climb-hint": (3, "A,A,A,A,WAIT:2000,UP,UP,A"),
    # The setup's last row, How to play: the rules' first page.
    "climb-howto": (3, "A,UP,A"),
    "explorer": (3, "DOWN,DOWN,DOWN,A,RIGHT,UP"),
    # The judge: 511 (5, 1, 1 typed digit by digit), then 2?3.
    "judge": (3, "DOWN,DOWN,DOWN,DOWN,A,WAIT:500," + "UP," * 4 + "RIGHT," +
              "UP,RIGHT,UP,A,WAIT:2000"),
    "judge-fill": (3, "DOWN,DOWN,DOWN,DOWN,A,WAIT:500,UP,RIGHT," +
                   "DOWN,RIGHT,UP,UP,UP,A,WAIT:2000"),
    # Prime Daifugo: two humans, the pass screen; the hand with [3]
    # picked; [9] played and judged; the actions over the row; what a
    # card does (? over the row).
    "daifugo-pass": (5, "DOWN,A,DOWN,DOWN,DOWN,LEFT,LEFT,UP,UP,UP,A,"
                        "WAIT:1500"),
    "daifugo-hand": (3, "DOWN,A,A,RIGHT,RIGHT,A"),
    "daifugo-actions": (3, "DOWN,A,A,RIGHT,RIGHT,A,UP"),
    "daifugo-not-prime": (3, "DOWN,A,A,RIGHT,RIGHT,RIGHT,RIGHT,RIGHT,A,"
                             "UP,A"),
    # Ring Climb: the board after a round, level 1 turned live, the view
    # of what stands under every pawn and who waits off the board.
    "rings-board": (3, RINGS_ROUND),
    "rings-turn": (3, RINGS_ROUND + ",A,A,RIGHT,WAIT:400"),
    "rings-view": (3, RINGS_ROUND + ",UP"),
    # The device's settings (the last row of the main menu).
    "settings": (3, "UP,A"),
    # A game of each left with Save and quit: a Continue row each, the
    # chosen one's turn under them.
    "continue": (3, CONTINUE),
}


def make(name, path=None):
    """The simulator after ``name``'s script, its PNG written to ``path``
    (default docs/<name>.png)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, HERE)
    import sim  # pylint: disable=import-outside-toplevel
    seed, keys = PICTURES[name][:2]
    s = sim.Sim(seed=seed, board="pico_ref", storage=sim.MemoryStorage(),
                restarts=True)
    if len(PICTURES[name]) > 2:
        s.run_keys(keys, PICTURES[name][2])
    else:
        s.run_keys(keys)
    sim.screenshot(s, path or os.path.join(DOCS, name + ".png"))
    return s


def main(argv):
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    names = [n for n in PICTURES if not argv or any(a in n for a in argv)]
    if not names:
        print("pictures: no picture named like %s" % " ".join(argv))
        return 2
    for name in names:
        s = make(name)
        print("docs/%s.png: %s" % (name, " / ".join(s.app.scene().texts())[:70]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
