"""Desktop simulator: the handheld on your screen, through the real path.

    python tools/sim.py                     # window (pygame) or terminal
    python tools/sim.py --terminal          # force the terminal view
    python tools/sim.py --headless --seed 3 --keys "A,A,RIGHT,WAIT:2000,A" \\
        --screenshot out.png --frame out.txt

What runs is what runs on the board: primeplay.app.App -> firmware/render.py
-> firmware/ssd1306.py -> I2C transactions ->
tools/fake_ssd1306.py (decodes them into a 1 KB GDDRAM) -> the pixels drawn
here; firmware/device.py builds all of it from a board profile, with the
I2C bus, the NeoPixels and the keys swapped for fakes at the lowest level.
The panel is shown the way a person holding the device sees it (a profile
with rotation 180 has its module mounted upside down).

The board is pico_ref (six buttons, as the device's settings.toml
defaults to) unless ``--board`` names another: pico_pad adds ROLL and
+ - x /.  Keys: arrows = D-pad, Z or Enter = A, X or Escape = B (A and B
work too), and on boards that have them R = ROLL, + - * / = ADD SUB MUL
DIV; the help line lists only the board's buttons.  Q asks before it
quits (Q again: quit; the game is saved as of its last turn); Ctrl-C
quits at once.  In the window the drawn buttons can be clicked.

The terminal view draws the panel as sharp as the terminal allows: half
blocks (1x2 pixels a character: 130x37 characters with the border and
three lines under it), quarter blocks (2x2: 66x37) or braille (2x4: 66x21,
so an 80x24 terminal will do).  A smaller terminal is told how big it
must be, and the view follows the terminal when it is resized.

Headless runs feed each key, then advance simulated time (``--ms-per-key``,
600 ms by default, in 50 ms ticks) so animations and computer turns go on;
``WAIT:ms`` advances time without a key.  ``--screenshot`` writes a PNG of
the device (OLED x4, LED ring, buttons), ``--frame`` the 1-bit frame as 64
lines of '#'/'.'.  Saves go to ``--save PATH`` (default .sim-save.bin in
the repo root for the window and terminal views; headless runs keep saves
in memory unless --save is given, so they are reproducible).

For benchmarks and tests: ``Sim`` (press, advance, frame,
i2c_bytes_last_frame) and ``frame_bytes(keys)``.
"""

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for _p in (ROOT / "firmware", ROOT / "lib", ROOT):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))
# Blinka: no board detection on a PC (docs/architecture.md, "Reference facts").
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from fake_ssd1306 import FakeI2C  # noqa: E402  pylint: disable=wrong-import-position

# The reference build (six buttons), as on the device without a
# settings.toml: what a maker builds first.
DEFAULT_BOARD = "pico_ref"
DEFAULT_SAVE = ROOT / ".sim-save.bin"
MS_PER_KEY = 600
TICK_MS = 50

KEY_LEGEND = (("UP", "Up"), ("DOWN", "Down"), ("LEFT", "Left"),
              ("RIGHT", "Right"), ("A", "Z/Enter"), ("B", "X/Esc"),
              ("ROLL", "R"), ("ADD", "+"), ("SUB", "-"), ("MUL", "*"),
              ("DIV", "/"))
BUTTON_TEXT = {"ADD": "+", "SUB": "-", "MUL": "x", "DIV": "/"}
TEXT_KEYS = {"z": "A", "Z": "A", "\r": "A", "\n": "A", "a": "A", "A": "A",
             "x": "B", "X": "B", "b": "B", "B": "B",
             "\x1b": "B", "r": "ROLL", "R": "ROLL", "+": "ADD", "=": "ADD",
             "-": "SUB", "*": "MUL", "/": "DIV"}


# -- fakes for the other two parts -----------------------------------------------
class FakePixels:
    """A NeoPixel strip's API (auto_write=False): colours set by index go
    out on show(); ``shown`` is what the LEDs display."""

    def __init__(self, n, brightness=1.0, pixel_order="GRB"):
        self.n = n
        self.brightness = brightness
        self.pixel_order = pixel_order
        self.auto_write = False
        self._buf = [(0, 0, 0)] * n
        self.shown = [(0, 0, 0)] * n
        self.shows = 0

    def __len__(self):
        return self.n

    def __setitem__(self, index, colour):
        if isinstance(colour, int):
            colour = ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)
        self._buf[index] = (int(colour[0]), int(colour[1]), int(colour[2]))

    def __getitem__(self, index):
        return self._buf[index]

    def fill(self, colour):
        for i in range(self.n):
            self[i] = colour

    def show(self):
        self.shown = list(self._buf)
        self.shows += 1

    def deinit(self):
        pass


class FakeEvent:
    """keypad.Event's read side."""

    __slots__ = ("key_number", "pressed")

    def __init__(self, key_number, pressed):
        self.key_number = key_number
        self.pressed = pressed

    @property
    def released(self):
        return not self.pressed


class FakeEventQueue:
    def __init__(self):
        self._events = []

    def get(self):
        return self._events.pop(0) if self._events else None

    def clear(self):
        self._events = []

    def __len__(self):
        return len(self._events)

    def __bool__(self):
        return bool(self._events)

    overflowed = False


class FakeKeys:
    """keypad.Keys fed by the simulator: ``tap(n)`` queues a press and a
    release of key ``n`` (key numbers as Device.button_names)."""

    def __init__(self, key_count):
        self.key_count = key_count
        self.events = FakeEventQueue()

    def tap(self, key_number):
        self.events._events.append(FakeEvent(key_number, True))  # pylint: disable=protected-access
        self.events._events.append(FakeEvent(key_number, False))  # pylint: disable=protected-access

    def deinit(self):
        pass

    def reset(self):
        self.events.clear()


class FakePWM:
    """pwmio.PWMOut as firmware/sound.py drives it: ``notes`` records each
    (frequency, duty_cycle) the pin was set to sound, ``duty_cycle`` 0
    silent."""

    def __init__(self):
        self.frequency = 1000
        self._duty = 0
        self.notes = []

    @property
    def duty_cycle(self):
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, value):
        self._duty = value
        if value:
            self.notes.append((self.frequency, value))

    def deinit(self):
        pass


class FakeBattery:
    """firmware/battery.py's Battery on a chosen voltage: ``mv``
    millivolts of VSYS, ``usb`` on USB power (the default: a desk)."""

    def __init__(self, mv=4800, usb=True, low_mv=3400):
        self.mv = mv
        self.usb = usb
        self.low_mv = low_mv

    def read(self):
        return self.mv, self.usb

    def deinit(self):
        pass


class MemoryStorage:
    """The board's 4 KB of nvm in memory, erased at the start: the app
    keeps its save log in ``nvm`` exactly as on the board."""

    def __init__(self, size=4096):
        self.nvm = bytearray(b"\xff" * size)

    def read(self):
        """The newest intact save entry's bytes, or None."""
        from primeplay import save  # pylint: disable=import-outside-toplevel
        return save.newest(self.nvm)

    def clear(self):
        self.nvm[:] = b"\xff" * len(self.nvm)


def file_storage(path):
    """The board's 4 KB of nvm in a file (see savestore.FileStorage)."""
    from savestore import FileStorage  # pylint: disable=import-outside-toplevel
    return FileStorage(str(path))


def load_board(name):
    """A board profile by name (boards/NAME.py), validated: the one list
    of pins and buttons the firmware reads too."""
    from boards import load_profile  # pylint: disable=import-outside-toplevel
    return load_profile(name)


# -- a stand-in app ----------------------------------------------------------------
class DemoApp:
    """Shows every kind of scene item: for the simulator's own tests and
    screenshots (``--demo``), independent of primeplay.app.

    UP/DOWN move the highlight, LEFT/RIGHT change the number (its prime
    factors light the ring), A or ROLL rolls the dice (blank faces while
    they roll, 600 ms), B resets.
    """

    FACTOR_COLOURS = {2: (255, 110, 0), 3: (0, 190, 60), 5: (0, 90, 255),
                      7: (150, 0, 210)}

    def __init__(self, storage=None, seed=0, pixels=12, buttons=()):
        self.storage = storage
        self.pixels = pixels
        self.buttons = buttons
        # The games there are, by the registry's names (it imports no
        # game): the demo lists nothing that does not exist.
        from primeplay.app.games import GAMES  # pylint: disable=import-outside-toplevel
        self.LINES = tuple(e[1] for e in GAMES)  # pylint: disable=invalid-name
        self.state = (seed or 1) & 0xFFFFFFFF
        self.number = 12
        self.cursor = 0
        self.dice = [3, 7]
        self.rolling_until = -1
        self.now = 0

    def _d10(self):
        x = self.state  # xorshift32
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x % 10 + 1

    def press(self, name):
        if name == "UP":
            self.cursor = (self.cursor - 1) % len(self.LINES)
        elif name == "DOWN":
            self.cursor = (self.cursor + 1) % len(self.LINES)
        elif name in ("LEFT", "SUB"):
            self.number = max(1, self.number - 1)
        elif name in ("RIGHT", "ADD"):
            self.number = min(101, self.number + 1)
        elif name in ("A", "ROLL"):
            self.rolling_until = self.now + 600
        elif name == "B":
            self.number, self.cursor = 12, 0

    def tick(self, now_ms):
        self.now = now_ms
        if 0 <= self.rolling_until <= now_ms:
            self.rolling_until = -1
            self.dice = [self._d10(), self._d10()]

    def leds(self):
        n, p, factors = self.number, 2, []
        while n > 1:
            while n % p == 0:
                factors.append(p)
                n //= p
            p += 1
        if not factors:
            return [(40, 40, 40)] * self.pixels
        out = []
        for i in range(self.pixels):
            f = factors[i * len(factors) // self.pixels]
            out.append(self.FACTOR_COLOURS.get(f, (255, 0, 0)))
        return out

    def scene(self):
        from primeplay.app.scene import Scene  # pylint: disable=import-outside-toplevel
        s = Scene()
        s.text(0, 0, "primeplay demo", 1, 1)
        s.rect(0, 13 + 12 * self.cursor, 70, 12, 1)
        for i, line in enumerate(self.LINES):
            s.text(1, 13 + 12 * i, line, 1, 0 if i == self.cursor else 1)
        s.frame(76, 12, 52, 28, 1)
        text = str(self.number)
        s.text(76 + (52 - 18 * len(text)) // 2, 14, text, 2, 1)
        rolling = self.rolling_until >= 0
        s.die(84, 44, 0 if rolling else self.dice[0], 1)
        s.die(106, 44, 0 if rolling else self.dice[1], 1)
        s.text(0, 52, "A: roll", 1, 1)
        s.leds = self.leds()
        return s


# -- the simulated handheld ------------------------------------------------------
class Sim:
    """One handheld: app, device adapter on fakes, simulated clock.

    ``press(name)`` taps a logical button (through the fake keypad and
    Device.poll), ``advance(ms)`` moves time on in ticks; both redraw when
    the scene changed.  ``frame()`` is what the panel shows (64 strings of
    '#'/'.'), ``leds`` what the ring shows, ``i2c_bytes_last_frame`` the
    I2C payload of the last frame sent (0 when nothing changed).
    """

    def __init__(self, seed=0, board=DEFAULT_BOARD, storage=None, app=None,
                 profile=None, tick_ms=TICK_MS, cards_text=None, restarts=False,
                 battery_mv=None):
        from device import Device  # pylint: disable=import-outside-toplevel
        self.profile = profile if profile is not None else load_board(board)
        self.seed = seed
        self.tick_ms = tick_ms
        self.i2c = FakeI2C(address=self.profile.get("oled_address", 0x3C),
                           frequency=self.profile.get("i2c_frequency", 400000))
        self.pixels = FakePixels(self.profile.get("pixel_count", 12),
                                 self.profile.get("brightness", 1.0),
                                 self.profile.get("pixel_order", "GRB"))
        from device import button_order  # pylint: disable=import-outside-toplevel
        self.keys = FakeKeys(len(button_order(self.profile.get("buttons", {}))))
        # A piezo where the profile has one: the firmware's player on a
        # PWM that records what it is told (``FakePWM.notes``).
        self.piezo = None
        if self.profile.get("piezo_pin"):
            from sound import Piezo  # pylint: disable=import-outside-toplevel
            self.piezo = Piezo(None, pwm=FakePWM())
        # A battery where the profile reads one: on USB power unless
        # ``battery_mv`` says what a battery gives.
        self.battery = None
        if self.profile.get("vsys_pin"):
            self.battery = FakeBattery(
                battery_mv or 4800, battery_mv is None,
                self.profile.get("battery_low_mv", 3400))
        self.device = Device(self.profile, i2c=self.i2c, pixels=self.pixels,
                             keys=self.keys, piezo=self.piezo,
                             battery=self.battery)
        self.init_bytes = self.i2c.bytes  # the SSD1306 init sequence
        self.storage = storage
        self.cards_text = cards_text
        self.reloads = 0  # times the app started again (``restarts``)
        if app is None:
            app = self.new_app(restarts)
        self.app = app
        self.now = 0
        self.frames = 0  # frames sent
        self.i2c_bytes_last_frame = 0
        self.i2c_writes_last_frame = 0
        self.full_frames = 0
        self.log = []  # (what, bytes) per frame sent
        # Sleep after the set time without a press, as the board's loop
        # does it (firmware/dimmer.py).
        from dimmer import Dimmer  # pylint: disable=import-outside-toplevel
        self.dimmer = Dimmer(self, self.device, 0)
        # Deep sleep (the Dimmer says when): the app gone, as the board's
        # VM is; A alone wakes it, into what ``wake`` says.
        self.deep_asleep = False
        self.wake_to = None     # where the last deep sleep wakes
        # The sound cues the app asked for, as (ms, name, volume): the
        # board's piezo plays them (firmware/sound.py); here ``on_cue``
        # (the window's player) or the status line and the headless
        # summary say them.
        self.cues = []
        self.on_cue = None
        self._shown = None
        self.app.tick(self.now)
        self.render("start")

    def new_app(self, restarts=False, start=None):
        """The app as the firmware makes it.  ``restarts``: going into a
        game and leaving it make a new App, as the board's VM starts again
        (App.switch): the same seed, the saves kept, each game on an app
        of its own, so a seed plays the same games here as on the board."""
        from primeplay.app import App  # pylint: disable=import-outside-toplevel
        app = App(storage=self.storage, seed=self.seed, pixels=len(self.pixels),
                  buttons=self.device.button_names, cards_text=self.cards_text,
                  start=start)
        if restarts:
            app.restart = self._restart
        return app

    def _restart(self, intent):
        # Inside the old app's tick: the next render shows the new app.
        self.reloads += 1
        self.app = self.new_app(True, intent)
        self.app.tick(self.now)

    @property
    def buttons(self):
        return self.device.button_names

    @property
    def rotation(self):
        return self.profile.get("rotation", 0)

    def press(self, name):
        """Tap one logical button; ValueError if the board lacks it."""
        name = name.upper()
        if name not in self.device.button_names:
            raise ValueError("no %s button on %s (has %s)" % (
                name, self.profile.get("name", "this board"),
                " ".join(self.device.button_names)))
        self.keys.tap(self.device.button_names.index(name))
        names = self.device.poll()
        if self.deep_asleep:
            if "A" in names:
                self._wake_from_deep_sleep()
            return
        if names and self.dimmer.press(self.now):
            self._shown = None      # woke: the panel drawn again, no press
            names = ()
        for pressed in names:
            self.app.press(pressed)
        self.render(name)

    def advance(self, ms):
        """Move the clock ``ms`` on, ticking the app and redrawing."""
        end = self.now + ms
        while self.now < end:
            self.now = min(self.now + self.tick_ms, end)
            if not self.deep_asleep:    # no app runs in deep sleep
                self.app.tick(self.now)
            self.render("tick")

    def tick_to(self, now_ms):
        """Wall-clock time for the live views: tick the app up to now_ms;
        True when that changed the panel."""
        if now_ms <= self.now:
            return False
        self.now = now_ms
        if not self.deep_asleep:
            self.app.tick(now_ms)
        frames = self.frames
        self.render("tick")
        # A new frame, even one that only changed LEDs (0 I2C bytes).
        return self.frames != frames

    def _wake_from_deep_sleep(self):
        # As code.py after the alarm: a new app, started where the record
        # says (primeplay.app.wake_intent), the panel on again.
        from primeplay.app.power import wake_intent  # pylint: disable=import-outside-toplevel
        nvm = getattr(self.storage, "nvm", None)
        start = wake_intent(nvm) if nvm is not None else "menu"
        self.deep_asleep = False
        self._restart(start)
        self.dimmer.press(self.now)
        self._shown = None
        self.render("wake")

    @property
    def prefs(self):
        """The app's settings (the Dimmer reads Sleep after here: the app
        changes at each restart)."""
        return getattr(self.app, "prefs", None)

    def render(self, what="frame"):
        """Show the app's scene if it changed; returns the bytes sent.
        A sound cue the app asked for is taken here too, as the board's
        loop takes it after each tick; asleep (Sleep after), nothing is
        drawn and no cue heard."""
        if self.deep_asleep:
            return 0
        self.dimmer.check(self.now)
        if self.dimmer.deep(self.now):
            if hasattr(self.app, "playing"):     # an App, not a demo
                from primeplay.app.power import prepare_deep_sleep  # pylint: disable=import-outside-toplevel
                self.wake_to = prepare_deep_sleep(self.app)
                self.deep_asleep = True
                return 0
        take = getattr(self.app, "take_cue", None)   # a stand-in may have none
        cue = take() if take is not None else None
        if self.dimmer.asleep:
            return 0
        if cue is not None:
            self.cues.append((self.now, cue[0], cue[1]))
            self.device.cue(cue, self.now)
            if self.on_cue is not None:
                self.on_cue(cue)
        else:
            self.device.sound_step(self.now)
        scene = self.app.scene()
        if self._shown is not None and scene == self._shown:
            return 0
        self.i2c.reset_counters()
        self.device.show(scene)
        shown = type(scene)(list(scene.items), list(scene.leds))
        shown.contrast = scene.contrast
        shown.flip = scene.flip
        self._shown = shown
        sent = self.i2c.bytes
        self.i2c_bytes_last_frame = sent
        self.i2c_writes_last_frame = self.i2c.writes
        self.frames += 1
        if self.device.renderer.full:
            self.full_frames += 1
        self.log.append((what, sent))
        return sent

    def scene(self):
        return self._shown

    @property
    def i2c_ms_last_frame(self):
        """Time the last frame took on the wire: 9 clocks per byte (8 bits
        and the ACK) plus an address byte per transaction, at the profile's
        I2C frequency; start/stop conditions and clock stretching ignored."""
        wire = self.i2c_bytes_last_frame + self.i2c_writes_last_frame
        return wire * 9 * 1000.0 / self.i2c.frequency

    def panel(self):
        """What the viewer sees: the glass, turned the way the module is
        mounted (rotation 180: upside down)."""
        rows = self.i2c.pixels()
        if self.rotation == 180:
            rows = [row[::-1] for row in rows[::-1]]
        return rows

    def frame(self):
        """The panel as 64 strings of '#' (lit) and '.' (dark)."""
        return ["".join("#" if p else "." for p in row) for row in self.panel()]

    def frame_text(self):
        return "\n".join(self.frame()) + "\n"

    @property
    def leds(self):
        return list(self.pixels.shown)

    def settle(self, quiet_ms=MS_PER_KEY):
        """Advance until no frame has come for ``quiet_ms`` (as
        tools/pico.py's Pico.settle does on the emulated board)."""
        while True:
            frames = self.frames
            self.advance(quiet_ms)
            if self.frames == frames:
                return

    def run_keys(self, keys, ms_per_key=MS_PER_KEY, settle=False):
        """Feed a key script (see parse_keys): press, then advance (with
        ``settle``: until no frame has come for ``ms_per_key``, as the
        emulated board's tests run it)."""
        for token in parse_keys(keys):
            if token[0] == "WAIT":
                self.advance(token[1])
            elif settle:
                self.press(token[0])
                self.settle(ms_per_key)
            else:
                self.press(token[0])
                self.advance(ms_per_key)


def parse_keys(keys):
    """"A,A,RIGHT,WAIT:500" (or a list of tokens) -> [("A",), ("A",),
    ("RIGHT",), ("WAIT", 500)]."""
    if isinstance(keys, str):
        keys = keys.replace(" ", ",").split(",")
    out = []
    for token in keys:
        token = token.strip()
        if not token:
            continue
        upper = token.upper()
        if upper.startswith("WAIT:"):
            out.append(("WAIT", int(upper[5:])))
        elif upper.startswith("WAIT"):
            out.append(("WAIT", MS_PER_KEY))
        else:
            out.append((TEXT_KEYS.get(token, upper),))
    return out


def frame_bytes(keys="", seed=0, board=DEFAULT_BOARD, app=None,
                ms_per_key=MS_PER_KEY):
    """I2C cost of a key script, for ``make bench``.

    Returns a dict: ``full`` (bytes of a full frame: the first scene),
    ``frames`` (frames sent after it), ``per_frame`` (list of bytes),
    ``mean``, ``max``, ``full_frames`` (frames sent whole) and ``init``
    (the SSD1306 init sequence).
    """
    sim = Sim(seed=seed, board=board, storage=MemoryStorage(), app=app)
    first = sim.i2c_bytes_last_frame
    sim.log = []
    sim.full_frames = 0
    sim.run_keys(keys, ms_per_key)
    per = [b for _, b in sim.log]
    return {"full": first, "frames": len(per), "per_frame": per,
            "mean": (sum(per) / len(per)) if per else 0.0,
            "max": max(per) if per else 0, "full_frames": sim.full_frames,
            "init": sim.init_bytes}


# -- drawing the device ---------------------------------------------------------
OLED_SCALE = 4
LIT = (214, 236, 255)
UNLIT = (10, 12, 16)
CASE = (38, 42, 50)
BEZEL = (4, 5, 7)
TEXT = (200, 205, 215)
DIM = (120, 126, 138)


class Face:
    """Draws the handheld onto a pygame Surface and maps clicks to
    buttons.  Shared by the window and the headless screenshot."""

    W = 960
    H = 600

    def __init__(self, buttons):
        import pygame  # pylint: disable=import-outside-toplevel
        self.pg = pygame
        pygame.font.init()
        self.font = pygame.font.Font(None, 26)
        self.small = pygame.font.Font(None, 20)
        self.big = pygame.font.Font(None, 34)
        self.buttons = buttons
        self.oled = (40, 40)
        self.ring = (790, 170, 105)  # centre x, y, radius
        self.hits = {}  # name -> pygame.Rect
        self._layout()

    def _layout(self):
        rect = self.pg.Rect
        pad_x, pad_y, s = 150, 430, 50
        self.hits["UP"] = rect(pad_x - s // 2, pad_y - s - s // 2, s, s)
        self.hits["DOWN"] = rect(pad_x - s // 2, pad_y + s // 2, s, s)
        self.hits["LEFT"] = rect(pad_x - s - s // 2, pad_y - s // 2, s, s)
        self.hits["RIGHT"] = rect(pad_x + s // 2, pad_y - s // 2, s, s)
        self.hits["B"] = rect(330, 440, 64, 64)
        self.hits["A"] = rect(420, 380, 64, 64)
        self.hits["ROLL"] = rect(560, 392, 100, 56)
        # the four operations in a 2x2 block right of ROLL
        for i, name in enumerate(("ADD", "SUB", "MUL", "DIV")):
            self.hits[name] = rect(690 + (i % 2) * 70, 362 + (i // 2) * 70,
                                   58, 58)

    def button_at(self, pos):
        for name, r in self.hits.items():
            if name in self.buttons and r.collidepoint(pos):
                return name
        return None

    def draw(self, surface, panel, leds, status="", pressed=None,
             contrast=0xFF):
        """``contrast``: the panel's (the SSD1306's 0x81 value): a lit
        pixel is that much less bright, as on the glass."""
        pg = self.pg
        k = 0.35 + 0.65 * contrast / 255.0
        lit_colour = (int(LIT[0] * k), int(LIT[1] * k), int(LIT[2] * k))
        surface.fill((24, 26, 30))
        pg.draw.rect(surface, CASE, (12, 12, self.W - 24, self.H - 24),
                     border_radius=28)
        # OLED
        ox, oy = self.oled
        sc = OLED_SCALE
        pg.draw.rect(surface, BEZEL, (ox - 14, oy - 14, 128 * sc + 28,
                                      64 * sc + 28), border_radius=8)
        pg.draw.rect(surface, UNLIT, (ox, oy, 128 * sc, 64 * sc))
        for y, row in enumerate(panel):
            for x, lit in enumerate(row):
                if lit:
                    surface.fill(lit_colour, (ox + x * sc, oy + y * sc, sc, sc))
        # LED ring
        cx, cy, r = self.ring
        pg.draw.circle(surface, (28, 30, 36), (cx, cy), r + 26)
        pg.draw.circle(surface, CASE, (cx, cy), r - 24)
        n = len(leds)
        import math  # pylint: disable=import-outside-toplevel
        for i, colour in enumerate(leds):
            angle = 2 * math.pi * i / max(n, 1) - math.pi / 2
            px = int(round(cx + r * math.cos(angle)))
            py = int(round(cy + r * math.sin(angle)))
            if any(colour):
                glow = tuple(min(255, 40 + c // 3) for c in colour)
                pg.draw.circle(surface, glow, (px, py), 22)
                pg.draw.circle(surface, colour, (px, py), 16)
            else:
                pg.draw.circle(surface, (55, 58, 64), (px, py), 16)
            pg.draw.circle(surface, (12, 12, 14), (px, py), 16, 2)
            label = self.small.render(str(i), True, DIM)
            lx = int(round(cx + (r - 36) * math.cos(angle)))
            ly = int(round(cy + (r - 36) * math.sin(angle)))
            surface.blit(label, label.get_rect(center=(lx, ly)))
        # buttons
        legend = dict(KEY_LEGEND)
        for name, rect in self.hits.items():
            on_board = name in self.buttons
            if not on_board:
                continue    # the device shows what its board has
            face = (70, 74, 84)
            if name == pressed:
                face = (150, 160, 180)
            if name in ("A", "B"):
                pg.draw.ellipse(surface, face, rect)
            else:
                pg.draw.rect(surface, face, rect, border_radius=10)
            text = {"UP": "^", "DOWN": "v", "LEFT": "<", "RIGHT": ">"}.get(
                name, BUTTON_TEXT.get(name, name))
            img = self.big.render(text, True, TEXT if on_board else DIM)
            surface.blit(img, img.get_rect(center=rect.center))
            if on_board and legend[name] not in (text, name):
                key = self.small.render(legend[name], True, DIM)
                surface.blit(key, key.get_rect(midtop=(rect.centerx,
                                                       rect.bottom + 3)))
        img = self.font.render(help_text(self.buttons, wide=True) +
                               "   (or click)", True, DIM)
        surface.blit(img, (40, self.H - 56))
        if status:
            img = self.font.render(status, True, TEXT)
            surface.blit(img, (40, 40 + 64 * OLED_SCALE + 26))


def screenshot(sim, path, status=None):
    """Write a PNG of the simulated device."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame  # pylint: disable=import-outside-toplevel
    face = Face(sim.buttons)
    surface = pygame.Surface((Face.W, Face.H))
    if status is None:
        status = status_line(sim)
    face.draw(surface, sim.panel(), sim.leds, status,
              contrast=sim.i2c.panel.contrast)
    pygame.image.save(surface, str(path))


def help_text(buttons, wide=False):
    """The keys of the board's buttons, none it lacks, and Q."""
    sep = "   " if wide else "  "
    parts = ["arrows: D-pad", "z/Enter: A", "x/Esc: B"]
    if "ROLL" in buttons:
        parts.append("r: ROLL")
    ops = [k for k, name in (("+", "ADD"), ("-", "SUB"), ("*", "MUL"),
                             ("/", "DIV")) if name in buttons]
    if ops:
        parts.append("%s: ops" % " ".join(ops))
    parts.append("q: quit")
    return sep.join(parts)


QUIT_KEYS = ("q", "Q")


def quit_question(sim):
    """What Q asks before the simulator quits."""
    saved = any(v is not None for v in sim.app.saves.values())
    return "Quit? q: yes, other keys: no.%s" % (
        " The game is saved as of its last turn." if saved else "")


class QuitQuestion:
    """Q asks before quitting (a game in the middle of a turn would lose
    that turn): Q again quits, any other key takes the question back and
    does nothing else."""

    def __init__(self):
        self.asked = False

    def answer(self, is_quit):
        """For one key: "quit" (quit now), "ask" (show the question),
        "no" (the key answered no), or None (an ordinary key)."""
        if self.asked:
            self.asked = False
            return "quit" if is_quit else "no"
        if is_quit:
            self.asked = True
            return "ask"
        return None


def status_line(sim):
    line = "%s  seed %d  t=%.1fs  frames %d  I2C last frame %d B (%.1f ms)" % (
        sim.profile.get("name", "?"), sim.seed, sim.now / 1000.0, sim.frames,
        sim.i2c_bytes_last_frame, sim.i2c_ms_last_frame)
    if sim.cues and sim.now - sim.cues[-1][0] < CUE_SHOWN_MS:
        line += "  sound: %s" % sim.cues[-1][1]
    return line


# How long the status line names the last sound cue.
CUE_SHOWN_MS = 1500


def cue_player():
    """A function playing a cue (name, volume) through pygame's mixer as
    the piezo would (square waves, quiet or on), or None when the mixer
    cannot start (no audio device)."""
    import array  # pylint: disable=import-outside-toplevel
    import pygame  # pylint: disable=import-outside-toplevel
    from primeplay.app.cues import CUES  # pylint: disable=import-outside-toplevel
    rate = 22050
    try:
        pygame.mixer.init(frequency=rate, size=-16, channels=1)
    except pygame.error:
        return None
    sounds = {}

    def play(cue):
        key = (cue[0], cue[1])
        if key not in sounds:
            amp = 6000 if cue[1] >= 2 else 1200
            samples = array.array("h")
            for hz, ms in CUES.get(cue[0], ()):
                n = rate * ms // 1000
                if not hz:
                    samples.extend([0] * n)
                    continue
                half = max(1, rate // (2 * hz))
                for i in range(n):
                    samples.append(amp if (i // half) % 2 == 0 else -amp)
            sounds[key] = pygame.mixer.Sound(buffer=samples.tobytes())
        sounds[key].play()
    return play


# -- interactive front ends -----------------------------------------------------
def run_window(sim):
    import time  # pylint: disable=import-outside-toplevel
    import pygame  # pylint: disable=import-outside-toplevel
    pygame.display.init()
    sim.on_cue = cue_player()
    screen = pygame.display.set_mode((Face.W, Face.H))
    pygame.display.set_caption("primeplay sim")
    face = Face(sim.buttons)
    keymap = {pygame.K_UP: "UP", pygame.K_DOWN: "DOWN",
              pygame.K_LEFT: "LEFT", pygame.K_RIGHT: "RIGHT",
              pygame.K_z: "A", pygame.K_RETURN: "A", pygame.K_KP_ENTER: "A",
              pygame.K_x: "B", pygame.K_ESCAPE: "B", pygame.K_r: "ROLL",
              pygame.K_KP_PLUS: "ADD", pygame.K_KP_MINUS: "SUB",
              pygame.K_KP_MULTIPLY: "MUL", pygame.K_KP_DIVIDE: "DIV"}
    start = time.monotonic()
    pressed, pressed_until = None, 0.0
    clock = pygame.time.Clock()
    dirty = True
    quitting = QuitQuestion()
    while True:
        for event in pygame.event.get():
            name = None
            if event.type == pygame.QUIT:
                return      # the window closed: no one to ask
            if event.type == pygame.KEYDOWN:
                said = quitting.answer(event.key == pygame.K_q)
                if said == "quit":
                    return
                if said:
                    dirty = True
                    continue
                name = keymap.get(event.key) or TEXT_KEYS.get(event.unicode)
                if event.unicode in ("z", "x", "\r", "\x1b"):
                    name = keymap.get(event.key, name)
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                name = face.button_at(event.pos)
            if name and name in sim.buttons:
                sim.press(name)
                pressed, pressed_until = name, time.monotonic() + 0.15
                dirty = True
        if sim.tick_to(int((time.monotonic() - start) * 1000)):
            dirty = True
        if pressed and time.monotonic() > pressed_until:
            pressed = None
            dirty = True
        if dirty:
            face.draw(screen, sim.panel(), sim.leds,
                      quit_question(sim) if quitting.asked else
                      status_line(sim), pressed,
                      contrast=sim.i2c.panel.contrast)
            pygame.display.flip()
            dirty = False
        clock.tick(60)


ANSI_KEYS = {"\x1b[A": "UP", "\x1b[B": "DOWN", "\x1b[C": "RIGHT",
             "\x1b[D": "LEFT", "\x1bOA": "UP", "\x1bOB": "DOWN",
             "\x1bOC": "RIGHT", "\x1bOD": "LEFT"}


# The terminal views, sharpest first: (name, pixels a character across,
# down).  Each needs the panel's characters plus a border, and 3 lines.
VIEWS = (("half", 1, 2), ("quarter", 2, 2), ("braille", 2, 4))
FOOT_LINES = 3
# Quarter blocks by bits: 1 top left, 2 top right, 4 bottom left, 8
# bottom right.
QUARTERS = (" ", "\u2598", "\u259d", "\u2580", "\u2596", "\u258c", "\u259e",
            "\u259b", "\u2597", "\u259a", "\u2590", "\u259c", "\u2584",
            "\u2599", "\u259f", "\u2588")
# Braille dots of a 2x4 cell: (x, y) -> bit of U+2800 + bits.
BRAILLE = {(0, 0): 0x01, (0, 1): 0x02, (0, 2): 0x04, (1, 0): 0x08,
           (1, 1): 0x10, (1, 2): 0x20, (0, 3): 0x40, (1, 3): 0x80}


def view_size(view):
    """(columns, lines) a view needs: the panel in its border, LEDs,
    status and keys."""
    for name, cw, ch in VIEWS:
        if name == view:
            return 128 // cw + 2, 64 // ch + 2 + FOOT_LINES
    raise ValueError(view)


def pick_view(columns, lines):
    """The sharpest view that fits a terminal, or None."""
    for name, _, _ in VIEWS:
        w, h = view_size(name)
        if columns >= w and lines >= h:
            return name
    return None


def too_small_lines(columns, lines):
    w, h = view_size(VIEWS[-1][0])
    big_w, big_h = view_size(VIEWS[0][0])
    out = ["Terminal too small: %dx%d." % (columns, lines),
           "The simulator needs %dx%d" % (w, h),
           "(%dx%d for the sharpest view)." % (big_w, big_h),
           "Make it larger, or use", "the window or --headless."]
    return [line[:max(columns, 1)] for line in out[:max(lines, 1)]]


def panel_text(rows, view):
    """The panel's pixels as characters of ``view``."""
    out = []
    if view == "half":
        for y in range(0, 64, 2):
            top, bottom = rows[y], rows[y + 1]
            out.append("".join(
                "\u2588" if top[x] and bottom[x] else "\u2580" if top[x] else
                "\u2584" if bottom[x] else " " for x in range(128)))
    elif view == "quarter":
        for y in range(0, 64, 2):
            top, bottom = rows[y], rows[y + 1]
            out.append("".join(QUARTERS[
                (1 if top[x] else 0) | (2 if top[x + 1] else 0) |
                (4 if bottom[x] else 0) | (8 if bottom[x + 1] else 0)]
                for x in range(0, 128, 2)))
    else:
        for y in range(0, 64, 4):
            line = []
            for x in range(0, 128, 2):
                bits = 0
                for (dx, dy), bit in BRAILLE.items():
                    if rows[y + dy][x + dx]:
                        bits |= bit
                line.append(chr(0x2800 + bits) if bits else " ")
            out.append("".join(line))
    return out


def terminal_lines(sim, colour=True, size=None, question=None):
    """The device as text for a terminal of ``size`` (columns, lines;
    None: the sharpest view): the OLED, the LEDs, the status (or
    ``question``) and the board's keys.  Too small a terminal gets what
    size it needs instead."""
    if size is None:
        view = VIEWS[0][0]
        columns = view_size(view)[0]
    else:
        columns, lines = size
        view = pick_view(columns, lines)
        if view is None:
            return too_small_lines(columns, lines)
    body = panel_text(sim.panel(), view)
    width = len(body[0])
    out = ["+" + "-" * width + "+"]
    out.extend("|" + line + "|" for line in body)
    out.append("+" + "-" * width + "+")
    leds = []
    for r, g, b in sim.leds:
        if colour:
            leds.append("\x1b[38;2;%d;%d;%dm\u2588\u2588\x1b[0m" % (r, g, b)
                        if (r or g or b) else "\x1b[38;2;60;60;60m\u2591\u2591\x1b[0m")
        else:
            leds.append("##" if (r or g or b) else "..")
    out.append(" LEDs " + " ".join(leds))
    # Text lines are cut to the terminal's width: a wrapped line would
    # push the panel up a line each redraw.
    out.append((" " + (question or status_line(sim)))[:columns])
    out.append((" " + help_text(sim.buttons))[:columns])
    return out


def run_terminal(sim):
    import select  # pylint: disable=import-outside-toplevel
    import termios  # pylint: disable=import-outside-toplevel
    import time  # pylint: disable=import-outside-toplevel
    import tty  # pylint: disable=import-outside-toplevel
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    out = sys.stdout
    out.write("\x1b[?1049h\x1b[?25l\x1b[2J")
    start = time.monotonic()
    quitting = QuitQuestion()
    shown_size = None
    try:
        tty.setcbreak(fd)
        dirty = True
        while True:
            size = tuple(os.get_terminal_size(fd))
            if size != shown_size:
                out.write("\x1b[2J")
                shown_size = size
                dirty = True
            if dirty:
                out.write("\x1b[H" + "\n".join(terminal_lines(
                    sim, size=size, question=quit_question(sim)
                    if quitting.asked else None)) + "\x1b[J")
                out.flush()
                dirty = False
            ready, _, _ = select.select([fd], [], [], 0.03)
            if ready:
                data = os.read(fd, 64).decode("utf-8", "replace")
                for name in _terminal_names(data, fd, select):
                    if name == "INTERRUPT":
                        return
                    said = quitting.answer(name == "QUIT")
                    dirty = True
                    if said == "quit":
                        return
                    if not said and name in sim.buttons:
                        sim.press(name)
            if sim.tick_to(int((time.monotonic() - start) * 1000)):
                dirty = True
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[?25h\x1b[?1049l")
        out.flush()


def _terminal_names(data, fd, select):
    """Key names in a chunk of terminal input (escape sequences first; a
    lone Escape, with nothing after it for 30 ms, is B), "QUIT" for q and
    "INTERRUPT" for Ctrl-C."""
    names = []
    i = 0
    while i < len(data):
        if data[i] == "\x1b":
            seq = data[i:i + 3]
            if seq in ANSI_KEYS:
                names.append(ANSI_KEYS[seq])
                i += 3
                continue
            if i + 1 == len(data):
                ready, _, _ = select.select([fd], [], [], 0.03)
                if ready:
                    more = os.read(fd, 8).decode("utf-8", "replace")
                    names.extend(_terminal_names("\x1b" + more, fd, select))
                    return names
            names.append("B")
            i += 1
            continue
        name = "QUIT" if data[i] in QUIT_KEYS else \
            "INTERRUPT" if data[i] == "\x03" else TEXT_KEYS.get(data[i])
        if name:
            names.append(name)
        i += 1
    return names


# -- command line ---------------------------------------------------------------
def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=None,
                        help="game seed (default: random, headless 0)")
    parser.add_argument("--board", default=DEFAULT_BOARD,
                        help="board profile in boards/ (default %(default)s)")
    parser.add_argument("--save", default=None,
                        help="save file (default .sim-save.bin; headless: "
                             "in memory)")
    parser.add_argument("--cards", default=None,
                        help="a cards.txt of your own Prime Cards, as the "
                             "board reads from its drive")
    parser.add_argument("--headless", action="store_true",
                        help="no window: run --keys and write files")
    parser.add_argument("--terminal", action="store_true",
                        help="terminal view even when a display is there")
    parser.add_argument("--keys", default="",
                        help="comma-separated buttons and WAIT:ms tokens")
    parser.add_argument("--ms-per-key", type=int, default=MS_PER_KEY)
    parser.add_argument("--screenshot", help="headless: PNG to write")
    parser.add_argument("--frame", help="headless: 64 lines of #/. to write")
    parser.add_argument("--battery", type=int, default=None, metavar="MV",
                        help="run on a battery of MV millivolts (default: USB)")
    parser.add_argument("--demo", action="store_true",
                        help="a built-in demo scene instead of the app")
    args = parser.parse_args(argv)

    if args.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        storage = file_storage(args.save) if args.save else MemoryStorage()
        seed = 0 if args.seed is None else args.seed
    else:
        storage = file_storage(args.save or DEFAULT_SAVE)
        seed = args.seed
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
    app = None
    if args.demo:
        from device import button_order  # pylint: disable=import-outside-toplevel
        app = DemoApp(storage, seed, buttons=button_order(
            load_board(args.board)["buttons"]))
    cards_text = Path(args.cards).read_text() if args.cards else None
    sim = Sim(seed=seed, board=args.board, storage=storage, app=app,
              cards_text=cards_text, restarts=True, battery_mv=args.battery)
    if args.headless:
        try:
            sim.run_keys(args.keys, args.ms_per_key)
        except ValueError as exc:
            print("sim: %s" % exc, file=sys.stderr)
            return 2
        if args.screenshot:
            screenshot(sim, args.screenshot)
        if args.frame:
            Path(args.frame).write_text(sim.frame_text())
        sent = [b for _, b in sim.log[1:]]
        print("%d frames; I2C bytes: first %d, then mean %.0f, max %d, last %d"
              % (sim.frames, sim.log[0][1] if sim.log else 0,
                 (sum(sent) / len(sent)) if sent else 0,
                 max(sent) if sent else 0, sim.i2c_bytes_last_frame))
        if sim.cues:
            print("sound cues: " + ", ".join(
                "%s at %.1fs%s" % (name, ms / 1000.0, "" if v >= 2 else " (quiet)")
                for ms, name, v in sim.cues))
        return 0
    if args.keys:
        sim.run_keys(args.keys, args.ms_per_key)
    use_window = not args.terminal and (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
        or sys.platform in ("darwin", "win32"))
    if use_window:
        try:
            run_window(sim)
            return 0
        except Exception as exc:  # pylint: disable=broad-except
            if "pygame" in repr(exc) or "video" in str(exc).lower():
                print("sim: no window (%s); terminal view" % exc,
                      file=sys.stderr)
            else:
                raise
    if not sys.stdin.isatty():
        print("sim: no display and stdin is not a terminal; use --headless",
              file=sys.stderr)
        return 2
    run_terminal(sim)
    return 0


if __name__ == "__main__":
    sys.exit(main())
