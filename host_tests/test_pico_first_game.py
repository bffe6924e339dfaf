"""First game on the emulated board (issue 21, item 6): Prime Daifugo's
and Ring Climb's pointers, followed by pressing A, in games with
computers on real CircuitPython, from .mpy as the board loads it.  The
host tests check what each pointer says; this checks that it fits the
board: Prime Climb's did not (a MemoryError at the first human turn),
which is why it has none yet.
"""

import pytest

import pico
from test_pico import SEED, pytestmark  # noqa: F401

PRESSES = 60


@pytest.mark.parametrize("game,downs,players,seats", [
    ("daifugo", "DOWN,", 3, [0, 2, 2]),
    ("rings", "DOWN,DOWN,", 3, [0, 2, 2, 2, 2, 2]),
])
def test_following_the_pointer_plays_on_without_running_out(game, downs,
                                                            players, seats):
    image = pico.record_image({"prefs": {"speed": 3, game: {
        "players": players, "seats": seats, "guide": 1}}}, seed=SEED)
    with pico.Pico(board="pico_ref", seed=SEED, flash=image) as b:
        b.run_keys(downs + "A,A")
        b.settle()
        start = len(b.frames)
        for _ in range(PRESSES):
            b.press("A")
            b.run(300)
        assert b.metrics()["tracebacks"] == 0, b.console[-2000:]
        assert "MemoryError" not in b.console
        # The game went on: a frame for most presses.
        assert len(b.frames) - start > PRESSES // 2
        frees = [f.free for f in b.frames[start:] if f.free is not None]
        print("%s: %d frames, least free after a frame %d bytes"
              % (game, len(b.frames) - start, min(frees)))
