"""Draw a board profile's wiring diagram as a PNG.

    python tools/wiring.py                  # docs/wiring-<name>.png for every mapped profile
    python tools/wiring.py pico_pad         # one profile
    python tools/wiring.py --out x.png pico_ref
    python tools/wiring.py --check          # fail if a committed PNG differs

The picture is drawn from ``boards.load_profile(name)``, so it cannot drift
from the pins the firmware uses: the Pico's 40 physical pins in their real
places (USB up, pin 1 top left), every pin the profile names labelled with
its GP name and physical number and wired to its part, power and ground
from the pins a maker would use.  A profile for a board without a pin map
here (the Feather RP2040: its header is not the Pico's) is refused.

Standard library only (zlib writes the PNG), with its own 5x7 font, so the
same profile always gives the same bytes (host_tests/test_wiring.py keeps
the committed pictures equal to a fresh render).
"""

import argparse
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # for ``boards``
    sys.path.insert(0, str(ROOT))

DOCS = ROOT / "docs"

# The Raspberry Pi Pico's header, physical pin -> name (the Pico datasheet's
# pinout; the Pico W, Pico 2 and Pico 2 W share it).  Pins 1-20 run down
# the left edge with USB up, 21-40 up the right edge.
PICO_PINS = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5",
    8: "GND", 9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND",
    14: "GP10", 15: "GP11", 16: "GP12", 17: "GP13", 18: "GND", 19: "GP14",
    20: "GP15", 21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19",
    26: "GP20", 27: "GP21", 28: "GND", 29: "GP22", 30: "RUN", 31: "GP26",
    32: "GP27", 33: "AGND", 34: "GP28", 35: "ADC_VREF", 36: "3V3(OUT)",
    37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}

# board_id -> pin map.  Only boards whose header is known exactly.
PIN_MAPS = {
    "raspberry_pi_pico": PICO_PINS,
    "raspberry_pi_pico_w": PICO_PINS,
    "raspberry_pi_pico2": PICO_PINS,
    "raspberry_pi_pico2_w": PICO_PINS,
}


class WiringError(ValueError):
    """The profile cannot be drawn (no pin map, or a layout not handled)."""


# ------------------------------------------------------------------ font
# 5x7 glyphs (8 rows for descenders), one byte per column, bit 0 at the top.
_FONT = {
    " ": "0000000000", "!": "00005f0000", "(": "001c224100", ")": "0041221c00",
    "+": "08083e0808", ",": "0080703000", "-": "0808080808", ".": "0000606000",
    "/": "2010080402", ":": "0000140000", "=": "1414141414", "_": "4040404040",
    "'": "0000070000", "~": "0201020402", ";": "0040340000",
    "0": "3e5149453e", "1": "00427f4000", "2": "7249494946", "3": "21414d4b31",
    "4": "1814127f10", "5": "2745454539", "6": "3c4a494931", "7": "4121110907",
    "8": "3649494936", "9": "464949291e",
    "A": "7c1211127c", "B": "7f49494936", "C": "3e41414122", "D": "7f4141413e",
    "E": "7f49494941", "F": "7f09090901", "G": "3e41415173", "H": "7f0808087f",
    "I": "00417f4100", "J": "2040413f01", "K": "7f08142241", "L": "7f40404040",
    "M": "7f021c027f", "N": "7f0408107f", "O": "3e4141413e", "P": "7f09090906",
    "Q": "3e4151215e", "R": "7f09192946", "S": "2649494932", "T": "03017f0103",
    "U": "3f4040403f", "V": "1f2040201f", "W": "3f4038403f", "X": "6314081463",
    "Y": "0304780403", "Z": "6159494d43",
    "a": "2054547840", "b": "7f28444438", "c": "3844444428", "d": "384444287f",
    "e": "3854545418", "f": "00087e0902", "g": "18a4a49c78", "h": "7f08040478",
    "i": "00447d4000", "j": "2040403d00", "k": "7f10284400", "l": "00417f4000",
    "m": "7c04780478", "n": "7c08040478", "o": "3844444438", "p": "fc18242418",
    "q": "18242418fc", "r": "7c08040408", "s": "4854545424", "t": "04043f4424",
    "u": "3c4040207c", "v": "1c2040201c", "w": "3c4030403c", "x": "4428102844",
    "y": "4c9090907c", "z": "4464544c44",
}
GLYPH_W = 5
ADVANCE = 6  # columns per character, the gap included
TEXT_SCALE = 2


def text_width(text, scale=TEXT_SCALE):
    return len(text) * ADVANCE * scale - scale


# --------------------------------------------------------------- colours
WHITE = (255, 255, 255)
INK = (30, 30, 30)
GREY = (120, 120, 120)
BOARD = (200, 228, 196)
BOARD_EDGE = (46, 110, 50)
PAD = (214, 170, 60)
USB = (170, 170, 175)
PART = (236, 240, 248)
PART_EDGE = (60, 70, 110)
WIRE = {
    "SDA": (30, 100, 220),
    "SCL": (230, 140, 0),
    "3V3": (210, 30, 30),
    "5V": (150, 0, 110),
    "GND": (30, 30, 30),
    "DIN": (20, 150, 60),
    "BUTTON": (110, 80, 170),
    "PIEZO": (0, 130, 150),
}

# ---------------------------------------------------------------- layout
PITCH = 34              # pin spacing on the drawing (0.1" header)
BOARD_W = 300
BOARD_TOP = 150
LEFT = 500              # x of the left row of pads
RIGHT = LEFT + BOARD_W  # x of the right row of pads
WIDTH = 1400
PAD_R = 7
WIRE_W = 3


def pin_row(number):
    """(side, row) of a physical pin: side "L" or "R", row 0 at the top."""
    if number <= 20:
        return "L", number - 1
    return "R", 40 - number


def row_y(row):
    return BOARD_TOP + 40 + row * PITCH


def pad_x(side):
    return LEFT if side == "L" else RIGHT


class Drawing:
    """What a diagram is made of, before it becomes pixels: ``ops`` in
    drawing order, ``pin_labels`` the labels naming a profile's pins (what
    the tests read)."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.ops = []
        self.pin_labels = []

    def rect(self, x, y, w, h, fill, edge=None):
        self.ops.append(("rect", x, y, w, h, fill, edge))

    def line(self, x0, y0, x1, y1, colour, width=WIRE_W):
        self.ops.append(("line", x0, y0, x1, y1, colour, width))

    def path(self, points, colour, width=WIRE_W):
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            self.line(x0, y0, x1, y1, colour, width)

    def dot(self, x, y, r, colour):
        self.ops.append(("dot", x, y, r, colour))

    def text(self, x, y, text, colour=INK, scale=TEXT_SCALE, align="left"):
        if align == "right":
            x -= text_width(text, scale)
        elif align == "centre":
            x -= text_width(text, scale) // 2
        self.ops.append(("text", x, y, text, colour, scale))
        return text


def pin_map(profile):
    """The profile's board pin map, or WiringError saying why there is none."""
    for board_id in profile.get("board_ids", ()):
        if board_id in PIN_MAPS:
            return PIN_MAPS[board_id]
    raise WiringError(
        "board profile %r: no pin map for its board (%s); tools/wiring.py knows "
        "the header of: %s" % (profile["name"],
                               ", ".join(profile.get("board_ids", ())) or "no board_ids",
                               ", ".join(sorted(PIN_MAPS))))


def physical(pins, name, profile, key):
    for number in pins:
        if pins[number] == name:
            return number
    raise WiringError("board profile %r: %s is %r, not a pin of this board's header"
                      % (profile["name"], key, name))


def pin_label(name, number):
    return "%s pin %d" % (name, number)


def layout(profile):
    """The Drawing of ``profile``'s wiring (a validated profile dict)."""
    import boards  # pylint: disable=import-outside-toplevel
    pins = pin_map(profile)
    used = {}  # physical pin -> role

    def use(key, name, role):
        number = physical(pins, name, profile, key)
        used[number] = role
        return number

    sda = use("i2c_sda", profile["i2c_sda"], "SDA")
    scl = use("i2c_scl", profile["i2c_scl"], "SCL")
    din = use("pixel_pin", profile["pixel_pin"], "DIN")
    buttons = {}
    for button in boards.button_names(profile):
        buttons[button] = use("buttons[%r]" % button, profile["buttons"][button], button)
    piezo = None
    if profile.get("piezo_pin"):
        piezo = use("piezo_pin", profile["piezo_pin"], "PIEZO")
        if pin_row(piezo)[0] != "R":
            raise WiringError("board profile %r: the piezo's pin on the left edge: "
                              "this layout draws it on the right" % (profile["name"],))
    for number, what in ((sda, "the OLED's SDA"), (scl, "the OLED's SCL")):
        if pin_row(number)[0] != "L":
            raise WiringError("board profile %r: %s on the right edge: this layout "
                              "draws the OLED on the left" % (profile["name"], what))
    if pin_row(din)[0] != "R":
        raise WiringError("board profile %r: the ring's data pin on the left edge: "
                          "this layout draws the ring on the right" % (profile["name"],))
    power = {name: number for number, name in pins.items() if name in ("3V3(OUT)", "VBUS")}
    grounds = [number for number, name in sorted(pins.items()) if name == "GND"]

    height = row_y(19) + 190 + (26 if piezo is not None else 0)
    d = Drawing(WIDTH, height)
    d.rect(0, 0, WIDTH, height, WHITE)
    d.text(24, 20, "primeplay wiring: %s" % profile["name"], INK, 3)
    d.text(24, 56, profile.get("description", ""), GREY)
    d.text(24, 80, "Raspberry Pi Pico seen from above, USB up: pin 1 top left, "
           "pin 40 top right.", GREY)

    # The board goes under the wires, but it is drawn last: which pins
    # are used (and lose their plain number to a label) is known then.
    under = len(d.ops)

    def lead(number, role, label_side_x=None):
        """The wire stub's label next to a used pad: GP name and pin number."""
        side, row = pin_row(number)
        y = row_y(row)
        label = pin_label(pins[number], number)
        d.pin_labels.append(d.text(pad_x(side) + (-26 if side == "L" else 26), y - 20,
                                   label, WIRE.get(role, WIRE["BUTTON"]),
                                   align="right" if side == "L" else "left"))
        return pad_x(side), y

    # -- OLED, top left: VCC, GND, SDA, SCL from the top down, each wire
    # level with its pad so that none crosses another.
    gnd_oled = _free_ground(grounds, used, "L", pin_row(sda)[1])
    used[gnd_oled] = "GND"
    oled_rows = {"GND": pin_row(gnd_oled)[1], "SDA": pin_row(sda)[1],
                 "SCL": pin_row(scl)[1]}
    # VCC comes down from above: the top row keeps its wire clear of the rest.
    vcc_row = min(oled_rows.values()) - 1
    oled_rows["VCC"] = vcc_row
    top = row_y(min(oled_rows.values())) - 40
    bottom = row_y(max(oled_rows.values())) + 18
    ox, ow = 40, 260
    d.rect(ox, top, ow, bottom - top, PART, PART_EDGE)
    d.text(ox + 12, top + 10, "SSD1306 OLED", INK)
    d.text(ox + 12, top + 32, "128x64 I2C", GREY)
    d.text(ox + 12, top + 54, "address 0x%02X" % profile["oled_address"], GREY)
    for name, row in oled_rows.items():
        y = row_y(row)
        d.text(ox + ow - 10, y - 7, name, INK, align="right")
    for role, number in (("SDA", sda), ("SCL", scl)):
        x, y = lead(number, role)
        d.line(ox + ow, y, x, y, WIRE[role])
    x, y = lead(gnd_oled, "GND")
    d.line(ox + ow, y, x, y, WIRE["GND"])
    # VCC from 3V3(OUT) on the right edge, over the top of the board.
    v33 = power["3V3(OUT)"]
    used[v33] = "3V3"
    x, y = lead(v33, "3V3")
    over = BOARD_TOP - 30
    vx = ox + ow + 40
    cross_x = RIGHT + 210  # past the pin labels
    d.path([(x, y), (cross_x, y), (cross_x, over), (vx, over),
            (vx, row_y(vcc_row)), (ox + ow, row_y(vcc_row))], WIRE["3V3"])
    d.text(vx + 8, over - 22, "3V3 only, never 5V", WIRE["3V3"])

    # -- buttons: each a switch from its pin to a ground rail.
    left_buttons = [(b, n) for b, n in buttons.items() if pin_row(n)[0] == "L"]
    right_buttons = [(b, n) for b, n in buttons.items() if pin_row(n)[0] == "R"]
    bx, bw = 150, 110
    rail_x = 60
    if left_buttons:
        rows = [pin_row(n)[1] for _b, n in left_buttons]
        gnd = _free_ground(grounds, used, "L", (min(rows) + max(rows)) // 2)
        used[gnd] = "GND"
        g_y = row_y(pin_row(gnd)[1])
        ys = [row_y(r) for r in rows] + [g_y]
        d.line(rail_x, min(ys), rail_x, max(ys), WIRE["GND"])
        x, y = lead(gnd, "GND")
        d.line(rail_x, y, x, y, WIRE["GND"])
        d.dot(rail_x, y, 6, WIRE["GND"])
        d.text(rail_x - 8, max(ys) + 16, "GND", INK)
        for button, number in left_buttons:
            x, y = lead(number, button)
            _switch(d, bx, y, bw, button)
            d.line(bx + bw, y, x, y, WIRE["BUTTON"])
            d.line(rail_x, y, bx, y, WIRE["GND"])
            d.dot(rail_x, y, 6, WIRE["GND"])

    # -- ring, right: DIN through the resistor, 5V from VBUS, GND.
    din_y = row_y(pin_row(din)[1])
    gnd_ring = _free_ground(grounds, used, "R", pin_row(din)[1])
    used[gnd_ring] = "GND"
    gnd_y = row_y(pin_row(gnd_ring)[1])
    vbus = power["VBUS"]
    used[vbus] = "5V"
    rx, rw = 1110, 250
    ring_rows = sorted({pin_row(din)[1], pin_row(gnd_ring)[1]})
    v5_y = row_y(ring_rows[0] - 2)
    r_top = v5_y - 110
    r_bottom = max(din_y, gnd_y) + 40
    d.rect(rx, r_top, rw, r_bottom - r_top, PART, PART_EDGE)
    d.text(rx + 14, r_top + 10, "NeoPixel ring", INK)
    d.text(rx + 14, r_top + 32, "%d x WS2812B, %s" % (profile["pixel_count"],
                                                       profile["pixel_order"]), GREY)
    d.text(rx + 14, r_top + 54, "cap 470-1000 uF", GREY)
    d.text(rx + 14, r_top + 76, "across 5V and GND", GREY)
    for name, y in (("5V", v5_y), ("GND", gnd_y), ("DIN", din_y)):
        d.text(rx + 10, y - 7, name, INK)
    x, y = lead(din, "DIN")
    res_x, res_w = 960, 110
    d.line(x, y, res_x, y, WIRE["DIN"])
    d.rect(res_x, y - 13, res_w, 26, (250, 236, 200), (120, 90, 30))
    d.text(res_x + res_w // 2, y - 7, "330-470", INK, align="centre")
    d.text(res_x + res_w // 2, y + 18, "ohm resistor", GREY, align="centre")
    d.line(res_x + res_w, y, rx, y, WIRE["DIN"])
    x, y = lead(gnd_ring, "GND")
    d.line(x, y, rx, y, WIRE["GND"])
    x, y = lead(vbus, "5V")
    down_x = cross_x + 30
    d.path([(x, y), (down_x, y), (down_x, v5_y), (rx, v5_y)], WIRE["5V"])
    # The two power wires cross without touching: a gap in the VBUS wire.
    d.rect(cross_x - 6, y - 3, 12, 7, WHITE)
    d.line(cross_x, y - 10, cross_x, y + 10, WIRE["3V3"])
    for button, number in right_buttons:
        x, y = lead(number, button)
        sx = RIGHT + 170  # past the pin label
        _switch(d, sx, y, 90, button)
        d.line(x, y, sx, y, WIRE["BUTTON"])
        # To the ring's ground wire just above or below.
        tap = gnd_y
        d.path([(sx + 90, y), (sx + 110, y), (sx + 110, tap)], WIRE["GND"])
        d.dot(sx + 110, tap, 6, WIRE["GND"])
    if piezo is not None:
        # The piezo: from its pin through 100 ohm to the buzzer, the
        # buzzer's other leg to the ring's ground wire.
        x, y = lead(piezo, "PIEZO")
        sx = RIGHT + 170
        d.line(x, y, sx, y, WIRE["PIEZO"])
        d.rect(sx, y - 13, 90, 26, PART, PART_EDGE)
        d.text(sx + 8, y - 7, "PIEZO", INK)
        d.path([(sx + 90, y), (sx + 110, y), (sx + 110, gnd_y)], WIRE["GND"])
        d.dot(sx + 110, gnd_y, 6, WIRE["GND"])

    board = Drawing(WIDTH, height)
    _draw_pico(board, pins, used)
    d.ops[under:under] = board.ops

    y = row_y(19) + 80
    notes = [
        "Buttons: momentary switches from the pin to GND, no resistors (the "
        "firmware turns on",
        "the internal pull-ups). Any GND pin will do. OLED from 3V3(OUT), never 5V.",
        "Ring from VBUS (5V from USB; VSYS on a battery), its data through the "
        "resistor.",
        "Profile: boards/%s.py, drawn by tools/wiring.py." % profile["name"],
    ]
    if piezo is not None:
        notes.insert(3, "Piezo: a passive buzzer (no oscillator of its own), "
                        "100 ohm in series, to GND.")
    for line in notes:
        d.text(24, y, line, INK)
        y += 26
    return d


def _free_ground(grounds, used, side, near_row):
    """The unused GND pin on ``side`` nearest ``near_row``."""
    best = None
    for number in grounds:
        s, row = pin_row(number)
        if s != side or number in used:
            continue
        if best is None or abs(row - near_row) < abs(pin_row(best)[1] - near_row):
            best = number
    if best is None:
        raise WiringError("no free GND pin on the %s edge" % side)
    return best


def _switch(d, x, y, w, name):
    """A push button drawn as a labelled box with its switch symbol."""
    d.rect(x, y - 13, w, 26, PART, PART_EDGE)
    d.text(x + 8, y - 7, name, INK)
    sx = x + w - 34
    d.line(sx, y + 5, sx + 24, y - 3, INK, 2)
    d.dot(sx, y + 5, 3, INK)
    d.dot(sx + 24, y + 5, 3, INK)


def _draw_pico(d, pins, used):
    bottom = row_y(19) + 40
    d.rect(LEFT - 20, BOARD_TOP, BOARD_W + 40, bottom - BOARD_TOP, BOARD, BOARD_EDGE)
    mid = (LEFT + RIGHT) // 2
    d.rect(mid - 40, BOARD_TOP - 18, 80, 30, USB, GREY)
    d.text(mid, BOARD_TOP + 18, "USB", GREY, align="centre")
    d.text(mid, row_y(9) - 20, "Raspberry", BOARD_EDGE, align="centre")
    d.text(mid, row_y(9) + 2, "Pi Pico", BOARD_EDGE, align="centre")
    d.text(mid, row_y(11) - 10, "BOOTSEL", BOARD_EDGE, align="centre")
    d.rect(mid - 12, row_y(11) + 12, 24, 18, WHITE, GREY)
    for number in range(1, 41):
        side, row = pin_row(number)
        x, y = pad_x(side), row_y(row)
        name = pins[number]
        colour = PAD if number in used else (190, 190, 170)
        d.dot(x, y, PAD_R, colour)
        text_colour = INK if number in used else GREY
        # A used pin's number is in its wire's label instead.
        if side == "L":
            d.text(x + 14, y - 7, name, text_colour)
            if number not in used:
                d.text(x - 36, y - 7, str(number), GREY, align="right")
        else:
            d.text(x - 14, y - 7, name, text_colour, align="right")
            if number not in used:
                d.text(x + 36, y - 7, str(number), GREY)


# ---------------------------------------------------------------- pixels
def render(drawing):
    """The PNG bytes of ``drawing`` (RGB, 8 bits, no metadata)."""
    w, h = drawing.width, drawing.height
    img = bytearray(w * h * 3)

    def fill(x0, y0, x1, y1, colour):
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(w, x1), min(h, y1)
        if x0 >= x1:
            return
        run = bytes(colour) * (x1 - x0)
        for y in range(y0, y1):
            i = (y * w + x0) * 3
            img[i:i + len(run)] = run

    for op in drawing.ops:
        kind = op[0]
        if kind == "rect":
            _k, x, y, rw, rh, colour, edge = op
            fill(x, y, x + rw, y + rh, colour)
            if edge is not None:
                for t in range(2):
                    fill(x + t, y + t, x + rw - t, y + t + 1, edge)
                    fill(x + t, y + rh - t - 1, x + rw - t, y + rh - t, edge)
                    fill(x + t, y + t, x + t + 1, y + rh - t, edge)
                    fill(x + rw - t - 1, y + t, x + rw - t, y + rh - t, edge)
        elif kind == "line":
            _k, x0, y0, x1, y1, colour, width = op
            half = width // 2
            if y0 == y1:
                fill(min(x0, x1) - half, y0 - half, max(x0, x1) + half + 1, y0 - half + width,
                     colour)
            elif x0 == x1:
                fill(x0 - half, min(y0, y1) - half, x0 - half + width, max(y0, y1) + half + 1,
                     colour)
            else:  # a short diagonal (the switch's lever), a pixel per step
                steps = max(abs(x1 - x0), abs(y1 - y0))
                for i in range(steps + 1):
                    x = x0 + (x1 - x0) * i // steps
                    y = y0 + (y1 - y0) * i // steps
                    fill(x - half, y - half, x - half + width, y - half + width, colour)
        elif kind == "dot":
            _k, cx, cy, r, colour = op
            for dy in range(-r, r + 1):
                dx = int((r * r - dy * dy) ** 0.5 + 0.5)
                fill(cx - dx, cy + dy, cx + dx + 1, cy + dy + 1, colour)
        elif kind == "text":
            _k, x, y, text, colour, scale = op
            for ch in text:
                glyph = bytes.fromhex(_FONT.get(ch, _FONT["~"]))
                for col in range(GLYPH_W):
                    bits = glyph[col]
                    for row in range(8):
                        if bits >> row & 1:
                            px = x + col * scale
                            py = y + row * scale
                            fill(px, py, px + scale, py + scale, colour)
                x += ADVANCE * scale
    raw = bytearray()
    stride = w * 3
    for y in range(h):
        raw.append(0)
        raw += img[y * stride:(y + 1) * stride]

    def chunk(tag, data):
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def png_for(name):
    """The PNG bytes of profile ``name``'s diagram."""
    import boards  # pylint: disable=import-outside-toplevel
    return render(layout(boards.load_profile(name)))


def drawable():
    """Names of the profiles this tool can draw."""
    import boards  # pylint: disable=import-outside-toplevel
    out = []
    for name in boards.available():
        try:
            pin_map(boards.load_profile(name))
        except WiringError:
            continue
        out.append(name)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("boards", nargs="*", help="profile names (default: every "
                        "profile with a pin map)")
    parser.add_argument("--out", help="PNG path (one profile only)")
    parser.add_argument("--check", action="store_true",
                        help="compare with docs/wiring-<name>.png instead of writing")
    args = parser.parse_args(argv)
    names = args.boards or drawable()
    if args.out and len(names) != 1:
        parser.error("--out takes one profile")
    stale = []
    for name in names:
        try:
            data = png_for(name)
        except WiringError as exc:
            print("wiring: %s" % exc, file=sys.stderr)
            return 2
        path = Path(args.out) if args.out else DOCS / ("wiring-%s.png" % name)
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(str(path))
            continue
        path.write_bytes(data)
        print("wrote %s (%d bytes)" % (path, len(data)))
    if stale:
        print("wiring: out of date (run python tools/wiring.py): %s" % ", ".join(stale),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
