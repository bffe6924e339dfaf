"""The colour explorer: any number's factor colours on the ring, and how
multiplying and dividing combine them (the rulebook's "Using the colors").

Three modes, A cycles them: one number; a x b; a / b.  UP/DOWN change the
chosen number by 1 (hold nothing: LEFT/RIGHT move between a and b, or
change by 10 in single-number mode).  B goes back to the menu.
"""

from primeplay.app.scene import WIDTH, CHAR_W
from primeplay.app import colours
from primeplay.numbers import climb_colours

MODES = ("number", "times", "divide")


class Explorer:
    def __init__(self, app):
        self.app = app
        self.mode = 0
        self.a = 14
        self.b = 3
        self.field = 0

    def press(self, name):
        mode = MODES[self.mode]
        if name == "A":
            self.mode = (self.mode + 1) % len(MODES)
            self.field = 0
        elif name == "B":
            from primeplay.app.menus import MainMenu
            self.app.go(MainMenu(self.app))
        elif name in ("UP", "DOWN"):
            step = 1 if name == "UP" else -1
            if mode == "number" or self.field == 0:
                self.a = (self.a + step) % 102
            else:
                self.b = (self.b - 1 + step) % 101 + 1
        elif name in ("LEFT", "RIGHT"):
            if mode == "number":
                self.a = (self.a + (10 if name == "RIGHT" else -10)) % 102
            else:
                self.field = 1 - self.field

    def tick(self):
        pass

    def result(self):
        """(text, number in focus or -1, colour names on the ring)."""
        mode = MODES[self.mode]
        a, b = self.a, self.b
        if mode == "number":
            return colours.factor_text(a), a, climb_colours(a)
        if mode == "times":
            c = a * b
            if c > 101:
                return "%dx%d=%d off" % (a, b, c), -1, colours.combine(a, b)
            return "%dx%d=%d" % (a, b, c), c, climb_colours(c)
        if a % b:
            return "%d/%d: no" % (a, b), -1, []
        return "%d/%d=%d" % (a, b, a // b), a // b, climb_colours(a // b)

    def draw(self, sc):
        mode = MODES[self.mode]
        text, focus, names = self.result()
        sc.text(0, 0, {"number": "Colours", "times": "Multiply",
                       "divide": "Divide"}[mode])
        if mode == "number":
            sc.text(0, 14, "%d" % self.a, 3)
        else:
            for i, v in ((0, self.a), (1, self.b)):
                x = i * 60
                label = "%d" % v
                if i == self.field:
                    sc.rect(x, 14, len(label) * CHAR_W * 2 + 2, 26, 1)
                sc.text(x + 1, 15, label, 2, 0 if i == self.field else 1)
            sc.text(44, 20, "x" if mode == "times" else "/")
        sc.text(0, 42, text[:WIDTH // CHAR_W])
        # Full colour names when they fit the line, else two letters each.
        names_text = " ".join(names)
        if len(names_text) > WIDTH // CHAR_W:
            names_text = " ".join([n[:2] for n in names])
        names_text = names_text or "no colours"
        sc.text(0, 52, names_text[:WIDTH // CHAR_W])
        sc.leds = colours.ring(names, self.app.pixels)
