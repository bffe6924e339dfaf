"""Ring Climb's board: geometry, colours and cards, as numbers in one place.

The rulebook gives no measurements, so this is the model (issue 9); when
someone measures a printed board, the tables below are what changes.

* Six rings, level 1 (outermost, where pawns enter) to level 6
  (innermost), and level 7, the single safe top in the centre, which
  holds any number of pawns.
* Every ring has ``SPACES`` spaces; the fixed base has as many wedges,
  numbered clockwise as seen from above.  "Up" is the same wedge one level
  in, "down" the same wedge one level out, "sideways" the neighbouring
  wedge on the same ring (the last and wedge 0 are neighbours).  From
  level 6 "up" is the top.
* A ring turns with the pawns standing on it: a pawn keeps its *space* on
  the ring, its *wedge* changes.  ``rot[level - 1]`` is how far the ring
  has turned clockwise: space ``s`` lies on wedge ``(s + rot) % SPACES``.
* Each ring shows the six colours twice.  At set-up every ring has turned
  0, so "the colours line up" across the rings (the rulebook's set-up):
  wedge ``w`` shows the same colour on every level.  The two faces of a
  ring are two colour orders; the rulebook: "Choose either side of the
  rings.  There is no difference in game play."  Both are chosen so that
  the rulebook's game play example works from set-up: yellow onto level
  1, turn level 1 two spaces counter-clockwise and climb onto red, turn
  level 2 three spaces clockwise and climb onto green (a yellow space's
  wedge minus 2 is red on the next ring, plus 1 is green).

A pawn's place is one small int, ``pos``: ``TABLE`` (0) off the board,
``level * SPACES + space`` on a ring (12..83), ``TOP`` (84) on the top.
"""

LEVELS = 6
SPACES = 12
TABLE = 0
TOP = (LEVELS + 1) * SPACES  # level 7, space 0: every pawn on top
PAWNS = 3                    # pawns per player

# Colours by number; the letters are what the OLED shows on a space.
RED, ORANGE, YELLOW, GREEN, BLUE, PURPLE = 0, 1, 2, 3, 4, 5
COLOURS = 6
LETTERS = "ROYGBP"
NAMES = ("red", "orange", "yellow", "green", "blue", "purple")
# NeoPixel colours (full scale; the device dims them).
RGB = ((255, 0, 0), (255, 70, 0), (230, 180, 0), (0, 220, 0),
       (0, 40, 255), (150, 0, 255))

# The two faces: the colour order of spaces 0..5 (6..11 repeat it), the
# same on every ring so that they line up at set-up.  Face A runs round
# the rainbow; face B is another order with the same example path
# (yellow on space 2, red two spaces counter-clockwise, green one space
# clockwise).
FACES = ("ROYGBP", "RBYGPO")
FACE_NAMES = ("rainbow", "mixed")

# Seat colours: a player's pawns, and the colour card that takes them
# from level 6 to the top ("any numbered color card that matches the
# color of your pawns").  Ordered so that two or three players get
# colours far apart on the LED ring.
PLAYER_COLOURS = (RED, BLUE, YELLOW, GREEN, PURPLE, ORANGE)

# Cards, by id: 0..35 colour cards (colour = id // 6, number 1, 1, 2, 2,
# 3, 3), 36..38 "any-color no-spin" wilds, 39..41 "unlimited-spin
# any-color" wilds.  The rulebook's deck of 42.
COLOUR_CARDS = 36
WILD = 36           # first no-spin wild
SPIN = 39           # first unlimited-spin wild
DECK = 42
HAND = 3            # cards in hand


def level(pos):
    return pos // SPACES


def space(pos):
    return pos % SPACES


def place(lvl, spc):
    return lvl * SPACES + spc


def colour_of_space(face, pos):
    """The colour of the ring space at ``pos`` (on a ring)."""
    return LETTERS.index(FACES[face][pos % SPACES % COLOURS])


def card_colour(cid):
    """0..5 for a colour card, -1 for both wilds (any colour)."""
    return cid // 6 if cid < COLOUR_CARDS else -1


def card_number(cid):
    """How far a card turns a ring: 1..3, 0 for the no-spin wild, -1 for
    the unlimited-spin wild (any amount)."""
    if cid < COLOUR_CARDS:
        return cid % 6 // 2 + 1
    return 0 if cid < SPIN else -1


def card_kind(cid):
    """Cards that play the same: the colour card's colour and number
    (0..17), 18 the no-spin wild, 19 the spin wild."""
    if cid < COLOUR_CARDS:
        return cid // 2
    return 18 if cid < SPIN else 19


def card_text(cid):
    """'R2', 'Y1', 'W' (no-spin wild), 'W*' (unlimited-spin wild)."""
    if cid < COLOUR_CARDS:
        return "%s%d" % (LETTERS[cid // 6], card_number(cid))
    return "W" if cid < SPIN else "W*"


def card_name(cid):
    """'red 2', 'wild', 'spin wild'."""
    if cid < COLOUR_CARDS:
        return "%s %d" % (NAMES[cid // 6], card_number(cid))
    return "wild" if cid < SPIN else "spin wild"
