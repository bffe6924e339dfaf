"""Prime Daifugo's setup menu: players, who is a computer (and how
strong), the match length, the card hints and the advanced rules, each on
its own row ("You may choose one, or some, or all (!)"), and the
learner's aids: Practice (a non-prime is refused), Learner (the screen
says prime or not before a play) and First game (the hand points at a
play: ``guide``); last, UP from Start, How to play (the rules in pages,
``primeplay.app.howto``).

Remembered in ``app.game_prefs("daifugo")`` (defaults and range checks:
``primeplay.daifugo.ui.PREFS``).  Loaded when the game is chosen in the main
menu and unloaded with it.
"""

from primeplay.app import colours
from primeplay.app.menus import SetupMenu

# As Prime Climb's setup says them.
SEAT_KINDS = ("human", "CPU normal", "CPU hard")
ONOFF = ("off", "on")

# What a row means, on the panel's last line while it is chosen (21
# characters), by the start of the row's text.
NOTES = (
    ("Card hints", "What the cards print"),
    ("Practice", "A non-prime: refused"),
    ("Learner", "Says prime or not"),
    ("Multi in 3", "Multi card in 3 cards"),
    ("Hand limit", "Most cards in a hand"),
    ("First game", "Points at a good play"),
)


class DaifugoSetup(SetupMenu):
    """Start first (A twice starts the remembered match), then the rows
    that change it."""

    def __init__(self, app):
        SetupMenu.__init__(self, app)
        self.p = app.game_prefs("daifugo")

    def layout(self):
        """The rows as (key, text)."""
        p = self.p
        out = [("start", "Start"),
               ("players", "Players: %d" % p["players"])]
        for s in range(p["players"]):
            text = "P%d %s: %s" % (s + 1, colours.SEAT_NAMES[s],
                                   SEAT_KINDS[p["seats"][s]])
            if len(text) > 20:
                # 20 characters beside the scroll bar: "P2 yellow:CPU
                # normal" still reads, "P2 yellow: CPU norma" does not.
                text = text.replace(": ", ":")
            out.append(("seat%d" % s, text))
        out.append(("match", "Match: first to %d" % p["match"]))
        out.append(("clues", "Card hints: %s" % ONOFF[p["clues"]]))
        out.append(("zero", "[0] cards: %s" % ONOFF[p["zero"]]))
        out.append(("multi59", "[5/9] cards: %s" % ONOFF[p["multi59"]]))
        out.append(("multi468", "[4/6/8] cards: %s" % ONOFF[p["multi468"]]))
        if p["multi59"] or p["multi468"]:
            out.append(("multi_in_three", "Multi in 3: %s" % (
                "yes" if p["multi_in_three"] else "no")))
        if p["players"] == 3:
            out.append(("skip", "SKIP cards: %s" % ONOFF[p["skip"]]))
        out.append(("hand_limit", "Hand limit: %s" % (
            p["hand_limit"] or "none")))
        out.append(("strict", "Practice: %s" % ONOFF[p["strict"]]))
        out.append(("learner", "Learner: %s" % ONOFF[p["learner"]]))
        out.append(("guide", "First game: %s" % ONOFF[p["guide"]]))
        out.append(("howto", "How to play"))
        return out

    def note(self, i):
        # From the rows made once a press (SetupMenu.rows), not layout():
        # the note is asked for in every scene.
        text = self.rows()[i]
        for start, note in NOTES:
            if text.startswith(start):
                return note
        return None

    def change(self, i, step):
        key = self.layout()[i][0]
        p = self.p
        if key == "players":
            p["players"] = 5 - p["players"]
        elif key.startswith("seat"):
            s = int(key[4:])
            p["seats"][s] = (p["seats"][s] + step) % len(SEAT_KINDS)
        elif key == "match":
            p["match"] = (p["match"] - 1 + step) % 3 + 1
        elif key == "hand_limit":
            p["hand_limit"] = 13 - p["hand_limit"]
        elif key not in ("start", "howto"):
            p[key] = 1 - p[key]

    def choose(self, i):
        if self.layout()[i][0] == "howto":
            # Pushed: B there comes back to this row.
            from primeplay.app.howto import HowTo
            self.app.push(HowTo(self.app, "primeplay.daifugo"))
        else:
            SetupMenu.choose(self, i)

    def settings(self):
        from primeplay.daifugo.settings import Settings
        p = self.p
        s = Settings(p["players"], zero=bool(p["zero"]),
                     multi59=bool(p["multi59"]),
                     multi468=bool(p["multi468"]),
                     skip=bool(p["skip"]) and p["players"] == 3,
                     multi_in_three=bool(p["multi_in_three"]),
                     hand_limit=p["hand_limit"], strict=bool(p["strict"]),
                     clues=bool(p["clues"]), learner=bool(p["learner"]))
        s.validate()
        return s

    def start(self):
        self.app.store_soon()
        self.app.loading("Prime Daifugo", self._start,
                         "first to %d" % self.p["match"])

    def _start(self):
        settings = self.settings()
        from primeplay.app.games import enter
        enter("daifugo")     # not LEAN: the menus stay (games.enter)
        from primeplay.daifugo.ui.play import DaifugoPlay
        seats = list(self.p["seats"][:settings.players])
        self.app.go(DaifugoPlay(self.app, settings, self.app.new_seed(),
                                seats, match=self.p["match"]))
