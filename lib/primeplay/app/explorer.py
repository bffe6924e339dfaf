"""The colour explorer: any number's factor colours on the ring, and how
multiplying and dividing combine them (the rulebook's "Using the colors").

The top row reads like a sum: ``14 =`` (the number's colours), ``14 x 3``
or ``84 / 4``.  A cursor sits on one place of it, as in the judge:
LEFT/RIGHT move it (the tens and units of each number, and the sign
between them), UP/DOWN change what is under it: a units place by 1, a
tens place by 10, the sign from = to x to / (the mode).  A opens the
colour legend (app/legend.py), B goes back to the menu.  The last line
says what the keys do where the cursor is.
"""

from primeplay.app.scene import WIDTH, HEIGHT, CHAR_W, CHAR_H
from primeplay.app import colours
from primeplay.numbers import climb_colours

MODES = ("number", "times", "divide")
SIGNS = ("=", "x", "/")
# Places the cursor visits, left to right: a's tens and units, the sign,
# b's tens and units (only with x and /).
PLACES = ("a10", "a1", "op", "b10", "b1")

BIG = 2                         # the top row's scale
CELL = CHAR_W * BIG             # one big character: 12 x 24 pixels
A_X = 0                         # a: three cells, right-aligned
OP_X = 4 * CELL - CELL // 2     # the sign, half a cell clear of both
B_X = 5 * CELL                  # b: three cells
RESULT_Y = CHAR_H * BIG + 2     # under the top row, clear of it
NAMES_Y = RESULT_Y + CHAR_H + 1
FOOT_Y = HEIGHT - CHAR_H


class Explorer:
    def __init__(self, app):
        self.app = app
        self.mode = 0
        self.a = 14
        self.b = 3
        self.place = 1          # a's units: UP/DOWN step by 1 at once

    def places(self):
        return PLACES if self.mode else PLACES[:3]

    def press(self, name):
        places = self.places()
        place = places[self.place]
        if name == "A":
            from primeplay.app.legend import Legend
            self.app.push(Legend(self.app))
        elif name == "B":
            self.app.go(self.app.main_menu())
        elif name in ("LEFT", "RIGHT"):
            step = 1 if name == "RIGHT" else -1
            self.place = (self.place + step) % len(places)
        elif name in ("UP", "DOWN"):
            step = 1 if name == "UP" else -1
            if place == "op":
                self.mode = (self.mode + step) % len(MODES)
            elif place[0] == "a":
                # 0..101: every space of the board.
                self.a = (self.a + step * (10 if place == "a10" else 1)) % 102
            else:
                # 1..101: no division by 0, and x0 says nothing of colours.
                self.b = (self.b - 1 + step * (10 if place == "b10" else 1)) \
                    % 101 + 1

    def tick(self):
        pass

    def next_change(self):
        return None

    def result(self):
        """(text, number in focus or -1, colour names on the ring)."""
        mode = MODES[self.mode]
        a, b = self.a, self.b
        if mode == "number":
            return colours.factor_text(a), a, climb_colours(a)
        if mode == "times":
            c = a * b
            if c > 101:
                text = "%dx%d=%d off board" % (a, b, c)
                if len(text) > WIDTH // CHAR_W:
                    text = "%dx%d=%d off" % (a, b, c)
                return text, -1, colours.combine(a, b)
            return "%dx%d=%d" % (a, b, c), c, climb_colours(c)
        if a % b:
            return "%d/%d: not whole" % (a, b), -1, []
        return "%d/%d=%d" % (a, b, a // b), a // b, climb_colours(a // b)

    def _number(self, sc, x, value, cursor):
        """``value`` right-aligned in three big cells from ``x``; the cell
        of place ``cursor`` (0 tens, 1 units, None) lit, its digit dark."""
        text = "%d" % value
        sc.text(x + (3 - len(text)) * CELL, 0, text, BIG)
        if cursor is not None:
            cx = x + (1 + cursor) * CELL
            sc.rect(cx, 0, CELL, CHAR_H * BIG, 1)
            i = len(text) - 2 + cursor
            if i >= 0:
                sc.text(cx, 0, text[i], BIG, 0)

    def draw(self, sc):
        place = self.places()[self.place]
        self._number(sc, A_X, self.a, {"a10": 0, "a1": 1}.get(place))
        if place == "op":
            sc.rect(OP_X, 0, CELL, CHAR_H * BIG, 1)
        sc.text(OP_X, 0, SIGNS[self.mode], BIG, 0 if place == "op" else 1)
        if self.mode:
            self._number(sc, B_X, self.b, {"b10": 0, "b1": 1}.get(place))
        text, focus, names = self.result()
        sc.text(0, RESULT_Y, text[:WIDTH // CHAR_W])
        # Full colour names when they fit the line, else two letters each.
        names_text = " ".join(names)
        if len(names_text) > WIDTH // CHAR_W:
            names_text = " ".join([n[:2] for n in names])
        names_text = names_text or "no colours"
        sc.text(0, NAMES_Y, names_text[:WIDTH // CHAR_W])
        sc.text(0, FOOT_Y, "%s <>:move A:key" % (
            "^v:mode" if place == "op" else
            "^v:+-10" if place[-2:] == "10" else "^v:+-1"))
        sc.leds = colours.ring(names, self.app.pixels)
