"""Ring Climb on the emulated Pico running CircuitPython itself.

From the main menu, a game of P1 (human) against the strong computer: a
pawn enters, a ring is turned both ways live (the preview) and for real,
a refused step shows its reason, the turn ends and the computer plays
its turn.  Every frame equals the simulator's, there is no traceback,
every press is answered on the panel in time (RINGS_ANSWER_MS below;
emulated time is deterministic: a regression guard, not a timed test),
and while a ring
turns, the LED ring on the wire shows the same pictures, space by space,
as the app's scenes.
"""

import pytest

import pico
import sim
from test_pico import sim_settled, ANSWER_MS, SEED

# Seed 3, the reference build: Ring Climb, Start (P1 human, P2 strong);
# B3: enter on level 1; Y3: the pawn's ring turned 3 ccw, then RIGHT
# turns it live to 3 cw (six spaces animated), A keeps the turn, UP is a
# refused step ("that space is orange"), A turns only; B1: turn 1 ccw
# only, and the turn ends; the computer plays (A hurries its pages).
KEYS = ("DOWN,DOWN,A,A,A,A,A,A,A,RIGHT,A,UP,A,A,A,A,A,WAIT:9000,A,A")
ROTATE = 9      # the token index of the RIGHT (the live turn)
COMPUTER = 16   # ... of the A that ends P1's turn

# The handheld's budget is ANSWER_MS (100 ms) from press to panel, and
# every press of this session holds it: the slowest is 80 ms (it was
# 134, then 122 with the flash cache modelled, 81 once the renderer drew
# a page as one integer and keys were polled every 2 ms, and with the heap
# in one piece from the start, CIRCUITPY_HEAP_START_SIZE, the presses
# that collected once or more now seldom do: issue 22).  The median is
# held where it is, 59 ms (the 95th percentile's 50 ms is not met yet).
RINGS_ANSWER_MS = ANSWER_MS
RINGS_MEDIAN_MS = 60

_missing = pico.missing_pieces()
pytestmark = pytest.mark.skipif(bool(_missing), reason="emulated Pico: " + "; ".join(_missing))


def sim_leds_during(keys_before, key, ms, step=5):
    """The simulator's distinct LED pictures, in order, for ``ms`` after
    ``key`` pressed once ``keys_before`` settled."""
    s = sim.Sim(seed=SEED, board="pico_ref")
    s.run_keys(keys_before, pico.MS_PER_KEY, settle=True)
    s.press(key)
    out = [list(s.leds)]
    for _ in range(ms // step):
        s.advance(step)
        if list(s.leds) != out[-1]:
            out.append(list(s.leds))
    return out


def test_a_ring_climb_turn_on_the_board_matches_the_simulator():
    want = sim_settled(KEYS)
    tokens = list(pico.sim_tokens(KEYS))
    assert tokens[ROTATE] == ("RIGHT",) and tokens[COMPUTER + 1][0] == "WAIT"
    with pico.Pico(board="pico_ref", seed=SEED) as board:
        brightness = board.profile["brightness"]
        answers = []
        got = []
        turning = None
        for i, token in enumerate(tokens):
            if token[0] == "WAIT":
                board.run(token[1])
            else:
                before = len(board.leds_frames)
                answers.append((i, token[0], board.answer_ms(token[0])))
                board.settle()
                if i == ROTATE:
                    turning = [pico.wire_to_rgb(f[1])
                               for f in board.leds_frames[before:]]
            got.append(board.frames[-1])
        assert board.metrics()["tracebacks"] == 0, board.console[-2000:]
    print("answers", answers)
    slow = [a for a in answers if a[2] is None or a[2] > RINGS_ANSWER_MS]
    assert max(a[2] for a in answers[:4]) <= ANSWER_MS  # menus and setup
    assert not slow, slow
    times = sorted(a[2] for a in answers)
    assert times[len(times) // 2] <= RINGS_MEDIAN_MS, answers
    # (The settled LEDs are not compared token by token: the pawns blink,
    # and where "settled" falls in a blink differs by a frame.)
    # The A that ends P1's turn sets the computer going; its pages turn by
    # time, and its thinking takes the board's time but not the
    # simulator's, so where "settled" falls in them differs: that one
    # frame is not compared (the next, after the computer's turn, is).
    for i, (frame, (text, _)) in enumerate(zip(got, want)):
        if i == COMPUTER:
            continue
        assert frame.text() == text, "frame after token %d differs" % i
    # The live turn: from 3 ccw to 3 cw, six spaces, each a picture of
    # its own on the wire, the same pictures in the same order as the
    # app's scenes (the pawns stay lit while their ring turns; after it
    # they blink again, which the two need not agree on in time).
    keys_before = ",".join(",".join(t) if t[0] != "WAIT" else
                           "WAIT:%d" % t[1] for t in tokens[:ROTATE])
    scenes = [pico.scaled_leds(x, brightness)
              for x in sim_leds_during(keys_before, "RIGHT", 1200)]
    wire = []
    for x in turning:
        if not wire or x != wire[-1]:
            wire.append(x)
    assert len(scenes) >= 7
    assert wire[:7] == scenes[:7]
