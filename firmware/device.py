"""The device adapter: OLED, NeoPixels and buttons built from a board profile.

``Device(profile)`` on the board builds everything from the profile's pin
names.  The simulator and the tests pass ``i2c``, ``pixels`` and ``keys``
instead: a fake I2C bus that decodes the SSD1306's commands, a pixel
buffer and a key-event queue.  Everything above them (displayio, the real
``adafruit_displayio_ssd1306`` driver, the renderer, the button mapping)
then runs exactly as on the board.

Hardware modules (board, busio, neopixel, keypad) are imported inside
``Device`` and only when the part is not injected, so this module imports
on CPython with Blinka, where ``board`` may be a stand-in and neopixel is
not installed.

Profile keys: "i2c_scl", "i2c_sda" (pin names on ``board``; both None for
``board.I2C()``), "i2c_frequency" (400000), "oled_address" (0x3C),
"width" (128), "height" (64), "rotation" (0 or 180), "pixel_pin",
"pixel_count", "pixel_order" ("GRB"), "brightness" (0..1), "buttons"
(logical name -> pin name; a pin pulls to ground when pressed unless
"value_when_pressed" is True).
"""

import displayio

from render import Renderer

try:
    from primeplay.app.scene import BUTTONS
except ImportError:
    BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B",
               "ROLL", "ADD", "SUB", "MUL", "DIV")


def button_order(buttons):
    """Logical button names in key-number order.

    keypad numbers keys by their position in the pin tuple, and a
    CircuitPython dict does not keep insertion order, so the order is fixed
    here: the names of scene.BUTTONS first, in that order, then any others
    sorted.  A fake key source uses the same order (``Device.button_names``).
    """
    names = [name for name in BUTTONS if name in buttons]
    names.extend(sorted(name for name in buttons if name not in BUTTONS))
    return tuple(names)


def _pin(name):
    """``board.<name>``, imported only when a part is built for real."""
    import board  # pylint: disable=import-outside-toplevel
    pin = getattr(board, name, None)
    if pin is None:
        raise ValueError("board has no pin " + str(name))
    return pin


NO_COLOUR = (-1, -1, -1)  # "not written yet": differs from every colour
# keypad scans the buttons this often (it debounces by scans): a press is
# seen at most this long after the pin goes low.  10 ms stays above the
# few milliseconds that push buttons bounce.
KEY_SCAN_S = 0.01


class Device:
    """Display + NeoPixels + buttons of one board, as the app needs them.

    ``show(scene)`` draws a Scene and its LED colours; ``poll()`` returns
    the logical buttons pressed since the last poll.
    """

    def __init__(self, profile, i2c=None, pixels=None, keys=None):
        self.profile = profile
        self.width = profile.get("width", 128)
        self.height = profile.get("height", 64)
        # What this object built it releases in deinit(); injected fakes
        # belong to the caller.
        self._owned = []
        # A display survives a soft reload and keeps its I2C pins: let it
        # go before claiming the bus again.
        displayio.release_displays()
        if i2c is None:
            scl = profile.get("i2c_scl")
            sda = profile.get("i2c_sda")
            if scl is None and sda is None:
                import board  # pylint: disable=import-outside-toplevel
                i2c = board.I2C()
            else:
                import busio  # pylint: disable=import-outside-toplevel
                i2c = busio.I2C(_pin(scl), _pin(sda),
                                frequency=profile.get("i2c_frequency", 400000))
            self._owned.append(i2c)
        self.i2c = i2c
        try:  # CircuitPython 9+ (and Blinka)
            from i2cdisplaybus import I2CDisplayBus  # pylint: disable=import-outside-toplevel
            bus_class = I2CDisplayBus
        except ImportError:  # CircuitPython 8: still in displayio
            bus_class = getattr(displayio, "I2CDisplay")
        bus = bus_class(i2c, device_address=profile.get("oled_address", 0x3C))
        import adafruit_displayio_ssd1306  # pylint: disable=import-outside-toplevel
        # auto_refresh off: a frame goes out only when show() says so, whole
        # (no tearing between a scene's items) and deterministic in the sim.
        self.display = adafruit_displayio_ssd1306.SSD1306(
            bus, width=self.width, height=self.height,
            rotation=profile.get("rotation", 0), auto_refresh=False)
        self.renderer = Renderer(self.display)

        self.pixel_count = profile.get("pixel_count", 0)
        if pixels is None and self.pixel_count:
            import neopixel  # pylint: disable=import-outside-toplevel
            pixels = neopixel.NeoPixel(
                _pin(profile["pixel_pin"]), self.pixel_count,
                brightness=profile.get("brightness", 0.2), auto_write=False,
                pixel_order=profile.get("pixel_order", "GRB"))
            self._owned.append(pixels)
        if pixels is not None:
            self.pixel_count = len(pixels)
        self.pixels = pixels
        self._leds = [NO_COLOUR] * self.pixel_count  # what the pixels hold

        self.button_names = button_order(profile.get("buttons", {}))
        if keys is None and self.button_names:
            import keypad  # pylint: disable=import-outside-toplevel
            pins = profile["buttons"]
            keys = keypad.Keys(
                tuple(_pin(pins[name]) for name in self.button_names),
                value_when_pressed=profile.get("value_when_pressed", False),
                pull=True, interval=KEY_SCAN_S)
            self._owned.append(keys)
        self.keys = keys

    def show(self, scene):
        """Draw ``scene`` and set the LEDs to ``scene.leds``.

        Only changed displayio objects are redrawn, so the refresh sends
        only their dirty rectangles over I2C; the NeoPixels are written and
        shown only when a colour changed.  Missing LED colours are off,
        extra ones ignored.
        """
        self.renderer.render(scene)
        self.display.refresh()
        pixels = self.pixels
        if pixels is None:
            return
        leds = scene.leds
        n = len(leds)
        held = self._leds
        changed = False
        for i in range(self.pixel_count):
            colour = leds[i] if i < n else (0, 0, 0)
            old = held[i]
            if old[0] != colour[0] or old[1] != colour[1] or old[2] != colour[2]:
                colour = (colour[0], colour[1], colour[2])
                pixels[i] = colour
                held[i] = colour
                changed = True
        if changed:
            pixels.show()

    def poll(self):
        """Logical names of the buttons pressed since the last poll, oldest
        first (key-down events only; keypad debounces and queues them)."""
        out = []
        if self.keys is None:
            return out
        events = self.keys.events
        event = events.get()
        names = self.button_names
        while event is not None:
            if event.pressed and event.key_number < len(names):
                out.append(names[event.key_number])
            event = events.get()
        return out

    def pending(self):
        """True when a button event waits to be polled."""
        return self.keys is not None and len(self.keys.events) > 0

    def deinit(self):
        """Release the display, then the I2C bus, pixels and keys this
        object built, so the pins can be claimed again (a soft reload or
        the REPL after Ctrl-C).  release_displays() alone leaves a busio.I2C
        it did not create claimed."""
        displayio.release_displays()
        owned = self._owned
        self._owned = []
        for part in owned:
            part.deinit()
