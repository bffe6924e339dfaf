"""NeoPixel colours: the board's factor colours, seats, verdicts, Ring
Climb's six colours, dice animation.

Colours are (r, g, b) at full scale; the device applies its brightness.

Two palettes (the device setting "Colours", ``use``): the standard one,
as the printed boards have them, and one safe for colour-blind eyes, in
which no two meanings rest on red/green/orange or blue/purple alone:
every pair of a set (the factor colours, the verdicts, the seats, Ring
Climb's colours) stays apart by 20 or more in CIELAB under simulated
protanopia, deuteranopia and tritanopia (host_tests/test_palette.py;
the standard one's closest pairs are 1-8).  The safe palette also adds
what needs no colour: a seat's ring shows the seat's number in bright
pixels, a "no" verdict lights every other pixel.
"""

from primeplay.numbers import factorize, climb_colours

OFF = (0, 0, 0)
# The palette in use: the standard one until ``use`` changes these in
# place, so that every screen reading RGB[name] or SEATS[i] draws with it.
RGB = {
    "orange": (255, 70, 0),
    "green": (0, 220, 0),
    "blue": (0, 40, 255),
    "purple": (150, 0, 255),
    "red": (255, 0, 0),
    "grey": (60, 60, 60),
    "white": (255, 255, 255),
}
# Seat colours stay clear of the factor colours' hues where they can.
SEATS = [(0, 200, 200), (230, 200, 0), (230, 0, 120), (200, 200, 200)]
SEAT_NAMES = ("cyan", "yellow", "pink", "white")
# Ring Climb's six colours while the safe palette replaces its board's
# (rings.board.RGB, in that order); None with the standard palette.
HUES = None
# The standard RGB and SEATS, kept while the safe palette is in use (the
# safe one is loaded only then: primeplay.app.palettes).
_standard = []


def use(safe):
    """Draw with the colour-blind-safe palette (``safe``) or the
    standard one from now on."""
    global HUES
    if bool(safe) == (HUES is not None):
        return
    if safe:
        from primeplay.app import palettes
        _standard.append(dict(RGB))
        _standard.append(list(SEATS))
        RGB.update(palettes.SAFE)
        SEATS[:] = palettes.SEATS_SAFE
        HUES = palettes.HUES_SAFE
        import sys
        sys.modules.pop("primeplay.app.palettes", None)
    else:
        RGB.update(_standard[0])
        SEATS[:] = _standard[1]
        del _standard[:]
        HUES = None


def safe():
    """Is the colour-blind-safe palette in use?"""
    return HUES is not None


def ring(colour_names, n):
    """n pixels split into one segment per name, like the board's circles
    (84 = orange orange green purple: four segments of three)."""
    if not colour_names:
        return [OFF] * n
    k = len(colour_names)
    out = []
    for i in range(n):
        out.append(RGB[colour_names[i * k // n]])
    return out


def number_ring(value, n):
    """The factor colours of a board number on n pixels."""
    if value < 0 or value > 101:
        return [OFF] * n
    return ring(climb_colours(value), n)


def seat_ring(seat, n, level=4):
    """A seat's colour, dimmed to level/16 of full (``player_ring``)."""
    return player_ring(SEATS[seat], n, seat + 1, level)


def player_ring(rgb, n, number, level=4):
    """A player's colour ``rgb`` all round, dimmed to level/16 of full.
    With the safe palette the player's ``number`` shows too: that many
    pixels, spread round the ring, at full colour (the rest at most
    4/16)."""
    if HUES is None:
        r, g, b = rgb
        return [(r * level // 16, g * level // 16, b * level // 16)] * n
    return marked(rgb, n, number, min(level, 4))


def marked(rgb, n, count, level=4):
    """``rgb`` at level/16 all round with ``count`` pixels at full,
    spread evenly from pixel 0: a number the eye counts."""
    r, g, b = rgb
    out = [(r * level // 16, g * level // 16, b * level // 16)] * n
    for k in range(min(count, n)):
        out[k * n // count] = rgb
    return out


def verdict(ok, n):
    """A verdict on the ring: prime ("green") all round; not prime
    ("orange"), which the safe palette lights on every other pixel, a
    pattern for eyes that do not tell the colours apart."""
    if ok:
        return [RGB["green"]] * n
    if HUES is None:
        return [RGB["orange"]] * n
    out = [OFF] * n
    for i in range(0, n, 2):
        out[i] = RGB["orange"]
    return out


def spinner(seat, n, step, calm=False):
    """Two lit pixels running round the ring: the dice rolling, a
    computer thinking.  ``calm`` (reduced flashing): the seat's colour
    all round, still."""
    if calm:
        return [SEATS[seat]] * n
    out = [OFF] * n
    out[step % n] = SEATS[seat]
    out[(step + n // 2) % n] = SEATS[seat]
    return out


# The board's order of a number's colours: its prime factors ascending
# (2, 3, 5, 7, then the red primes above 10); 1 is grey.
BOARD_ORDER = ("orange", "green", "blue", "purple", "red", "grey")


def combine(a, b):
    """The colours of a x b: both numbers' colours together (rulebook:
    "Using the colors"), in the board's order, as a space showing the
    product would have them (14 x 3: orange green purple)."""
    if not a or not b:
        return []                   # 0: no colours
    names = [x for x in climb_colours(a) + climb_colours(b) if x != "grey"]
    if not names:
        return ["grey"]             # 1 x 1
    names.sort(key=BOARD_ORDER.index)
    return names


def factor_text(value):
    """'84 = 2x2x3x7', '13 prime', '1', '0'."""
    f = factorize(value)
    if len(f) == 1:
        return "%d prime" % value
    if not f:
        return "%d" % value
    return "%d=%s" % (value, "x".join([str(p) for p in f]))
