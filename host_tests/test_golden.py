"""Golden frames: what the panel shows for a few fixed screens, pixel for
pixel, through the whole simulator path (app -> renderer -> displayio ->
SSD1306 driver -> fake I2C -> GDDRAM).

A frame is 64 lines of '#' (lit) and '.' (dark), the same text that
``tools/sim.py --headless --frame`` writes.  After an intended change to a
screen, regenerate with ``PRIMEPLAY_GOLDEN=update make test`` and look at
the diff (and at a screenshot) before committing.
"""

import os

import pytest

import sim

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")

RINGS_ROUND = "DOWN,DOWN,A,A," + "A," * 11 + "WAIT:12000"

SCREENS = {
    # name: (seed, keys)
    "main_menu": (3, "WAIT:100"),
    "climb_setup": (3, "A"),
    # Its last row, How to play: the first page of the rules.
    "climb_howto": (3, "A,UP,A"),
    # Prime Climb (seed 3: P1 wins the start roll; the setup opens on
    # Start): the start roll's news;
    # the first die previewed once the board after the roll has gone; the
    # board view (UP from there); the Hint worked out (UP twice, A); both
    # dice used, End turn previewed.
    "climb_start_roll": (3, "A,A"),
    "climb_move": (3, "A,A,A,A,WAIT:2000"),
    "climb_board": (3, "A,A,A,A,WAIT:2000,UP"),
    "climb_hint": (3, "A,A,A,A,WAIT:2000,UP,UP,A"),
    "climb_end_turn": (3, "A,A,A,A,WAIT:2000,A,A"),
    "legend": (3, "DOWN,DOWN,DOWN,A,A"),
    "explorer_multiply": (3, "DOWN,DOWN,DOWN,A,RIGHT,UP"),
    # Prime Daifugo: the hand with [3] picked (prime or not is a gamble
    # unless the learner's check is on); UP: the actions over the row,
    # Play chosen; [9] played (A on it, UP, A on Play) and judged; two
    # humans: the pass screen.
    "daifugo_hand": (3, "DOWN,A,A,RIGHT,RIGHT,A"),
    "daifugo_actions": (3, "DOWN,A,A,RIGHT,RIGHT,A,UP"),
    "daifugo_not_prime": (3, "DOWN,A,A,RIGHT,RIGHT,RIGHT,RIGHT,RIGHT,A,UP,A"),
    "daifugo_pass": (5, "DOWN,A,DOWN,DOWN,DOWN,LEFT,LEFT,UP,UP,UP,A,"
                        "WAIT:1500"),
    # Ring Climb: the board after a round (P1's pawn on level 1, the
    # computer's on levels 1 and 3), P1 choosing a card; level 1 turned
    # two spaces clockwise as a preview; a step that way refused; the
    # view page (UP: the colour under each pawn, the pawns off the
    # board); the computer's first card of its turn, its moved pawn
    # outlined, its name on the bar.
    "rings_board": (3, RINGS_ROUND),
    "rings_turn": (3, RINGS_ROUND + ",A,A,RIGHT,WAIT:400"),
    "rings_why_not": (3, RINGS_ROUND + ",A,A,A,RIGHT,WAIT:700"),
    "rings_view": (3, RINGS_ROUND + ",UP"),
    "rings_computer": (3, "DOWN,DOWN,A,A," + "A," * 11 + "WAIT:700"),
}


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_screen_matches_its_golden_frame(name):
    seed, keys = SCREENS[name]
    s = sim.Sim(seed=seed, board="pico_ref")
    s.run_keys(keys)
    got = s.frame_text()
    path = os.path.join(GOLDEN, name + ".txt")
    if os.environ.get("PRIMEPLAY_GOLDEN") == "update":
        with open(path, "w") as f:
            f.write(got)
    with open(path) as f:
        want = f.read()
    assert got == want, "frame %s differs from %s" % (name, path)


def test_golden_frames_are_not_blank():
    for name in SCREENS:
        with open(os.path.join(GOLDEN, name + ".txt")) as f:
            rows = f.read().split("\n")[:64]
        assert len(rows) == 64 and all(len(r) == 128 for r in rows)
        lit = sum(r.count("#") for r in rows)
        assert 100 < lit < 128 * 64 - 100, name
