"""Menus: rows of text with a cursor, and the main menu.

A menu is rows of text with a lit bar on the chosen one: UP/DOWN move,
LEFT/RIGHT change a setting, A chooses, B goes back.  Five rows fit the
panel; longer menus scroll.

A game's own menus (Prime Climb's setup: app/climb_setup.py) are the
game's, loaded and unloaded with it.  The main menu imports no game: it
lists the games of the registry
(``primeplay.app.games``), and a game's modules load behind a Loading
screen when it starts (``App.loading``), so the first frame comes sooner
and no press waits for a compile.
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH
from primeplay.app import colours

ROWS = 5
ROW_H = CHAR_H + 1

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


class SetupMenu(Menu):
    """A game's setup menu: ``layout()`` gives its rows as (key, text);
    A on "start" calls ``start()``, A elsewhere changes the row like
    RIGHT, B leaves for the main menu."""

    def layout(self):
        return []

    def rows(self):
        return [t for _, t in self.layout()]

    def choose(self, i):
        if self.layout()[i][0] == "start":
            self.start()
        else:
            self.change(i, 1)

    def back(self):
        self.app.home()

    def start(self):
        pass


class MainMenu(Menu):
    """Continue (when a game is saved), the registry's games, the colour
    explorer, the judge (by digits or by cards)."""

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
        self.entries += ["explorer", "judge", "cards"]
        self.names += ["Colour explorer", "Prime judge", "Judge cards"]

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
        elif e in ("judge", "cards"):
            # Its arithmetic is 0.1 s of imports on a board: a Loading
            # frame answers the press first.
            self.app.loading("Prime judge", _judge_job(self.app, e == "cards"))
        else:
            games.setup(self.app, e)


def _judge_job(app, cards):
    def job():
        from primeplay.app.judge import Judge
        import primeplay.primes  # noqa: F401  (before the first verdict)
        app.go(Judge(app, cards=cards))
    return job
