"""Ring Climb: spin the rings, climb, jump, bump, be first to the top.

The public names (``Game``, ``Settings``, the rules functions) are
imported from their modules the first time they are asked for (a module
``__getattr__``, as in ``primeplay.climb``), so the registry's entry
points below cost the main menu nothing.
"""

_PUBLIC = {
    "Settings": "settings",
    "IllegalMove": "rules",
    "new_game": "rules",
    "legal_moves": "rules",
    "apply": "rules",
    "why_not": "rules",
    "winner": "rules",
    "places": "rules",
    "Game": "game",
}


def __getattr__(name):
    from primeplay import lazy_attribute
    return lazy_attribute("primeplay.rings", _PUBLIC, globals(), name)


# ------------------------------------------------ the app's entry points

# The app drops its menus while this game is in play (games.enter):
# measured on the emulated board, its presses answer sooner so (a move
# in 64 ms, not 137; a refused step in 132, not 180).
LEAN = True
# From source, compiled first (games.warm): the rules, the computer
# players and the play screen.
WARM = ("primeplay.rings.rules", "primeplay.rings.bot", "primeplay.app.rings_screen")

# The setup menu's remembered choices (app.game_prefs("rings")).
# seats: 0 human, 1 normal computer, 2 strong computer.
PREFS = {
    "players": 2,
    "seats": [0, 2, 2, 2, 2, 2],
    "face": 0,
    "first": 0,
    "one_card": 0,
    "play_on": 1,
}


def sanitize(p):
    """Bring remembered choices from any older build back in range."""
    if p["players"] not in (2, 3, 4, 5, 6):
        p["players"] = 2
    seats = p["seats"]
    if not isinstance(seats, list) or len(seats) != 6 or \
            [s for s in seats if s not in (0, 1, 2)
             or s is True or s is False]:
        p["seats"] = list(PREFS["seats"])
    if p["first"] not in range(p["players"]):
        p["first"] = 0
    for k in ("face", "one_card", "play_on"):
        if p[k] not in (0, 1):
            p[k] = PREFS[k]


def setup(app):
    """A new game: the setup menu, behind a Loading frame (its import is
    some 0.1 s on a board: the press is answered first)."""
    def job():
        from primeplay.app.rings_setup import RingsSetup
        app.go(RingsSetup(app))
    app.loading("Ring Climb", job)


def check(play):
    """Raise SaveError if the saved game ``play`` is damaged."""
    from primeplay.rings.saves import check as check_play
    check_play(play)


def detail(play):
    """Continue's Loading line; ``play`` has passed ``check``."""
    return "turn %d" % (play["state"]["turn"] + 1)


def resume(app, play):
    """The saved game's screen (raises what is wrong with it)."""
    from primeplay.app.rings_screen import RingsPlay
    return RingsPlay.resume(app, play)
