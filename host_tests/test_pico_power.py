"""The battery and deep sleep on the emulated board (issue 21, items 3
and 4): real CircuitPython reads VSYS through ADC3 (GPIO29, the Pico's
divider) and VBUS_SENSE (GPIO24), which the emulator drives
(board.mjs's "power"); and sleeps until A with its alarm module.

The emulator's USB is connected, so CircuitPython pretends its deep
sleep, as on a board at a computer: code.py ends, the core waits for the
alarm, then runs code.py again; a battery-powered board sleeps for real
and resets on A.  Both wake into code.py with ``alarm.wake_alarm`` set,
which is what the firmware reads.
"""

import pytest

import pico
import sim
from test_pico import SEED, TURN, sim_settled, pytestmark  # noqa: F401


def sim_frame(**kw):
    s = sim.Sim(seed=SEED, **kw)
    s.advance(100)
    return s.frame_text()


def test_a_low_battery_warns_on_the_panel_as_in_the_simulator():
    b = pico.Pico(board="pico_ref", seed=SEED)
    try:
        b.start()
        b.power(3.3, False)
        assert b.run_until_frame(15000) is not None
        b.settle()
        assert b.frames[-1].text() == sim_frame(battery_mv=3300)
        assert "Battery low: 3.30 V" in sim.Sim(seed=SEED,
                                               battery_mv=3300).app.scene().texts()
        b.run_keys("A")                      # read: the main menu, noted
        assert b.frames[-1].text() != sim_frame()
        b.power(4.75, True)                  # plugged in
        b.run(10500)                         # the next reading
        b.run_keys("UP,DOWN")
        assert b.frames[-1].text() == sim_frame()
        assert b.metrics()["tracebacks"] == 0, b.console[-1500:]
    finally:
        b.close()


SLEEP_S = 5


def test_deep_sleep_waits_for_a_and_wakes_into_the_same_turn():
    image = pico.record_image({"prefs": {"sleep": SLEEP_S}}, seed=SEED)
    with pico.Pico(board="pico_ref", seed=SEED, flash=image) as b:
        # A turn and the computer's (in the dark: the panel sleeps 5 s
        # after End turn): P1's roll waits, saved.
        b.run_keys(TURN)
        last = b.t_ms
        b.run(SLEEP_S * 1000 * 3 + 2000 - (b.t_ms - last))
        assert "deep sleep until A, then resume:climb" in b.console
        assert not b.i2c.panel.display_on
        b.run(2000)
        asleep = b.awake_ms
        frames = len(b.frames)
        b.press("B")                         # only A's pin wakes it
        b.run(1000)
        assert len(b.frames) == frames
        at = b.press("A")
        woke = b.run_until_frame(15000)
        assert woke is not None
        b.settle()
        print("deep sleep: core awake %.1f%% while waiting; A to the first "
              "frame %.0f ms" % (asleep / 20, woke.t_ms - at))
        assert b.i2c.panel.display_on
        # P1's roll, as the simulator shows it after the same turns.
        assert b.frames[-1].text() == sim_settled(TURN)[-1][0]
        assert b.metrics()["tracebacks"] == 0, b.console[-1500:]
