"""The board's deep sleep until A (firmware/dimmer.py says when).

The game and where it was are stored first (``primeplay.app.power``),
the panel, the ring and the pins let go, then an alarm on A's pin.  A
starts code.py again, which goes back to the turn (runner.py's ``woke``).
With USB connected, CircuitPython only pretends: code.py ends, the core
waits for the alarm (or a file saved to CIRCUITPY) and runs code.py
again, the USB drive and console kept; the same wake.

Its own module, loaded only to sleep: every byte the loop holds is a
byte less for a game's computer player.
"""


def deep_sleep(app, device):
    from primeplay.app.power import prepare_deep_sleep  # pylint: disable=import-outside-toplevel
    wake = prepare_deep_sleep(app)
    profile = getattr(device, "profile", None) or {}
    pin = profile.get("buttons", {}).get("A")
    pressed = bool(profile.get("value_when_pressed", False))
    print("primeplay: deep sleep until A, then %s" % wake)
    device.deinit()
    import alarm  # pylint: disable=import-outside-toplevel
    from device import _pin  # pylint: disable=import-outside-toplevel
    alarm.exit_and_deep_sleep_until_alarms(
        alarm.pin.PinAlarm(_pin(pin), value=pressed, pull=True))
