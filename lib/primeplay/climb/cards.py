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


def is_solitaire_card(card):
    """Solitaire plays with only the add-or-subtract Keepers."""
    return card[1] == "addsub"
