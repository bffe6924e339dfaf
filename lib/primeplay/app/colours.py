"""NeoPixel colours: the board's factor colours, seats, dice animation.

Colours are (r, g, b) at full scale; the device applies its brightness.
"""

from primeplay.numbers import factorize, climb_colours

OFF = (0, 0, 0)
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
SEATS = ((0, 200, 200), (230, 200, 0), (230, 0, 120), (200, 200, 200))
SEAT_NAMES = ("cyan", "yellow", "pink", "white")


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
    """A seat's colour, dimmed to level/16 of full."""
    r, g, b = SEATS[seat]
    c = (r * level // 16, g * level // 16, b * level // 16)
    return [c] * n


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
