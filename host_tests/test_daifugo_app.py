"""Prime Daifugo on the handheld, through button presses as a table plays.

Whole matches with humans (their moves chosen by a bot, then pressed on
the buttons), computers and every advanced rule; the hidden hands; the
judgment pages; saves, power cuts and Continue; bad input.
"""

from hypothesis import given, settings, strategies as st, HealthCheck

from app_table import Nvm
from daifugo_app_helpers import Table
from primeplay.app import App, Message
from primeplay.app.daifugo_screen import DaifugoPlay, CARD_Y, label
from primeplay.app.scene import CHAR_H, WIDTH, HEIGHT
from primeplay.daifugo import rules
from primeplay.daifugo import cards as C

ADVANCED = ("zero", "multi59", "multi468", "skip")


def test_the_main_menu_offers_prime_daifugo():
    app = App(Nvm(), seed=1)
    assert app.scene().texts()[:2] == ["Prime Climb", "Prime Daifugo"]


def test_a_match_against_the_computer_through_buttons():
    t = Table(seed=4, players=2, seats=(0, 2), match=2)
    play = t.run()
    assert play.mode == "over"
    assert max(play.score) == 2 and sum(play.score) in (2, 3)
    texts = t.app.scene().texts()
    assert "Match over" in texts and "A: menu" in texts
    # A finished match is no longer offered as Continue.
    assert t.app.saved_game is None
    t.press("A")
    assert t.app.scene().texts()[0] == "Prime Climb"


def test_three_humans_with_every_advanced_rule():
    seen = set()

    def watch(table, sc):
        play = table.play
        if play is not None and play.mode == "page":
            seen.add(play.pages[0][0])

    t = Table(seed=2, players=3, seats=(0, 0, 0), match=1,
              rules=ADVANCED + ("multi_in_three", "hand_limit"), watch=watch)
    play = t.run()
    assert play.mode == "over" and sum(play.score) == 1
    assert play.state.settings.skip and play.state.settings.zero
    assert "judge" in seen and "win" in seen


def card_row(sc):
    """The labels of the hand row in a scene, left to right ([] if none)."""
    boxes = [it for it in sc.items if it[0] in ("rect", "frame") and
             it[2] == CARD_Y and it[4] == CHAR_H + 1 and it[3] > 1]
    xs = [it[1] + 2 for it in boxes]
    texts = [it for it in sc.items if it[0] == "text" and
             it[2] == CARD_Y + 1 and it[1] in xs]
    texts.sort(key=lambda it: it[1])
    assert len(boxes) == len(texts)
    return [it[3] for it in texts]


class HandWatch:
    """Checks every scene: a hand shows only in its owner's turn, only
    after a pass screen for that player when two or more humans play,
    and the row shows that hand's cards and nothing else."""

    def __init__(self):
        self.passed_to = None   # whose pass screen was shown last
        self.hands_seen = 0
        self.pass_screens = 0

    def __call__(self, table, sc):
        play = table.play
        row = card_row(sc)
        if play is None or table.app.screen is not play:
            assert row == []
            return
        s = play.state
        if play.mode == "pass":
            self.passed_to = s.current
            self.pass_screens += 1
        owner = play.hand_owner()
        if owner is None:
            assert row == [], (play.mode, row)
            return
        self.hands_seen += 1
        assert owner == s.current and not play.bots[owner]
        if play.humans > 1:
            assert self.passed_to == owner
        labels = [label(s.cards[c]) for c in play.order()]
        assert row and " ".join(row) in " ".join(labels)
        others = [c for q in range(s.settings.players) if q != owner
                  for c in s.hands[q]]
        assert not [c for c in play.order() if c in others]

    def next_turn(self, play):
        pass


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1),
       seats=st.sampled_from([(0, 0), (0, 2), (0, 0, 0), (0, 1, 0),
                              (2, 0, 1)]),
       advanced=st.booleans())
def test_no_hand_shows_outside_its_owners_turn(seed, seats, advanced):
    watch = HandWatch()
    t = Table(seed=seed, players=len(seats), seats=seats, match=1,
              rules=ADVANCED if advanced and len(seats) == 3 else (),
              watch=watch)
    t.run()
    assert watch.hands_seen > 0
    if seats.count(0) > 1:
        assert watch.pass_screens > 0


def test_the_passed_hand_hides_again_when_the_turn_ends():
    t = Table(seed=7, players=2, seats=(0, 0))
    play = t.play
    assert play.mode == "pass"
    assert [x for x in t.app.scene().texts() if x.startswith("Pass to P")]
    first = play.state.current
    t.press("A")
    assert play.hand_owner() == first
    t.menu_row("Pass")
    # The pass page, then the next player's pass screen: no hand between.
    while play.mode == "page":
        assert play.hand_owner() is None
        t.press("A")
    assert play.mode == "pass" and play.state.current != first
    assert card_row(t.app.scene()) == []


def hand_of(play):
    s = play.state
    return s.hands[s.current]


def find_play(state, prime):
    """A legal play of the current hand that is (not) prime, or None."""
    for m in rules.play_moves(state):
        if rules.judge(rules.concat(m[2]))[0] == prime:
            return m
    return None


def test_a_not_prime_play_is_judged_on_screen_and_the_cards_go_back():
    for seed in range(40):
        t = Table(seed=seed, players=2, seats=(0, 2))
        play = t.until_hand()
        m = find_play(play.state, False)
        if m is not None:
            break
    before = sorted(hand_of(play))
    who = play.state.current
    t.human_move(m)
    assert play.mode == "page" and play.pages[0][0] == "judge"
    texts = t.app.scene().texts()
    assert str(rules.concat(m[2])) in texts
    assert "NOT" in texts and "PRIME" in texts
    assert [x for x in texts if x.startswith("=") and "cards back" in x]
    assert t.app.scene().leds[0] == (255, 70, 0)    # orange
    assert sorted(play.state.hands[who]) == before


def test_a_prime_play_lights_green_and_leaves_the_hand():
    for seed in range(40):
        t = Table(seed=seed, players=2, seats=(0, 2))
        play = t.until_hand()
        m = find_play(play.state, True)
        if m is not None and C.STOP not in m[2]:
            break
    who = play.state.current
    t.human_move(m)
    texts = t.app.scene().texts()
    assert "PRIME" in texts and "NOT" not in texts
    assert t.app.scene().leds[0] == (0, 220, 0)
    for c in m[1]:
        assert c not in play.state.hands[who]


def test_what_stands_in_the_way_is_told_before_playing():
    t = Table(seed=11, players=2, seats=(0, 0))
    play = t.until_hand()
    s = play.state
    # Lead a 1-card prime so the next player must beat it with one card.
    m = find_play(s, True)
    while m is not None and len(m[1]) != 1:
        m = [x for x in rules.play_moves(s) if len(x[1]) == 1 and
             rules.judge(x[2][0])[0]]
        m = m[0] if m else None
    assert m is not None
    t.human_move(m)
    t.until_hand()
    s = play.state
    hand = play.order()
    numbers = [c for c in hand if s.cards[c][0] == C.NUMBER]
    # Two cards where one is needed: the preview says so, and playing is
    # refused with the reason, the state unchanged.
    t.cursor_to(numbers[0])
    t.press("A")
    t.cursor_to(numbers[1])
    t.press("A")
    assert play.verdict()[1] == "needs 1 card"
    assert "needs 1 card" in t.app.scene().texts()
    snap = s.snapshot()
    t.menu_row("Play ")
    assert isinstance(t.app.screen, Message)
    assert "as the last play did" in " ".join(t.app.scene().texts())
    assert s.snapshot() == snap
    t.press("A")
    assert t.app.screen is play and play.mode == "hand"


def test_a_selection_is_changed_freely_before_it_is_played():
    t = Table(seed=3, players=2, seats=(0, 2))
    play = t.until_hand()
    order = play.order()
    nums = [c for c in order if play.state.cards[c][0] == C.NUMBER]
    t.cursor_to(nums[0])
    t.press("A")
    t.cursor_to(nums[1])
    t.press("A")
    assert play.picked()[0] == (nums[0], nums[1])
    t.press("UP")       # the card under the cursor one place earlier
    assert play.picked()[0] == (nums[1], nums[0])
    t.press("A")        # and put back
    assert play.picked()[0] == (nums[0],)


def test_continue_after_a_power_cut_resumes_the_turn():
    storage = Nvm()
    t = Table(seed=9, players=3, seats=(0, 2, 0), storage=storage)
    for _ in range(6):
        play = t.until_hand()
        t.human_move(rules.legal_moves(play.state)[-1])     # pass
    t.wait(5000)
    play = t.play
    saved = t.app.saved_game
    assert saved is not None
    # Power cut: a new app on the same flash.
    t2 = Table(storage=storage, app=App(storage, seed=99))
    assert t2.app.scene().texts()[0] == "Continue game"
    t2.press("A")
    t2.wait(100)
    play2 = t2.play
    assert isinstance(play2, DaifugoPlay)
    assert play2.state.snapshot()[1:] == \
        rules_state(saved).snapshot()[1:]
    assert play2.score == saved["score"] and play2.seats == [0, 2, 0]
    t2.run()


def rules_state(saved):
    from primeplay.daifugo import saves
    return saves.restore(saved["state"])


def test_a_damaged_daifugo_save_is_reported_and_set_aside():
    storage = Nvm()
    t = Table(seed=9, players=2, seats=(0, 2), storage=storage)
    saved = t.app.saved_game
    assert saved is not None
    from primeplay import save
    bad = dict(saved)
    bad["state"] = dict(saved["state"])
    bad["state"]["hands"] = [saved["state"]["hands"][0] + [0],
                             saved["state"]["hands"][1]]
    save.write(storage.nvm, {"prefs": t.app.prefs, "daifugo": bad})
    app = App(storage, seed=1)
    texts = app.scene().texts()
    assert texts[0] == "Save damaged:" and "cards do not add up" in texts
    assert app.saved_game is None


def test_every_daifugo_scene_fits_the_panel():
    def watch(table, sc):
        for it in sc.items:
            if it[0] == "text":
                w = len(it[3]) * 6 * it[4]
                assert it[1] >= 0 and it[1] + w <= WIDTH, it
                assert it[2] >= 0 and it[2] + CHAR_H * it[4] <= HEIGHT + 2, it
            elif it[0] in ("rect", "frame"):
                assert it[1] >= 0 and it[1] + it[3] <= WIDTH, it
                assert it[2] >= 0 and it[2] + it[4] <= HEIGHT, it
        assert len(sc.leds) == 12
    Table(seed=21, players=3, seats=(0, 1, 0), rules=ADVANCED,
          watch=watch).run()


def test_clues_for_the_card_under_the_cursor_and_for_a_selection():
    from primeplay.app.daifugo_screen import Clues
    t = Table(seed=3, players=2, seats=(0, 2))
    play = t.until_hand()
    s = play.state
    order = play.order()
    for i in range(len(order)):     # every card, D included: never a crash
        t.cursor_to(order[i])
        t.menu_row("Clues")
        assert isinstance(t.app.screen, Clues)
        texts = t.app.scene().texts()
        assert texts and all(len(x) <= 21 for x in texts)
        if s.cards[order[i]][0] == C.NUMBER:
            assert texts[0].startswith(s.cards[order[i]][4])
        t.press("DOWN")
        t.press("A")
        assert t.app.screen is play and play.mode == "hand"
    nums = [c for c in order if s.cards[c][0] == C.NUMBER]
    t.cursor_to(nums[0])
    t.press("A")
    t.cursor_to(nums[1])
    t.press("A")
    t.menu_row("Clues")
    from primeplay.daifugo.clues import primes_of
    primes = primes_of(s.cards, play.picked()[0], s.settings)
    shown = " ".join(t.app.scene().texts())
    for p in primes[:3]:
        assert str(p) in shown


def test_clues_off_hides_the_row():
    t = Table(seed=3, players=2, seats=(0, 2), clues=0)
    play = t.until_hand()
    assert "clues" not in [r[0] for r in play.turn_menu()]
    assert play.verdict()[1] == "A: pick"


def test_a_whole_match_through_the_simulator():
    # The real path: keys of the reference board, the renderer, displayio,
    # the SSD1306 driver and the fake I2C bus (tools/sim.py).
    t = Table(seed=8, players=3, seats=(0, 0, 2), match=1,
              rules=("skip", "multi59"), board="pico_ref")
    play = t.run()
    assert play.mode == "over"
    lit = sum(row.count("#") for row in t.sim.frame())
    assert lit > 100 and t.sim.frames > 100


def test_the_cursor_card_is_always_in_the_row():
    for seed in range(12):
        t = Table(seed=seed, players=3, seats=(0, 2, 2),
                  rules=("multi59", "multi468", "zero", "skip"))
        play = t.until_hand()
        n = len(play.order())
        for k in ["LEFT"] * (n + 2) + ["RIGHT"] * (2 * n + 3):
            t.press(k)
            assert play.left <= play.cursor < play._row_end(play.left)
            row = card_row(t.app.scene())
            assert play._labels[play.cursor] in row
