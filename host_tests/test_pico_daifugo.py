"""Prime Daifugo on the emulated Pico running CircuitPython itself.

A match against the strong computer from the main menu: a lead, the
computer's D card and its play, a beating play, a pass and the round's
end, through the board's buttons, each frame compared with the
simulator's, no traceback, and every press answered on the panel within
ANSWER_MS, with the flash model on and on the shipped loop (emulated time
is deterministic: a budget like the fuel budgets, not a timed test).
"""

import pytest

import pico
from test_pico import sim_settled, ANSWER_MS, SEED

# From the main menu (seed 3, the reference build): Prime Daifugo, Start;
# P1 picks [3] and plays it (UP to the actions, A on Play); the computer
# plays D and 11; P1 plays 13 (LEFT wraps to the last card); the computer
# draws and plays 17; P1 passes (UP, RIGHT to Pass, A); "Round over": the
# computer leads again.
KEYS = ("DOWN,A,A,RIGHT,RIGHT,A,UP,A,A,WAIT:6000,LEFT,A,UP,A,A,WAIT:8000,"
        "UP,RIGHT,A,A,A,WAIT:6000")

# The guards this round had (a LEFT that wraps the hand at 140 ms, one
# press allowed a collection of the heap, the round's nineteen presses
# within 1550 ms) went with issue 22: since the renderer left displayio
# every press of the round answers within ANSWER_MS (the slowest 71 ms
# in BENCH.md's session, which adds the turn menu).

_missing = pico.missing_pieces()
pytestmark = pytest.mark.skipif(bool(_missing), reason="emulated Pico: " + "; ".join(_missing))


def test_a_daifugo_round_on_the_board_matches_the_simulator():
    want = sim_settled(KEYS)
    with pico.Pico(board="pico_ref", seed=SEED) as board:
        answers = []
        got = []
        for token in pico.sim_tokens(KEYS):
            if token[0] == "WAIT":
                board.run(token[1])
            else:
                answers.append((token[0], board.answer_ms(token[0])))
                board.settle()
            got.append(board.frames[-1])
        assert board.metrics()["tracebacks"] == 0, board.console[-2000:]
    for i, (frame, (text, _)) in enumerate(zip(got, want)):
        assert frame.text() == text, "frame after token %d differs" % i
    slow = [(i, k, ms) for i, (k, ms) in enumerate(answers)
            if ms is None or ms > ANSWER_MS]
    assert not slow, answers
