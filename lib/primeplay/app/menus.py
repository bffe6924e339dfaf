"""Menus: the main menu and Prime Climb's game setup.

A menu is rows of text with a lit bar on the chosen one: UP/DOWN move,
LEFT/RIGHT change a setting, A chooses, B goes back.  Five rows fit the
panel; longer menus scroll.

The menus import no game: the main menu lists the games of the registry
(``primeplay.app.games``), and a game's modules load behind a Loading
screen when it starts (``App.loading``), so the first frame comes sooner
and no press waits for a compile.
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH
from primeplay.app import colours

ROWS = 5
ROW_H = CHAR_H + 1

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


def draw_rows(sc, rows, cursor, top):
    """Rows of text, the chosen one dark on a lit bar."""
    for i in range(top, min(len(rows), top + ROWS)):
        y = (i - top) * ROW_H
        text = rows[i][:WIDTH // CHAR_W]
        if i == cursor:
            sc.rect(0, y, WIDTH, ROW_H, 1)
            sc.text(0, y + 1, text, 1, 0)
        else:
            sc.text(0, y + 1, text)


class Menu:
    """Base: a cursor over rows; subclasses give rows and actions."""

    def __init__(self, app):
        self.app = app
        self.cursor = 0
        self.top = 0

    def rows(self):
        return []

    def choose(self, i):
        pass

    def change(self, i, step):
        pass

    def back(self):
        pass

    def press(self, name):
        n = len(self.rows())
        if name == "UP":
            self.cursor = (self.cursor - 1) % n
        elif name == "DOWN":
            self.cursor = (self.cursor + 1) % n
        elif name in ("LEFT", "RIGHT"):
            self.change(self.cursor, -1 if name == "LEFT" else 1)
        elif name == "A":
            self.choose(self.cursor)
        elif name == "B":
            self.back()
        self._scroll()

    def _scroll(self):
        n = len(self.rows())
        if self.cursor >= n:
            self.cursor = n - 1
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + ROWS:
            self.top = self.cursor - ROWS + 1

    def tick(self):
        pass

    def draw(self, sc):
        draw_rows(sc, self.rows(), self.cursor, self.top)
        sc.leds = colours.ring(["grey"], self.app.pixels)


class MainMenu(Menu):
    """Continue (when a game is saved), the registry's games, the colour
    explorer."""

    def __init__(self, app):
        from primeplay.app.games import GAMES
        Menu.__init__(self, app)
        self.entries = []
        self.names = []
        if app.saved_game is not None:
            self.entries.append("continue")
            self.names.append("Continue game")
        for e in GAMES:
            self.entries.append(e[0])
            self.names.append(e[1])
        self.entries.append("explorer")
        self.names.append("Colour explorer")

    def rows(self):
        return self.names

    def choose(self, i):
        from primeplay.app import games
        e = self.entries[i]
        if e == "continue":
            games.resume(self.app)
        elif e == "explorer":
            from primeplay.app.explorer import Explorer
            self.app.go(Explorer(self.app))
        else:
            games.setup(self.app, e)


class ClimbSetup(Menu):
    """Players, who is a computer, the variant and its options: the
    choices are remembered in the app's prefs (and saved)."""

    def _variant(self):
        names = [v[0] for v in VARIANTS]
        v = self.app.prefs["variant"]
        return names.index(v) if v in names else 0

    def _solo(self):
        return self.app.prefs["variant"].startswith("solitaire")

    def _players(self):
        return 1 if self._solo() else self.app.prefs["players"]

    def layout(self):
        """The rows as (key, text)."""
        p = self.app.prefs
        out = [("variant", "Game: %s" % VARIANTS[self._variant()][1])]
        if not self._solo():
            out.append(("players", "Players: %d" % p["players"]))
        for s in range(self._players()):
            out.append(("seat%d" % s, "P%d %s: %s" % (
                s + 1, colours.SEAT_NAMES[s],
                "computer" if p["seats"][s] else "human")))
        if not self._solo():
            out.append(("cards", "Prime Cards: %s" % ("on" if p["cards"]
                                                      else "off")))
        if self.app.custom_cards:
            out.append(("own", "Own cards: %d %s" % (
                len(self.app.custom_cards), "on" if p["own_cards"]
                else "off")))
        if p["variant"] == "way_stations":
            out.append(("station", "Way Station: %d" % p["station"]))
        out.append(("start", "Start"))
        return out

    def rows(self):
        return [t for _, t in self.layout()]

    def change(self, i, step):
        key = self.layout()[i][0]
        p = self.app.prefs
        if key == "variant":
            p["variant"] = VARIANTS[(self._variant() + step) %
                                    len(VARIANTS)][0]
        elif key == "players":
            p["players"] = (p["players"] - 1 + step) % 4 + 1
        elif key.startswith("seat"):
            s = int(key[4:])
            p["seats"][s] = 1 - p["seats"][s]
        elif key == "cards":
            p["cards"] = 1 - p["cards"]
        elif key == "own":
            p["own_cards"] = 1 - p["own_cards"]
        elif key == "station":
            from primeplay.climb.settings import WAY_STATION_CHOICES
            ch = WAY_STATION_CHOICES
            i = ch.index(p["station"]) if p["station"] in ch else 0
            p["station"] = ch[(i + step) % len(ch)]

    def choose(self, i):
        key = self.layout()[i][0]
        if key == "start":
            self.start()
        else:
            self.change(i, 1)

    def back(self):
        self.app.home()

    def settings(self):
        from primeplay.climb.settings import Settings
        p = self.app.prefs
        kw = {}
        if p["variant"] == "way_stations":
            kw["way_stations"] = (p["station"],)
        if not self._solo():
            kw["cards"] = bool(p["cards"])
        if self.app.custom_cards and p["own_cards"]:
            kw["custom_cards"] = self.app.custom_cards
        return Settings.preset(p["variant"], None if self._solo()
                               else p["players"], **kw)

    def start(self):
        self.app.loading("Prime Climb", self._start,
                         VARIANTS[self._variant()][1])

    def _start(self):
        from primeplay.app.climb_screen import ClimbPlay
        settings = self.settings()
        seats = list(self.app.prefs["seats"][:settings.players])
        seed = self.app.new_seed()
        self.app.go(ClimbPlay(self.app, settings, seed, seats))
