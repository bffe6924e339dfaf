"""The device's settings, for every game (the main menu's "Settings"):
each row one remembered setting (``App.prefs``, stored at once) that
takes effect as it changes, the next frame already showing it.

* Sound: off, quiet or on: the piezo's cues (``App.cue``, the firmware
  and the simulator play them); a change plays one, at its new level.
* CPU speed: how long a computer's turn and pages stay on screen
  (``App.pace``); A hurries them anyway.
* Contrast: the panel's (the SSD1306's contrast command, sent by the
  firmware when a frame carries a new one, ``Scene.contrast``).
* Ring light: the LED ring's brightness, off to full (the app scales
  every colour, so the simulator shows what the ring shows).
* Flashing: reduced keeps the ring from blinking (a steady colour
  instead: the screens read ``prefs["calm"]``).
* Left-handed: the device held turned round, the D-pad at the right:
  the panel turns 180 degrees (``Scene.flip``) and UP/DOWN and
  LEFT/RIGHT swap (``App.press``); A and B stay where their labels are.
* Colours: standard, or safe for colour-blind eyes: the ring's colours
  for factors, verdicts, seats and Ring Climb's rings moved apart, a
  seat's number in bright pixels, a "no" on every other pixel
  (``colours.use``; the app switches palettes before a frame).
* Sleep after: never, 2, 5 or 15 minutes without a press, then the panel
  and the ring go dark until a press, which does nothing else
  (firmware/dimmer.py, in the board's loop and the simulator's).

Its own module, loaded when Settings opens: the main menu keeps its
heap (host_tests/test_start.py).
"""

from primeplay.app.menus import Menu

# Each setting's values and their names: the prefs hold the value (the
# panel's contrast byte, the ring's brightness in 256ths of the board
# profile's), a value between two named ones shows as the next above.
SPEEDS = ("slow", "normal", "fast", "instant")
LEVELS = {
    "sound": ((0, "off"), (1, "quiet"), (2, "on")),
    "speed": tuple([(i, SPEEDS[i]) for i in range(len(SPEEDS))]),
    # 0xFF is what displayio sets at start: "full", as the device was.
    "contrast": ((0x10, "low"), (0x40, "mid"), (0x90, "high"),
                 (0xFF, "full")),
    "ring": ((0, "off"), (64, "low"), (128, "mid"), (256, "full")),
    "calm": ((False, "standard"), (True, "reduced")),
    "lefty": ((False, "off"), (True, "on")),
    "colours": ((False, "standard"), (True, "CB safe")),
    "sleep": ((0, "never"), (120, "2 min"), (300, "5 min"), (900, "15 min")),
}

# (pref, its row's words, its note)
SETTINGS = (("sound", "Sound: ", "The piezo's beeps"),
            ("speed", "CPU speed: ", "A hurries a CPU turn"),
            ("contrast", "Contrast: ", "The panel's light"),
            ("ring", "Ring light: ", "The LED ring's light"),
            ("calm", "Flashing: ", "Reduced: no blinking"),
            ("colours", "Colours: ", "Colour-blind safe"),
            ("lefty", "Left-handed: ", "Pad on the right"),
            ("sleep", "Sleep after: ", "Panel, ring off; a key"))


def level(key, value):
    """The index in LEVELS[key] that ``value`` shows as."""
    levels = LEVELS[key]
    for i in range(len(levels)):
        if value <= levels[i][0]:
            return i
    return len(levels) - 1


class DeviceSettings(Menu):
    """The rows of ``SETTINGS``; LEFT/RIGHT change a row, A too (there is no
    Start here), B goes back to the main menu; every change is remembered
    at once."""

    def rows(self):
        p = self.app.prefs
        return [r[1] + LEVELS[r[0]][level(r[0], p[r[0]])][1]
                for r in SETTINGS]

    def note(self, i):
        return SETTINGS[i][2]

    def choose(self, i):
        self.change(i, 1)

    def change(self, i, step):
        p = self.app.prefs
        key = SETTINGS[i][0]
        levels = LEVELS[key]
        p[key] = levels[(level(key, p[key]) + step) % len(levels)][0]
        if key == "sound":
            self.app.cue("turn")    # heard at the level just chosen
        self.app.store_soon()

    def back(self):
        self.app.go(self.app.main_menu())
