"""The handheld's UI, driven by button presses exactly as a player would."""

from hypothesis import given, settings, strategies as st, HealthCheck

from primeplay.app import App, Pause
from primeplay.app.scene import BUTTONS, WIDTH, HEIGHT
from primeplay.climb.ui.play import ClimbPlay
from primeplay.app.menus import MainMenu
from primeplay.climb.ui.setup_menu import ClimbSetup
from primeplay.app.explorer import Explorer
from primeplay.app import colours
from primeplay.climb.bot import Bot
from primeplay.climb.rules import OVER


class MemoryStorage:
    """The board's 4 KB of nvm in memory, erased flash at the start (the
    app keeps its save log there).  ``data`` is the newest intact record's
    entry (bytes) or None; ``writes`` counts writes to the nvm."""

    def __init__(self, data=None):
        self.nvm = CountingNvm(b"\xff" * 4096)
        if data is not None:
            self.nvm[0:len(data)] = data

    @property
    def data(self):
        from primeplay import save
        return save.newest(self.nvm)

    @property
    def record(self):
        from primeplay import save
        return save.read(self.nvm)

    @property
    def writes(self):
        return self.nvm.writes


class CountingNvm(bytearray):
    writes = 0

    def __setitem__(self, index, value):
        self.writes += 1
        bytearray.__setitem__(self, index, value)


class Clock:
    def __init__(self, app):
        self.app = app
        self.t = 0

    def wait(self, ms):
        # Time passes in small steps, as the device loop ticks.
        end = self.t + ms
        while self.t < end:
            self.t += 50
            self.app.tick(self.t)


def frame(app):
    """One pass of the firmware's loop with no press: the scene goes to the
    panel, then time ticks (running work that waited for that frame)."""
    sc = app.scene()
    app.tick(app.now)
    return sc


def start_climb(app, players=2, seats=(0, 1), variant="standard"):
    prefs = app.game_prefs("climb")
    prefs["players"] = players
    prefs["variant"] = variant
    # Player 1 starts (the setup's "First: P1"): these tests follow a seat
    # through its turns; the start roll has its own tests.
    prefs["first"] = 0
    for i, s in enumerate(seats):
        prefs["seats"][i] = s
    (app.press("A"), frame(app)) if isinstance(app.screen, MainMenu) and \
        app.screen.entries[app.screen.cursor] == "climb" else None
    assert isinstance(app.screen, ClimbSetup)
    app.press("A")                       # the setup opens on Start
    frame(app)                           # "Loading...", then the game
    assert isinstance(app.screen, ClimbPlay)
    return app.screen


def choose(app, clock, move):
    """Press the buttons a player would to make ``move`` on a ClimbPlay:
    UP/DOWN to the row that holds it (in action mode there is one),
    LEFT/RIGHT to it, A."""
    scr = app.screen
    if scr.peeking():
        app.press("A")                       # the board after the roll
    for _ in range(60):
        if scr.cursor.move(scr.mode) == move:
            break
        if scr.mode == "action":
            app.press("RIGHT")
        else:
            rs = scr.cursor.rows()
            gi = [i for i in range(len(rs)) if move in rs[i][1]][0]
            app.press("DOWN" if gi != scr.cursor.group else "RIGHT")
    assert scr.cursor.move(scr.mode) == move
    app.press("A")                           # End turn too: one press


def play_turns(app, clock, limit=3000):
    """Play the human seats with the Bot's choices, through buttons."""
    advisor = Bot()
    scr = app.screen
    for _ in range(limit):
        if app.screen is not scr or scr.peeking():   # news, the board
            app.press("A")
        elif scr.mode == "over":
            return True
        elif scr.is_bot():
            clock.wait(500)
        elif scr.mode == "roll":
            app.press("A")
            clock.wait(800)
        elif scr.mode in ("move", "action"):
            choose(app, clock, advisor.choose(scr.state))
        else:
            clock.wait(100)
    return False


def test_main_menu_lists_the_games():
    app = App()
    assert app.scene().texts() == ["Prime Climb", "Prime Daifugo",
                                   "Ring Climb", "Colour explorer",
                                   "Prime judge"]


def test_a_whole_game_human_against_computer_through_buttons():
    store = MemoryStorage()
    app = App(storage=store, seed=11)
    clock = Clock(app)
    start_climb(app, 2, (0, 1))
    assert play_turns(app, clock)
    scr = app.screen
    assert scr.state.phase == OVER
    texts = app.scene().texts()
    w = scr.state.winner
    assert texts[0] == "P%d %s wins" % (w + 1, colours.SEAT_NAMES[w])
    app.press("A")
    assert isinstance(app.screen, MainMenu)
    assert app.saves.get("climb") is None            # a finished game is not offered
    assert "Continue Prime Climb" not in app.scene().texts()


def test_computer_only_game_plays_itself_with_pauses():
    app = App(seed=2)
    clock = Clock(app)
    scr = start_climb(app, 3, (1, 1, 1))
    clock.wait(200)
    assert scr.state.turn == 0               # a visible pause first
    for _ in range(4000):
        if scr.mode == "over":
            break
        clock.wait(300)
    assert scr.mode == "over"


def test_preview_lights_the_factor_colours_of_the_result():
    app = App(seed=4)
    clock = Clock(app)
    scr = start_climb(app, 2, (0, 0))
    scr.game.state.pos[0] = 14
    app.press("A")
    clock.wait(800)
    scr.game.state.dice = [3]                # as if only a 3 were left
    scr.game.edited()
    app.press("A")                           # the board after the roll goes
    scr.cursor.to_row(1)                     # the die's row
    choose_until = [m for g in scr.cursor.groups() for m in g[1]]
    target = ("die", 3, 0, 2)                # 14 x 3
    assert target in choose_until
    while scr.cursor.move(scr.mode) != target:
        app.press("RIGHT")
    sc = app.scene()
    assert "a 14x3=42" in sc.texts()
    assert sc.leds == colours.number_ring(42, 12)
    assert sorted(set(sc.leds)) == sorted({colours.RGB["orange"],
                                           colours.RGB["green"],
                                           colours.RGB["purple"]})


def test_b_undoes_within_the_turn_then_opens_the_menu():
    app = App(seed=4)
    clock = Clock(app)
    scr = start_climb(app, 2, (0, 0))
    app.press("A")
    clock.wait(800)
    app.press("A")                           # the board after the roll goes
    before = list(scr.state.pos)
    app.press("A")                           # first use
    assert scr.state.pos != before or scr.state.dice != []
    app.press("B")                           # take it back
    assert scr.state.pos == before and len(scr.state.dice) in (2, 4)
    app.press("B")                           # nothing to undo: menu
    assert isinstance(app.screen, Pause)
    app.press("B")
    assert app.screen is scr and scr.mode == "move"


def test_save_after_each_turn_and_continue_after_power_up():
    store = MemoryStorage()
    app = App(storage=store, seed=9)
    clock = Clock(app)
    scr = start_climb(app, 2, (0, 0))
    for _ in range(3):
        app.press("A")
        clock.wait(800)
        while app.screen is scr and scr.mode == "move":
            app.press("A")                   # the board, each die, End turn
        while app.screen is not scr or scr.mode == "action":
            app.press("A")
    # The save goes to storage once the frame answering the press is out.
    assert store.data is None
    frame(app)
    assert store.data
    pos, turn, cur = list(scr.state.pos), scr.state.turn, scr.state.current
    # Power cycle: a new App on the same storage.
    app2 = App(storage=store, seed=1)
    assert app2.scene().texts()[0] == "Continue Prime Climb"
    app2.press("A")
    frame(app2)
    scr2 = app2.screen
    assert isinstance(scr2, ClimbPlay)
    assert scr2.state.pos == pos and scr2.state.turn == turn
    assert scr2.state.current == cur and scr2.mode == "roll"


def test_remembered_defaults_survive_power_up():
    store = MemoryStorage()
    app = App(storage=store)
    app.press("A")                           # setup, on Start
    app.press("DOWN")
    app.press("RIGHT")                       # variant: Double Time
    app.press("B")                           # back: stored
    frame(app)                               # ...after the menu is shown
    app2 = App(storage=store)
    assert app2.game_prefs("climb")["variant"] == "double_time"


def test_save_problems_read_the_same_on_every_vm():
    from primeplay import save
    assert save.problem(KeyError("seats")) == "missing seats"
    assert save.problem(save.SaveError("bad checksum")) == "bad checksum"
    assert save.problem(TypeError()) == "unreadable"


def test_a_save_without_seats_says_what_is_missing():
    def no_seats(record):
        del record["climb"]["seats"]
    app = App(storage=tampered_save(no_seats))
    app.press("A")                           # Continue
    frame(app)
    assert app.scene().texts()[:2] == ["Save damaged:", "missing seats"]


def test_a_damaged_save_is_reported_and_set_aside():
    from primeplay import save
    for junk in (b"garbage", b"PP\x01\x00\x05hello\x00\x00\x00\x00",
                 b"PP\x09" + bytes(20), bytes(4096),
                 save.encode({"prefs": {}})[:-1] + b"\x00"):
        store = MemoryStorage(junk)
        app = App(storage=store)
        texts = app.scene().texts()
        assert texts[0] == "Save damaged:"
        # Set aside: a record without a game supersedes it.
        assert store.record == {"prefs": app.prefs}
        app.press("A")
        assert isinstance(app.screen, MainMenu)


def test_a_damaged_game_keeps_the_settings_and_records():
    def off_the_board(record):
        record["prefs"]["climb"]["variant"] = "double_time"
        record["prefs"]["climb"]["best"] = {"solitaire1": 9}
        record["climb"]["state"]["pos"] = [500, 0, 0, 0]
    store = tampered_save(off_the_board)
    app = App(storage=store)
    assert app.scene().texts()[:2] == ["Save damaged:", "bad pawn positions"]
    assert app.game_prefs("climb")["variant"] == "double_time"
    assert app.game_prefs("climb")["best"] == {"solitaire1": 9}
    assert "climb" not in store.record
    assert App(storage=store).game_prefs("climb")["best"] == \
        {"solitaire1": 9}


def test_legacy_blob_storage_still_works():
    # Storage without an nvm (read/write of one record): the record is one
    # entry.
    from primeplay import save

    class Blob:
        data = None

        def read(self):
            return self.data

        def write(self, data):
            self.data = bytes(data)

    store = Blob()
    app = App(storage=store)
    app.press("A")
    app.press("DOWN")
    app.press("RIGHT")
    app.press("B")
    frame(app)
    assert save.decode(store.data)["prefs"]["climb"]["variant"] == \
        "double_time"
    assert App(storage=store).game_prefs("climb")["variant"] == "double_time"


def tampered_save(change):
    """Storage holding a two-player game's save, passed through ``change``
    (a function that edits the decoded record) and written again as the
    newest record."""
    from primeplay import save
    store = MemoryStorage()
    app = App(storage=store, seed=3)
    start_climb(app, 2, (0, 0))._save()
    frame(app)                               # the save is written after a frame
    record = store.record
    change(record)
    assert save.write(store.nvm, record)
    return store


def test_a_save_with_an_impossible_game_is_set_aside():
    def off_the_board(record):
        record["climb"]["state"]["pos"] = [500, 0, 0, 0]
    app2 = App(storage=tampered_save(off_the_board))
    assert app2.scene().texts()[0] == "Save damaged:"


def test_colour_explorer_combines_colours():
    app = App()
    app.press("DOWN")
    app.press("DOWN")
    app.press("DOWN")
    app.press("A")
    assert isinstance(app.screen, Explorer)
    assert "14=2x7" in app.scene().texts()
    app.press("RIGHT")                       # the cursor on "="
    app.press("UP")                          # multiply: 14 x 3
    sc = app.scene()
    assert "14x3=42" in sc.texts()
    assert sc.leds == colours.ring(["orange", "green", "purple"], 12)
    app.press("UP")                          # divide
    app.screen.a, app.screen.b = 84, 4
    sc = app.scene()
    assert "84/4=21" in sc.texts()
    assert sc.leds == colours.ring(["green", "purple"], 12)
    app.press("B")
    assert isinstance(app.screen, MainMenu)


def test_every_scene_fits_the_panel():
    app = App(seed=8)
    clock = Clock(app)
    start_climb(app, 2, (0, 1))
    for i in range(400):
        app.press(BUTTONS[i * 7 % len(BUTTONS)])
        clock.wait(150)
        for it in app.scene().items:
            if it[0] == "text":
                assert 0 <= it[1] and it[1] + len(it[3]) * 6 * it[4] <= WIDTH, it
                assert 0 <= it[2] and it[2] + 12 * it[4] <= HEIGHT, it
            elif it[0] in ("rect", "frame"):
                assert it[1] + it[3] <= WIDTH and it[2] + it[4] <= HEIGHT, it


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(BUTTONS + ("NOPE", "a", "")), min_size=1,
                max_size=400), st.integers(0, 2**31))
def test_mashing_buttons_never_crashes_or_loses_the_game(presses, seed):
    store = MemoryStorage()
    app = App(storage=store, seed=seed)
    clock = Clock(app)
    for p in presses:
        app.press(p)
        clock.wait(60)
        sc = app.scene()
        assert len(sc.leds) == 12
    if store.data:
        # Whatever was saved is a valid record.
        again = App(storage=MemoryStorage(store.data))
        assert not isinstance(again.screen, type(app.screen)) or \
            "Save damaged:" not in again.scene().texts()
        from primeplay import save
        save.decode(store.data)


CARDS_TXT = """# our table's own cards
keeper addsub 11 Add or subtract 11
action goto 37 Go to 37
"""


def test_own_cards_from_cards_txt_join_the_deck():
    app = App(seed=1, cards_text=CARDS_TXT)
    app.press("A")
    frame(app)                           # "Loading...", then the setup
    assert "Own cards: 2 on" in app.screen.rows()
    app.press("A")                       # Start, where the setup opens
    frame(app)
    scr = app.screen
    assert isinstance(scr, ClimbPlay)
    assert len(scr.state.cards) == 26
    assert ("action", "goto", 37, "Go to 37") in scr.state.cards


def test_own_cards_can_be_left_out():
    app = App(seed=1, cards_text=CARDS_TXT)
    app.press("A")
    frame(app)                           # "Loading...", then the setup
    setup = app.screen
    while setup.layout()[setup.cursor][0] != "own":
        app.press("DOWN")
    app.press("RIGHT")
    assert "Own cards: 2 off" in app.scene().texts()   # scrolled into view
    app.press("UP")
    while setup.layout()[setup.cursor][0] != "start":
        app.press("DOWN")
    app.press("A")
    frame(app)
    assert len(app.screen.state.cards) == 24


def test_a_bad_cards_txt_is_reported_not_fatal():
    app = App(seed=1, cards_text="keeper fly 3 nonsense\n")
    texts = app.scene().texts()
    assert texts[0] == "cards.txt not used:"
    assert any("line 1" in t for t in texts)
    app.press("A")
    assert isinstance(app.screen, MainMenu)
    assert app.custom_cards == ()


def test_out_of_range_prefs_in_a_valid_record_fall_back_to_defaults():
    from primeplay import save
    bad = {"players": 9, "seats": [1], "variant": "chess", "station": 4,
           "cards": 7, "own_cards": 1, "best": {}}
    bad["best"] = {"solitaire1": "x", "solitaire2": -3, "chess": 4}
    store = MemoryStorage(save.encode({"prefs": {"climb": bad},
                                       "climb": None}))
    app = App(storage=store)
    p = app.game_prefs("climb")
    assert p["players"] == 2 and p["seats"] == [0, 1, 1, 1]
    assert p["variant"] == "standard" and p["station"] == 53
    assert p["cards"] == 1
    assert p["best"] == {}
    app.press("A")                         # the setup menu works
    app.press("A")
    frame(app)
    assert isinstance(app.screen, ClimbPlay)


def test_a_save_that_fails_at_continue_is_reported_not_dropped():
    # Power-up checks the game state; the seats are only checked when the
    # game is resumed, and what is wrong must reach the screen there too.
    def one_seat(record):
        record["climb"]["seats"] = [0]
    app2 = App(storage=tampered_save(one_seat))
    assert app2.scene().texts()[0] == "Continue Prime Climb"
    app2.press("A")
    frame(app2)
    assert app2.scene().texts()[:2] == ["Save damaged:", "seats do not match"]
    assert app2.saves.get("climb") is None
    app2.press("A")
    assert app2.scene().texts() == ["Prime Climb", "Prime Daifugo", "Ring Climb",
                                   "Colour explorer", "Prime judge"]


def test_a_saved_computer_keeps_its_level_and_bad_levels_are_refused():
    from primeplay.climb.bot import HARD, EASY

    def levels(seats):
        def change(record):
            record["climb"]["seats"] = seats
        return change
    app2 = App(storage=tampered_save(levels([EASY, HARD])))
    app2.press("A")                               # Continue
    frame(app2)
    assert isinstance(app2.screen, ClimbPlay)
    assert app2.screen.seats == [EASY, HARD]
    assert [b.level for b in app2.screen.bots] == [EASY, HARD]
    for bad in ([0, 4], [0, -1], [0, True]):
        app3 = App(storage=tampered_save(levels(bad)))
        app3.press("A")
        frame(app3)
        assert app3.scene().texts()[:2] == ["Save damaged:", "bad seats"], bad


def test_a_save_waits_for_the_frame_that_answers_the_press():
    # Flash writes erase a sector (tens of ms on the board): the firmware's
    # loop shows the answer first (press, tick, scene), then the next pass's
    # tick writes.
    store = MemoryStorage()
    app = App(storage=store)
    app.press("A")                           # setup
    app.press("B")                           # back: prefs to store
    app.tick(app.now)                        # same pass as the press
    assert store.data is None
    app.scene()                              # the answering frame
    assert store.data is None
    app.tick(app.now + 20)                   # the next pass
    assert store.data is not None
    assert store.writes == 1
    frame(app)
    assert store.writes == 1                 # once


def test_a_pause_menu_closing_collects_after_its_frame_not_in_the_press(monkeypatch):
    # A LEAN game's pause menu loads the rows' drawing and lets it go as
    # it closes: the collection (tens of ms in a game's VM on the board)
    # waits until the press's frame is taken, and comes on the next tick,
    # before the game's own work.
    import gc
    import sys
    from primeplay.app import Pause
    app = App(MemoryStorage(), seed=1)
    monkeypatch.delitem(sys.modules, "primeplay.app.rows")
    collected = []
    monkeypatch.setattr(gc, "collect", lambda: collected.append(app.now))
    app.tick(100)
    app.push(Pause(app, [("Quit", lambda: None)]))
    app.scene()
    app.press("B")
    assert collected == []
    assert app.next_change() == 0       # the loop comes back for it
    app.tick(120)
    assert collected == []              # its frame is not taken yet
    app.scene()
    app.tick(140)
    assert collected == [140]
    app.scene()
    app.tick(160)
    assert collected == [140]           # once


def test_screens_nest_and_pop_back_as_they_were():
    from primeplay.app import Message, Confirm, Pause
    app = App(MemoryStorage(), seed=1)
    menu = app.screen
    menu.press("DOWN")
    said = []
    app.push(Pause(app, [("Quit", lambda: said.append("quit"))]))
    app.push(Message(app, ["hello"]))
    app.press("A")                  # the message goes back to the pause menu
    assert isinstance(app.screen, Pause)
    app.press("B")                  # B resumes: the menu, cursor kept
    assert app.screen is menu and menu.cursor == 1
    app.push(Pause(app, [("Quit", lambda: said.append("quit"))]))
    app.press("DOWN")
    app.press("A")
    assert said == ["quit"] and app.screen is menu
    app.push(Confirm(app, ["Sure?"], lambda: said.append("yes")))
    app.press("B")
    assert said == ["quit"] and app.screen is menu
    app.push(Confirm(app, ["Sure?"], lambda: said.append("yes")))
    app.press("A")
    assert said == ["quit", "yes"] and app.screen is menu
    app.push(Message(app, ["x"]))
    app.home()                      # leaving for the main menu forgets all
    assert app.below == []


def test_the_app_says_when_its_scene_may_change_without_a_press():
    app = App(seed=11)
    clock = Clock(app)
    clock.wait(100)
    app.scene()
    assert isinstance(app.screen, MainMenu)
    assert app.next_change() is None         # a menu waits for a press
    start_climb(app, 2, (0, 1))
    app.scene()
    clock.wait(100)
    scr = app.screen
    assert isinstance(scr, ClimbPlay) and scr.mode == "roll" and not scr.is_bot()
    assert app.next_change() is None         # P1's turn: A rolls
    app.press("A")
    app.scene()
    # The dice turn a face each 60 ms, the ring a step each 50.
    assert scr.mode == "rolling" and app.now < app.next_change() <= app.now + 50
    app.store_soon()
    assert app.next_change() == 0            # a store waits for its frame


def test_a_store_due_waits_for_the_frame_of_a_press_that_comes_first():
    """A store falls on the tick after the frame that asked for it; a
    press taken on that pass (the firmware presses, then ticks) is
    answered first: its frame, then the store.  On the emulated board a
    press that hurried a computer's turn waited 90 ms for a sector
    erase."""
    storage = MemoryStorage()
    app = App(storage=storage, seed=3)
    app.tick(0)
    app.scene()
    app.prefs["sound"] = 1 - app.prefs["sound"]     # something to store
    app.store_soon()
    before = storage.writes
    app.scene()                 # the frame that asked for it is taken
    app.press("DOWN")           # and a press comes on the next pass
    app.tick(20)
    assert storage.writes == before
    app.scene()                 # the press's frame
    app.tick(40)
    assert storage.writes > before
    app.collect_soon()
    app.scene()
    app.press("UP")
    assert app.collect_due == 1
