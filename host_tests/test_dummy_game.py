"""A new game drops in by docs/architecture.md's recipe ("Adding a game"):
one package (host_tests/dummygame: rules, and a ``ui`` package that is its
entry) and one registry line, no shell code touched.  It is chosen from
the main menu, played, saved, cut off, continued, finished and left, its
remembered settings kept, its modules dropped as it is left."""

import sys

import pytest

import primeplay
from primeplay import save
from primeplay.app import App, games


class Storage:
    def __init__(self):
        self.nvm = bytearray(b"\xff" * 4096)


@pytest.fixture
def registered(monkeypatch):
    """The recipe's one line, for this test only (and UNLOAD as on a
    board, so that leaving the game drops its modules)."""
    monkeypatch.setattr(games, "GAMES", list(games.GAMES))
    games.register("dummy", "Dummy game", "dummygame.ui", "dummygame")
    monkeypatch.setattr(primeplay, "UNLOAD", True)
    modules = dict(sys.modules)
    yield
    sys.modules.clear()
    sys.modules.update(modules)
    # Leaving the game dropped modules from their packages too (as on a
    # board): bind each back, or a later test's lazy import of a module
    # still in sys.modules finds no attribute for it.
    for name, module in modules.items():
        parent, _, child = name.rpartition(".")
        if parent in modules and module is not None:
            setattr(modules[parent], child, module)


def frame(app, ms=50):
    sc = app.scene()
    app.tick(app.now + ms)
    return sc


def choose(app, name):
    rows = app.scene().texts()
    for _ in range(rows.index(name)):
        app.press("DOWN")
    app.press("A")
    frame(app)
    frame(app)


def test_a_new_game_is_one_package_and_one_registry_line(registered):
    st = Storage()
    app = App(storage=st, seed=1)
    assert "Dummy game" in app.scene().texts()
    assert [m for m in sys.modules if m.startswith("dummygame")] == []
    choose(app, "Dummy game")
    assert frame(app).texts() == ["P1: count 0"]
    app.press("DOWN")           # P1 adds 2
    app.press("UP")             # P2 adds 1
    frame(app)
    frame(app)
    assert frame(app).texts() == ["P1: count 3"]
    assert save.read(st.nvm)["dummy"] == {
        "state": {"count": 3, "current": 0, "winner": None}}
    # Its settings: under its key, defaults from its PREFS.
    assert app.game_prefs("dummy") == {"first": 0}

    # A power cut: the next power-up offers Continue, with its detail.
    app = App(storage=st, seed=2)
    assert app.scene().texts()[0] == "Continue Dummy game"
    app.press("A")
    assert frame(app).texts() == ["Dummy game", "Loading...", "count 3"]
    frame(app)
    assert frame(app).texts() == ["P1: count 3"]
    for key in ("DOWN", "DOWN", "DOWN", "UP"):   # 5, 7, 9, 10: P2 wins
        app.press(key)
    assert frame(app).texts() == ["P2 wins"]
    frame(app)
    frame(app)
    assert "dummy" not in save.read(st.nvm)   # over: nothing to continue

    # Left: the main menu, the game's modules dropped.
    app.press("B")
    frame(app)
    assert app.scene().texts()[0] == "Prime Climb"
    assert [m for m in sys.modules if m.startswith("dummygame")] == []


def test_a_damaged_save_of_the_new_game_is_told_and_set_aside(registered):
    st = Storage()
    save.write(st.nvm, {"prefs": {}, "dummy": {"state": {"count": 12}}})
    app = App(storage=st, seed=1)
    assert app.scene().texts()[:2] == ["Save damaged:", "bad count"]
    assert "dummy" not in save.read(st.nvm)
