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
left, B leaves), A judges.  The top line says what the arrows do where
the cursor is, the bottom line what A and B do.  A number does not start
with 0 (0 alone is a number): A says "no leading 0" instead of judging.
Verdict: UP/DOWN scroll the factors or the list of primes when they are
longer than the panel, B cancels a factorisation still running, any
other key goes back to the number (each screen says so).

Factors are written "= 2^3 x 7 x 73", wrapped between factors, never
inside one; a factor wider than the panel (20 digits and more) takes
lines of its own, its continuation indented under its first digit.

The verdict comes first: a primality test of 24 digits takes about
0.2 s on the board (BENCH.md, "The judge").  Factoring, and trying the fillings of "?", run in slices
on the app's ticks (primes.Factorizer, primes.fillings), with progress
on screen, so the buttons answer meanwhile.  LEDs: green for a prime,
orange for not prime.
"""

from primeplay.app.scene import WIDTH, HEIGHT, CHAR_W, CHAR_H
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
        elif name in ("UP", "DOWN"):
            # The list of primes (fill), or the factors' lines (verdict).
            step = -1 if name == "UP" else 1
            n = len(self.found) if self.mode == "fill" else \
                len(self._factor_lines())
            self.top = max(0, min(self.top + step, n - 1))
        elif name in ("A", "B", "LEFT", "RIGHT"):
            self.mode = "enter"
            self.work = None

    def _enter(self, name):
        p = self.places
        c = self.cursor
        self.note = ""      # said once, in answer to the press before
        if name in ("UP", "DOWN"):
            step = 1 if name == "UP" else -1
            if self.cards:
                i = CARDS.index(p[c])
                p[c] = CARDS[(i + step) % len(CARDS)]
            else:
                p[c] = (p[c] + step) % len(DIGITS)
                if p[c] == 10 and self.unknown() > MAX_UNKNOWN:
                    p[c] = (p[c] + step) % len(DIGITS)
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
                self.app.go(self.app.main_menu())
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
        if len(text) > 1 and text[0] == "0":
            # "07" is no number a table forms (nor "0?": its fillings
            # would all start with 0): said, not judged.
            self.note = "no leading 0"
            return
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
        self.n = int(text)
        self.prime = primes.is_prime(self.n)
        self.mode = "verdict"
        # Heard as well as seen: prime rises, not prime falls.
        self.app.cue("prime" if self.prime else "not_prime")
        if self.prime or self.n < 2:
            self.work = None
            self.factors = [self.n] if self.prime else []
        else:
            self.work = primes.Factorizer(self.n)

    def next_change(self):
        # Factors and "?" fills are worked out a slice a tick.
        return None if self.work is None else 0

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
            except ValueError as e:
                # A pattern judge() let through: said, never raised.
                self.work = None
                self.note = str(e)[:COLS]
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

    def _keys(self):
        """(top line, bottom line) of the entering screen: what the arrows
        do where the cursor is, and what A and B do."""
        p = self.places
        c = self.cursor
        last = c == len(p) - 1
        more = len(p) < (MAX_CARDS if self.cards else MAX_DIGITS)
        top = "^v:card" if self.cards else "^v:digit"
        if c > 0 and not last:
            top += " <>:move"
        elif c > 0:
            top += " <:move" + (" >:add" if more else "")
        elif not last:
            top += " >:move"
        elif more:
            top += " >:add"
        bottom = "A:judge  B:" + ("delete" if len(p) > 1 else "menu")
        return top, bottom

    def _draw_enter(self, sc):
        top, bottom = self._keys()
        sc.text(0, 0, (self.note or top)[:COLS])
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
        sc.text(0, 52, bottom)

    def _factor_lines(self):
        """The lines under the verdict: the factors, the work under way,
        or why there are none."""
        if self.factors is not None:
            if not self.factors:
                return ["(no prime factors)"]
            return factor_lines(self.factors)
        if self.work is not None:
            return ["factoring %dk steps" % (self.work.work_done // 1000),
                    "B: stop"]
        return [self.note or "not factored"]

    def _draw_verdict(self, sc):
        digits = "%d" % self.n
        lines = [] if self.prime else self._factor_lines()
        # The number as large as leaves room for the verdict and the
        # factors under it (they scroll when even the smallest does not).
        scale, rows = _fit(len(digits))
        while scale > 1 and rows * CHAR_H * scale + 2 + CHAR_H * \
                (2 if self.prime else 1 + len(lines)) > HEIGHT:
            scale -= 1
        if scale > 1:
            top = [digits]
        else:
            top = number_lines(digits)
        y = 0
        for part in top:
            sc.text(0, y, part, scale)
            y += CHAR_H * scale
        y += 2
        if self.prime:
            sc.text(0, y, "PRIME", 2)
            _right(sc, y + CHAR_H, "A:back")
            sc.leds = colours.verdict(True, self.app.pixels)
            return
        room = (HEIGHT - y - CHAR_H) // CHAR_H
        more = len(lines) > room
        sc.text(0, y, "not prime")
        _right(sc, y, "^v A:back" if more else "A:back")
        y += CHAR_H
        top = min(self.top, max(0, len(lines) - room))
        for part in lines[top:top + room]:
            sc.text(0, y, part)
            y += CHAR_H
        sc.leds = colours.verdict(False, self.app.pixels)

    def _draw_fill(self, sc):
        y = 0
        for part in number_lines(self.text()):
            sc.text(0, y, part)
            y += CHAR_H
        found = self.found
        state = "trying %d" % self.tried if self.work is not None else \
            ("%s" % self.note if self.note else "done")
        sc.text(0, y, ("%d prime  %s" % (len(found), state))[:COLS])
        y += CHAR_H + 2
        # The primes found from the one UP/DOWN scrolled to, as many as
        # fit above the keys: short ones a few a line, each whole (one
        # wider than the panel on lines of its own).
        groups = []     # lines that go together: a line, or a long one
        line = ""
        for n in found[self.top:]:
            d = "%d" % n
            if line and len(line) + 2 + len(d) <= COLS:
                line += "  " + d
                continue
            if line:
                groups.append([line])
            line = ""
            if len(d) > COLS:
                groups.append(number_lines(d))
            else:
                line = d
            if len(groups) > 3:
                break
        if line:
            groups.append([line])
        for g in groups:
            if y + len(g) * CHAR_H > HEIGHT - CHAR_H:
                break
            for part in g:
                sc.text(0, y, part)
                y += CHAR_H
        keys = "B:stop  A:back" if self.work is not None else \
            "^v:list  A:back" if len(found) > 1 else "A:back"
        sc.text(0, HEIGHT - CHAR_H, keys)
        if found:
            sc.leds = colours.ring(["green"], self.app.pixels)


def _right(sc, y, text):
    sc.text(WIDTH - len(text) * CHAR_W, y, text)


def number_lines(digits, cols=COLS, indent=2):
    """A number's digits in lines of ``cols``: whole when it fits, else
    its continuation lines indented by ``indent`` (so they read as the
    rest of the number above, not a number of their own)."""
    out = [digits[:cols]]
    rest = digits[cols:]
    while rest:
        out.append(" " * indent + rest[:cols - indent])
        rest = rest[cols - indent:]
    return out


def factor_lines(factors, cols=COLS):
    """"= 2^3 x 7 x 73" in lines of ``cols``, broken between factors,
    never inside one: a factor too wide for a line starts one of its own
    ("x 123...") and goes on under its first digit."""
    terms = []
    for f in factors:
        if terms and terms[-1][0] == f:
            terms[-1][1] += 1
        else:
            terms.append([f, 1])
    out = []
    line = ""
    for i in range(len(terms)):
        f, k = terms[i]
        word = ("= " if i == 0 else "x ") + "%d" % f + \
            ("^%d" % k if k > 1 else "")
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line += " " + word
        else:
            out.append(line)
            line = word
        if len(line) > cols:
            # Its own lines; the next factor starts a new one.
            out += number_lines(line, cols)
            line = ""
    if line:
        out.append(line)
    return out


def _fit(n):
    """(text scale, rows) for a number of ``n`` characters."""
    if n <= WIDTH // (CHAR_W * 3):
        return 3, 1
    if n <= WIDTH // (CHAR_W * 2):
        return 2, 1
    if n <= COLS:
        return 1, 1
    return 1, 2
