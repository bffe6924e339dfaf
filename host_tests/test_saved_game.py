"""Starting a new game when one is saved asks first: one game is saved
at a time, and a new one replaces it at its first saved turn.

Every game of the registry, as the saved one and as the new one, through
button presses from the main menu after a power-up.
"""

import pytest

from primeplay.app import App, Confirm
from primeplay.app.games import GAMES
from primeplay.app.menus import MainMenu, SetupMenu

from test_app import MemoryStorage, frame

KEYS = [e[0] for e in GAMES]
NAMES = dict((e[0], e[1]) for e in GAMES)


def run(app, ms):
    """Time passes as on the device: a frame, then a tick, every 50 ms."""
    end = app.now + ms
    t = app.now
    while t < end:
        t += 50
        app.scene()
        app.tick(t)


def pick(app, key):
    """Move the main menu's cursor to game ``key`` and press A."""
    menu = app.screen
    assert isinstance(menu, MainMenu)
    while menu.entries[menu.cursor] != key:
        app.press("DOWN")
    app.press("A")


_SAVES = {}


def saved_store(key):
    """Storage holding a game of ``key`` in progress (computers at every
    seat played until the game saved itself), the app left for the main
    menu as the player would (Save and quit)."""
    if key not in _SAVES:
        store = MemoryStorage()
        app = App(storage=store, seed=5)
        prefs = app.game_prefs(key)
        prefs["seats"] = [1] * len(prefs["seats"])
        pick(app, key)
        frame(app)                          # Loading, then the setup
        setup = app.screen
        assert isinstance(setup, SetupMenu)
        keys = [k for k, _ in setup.layout()]
        while keys[setup.cursor] != "start":
            app.press("DOWN")
        app.press("A")
        for _ in range(600):
            if app.saved_game is not None:
                break
            run(app, 100)
        assert app.saved_key == key
        app.home()
        frame(app)
        frame(app)
        assert store.record.get(key) is not None
        _SAVES[key] = bytes(store.nvm)
    store = MemoryStorage()
    store.nvm[:] = _SAVES[key]
    return store


def power_up(key):
    store = saved_store(key)
    app = App(storage=store, seed=9)
    assert app.scene().texts()[0] == "Continue game"
    return store, app


@pytest.mark.parametrize("saved", KEYS)
@pytest.mark.parametrize("new", KEYS)
def test_b_keeps_the_saved_game(saved, new):
    store, app = power_up(saved)
    before = store.record[saved]
    pick(app, new)
    assert isinstance(app.screen, Confirm)
    texts = app.scene().texts()
    # Which game would be lost, and how far it has come.
    assert texts[:2] == ["A game is saved:", NAMES[saved]]
    assert "turn" in texts[2]
    assert "A: new game  B: keep" in texts
    app.press("B")
    frame(app)
    frame(app)
    menu = app.screen
    assert isinstance(menu, MainMenu)
    assert menu.entries[menu.cursor] == new      # where the player was
    assert app.saved_key == saved and store.record[saved] == before
    app.press("UP")
    while menu.entries[menu.cursor] != "continue":
        app.press("UP")
    app.press("A")                               # and it still continues
    frame(app)
    assert app.saved_key == saved
    assert not isinstance(app.screen, (MainMenu, Confirm))
    assert "Save damaged:" not in app.scene().texts()


@pytest.mark.parametrize("saved", KEYS)
@pytest.mark.parametrize("new", KEYS)
def test_a_goes_on_to_the_new_games_setup(saved, new):
    store, app = power_up(saved)
    pick(app, new)
    app.press("A")
    frame(app)                                   # Loading, then the setup
    setup = app.screen
    assert isinstance(setup, SetupMenu)
    assert type(setup).__module__ == "primeplay.%s.ui.setup_menu" % new
    # Asking replaced nothing yet: only a new game's first turn does.
    assert store.record.get(saved) is not None


@pytest.mark.parametrize("new", KEYS)
def test_no_question_without_a_saved_game(new):
    app = App(storage=MemoryStorage(), seed=1)
    pick(app, new)
    frame(app)
    assert isinstance(app.screen, SetupMenu)


def test_the_explorer_and_the_judge_do_not_ask():
    # They save nothing: the saved game is not at stake.
    for key in ("explorer", "judge"):
        store, app = power_up(KEYS[0])
        pick(app, key)
        frame(app)
        assert not isinstance(app.screen, (Confirm, MainMenu))
