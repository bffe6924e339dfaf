"""Prime Climb's results: who won in how many of their own turns, and
every player's turns, bumps made and cards drawn (the state's tally: 3
ints a player, turns, bumps, cards); solitaire: rolls and the record.

UP/DOWN scroll the table (four players do not fit with the title),
LEFT/RIGHT pick "Menu" or "Rematch" (the same seats and settings, a new
seed), A does it, B goes to the menu.  Imported when a game ends.
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, HEIGHT
from primeplay.app import colours

COLS = WIDTH // CHAR_W
ROWS = 4            # lines above the choices
CHOICES = ("Menu", "Rematch")


def tally(state):
    """[turns, bumps, cards] per player, or None when the state keeps no
    tally (a rules engine before it)."""
    t = getattr(state, "tally", None)
    n = state.settings.players
    if t is None or len(t) != 3 * n:
        return None
    return [t[3 * q:3 * q + 3] for q in range(n)]


def lines(state, bots, best):
    s = state
    if s.settings.solitaire:
        return ["Done in %d rolls" % s.rolls[0], "Best: %d rolls" % best]
    w = s.winner
    t = tally(s)
    turns = t[w][0] if t is not None else s.rolls[w]
    out = ["P%d %s wins" % (w + 1, colours.SEAT_NAMES[w]),
           "in %d turns%s" % (turns, " (CPU)" if bots[w] else "")]
    if t is None:
        out.append("   rolls")
        for q in range(s.settings.players):
            out.append("P%d %5d" % (q + 1, s.rolls[q]))
        return out
    out.append("   turns bumps cards")
    for q in range(s.settings.players):
        out.append("P%d %5d %5d %5d" % (q + 1, t[q][0], t[q][1], t[q][2]))
    return out


class Results:
    """The state of the results screen: scroll and choice."""

    def __init__(self, play):
        self.play = play
        self.top = 0
        self.choice = 0
        self.lines = lines(play.state, play.bots, play.best)

    def press(self, name):
        if name in ("UP", "DOWN"):
            most = max(0, len(self.lines) - ROWS)
            self.top = min(most, max(0, self.top +
                                     (1 if name == "DOWN" else -1)))
        elif name in ("LEFT", "RIGHT"):
            self.choice = 1 - self.choice
        elif name == "B" or name == "A" and self.choice == 0:
            self.play.app.home()
        elif name == "A":
            self.play.rematch()

    def draw(self, sc):
        y = 0
        for line in self.lines[self.top:self.top + ROWS]:
            sc.text(0, y, line[:COLS])
            y += CHAR_H + 1
        x = 0
        for i in range(len(CHOICES)):
            c = CHOICES[i]
            w = len(c) * CHAR_W + 2
            if i == self.choice:
                sc.rect(x, HEIGHT - CHAR_H, w, CHAR_H, 1)
            sc.text(x + 1, HEIGHT - CHAR_H, c, 1, 0 if i == self.choice
                    else 1)
            x += w + CHAR_W
        more = len(self.lines) - ROWS
        if more > 0:
            sc.text(WIDTH - 2 * CHAR_W, HEIGHT - CHAR_H,
                    "v" if self.top < more else "^")
        s = self.play.state
        sc.leds = colours.seat_ring(s.winner or 0, self.play.app.pixels, 16)
