"""The colour legend: which colour is which prime, on the panel and on
the LED ring at once, pushed over any screen (``app.push(Legend(app))``:
from the colour explorer with A, and from a game's pause menu).  A or B
goes back to the screen below.

The ring shows the colours in the order the panel lists them, two or
more pixels each from pixel 0 (on a 12-pixel ring: 0-1 orange, 2-3
green, ..., 10-11 grey), so a player learns the ring's shades of orange
and red by looking.  Loaded when first asked for; dropped with the game
(``games.SHARED``).  Its last line says B goes back (A does too).
"""

from primeplay.app.scene import WIDTH, HEIGHT, CHAR_W, CHAR_H
from primeplay.app import colours

# The board: 2 orange, 3 green, 5 blue, 7 purple, a prime above 10 all
# red (101, the goal, is one), 1 grey (no prime factor); a number shows
# one colour per prime factor.
LINES = (
    "2 orange   3 green",
    "5 blue     7 purple",
    "prime>10 red  1 grey",
    "84=2x2x3x7: 4 colours",
)
# The last line: the legend waits for a press, and says which.
FOOT = "B: back"
# The ring, in the order the lines name the colours.
RING = ("orange", "green", "blue", "purple", "red", "grey")


class Legend:
    """The legend screen; A or B pops it."""

    def __init__(self, app):
        self.app = app

    def press(self, name):
        if name in ("A", "B"):
            self.app.pop()

    def tick(self):
        pass

    def next_change(self):
        return None

    def draw(self, sc):
        y = 0
        for line in LINES:
            sc.text(0, y, line[:WIDTH // CHAR_W])
            y += CHAR_H + 1
        sc.text(0, HEIGHT - CHAR_H, FOOT)
        sc.leds = colours.ring(list(RING), self.app.pixels)
