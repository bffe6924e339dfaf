"""Board profiles: which pins, display and pixels one build of the handheld has.

Each module in this package is one supported build and exposes ``PROFILE``,
a plain dict (see ``pico_ref.py`` for the reference build and
``README.md`` for its wiring).  ``load_profile(name)`` imports one and
checks it, so a typo in a profile fails at boot with a message naming the
bad key instead of as an obscure error deep inside displayio or keypad.

Runs unchanged on CircuitPython (the package is copied to the board's
``/boards``) and on CPython (simulator, tests).  No f-strings, typing or
importlib: only what CircuitPython has.
"""

# Logical buttons, in the order the app lists them (CircuitPython dicts do
# not keep insertion order, so never rely on the order of a profile's dict).
REQUIRED_BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
OPTIONAL_BUTTONS = ("ROLL", "ADD", "SUB", "MUL", "DIV")

# The app draws 128x64 scenes (primeplay.app.scene.WIDTH/HEIGHT).
WIDTH = 128
HEIGHT = 64

PIXEL_ORDERS = ("RGB", "GRB", "RGBW", "GRBW")

# key -> (allowed types, required)
_KEYS = {
    "name": ((str,), True),
    "i2c_scl": ((str,), True),
    "i2c_sda": ((str,), True),
    "i2c_frequency": ((int,), True),
    "oled_address": ((int,), True),
    "width": ((int,), True),
    "height": ((int,), True),
    "rotation": ((int,), True),
    "pixel_pin": ((str,), True),
    "pixel_count": ((int,), True),
    "pixel_order": ((str,), True),
    "brightness": ((int, float), True),
    "buttons": ((dict,), True),
    # CircuitPython ``board.board_id`` values this build fits (optional):
    # code.py warns on the serial console when the running board is not
    # one of them, and the host tests check every pin name against them.
    "board_ids": ((tuple,), False),
    # One line for humans (optional).
    "description": ((str,), False),
    # A passive piezo buzzer's pin (optional): the app's sound cues.
    "piezo_pin": ((str,), False),
    # The battery (optional; a board without these shows none): the pin
    # reading VSYS through a divider ("VOLTAGE_MONITOR" on a Pico: VSYS/3
    # on GPIO29), the divider's ratio (3 on a Pico), the pin that is high
    # on USB power ("VBUS_SENSE", GPIO24), and the millivolts under which
    # the device warns and deep-sleeps sooner.
    "vsys_pin": ((str,), False),
    "vsys_scale": ((int, float), False),
    "vbus_pin": ((str,), False),
    "battery_low_mv": ((int,), False),
}


class ProfileError(ValueError):
    """A board profile is missing a key or has a bad value."""


def _fail(profile_name, key, problem):
    raise ProfileError("board profile %r: %s %s" % (profile_name, key, problem))


def _is_int(value):
    # bool is an int subclass on CPython: True is no pin count.
    return isinstance(value, int) and not isinstance(value, bool)


def validate(profile, name="?"):
    """Check a profile dict; return it unchanged or raise ProfileError.

    The message names the profile and the offending key, e.g.
    ``board profile 'pico_ref': key 'i2c_frequency' must be an int``.
    """
    if not isinstance(profile, dict):
        raise ProfileError("board profile %r: PROFILE must be a dict" % (name,))
    if isinstance(profile.get("name"), str):
        name = profile["name"]
    for key in profile:
        if key not in _KEYS:
            _fail(name, "key %r" % (key,), "is not a profile key (typo?)")
    for key in _KEYS:
        types, required = _KEYS[key]
        if key not in profile:
            if required:
                _fail(name, "key %r" % (key,), "is missing")
            continue
        value = profile[key]
        if isinstance(value, bool) or not isinstance(value, types):
            _fail(name, "key %r" % (key,), "has the wrong type: %r" % (value,))

    def check(key, ok, problem):
        if not ok:
            _fail(name, "key %r" % (key,), "%s, got %r" % (problem, profile[key]))

    check("i2c_frequency", 10_000 <= profile["i2c_frequency"] <= 1_000_000,
          "must be 10_000..1_000_000 Hz")
    check("oled_address", 0x08 <= profile["oled_address"] <= 0x77,
          "must be a 7-bit I2C address (SSD1306: 0x3C or 0x3D)")
    check("width", profile["width"] == WIDTH, "must be %d" % WIDTH)
    check("height", profile["height"] == HEIGHT, "must be %d" % HEIGHT)
    check("rotation", profile["rotation"] in (0, 180), "must be 0 or 180")
    check("pixel_count", 0 <= profile["pixel_count"] <= 256, "must be 0..256")
    check("pixel_order", profile["pixel_order"] in PIXEL_ORDERS,
          "must be one of %s" % (", ".join(PIXEL_ORDERS),))
    check("brightness", 0.0 <= profile["brightness"] <= 1.0, "must be 0.0..1.0")
    if "vsys_scale" in profile:
        check("vsys_scale", 1 <= profile["vsys_scale"] <= 20,
              "must be the divider's ratio, 1..20")
    if "battery_low_mv" in profile:
        check("battery_low_mv", 1800 <= profile["battery_low_mv"] <= 5500,
              "must be 1800..5500 mV (the Pico runs from 1.8 to 5.5 V)")
    for key in ("i2c_scl", "i2c_sda", "pixel_pin", "name"):
        check(key, len(profile[key]) > 0, "must not be empty")
    if "board_ids" in profile:
        for board_id in profile["board_ids"]:
            check("board_ids", isinstance(board_id, str) and board_id,
                  "must be a tuple of board_id strings")

    buttons = profile["buttons"]
    for button in REQUIRED_BUTTONS:
        if button not in buttons:
            _fail(name, "key 'buttons'", "has no %r button (every build needs "
                  "UP DOWN LEFT RIGHT A B)" % (button,))
    used = {}
    for pin_key in ("i2c_scl", "i2c_sda", "pixel_pin", "piezo_pin",
                    "vsys_pin", "vbus_pin"):
        if pin_key not in profile:
            continue
        pin = profile[pin_key]
        if pin in used:
            _fail(name, "key %r" % (pin_key,), "uses pin %r, already used by %r"
                  % (pin, used[pin]))
        used[pin] = pin_key
    for button in buttons:
        pin = buttons[button]
        where = "key 'buttons'[%r]" % (button,)
        if button not in REQUIRED_BUTTONS and button not in OPTIONAL_BUTTONS:
            _fail(name, where, "is not a button the app knows (%s)"
                  % (" ".join(REQUIRED_BUTTONS + OPTIONAL_BUTTONS),))
        if not isinstance(pin, str) or not pin:
            _fail(name, where, "must be a pin name string, got %r" % (pin,))
        if pin in used:
            _fail(name, where, "uses pin %r, already used by %r" % (pin, used[pin]))
        used[pin] = button
    return profile


def _checked_name(name):
    if not isinstance(name, str) or not name:
        raise ProfileError("board profile name must be a non-empty string, got %r"
                           % (name,))
    for ch in name:
        if not (ch == "_" or "a" <= ch <= "z" or "0" <= ch <= "9"):
            raise ProfileError("board profile name %r: use lower-case letters, "
                               "digits and _ only" % (name,))
    return name


def load_profile(name):
    """Import ``boards.<name>`` and return its validated ``PROFILE``.

    Raises ProfileError (a ValueError) naming the profile and the bad key,
    or naming the profile when no such module exists.
    """
    name = _checked_name(name)
    try:
        package = __import__("boards." + name)
    except ImportError as exc:
        # An ImportError raised *inside* an existing profile is a real bug:
        # only translate "no such module".
        if name in str(exc):
            raise ProfileError("board profile %r: no module boards/%s.py (known: %s)"
                               % (name, name, ", ".join(available())))
        raise
    module = getattr(package, name)
    profile = getattr(module, "PROFILE", None)
    if profile is None:
        raise ProfileError("board profile %r: boards/%s.py has no PROFILE" % (name, name))
    return validate(profile, name)


def available():
    """Names of the profile modules next to this file (CPython and CircuitPython)."""
    import os
    path = __file__.replace("\\", "/")
    here = path.rsplit("/", 1)[0] if "/" in path else "."
    try:
        entries = os.listdir(here)
    except OSError:
        return []
    out = []
    for entry in entries:
        if entry.endswith(".py") and not entry.startswith("_"):
            out.append(entry[:-3])
    out.sort()
    return out


def button_names(profile):
    """The profile's logical buttons in canonical order (a tuple)."""
    buttons = profile["buttons"]
    return tuple(b for b in REQUIRED_BUTTONS + OPTIONAL_BUTTONS if b in buttons)
