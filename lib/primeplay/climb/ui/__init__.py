"""Prime Climb on the device: its entry in the app's registry of games
(``primeplay.app.games``) and its screens (``setup_menu``, ``play`` with
``human``, ``hint_page``, ``board`` and ``results``).

The registry calls ``setup``, ``check``, ``detail`` and ``resume``; each
imports what it needs when called, so the main menu pays for none of the
game.  ``PREFS``/``sanitize``: the remembered settings
(``App.game_prefs("climb")``), checked against the variants and Way
Station spaces of ``primeplay.climb``.
"""

from primeplay.climb import PRESETS, WAY_STATION_CHOICES

# The app drops its menus while this game is in play (games.enter): a
# four-computer game's search wants the 5-7 KB they hold.
LEAN = True
# From source, compiled first (games.warm): the rules, the computer's
# search and the play screen.
# The setup menu's module: a LEAN game drops it with the menus.
SETUP = "primeplay.climb.ui.setup_menu"
WARM = ("primeplay.climb.rules", "primeplay.climb.reach", "primeplay.climb.bot",
        "primeplay.climb.ui.play")

# ------------------------------------------- the remembered settings
# The setup menu's choices and the solitaire records, remembered by the
# app (``App.game_prefs("climb")``, saved as ``prefs["climb"]``): the
# registry's entry points ``PREFS`` and ``sanitize`` are these.

PREFS = {
    "players": 2,
    "seats": [0, 1, 1, 1],      # 0 human, else a computer level
    # (No "speed": how fast a computer plays is the device's setting,
    # App.speed; a speed older builds kept here carries over at load.)
    "variant": "standard",
    "cards": 1,
    "station": 53,
    "stations": [0, 0],         # a 2nd and 3rd Way Station, 0: none
    "best": {},                 # solitaire records by variant
    "own_cards": 1,             # play with cards.txt's cards, if any
    # The rulings players could disagree on (climb.rules' House rulings,
    # Settings' fields of the same names): 1 is the rulebook's reading.
    "first": 1,                 # 1 the dice decide who starts, 0 P1 does
    "curse_mirror": 1,          # where 0 is the goal, a Curse limits to + x
    "both_out": 1,              # There and Back: both in to 101, then back
    "station_mid_move": 0,      # a Way Station counts only where a pawn ends
}


def sanitize(p):
    """A record can pass its checksum and still hold values from an older
    build: anything out of range falls back to the default.  ``p`` has
    every field of PREFS, of its type (so no bools where ints belong)."""
    for k, ok in (("players", (1, 2, 3, 4)), ("variant", PRESETS),
                  ("station", WAY_STATION_CHOICES), ("cards", (0, 1)),
                  ("own_cards", (0, 1)),
                  ("first", (0, 1)), ("curse_mirror", (0, 1)),
                  ("both_out", (0, 1)), ("station_mid_move", (0, 1))):
        if p[k] not in ok:
            p[k] = PREFS[k]
    seats = p["seats"]
    ok = len(seats) == 4
    for x in seats:
        if type(x) != int or x not in (0, 1, 2, 3):
            ok = False
    if not ok:
        p["seats"] = list(PREFS["seats"])
    # More stations: each a choice, none twice, and no 3rd without a 2nd.
    more = p["stations"]
    used = [p["station"]]
    keep = []
    for x in (more[:2] if len(more) >= 2 else ()):
        if type(x) == int and x in WAY_STATION_CHOICES and x not in used:
            used.append(x)
            keep.append(x)
        else:
            break
    p["stations"] = keep + [0] * (2 - len(keep))
    # Solitaire records: a roll count per variant, nothing else.
    best = {}
    for k in ("solitaire1", "solitaire2"):
        v = p["best"].get(k)
        if type(v) == int and 0 < v < 100000:
            best[k] = v
    p["best"] = best


# ------------------------------------------------ the app's entry points

def setup(app):
    """A new game: the setup menu (players, seats, variant), behind a
    Loading frame: its import and a collection of the heap first (see
    the setup menu's start) are more than a press's answer on a board."""
    def job():
        import gc
        gc.collect()
        from primeplay.climb.ui.setup_menu import ClimbSetup
        app.go(ClimbSetup(app))
    app.loading("Prime Climb", job)


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
    if isinstance(seats, list) and any(seats):
        # The computer's modules first, while the heap is still whole:
        # its search scratch (two 1.6 KB blocks) may not fit later.
        import primeplay.climb.bot  # noqa: F401
    from primeplay.climb.ui.play import ClimbPlay
    return ClimbPlay.resume(app, play)
