"""How to play: each game's rules in pages (``primeplay.app.howto``), from
a row of its setup.

The pages fit the panel, name the goal and every house ruling of the
game's rules module, turn with the keys and go back to the setup as it
was; the file is found and read the same on CPython, on the MicroPython
and CircuitPython VMs (from the board's .mpy layout too) and on the
emulated Pico, a page at a time.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import vm_games
from primeplay.app import App
from primeplay.app.howto import HowTo, COLS, LINES
from primeplay.app.scene import CHAR_H
from test_panel_text import text_problems, names_a_key
from test_render import rasterize

LIB = Path(__file__).resolve().parent.parent / "lib" / "primeplay"
GAMES = ("climb", "daifugo", "rings")
SETUPS = {"climb": "ClimbSetup", "daifugo": "DaifugoSetup",
          "rings": "RingsSetup"}

# Each house ruling of a game's rules module (its docstring's numbered
# "House rulings") and words of ours that must say it.  A ruling added
# to a docstring fails here until How to play says it too (or it is
# named in LEFT_OUT, with the reason).
RULINGS = {
    "climb": {
        1: ("doubles: 4 uses", "x1 and /1 are moves"),
        2: ("never home", "the die is lost"),
        3: ("Curse", "+ and x where 0 is the goal"),
        4: ("Send to Start: yours too",),
        5: ("the later one stays", "(not on 0/101)"),
        6: ("Keepers wait for your next turn", "Roll again"),
        7: ("Nearest pawn: any on 1-100", "No target: no effect",
            "Switch bumps nobody", "never draws"),
        8: ("Double Time: bump and draw after each move",),
        9: ("Way Station: counts where a pawn ends",),
        10: ("101 ends a pawn's turn", "both in, then back"),
        11: ("Solo: count your rolls",),
        12: ("All roll to start, ties again",),
        14: ("Others rank by how far",),
    },
    "daifugo": {
        1: ("counts as a pass, Draw 2 too", "Practice"),
        2: ("One draw or D a turn, before a play",),
        3: ("draw 2, discard 1",),
        4: ("Deck out: reshuffled", "hand limit"),
        5: ("[0] never leads",),
        6: ("3 cards Digits only, one with a *",
            "Multis: not in 3"),
        7: ("its player too; not one skipped",),
        8: ("Stop: a new turn, a draw too",),
        9: ("When all pass, the last to play leads anew",),
        10: ("SKIP: never your last card", "lone SKIP draws first"),
        11: ("10 cards each; who starts is random",),
        12: ("empty at its turn's end wins", "rest by cards left"),
        13: ("top discard only",),
        14: ("stuck: fewest wins",),
    },
    "rings": {
        1: ("The ring turned is the moving pawn's",),
        2: ("Entering turns no ring and bumps none",),
        3: ("Play at least 1 card", "stop after 1 or 2",
            "thrown away"),
        4: ("Jump a line of pawns to the free space",),
        5: ("Never on level 1 or the top", "drops too",
            "below 1 it is off", "onto a rival"),
        6: ("Stuck on 6? Swap your hand",),
        7: ("your colour or a wild", "Top: safe"),
        8: ("Done players drop out, the rest play on",),
        9: ("Who goes first: a setup row",),
        10: ("Deck out: discards go in",),
    },
}
# Rulings How to play leaves to the screen that shows them: Prime
# Climb's tally is the results screen's figures, no rule of play.
LEFT_OUT = {"climb": (13,), "daifugo": (), "rings": ()}


def pages(game):
    """The game's pages as the file holds them: lists of lines, the
    heading first."""
    text = (LIB / game / "howto.txt").read_text()
    return [p.split("\n") for p in text.rstrip("\n").split("\n---\n")]


def words(game):
    """The whole text as one line of words, headings too."""
    return " ".join(" ".join(p) for p in pages(game))


def rulings(game):
    """The numbers of the House rulings in the game's rules docstring."""
    __import__("primeplay.%s.rules" % game)
    doc = sys.modules["primeplay.%s.rules" % game].__doc__
    doc = doc[doc.index("House rulings"):]
    return [int(n) for n in re.findall(r"^(\d+)\. ", doc, re.M)]


@pytest.mark.parametrize("game", GAMES)
def test_every_page_fits_the_panel(game):
    ps = pages(game)
    # A handful of pages (the house rulings take most), each a heading
    # and a few lines, in the font's plain characters.
    assert 5 <= len(ps) <= 12, len(ps)
    for k, p in enumerate(ps):
        right = "%d/%d B:back" % (k + 1, len(ps))
        assert 0 < len(p[0]) <= COLS - len(right) - 1, p[0]
        assert 2 <= len(p) <= 1 + LINES, p
        for line in p:
            assert line == line.strip() and 0 < len(line) <= COLS, line
            assert all(" " <= ch <= "~" for ch in line), line
    assert ps[0][0] == "Goal"


@pytest.mark.parametrize("game", GAMES)
def test_every_house_ruling_is_told(game):
    said = words(game)
    numbers = rulings(game)
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 10
    assert sorted(list(RULINGS[game]) + list(LEFT_OUT[game])) == numbers
    for n, phrases in RULINGS[game].items():
        for phrase in phrases:
            assert phrase in said, (game, n, phrase)


def setup(game, app=None):
    """The game's setup from the main menu, as a player gets there."""
    app = app or App(seed=1)
    menu = app.screen
    while menu.entries[menu.cursor] != game:
        app.press("DOWN")
    app.press("A")
    for t in range(1, 6):
        app.scene()
        app.tick(t * 50)
    assert type(app.screen).__name__ == SETUPS[game]
    return app, app.screen


def to_howto(app, menu):
    while menu.layout()[menu.cursor][0] != "howto":
        app.press("UP")
    assert menu.rows()[menu.cursor] == "How to play"


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_on_the_panel(game):
    app, menu = setup(game)
    to_howto(app, menu)
    assert menu.layout()[-1][0] == "howto"     # the last row
    prefs = dict(app.game_prefs(game))
    app.press("LEFT")
    app.press("RIGHT")                          # an action row: no setting
    assert app.screen is menu and app.game_prefs(game) == prefs
    app.press("A")
    h = app.screen
    assert isinstance(h, HowTo) and app.below[-1] is menu
    ps = pages(game)
    for k, p in enumerate(ps):
        sc = app.scene()
        texts = sc.texts()
        title = texts[0]
        assert title.startswith(p[0] + " ") and \
            title.endswith("%d/%d B:back" % (k + 1, len(ps)))
        assert len(title) == COLS
        assert texts[1:] == p[1:]
        assert text_problems(sc) == [] and names_a_key(sc)
        # The body under the title's rule, each line a row of its own,
        # the last inside the panel's 64 rows.
        ys = sorted(it[2] for it in sc.items if it[0] == "text")
        assert ys == [0] + [CHAR_H + 2 + CHAR_H * i for i in range(len(p) - 1)]
        img = rasterize(sc.items)
        assert all(img[CHAR_H])            # the rule
        assert len(img) == 64
        # Only the page on the panel is held.
        assert h.lines == p and len(h.starts) == len(ps)
        app.press("A")
    # A on the last page: back to the setup, on its How to play row.
    assert app.screen is menu
    assert menu.layout()[menu.cursor][0] == "howto"
    sc = app.scene()
    assert "How to play" in sc.texts()


def test_the_keys_turn_the_pages_and_b_goes_back_to_the_setup():
    app, menu = setup("climb")
    to_howto(app, menu)
    cursor, top = menu.cursor, menu.top
    app.press("A")
    h = app.screen
    n = h.count()
    seen = []
    for key in ("RIGHT", "DOWN", "RIGHT", "LEFT", "UP", "UP", "LEFT", "RIGHT",
                "A"):
        app.press(key)
        seen.append(h.page)
        app.scene()
    # RIGHT/DOWN on, LEFT/UP back, round at either end; A on.
    assert seen == [1, 2, 3, 2, 1, 0, n - 1, 0, 1]
    app.press("RIGHT")
    app.press("B")
    assert app.screen is menu and (menu.cursor, menu.top) == (cursor, top)
    assert not menu._told
    # And again from the first page: B, not A, is the way out.
    app.press("A")
    assert app.screen is not menu and app.screen.page == 0
    app.press("B")
    assert app.screen is menu and menu.cursor == cursor
    # Start is still where the setup opened, and still starts.
    while menu.layout()[menu.cursor][0] != "start":
        app.press("DOWN")
    app.press("A")
    for t in range(10, 20):
        app.scene()
        app.tick(t * 50)
    # The game (its start roll's news over it).
    assert "ClimbPlay" in [type(x).__name__ for x in app.below + [app.screen]]


def test_a_missing_file_is_said_and_b_still_goes_back():
    app = App(seed=1)
    below = app.screen
    # A package with no howto.txt: the shell's own.
    h = HowTo(app, "primeplay.app")
    app.push(h)
    sc = app.scene()
    assert sc.texts()[0].endswith("1/1 B:back")
    assert "howto.txt is not" in sc.texts()
    assert text_problems(sc) == []
    app.press("RIGHT")
    assert h.page == 0
    app.press("B")
    assert app.screen is below


def test_the_module_is_loaded_when_opened_and_dropped_when_closed(
        monkeypatch):
    import primeplay
    import primeplay.app
    name = "primeplay.app.howto"
    mine = sys.modules[name]
    app, menu = setup("rings")
    to_howto(app, menu)
    # As on a board: the module goes when the pages close.
    monkeypatch.setattr(primeplay, "UNLOAD", True)
    del sys.modules[name]
    del primeplay.app.howto
    try:
        app.press("A")
        assert name in sys.modules
        assert type(app.screen).__module__ == name
        app.press("B")
        assert app.screen is menu
        assert name not in sys.modules
        assert "howto" not in vars(primeplay.app)
    finally:
        sys.modules[name] = mine
        primeplay.app.howto = mine


def test_no_menu_loads_the_pages_until_they_are_asked_for():
    # In a fresh interpreter: the main menu and each setup, then the pages.
    code = """
import sys
from primeplay.app import App
app = App(seed=1)
for k in range(3):
    for _ in range(k):
        app.press("DOWN")
    app.press("A")
    for t in range(1, 6):
        app.scene()
        app.tick(100 * k + 10 * t)
    print(type(app.screen).__name__, "primeplay.app.howto" in sys.modules)
    app.press("B")
    for t in range(1, 6):
        app.scene()
        app.tick(100 * k + 50 + 10 * t)
menu = app.screen
app.press("A")
for t in range(1, 6):
    app.scene()
    app.tick(1000 + 10 * t)
app.press("UP")
app.press("A")
print(type(app.screen).__name__, "primeplay.app.howto" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, timeout=60,
                         env=dict(os.environ, PYTHONPATH=str(LIB.parent)))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n") == [
        "ClimbSetup False", "DaifugoSetup False", "RingsSetup False",
        "HowTo True", ""]


# The pages through the screen itself, on MicroPython's unix port and
# CircuitPython's unix builds: the file is found beside the package (its
# __file__), read a page at a time with seek and readline, and the keys
# run as on CPython.  Not on the WASI build: closing the pages collects
# (games.drop), and that build's collector frees live objects
# (docs/architecture.md, "Reference facts").
VMS = [vm for vm in vm_games.VMS if vm != "wasm"]
GUEST = """
import sys
import primeplay
import primeplay.climb, primeplay.daifugo, primeplay.rings
from primeplay.app import App
from primeplay.app.howto import HowTo
app = App(seed=1)
for g in ("climb", "daifugo", "rings"):
    h = HowTo(app, "primeplay." + g)
    app.push(h)
    for k in range(h.count()):
        print(g, "|".join(app.scene().texts()))
        app.press("A" if k == h.count() - 1 else "DOWN" if k % 2 else "A")
    print(g, "back", type(app.screen).__name__,
          ("primeplay.app.howto" in sys.modules) != primeplay.UNLOAD)
"""


@pytest.mark.parametrize("vm", VMS)
def test_the_pages_read_the_same_on_every_vm(vm):
    here = vm_games.on_cpython(GUEST)
    assert len(here) == sum(len(pages(g)) + 1 for g in GAMES)
    first = pages("climb")[0]
    assert here[0].startswith("climb %s " % first[0])
    assert here[0].endswith(" 1/%d B:back|" % len(pages("climb")) +
                            "|".join(first[1:]))
    assert here[-1] == "rings back MainMenu True"
    assert vm_games.on_vm(vm, GUEST) == here


def test_the_pages_read_from_the_boards_files_on_cp32():
    # lib/ as deploy.py lays it out on a board (.mpy and data only): the
    # pages are beside the compiled package, and read the same.
    import cpbuilds
    import heap
    import mpvm
    if mpvm.cp_missing(32) or cpbuilds.mpy_cross() is None:
        pytest.skip(mpvm.cp_missing(32) or
                    cpbuilds.missing("CircuitPython's mpy-cross"))
    lib = Path(heap.mpy_lib())
    for game in GAMES:
        assert (lib / "primeplay" / game / "howto.txt").read_bytes() == \
            (LIB / game / "howto.txt").read_bytes()
    code = "import primeplay.app.howto as m\nprint(m.__file__)\n" + GUEST
    out = mpvm.run_cp(code, heapsize="2M", path=str(lib)).split("\n")[:-1]
    assert out[0] == str(lib / "primeplay" / "app" / "howto.mpy")
    assert out[1:] == vm_games.on_cpython(GUEST)


def test_the_pages_on_the_emulated_pico_as_the_simulator_draws_them():
    # CircuitPython itself, from the drive deploy.py lays out: Prime
    # Climb's setup, How to play, a page on, back to the setup.
    import pico
    from test_pico import sim_settled, SEED, golden
    missing = pico.missing_pieces()
    if missing:
        pytest.skip("emulated Pico: " + "; ".join(missing))
    keys = "A,UP,A,RIGHT,LEFT,B"
    want = sim_settled(keys)
    # The first page, the second, the first again, the setup as it was.
    assert want[2][0] == golden("climb_howto") == want[4][0] != want[3][0]
    assert want[5][0] == want[1][0]
    with pico.Pico(board="pico_ref", seed=SEED) as board:
        got = board.run_keys(keys)
        assert board.metrics()["tracebacks"] == 0, board.console[-2000:]
    assert [f.text() for f in got] == [text for text, _ in want]
