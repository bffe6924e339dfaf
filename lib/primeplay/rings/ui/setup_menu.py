"""Ring Climb's setup menu: players, who is a computer (and how strong),
the rings' face, who starts, the one-card house rule, whether the
others play on for places after the first player reaches the top, and
First game: a human's choice starts on a sensible move (``guide``),
and last, UP from Start, How to play (the rules in pages,
``primeplay.app.howto``).

Remembered in ``app.game_prefs("rings")`` (defaults and range checks:
``primeplay.rings.ui.PREFS``).  Loaded when the game is chosen in the main
menu and unloaded with it.
"""

from primeplay.app.menus import SetupMenu
from primeplay.rings import board as B

# As Prime Climb's setup names its computers.
SEAT_KINDS = ("human", "CPU normal", "CPU strong")


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
            text = "P%d %s: %s" % (s + 1, seat_colour(s),
                                   SEAT_KINDS[p["seats"][s]])
            if len(text) > 20:
                # 20 characters beside the scroll bar (menus.SCROLL_CHARS):
                # "P3 yellow:CPU strong" reads, "P3 yellow: CPU stron"
                # does not.
                text = text.replace(": ", ":")
            out.append(("seat%d" % s, text))
        out.append(("face", "Rings: %s" % B.FACE_NAMES[p["face"]]))
        # The rulebook: "The youngest player goes first".
        out.append(("first", "Youngest: P%d" % (p["first"] + 1)))
        # The house rule plays one card a turn; the rulebook one to three.
        out.append(("one_card", "Cards a turn: %s" % (
            "only 1" if p["one_card"] else "1 to 3")))
        out.append(("play_on", "After 1st: %s" % (
            "play on" if p["play_on"] else "stop")))
        out.append(("guide", "First game: %s" % (
            "on" if p["guide"] else "off")))
        out.append(("howto", "How to play"))
        return out

    def note(self, i):
        # From the rows made once a press, not layout(): asked each scene.
        return "Points at a good move" if \
            self.rows()[i].startswith("First game") else None

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
        elif key not in ("start", "howto"):
            p[key] = 1 - p[key]

    def choose(self, i):
        if self.layout()[i][0] == "howto":
            # Pushed: B there comes back to this row.
            from primeplay.app.howto import HowTo
            self.app.push(HowTo(self.app, "primeplay.rings"))
        else:
            SetupMenu.choose(self, i)

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
        from primeplay.rings.ui.play import RingsPlay
        seats = list(self.p["seats"][:settings.players])
        self.app.go(RingsPlay(self.app, settings, self.app.new_seed(),
                              seats))
