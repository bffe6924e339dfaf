"""A table's own cards for "Fill in the Blanks", read from cards.txt.

Its own module: the device reads cards.txt at power-up only when there is
one, and a game's VM without it holds none of this.
"""

from primeplay.climb.cards import ACTION, EFFECTS, KEEPER, MAX_BLANKS


def parse_custom_cards(text):
    """Cards for "Fill in the Blanks" from a settings file.

    One card a line, the same fields as the table: ``kind effect n text``,
    for example ``keeper addsub 11 Add or subtract 11`` or
    ``action goto 37 Go to 37``.  Blank lines and lines starting with ``#``
    are skipped.  Raises ValueError naming the line that is wrong.
    """
    cards = []
    lineno = 0
    for raw in text.split("\n"):
        lineno += 1
        line = raw.strip()
        if not line or line[0] == "#":
            continue
        parts = line.split(None, 3)
        if len(parts) < 3:
            raise ValueError("card line %d: need 'kind effect n text', got %r"
                             % (lineno, line))
        kind, effect, num = parts[0].lower(), parts[1].lower(), parts[2]
        text_ = parts[3] if len(parts) > 3 else ""
        if kind not in (KEEPER, ACTION):
            raise ValueError("card line %d: kind must be keeper or action, "
                             "got %r" % (lineno, parts[0]))
        if effect not in EFFECTS:
            raise ValueError("card line %d: unknown effect %r" % (lineno, effect))
        want_kind, takes_n = EFFECTS[effect]
        if kind != want_kind:
            raise ValueError("card line %d: %s is a %s effect"
                             % (lineno, effect, want_kind))
        # ASCII digits only: CPython's int() also takes other scripts'
        # digits and CircuitPython's does not; a card reads the same on both.
        digits = num[1:] if num[:1] in ("-", "+") else num
        if not digits or not all("0" <= ch <= "9" for ch in digits):
            raise ValueError("card line %d: n must be a whole number, got %r"
                             % (lineno, num))
        n = int(num)
        if takes_n and not 1 <= n <= 101:
            raise ValueError("card line %d: n must be in 1..101, got %d"
                             % (lineno, n))
        if not takes_n:
            n = 0
        if not text_:
            text_ = "%s %s %d" % (kind, effect, n)
        cards.append((kind, effect, n, text_))
    if len(cards) > MAX_BLANKS:
        raise ValueError("at most %d custom cards (the box has %d blanks), "
                         "got %d" % (MAX_BLANKS, MAX_BLANKS, len(cards)))
    return cards
