"""The Prime Cards as data.

The card texts below come from public fan implementations of Prime Climb,
not from the printed cards, which we have not seen; the rulebook only says
there are 24 of them, Keepers and Actions.

A card is a tuple ``(kind, effect, n, text)``:

* ``kind`` is KEEPER (kept face up, played during a later Move phase) or
  ACTION (resolved as soon as it is drawn);
* ``effect`` names what the rules engine does (see ``EFFECTS``);
* ``n`` is the effect's number where it has one (0 otherwise).

Cards are referred to by their index in the deck table, so a deck, a hand
and a discard pile are plain lists of small ints.
"""

KEEPER = "keeper"
ACTION = "action"

# effect name -> (kind it may have, whether it takes a number)
EFFECTS = {
    "addsub": (KEEPER, True),       # add or subtract n to one of your pawns
    "send_start": (KEEPER, False),  # send any one pawn back to Start
    "curse": (KEEPER, False),       # an opponent may only - or / next turn
    "roll_again": (ACTION, False),
    "swing50": (ACTION, False),     # above 50: -50; below 50: +50
    "back10_double": (ACTION, False),  # above 50: -10; below 50: x2
    "advance_bump": (ACTION, False),   # to the nearest pawn ahead, bump it
    "reverse_bump": (ACTION, False),   # to the nearest pawn behind, bump it
    "reverse_digits": (ACTION, False),
    "switch": (ACTION, False),      # swap places with any pawn
    "goto": (ACTION, True),         # go to space n
    "steal": (ACTION, False),       # take a Keeper from another player
}

_BASE = [(KEEPER, "addsub", n, "Keeper: add or subtract %d" % n)
         for n in range(1, 10)]
_BASE += [
    (KEEPER, "send_start", 0, "Keeper: send any one pawn back to Start"),
    (KEEPER, "send_start", 0, "Keeper: send any one pawn back to Start"),
    (KEEPER, "curse", 0,
     "Keeper: Curse! An opponent may only subtract or divide next turn"),
    (KEEPER, "curse", 0,
     "Keeper: Curse! An opponent may only subtract or divide next turn"),
    (ACTION, "roll_again", 0, "Roll again"),
    (ACTION, "roll_again", 0, "Roll again"),
    (ACTION, "roll_again", 0, "Roll again"),
    (ACTION, "swing50", 0, "Above 50: subtract 50. Below 50: add 50"),
    (ACTION, "back10_double", 0,
     "Above 50: go back 10. Below 50: double your number"),
    (ACTION, "advance_bump", 0,
     "Advance to the nearest pawn ahead and send it to Start"),
    (ACTION, "reverse_bump", 0,
     "Reverse to the nearest pawn behind and send it to Start"),
    (ACTION, "reverse_digits", 0, "Reverse the digits of your number"),
    (ACTION, "switch", 0, "Switch your pawn with any pawn"),
    (ACTION, "goto", 64, "Go to 64"),
    (ACTION, "steal", 0, "Steal a Keeper from another player"),
]

BASE_CARDS = tuple(_BASE)
BASE_COUNT = 24
# The box holds four blank cards for "Fill in the Blanks".
MAX_BLANKS = 4


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


def is_solitaire_card(card):
    """Solitaire plays with only the add-or-subtract Keepers."""
    return card[1] == "addsub"
