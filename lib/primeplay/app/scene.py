"""What the screen shows: a scene is a list of simple drawing items.

The app produces scenes; a renderer (firmware/render.py) turns them into
displayio objects on the board and in the simulator.  Tests read scenes
directly.  Coordinates are pixels on the 128x64 panel, (0, 0) top left;
colour 1 lights a pixel, 0 leaves it dark.

Items (tuples, first field the kind):

* ("text", x, y, text, scale, colour): terminalio text, the top left of
  its first character cell at (x, y); one cell is CHAR_W x CHAR_H pixels
  times ``scale`` (1, 2 or 3).
* ("rect", x, y, w, h, colour): a filled rectangle (used to highlight a
  choice: a lit bar with dark text on it).
* ("frame", x, y, w, h, colour): a one-pixel outline.
* ("die", x, y, value, colour): a DIE_SIZE square die showing 1..10
  (0: blank face, while rolling).

Only these kinds exist, so every renderer draws exactly the same picture.
"""

WIDTH = 128
HEIGHT = 64
# terminalio.FONT cells (CircuitPython's built-in 6x12 font).
CHAR_W = 6
CHAR_H = 12
DIE_SIZE = 18

# The pad's directions first, in opposite pairs (``App.press`` swaps each
# pair for a left-handed player).
BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B",
           "ROLL", "ADD", "SUB", "MUL", "DIV")


def mirror(name):
    """``name`` for a device held turned round (left-handed): UP/DOWN
    and LEFT/RIGHT swapped, the other buttons as they are."""
    i = BUTTONS.index(name)
    return BUTTONS[i ^ 1] if i < 4 else name


class Scene:
    """A frame: its items and the LED colours that go with it."""

    __slots__ = ("items", "leds", "hand", "handoff", "contrast", "flip")

    def __init__(self, items=None, leds=None):
        self.items = items if items is not None else []
        self.leds = leds if leds is not None else []
        # Whose hidden cards this frame shows (a seat number), and which
        # seat a "Pass to" frame asks for: what keeps a hand hidden is
        # checked on these (the fuzzer's invariant), not on the pixels.
        self.hand = None
        self.handoff = None
        # The panel's contrast (0-255; None: as it is) and whether it is
        # turned 180 degrees (left-handed): the device's settings, which
        # the firmware applies as it shows the frame.
        self.contrast = None
        self.flip = False

    def text(self, x, y, text, scale=1, colour=1):
        self.items.append(("text", x, y, text, scale, colour))

    def rect(self, x, y, w, h, colour=1):
        self.items.append(("rect", x, y, w, h, colour))

    def frame(self, x, y, w, h, colour=1):
        self.items.append(("frame", x, y, w, h, colour))

    def die(self, x, y, value, colour=1):
        self.items.append(("die", x, y, value, colour))

    def texts(self):
        """Every text on screen, top to bottom: what tests and the terminal
        view read."""
        out = [(it[2], it[1], it[3]) for it in self.items if it[0] == "text"]
        out.sort()
        return [t[2] for t in out]

    def __eq__(self, other):
        return isinstance(other, Scene) and self.items == other.items and \
            self.leds == other.leds and self.contrast == other.contrast \
            and self.flip == other.flip


def text_width(text, scale=1):
    return len(text) * CHAR_W * scale


def wrap(text, width=WIDTH // CHAR_W, out=None):
    """Words into lines of at most ``width`` characters, appended to
    ``out`` (a new list by default) and returned; a longer word is cut
    into pieces of ``width`` (the panel would cut it anyway)."""
    lines = [] if out is None else out
    line = ""
    for w in text.split(" "):
        while len(w) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(w[:width])
            w = w[width:]
        if not w:
            continue
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = (line + " " + w) if line else w
    if line:
        lines.append(line)
    return lines
