"""The judge: the table's "Prime Number Judge" for any number it forms.

Prime Daifugo's set-up offers three ways to judge a play; this is the
handheld's.  A number goes in digit by digit, or card by card (the
printed cards' values, 10-13, 17 and 19 included); A gives the verdict at
once, the factorisation after it ("511 = 7 x 73").  Up to 24 digits, and
up to three unknown digits "?" ("1?3?"): then every way to fill them that
makes a prime, counted and listed.

Keys, entering: UP/DOWN change the digit (or card) under the cursor (0-9
then ?; cards 0-13, 17, 19), LEFT/RIGHT move the cursor (RIGHT past the
end adds a place), B deletes the place under the cursor (with one place
left, B leaves), A judges.  Verdict: UP/DOWN scroll a list of primes, B
cancels a factorisation still running, any other key goes back to the
number.

The verdict comes first: a primality test of 24 digits takes about
0.2 s on the board (BENCH.md, "The judge").  Factoring, and trying the fillings of "?", run in slices
on the app's ticks (primes.Factorizer, primes.fillings), with progress
on screen, so the buttons answer meanwhile.  LEDs: green for a prime,
orange for not prime.
"""

from primeplay.app.scene import WIDTH, CHAR_W, CHAR_H
from primeplay.app import colours

MAX_DIGITS = 24
MAX_UNKNOWN = 3
CARDS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 17, 19)
MAX_CARDS = 3
DIGITS = "0123456789?"
FACTOR_WORK = 300   # rho steps or divisions per tick
FILL_WORK = 8       # candidate numbers per tick
COLS = WIDTH // CHAR_W


class Judge:
    """Enter a number, judge it.  ``cards``: enter by card values."""

    def __init__(self, app, cards=False):
        self.app = app
        self.cards = cards
        self.places = [5, 3] if cards else [1]   # values or digit indexes
        self.cursor = len(self.places) - 1
        self.mode = "enter"
        self.n = None           # the number judged
        self.prime = None
        self.work = None        # a Factorizer, or a fillings generator
        self.found = []         # fillings that are prime
        self.tried = 0
        self.factors = None
        self.top = 0
        self.note = ""

    # ------------------------------------------------------------ input
    def text(self):
        """The number as entered (with ? for unknown digits)."""
        if self.cards:
            return "".join(["%d" % v for v in self.places])
        return "".join([DIGITS[i] for i in self.places])

    def press(self, name):
        if self.mode == "enter":
            self._enter(name)
        elif name == "B" and self.work is not None:
            self.work = None
            self.note = "cancelled"
        elif name in ("UP", "DOWN") and self.mode == "fill":
            step = -1 if name == "UP" else 1
            self.top = max(0, min(self.top + step, len(self.found) - 1))
        elif name in ("A", "B", "LEFT", "RIGHT"):
            self.mode = "enter"
            self.work = None

    def _enter(self, name):
        p = self.places
        c = self.cursor
        if name in ("UP", "DOWN"):
            step = 1 if name == "UP" else -1
            if self.cards:
                i = CARDS.index(p[c])
                p[c] = CARDS[(i + step) % len(CARDS)]
            else:
                p[c] = (p[c] + step) % len(DIGITS)
                if p[c] == 10 and self.unknown() > MAX_UNKNOWN:
                    p[c] = (p[c] + step) % len(DIGITS)
            self.note = ""
        elif name == "LEFT":
            self.cursor = max(0, c - 1)
        elif name == "RIGHT":
            if c < len(p) - 1:
                self.cursor = c + 1
            elif len(p) < (MAX_CARDS if self.cards else MAX_DIGITS):
                p.append(1 if self.cards else 0)
                self.cursor = len(p) - 1
            else:
                self.note = "%d %s at most" % (
                    (MAX_CARDS, "cards") if self.cards else (MAX_DIGITS, "digits"))
        elif name == "B":
            if len(p) == 1:
                from primeplay.app.menus import MainMenu
                self.app.go(MainMenu(self.app))
                return
            del p[c]
            self.cursor = min(c, len(p) - 1)
        elif name == "A":
            self.judge()

    def unknown(self):
        return 0 if self.cards else self.places.count(10)

    # ------------------------------------------------------------ judging
    def judge(self):
        """The verdict now; the factors or the fillings on later ticks."""
        from primeplay import primes
        text = self.text()
        self.top = 0
        self.note = ""
        self.factors = None
        if "?" in text:
            try:
                self.work = primes.fillings(text)
            except ValueError as e:
                self.note = str(e)[:COLS]
                return
            self.mode = "fill"
            self.found = []
            self.tried = 0
            return
        if len(text) > 1 and text[0] == "0":
            self.note = "no leading 0"
            return
        self.n = int(text)
        self.prime = primes.is_prime(self.n)
        self.mode = "verdict"
        if self.prime or self.n < 2:
            self.work = None
            self.factors = [self.n] if self.prime else []
        else:
            self.work = primes.Factorizer(self.n)

    def tick(self):
        work = self.work
        if work is None:
            return
        if self.mode == "verdict":
            if work.step(FACTOR_WORK):
                self.factors = work.factors
                self.work = None
            return
        from primeplay.primes import is_prime
        for _ in range(FILL_WORK):
            try:
                n = next(work)
            except StopIteration:
                self.work = None
                return
            self.tried += 1
            if is_prime(n):
                self.found.append(n)

    # ------------------------------------------------------------ screen
    def draw(self, sc):
        if self.mode == "enter":
            self._draw_enter(sc)
        elif self.mode == "verdict":
            self._draw_verdict(sc)
        else:
            self._draw_fill(sc)

    def _draw_enter(self, sc):
        sc.text(0, 0, "Judge: %s" % ("cards" if self.cards else "digits"))
        if self.cards:
            labels = ["%d" % v for v in self.places]
            x = 0
            for i in range(len(labels)):
                w = len(labels[i]) * CHAR_W * 2 + 6
                if i == self.cursor:
                    sc.rect(x, 16, w, 28, 1)
                else:
                    sc.frame(x, 16, w, 28, 1)
                sc.text(x + 3, 18, labels[i], 2, 0 if i == self.cursor else 1)
                x += w + 4
        else:
            text = self.text()
            scale, rows = _fit(len(text))
            cw = CHAR_W * scale
            per = WIDTH // cw
            for r in range(rows):
                part = text[r * per:(r + 1) * per]
                y = 14 + r * CHAR_H * scale
                start = r * per
                if start <= self.cursor < start + per:
                    x = (self.cursor - start) * cw
                    sc.rect(x, y, cw, CHAR_H * scale, 1)
                for i in range(len(part)):
                    on = start + i == self.cursor
                    sc.text(i * cw, y, part[i], scale, 0 if on else 1)
        sc.text(0, 52, (self.note or "A: judge  B: delete")[:COLS])

    def _draw_verdict(self, sc):
        n = self.n
        digits = "%d" % n
        scale, rows = _fit(len(digits))
        per = WIDTH // (CHAR_W * scale)
        for r in range(rows):
            sc.text(0, r * CHAR_H * scale, digits[r * per:(r + 1) * per], scale)
        y = rows * CHAR_H * scale + 2
        if self.prime:
            sc.text(0, y, "PRIME", 2)
            sc.leds = colours.ring(["green"], self.app.pixels)
            return
        sc.text(0, y, "not prime", 1)
        y += CHAR_H
        if self.factors is not None:
            lines = _split("= " + " x ".join(["%d" % f for f in self.factors])
                           if self.factors else "(no prime factors)", COLS)
        elif self.work is not None:
            lines = ["factoring %dk steps" % (self.work.work_done // 1000),
                     "B: stop"]
        else:
            lines = [self.note or "not factored"]
        for part in lines[:(64 - y) // CHAR_H]:
            sc.text(0, y, part)
            y += CHAR_H
        sc.leds = colours.ring(["orange"], self.app.pixels)

    def _draw_fill(self, sc):
        text = self.text()
        sc.text(0, 0, text[:COLS])
        found = self.found
        state = "trying %d" % self.tried if self.work is not None else \
            ("%s" % self.note if self.note else "done")
        sc.text(0, 12, ("%d prime  %s" % (len(found), state))[:COLS])
        y = 26
        for n in found[self.top:self.top + 3]:
            sc.text(0, y, ("%d" % n)[:COLS])
            y += CHAR_H
        if found:
            sc.leds = colours.ring(["green"], self.app.pixels)


def _fit(n):
    """(text scale, rows) for a number of ``n`` characters."""
    if n <= WIDTH // (CHAR_W * 3):
        return 3, 1
    if n <= WIDTH // (CHAR_W * 2):
        return 2, 1
    if n <= COLS:
        return 1, 1
    return 1, 2


def _split(text, cols):
    out = []
    while len(text) > cols:
        out.append(text[:cols])
        text = text[cols:]
    out.append(text)
    return out
