"""Prime Climb rule settings and the rulebook's variants as presets.

Settings is a plain object of explicit fields; ``Settings.preset(name)``
builds the named variant.  Variants combine where that makes sense (Double
Time with Way Stations, say); ``validate`` rejects what does not.
``PREFS`` and ``sanitize``: what the setup menu remembers (the app's prefs
under "climb").
"""

# Goal modes: where pawns start and where they must go.
STANDARD = "standard"          # 0 -> 101
DECLINE = "decline"            # Prime Decline: 101 -> 0
THERE_AND_BACK = "there_and_back"  # 0 -> 101 -> 0

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


class Settings:
    """Every rule choice of one game."""

    __slots__ = ("players", "goal", "sprint", "double_time", "way_stations",
                 "solitaire", "cards", "custom_cards")

    def __init__(self, players=2, goal=STANDARD, sprint=False,
                 double_time=False, way_stations=(), solitaire=False,
                 cards=True, custom_cards=()):
        self.players = players
        self.goal = goal
        self.sprint = sprint
        self.double_time = double_time
        self.way_stations = tuple(way_stations)
        # Solitaire: one player, only the add/subtract Keepers, count rolls.
        self.solitaire = solitaire
        # cards=False plays without Prime Cards (no draws at all).
        self.cards = cards
        self.custom_cards = tuple(custom_cards)
        self.validate()

    @classmethod
    def preset(cls, name, players=None, **kw):
        """A variant from the rulebook by name (see PRESETS)."""
        if name == "standard":
            pass
        elif name == "double_time":
            kw["double_time"] = True
        elif name == "way_stations":
            kw.setdefault("way_stations", (53,))
        elif name == "prime_sprint":
            kw["sprint"] = True
        elif name == "prime_decline":
            kw["goal"] = DECLINE
        elif name == "there_and_back":
            kw["goal"] = THERE_AND_BACK
        elif name in ("solitaire1", "solitaire2"):
            kw["solitaire"] = True
            if name == "solitaire2":
                kw["goal"] = THERE_AND_BACK
            players = 1
        else:
            raise ValueError("unknown variant %r; one of %s"
                             % (name, ", ".join(PRESETS)))
        if players is not None:
            kw["players"] = players
        return cls(**kw)

    def validate(self):
        if not isinstance(self.players, int) or not 1 <= self.players <= 4:
            raise ValueError("players must be 1..4, got %r" % (self.players,))
        if self.goal not in (STANDARD, DECLINE, THERE_AND_BACK):
            raise ValueError("unknown goal mode %r" % (self.goal,))
        for s in self.way_stations:
            if s not in WAY_STATION_CHOICES:
                raise ValueError("way station %r is not a prime between 30 "
                                 "and 80" % (s,))
        if len(set(self.way_stations)) != len(self.way_stations):
            raise ValueError("way stations repeat: %r" % (self.way_stations,))
        if self.solitaire and self.players != 1:
            raise ValueError("solitaire is for one player")

    def copy(self):
        return Settings(self.players, self.goal, self.sprint,
                        self.double_time, self.way_stations, self.solitaire,
                        self.cards, self.custom_cards)

    def to_dict(self):
        return {"players": self.players, "goal": self.goal,
                "sprint": self.sprint, "double_time": self.double_time,
                "way_stations": list(self.way_stations),
                "solitaire": self.solitaire, "cards": self.cards,
                "custom_cards": [list(c) for c in self.custom_cards]}

    @classmethod
    def from_dict(cls, d):
        return cls(players=d["players"], goal=d["goal"], sprint=d["sprint"],
                   double_time=d["double_time"],
                   way_stations=tuple(d["way_stations"]),
                   solitaire=d["solitaire"], cards=d["cards"],
                   custom_cards=tuple(tuple(c) for c in d["custom_cards"]))

    def __eq__(self, other):
        return isinstance(other, Settings) and self.to_dict() == other.to_dict()

    def __repr__(self):
        return "Settings(%r)" % (self.to_dict(),)


# ------------------------------------------- the remembered settings
# The setup menu's choices and the solitaire records, remembered by the
# app (``App.game_prefs("climb")``, saved as ``prefs["climb"]``): the
# registry's entry points ``primeplay.climb.PREFS`` and
# ``primeplay.climb.sanitize`` are these.  Here, not in the package's
# ``__init__``: this module is loaded with any game anyway, the entry
# module at every power-up with a saved game.

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
