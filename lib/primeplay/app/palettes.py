"""The colour-blind-safe palette, loaded only while ``colours.use``
switches to it (the standard one is colours.py's own).

Each name keeps its hue family (orange is amber, purple magenta), moved
apart in lightness and blue where dichromats' eyes confuse them: every
two meanings of a set stay 20 or more apart in CIELAB under simulated
protanopia, deuteranopia and tritanopia (host_tests/test_palette.py).
"""

SAFE = {
    "orange": (255, 190, 0),
    "green": (0, 217, 89),
    "blue": (0, 30, 255),
    "purple": (255, 48, 210),
    "red": (200, 0, 0),
    "grey": (60, 60, 60),
    "white": (255, 255, 255),
}
SEATS_SAFE = ((0, 155, 255), (255, 182, 0), (230, 15, 115), (200, 200, 200))
# Ring Climb's red, orange, yellow, green, blue, purple.
HUES_SAFE = ((207, 32, 10), (255, 152, 0), (210, 255, 72), (34, 187, 97),
             (20, 44, 255), (255, 51, 172))
