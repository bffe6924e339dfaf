"""Menus: rows of text with a cursor, and the main menu.

A menu is rows of text with a lit bar on the chosen one: UP/DOWN move,
LEFT/RIGHT change a setting, A chooses, B goes back.  Five rows fit the
panel; longer menus scroll, with a scroll bar at the right edge saying
so.  A menu may note the chosen row on the panel's last line (a setup's
variant in one line), four rows showing then.

A game's own menus (Prime Climb's setup: climb/ui/setup_menu.py) are the
game's, loaded and unloaded with it.  The main menu imports no game: it
lists the games of the registry
(``primeplay.app.games``), and a game's modules load behind a Loading
screen when it starts (``App.loading``), so the first frame comes sooner
and no press waits for a compile.
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, HEIGHT
from primeplay.app import colours
# The rows' drawing, in a module of its own: a game's pause menu draws
# rows without the menus (primeplay.app.pages).
from primeplay.app.rows import ROWS, SCROLL_CHARS, draw_rows, first_row


class Menu:
    """Base: a cursor over rows; subclasses give rows and actions, and
    may give a note for the chosen row (``note``)."""

    def __init__(self, app):
        self.app = app
        self.cursor = 0
        self.top = 0

    def rows(self):
        return []

    def note(self, i):
        """A line about row ``i`` shown at the bottom of the panel while it
        is chosen (a variant's rule in short), or None."""
        return None

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
        self._scroll(self._note())

    def _note(self):
        note = self.note(self.cursor)
        return note if note else None

    def _scroll(self, note=None):
        n = len(self.rows())
        if self.cursor >= n:
            self.cursor = n - 1
        shown = ROWS if note is None else ROWS - 1
        self.top = first_row(self.cursor, self.top, shown, n)

    def tick(self):
        pass

    def next_change(self):
        return None

    def draw(self, sc):
        rows = self.rows()
        note = self._note()
        # Here too, not only after a press: a row that changed gives or
        # takes a note, and the cursor must stay above it.
        self._scroll(note)
        if note is None:
            draw_rows(sc, rows, self.cursor, self.top)
        else:
            draw_rows(sc, rows, self.cursor, self.top, ROWS - 1)
            sc.text(0, HEIGHT - CHAR_H, note[:WIDTH // CHAR_W])
        sc.leds = colours.ring(["grey"], self.app.pixels)


# What A on a setting row says: A starts, LEFT/RIGHT change (one grammar
# on every setup of the device).
CHANGE_NOTE = "LEFT/RIGHT: change"


class SetupMenu(Menu):
    """A game's setup menu: ``layout()`` gives its rows as (key, text),
    "start" among them; it opens on Start.  A on Start calls ``start()``;
    LEFT/RIGHT change a row; A on another row changes nothing (pressed
    three times it would have turned a setting over unseen) and says
    which keys do; B leaves for the main menu.  ``note(i)`` may say in
    one line what row ``i``'s setting means (None: nothing to say)."""

    # The rows change only with a press: made once a press, not in each
    # of the fifty scenes a second the loop draws (on the board a still
    # setup menu kept the core awake more than half the time).
    _rows = None
    _told = False   # A was pressed on a setting row: say which keys change it

    _opened = False  # the cursor has been put on Start

    def layout(self):
        return []

    def rows(self):
        if self._rows is None:
            layout = self.layout()
            if not self._opened:
                # Here, not in __init__: a setup's rows need the fields
                # its own __init__ sets after Menu's.
                self._opened = True
                for i in range(len(layout)):
                    if layout[i][0] == "start":
                        self.cursor = i
            self._rows = [t for _, t in layout]
        return self._rows

    def press(self, name):
        self._rows = None
        self._told = False
        Menu.press(self, name)
        self._rows = None

    def _note(self):
        if self._told:
            return CHANGE_NOTE
        return Menu._note(self)

    def choose(self, i):
        if self.layout()[i][0] == "start":
            self.start()
        else:
            self._told = True

    def back(self):
        self.app.home()

    def start(self):
        pass


class MainMenu(Menu):
    """A Continue row for each game saved in progress (its turn noted
    under it), the registry's games, the colour explorer, the judge (by
    digits or by cards), the device's settings."""

    def __init__(self, app):
        from primeplay.app.games import GAMES, detail
        Menu.__init__(self, app)
        self.entries = []
        self.names = []
        # A Continue row's note: "Saved: " and its game's line ("turn
        # 3"), worked out once: the question and Continue's Loading frame
        # take the line from here, and answer a press without importing
        # the game's entry module again (boot drops it).
        self.notes = []
        for e in GAMES:
            play = app.saves.get(e[0])
            if play is not None:
                self.entries.append("continue:" + e[0])
                # "Continue Ring Climb", in the 20 characters of a
                # scrolling menu's row ("Continue Daifugo").
                row = "Continue " + e[1]
                if len(row) > SCROLL_CHARS:
                    row = "Continue " + e[1][e[1].rfind(" ") + 1:]
                self.names.append(row)
                self.notes.append("Saved: " + detail(e[0], play))
        for e in GAMES:
            self.entries.append(e[0])
            self.names.append(e[1])
        self.entries += ["explorer", "judge", "cards", "settings"]
        self.names += ["Colour explorer", "Prime judge", "Judge cards",
                       "Settings"]

    def rows(self):
        return self.names

    def note(self, i):
        if i < len(self.notes):
            return self.notes[i]
        p = self.app.power
        if p is None or p[1]:
            return None     # unread, or on USB: nothing, and no import
        # A row with nothing to say shows the battery (on battery power).
        from primeplay.app.power import line
        return line(self.app)

    def _line(self, key):
        # The saved game's line, from its Continue row's note.
        return self.notes[self.entries.index("continue:" + key)][7:]

    def choose(self, i):
        from primeplay.app import games
        e = self.entries[i]
        if e[:9] == "continue:":
            key = e[9:]
            self.app.switch("resume:" + key, games.name(key), self._line(key))
        elif e == "settings":
            self.app.go(self.app.device_settings())
        elif e == "explorer":
            from primeplay.app.explorer import Explorer
            self.app.go(Explorer(self.app))
        elif e in ("judge", "cards"):
            # Its arithmetic is 0.1 s of imports on a board: a Loading
            # frame answers the press first.
            self.app.loading("Prime judge", _judge_job(self.app, e == "cards"))
        elif self.app.saves.get(e) is not None:
            # A new game replaces this game's save at its first turn, so
            # the player says so first.
            self.app.push(replace_question(self.app, e, self._line(e)))
        else:
            start_game(self.app, e)


def start_game(app, key):
    """A new game of ``key``: its setup, on a heap of its own (App.switch)."""
    from primeplay.app import games
    app.switch("setup:" + key, games.name(key))


def replace_question(app, key, line):
    """"A game is saved: ... A new game replaces it": A goes on to the
    setup of game ``key``, B keeps its save and the main menu.  ``line``:
    how far the saved game has come ("turn 3")."""
    from primeplay.app import games
    return app.confirm(["A game is saved:", games.name(key), line,
                        "New game replaces it."],
                       lambda: start_game(app, key), foot="A: new game  B: keep",
                       no=lambda: _unload_soon(app))


def _unload_soon(app):
    # The question's module is not the main menu's: dropped on the next
    # tick, as when a game is left.
    import primeplay
    app.unload_due = primeplay.UNLOAD


def _judge_job(app, cards):
    def job():
        from primeplay.app.judge import Judge
        import primeplay.primes  # noqa: F401  (before the first verdict)
        app.go(Judge(app, cards=cards))
    return job
