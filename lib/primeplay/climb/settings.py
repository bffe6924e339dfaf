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

# The menu's choices live in the package's __init__ (the setup menu needs
# them alone).
from primeplay.climb import (WAY_STATION_CHOICES, VARIANTS,  # noqa: F401
                             PRESETS)


# Fields added after saves existed: an old save lacks them and loads with
# the defaults.
NEWER_FIELDS = ("start_roll", "curse_mirror", "both_out", "station_mid_move")
BOOL_FIELDS = ("sprint", "double_time", "solitaire", "cards") + NEWER_FIELDS


class Settings:
    """Every rule choice of one game."""

    __slots__ = ("players", "goal", "sprint", "double_time", "way_stations",
                 "solitaire", "cards", "custom_cards", "start_roll",
                 "curse_mirror", "both_out", "station_mid_move")

    def __init__(self, players=2, goal=STANDARD, sprint=False,
                 double_time=False, way_stations=(), solitaire=False,
                 cards=True, custom_cards=(), start_roll=True,
                 curse_mirror=True, both_out=True, station_mid_move=False):
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
        # The house-ruling switches (rules.py, "House rulings"); each
        # default is the rulebook's careful reading, False the table's
        # other one.  start_roll: dice decide who starts (ruling 12), else
        # player 1 does.  curse_mirror: in Prime Decline and on the way
        # back a Curse allows + and x, the operations that lead away from
        # the goal there (ruling 3).  both_out: in There and Back Again
        # no pawn starts back before both are in on 101 (ruling 10).
        # station_mid_move: a Way Station counts the moment a die or Keeper
        # puts a pawn on it, not only where the Move phase ends (ruling 9).
        self.start_roll = start_roll
        self.curse_mirror = curse_mirror
        self.both_out = both_out
        self.station_mid_move = station_mid_move
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
        for k in BOOL_FIELDS:
            v = getattr(self, k)
            if v is not True and v is not False:
                raise ValueError("%s must be True or False, got %r" % (k, v))

    def copy(self):
        return Settings(self.players, self.goal, self.sprint,
                        self.double_time, self.way_stations, self.solitaire,
                        self.cards, self.custom_cards, self.start_roll,
                        self.curse_mirror, self.both_out,
                        self.station_mid_move)

    def to_dict(self):
        return {"players": self.players, "goal": self.goal,
                "sprint": self.sprint, "double_time": self.double_time,
                "way_stations": list(self.way_stations),
                "solitaire": self.solitaire, "cards": self.cards,
                "custom_cards": [list(c) for c in self.custom_cards],
                "start_roll": self.start_roll,
                "curse_mirror": self.curse_mirror,
                "both_out": self.both_out,
                "station_mid_move": self.station_mid_move}

    @classmethod
    def from_dict(cls, d):
        """Settings from to_dict(); a field missing (a save from before
        the field existed) takes its default."""
        kw = {}
        for k in NEWER_FIELDS:
            if k in d:
                kw[k] = d[k]
        return cls(players=d["players"], goal=d["goal"], sprint=d["sprint"],
                   double_time=d["double_time"],
                   way_stations=tuple(d["way_stations"]),
                   solitaire=d["solitaire"], cards=d["cards"],
                   custom_cards=tuple(tuple(c) for c in d["custom_cards"]),
                   **kw)

    def __eq__(self, other):
        return isinstance(other, Settings) and self.to_dict() == other.to_dict()

    def __repr__(self):
        return "Settings(%r)" % (self.to_dict(),)
