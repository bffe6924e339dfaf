"""Prime Climb: race two pawns from 0 to 101 with two d10 and + - x /.

The public names: ``reachable`` (every end pair of a turn), ``Game`` (a
game with history and undo), ``Settings`` and the rules functions.

Importing the package imports none of them: every submodule import runs
this file first, and the setup menu, which needs only ``settings``, must
not pay for the rules, the search and the game (about 30 KB of heap and a
second of compiling on a board).  A public name is imported from its
module the first time it is asked for (a module ``__getattr__``, which
CPython, MicroPython and CircuitPython all call).
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


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    module = _PUBLIC.get(name, name)
    # Any other name may be a submodule not imported yet: MicroPython asks
    # here first and, unlike CPython, does not look for a submodule itself
    # when this raises.
    try:
        __import__("primeplay.climb." + module)
    except ImportError:
        raise AttributeError(name)
    found = globals()[module]
    return found if module == name else getattr(found, name)
