"""Prime Climb's play screens at the table, driven through the buttons."""

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

import vm_games

from climb_app_helpers import Table
from primeplay.app import App
from primeplay.climb.track import ADD
from primeplay.climb.rules import new_game
from primeplay.climb.bot import Bot


def default_ok(play, last):
    """The cursor a die opens on: the pawn moved last if that die can
    still move it, else pawn a; + if legal, else the first legal op."""
    rows = play.cursor.rows()
    dice = [r for r in rows if r[1] and r[1][0][0] == "die"]
    if not dice:
        return True
    moves = dice[0][1]
    pawns = [m[2] for m in moves]
    want = last if last in pawns else 0
    ops = [m[3] for m in moves if m[2] == want]
    cur = play.cursor.move(play.mode)
    assert cur in moves, (cur, moves)
    assert cur[2] == want, (cur, last, moves)
    assert cur[3] == (ADD if ADD in ops else ops[0]), (cur, moves)
    return True


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.lists(st.integers(0, 7), min_size=3,
                                       max_size=12))
def test_the_cursor_opens_each_die_on_the_last_pawn_with_plus(seed, picks):
    # The bug: after "b 0+6=6" the next die opened on "a 64/2=32", so two
    # presses of A made a move the player never looked at.
    t = Table(seed=seed, players=2, seats=(0, 0))
    last = [0, 0]
    for k in picks:
        play = t.play
        t.skip_news()
        if play.mode == "roll":
            t.roll()
            t.skip_news()
            continue
        if play.mode != "move":
            break
        p = play.state.current
        assert default_ok(play, last[p])
        rows = play.cursor.rows()
        dice = [r for r in rows if r[1] and r[1][0][0] == "die"]
        if not dice:
            m = rows[-1][1][0] if rows[-1][1] else None
            t.choose(("commit",) if ("commit",) in
                     play.game.legal_moves() else m)
            continue
        moves = dice[0][1]
        m = moves[k % len(moves)]
        t.choose(m)
        if m[0] == "die":
            last[p] = m[2]


# ------------------------------------------------------- computer turns

def test_a_computer_shows_only_the_move_it_makes_then_makes_it():
    shown = {}

    def watch(t, sc):
        play = t.play
        if play is None or t.app.screen is not play or play.peeking():
            return
        if play.mode in ("move", "action") and play.is_bot():
            texts = sc.texts()
            if play.bot_move is None:
                assert "thinking" in texts, texts
            else:
                big = play.preview(play.bot_move)[0]
                assert big in texts, (big, texts)
                shown["move"] = play.bot_move

    t = Table(seed=5, players=3, seats=(1, 2, 3), watch=watch)
    play = t.play
    made = []
    apply = play.make

    def checked(move):
        if move[0] != "roll":
            # The move made is the one the last frame previewed.
            assert shown.pop("move", None) == move
            made.append(move)
        return apply(move)
    play.make = checked
    for _ in range(300):
        t.wait(400)
        if play.mode == "over" or len(made) > 40:
            break
    assert len(made) > 40


def frames_per_computer_move(speed):
    t = Table(seed=9, players=2, seats=(1, 1), speed=speed)
    play = t.play
    counts = []
    last = None
    for _ in range(2000):
        t.wait(50)
        if t.app.screen is play and play.bot_move is not None:
            if play.bot_move is last and counts:
                counts[-1] += 1
            else:
                counts.append(1)
                last = play.bot_move
        else:
            last = None
        if len(counts) > 12:
            break
    return sorted(counts)[len(counts) // 2]


def test_computer_speed_sets_how_long_its_move_is_shown():
    slow, normal, fast, instant = [frames_per_computer_move(s)
                                   for s in range(4)]
    assert slow > normal > fast > instant
    assert slow * 50 >= 1800 - 50 and instant <= 1


def computer_step(t):
    """What a computer's turn shows now: the screen on top (its news page),
    the play screen's mode, the move previewed, the board after a roll,
    the position."""
    play = t.play
    scr = t.app.screen
    s = play.state
    return (id(scr), getattr(scr, "lines", None), play.mode, play.bot_move,
            play.peeking(), s.turn, tuple(s.pos), tuple(s.dice))


@pytest.mark.parametrize("seats", [(1, 1), (0, 2, 3)])
def test_a_hurries_every_step_of_a_computers_turn(seats):
    # At the slowest speed, A on any step of a computer's turn (its roll,
    # the dice in the air, thinking, its previewed move, its news pages,
    # the board after its roll) goes on to the next step at once.
    t = Table(seed=7, players=len(seats), seats=seats, speed=0)
    advisor = Bot()
    play = t.play
    kinds = set()
    for _ in range(1500):
        if play.mode == "over" or len(kinds) >= 6 and play.state.turn > 8:
            break
        scr = t.app.screen
        human = scr is play and not play.is_bot() or \
            scr is not play and getattr(scr, "until", 0) is None
        if human:
            # A human's own step: play it (news waits for its reader).
            if scr is not play or play.peeking():
                t.press("A")
            elif play.mode == "roll":
                t.roll()
            elif play.mode in ("move", "action"):
                t.choose(advisor.choose(play.state))
            continue
        before = computer_step(t)
        kinds.add("news" if scr is not play else "peek" if play.peeking()
                  else play.mode + ("" if play.bot_move is None else "+"))
        t.press("A")
        t.wait(50)
        assert computer_step(t) != before, before
    assert play.mode == "over" or play.state.turn > 8
    assert {"roll", "move+", "news"} <= kinds, kinds

def test_setup_cycles_each_seat_human_easy_normal_hard():
    from primeplay.climb.ui.setup_menu import ClimbSetup
    from primeplay.climb.bot import EASY, NORMAL, HARD
    t = Table(app=App(seed=1))
    t.app.game_prefs("climb")["seats"][1] = 0
    t.press("A")                        # Prime Climb
    t.wait(100)
    menu = t.app.screen
    assert isinstance(menu, ClimbSetup)
    rows = [k for k, _ in menu.layout()]
    while menu.layout()[menu.cursor][0] != "seat1":
        t.press("DOWN")
    seen = []
    for _ in range(4):
        t.press("RIGHT")
        seen.append((t.app.game_prefs("climb")["seats"][1],
                     t.frame().texts()[menu.cursor - menu.top]))
    assert [s for s, _ in seen] == [EASY, NORMAL, HARD, 0]
    assert [x for _, x in seen] == ["P2 yellow: CPU easy",
                                    "P2 yellow:CPU normal",
                                    "P2 yellow: CPU hard",
                                    "P2 yellow: human"]
    assert rows[0] == "start"
    t.press("RIGHT")
    t.press("RIGHT")
    t.press("RIGHT")                    # hard
    # How fast a computer plays is the device's setting, not a row here.
    assert "speed" not in [k for k, _ in menu.layout()]
    while menu.layout()[menu.cursor][0] != "start":
        t.press("UP")
    t.press("A")
    t.wait(100)
    assert [b.level if b else 0 for b in t.play.bots] == [0, HARD]


def test_prefs_keep_levels_and_drop_what_is_out_of_range():
    from primeplay.climb.ui import PREFS, sanitize
    p = dict(PREFS, seats=[0, 3, 2, 1], best={})
    sanitize(p)
    assert p["seats"] == [0, 3, 2, 1]
    for bad in ({"seats": [0, 4, 0, 0]}, {"seats": [0, True, 0, 0]},
                {"seats": [0, 1]}):
        p = dict(PREFS, best={})
        p.update(bad)
        sanitize(p)
        assert p["seats"] == PREFS["seats"]


def test_an_old_saves_climb_speed_becomes_the_devices_and_leaves_the_prefs():
    # Builds before the device setting kept the computer speed in Prime
    # Climb's settings: it carries over, and the game's prefs drop it.
    from primeplay import save
    from primeplay.climb.ui import PREFS
    from app_table import Nvm
    st = Nvm()
    save.write(st.nvm, {"prefs": {"climb": {"speed": 3, "players": 3}}})
    app = App(st)
    assert app.speed() == 3
    p = app.game_prefs("climb")
    assert "speed" not in p and "speed" not in PREFS and p["players"] == 3
    t = Table(seed=2, seats=(1, 1), app=app)
    t.press("A")
    t.wait(100)
    t.press("A")                        # Start
    t.wait(100)
    assert t.play.speed == 3


# ------------------------------------------------------------- news

def test_only_a_computers_own_news_goes_on_by_itself():
    from primeplay.climb.ui.play import News, NEWS_BOT_MS
    t = Table(seed=21, players=2, seats=(0, 1))
    play = t.play
    seen = {"human": 0, "computer": 0}
    advisor = __import__("primeplay.climb.bot", fromlist=["Bot"]).Bot()
    for _ in range(3000):
        scr = t.app.screen
        if play.mode == "over" or min(seen.values()) >= 3:
            break
        if isinstance(scr, News):
            lines = scr.lines
            if play.bots[scr.seat] is None:
                t.wait(10 * NEWS_BOT_MS[0])     # nobody pressed: it stays
                assert t.app.screen is scr and scr.lines is lines
                seen["human"] += 1
                t.press("A")
            else:
                t.wait(NEWS_BOT_MS[play.speed] + 100)
                assert t.app.screen is not scr or scr.lines is not lines
                seen["computer"] += 1
        elif scr is not play or play.peeking():
            t.press("A")
        elif play.is_bot():
            t.wait(200)
        elif play.mode == "roll":
            t.roll()
        elif play.mode in ("move", "action"):
            t.choose(advisor.choose(play.state))
    assert min(seen.values()) >= 3, seen


def test_a_press_as_a_page_turns_by_itself_does_not_skip_the_next():
    from primeplay.climb.ui.play import NEWS_BOT_MS, NEWS_GUARD_MS
    t = Table(seed=3, players=2, seats=(1, 1))
    play = t.play
    t.skip_news()
    play._tell([["one"], ["two"], ["three"]], 1)
    news = t.app.screen
    assert news.lines == ["one"]
    while news.lines == ["one"]:
        t.wait(50)
    t.press("A")                # meant for "one", which just went
    assert t.app.screen is news and news.lines == ["two"]
    t.wait(NEWS_GUARD_MS)
    t.press("A")
    assert news.lines == ["three"]
    assert NEWS_GUARD_MS < NEWS_BOT_MS[3]


def page_words(t):
    """Every word a news page shows, scrolling it down with DOWN."""
    words = []
    seen = []
    for _ in range(10):
        texts = t.frame().texts()
        if texts in seen:
            break
        seen.append(texts)
        for line in texts:
            if line not in words:
                words.append(line)
        t.press("DOWN")
    return " ".join(words).split()


def test_a_drawn_cards_whole_text_can_be_read():
    # "Keeper: Curse! An opponent may only subtract or divide next turn"
    # lost "next turn" when pages were cut to three lines.
    long_card = ("keeper", "addsub", 11, "Add or subtract eleven to or "
                 "from one of your pawns, on this turn or any later turn "
                 "of yours, even under a Curse's limits if it subtracts")
    t = Table(seed=3, players=2, seats=(0, 0))
    play = t.play
    cards = list(play.state.cards) + [long_card]
    play.state.cards = tuple(cards)
    for cid in range(len(cards)):
        play._tell(play._news_lines([("draw", 0, cid)]), 0)
        got = page_words(t)
        for w in cards[cid][3].split():
            assert w in got, (w, cards[cid][3], got)
        t.press("A")
        assert t.app.screen is play


# ------------------------------------------------------------ the board

def expected_pawn(state, q, i):
    v = state.pos[2 * q + i]
    if v == state.end:
        return "home"
    if v == 0:
        return "start"
    return str(state.space(q, i))


def check_board(t):
    """The board's first page on the panel lists every pawn where it is."""
    s = t.play.state
    texts = t.frame().texts()
    for q in range(s.settings.players):
        line = [x for x in texts if x.startswith("P%d a:" % (q + 1))]
        assert line, texts
        a, b = line[0].split()[1:3]
        assert a.rstrip("<>") == "a:" + expected_pawn(s, q, 0), (a, texts)
        assert b.rstrip("<>") == "b:" + expected_pawn(s, q, 1), (b, texts)
    if s.settings.cards and (s.settings.goal != "there_and_back" or
                             s.settings.players < 4):
        # In the title, or under the pawns when There and Back Again's
        # legend takes the title.
        assert any("deck %d" % len(s.deck) in x for x in texts), texts
    assert texts[0].endswith("B:back"), texts
    return texts


def check_pages(t):
    """RIGHT turns to each player's page: its Keepers by name."""
    from primeplay.climb.ui.play import keeper_name
    s = t.play.state
    for q in range(s.settings.players):
        t.press("RIGHT")
        text = " ".join(t.frame().texts())
        assert text.startswith("P%d " % (q + 1)), text
        assert ("cursed" in text) == bool(s.cursed[q])
        for c in s.keepers[q]:
            assert keeper_name(s.cards[c]) in text, (q, text)
        if not s.keepers[q]:
            assert "Keepers: none" in text
    t.press("RIGHT")                    # round to the first page
    check_board(t)


@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.sampled_from(["standard", "there_and_back",
                                               "way_stations"]))
def test_the_board_lists_every_pawn_from_every_play_screen(seed, variant):
    t = Table(seed=seed, players=3, seats=(0, 0, 0), variant=variant)
    advisor = __import__("primeplay.climb.bot", fromlist=["Bot"]).Bot()
    play = t.play
    looked = set()
    for _ in range(400):
        if play.mode == "over" or len(looked) == 3 and play.state.turn > 12:
            break
        if t.app.screen is not play:
            t.press("A")
            continue
        if play.peeking():
            # The board shows by itself after a roll; a press only takes
            # it away.
            check_board(t)
            before = (list(play.state.pos), list(play.state.dice))
            t.press("A")
            assert not play.peeking() and play.mode == "move"
            assert (list(play.state.pos), list(play.state.dice)) == before
            continue
        mode = play.mode
        if mode in ("roll", "move", "action") and play.state.turn % 3 == 0 \
                or mode not in looked:
            t.press("UP")                   # one press: the board
            assert play.showing_board()
            check_board(t)
            if mode not in looked:
                check_pages(t)
            looked.add(mode)
            t.press("DOWN")                 # back to where the cursor was
            assert not play.showing_board()
        if mode == "roll":
            t.roll()
        elif mode in ("move", "action"):
            t.choose(advisor.choose(play.state))
    assert {"roll", "move"} <= looked


def test_the_preview_warns_of_a_bump():
    t = Table(seed=3, players=2, seats=(0, 0))
    play = t.play
    s = play.state
    s.current = 0
    s.pos[0:4] = [5, 0, 8, 30]             # P2's a on 8
    t.press("A")
    t.wait(800)
    t.press("A")                            # the board goes
    s.dice = [3]
    play.game.edited()
    play.cursor.default()
    assert play.cursor.move(play.mode) == ("die", 3, 0, 0)
    texts = t.frame().texts()
    assert "a 5+3=8" in texts and "bumps P2" in texts
    t.press("RIGHT")                        # a 5-3=2: nobody there
    texts = t.frame().texts()
    assert play.cursor.move(play.mode) == ("die", 3, 0, 1)
    assert not [x for x in texts if x.startswith("bumps")]


def test_there_and_back_pawns_say_which_way_they_go():
    from primeplay.climb.ui.board import lines
    t = Table(seed=3, players=2, seats=(0, 0), variant="there_and_back")
    s = t.play.state
    s.pos[0:4] = [40, 202 - 60, 0, 101]
    assert lines(s, 1)[1:3] == ["a: 40, going out", "b: 60, coming back"]
    assert lines(s, 0)[1:3] == ["P1 a:40> b:60<", "P2 a:start b:101<"]


# ------------------------------------------------------------- labels

def rolled(t, dice, pos=None):
    """P1's Move phase with ``dice`` left (and pawns at ``pos``), the
    board after the roll dismissed."""
    play = t.play
    s = play.state
    if pos is not None:
        s.pos[0:len(pos)] = pos
    t.press("A")
    t.wait(800)
    t.press("A")
    s.dice = list(dice)
    play.game.edited()
    play.game._mark = s.copy()      # undo goes back to these dice
    play.cursor.default()
    return s


def test_the_header_names_whose_turn_with_the_seat_colour():
    t = Table(seed=3, players=3, seats=(0, 0, 0))
    s = rolled(t, [4])
    header = t.frame().texts()[0]
    assert header.startswith("P1 cyan a:") and "T" not in header.split()[-1]
    t.choose(("die", 4, 0, 0))
    t.choose(("commit",))
    t.skip_news()
    assert s.current == 1
    assert t.frame().texts()[0].startswith("P2 yellow")


def test_keepers_are_named_on_their_tiles():
    from primeplay.climb.cards import BASE_CARDS
    t = Table(seed=3, players=2, seats=(0, 0))
    play = t.play
    s = play.state
    want = {}
    for cid in range(len(BASE_CARDS)):
        c = BASE_CARDS[cid]
        if (c[1], c[2]) in (("addsub", 7), ("send_start", 0), ("curse", 0)):
            want[c[1]] = cid
    s.keepers[0] = sorted(want.values())
    s.pos[0:4] = [20, 30, 40, 50]
    rolled(t, [2])
    texts = t.frame().texts()
    for name in ("+-7", "Start", "Curse"):
        assert name in texts, texts
    assert "K" not in texts and not [x for x in texts if "/" in x and
                                     x.replace("/", "").isdigit()]


def test_end_turn_is_one_press_and_its_row_says_what_it_does():
    # "If you end your Move Phase with either of your pawns on the same
    # space as another pawn, send the pawn you landed on back to Start."
    t = Table(seed=3, players=2, seats=(0, 0))
    play = t.play
    s = rolled(t, [3], pos=[5, 0, 8, 30])
    t.choose(("die", 3, 0, 0))              # a 5+3=8, onto P2's a
    assert play.cursor.move(play.mode) == ("commit",)
    texts = t.frame().texts()
    assert "End turn:" in texts and "bumps P2" in texts, texts
    t.press("B")                            # still undoable before A
    s = play.state                          # undo replays onto a copy
    assert s.pos[0] == 5 and s.dice == [3]
    t.choose(("die", 3, 0, 0))
    t.press("A")                            # one press ends the turn
    s = play.state
    assert s.current == 1 and s.pos[2] == 0
    assert "Bump!" in t.frame().texts()


def test_end_turn_says_when_it_draws_a_card():
    # "You draw a Prime Card after your Move and Bump Phases are completed
    # if: ... At least one of your pawns is on an entirely red space (i.e.,
    # a prime number greater than 10)": 13.
    t = Table(seed=3, players=2, seats=(0, 0))
    play = t.play
    s = rolled(t, [3], pos=[10, 0, 50, 60])
    t.choose(("die", 3, 0, 0))              # a 10+3=13
    assert play.cursor.move(play.mode) == ("commit",)
    texts = t.frame().texts()
    assert "draws a card" in " ".join(texts), texts
    deck = len(s.deck)
    t.press("A")
    assert len(s.deck) == deck - 1


# ------------------------------------------------- results and setup

def finished(seed=4, seats=(1, 1), players=2, variant="standard"):
    t = Table(seed=seed, players=players, seats=seats, variant=variant,
              speed=3)
    for _ in range(3000):
        if t.play.mode == "over":
            break
        t.wait(200)
        if t.app.screen is not t.play:
            t.press("A")
    assert t.play.mode == "over"
    return t


def test_results_give_each_players_turns_bumps_and_cards():
    from primeplay.climb.ui.results import Results
    t = finished()
    play = t.play
    s = play.state
    w = s.winner
    if getattr(s, "tally", None) is None:
        # Until the rules engine keeps a tally: the rolls of each player.
        texts = t.frame().texts()
        assert texts[1].startswith("in %d turns" % s.rolls[w])

    class Tallied:
        """The finished state with a tally of our own (the screen shows
        the tally it is given, whatever it holds)."""
        tally = [7, 1, 2, 9, 3, 4]

        def __getattr__(self, name):
            return getattr(play.game.state, name)

    class Over:
        app, bots, best, state = play.app, play.bots, play.best, Tallied()
        rematch = None
    s = Over.state
    play.results = Results(Over)
    texts = t.frame().texts()
    assert texts[1].startswith("in %d turns" % s.tally[3 * w])
    assert texts[2] == "   turns bumps cards"
    assert texts[3].split() == ["P1", "7", "1", "2"]
    t.press("DOWN")
    assert t.frame().texts()[3].split() == ["P2", "9", "3", "4"]


def test_a_rematch_keeps_seats_and_settings_with_a_new_seed():
    t = finished(seats=(2, 3), players=2, variant="prime_sprint")
    old = t.play
    settings, seed = old.state.settings.to_dict(), old.seed
    t.press("RIGHT")                    # Rematch
    t.press("A")
    new = t.play
    assert new is not old and new.state.winner is None
    assert new.seats == [2, 3] and new.seed != seed
    assert new.state.settings.to_dict() == settings
    assert [b.level for b in new.bots] == [2, 3]


def test_menu_from_the_results():
    from primeplay.app.menus import MainMenu
    t = finished()
    t.press("A")
    assert isinstance(t.app.screen, MainMenu)


def setup_menu(t):
    from primeplay.climb.ui.setup_menu import ClimbSetup
    t.press("A")
    t.wait(100)
    assert isinstance(t.app.screen, ClimbSetup)
    return t.app.screen


def to_row(t, menu, key):
    for _ in range(20):
        if menu.layout()[menu.cursor][0] == key:
            return
        t.press("DOWN")
    assert False, key


def test_way_stations_one_to_three_from_the_setup():
    t = Table(app=App(seed=2))
    t.app.game_prefs("climb")["variant"] = "way_stations"
    menu = setup_menu(t)
    keys = [k for k, _ in menu.layout()]
    assert "station" in keys and "station1" in keys and "station2" not in keys
    to_row(t, menu, "station1")
    t.press("RIGHT")                    # 31
    to_row(t, menu, "station2")
    t.press("RIGHT")                    # 31 is taken: 37
    t.press("RIGHT")                    # 41
    to_row(t, menu, "station")
    for _ in range(3):
        t.press("RIGHT")                # 59, 61, 67 (53's next ones)
    assert t.app.game_prefs("climb")["station"] == 67
    to_row(t, menu, "start")
    t.press("A")
    t.wait(100)
    assert t.play.state.settings.way_stations == (67, 31, 41)


def test_no_station_picked_twice_and_none_drops_the_third():
    from primeplay.climb import WAY_STATION_CHOICES
    t = Table(app=App(seed=2))
    t.app.game_prefs("climb")["variant"] = "way_stations"
    menu = setup_menu(t)
    p = t.app.game_prefs("climb")
    to_row(t, menu, "station1")
    for _ in range(len(WAY_STATION_CHOICES) + 1):
        t.press("LEFT")
        st = [p["station"]] + [x for x in p["stations"] if x]
        assert len(set(st)) == len(st)
    while p["stations"][0] != 0:
        t.press("RIGHT")
    assert "station2" not in [k for k, _ in menu.layout()]
    assert p["stations"] == [0, 0]


def test_the_setup_describes_each_variant_in_a_line():
    from primeplay.climb import VARIANTS
    t = Table(app=App(seed=2))
    menu = setup_menu(t)
    notes = []
    assert menu.layout()[menu.cursor][0] == "start"
    t.press("DOWN")
    for _ in VARIANTS:
        assert menu.layout()[menu.cursor][0] == "variant"
        notes.append(menu.note(menu.cursor))
        t.press("RIGHT")
    assert len(set(notes)) == len(VARIANTS)
    assert all(0 < len(n) <= 21 for n in notes)
    to_row(t, menu, "start")
    assert menu.note(menu.cursor) is None


# --------------------------------------------- who starts, and the Hint

def test_the_start_rolls_are_told_before_the_first_turn(monkeypatch):
    from primeplay.climb import rules
    from primeplay.climb.ui.play import News
    new_game = rules.new_game

    def rolled_for_start(settings=None, seed=0):
        s = new_game(settings, seed)
        if not any(e[0] == "first" for e in s.events):
            # The rules engine's start rolls, as it will record them: a
            # tie at 12, then 7 against 9.
            s.events = [("start_roll", 0, 6, 6), ("start_roll", 1, 6, 6),
                        ("start_roll", 0, 3, 4), ("start_roll", 1, 4, 5),
                        ("first", 1)]
            s.current = 1
        return s
    monkeypatch.setattr(rules, "new_game", rolled_for_start)
    t = Table(app=App(seed=5))
    p = t.app.game_prefs("climb")
    p["seats"][0:2] = [0, 1]
    t.press("A")
    t.wait(100)
    t.press("A")                        # Start
    t.wait(200)
    news = t.app.screen
    assert isinstance(news, News)
    s = t.play.state
    want = ["P%d rolls %d+%d=%d" % (e[1] + 1, e[2], e[3], e[2] + e[3])
            for e in s.events if e[0] == "start_roll"]
    first = [e[1] for e in s.events if e[0] == "first"][0]
    text = page_words(t)
    for line in want + ["P%d starts." % (first + 1)]:
        assert line.split()[-1] in text, (line, text)
    t.wait(20000)                       # a human plays: it waits for A
    assert t.app.screen is news
    t.press("A")
    assert t.app.screen is t.play and s.current == first


def to_hint(t):
    play = t.play
    for _ in range(len(play.cursor.rows()) + 1):
        if play.cursor.rows()[play.cursor.group][0] == "Hint":
            return
        t.press("UP")
    assert False, play.cursor.rows()


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.sampled_from(["standard", "double_time",
                                               "prime_decline",
                                               "there_and_back"]))
def test_the_hint_shows_its_moves_and_makes_one_a_press(seed, variant):
    from primeplay.climb.hint import hint
    from primeplay.climb.rules import is_legal
    t = Table(seed=seed, players=2, seats=(0, 0), variant=variant)
    play = t.play
    advisor = __import__("primeplay.climb.bot", fromlist=["Bot"]).Bot()
    hinted = 0
    for _ in range(300):
        if play.mode == "over" or hinted >= 6:
            break
        if t.app.screen is not play or play.peeking():
            t.press("A")
        elif play.mode == "roll":
            t.roll()
        elif play.mode == "move" and play.state.dice and \
                play.state.turn % 2 == 0:
            want = hint(play.state)
            to_hint(t)
            t.press("A")                # show it
            texts = " ".join(t.frame().texts())
            if not want:
                assert "No hint here." in texts
                t.choose(advisor.choose(play.state))
                continue
            shown = play.hint.plan.text.split(", ")
            assert len(shown) == len(want)
            assert shown[0] in texts
            for m in want:
                s = play.state
                assert is_legal(s, m)   # never an illegal suggestion
                dice = len(s.dice)
                t.press("A")            # one press, one move
                if t.app.screen is not play or play.mode != "move":
                    break
                assert len(play.state.dice) < dice or m[0] == "keeper"
            hinted += 1
        elif play.mode in ("move", "action"):
            t.choose(advisor.choose(play.state))
    assert hinted or play.mode == "over"


# ------------------------------------------------ the same on every VM

APP_GUEST = """
from primeplay.app import App
a = App(seed=%d)
p = a.game_prefs("climb")
p["players"] = 3
p["seats"][0:3] = [0, 3, 0]
a.prefs["speed"] = 2
a.press('A'); a.scene(); a.tick(1)
a.press('A'); a.scene(); a.tick(2)
t = 2
keys = ('A', 'UP', 'RIGHT', 'DOWN', 'A', 'A', 'UP', 'UP', 'A', 'A', 'A',
        'DOWN', 'LEFT', 'A', 'B', 'A', 'RIGHT', 'A', 'A')
for i in range(1500):
    a.press(keys[i %% len(keys)])
    t += 300
    a.tick(t)
    sc = a.scene()
    if i %% 25 == 0:
        print(i, repr(sc.texts()))
        print(repr(sc.leds))
    if getattr(a.screen, "mode", "") == "over":
        print(i, "over", repr(sc.texts()))
        break
"""


@pytest.mark.parametrize("vm", [v for v in vm_games.VMS
                                if getattr(v, "values", [v])[0] != "wasm"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_play_screens_are_the_same_on_every_vm(vm, seed):
    # Board view, Hint, news, results, a computer at the easy level: the
    # screens run on the board too.
    guest = APP_GUEST % seed
    assert vm_games.on_vm(vm, guest) == vm_games.on_cpython(guest)


def fits(t, sc):
    """Every item of the play screen's and its news' scenes on the panel
    (menus are the menus' own)."""
    from primeplay.app.scene import WIDTH, HEIGHT, CHAR_W, CHAR_H
    from primeplay.climb.ui.play import News
    if t.play is None or not isinstance(t.app.screen, (Table.PLAY, News)):
        return
    for it in sc.items:
        if it[0] == "text":
            assert 0 <= it[1] and it[1] + len(it[3]) * CHAR_W * it[4] <= \
                WIDTH, it
            assert 0 <= it[2] and it[2] + CHAR_H * it[4] <= HEIGHT, it
        elif it[0] in ("rect", "frame"):
            assert it[1] + it[3] <= WIDTH and it[2] + it[4] <= HEIGHT, it


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.sampled_from(["standard", "double_time",
                                               "way_stations",
                                               "there_and_back",
                                               "solitaire2"]),
       st.lists(st.sampled_from(["UP", "DOWN", "LEFT", "RIGHT", "A", "A",
                                 "B", "WAIT"]), min_size=50, max_size=200))
def test_every_play_screen_fits_the_panel(seed, variant, keys):
    t = Table(seed=seed, players=4, seats=(0, 1, 0, 2), variant=variant,
              speed=3, watch=fits, prefs={"stations": [31, 79]})
    for k in keys:
        if k == "WAIT":
            t.wait(700)
        else:
            t.press(k)
        if t.play is None:
            break


def test_the_chosen_tile_is_always_on_the_strip():
    # Four dice and three Keepers do not fit the panel's width: the strip
    # scrolls so the lit one shows.
    t = Table(seed=3, players=2, seats=(0, 0))
    play = t.play
    play.state.keepers[0] = [6, 9, 11]      # +-7, Start, Curse
    rolled(t, [3, 3, 3, 3], pos=[20, 30, 23, 50])
    names = []
    for _ in range(len(play.cursor.rows())):
        row = play.cursor.rows()[play.cursor.group]
        sc = t.frame()
        lit = [it for it in sc.items if it[0] == "rect" and it[2] >= 46]
        if row[1]:
            # One lit tile a row (the dice of one value light together).
            assert len(lit) == (play.state.dice.count(row[1][0][1])
                                if row[1][0][0] == "die" else 1), row
            x = lit[0][1]
            names += [it[3] for it in sc.items if it[0] == "text" and
                      it[1] == x + 1 and it[5] == 0]
        t.press("DOWN")
    assert {"+-7", "Start", "Curse"} <= set(names)


def test_setup_offers_each_disputed_ruling_where_its_variant_has_it():
    """The House rulings players could disagree on are rows of the setup,
    each only in the variants it changes, and reach the game's Settings."""
    from primeplay.climb.ui.setup_menu import ClimbSetup, RULINGS
    from primeplay.climb import VARIANTS
    app = App(seed=1)
    menu = ClimbSetup(app)
    for variant, _ in VARIANTS:
        menu.p["variant"] = variant
        for key, shown, texts, note in RULINGS:
            keys = [k for k, _ in menu.layout()]
            assert (key in keys) == (variant in shown), (variant, key)
            if key not in keys:
                continue
            i = keys.index(key)
            for value in (0, 1, 0):
                if menu.p[key] != value:
                    menu.change(i, 1)
                assert menu.p[key] == value
                assert menu.layout()[i][1] == texts[value]
                assert getattr(menu.settings(), key if key != "first"
                               else "start_roll") == bool(value)
            assert menu.note(i) == note and len(note) <= 21


def test_p1_starts_when_the_setup_says_so_and_the_dice_decide_otherwise():
    from primeplay.climb.ui.setup_menu import ClimbSetup
    app = App(seed=1)
    menu = ClimbSetup(app)
    firsts = set()
    for seed in range(40):
        menu.p["first"] = 0
        assert new_game(menu.settings(), seed).current == 0
        menu.p["first"] = 1
        firsts.add(new_game(menu.settings(), seed).current)
    assert firsts == {0, 1}


def test_the_colour_legend_is_one_row_of_the_pause_menu_and_back():
    from primeplay.app import Pause
    from primeplay.app.legend import Legend
    t = Table(seed=2, seats=(0, 1), prefs={"first": 0})
    play = t.play
    t.press("B")                        # nothing to undo: the pause menu
    assert isinstance(t.app.screen, Pause)
    t.press("UP")                       # wraps to the last row
    assert t.frame().texts()[-1] == "Colour legend"
    t.press("A")
    assert isinstance(t.app.screen, Legend)
    assert "2 orange" in " ".join(t.frame().texts())
    t.press("B")
    assert t.app.screen is play


def test_the_header_says_which_way_each_pawn_goes_in_there_and_back():
    from primeplay.climb.track import TOP
    t = Table(seed=3, seats=(0, 0), variant="there_and_back",
              prefs={"first": 0})
    s = t.play.state
    s.pos[0], s.pos[1] = 50, TOP + 30          # a out on 50, b back on 71
    assert (s.space(0, 0), s.space(0, 1)) == (50, 71)
    head = t.frame().texts()[0]
    assert head.startswith("P1 cyan a>50 b<71"), head
    t2 = Table(seed=3, seats=(0, 0), prefs={"first": 0})
    t2.play.state.pos[0] = 50
    assert t2.frame().texts()[0].startswith("P1 cyan a:50 b:0")


# ------------------------------------------------------- readability

def test_four_start_rolls_and_who_starts_fit_one_page_with_its_key():
    from primeplay.climb.ui.play import _start_lines, News
    events = [("start_roll", 0, 8, 3), ("start_roll", 1, 5, 1),
              ("start_roll", 2, 10, 10), ("start_roll", 3, 4, 1),
              ("first", 2)]
    pages = _start_lines(events)
    assert pages == [["Roll to start:", "P1 8+3=11  P2 5+1=6",
                      "P3 10+10=20  P4 4+1=5", "P3 starts."]]
    # A tie: the tied players roll again, on a page of its own.
    tie = [("start_roll", 0, 6, 6), ("start_roll", 1, 2, 2),
           ("start_roll", 2, 5, 7), ("start_roll", 3, 1, 1),
           ("start_roll", 0, 3, 4), ("start_roll", 2, 4, 5), ("first", 2)]
    pages = _start_lines(tie)
    assert pages == [["Roll to start:", "P1 6+6=12  P2 2+2=4",
                      "P3 5+7=12  P4 1+1=2", "Tie: they roll again."],
                     ["Again:", "P1 3+4=7   P3 4+5=9", "P3 starts."]]
    # Seed by seed, four players: every start page waits for A and says so.
    for seed in range(12):
        t = Table(seed=seed, players=4, seats=(0, 1, 0, 1),
                  prefs={"first": 1})
        news = t.app.screen
        if not isinstance(news, News):
            continue
        while t.app.screen is news:
            texts = t.frame().texts()
            assert "A: go on" in texts, texts
            assert all(len(x) <= 21 for x in texts), texts
            t.press("A")


def test_the_header_shows_both_pawns_with_the_roll_count_or_curse():
    t = Table(seed=3, players=1, seats=(0,), variant="solitaire1")
    s = t.play.state
    s.pos[0], s.pos[1] = s.end, 57
    s.rolls[0] = 17
    texts = t.frame().texts()
    head = [x for x in texts if "a:" in x][0]
    assert "a:home" in head and "b:57" in head, texts
    assert "R17" in texts
    t2 = Table(seed=3, players=2, seats=(0, 0), prefs={"first": 0})
    s2 = t2.play.state
    s2.current = 1
    s2.pos[2], s2.pos[3] = 88, 99
    s2.curse_now = True
    texts = t2.frame().texts()
    head = [x for x in texts if "a:" in x][0]
    assert "a:88" in head and "b:99" in head and "cursed" in texts, texts
    for it in t2.frame().items:
        if it[0] == "text":
            assert it[1] + len(it[3]) * 6 * it[4] <= 128, it


def test_b_in_the_board_view_goes_back_to_the_play_screen():
    from primeplay.app import Pause
    t = Table(seed=4, players=2, seats=(0, 0), prefs={"first": 0})
    play = t.play
    # Roll mode: UP shows the board, B hides it.
    t.press("UP")
    assert play.showing_board() and play.mode == "roll"
    assert t.frame().texts()[0].endswith("B:back")
    t.press("B")
    assert not play.showing_board() and t.app.screen is play
    # Move mode: UP from the dice shows it, B goes back to the dice, and
    # takes back nothing.
    t.roll()
    t.skip_news()
    t.press("A")                        # a die used
    used = (list(play.state.pos), list(play.state.dice))
    play.cursor.default()
    t.press("UP")
    assert play.showing_board() and play.mode == "move"
    t.press("B")
    assert not play.showing_board() and t.app.screen is play
    assert (list(play.state.pos), list(play.state.dice)) == used
    assert play.cursor.move(play.mode)[0] in ("die", "commit", "keeper", "lose")
    # Off the board B takes the move back, then opens the pause menu:
    # "Resume" first, and B there comes back.
    t.press("B")
    assert len(play.state.dice) in (2, 4)
    t.press("B")
    assert isinstance(t.app.screen, Pause)
    assert t.frame().texts()[0] == "Resume"
    t.press("B")
    assert t.app.screen is play
