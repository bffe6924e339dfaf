"""Prime Climb: race two pawns from 0 to 101 with two d10 and + - x /.

The public names: ``reachable`` (every end pair of a turn), ``Game`` (a
game with history and undo), ``Settings`` and the rules functions.

Importing the package imports none of them: every submodule import runs
this file first, and the setup menu, which needs only the choices below,
must not pay for the rules, the search and the game (about 30 KB of heap and a
second of compiling on a board).  A public name is imported from its
module the first time it is asked for (a module ``__getattr__``, which
CPython, MicroPython and CircuitPython all call).

Below: the variants and the Way Station spaces (the setup menu offers
them and ``settings`` checks them).  The device's side of the game (its
entry in the app's registry, its screens) is ``primeplay.climb.ui``.
"""

_PUBLIC = {
    "reachable": "reach",
    "Settings": "settings",
    "IllegalMove": "rules",
    "new_game": "rules",
    "legal_moves": "rules",
    "apply": "rules",
    "winner": "rules",
    "end_positions": "rules",
    "Game": "game",
}


# Primes between 30 and 80: the spaces a Way Station may be.
WAY_STATION_CHOICES = (31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79)

# The rulebook's variants: (preset name, the setup menu's name for it).
VARIANTS = (
    ("standard", "Standard"),
    ("double_time", "Double Time"),
    ("way_stations", "Way Stations"),
    ("prime_sprint", "Prime Sprint"),
    ("prime_decline", "Prime Decline"),
    ("there_and_back", "There&Back"),
    ("solitaire1", "Solitaire 1"),
    ("solitaire2", "Solitaire 2"),
)
PRESETS = tuple([v[0] for v in VARIANTS])


def __getattr__(name):
    from primeplay import lazy_attribute
    return lazy_attribute("primeplay.climb", _PUBLIC, globals(), name)
