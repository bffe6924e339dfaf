"""Prime Climb: race two pawns from 0 to 101 with two d10 and + - x /.

The public names: ``reachable`` (every end pair of a turn), ``Game`` (a
game with history and undo), ``Settings`` and the rules functions.

Importing the package imports none of them: every submodule import runs
this file first, and the setup menu, which needs only ``choices``, must
not pay for the rules, the search and the game (about 30 KB of heap and a
second of compiling on a board).  A public name is imported from its
module the first time it is asked for (a module ``__getattr__``, which
CPython, MicroPython and CircuitPython all call).

The package is also Prime Climb's entry in the app's registry of games
(``primeplay.app.games``): ``setup``, ``check``, ``detail`` and ``resume``
below, each importing what it needs when called, and the remembered
settings (``PREFS``, ``sanitize``: ``App.game_prefs("climb")``), from
``choices`` when first asked for.
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
    # The app's entry points for the remembered settings (App.game_prefs),
    # asked for by the setup menu and a solitaire's end, never at power-up.
    "PREFS": "choices",
    "sanitize": "choices",
}


def __getattr__(name):
    from primeplay import lazy_attribute
    return lazy_attribute("primeplay.climb", _PUBLIC, globals(), name)


# ------------------------------------------------ the app's entry points

def setup(app):
    """A new game: the setup menu (players, seats, variant).  The heap is
    collected (see ClimbSetup._start) once the menu's first frame is on
    the panel: a collection is tens of ms on a board, and this is a
    press's answer."""
    import gc
    from primeplay.app.climb_setup import ClimbSetup
    app.go(ClimbSetup(app), gc.collect)


def check(play):
    """Raise SaveError if the saved game ``play`` is damaged."""
    from primeplay.climb.saves import check as check_play
    check_play(play)


def detail(play):
    """Continue's Loading line; ``play`` has passed ``check``."""
    return "turn %d" % play["state"]["turn"]


def resume(app, play):
    """The saved game's play screen (raises what is wrong with it)."""
    import gc
    gc.collect()    # see ClimbSetup._start
    seats = play.get("seats") if isinstance(play, dict) else None
    if isinstance(seats, list) and 1 in seats:
        # The computer's 10.5 KB table first, while the heap is still
        # whole: later, between the modules, that block may not be.
        import primeplay.climb.values  # noqa: F401
    from primeplay.app.climb_screen import ClimbPlay
    return ClimbPlay.resume(app, play)
