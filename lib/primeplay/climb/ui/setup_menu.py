"""Prime Climb's setup menu: Start first (A, A from the main menu starts
the remembered game), then the variant, players, who is a computer and
the variant's options, remembered in the game's prefs
(``App.game_prefs("climb")``: defaults and checks in ``primeplay.climb.ui``);
How to play last, UP from Start (the rules in pages,
``primeplay.app.howto``).  (No First game row yet: its pointer, the Hint
worked out at every human turn, did not fit the board's heap beside the
computers' search: issue 22's heap work.)

Loaded when Prime Climb is chosen in the main menu (the registry's
``setup``, ``primeplay.climb.setup``) and unloaded with the game.
"""

from primeplay.app import colours
from primeplay.app.menus import SetupMenu

from primeplay.climb import VARIANTS, WAY_STATION_CHOICES

# The line under the rows about each variant (VARIANTS' order).  Here, not
# in the package: only this menu needs them, and the package stays loaded
# through the game.
VARIANT_NOTES = (
    "race 0 to 101",
    "bump, draw every move",
    "visit primes first",
    "first pawn home wins",
    "race 101 down to 0",
    "to 101 and back to 0",
    "alone: fewest rolls",
    "alone, there and back",
)

# A seat is 0 (a human) or a computer level: climb.bot's NORMAL = 1,
# HARD = 2, EASY = 3 (1 is what saves before levels called "computer").
# Named here, not imported: the setup menu must not load the bot.
SEAT_NAMES = ("human", "CPU normal", "CPU hard", "CPU easy")
SEAT_ORDER = (0, 3, 1, 2)       # the menu cycles human, easy, normal, hard

# The rulings players could disagree on (climb.rules' House rulings): the
# pref and Settings field, the variants that have it, the row for its 0
# and 1, and the line under the rows.
RULINGS = (
    ("first", ("standard", "double_time", "way_stations", "prime_sprint",
               "prime_decline", "there_and_back"),
     ("First: P1", "First: dice decide"), "highest roll starts"),
    ("curse_mirror", ("prime_decline", "there_and_back"),
     ("Curse: - / only", "Curse: + x only"), "0 is the goal here"),
    ("both_out", ("there_and_back", "solitaire2"),
     ("Turn back: each", "Turn back: both in"), "both in, then back"),
    ("station_mid_move", ("way_stations",),
     ("Station: at end", "Station: any stop"), "a stop mid-move too?"),
)
RULING_KEYS = tuple([r[0] for r in RULINGS])


class ClimbSetup(SetupMenu):
    """Start, then players, who is a computer, the variant and its
    options: the choices are remembered in the game's prefs (and saved).
    How fast a computer plays is the device's setting (the main menu's
    Settings), for every game."""

    def __init__(self, app):
        SetupMenu.__init__(self, app)
        self.p = app.game_prefs("climb")

    def _variant(self):
        names = [v[0] for v in VARIANTS]
        v = self.p["variant"]
        return names.index(v) if v in names else 0

    def _solo(self):
        return self.p["variant"].startswith("solitaire")

    def _players(self):
        return 1 if self._solo() else self.p["players"]

    def layout(self):
        """The rows as (key, text)."""
        p = self.p
        out = [("start", "Start"),
               ("variant", "Game: %s" % VARIANTS[self._variant()][1])]
        if not self._solo():
            out.append(("players", "Players: %d" % p["players"]))
        for s in range(self._players()):
            text = "P%d %s: %s" % (s + 1, colours.SEAT_NAMES[s],
                                   SEAT_NAMES[p["seats"][s]])
            if len(text) > 20:
                # 20 characters beside the scroll bar: "P2 yellow:CPU
                # normal" still reads, "P2 yellow: CPU norma" does not.
                text = text.replace(": ", ":")
            out.append(("seat%d" % s, text))
        if not self._solo():
            out.append(("cards", "Prime Cards: %s" % ("on" if p["cards"]
                                                      else "off")))
        if self.app.custom_cards:
            out.append(("own", "Own cards: %d %s" % (
                len(self.app.custom_cards), "on" if p["own_cards"]
                else "off")))
        if p["variant"] == "way_stations":
            more = p["stations"]
            out.append(("station", "Way Station: %d" % p["station"]))
            out.append(("station1", "2nd station: %s" % (more[0] or "none")))
            if more[0]:
                out.append(("station2", "3rd station: %s" % (
                    more[1] or "none")))
        out += self._rulings()
        out.append(("howto", "How to play"))
        return out

    def _rulings(self):
        """The rows of the rulings this game's variant has (RULINGS)."""
        p = self.p
        v = p["variant"]
        out = []
        for key, shown, texts, _ in RULINGS:
            if v in shown and (key != "curse_mirror" or p["cards"]) and \
                    (key != "first" or not self._solo()):
                out.append((key, texts[p[key]]))
        return out

    def change(self, i, step):
        key = self.layout()[i][0]
        p = self.p
        if key == "variant":
            p["variant"] = VARIANTS[(self._variant() + step) %
                                    len(VARIANTS)][0]
        elif key == "players":
            p["players"] = (p["players"] - 1 + step) % 4 + 1
        elif key.startswith("seat"):
            s = int(key[4:])
            i = SEAT_ORDER.index(p["seats"][s])
            p["seats"][s] = SEAT_ORDER[(i + step) % len(SEAT_ORDER)]
        elif key == "cards":
            p["cards"] = 1 - p["cards"]
        elif key == "own":
            p["own_cards"] = 1 - p["own_cards"]
        elif key in RULING_KEYS:
            p[key] = 1 - p[key]
        elif key.startswith("station"):
            self._station(key, step)

    def _station(self, key, step):
        """The next station choice no other row has; the 2nd and 3rd may
        also be none (0), and none for the 2nd takes the 3rd with it."""
        p = self.p
        more = p["stations"]
        if key == "station":
            ch = WAY_STATION_CHOICES
            have = p["station"]
            others = more
        else:
            k = int(key[7:]) - 1
            ch = (0,) + WAY_STATION_CHOICES
            have = more[k]
            others = [p["station"], more[1 - k]]
        i = ch.index(have) if have in ch else 0
        for _ in range(len(ch)):
            i = (i + step) % len(ch)
            if ch[i] == 0 or ch[i] not in others:
                break
        if key == "station":
            p["station"] = ch[i]
        else:
            more[k] = ch[i]
            if not more[0]:
                more[1] = 0

    def note(self, i):
        """A line about row ``i`` (the menu draws it under the rows): what
        the chosen variant is."""
        key = self.layout()[i][0]
        if key == "variant":
            return VARIANT_NOTES[self._variant()]
        if key in RULING_KEYS:
            return RULINGS[RULING_KEYS.index(key)][3]
        if key.startswith("station"):
            return "visit before home"
        return None

    def choose(self, i):
        if self.layout()[i][0] == "howto":
            # Pushed: B there comes back to this row.
            from primeplay.app.howto import HowTo
            self.app.push(HowTo(self.app, "primeplay.climb"))
        else:
            SetupMenu.choose(self, i)

    def settings(self):
        from primeplay.climb.settings import Settings
        p = self.p
        kw = {}
        if p["variant"] == "way_stations":
            kw["way_stations"] = tuple([p["station"]] +
                                       [x for x in p["stations"] if x])
        if not self._solo():
            kw["cards"] = bool(p["cards"])
        kw["start_roll"] = bool(p["first"])
        kw["curse_mirror"] = bool(p["curse_mirror"])
        kw["both_out"] = bool(p["both_out"])
        kw["station_mid_move"] = bool(p["station_mid_move"])
        if self.app.custom_cards and p["own_cards"]:
            kw["custom_cards"] = self.app.custom_cards
        return Settings.preset(p["variant"], None if self._solo()
                               else p["players"], **kw)

    def start(self):
        self.app.loading("Prime Climb", self._start,
                         VARIANTS[self._variant()][1])

    def _start(self):
        # This module and the main menu's are not needed in the game (a
        # new game comes back through the main menu, which loads them
        # again), and what the menus left behind is freed before the
        # game's modules load: on the board they then fill those holes
        # from the bottom of the heap, and the computer player's search
        # finds the large blocks it needs above them.
        from primeplay.app.games import enter
        enter("climb")
        if any(self.p["seats"][:self._players()]):
            # The computer's modules first (see climb.resume).
            import primeplay.climb.bot  # noqa: F401
        from primeplay.climb.ui.play import ClimbPlay
        settings = self.settings()
        seats = list(self.p["seats"][:settings.players])
        seed = self.app.new_seed()
        self.app.go(ClimbPlay(self.app, settings, seed, seats))
