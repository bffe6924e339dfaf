"""Ring Climb's setup menu: players, who is a computer (and how strong),
the rings' face, who starts, the one-card house rule, and whether the
others play on for places after the first player reaches the top.

Remembered in ``app.game_prefs("rings")`` (defaults and range checks:
``primeplay.rings.PREFS``).  Loaded when the game is chosen in the main
menu and unloaded with it.
"""

from primeplay.app.menus import SetupMenu
from primeplay.rings import board as B

SEAT_KINDS = ("human", "computer", "strong cpu")


def seat_colour(p):
    """'red': the colour of player p's pawns."""
    return B.NAMES[B.PLAYER_COLOURS[p]]


class RingsSetup(SetupMenu):
    """Start first (A twice starts the remembered game), then the rows
    that change it."""

    def __init__(self, app):
        SetupMenu.__init__(self, app)
        self.p = app.game_prefs("rings")

    def layout(self):
        """The rows as (key, text)."""
        p = self.p
        out = [("start", "Start"),
               ("players", "Players: %d" % p["players"])]
        for s in range(p["players"]):
            out.append(("seat%d" % s, "P%d %s: %s" % (
                s + 1, seat_colour(s), SEAT_KINDS[p["seats"][s]])))
        out.append(("face", "Rings: %s" % B.FACE_NAMES[p["face"]]))
        # The rulebook: "The youngest player goes first".
        out.append(("first", "Youngest: P%d" % (p["first"] + 1)))
        out.append(("one_card", "Cards a turn: %s" % (
            "1 (house)" if p["one_card"] else "up to 3")))
        out.append(("play_on", "After 1st: %s" % (
            "play on" if p["play_on"] else "stop")))
        return out

    def change(self, i, step):
        key = self.layout()[i][0]
        p = self.p
        if key == "players":
            p["players"] = (p["players"] - 2 + step) % 5 + 2
            if p["first"] >= p["players"]:
                p["first"] = 0
        elif key.startswith("seat"):
            s = int(key[4:])
            p["seats"][s] = (p["seats"][s] + step) % len(SEAT_KINDS)
        elif key == "first":
            p["first"] = (p["first"] + step) % p["players"]
        elif key != "start":
            p[key] = 1 - p[key]

    def settings(self):
        from primeplay.rings.settings import Settings
        p = self.p
        s = Settings(p["players"], face=p["face"], first=p["first"],
                     one_card=bool(p["one_card"]),
                     play_on=bool(p["play_on"]))
        s.validate()
        return s

    def start(self):
        self.app.store_soon()
        self.app.loading("Ring Climb", self._start,
                         "%d players" % self.p["players"])

    def _start(self):
        settings = self.settings()
        from primeplay.app.games import enter
        enter("rings")     # the menus go (games.enter)
        from primeplay.app.rings_screen import RingsPlay
        seats = list(self.p["seats"][:settings.players])
        self.app.go(RingsPlay(self.app, settings, self.app.new_seed(),
                              seats))
