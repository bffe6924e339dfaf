"""Each game keeps its own save: Prime Climb, Prime Daifugo and Ring
Climb can each be in progress at once.  The main menu has a Continue row
for each ("Continue Ring Climb", its turn noted under it), and a new
game replaces only its own game's save, at its first saved turn, after
asking if there is one.

Every game of the registry, through button presses from the main menu
after a power-up, as a player would leave them on the table.
"""

import pytest

from primeplay import save
from primeplay.app import App, Confirm
from primeplay.app.games import GAMES
from primeplay.app.menus import MainMenu, SetupMenu, SCROLL_CHARS

from test_app import MemoryStorage, frame

KEYS = [e[0] for e in GAMES]
NAMES = dict((e[0], e[1]) for e in GAMES)
ROWS = {"climb": "Continue Prime Climb", "daifugo": "Continue Daifugo",
        "rings": "Continue Ring Climb"}


def run(app, ms):
    """Time passes as on the device: a frame, then a tick, every 50 ms."""
    end = app.now + ms
    t = app.now
    while t < end:
        t += 50
        app.scene()
        app.tick(t)


def pick(app, entry):
    """Move the main menu's cursor to ``entry`` and press A."""
    menu = app.screen
    assert isinstance(menu, MainMenu)
    while menu.entries[menu.cursor] != entry:
        app.press("DOWN")
    app.press("A")


def start_new(app, key):
    """From the main menu, a new game of ``key`` with computers at every
    seat, through its setup's Start; A on the question if one is asked."""
    prefs = app.game_prefs(key)
    prefs["seats"] = [1] * len(prefs["seats"])
    pick(app, key)
    if isinstance(app.screen, Confirm):
        app.press("A")
    frame(app)                          # Loading, then the setup
    setup = app.screen
    assert isinstance(setup, SetupMenu)
    keys = [k for k, _ in setup.layout()]
    while keys[setup.cursor] != "start":
        app.press("DOWN")
    app.press("A")


def play_until_saved(app, key, old=None):
    """Time passes until game ``key`` has saved a turn other than
    ``old``; then Save and quit, as the player leaves it."""
    for _ in range(600):
        if app.saves.get(key) is not None and app.saves.get(key) != old:
            break
        run(app, 100)
    assert app.saves.get(key) is not None and app.saves.get(key) != old
    app.home()
    frame(app)
    frame(app)


_SAVES = {}


def saved_store(keys):
    """Storage holding a game in progress of each of ``keys``, started
    and left one after another on the same device."""
    keys = tuple(keys)
    if keys not in _SAVES:
        store = MemoryStorage()
        for key in keys:
            app = App(storage=store, seed=5 + len(store.record or ()))
            start_new(app, key)
            play_until_saved(app, key)
        for key in keys:
            assert store.record.get(key) is not None, key
        _SAVES[keys] = bytes(store.nvm)
    store = MemoryStorage()
    store.nvm[:] = _SAVES[keys]
    return store


def power_up(keys):
    store = saved_store(keys)
    app = App(storage=store, seed=9)
    return store, app


def test_three_games_in_progress_each_have_a_continue_row():
    store, app = power_up(KEYS)
    texts = app.scene().texts()
    # The first row is chosen: its turn is noted on the last line.
    assert texts[:4] == [ROWS["climb"], ROWS["daifugo"], ROWS["rings"],
                         NAMES["climb"]]
    assert texts[-1] == "Saved: turn %d" % store.record["climb"]["state"]["turn"]
    app.press("DOWN")
    assert app.scene().texts()[-1].startswith("Saved: game 1, turn ")
    app.press("DOWN")
    assert app.scene().texts()[-1] == "Saved: turn %d" % (
        store.record["rings"]["state"]["turn"] + 1)
    app.press("DOWN")                   # a new game's row: no note
    assert not app.scene().texts()[-1].startswith("Saved:")


def test_a_continue_row_fits_a_scrolling_menu_row():
    _, app = power_up(KEYS)
    menu = app.screen
    for row in menu.rows()[:3]:
        assert row.startswith("Continue ") and len(row) <= SCROLL_CHARS
    assert menu.rows()[:3] == [ROWS[k] for k in KEYS]


@pytest.mark.parametrize("key", KEYS)
def test_continue_resumes_that_game_and_keeps_the_others(key):
    store, app = power_up(KEYS)
    before = dict(store.record)
    pick(app, "continue:" + key)
    frame(app)
    frame(app)
    assert type(app.screen).__module__.startswith("primeplay.%s." % key)
    assert "Save damaged:" not in app.scene().texts()
    play_until_saved(app, key, before[key])
    after = store.record
    for k in KEYS:
        if k != key:
            assert after[k] == before[k], k
    assert after[key] != before[key]


@pytest.mark.parametrize("saved", KEYS)
@pytest.mark.parametrize("new", KEYS)
def test_a_new_game_asks_only_over_its_own_save(saved, new):
    store, app = power_up([saved])
    before = store.record[saved]
    pick(app, new)
    if new != saved:
        # Another game's save is not at stake: straight to the setup.
        assert not isinstance(app.screen, Confirm)
        frame(app)
        assert isinstance(app.screen, SetupMenu)
        return
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
    assert store.record[saved] == before
    pick(app, "continue:" + saved)               # and it still continues
    frame(app)
    assert not isinstance(app.screen, (MainMenu, Confirm))
    assert "Save damaged:" not in app.scene().texts()


@pytest.mark.parametrize("saved", KEYS)
@pytest.mark.parametrize("new", KEYS)
def test_a_new_games_first_turn_replaces_its_own_save_only(saved, new):
    store, app = power_up([saved])
    before = store.record[saved]
    start_new(app, new)
    # Asking and the setup replaced nothing yet.
    assert store.record[saved] == before
    play_until_saved(app, new, before if new == saved else None)
    after = store.record
    assert after[new] is not None
    if new == saved:
        assert after[saved] != before
    else:
        assert after[saved] == before
    # Both are offered at the next power-up.
    rows = App(storage=store, seed=3).scene().texts()
    assert [r for r in rows if r.startswith("Continue")] == \
        [ROWS[k] for k in KEYS if k in (saved, new)]


def test_the_explorer_and_the_judge_do_not_ask():
    # They save nothing: no saved game is at stake.
    for key in ("explorer", "judge"):
        store, app = power_up(KEYS)
        pick(app, key)
        frame(app)
        assert not isinstance(app.screen, (Confirm, MainMenu))


def test_a_game_over_takes_away_its_row_only():
    store, app = power_up(KEYS)
    app.keep_game("daifugo")        # its game ended
    frame(app)
    frame(app)
    assert "daifugo" not in store.record
    assert save.read(store.nvm, ("climb", "rings")).keys() >= {"climb", "rings"}
    rows = App(storage=store, seed=3).scene().texts()
    assert rows[:2] == [ROWS["climb"], ROWS["rings"]]
