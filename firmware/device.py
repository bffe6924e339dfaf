"""The device adapter: OLED, NeoPixels and buttons built from a board profile.

``Device(profile)`` on the board builds everything from the profile's pin
names.  The simulator and the tests pass ``i2c``, ``pixels`` and ``keys``
instead: a fake I2C bus that decodes the SSD1306's commands, a pixel
buffer and a key-event queue.  Everything above them (the panel driver
firmware/ssd1306.py, the renderer, the button mapping) then runs exactly
as on the board.

Hardware modules (board, busio, neopixel, keypad) are imported inside
``Device`` and only when the part is not injected, so this module imports
on CPython, where ``board`` may be a stand-in and neopixel is not
installed.  displayio is not used: the renderer keeps the panel's
picture itself (see firmware/render.py for why).

Profile keys: "i2c_scl", "i2c_sda" (pin names on ``board``; both None for
``board.I2C()``), "i2c_frequency" (400000), "oled_address" (0x3C),
"width" (128), "height" (64), "rotation" (0 or 180), "pixel_pin",
"pixel_count", "pixel_order" ("GRB"), "brightness" (0..1), "buttons"
(logical name -> pin name; a pin pulls to ground when pressed unless
"value_when_pressed" is True).
"""

import time

from render import Renderer
from ssd1306 import SSD1306

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


def _release_displays():
    """displayio.release_displays(), where there is a displayio."""
    try:
        import displayio  # pylint: disable=import-outside-toplevel
        displayio.release_displays()
    except ImportError:
        pass


NO_COLOUR = (-1, -1, -1)  # "not written yet": differs from every colour
# keypad scans the buttons this often (it debounces by scans): a press is
# seen at most this long after the pin goes low.  10 ms stays above the
# few milliseconds that push buttons bounce.
KEY_SCAN_S = 0.01
# "No display" on the ring: every other LED amber, on and off this many ms
# each.  Unlike the error screen's steady all-red ring it blinks, and half
# the ring stays dark, so the two cannot be mistaken for each other.
NO_DISPLAY_COLOUR = (255, 80, 0)
NO_DISPLAY_BLINK_MS = 500


def no_display_leds(count, lit=True):
    """The ring's colours for "the display did not open": LEDs 0, 2, 4 ...
    amber when ``lit``, every LED off otherwise."""
    off = (0, 0, 0)
    if not lit:
        return [off] * count
    return [NO_DISPLAY_COLOUR if i % 2 == 0 else off for i in range(count)]


def _ms():
    return time.monotonic_ns() // 1_000_000


def _poll(keys, names):
    """Key-down events queued on ``keys`` as logical names, oldest first."""
    out = []
    if keys is None:
        return out
    events = keys.events
    event = events.get()
    while event is not None:
        if event.pressed and event.key_number < len(names):
            out.append(names[event.key_number])
        event = events.get()
    return out


class NoDisplay(RuntimeError):
    """The OLED could not be opened.

    ``device`` is a SignOfLife holding the ring and buttons (None when the
    build has no pixels); ``cause`` is what the display stack raised.
    """

    def __init__(self, message, device=None, cause=None):
        super().__init__(message)
        self.device = device
        self.cause = cause


class SignOfLife:
    """The ring and buttons of a Device whose display did not open.

    The ring blinks ``no_display_leds``; the scenes given to ``show`` are
    not drawn (there is no panel to draw them on).  ``poll`` keeps the
    blink going and returns the buttons pressed, so runner.py's error path
    (show the error, poll for A, restart) runs with it as with a Device.
    ``clock`` returns milliseconds (default: time.monotonic_ns).
    """

    def __init__(self, pixels, keys, button_names, owned=(), clock=None):
        self.pixels = pixels
        self.keys = keys
        self.button_names = button_names
        self.pixel_count = len(pixels)
        self._owned = list(owned)
        self._clock = clock or _ms
        self._start = self._clock()  # lit at once, whatever the clock says
        self._lit = None

    def _blink(self):
        lit = ((self._clock() - self._start) // NO_DISPLAY_BLINK_MS) % 2 == 0
        if lit == self._lit:
            return
        self._lit = lit
        pixels = self.pixels
        colours = no_display_leds(self.pixel_count, lit)
        for i in range(self.pixel_count):
            pixels[i] = colours[i]
        pixels.show()

    def show(self, scene):
        """Keep the ring blinking; ``scene`` has nowhere to go."""
        self._blink()

    def poll(self):
        """Blink, then the logical buttons pressed since the last poll."""
        self._blink()
        return _poll(self.keys, self.button_names)

    def pending(self):
        """True when a button event waits to be polled."""
        return self.keys is not None and len(self.keys.events) > 0

    def deinit(self):
        """Release the pixels and keys the Device built."""
        owned = self._owned
        self._owned = []
        for part in owned:
            part.deinit()


class Device:
    """Display + NeoPixels + buttons of one board, as the app needs them.

    ``show(scene)`` draws a Scene and its LED colours; ``poll()`` returns
    the logical buttons pressed since the last poll.

    When the display cannot be opened (no OLED at the address, SDA and
    SCL swapped, no pull-ups, a wedged bus) the constructor raises
    NoDisplay naming the address and pins; its ``device`` blinks the ring
    (``no_display_leds``) so that a board with a dark panel still says why.
    """

    def __init__(self, profile, i2c=None, pixels=None, keys=None, piezo=None,
                 battery=None):
        self.profile = profile
        self.width = profile.get("width", 128)
        self.height = profile.get("height", 64)
        # What this object built it releases in deinit(); injected fakes
        # belong to the caller.
        self._owned = []
        # A displayio display (made at the REPL, say) survives a soft
        # reload and keeps its I2C pins: let it go before claiming the bus.
        _release_displays()
        # The ring and the buttons come before the display, so that a
        # display that cannot be opened can still be reported on the ring.
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

        # A piezo where the profile names one (``piezo_pin``): the app's
        # sound cues (``cue``, ``sound_step``).
        if piezo is None and profile.get("piezo_pin"):
            from sound import Piezo  # pylint: disable=import-outside-toplevel
            piezo = Piezo(_pin(profile["piezo_pin"]))
            self._owned.append(piezo)
        self.piezo = piezo
        # The battery's pins, where the profile names them: built at the
        # first reading (``power``), after the first frame.
        self.battery = battery
        self._battery_tried = battery is not None

        try:
            self._open_display(profile, i2c)
        except Exception as exc:  # noqa: BLE001 - any cause leaves the panel dark
            raise self._no_display(exc)

    def _open_display(self, profile, i2c):
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
        # The panel answers at its address or the driver raises (no ACK).
        self.panel = SSD1306(i2c, profile.get("oled_address", 0x3C),
                             profile.get("rotation", 0))
        self.renderer = Renderer(self.panel)

    def _settings(self, scene):
        """The device settings a scene carries: the panel's contrast
        (0-255; None leaves it) and, left-handed, the panel turned 180
        degrees from the way the module is mounted.  The panel sends them
        only when they change: a contrast is one I2C command, a turn two
        (the controller turns its picture round itself: no redraw)."""
        contrast = getattr(scene, "contrast", None)
        if contrast is not None:
            self.panel.contrast(contrast)
        self.panel.flip(getattr(scene, "flip", False))

    def _no_display(self, exc):
        """The NoDisplay error for ``exc``; the ring starts its sign of life.

        What was built for the display is released (a half-made display
        bus would hold the I2C pins into the next run); the pixels and
        keys go to the error's ``device``, a SignOfLife.
        """
        profile = self.profile
        address = profile.get("oled_address", 0x3C)
        message = ("no display: SSD1306 at 0x%02X on SDA %s, SCL %s did not open"
                   " (%s: %s); check its wiring, 3V3 power and oled_address"
                   % (address, profile.get("i2c_sda"), profile.get("i2c_scl"),
                      type(exc).__name__, exc))
        owned = self._owned
        self._owned = []
        kept = []
        for part in owned:
            if part is self.pixels or part is self.keys:
                kept.append(part)
                continue
            try:
                part.deinit()
            except Exception:  # noqa: BLE001
                pass
        ring = None
        if self.pixels is not None and self.pixel_count:
            ring = SignOfLife(self.pixels, self.keys, self.button_names, kept)
            ring.show(None)
        else:
            for part in kept:
                part.deinit()
        return NoDisplay(message, ring, exc)

    def show(self, scene):
        """Draw ``scene`` and set the LEDs to ``scene.leds``.

        The renderer sends the panel only the pages and columns that
        changed; the NeoPixels are written and shown only when a colour
        changed.  Missing LED colours are off, extra ones ignored.
        """
        self._settings(scene)
        self.renderer.render(scene)
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
        return _poll(self.keys, self.button_names)

    def sleep(self):
        """The panel off (the SSD1306's display-off command: its pixels
        kept, drawing nothing) and the ring dark, until ``wake``."""
        self.panel.sleep()
        pixels = self.pixels
        if pixels is not None:
            for i in range(self.pixel_count):
                pixels[i] = (0, 0, 0)
                self._leds[i] = (0, 0, 0)
            pixels.show()

    def wake(self):
        """The panel on again, as it was; the next ``show`` lights the
        ring."""
        self.panel.wake()
        for i in range(self.pixel_count):
            self._leds[i] = NO_COLOUR

    def cue(self, cue, now):
        """Start ``cue`` ((name, volume), ``App.take_cue``) on the piezo:
        ms until its next note, or None (no piezo, no such cue)."""
        if self.piezo is None:
            return None
        from primeplay.app.cues import CUES, DUTY  # pylint: disable=import-outside-toplevel
        notes = CUES.get(cue[0])
        if notes is None:
            return None
        return self.piezo.play(notes, DUTY[cue[1]], now)

    def sound_step(self, now):
        """The piezo's cue moved on to ``now``: ms until its next note, or
        None when silent."""
        return None if self.piezo is None else self.piezo.step(now)

    def power(self):
        """The battery: (millivolts of VSYS, on USB power, low), or None
        (no "vsys_pin" in the profile, or nothing read)."""
        b = self.battery
        if b is None:
            if self._battery_tried or not self.profile.get("vsys_pin"):
                return None
            self._battery_tried = True
            try:
                from battery import Battery  # pylint: disable=import-outside-toplevel
                b = self.battery = Battery(self.profile)
                self._owned.append(b)
            except Exception as exc:  # noqa: BLE001 - a pin in use, no ADC
                print("primeplay: no battery reading:", repr(exc))
                return None
        reading = b.read()
        if reading is None:
            return None
        mv, usb = reading
        return mv, usb, not usb and mv < b.low_mv

    def pending(self):
        """True when a button event waits to be polled."""
        return self.keys is not None and len(self.keys.events) > 0

    def deinit(self):
        """Release the I2C bus, pixels and keys this object built, so the
        pins can be claimed again (a soft reload or the REPL after
        Ctrl-C).  The panel keeps showing what it shows (the Loading frame
        between two runs) until the next run draws."""
        owned = self._owned
        self._owned = []
        for part in owned:
            part.deinit()
