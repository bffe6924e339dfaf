"""Menus: a scroll bar says when rows are hidden, a setup menu's note
for the chosen row sits on the last line, and the cursor is always seen.

Read from the pixels the scene contract gives (test_render's reference
rasterizer), not from the items, so a bar drawn where no one sees it
would fail.
"""

from hypothesis import given, settings, strategies as st

from primeplay.app import App
from primeplay.app.menus import Menu, SetupMenu, MainMenu
from primeplay.app.rows import ROWS, ROW_H
from primeplay.app.pages import Pause
from primeplay.app.scene import WIDTH, HEIGHT, CHAR_H

from test_render import rasterize
from sim import MemoryStorage

EDGE = range(WIDTH - 7, WIDTH)      # where a scroll sign may be


def _bar_rows(sc):
    """Rows a full-width lit bar covers (a chosen row in a menu that does
    not scroll reaches the edge: that is no scroll sign)."""
    out = set()
    for it in sc.items:
        if it[0] == "rect" and it[1] == 0 and it[3] == WIDTH:
            out.update(range(it[2], it[2] + it[4]))
    return out


def lit_edge_rows(sc):
    """Rows with something lit at the right edge besides a chosen row."""
    img = rasterize(sc.items)
    bar = _bar_rows(sc)
    return [y for y in range(HEIGHT)
            if y not in bar and any(img[y][x] for x in EDGE)]


def thumb_rows(sc):
    """Rows where the scroll sign is at its widest (the thumb)."""
    img = rasterize(sc.items)
    bar = _bar_rows(sc)
    return [y for y in range(HEIGHT) if y not in bar and
            all(img[y][x] for x in range(WIDTH - 3, WIDTH))]


def row_texts(sc):
    """(y, text) of the row texts, top to bottom."""
    return sorted((it[2], it[3]) for it in sc.items if it[0] == "text")


def lit_bar(sc):
    """The y of the chosen row's lit bar (the one full-row rect)."""
    bars = [it for it in sc.items if it[0] == "rect" and it[3] > WIDTH // 2]
    assert len(bars) == 1, bars
    return bars[0][2]


class Rows(SetupMenu):
    """A setup menu of ``n`` rows; ``notes`` maps a row to its note."""

    def __init__(self, app, n, notes=None):
        SetupMenu.__init__(self, app)
        self.n = n
        self.notes = notes or {}

    def layout(self):
        return [("r%d" % i, "Row %d" % i) for i in range(self.n - 1)] + \
            [("start", "Start")]

    def note(self, i):
        return self.notes.get(i)


def shown(app):
    sc = app.scene()
    return sc, [t for _, t in row_texts(sc)]


def test_main_menu_shows_that_it_scrolls_and_where_it_is():
    app = App()
    sc, texts = shown(app)
    # Seven entries, five rows: "Prime judge" is the last one seen.
    assert len(app.screen.rows()) > ROWS and "Settings" not in texts
    assert lit_edge_rows(sc), "no scroll sign while rows are hidden"
    at_top = thumb_rows(sc)
    for _ in range(len(app.screen.rows()) - 1):
        app.press("DOWN")
    sc, texts = shown(app)
    assert texts[-1] == "Settings"
    at_bottom = thumb_rows(sc)
    # The thumb went down with the list: from the top of the panel to its
    # bottom, as long as before (five rows seen both times).
    assert at_top[0] == 0 and at_bottom[-1] == HEIGHT - 1
    assert at_bottom[0] > 0 and len(at_bottom) == len(at_top)
    assert len(at_top) < HEIGHT


def test_a_menu_that_fits_has_no_scroll_sign():
    app = App()
    app.go(Rows(app, ROWS))
    sc, texts = shown(app)
    assert texts == ["Row 0", "Row 1", "Row 2", "Row 3", "Start"]
    assert lit_edge_rows(sc) == []
    for _ in range(ROWS):
        app.press("DOWN")
        assert lit_edge_rows(app.scene()) == []


def test_scroll_sign_stays_clear_of_the_rows_text():
    app = App()
    long_rows = Rows(app, 8)
    long_rows.layout = lambda: [("r", "W" * 30)] * 7 + [("start", "Start")]
    app.go(long_rows)
    for _ in range(9):
        sc = app.scene()
        text_only = [it for it in sc.items if it[0] == "text"]
        img = rasterize(text_only)
        assert not any(img[y][x] for y in range(HEIGHT) for x in
                       range(WIDTH - 7, WIDTH)), "text runs into the bar"
        app.press("DOWN")


def test_setup_note_is_the_last_line_and_the_cursor_stays_above_it():
    app = App()
    menu = Rows(app, 8, {6: "Race to 101 and back"})
    app.go(menu)
    app.press("UP")         # from Start, where a setup opens
    sc = app.scene()
    assert menu.cursor == 6
    rows = row_texts(sc)
    assert rows[-1] == (HEIGHT - CHAR_H, "Race to 101 and back")
    # Four rows above it, the chosen one among them, lit.
    above = [t for y, t in rows if y < HEIGHT - CHAR_H]
    assert len(above) == ROWS - 1 and "Row 6" in above
    assert lit_bar(sc) + ROW_H <= HEIGHT - CHAR_H
    app.press("DOWN")                    # "Start": no note, five rows
    sc = app.scene()
    assert "Race to 101 and back" not in sc.texts()
    assert len(row_texts(sc)) == ROWS and sc.texts()[-1] == "Start"


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12),
       st.dictionaries(st.integers(0, 11), st.sampled_from(
           ["", "One line", "A note far too long for one line of the panel"]),
           max_size=12),
       st.lists(st.sampled_from(["UP", "DOWN", "LEFT", "RIGHT"]),
                max_size=40))
def test_any_menu_keeps_the_cursor_seen(n, notes, presses):
    app = App()
    menu = Rows(app, n, notes)
    app.go(menu)
    for p in presses + ["UP"]:
        app.press(p)
        sc = app.scene()
        note = notes.get(menu.cursor) or None
        rows = row_texts(sc)
        room = ROWS - (1 if note else 0)
        body = [(y, t) for y, t in rows if not (note and y == HEIGHT - CHAR_H)]
        assert len(body) == min(n, room)
        chosen = menu.rows()[menu.cursor]
        assert chosen in [t for _, t in body]
        bar = lit_bar(sc)
        # The bar starts a pixel above its text (menus.draw_rows).
        assert bar == max(0, [y for y, t in body
                              if t == menu.rows()[menu.cursor]][0] - 1)
        if note:
            assert rows[-1] == (HEIGHT - CHAR_H, note[:WIDTH // 6])
            assert bar + ROW_H <= HEIGHT - CHAR_H
        # The scroll sign is beside the rows, not the note.
        end = HEIGHT - CHAR_H if note else HEIGHT
        assert bool([y for y in lit_edge_rows(sc) if y < end]) == (n > room)
        assert bool(thumb_rows(sc)) == (n > room)


def test_pause_menu_scrolls_to_its_hidden_rows():
    app = App()
    said = []
    rows = [("Choice %d" % i, (lambda i=i: said.append(i))) for i in range(7)]
    app.push(Pause(app, rows))
    assert lit_edge_rows(app.scene())       # eight rows, five seen
    for _ in range(7):
        app.press("DOWN")
    sc = app.scene()
    assert "Choice 6" in sc.texts() and "Resume" not in sc.texts()
    assert row_texts(sc)[(lit_bar(sc) + 1) // ROW_H][1] == "Choice 6"
    app.press("A")
    assert said == [6] and isinstance(app.screen, MainMenu)


def test_base_menu_has_no_note():
    app = App()
    assert Menu(app).note(0) is None and MainMenu(app).note(0) is None


def test_a_still_setup_menu_makes_its_rows_once_a_press():
    # The loop draws fifty scenes a second; a setup menu's rows (a dozen
    # formatted strings) change only with a press.  Making them in every
    # scene kept the emulated board's core awake more than half the time
    # on Prime Daifugo's setup.
    from primeplay.daifugo.ui.setup_menu import DaifugoSetup
    app = App(seed=1)
    menu = DaifugoSetup(app)
    made = []
    layout = menu.layout

    def counted():
        made.append(1)
        return layout()
    menu.layout = counted
    app.go(menu)
    for _ in range(50):
        app.scene()
    assert len(made) == 1
    menu.press("DOWN")
    menu.press("RIGHT")          # Players: 3 adds a seat's row
    made.clear()
    texts = app.scene().texts()
    assert "P3 green: human" in texts or any(t.startswith("P3 ") for t in texts)
    for _ in range(50):
        app.scene()
    assert len(made) <= 2


def _to_settings(app):
    while app.screen.rows()[app.screen.cursor] != "Settings":
        app.press("UP")
    app.press("A")


def test_the_computer_speed_is_one_device_setting_remembered_at_power_up():
    from primeplay.app.settings_menu import SPEEDS
    st = MemoryStorage()
    app = App(st)
    _to_settings(app)
    app.press("DOWN")                   # under Sound
    assert shown(app)[1][1] == "CPU speed: normal"
    assert app.pace(900) == 900
    app.press("RIGHT")
    app.tick(10)
    shown(app)
    app.tick(20)
    assert shown(app)[1][1] == "CPU speed: fast" and app.pace(900) < 450
    app.press("RIGHT")
    assert app.speed() == SPEEDS.index("instant") and app.pace(900) == 0
    app.press("A")          # A changes it too: there is no Start here
    assert shown(app)[1][1] == "CPU speed: slow" and app.pace(900) == 1800
    app.tick(30)
    shown(app)
    app.tick(40)
    app.press("B")
    assert isinstance(app.screen, MainMenu)
    again = App(st)
    assert again.speed() == 0


def test_a_speed_set_in_prime_climb_before_the_device_setting_carries_over():
    from primeplay import save
    st = MemoryStorage()
    save.write(st.nvm, {"prefs": {"climb": {"speed": 2}}})
    assert App(st).speed() == 2
    st = MemoryStorage()
    save.write(st.nvm, {"prefs": {"speed": 9}})
    assert App(st).speed() == 1


def test_a_setup_opens_on_start_and_a_on_a_row_says_how_to_change_it():
    app = App()
    menu = Rows(app, 8)
    changed = []
    menu.change = lambda i, step: changed.append((i, step))
    app.go(menu)
    app.scene()
    assert menu.layout()[menu.cursor][0] == "start"
    app.press("DOWN")
    for _ in range(3):
        app.press("A")
    assert changed == []
    assert shown(app)[1][-1] == "LEFT/RIGHT: change"
    app.press("RIGHT")
    assert changed == [(0, 1)] and "LEFT/RIGHT: change" not in shown(app)[1]
