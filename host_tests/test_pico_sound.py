"""The sound cues on the emulated board: CircuitPython's pwmio drives the
piezo's pin (pico_pad's GP18) and board.mjs decodes its square wave into
tones (frequency, duty, start and end), which must be the cue's notes.

A verdict of the judge is heard (prime rises, not prime falls), quiet is
a thin duty cycle, and with sound off a verdict plays nothing.
"""

import pytest

import pico
from primeplay.app.cues import CUES, DUTY
from test_pico import pytestmark  # noqa: F401  (the same skip line)

SEED = 3
# From the main menu of a fresh board: the judge, 5 typed (A judges it).
TO_FIVE = "DOWN,DOWN,DOWN,DOWN,A,WAIT:500,UP,UP,UP,UP"


@pytest.fixture(scope="module")
def board():
    with pico.Pico(board="pico_pad", seed=SEED) as b:
        yield b


def heard(board, keys):
    """The tones the piezo played while ``keys`` were pressed (and
    settled)."""
    before = len(board.tones)
    board.run_keys(keys)
    board.run(400)
    return board.tones[before:]


def assert_is(tones, name, volume=2):
    notes = [(hz, ms) for hz, ms in CUES[name] if hz]
    assert len(tones) == len(notes), (name, tones)
    for (t0, t1, hz, duty), (want_hz, want_ms) in zip(tones, notes):
        # pwmio sets the nearest frequency a 16-bit TOP and the divider's
        # 4-bit fraction make: below 1.9 kHz (a divider over 1) up to 3%
        # off (1568 Hz plays as 1606, as it would on the chip).
        assert abs(hz - want_hz) <= want_hz * 3 / 100, (name, hz, want_hz)
        # Notes change on the loop's passes: a pass held up by a frame, a
        # save or (in this debug build) the collection after each frame
        # makes a note longer, never shorter, and no rest is lost.
        assert want_ms - 15 <= t1 - t0 <= want_ms + 120, (name, t1 - t0, want_ms)
        assert abs(duty - DUTY[volume] / 65536) < 0.01, (name, duty)


def test_a_verdict_is_heard_prime_rising_not_prime_falling(board):
    assert board.profile["piezo_pin"] == "GP18"
    prime = heard(board, TO_FIVE + ",A")
    assert board.frames[-1].text().count("#") > 0
    assert_is(prime, "prime")
    assert prime[0][2] < prime[1][2]            # rising
    not_prime = heard(board, "A,UP,A")          # back, 6, judge
    assert_is(not_prime, "not_prime")
    assert not_prime[0][2] > not_prime[1][2]    # falling
    assert board.metrics()["tracebacks"] == 0, board.console[-1500:]


def test_quiet_is_a_thin_duty_and_off_plays_nothing(board):
    # To the main menu, Settings (UP wraps to it), Sound on -> quiet: the
    # change plays "turn" at the new level; quiet -> off plays nothing.
    heard(board, "B,WAIT:300,B,UP,A")
    assert_is(heard(board, "LEFT"), "turn", volume=1)
    assert heard(board, "LEFT") == []
    # And the judge's verdict is silent now.
    assert heard(board, "B," + TO_FIVE + ",A") == []
    assert board.metrics()["tracebacks"] == 0, board.console[-1500:]
