"""Sleep after the set time on the emulated board: the SSD1306's
display-off command goes over I2C and the ring goes dark when the time
has come; the first press turns the panel on again, as it was, within
the 100 ms a press has, and moves nothing.

Sleep after is set to 3 seconds in the flash the board boots from (a
value between the menu's choices, kept as a record's number in range
is): minutes of emulation would say no more.
"""

import pytest

import pico
from test_pico import ANSWER_MS, SEED, pytestmark  # noqa: F401

SLEEP_S = 3


@pytest.fixture(scope="module")
def board():
    image = pico.record_image({"prefs": {"sleep": SLEEP_S}}, seed=SEED)
    with pico.Pico(board="pico_ref", seed=SEED, flash=image) as b:
        yield b


def test_the_panel_and_ring_sleep_and_a_press_only_wakes_them(board):
    board.settle()
    pressed_at = board.press("DOWN")         # the cursor on Prime Daifugo
    board.settle()
    lit = board.panel()
    assert any(any(row) for row in lit)
    assert any(board.leds_frames[-1][1])     # the ring lit (grey)
    board.run(pressed_at + SLEEP_S * 1000 - 300 - board.t_ms)
    assert board.i2c.panel.display_on and board.panel() == lit
    board.run(1500)
    # Display off (0xAE) sent: the panel dark, its memory kept.
    assert not board.i2c.panel.display_on
    assert not any(any(row) for row in board.panel())
    assert not any(board.leds_frames[-1][1])
    slept_at = board.leds_frames[-1][0]
    assert SLEEP_S * 1000 <= slept_at - pressed_at <= SLEEP_S * 1000 + 400
    # Asleep, the core rests (the keypad's polls only).
    board.run(2000)
    asleep_awake = board.awake_ms
    assert asleep_awake < 2000 * 0.15, asleep_awake
    # A press wakes it within a press's budget, and moves nothing.
    ms = board.answer_ms("DOWN")
    print("slept %.0f ms after the press; awake asleep %.1f%%; woke in %.1f ms"
          % (slept_at - pressed_at, asleep_awake / 20, ms))
    assert ms is not None and ms <= ANSWER_MS, ms
    board.settle()
    assert board.i2c.panel.display_on and board.panel() == lit
    assert any(board.leds_frames[-1][1])
    board.run_keys("DOWN")                   # the next press moves
    assert board.panel() != lit
    assert board.metrics()["tracebacks"] == 0, board.console[-1500:]
