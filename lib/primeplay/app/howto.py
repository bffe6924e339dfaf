"""How to play: a game's rules in a few short pages, pushed over its
setup (``app.push(HowTo(app, "primeplay.<game>"))``).

The text is the game's ``howto.txt``, beside its package's modules:
pages separated by a line ``---``, each page's first line its heading
(short: the title's row also holds "n/m B:back"), then up to four lines
of 21 characters.  Only the page on the panel is read from the file:
the whole text would be some kilobytes of the game's heap.  This module
is imported when the pages are opened and dropped when they close, so
neither the main menu nor a game in play carries it.

LEFT/UP: the page before, RIGHT/DOWN: the next (round from the last to
the first); A: the next page, and from the last back to the setup; B:
back to the setup, its cursor where it was.
"""

import sys

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH
from primeplay.app import colours

SEP = b"---"
COLS = WIDTH // CHAR_W
LINES = 4           # under the heading's row: 12-pixel rows from y=14 to 62
NAME = "howto.txt"


def path_of(package):
    """Where ``package``'s howto.txt is: beside its ``__init__``."""
    f = getattr(sys.modules.get(package), "__file__", None)
    if f is None:
        # A frozen package has no __file__: the drive's copy.
        return "/lib/" + package.replace(".", "/") + "/" + NAME
    return f.rsplit("/", 1)[0] + "/" + NAME


def starts(path):
    """The byte offset of each page's first line in the file at
    ``path`` (one pass over it, a line at a time)."""
    out = [0]
    at = 0
    with open(path, "rb") as f:
        while True:
            line = f.readline()
            if not line:
                break
            at += len(line)
            if line.rstrip(b"\r\n") == SEP:
                out.append(at)
    return out


def page(path, offset):
    """The lines of the page at ``offset``: its heading first."""
    out = []
    with open(path, "rb") as f:
        f.seek(offset)
        while len(out) <= LINES:
            line = f.readline()
            if not line:
                break
            line = line.rstrip(b"\r\n")
            if line == SEP:
                break
            out.append(line.decode())
    return out


class HowTo:
    """A game's How to play pages, over the screen it was pushed on."""

    def __init__(self, app, package):
        self.app = app
        self.path = path_of(package)
        self.page = 0
        try:
            self.starts = starts(self.path)
        except OSError:
            # Not on the drive (a copy without it): say so, and B or A
            # still goes back.
            self.starts = None
        self.lines = None       # the page shown, read when it changes

    def count(self):
        return 1 if self.starts is None else len(self.starts)

    def press(self, name):
        n = self.count()
        if name in ("RIGHT", "DOWN") or (name == "A" and self.page < n - 1):
            self.turn((self.page + 1) % n)
        elif name in ("LEFT", "UP"):
            self.turn((self.page - 1) % n)
        elif name in ("A", "B"):
            self.close()

    def turn(self, k):
        if k != self.page:
            self.page = k
            self.lines = None

    def close(self):
        self.app.pop()
        # Its code goes with it: the game about to be set up and started
        # in this VM has the heap.
        from primeplay.app.games import drop
        drop((__name__,), collect=False)
        self.app.collect_soon()

    def tick(self):
        pass

    def next_change(self):
        return None

    def text(self):
        """The page on the panel as lines, its heading first."""
        if self.lines is None:
            if self.starts is None:
                self.lines = ["Rules", NAME + " is not",
                              "on this drive."]
            else:
                self.lines = page(self.path, self.starts[self.page]) or [""]
        return self.lines

    def title(self):
        """The heading with the page's number and the key back."""
        right = "%d/%d B:back" % (self.page + 1, self.count())
        head = self.text()[0][:COLS - len(right) - 1]
        return head + " " * (COLS - len(head) - len(right)) + right

    def draw(self, sc):
        lines = self.text()
        sc.text(0, 0, self.title())
        sc.rect(0, CHAR_H, WIDTH, 1, 1)
        y = CHAR_H + 2
        for line in lines[1:LINES + 1]:
            sc.text(0, y, line[:COLS])
            y += CHAR_H
        sc.leds = colours.ring(["grey"], self.app.pixels)
