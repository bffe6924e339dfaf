"""The panel's edges and its key lines, in every scene of whole sessions.

Whole games of the three games (Prime Climb, Prime Daifugo, Ring Climb),
played through the buttons with seeded choices, and the menus, the
device's settings, the judge, the colour explorer and the legend: a
scene is drawn after every press and every tick, and each is checked
(``panel_problems``) for

* a text running past the panel's right or bottom edge (x + its width
  > 128, y + its height > 64), which the panel would cut;
* a page waiting for a press to go on (a message or news page without a
  timeout, a question, a pass screen, the legend) that names no key ("A:",
  "B: back", "^v:list", ...): the player would not know how to go on.

Other tests reuse the check: ``panel_problems(app, scene)`` gives what is
wrong with one scene, ``Watch`` collects it over a session (a ``watch``
for the tables of ``app_table``).
"""

import re

import pytest

from app_table import ButtonTable, FRAME_MS
from primeplay.app import App, Message
from primeplay.app.scene import Scene, WIDTH, HEIGHT, CHAR_W, CHAR_H

# A text naming a key: "A: go on", "B:back", "A on a card: pick it",
# "DOWN: more", "^v:list", "<>:move", ">:add", "LEFT/RIGHT: change".
KEY = re.compile(r"(?<![A-Za-z])(?:(?:A|B|UP|DOWN|LEFT|RIGHT|ROLL)"
                 r"(?:/[A-Z]+)?(?: on [a-z ]{1,16})?\s?:|\^v\s?:|<>\s?:|"
                 r"[<>]\s?:)")


# The terminalio font's cells are 6 x 12, their ink in rows 1-9 but for
# these characters' (the last two rows are the descenders' alone): a line
# of capitals and digits may hang the cell's two blank rows off the
# panel's bottom (Ring Climb's lowest ring at y=54 does) and lose nothing.
DESCENDERS = "$,;Q_gjpqy"
INK_ROWS = 10


def text_problems(scene):
    """The texts of ``scene`` that the panel would cut: past its right
    edge (the whole cell: x + len(text) * 6 * scale > 128), its bottom
    (where the font has ink) or left of or above it."""
    out = []
    for it in scene.items:
        if it[0] != "text":
            continue
        x, y, text, scale = it[1], it[2], it[3], it[4]
        right = x + len(text) * CHAR_W * scale
        bottom = y + CHAR_H * scale
        for ch in text:
            if ch in DESCENDERS:
                break
        else:
            bottom = y + INK_ROWS * scale
        if x < 0 or right > WIDTH:
            out.append("past the right edge (%d > %d): %r at x=%d, scale %d"
                       % (right, WIDTH, text, x, scale))
        if y < 0 or bottom > HEIGHT:
            out.append("past the bottom edge (%d > %d): %r at y=%d, scale %d"
                       % (bottom, HEIGHT, text, y, scale))
    return out


def names_a_key(scene):
    return any(KEY.search(t) for t in scene.texts())


def waiting(app, scene):
    """Does the screen on top wait for a press to go on (nothing else
    moves it on)?"""
    scr = app.screen
    if isinstance(scr, Message):
        return scr.until is None
    names = [c.__name__ for c in type(scr).__mro__]
    if "Confirm" in names or "Legend" in names or "HowTo" in names:
        return True
    if scene.handoff is not None:
        return True                     # "Pass to P2"
    return getattr(scr, "mode", None) == "pass"


def panel_problems(app, scene):
    """What is wrong with ``scene``, the scene ``app`` just drew: texts
    the panel would cut, and a waiting page naming no key."""
    out = text_problems(scene)
    if waiting(app, scene) and not names_a_key(scene):
        out.append("waits for a press and names no key")
    return out


class Watch:
    """Collects ``panel_problems`` over a session, once for each kind of
    screen and problem, with the texts of the scene that showed it."""

    def __init__(self, name):
        self.name = name
        self.found = {}
        self.scenes = 0
        self.waits = {}     # waiting scenes by screen class

    def __call__(self, table, scene):
        self.scenes += 1
        if waiting(table.app, scene):
            name = type(table.app.screen).__name__
            self.waits[name] = self.waits.get(name, 0) + 1
        for p in panel_problems(table.app, scene):
            # One of each: the screen, the edge (or the missing key), and
            # where on the panel ("at y=54, scale 1").
            key = (type(table.app.screen).__name__, p.split(" (")[0],
                   p.split(" at ")[-1] if " at " in p else "")
            if key not in self.found:
                self.found[key] = [p, scene.texts(), 0]
            self.found[key][2] += 1

    def report(self):
        return "\n".join("%s: %s on %s (%d scenes), showing %r"
                         % (self.name, p, k[0], n, t)
                         for k, (p, t, n) in sorted(self.found.items()))

    def check(self, waits=()):
        """No problem found; and pages of each class in ``waits`` were
        among the scenes checked (the session reached them)."""
        assert self.scenes > 0
        assert not self.found, self.report()
        for name in waits:
            assert self.waits.get(name), (name, self.waits)


# ------------------------------------------------------ the check itself

class _Screen:
    def __init__(self, draw, until=None):
        self.draw = draw
        self.until = until

    def press(self, name):
        pass

    def tick(self):
        pass


def test_the_check_finds_overlong_text_and_a_page_naming_no_key():
    app = App(seed=1)
    sc = Scene()
    sc.text(0, 0, "x" * 21)                 # 126 pixels: fits
    sc.text(8, 14, "x" * 21)                # 134: past the right edge
    sc.text(0, 40, "big", 2)                # to y=64: fits
    sc.text(0, 52, "ok", 2)                 # to y=76: past the bottom
    sc.text(0, 54, "ROYGBP 123")            # blank rows off, ink to 63
    sc.text(0, 54, "gap")                   # a descender off the panel
    problems = text_problems(sc)
    assert len(problems) == 3, problems
    assert "right edge" in problems[0] and "bottom edge" in problems[1]
    assert "'gap'" in problems[2]
    # A message waiting for a press: its foot names A; one drawn without
    # (its own screen class, no foot) is caught.
    msg = Message(app, ["Something happened."])
    app.go(msg)
    sc = app.scene()
    assert panel_problems(app, sc) == [], sc.texts()

    class Silent(Message):
        def draw(self, sc):
            sc.text(0, 0, "Something happened.")
    app.go(Silent(app, ["x"]))
    assert panel_problems(app, app.scene()) == \
        ["waits for a press and names no key"]
    # A page that goes on by itself need not name a key.
    app.go(Silent(app, ["x"], timeout=500))
    assert panel_problems(app, app.scene()) == []
    # A pass screen is waiting too.
    sc = Scene()
    sc.text(0, 0, "Pass to P2")
    sc.handoff = 1
    app.go(_Screen(lambda s: None))
    assert panel_problems(app, sc) == ["waits for a press and names no key"]
    sc.text(0, 52, "A: my hand")
    assert panel_problems(app, sc) == []


def test_the_key_pattern_reads_the_ways_screens_name_keys():
    for text in ("A: go on", "B:back", "A on a card: pick it",
                 "DOWN: more  A: back", "^v:list  A:back", "^v:digit <>:move",
                 "LEFT/RIGHT: change", "(cyan) A: my hand", "A:judge  B:menu"):
        assert KEY.search(text), text
    for text in ("A game is saved:", "Pawn a moves", "P1 a:7 b:0",
                 "Bump!", "84=2x2x3x7: 4 colours", "Way Station 53"):
        assert not KEY.search(text), text


# ------------------------------------------------------------ sessions

def keys(t, keys):
    """Press ``keys`` ("A,UP,WAIT:500") on table ``t``."""
    for k in keys.split(","):
        if k.startswith("WAIT:"):
            t.wait(int(k[5:]))
        else:
            t.press(k)


class Session(ButtonTable):
    """The app from the main menu, every scene to ``watch``."""

    def __init__(self, watch, seed=1):
        self._start_app(seed, None, watch, None, None)
        self.frame()

    def keys(self, seq):
        keys(self, seq)

    def to(self, entry):
        """The main menu's cursor to ``entry`` ("climb", "judge", ...)."""
        menu = self.app.screen
        for _ in range(len(menu.entries)):
            if menu.entries[menu.cursor] == entry:
                return
            self.press("DOWN")
        assert False, entry


def walk_setup(t, turns=3):
    """Every row of the setup on screen, each changed a few times both
    ways (and A, which says how; on How to play A opens its pages, each
    read and left), round to Start again."""
    menu = t.app.screen
    for _ in range(len(menu.rows()) + 6):
        key = menu.layout()[menu.cursor][0]
        if key == "howto":
            t.press("A")
            pages = t.app.screen
            for _ in range(pages.count() + 1):
                t.press("RIGHT")
            t.press("LEFT")
            t.press("B")
            assert t.app.screen is menu
        elif key != "start":
            for _ in range(turns):
                t.press("RIGHT")
            t.press("A")                # "LEFT/RIGHT: change"
            t.press("LEFT")
        t.press("DOWN")
    while menu.layout()[menu.cursor][0] != "start":
        t.press("UP")
    assert t.app.screen is menu


def test_the_menus_settings_and_setups():
    watch = Watch("menus")
    t = Session(watch)
    for _ in range(len(t.app.screen.entries) + 1):
        t.press("DOWN")
    t.to("settings")
    t.keys("A,RIGHT,RIGHT,A,LEFT,DOWN,B")
    t.to("climb")
    t.keys("A,WAIT:100")
    walk_setup(t)
    climb = t.app.game_prefs("climb")
    for variant in ("way_stations", "there_and_back", "solitaire1",
                    "prime_decline"):
        climb["variant"] = variant
        climb["players"] = 4
        t.press("UP")
        walk_setup(t, 1)
    t.press("B")
    t.wait(100)
    for key in ("daifugo", "rings"):
        t.to(key)
        t.keys("A,WAIT:100")
        walk_setup(t)
        t.keys("B,WAIT:100")
    # A game saved, then a new one: "A game is saved" asks first.
    from climb_app_helpers import Table
    from primeplay.climb.bot import Bot
    t = Table(seed=2, players=2, seats=(0, 1), watch=watch,
              prefs={"first": 0})
    t.roll()
    t.skip_news()
    while t.play.mode in ("move", "action") and not t.play.is_bot():
        t.choose(Bot().choose(t.play.state))
        t.skip_news()
    t.wait(3000)
    t.skip_news()
    keys(t, "B,DOWN,A,WAIT:100")        # the pause menu: Save and quit
    assert t.app.saves.get("climb") is not None
    Session.to(t, "climb")
    keys(t, "A,B,WAIT:100")             # the question; B keeps the save
    keys(t, "UP,A,WAIT:100")            # Continue
    watch.check(waits=("Confirm", "HowTo"))


def test_messages_at_power_up():
    from primeplay import save
    from app_table import Nvm
    watch = Watch("power-up")
    for storage, cards in ((None, "keeper fly 3 nonsense\n"),
                           ("damaged", None), ("unreadable", None)):
        st = Nvm()
        if storage == "damaged":
            save.write(st.nvm, {"prefs": {}, "climb": {"state": 7}})
        elif storage == "unreadable":
            class Broken:
                def read(self):
                    raise OSError("no")
            st = Broken()
        t = Session.__new__(Session)
        t._start_app(1, st, watch, App(st, seed=1, cards_text=cards), None)
        t.frame()
        assert isinstance(t.app.screen, Message), t.frame().texts()
        t.keys("A,WAIT:100")
    watch.check(waits=("Message",))


def test_the_judge_by_digits_and_by_cards():
    watch = Watch("judge")
    t = Session(watch)
    t.to("judge")
    t.keys("A,WAIT:100")
    j = t.app.screen
    for text in ("511", "73", "0?", "1?3?", "6000000000234", "0", "1",
                 "200000000000000000000002", "614889782588491410",
                 "1?????", "12345678901234567890123?"):
        j.places = ["0123456789?".index(c) for c in text[:24]]
        j.cursor = len(j.places) - 1
        t.keys("A,WAIT:3000,DOWN,DOWN,DOWN,UP,A,LEFT,UP,DOWN,RIGHT,RIGHT")
    for _ in range(26):
        t.press("RIGHT")
    for _ in range(30):
        t.press("B")
    t.to("cards")
    t.keys("A,WAIT:100,UP,UP,A,WAIT:500,A,RIGHT,RIGHT,RIGHT,DOWN,A,"
           "WAIT:2000,A,B,B,B,B")
    watch.check()


def test_the_colour_explorer_and_the_legend():
    watch = Watch("explorer")
    t = Session(watch)
    t.to("explorer")
    t.press("A")
    for mode in range(3):
        for place in range(5):
            for _ in range(13):
                t.press("UP")
            t.press("DOWN")
            t.press("RIGHT")
        t.keys("A,B,A,A")               # the legend, and back
    t.press("B")
    watch.check()


# Prime Climb: (seed, players, seats, variant, speed); every variant, one
# to four players, humans passing the device and computers of each level.
CLIMB_GAMES = [
    (1, 2, (0, 1), "standard", 3),
    (2, 4, (0, 1, 0, 2), "way_stations", 3),
    (3, 3, (0, 3, 0), "double_time", 3),
    (4, 4, (0, 2, 3, 1), "prime_sprint", 1),
    (5, 2, (0, 0), "prime_decline", 3),
    (6, 4, (0, 1, 2, 0), "there_and_back", 3),
    (7, 1, (0,), "solitaire1", 3),
    (8, 1, (0,), "solitaire2", 3),
]


def tour_climb(t, play, k):
    """What a player looks at besides moving: the board and its pages,
    the Hint, the pause menu and the legend."""
    if play.mode == "roll" and k % 3 == 0:
        t.press("UP")                   # the board
        for _ in range(play.state.settings.players + 1):
            t.press("RIGHT")
        t.press("B")
    elif play.mode == "roll" and k % 3 == 1:
        keys(t, "B,DOWN,DOWN,A,B")      # pause, the legend, back to play
    elif play.mode == "move" and k % 2 == 0:
        keys(t, "UP,RIGHT,B")           # the board row, and back
        rows = play.cursor.rows()
        if rows[-1][0] == "Hint":
            keys(t, "UP,A")             # the Hint, worked out
            play.cursor.default()


@pytest.mark.parametrize("game", CLIMB_GAMES,
                         ids=["%d-%dp-%s" % (g[0], g[1], g[3])
                              for g in CLIMB_GAMES])
def test_whole_prime_climb_games(game):
    from climb_app_helpers import Table
    from primeplay.climb.bot import Bot
    seed, players, seats, variant, speed = game
    watch = Watch("climb %r" % (game,))
    t = Table(seed=seed, players=players, seats=seats, variant=variant,
              speed=speed, watch=watch,
              prefs={"stations": [31, 79]} if variant == "way_stations"
              else None)
    play = t.play
    advisor = Bot()
    k = 0
    for _ in range(6000):
        if play.mode == "over":
            break
        k += 1
        if t.app.screen is not play or play.peeking():
            if k % 5 == 0:
                t.press("DOWN")         # a long page scrolls
            t.press("A")
        elif play.is_bot():
            t.wait(300 if k % 4 else 50)
            if k % 7 == 0:
                t.press("A")            # hurry
        elif play.mode == "roll":
            tour_climb(t, play, k)
            if t.app.screen is play and play.mode == "roll":
                t.roll()
        elif play.mode in ("move", "action"):
            tour_climb(t, play, k)
            if t.app.screen is play and play.mode in ("move", "action"):
                t.choose(advisor.choose(play.state))
        else:
            t.wait(100)
    assert play.mode == "over"
    keys(t, "DOWN,DOWN,UP,RIGHT,LEFT")  # the results
    watch.check(waits=("News", "Legend") if players > 1 else ())


DAIFUGO_MATCHES = [
    (1, 2, (0, 2), ()),
    (2, 3, (0, 0, 1), ("zero", "multi59", "skip")),
    (3, 3, (0, 2, 2), ("multi468", "hand_limit", "strict")),
]


@pytest.mark.parametrize("match", DAIFUGO_MATCHES,
                         ids=["%d-%dp" % (m[0], m[1])
                              for m in DAIFUGO_MATCHES])
def test_whole_prime_daifugo_matches(match):
    from daifugo_app_helpers import Table
    seed, players, seats, rules = match
    watch = Watch("daifugo %r" % (match,))
    t = Table(seed=seed, players=players, seats=seats, rules=rules,
              watch=watch)
    t.app.prefs["speed"] = 3
    assert t.run() is not None
    # Two humans pass the device: the pass screens were checked.
    watch.check(waits=("DaifugoPlay",) if seats.count(0) > 1 else ())


RINGS_GAMES = [
    (1, 2, (0, 2), 0),
    (2, 3, (0, 0, 1), 1),
    (3, 6, (0, 1, 2, 2, 1, 0), 0),
]


@pytest.mark.parametrize("game", RINGS_GAMES,
                         ids=["%d-%dp" % (g[0], g[1]) for g in RINGS_GAMES])
def test_whole_ring_climb_games(game):
    from rings_app_helpers import Table
    seed, players, seats, one_card = game
    watch = Watch("rings %r" % (game,))
    t = Table(seed=seed, players=players, seats=seats, one_card=one_card,
              watch=watch)
    t.app.prefs["speed"] = 3
    assert t.run() is not None
    watch.check(waits=("RingsPlay",) if seats.count(0) > 1 else ())
