"""Screens a game pushes over its play screen (``App.push``): a question
and the pause menu.  Imported with the first game that asks for them
(``primeplay.app.Confirm``, ``primeplay.app.Pause`` load this module), so
the main menu does without their code.
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, HEIGHT


class Confirm:
    """A question: A calls ``yes()`` (which goes on to the next screen),
    B goes back to the screen below (then calls ``no()``, if given).

    ``paint(sc)``, if given, draws the question instead of ``lines`` and
    the ``foot`` line, "A: yes  B: no" unless told (a game's own picture
    of it, which must name the keys itself).  A question always says
    which keys answer it: a foot of None is the default one."""

    def __init__(self, app, lines, yes, leds=None, paint=None,
                 foot="A: yes  B: no", no=None):
        self.app = app
        self.lines = lines
        self.yes = yes
        self.leds = leds
        self.paint = paint
        self.foot = foot or "A: yes  B: no"
        self.no = no

    def press(self, name):
        if name == "A":
            self.app.pop()
            self.yes()
        elif name == "B":
            self.app.pop()
            if self.no is not None:
                self.no()

    def tick(self):
        pass

    def next_change(self):
        return None

    def draw(self, sc):
        if self.paint is not None:
            self.paint(sc)
        else:
            y = 0
            for line in self.lines[:4]:
                sc.text(0, y, line[:WIDTH // CHAR_W])
                y += CHAR_H + 1
            sc.text(0, HEIGHT - CHAR_H, self.foot[:WIDTH // CHAR_W])
        if self.leds is not None:
            sc.leds = self.leds


def _forget(name):
    """games.drop of the one module ``name``, without a collection: not
    through the registry itself, which a game in play has dropped (a LEAN
    game): importing it again to drop the pause menu's code cost the
    press that closed it some 20 ms on the board.  Here, not in the
    package: every VM would hold it."""
    import sys
    import primeplay
    if primeplay.UNLOAD and sys.modules.pop(name, None) is not None:
        i = name.rfind(".")
        try:
            delattr(sys.modules[name[:i]], name[i + 1:])
        except (KeyError, AttributeError, TypeError):
            pass


class Pause:
    """A game's pause menu, pushed over its play screen: "Resume" (or B)
    goes back to the game; every other row is (text, action)."""

    def __init__(self, app, rows, leds=None):
        self.app = app
        self.rows = [("Resume", None)] + list(rows)
        import sys
        self._had_menus = "primeplay.app.rows" in sys.modules
        self.cursor = 0
        self.top = 0
        self.leds = leds

    def press(self, name):
        n = len(self.rows)
        if name in ("UP", "DOWN"):
            from primeplay.app.rows import first_row, ROWS
            self.cursor = (self.cursor + (1 if name == "DOWN" else -1)) % n
            self.top = first_row(self.cursor, self.top, ROWS, n)
        elif name == "B":
            self._close()
        elif name == "A":
            act = self.rows[self.cursor][1]
            if act is None:
                self._close()
                return
            self.app.pop()
            act()
            if self.app.job is None:
                self._drop_menus()

    def _close(self):
        self.app.pop()
        self._drop_menus()

    def _drop_menus(self):
        # Not when the action left the game (its Loading frame waits for
        # the VM to start again, App.switch): the drop's collection would
        # hold that frame back by tens of milliseconds.
        if not self._had_menus:
            # Back to a LEAN game: the rows' drawing code, which the pause
            # menu loaded, goes again (the rest of games.MENUS went when
            # the game began).  A game that keeps the menus keeps them.
            _forget("primeplay.app.rows")
            self.app.collect_soon()

    def tick(self):
        pass

    def next_change(self):
        return None

    def draw(self, sc):
        from primeplay.app.rows import draw_rows
        draw_rows(sc, [r[0] for r in self.rows], self.cursor, self.top)
        if self.leds is not None:
            sc.leds = self.leds
