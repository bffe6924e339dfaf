"""The Prime Daifugo Lvl. 0 deck as data: one table, every count in it.

What the rulebook fixes (quoted in the comments of ``TABLE``):

* 45 number cards over 16 numbers: 0-13, 17 and 19.  Five [3]s.  Two [0]s,
  used only in the advanced rules.  Each number card shows, as 1-5 dots,
  how many copies of its number the deck holds.
* 9 special cards of 4 types: three D ("Draw": draw 2, discard 1) and two
  each of [5/9], [4/6/8] and SKIP (advanced rules; SKIP with 3 players).
* [10] is "Draw 2" and [12] is "Stop": powers of number cards, not
  special cards.
* The 10 hint cards are not part of the game ("Remove the 4 types of
  hint cards"): they are not in the table.
* Some single-digit cards carry the "3 cards allowed" icon; a [9] does.

What our copy of the rulebook does not give (the count of every number
but [3] and [0], and which cards carry the icon) is marked OUR CHOICE
below: 43 basic number cards over 1-13, 17, 19, weighted towards the
digits that end primes (1, 3, 7, 9) and the ones that start them, with a
few copies of the awkward orange cards.  Change them here and only here.

A card is a tuple ``(kind, values, icon, dots, name)``:

* ``kind``: NUMBER, MULTI (a multi-number card), DRAW (the D card), SKIP;
* ``values``: the numbers the card can be played as (one for a number
  card, several for a multi-number card, none for D and SKIP);
* ``icon``: True when the card carries the "3 cards allowed" icon;
* ``dots``: the copies of its number in the full deck (number cards);
* ``name``: how the card is written: "[7]", "[5/9]", "D", "SKIP".

Cards are referred to by their index in the game's card tuple, so a deck,
a hand and the discard pile are plain lists of small ints.
"""

NUMBER = "number"
MULTI = "multi"
DRAW = "draw"
SKIP = "skip"

# Which setting puts a row's cards in the deck (see Settings).
BASIC = "basic"
ZERO = "zero"
MULTI59 = "multi59"
MULTI468 = "multi468"
SKIPS = "skip"

# kind, values, copies, of them with the icon, set.
TABLE = (
    # Rulebook: "Card with value 0", two of them, advanced rules only.
    (NUMBER, (0,), 2, 0, ZERO),
    (NUMBER, (1,), 3, 1, BASIC),      # OUR CHOICE (count, icon)
    (NUMBER, (2,), 4, 1, BASIC),      # OUR CHOICE
    # Rulebook: "there are 5 [3]s in the deck".  Icon: OUR CHOICE.
    (NUMBER, (3,), 5, 2, BASIC),
    (NUMBER, (4,), 2, 0, BASIC),      # OUR CHOICE
    (NUMBER, (5,), 3, 0, BASIC),      # OUR CHOICE
    (NUMBER, (6,), 2, 0, BASIC),      # OUR CHOICE
    (NUMBER, (7,), 4, 1, BASIC),      # OUR CHOICE
    (NUMBER, (8,), 2, 0, BASIC),      # OUR CHOICE
    # Rulebook: a [9] carries the icon ("[9] has the icon").  OUR CHOICE:
    # four [9]s, two with the icon.
    (NUMBER, (9,), 4, 2, BASIC),
    (NUMBER, (10,), 2, 0, BASIC),     # OUR CHOICE; Draw 2
    (NUMBER, (11,), 3, 0, BASIC),     # OUR CHOICE
    (NUMBER, (12,), 2, 0, BASIC),     # OUR CHOICE; Stop
    (NUMBER, (13,), 3, 0, BASIC),     # OUR CHOICE
    (NUMBER, (17,), 2, 0, BASIC),     # OUR CHOICE
    (NUMBER, (19,), 2, 0, BASIC),     # OUR CHOICE
    # Rulebook: special cards, "3 cards" (D) and "2 cards each" (the rest).
    (DRAW, (), 3, 0, BASIC),
    (MULTI, (5, 9), 2, 0, MULTI59),
    (MULTI, (4, 6, 8), 2, 0, MULTI468),
    (SKIP, (), 2, 0, SKIPS),
)

DRAW_TWO = 10   # the number whose cards carry Draw 2
STOP = 12       # the number whose cards carry Stop


def _name(kind, values):
    if kind == DRAW:
        return "D"
    if kind == SKIP:
        return "SKIP"
    return "[" + "/".join([str(v) for v in values]) + "]"


def build(sets):
    """The cards of the deck for the sets in ``sets`` (a tuple of the set
    names above), as a tuple of card tuples in table order."""
    out = []
    for kind, values, copies, icons, cset in TABLE:
        if cset not in sets:
            continue
        dots = copies if kind == NUMBER else 0
        name = _name(kind, values)
        for i in range(copies):
            out.append((kind, values, i < icons, dots, name))
    return tuple(out)


def count(kind=None, sets=(BASIC, ZERO, MULTI59, MULTI468, SKIPS)):
    """How many cards of ``kind`` (all kinds when None) the sets hold."""
    n = 0
    for row in TABLE:
        if row[4] in sets and (kind is None or row[0] == kind):
            n += row[2]
    return n


def card_text(card):
    """"[9]*" for a card with the 3-cards icon, else its name."""
    return card[4] + ("*" if card[2] else "")
