"""Prime Climb's choices as the setup menu offers them: the variants, the
Way Station spaces, and the remembered settings (``PREFS``, ``sanitize``).

A module of its own so that opening the setup menu, a press's answer,
loads only this; ``settings`` (the rules' Settings) loads at Start.
"""

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


# ------------------------------------------- the remembered settings
# The setup menu's choices and the solitaire records, remembered by the
# app (``App.game_prefs("climb")``, saved as ``prefs["climb"]``): the
# registry's entry points ``primeplay.climb.PREFS`` and
# ``primeplay.climb.sanitize`` are these.  Here, not in the package's
# ``__init__`` (the entry module, loaded at every power-up with a saved
# game) nor in settings.py (the setup menu is a press's answer on a
# board: it loads this small module, not the Settings class).

PREFS = {
    "players": 2,
    "seats": [0, 1, 1, 1],      # 0 human, 1 computer
    "variant": "standard",
    "cards": 1,
    "station": 53,
    "best": {},                 # solitaire records by variant
    "own_cards": 1,             # play with cards.txt's cards, if any
}


def sanitize(p):
    """A record can pass its checksum and still hold values from an older
    build: anything out of range falls back to the default.  ``p`` has
    every field of PREFS, of its type (so no bools where ints belong)."""
    for k, ok in (("players", (1, 2, 3, 4)), ("variant", PRESETS),
                  ("station", WAY_STATION_CHOICES), ("cards", (0, 1)),
                  ("own_cards", (0, 1))):
        if p[k] not in ok:
            p[k] = PREFS[k]
    seats = p["seats"]
    ok = len(seats) == 4
    for x in seats:
        if type(x) != int or x not in (0, 1):
            ok = False
    if not ok:
        p["seats"] = list(PREFS["seats"])
    # Solitaire records: a roll count per variant, nothing else.
    best = {}
    for k in ("solitaire1", "solitaire2"):
        v = p["best"].get(k)
        if type(v) == int and 0 < v < 100000:
            best[k] = v
    p["best"] = best
