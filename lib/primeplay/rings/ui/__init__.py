"""Ring Climb on the device: its entry in the app's registry of games
(``primeplay.app.games``) and its screens (``setup_menu``, ``play``).

The registry calls ``setup``, ``check``, ``detail`` and ``resume``; each
imports what it needs when called.  ``PREFS``/``sanitize``: the setup
menu's remembered choices (``App.game_prefs("rings")``).
"""
# ------------------------------------------------ the app's entry points

# The app drops its menus while this game is in play (games.enter):
# measured on the emulated board, its presses answer sooner so (a move
# in 64 ms, not 137; a refused step in 132, not 180).
LEAN = True
# From source, compiled first (games.warm): the rules, the computer
# players and the play screen (its picture first).
# The setup menu's module: a LEAN game drops it with the menus.
SETUP = "primeplay.rings.ui.setup_menu"
WARM = ("primeplay.rings.rules", "primeplay.rings.bot",
        "primeplay.rings.ui.picture",
        "primeplay.rings.ui.play")

# The setup menu's remembered choices (app.game_prefs("rings")).
# seats: 0 human, 1 normal computer, 2 strong computer.
PREFS = {
    "players": 2,
    "seats": [0, 2, 2, 2, 2, 2],
    "face": 0,
    "first": 0,
    "one_card": 0,
    "play_on": 1,
    # First game: a human's choice starts on a sensible move (ui.guide).
    # Prefs saved before it load with it off.
    "guide": 0,
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
    for k in ("face", "one_card", "play_on", "guide"):
        if p[k] not in (0, 1):
            p[k] = PREFS[k]


def setup(app):
    """A new game: the setup menu, behind a Loading frame (its import is
    some 0.1 s on a board: the press is answered first)."""
    def job():
        from primeplay.rings.ui.setup_menu import RingsSetup
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
    from primeplay.rings.ui.play import RingsPlay
    return RingsPlay.resume(app, play)
