"""The registry of games (primeplay.app.games): the main menu and Continue
go through it, records written before it still load, and leaving a game
gives its heap back on CircuitPython's VM."""

import sys
import types

import pytest

import cpbuilds
import heap
import mpvm
from primeplay import save
from primeplay.app import App, games, DEFAULT_PREFS
from primeplay.app.menus import MainMenu


class Storage:
    def __init__(self, data=b""):
        self.nvm = bytearray(b"\xff" * 4096)
        self.nvm[0:len(data)] = data


def frame(app, ms=50):
    sc = app.scene()
    app.tick(app.now + ms)
    return sc


# Entries written by the build before the registry (commit 0b532d8): a
# two-player game three turns in (seat 2 a computer, seed 5; pawns at
# 0, 0, 6, 0), and a record with no game.
OLD_GAME = bytes.fromhex(
    "50a5020000000700838702a18703a386020001a405a2870caa01ab86020000a886"
    "1816170315040e08101101070b12060c130914000a0d05020fa98600ad00a78602"
    "86008600a6860400000600b083da87d2a201ae86020201a58708b782b88600b481"
    "b2bdb102b681b381b58600af03ac86020000a08707bb8700b701bc01b102a38604"
    "00010101ba35b9bde7178e57")
OLD_NO_GAME = bytes.fromhex(
    "50a50200000008001b8702a180a08707bb8700b701bc01b102a3860400010101ba"
    "35b9bd1d2d8d21")


def with_new_prefs(old):
    """An older build's Prime Climb prefs as this build keeps them: every
    choice it had, unchanged, and the defaults of the ones added since
    (the computer's speed, more Way Stations, the disputed rulings)."""
    from primeplay.climb.ui import PREFS
    assert set(old) < set(PREFS)
    now = dict(old)
    for k in PREFS:
        if k not in now:
            now[k] = PREFS[k]
    return now


def test_a_game_saved_by_the_previous_build_continues():
    old = save.decode(OLD_GAME)
    assert sorted(old) == ["climb", "prefs"]
    st = Storage(OLD_GAME)
    app = App(storage=st, seed=1)
    assert list(app.saves) == ["climb"]
    # Five rows show; "Judge cards" is below them.
    # Four rows show, and the chosen Continue's turn under them.
    assert app.scene().texts() == ["Continue Prime Climb", "Prime Climb",
                                   "Prime Daifugo", "Ring Climb",
                                   "Saved: turn 3"]
    app.press("A")
    assert frame(app).texts() == ["Prime Climb", "Loading...", "turn 3"]
    frame(app)
    s = app.screen
    assert (s.state.turn, s.state.pos, s.seats, s.seed) == \
        (3, [0, 0, 6, 0], [0, 1], 5)
    # Written again: the same key, the same game; the settings, which that
    # build kept flat in "prefs", now under the game's key as they were
    # (the setup fills in the ones added since), the device's beside them.
    app.store()
    assert save.read(st.nvm) == {"prefs": dict(DEFAULT_PREFS,
                                               climb=old["prefs"]),
                                 "climb": old["climb"]}


def test_a_record_without_a_game_from_the_previous_build_loads():
    app = App(storage=Storage(OLD_NO_GAME), seed=1)
    assert app.saves == {}
    assert app.scene().texts() == ["Prime Climb", "Prime Daifugo", "Ring Climb",
                                   "Colour explorer", "Prime judge"]
    assert app.game_prefs("climb")["seats"] == [0, 1, 1, 1]


def test_settings_saved_flat_by_older_builds_are_prime_climbs():
    # Before App.game_prefs, Prime Climb's settings were the app's: flat
    # in "prefs".  They survive, under "climb", and are written so.
    old = {"players": 3, "seats": [0, 0, 1, 1], "variant": "double_time",
           "cards": 0, "station": 61, "best": {"solitaire1": 12},
           "own_cards": 0}
    st = Storage(save.encode({"prefs": dict(old), "climb": None}))
    app = App(storage=st, seed=1)
    now = with_new_prefs(old)
    # Filled in when first asked for; the device's own beside them.
    assert app.prefs == dict(DEFAULT_PREFS, climb=old)
    assert app.game_prefs("climb") == now
    app.store()
    assert save.read(st.nvm) == {"prefs": dict(DEFAULT_PREFS, climb=now)}
    app = App(storage=st, seed=1)
    assert app.game_prefs("climb") == now
    app.press("A")                  # the setup menu shows them
    frame(app)
    assert app.scene().texts()[:3] == ["Start", "Game: Double Time",
                                       "Players: 3"]


def test_a_game_this_build_does_not_know_is_left_as_it_is():
    # A record from a later build (a game this one lacks): not offered,
    # not read, and kept for the build that knows it.
    rec = {"prefs": {"players": 3}, "ring": {"turn": 2}}
    st = Storage(save.encode(rec))
    app = App(storage=st, seed=1)
    assert app.saves == {}
    assert [r for r in app.scene().texts() if r.startswith("Continue")] == []
    assert app.game_prefs("climb")["players"] == 3
    app.store()
    assert save.read(st.nvm) == {"prefs": app.prefs, "ring": {"turn": 2}}


# ------------------------------------------------------------ a toy game

@pytest.fixture
def toy(monkeypatch):
    """A second game in the registry: module ``toy_game`` with the four
    entry points, recording what it was asked."""
    calls = []
    mod = types.ModuleType("toy_game")

    class Board:
        def __init__(self, app, play):
            self.app = app
            self.play = play

        def press(self, name):
            if name == "A":
                self.app.keep_game("toy", {"turn": self.play["turn"] + 1})
            elif name == "B":
                self.app.home()

        def tick(self):
            pass

        def draw(self, sc):
            sc.text(0, 0, "Toy turn %d" % self.play["turn"])

    def setup(app):
        calls.append("setup")
        app.go(Board(app, {"turn": 0}))

    def check(play):
        calls.append("check")
        if play.get("turn", -1) < 0:
            raise save.SaveError("bad turn")

    def detail(play):
        return "turn %d" % play["turn"]

    def resume(app, play):
        calls.append("resume")
        if play["turn"] == 13:
            raise KeyError("board")
        return Board(app, play)

    mod.setup, mod.check, mod.detail, mod.resume = setup, check, detail, resume
    monkeypatch.setitem(sys.modules, "toy_game", mod)
    monkeypatch.setattr(games, "GAMES", list(games.GAMES))
    games.register("toy", "Toy game", "toy_game", "toy_game")
    return calls


def test_the_main_menu_is_the_registry(toy):
    st = Storage()
    app = App(storage=st, seed=1)
    assert app.scene().texts() == ["Prime Climb", "Prime Daifugo",
                                   "Ring Climb", "Toy game",
                                   "Colour explorer"]
    app.press("DOWN")
    app.press("DOWN")
    app.press("DOWN")
    app.press("A")
    assert toy == ["setup"] and frame(app).texts() == ["Toy turn 0"]
    app.press("A")              # a turn: saved under the game's key
    frame(app)
    frame(app)
    assert save.read(st.nvm) == {"prefs": app.prefs, "toy": {"turn": 1}}
    app.press("B")
    assert isinstance(app.screen, MainMenu)
    # Power-up: checked, offered, resumed behind a Loading screen.
    app = App(storage=st, seed=1)
    assert toy[-1] == "check"
    assert app.scene().texts()[0] == "Continue Toy game"
    app.press("A")
    assert frame(app).texts() == ["Toy game", "Loading...", "turn 1"]
    frame(app)
    assert frame(app).texts() == ["Toy turn 1"] and toy[-1] == "resume"


def test_a_toy_save_that_fails_is_told_and_set_aside(toy):
    st = Storage(save.encode({"prefs": {}, "toy": {"turn": -1}}))
    app = App(storage=st, seed=1)
    assert app.scene().texts()[:2] == ["Save damaged:", "bad turn"]
    assert save.read(st.nvm) == {"prefs": app.prefs}
    st = Storage(save.encode({"prefs": {}, "toy": {"turn": 13}}))
    app = App(storage=st, seed=1)
    app.press("A")
    frame(app)
    frame(app)
    assert app.scene().texts()[:2] == ["Save damaged:", "missing board"]
    assert save.read(st.nvm) == {"prefs": app.prefs}
    app.press("A")
    assert app.scene().texts() == ["Prime Climb", "Prime Daifugo",
                                   "Ring Climb", "Toy game",
                                   "Colour explorer"]


# ------------------------------------------------------------ unloading

@pytest.fixture
def unloading(monkeypatch):
    """UNLOAD as on a board; the modules and the packages' attributes as
    they were afterwards (other tests hold the game's classes)."""
    import primeplay
    import primeplay.app
    modules = dict(sys.modules)
    attrs = [(p, dict(p.__dict__)) for p in (primeplay, primeplay.app)]
    monkeypatch.setattr(primeplay, "UNLOAD", True)
    yield
    sys.modules.clear()
    sys.modules.update(modules)
    for p, d in attrs:
        p.__dict__.clear()
        p.__dict__.update(d)
    # Each package's attribute for its submodule as well (a game's
    # package was given fresh ones when the test imported it again):
    # ``from primeplay.daifugo import rules`` and ``import
    # primeplay.daifugo.rules`` must find the same module afterwards.
    # A submodule first imported during the test is gone from sys.modules
    # but was left on its package: dropped there too.
    for name, mod in list(modules.items()):
        if not name.startswith("primeplay"):
            continue
        for child, v in list(mod.__dict__.items()):
            if type(v) is types.ModuleType and v.__name__.startswith("primeplay") \
                    and modules.get(v.__name__) is not v:
                if v.__name__ in modules:
                    setattr(mod, child, modules[v.__name__])
                else:
                    delattr(mod, child)
        parent, _, child = name.rpartition(".")
        if parent in modules:
            setattr(modules[parent], child, mod)


def test_leaving_a_game_unloads_its_modules(unloading):
    import primeplay
    app = App(seed=1)
    # Four computers, player 1 first (no start-roll news to wait for).
    app.prefs["climb"] = {"seats": [1, 1, 1, 1], "first": 0}
    app.press("A")                  # Prime Climb's setup, on Start
    app.press("A")                  # Start
    frame(app)
    frame(app)
    assert type(app.screen).__name__ == "ClimbPlay"
    assert "primeplay.climb.rules" in games.loaded()
    assert "primeplay.climb.ui.play" in games.loaded()
    # The menus went as the game loaded (games.enter).
    assert "primeplay.app.menus" not in sys.modules
    assert "primeplay.app.games" not in sys.modules
    assert "primeplay.climb.ui.setup_menu" not in sys.modules
    while app.saves.get("climb") is None:   # computers play a turn
        frame(app, 300)
    while type(app.screen).__name__ != "Pause":
        app.press("B")              # the pause menu (not while rolling)
        frame(app)
    assert app.scene().texts()[0] == "Resume"  # drawn by the menus' code
    # Back to play: the rows' code goes again, without the registry
    # imported for it (a press's 20 ms on the board, issue 22).
    imported = []

    class Spy:
        def find_spec(self, name, path=None, target=None):
            imported.append(name)

    spy = Spy()
    sys.meta_path.insert(0, spy)
    try:
        app.press("B")
    finally:
        sys.meta_path.remove(spy)
    assert imported == []
    assert "primeplay.app.rows" not in sys.modules
    assert "primeplay.app.menus" not in sys.modules
    assert "primeplay.app.games" not in sys.modules
    while type(app.screen).__name__ != "Pause":
        app.press("B")
        frame(app)
    app.press("DOWN")               # save and quit
    app.press("A")
    # The main menu's module imported again (not the class of the first).
    assert type(app.screen).__name__ == "MainMenu"
    frame(app)
    assert games.loaded() == []
    # (vars: a package's lazy __getattr__ would import it to answer hasattr)
    assert "climb" not in vars(primeplay)
    # And it comes back: Continue imports it again.
    assert app.scene().texts()[0] == "Continue Prime Climb"
    app.press("A")
    frame(app)
    frame(app)
    assert type(app.screen).__name__ == "ClimbPlay"
    assert app.screen.state.turn == 1


# On CircuitPython's VM, from .mpy as the board loads it: free heap at the
# main menu, while playing, after leaving by the pause menu, and again
# after Continue and leaving a second time.
LEAVE_CODE = r'''
import gc
import sys
import micropython
from primeplay import save
nvm = bytearray(b"\xff" * 4096)
save.write(nvm, {"prefs": {"best": {}}})


class Storage:
    pass


st = Storage()
st.nvm = nvm
from primeplay.app import App


def loaded():
    # Imported at each call: a game in play drops the registry
    # (games.enter), and a function held from it would keep it.
    from primeplay.app.games import loaded
    return loaded()


a = App(st, seed=1)
t = 0


def frames(n):
    global t
    for _ in range(n):
        t += 250
        a.tick(t)
        a.scene()


def free(what):
    gc.collect()
    print(what, gc.mem_free(), len(loaded()), a.scene().texts()[0])
    micropython.qstr_info()


def leave():
    # The pause menu's "Save and quit" (B waits while the dice roll).
    for _ in range(50):
        if type(a.screen).__name__ == "Pause":
            break
        a.press("B")
        frames(1)
    a.press("DOWN")
    a.press("A")
    frames(2)


frames(2)
free("before")
# Prime Climb; 4 players, all computers (P1 easy, normal: two RIGHTs);
# the setup opens on Start, three rows above P1's.
for k in ("A", "DOWN", "DOWN", "RIGHT", "RIGHT", "DOWN", "RIGHT", "RIGHT",
          "UP", "UP", "UP", "A"):
    a.press(k)
frames(200)
free("playing")
leave()
free("left")
a.press("A")        # Continue
frames(200)
free("playing")
leave()
free("left")
'''

_missing = mpvm.cp_missing(32) or (
    None if cpbuilds.mpy_cross() else cpbuilds.missing("CircuitPython's mpy-cross"))


@pytest.mark.skipif(bool(_missing), reason=str(_missing))
def test_leaving_a_game_gives_its_heap_back_on_circuitpython():
    # 180K: the 4 KB nvm is in the heap here (on the board it is flash).
    out = mpvm.run_cp(LEAVE_CODE, heapsize="180K", path=heap.mpy_lib())
    lines = out.splitlines()
    rows = [line.split(" ", 3) for line in lines[0::2]]
    qstrs = [int(line.rsplit("n_total_bytes=", 1)[1]) for line in lines[1::2]]
    print(out)
    assert [r[0] for r in rows] == ["before", "playing", "left",
                                    "playing", "left"]
    free = [int(r[1]) for r in rows]
    # Power-up imports no game module (not even to check the settings:
    # App.game_prefs does that when the game asks for them).
    assert [int(r[2]) > 0 for r in rows] == [False, True, False, True, False]
    assert rows[2][3] == rows[4][3] == "Continue Prime Climb"
    # The game took tens of KB; leaving gives back all of it but the names
    # the VM interned while loading it (qstrs, never freed, and the same
    # names again the next time).
    assert free[0] - free[1] > 40000
    # And what the app keeps on purpose: primeplay.rng with its Rng (the
    # seeds of the next games), the game's remembered settings, and the
    # save's sector image a game sets aside as it starts (save.reserve).
    kept = qstrs[2] - qstrs[0] + save.SECTOR
    assert free[2] >= free[0] - kept - 4096
    # Playing again and leaving again costs nothing more.
    assert qstrs[4] - qstrs[2] < 64
    assert abs(free[4] - free[2]) <= 512


# Prime Daifugo the same way: 3 strong computers, leave by the pause menu
# ("Save and quit", its third row), Continue, leave again.
DAIFUGO_LEAVE_CODE = LEAVE_CODE.split("def leave():")[0] + r'''
def leave():
    for _ in range(50):
        if type(a.screen).__name__ == "Pause":
            break
        a.press("B")        # (on a page B turns it; then the pause menu)
        frames(1)
    a.press("DOWN")
    a.press("DOWN")
    a.press("A")
    frames(2)


frames(2)
free("before")
for k in ("DOWN", "A", "DOWN", "RIGHT", "DOWN", "RIGHT", "RIGHT", "UP",
          "UP", "A"):
    a.press(k)
    a.scene()       # a Loading frame's work runs once it has been shown
    frames(1)
frames(200)
free("playing")
leave()
free("left")
a.press("A")        # Continue
frames(200)
free("playing")
leave()
free("left")
'''


# Ring Climb the same way: 6 strong computers, "Save and quit" (the
# pause menu's second row), Continue, leave again.
RINGS_LEAVE_CODE = DAIFUGO_LEAVE_CODE.replace(
    """    a.press("DOWN")
    a.press("DOWN")
    a.press("A")""", """    a.press("DOWN")
    a.press("A")""").replace(
    """("DOWN", "A", "DOWN", "RIGHT", "DOWN", "RIGHT", "RIGHT", "UP",
          "UP", "A")""", repr(heap.GAME_KEYS["rings"]))


@pytest.mark.skipif(bool(_missing), reason=str(_missing))
@pytest.mark.parametrize("code", [DAIFUGO_LEAVE_CODE, RINGS_LEAVE_CODE],
                         ids=["daifugo", "rings"])
def test_leaving_daifugo_or_ring_climb_gives_its_heap_back(code):
    if code is RINGS_LEAVE_CODE:    # both replacements took
        assert repr(heap.GAME_KEYS["rings"]) in code
        assert code.count("a.press(") == \
            DAIFUGO_LEAVE_CODE.count("a.press(") - 1
    out = mpvm.run_cp(code, heapsize="180K", path=heap.mpy_lib())
    lines = out.splitlines()
    rows = [line.split(" ", 3) for line in lines[0::2]]
    qstrs = [int(line.rsplit("n_total_bytes=", 1)[1]) for line in lines[1::2]]
    print(out)
    assert [r[0] for r in rows] == ["before", "playing", "left",
                                    "playing", "left"]
    free = [int(r[1]) for r in rows]
    assert [int(r[2]) > 0 for r in rows] == [False, True, False, True,
                                             False]
    assert rows[2][3] == rows[4][3] == (
        "Continue Daifugo" if code is DAIFUGO_LEAVE_CODE else "Continue Ring Climb")
    assert free[0] - free[1] > 20000
    kept = qstrs[2] - qstrs[0]
    # What stays beside the names: the saved game Continue offers (the
    # record's hands and deck), primeplay.rng and the App's Rng, and the
    # save's sector image.
    assert free[2] >= free[0] - kept - save.SECTOR - 4096
    assert qstrs[4] - qstrs[2] < 64
    assert abs(free[4] - free[2]) <= 512


def test_a_game_that_is_not_lean_keeps_the_menus(unloading):
    # Prime Daifugo does not set LEAN: dropping the menus would leave
    # holes its every allocation searches past on the board (games.enter).
    app = App(seed=1)
    app.press("DOWN")               # Prime Daifugo
    app.press("A")
    frame(app)
    app.press("A")                  # Start
    frame(app)
    frame(app)
    assert type(app.screen).__name__ == "DaifugoPlay"
    assert "primeplay.daifugo.ui.setup_menu" in sys.modules
    menus = sys.modules["primeplay.app.menus"]
    app.screen.pause()
    assert type(app.screen).__name__ == "Pause"
    frame(app)                      # (a press counts once it is seen)
    app.press("B")                  # back to play
    # The same module: not dropped and loaded a second time beside the
    # one the play screen's classes hold.
    assert sys.modules["primeplay.app.menus"] is menus
    assert type(app.screen).__name__ == "DaifugoPlay"


class _Reload(BaseException):
    """What the board's supervisor.reload() is to the App: nothing after
    it runs in this VM."""


def _board_app(storage, start=None):
    app = App(storage, seed=1, start=start)

    def restart(intent):
        raise _Reload(intent)
    app.restart = restart
    return app


def test_a_press_on_the_loading_frame_does_not_skip_the_store_before_the_restart():
    # Found by the fuzzer: B leaves the setup (Loading drawn, the store
    # due on the next tick), a second B in the next pass ran the restart
    # first, and the setting changed just before was never stored.
    st = Storage()
    app = _board_app(st, "setup:rings")
    for t in (0, 20, 40):
        app.tick(t)
        app.scene()
    players = app.game_prefs("rings")["players"]
    app.press("DOWN")
    app.press("RIGHT")              # one more player
    app.tick(60)
    app.scene()
    app.press("B")                  # leave: the Loading frame is drawn
    app.tick(80)
    app.scene()
    with pytest.raises(_Reload):
        app.press("B")              # a second B in the next pass
    assert _board_app(st).game_prefs("rings")["players"] == players + 1
