"""Prime Daifugo on the handheld, through button presses as a table plays.

Whole matches with humans (their moves chosen by a bot, then pressed on
the buttons), computers and every advanced rule; the hidden hands; the
judgment pages; saves, power cuts and Continue; bad input.
"""

from hypothesis import given, settings, strategies as st, HealthCheck

from app_table import Nvm
from app_table import FRAME_MS
from daifugo_app_helpers import Table
from primeplay.app import App
from primeplay.daifugo.ui.play import DaifugoPlay
from primeplay.daifugo.ui.hand import CARD_Y, label
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
    assert t.app.saves.get("daifugo") is None
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
        # A picked multi-number card shows the number declared for it.
        declared = dict((x[0], str(x[1])) for x in play.hand.sel
                        if s.cards[x[0]][0] == C.MULTI)
        labels = [declared.get(c, label(s.cards[c])) for c in play.hand.order()]
        row = [x.strip() for x in row]
        assert row and " ".join(row) in " ".join(labels)
        others = [c for q in range(s.settings.players) if q != owner
                  for c in s.hands[q]]
        assert not [c for c in play.hand.order() if c in others]

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
    t.human_move(("pass",))
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
    assert "NOT PRIME" in texts and "Cards back, turn over" in texts
    assert "A: go on" in texts
    f = rules.judge(rules.concat(m[2]))[1]
    assert "=" + "x".join([str(x) for x in f]) in texts
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
    hand = play.hand.order()
    numbers = [c for c in hand if s.cards[c][0] == C.NUMBER]
    # Two cards where one is needed: the preview says so, and playing is
    # refused with the reason, the state unchanged.
    t.cursor_to(numbers[0])
    t.press("A")
    t.cursor_to(numbers[1])
    t.press("A")
    assert play.hand.info().endswith("needs 1 card")
    assert play.hand.info() in t.app.scene().texts()
    snap = s.snapshot()
    t.act("play")
    assert type(t.app.screen).__name__ == "Note"
    assert "as the last play did" in " ".join(t.app.scene().texts())
    assert s.snapshot() == snap
    t.press("A")
    assert t.app.screen is play and play.mode == "hand"


def test_a_selection_is_changed_freely_before_it_is_played():
    # The number reads in the order the cards were picked; A on a picked
    # card puts it back.
    t = Table(seed=3, players=2, seats=(0, 2))
    play = t.until_hand()
    order = play.hand.order()
    nums = [c for c in order if play.state.cards[c][0] == C.NUMBER]
    t.cursor_to(nums[1])
    t.press("A")
    t.cursor_to(nums[0])
    t.press("A")
    assert play.hand.picked()[0] == (nums[1], nums[0])
    t.press("A")        # put back
    assert play.hand.picked()[0] == (nums[1],)
    t.press("A")
    assert play.hand.picked()[0] == (nums[1], nums[0])


def test_continue_after_a_power_cut_resumes_the_turn():
    storage = Nvm()
    t = Table(seed=9, players=3, seats=(0, 2, 0), storage=storage)
    for _ in range(6):
        play = t.until_hand()
        t.human_move(rules.legal_moves(play.state)[-1])     # pass
    t.wait(5000)
    play = t.play
    saved = t.app.saves.get("daifugo")
    assert saved is not None
    # Power cut: a new app on the same flash.
    t2 = Table(storage=storage, app=App(storage, seed=99))
    assert t2.app.scene().texts()[0] == "Continue Daifugo"
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
    saved = t.app.saves.get("daifugo")
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
    assert app.saves.get("daifugo") is None


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


def test_what_a_card_does_and_its_hints_for_the_card_under_the_cursor():
    from primeplay.daifugo.ui.play import Note
    t = Table(seed=3, players=2, seats=(0, 2))
    play = t.until_hand()
    s = play.state
    order = play.hand.order()
    for i in range(len(order)):     # every card, D included: never a crash
        t.cursor_to(order[i])
        t.act("help")
        assert isinstance(t.app.screen, Note)
        texts = t.app.scene().texts()
        assert texts and all(len(x) <= 21 for x in texts)
        shown = " ".join(texts)
        if s.cards[order[i]][0] == C.NUMBER:
            assert s.cards[order[i]][4] in shown
        t.press("DOWN")
        t.press("A")
        assert t.app.screen is play and play.mode == "hand"
        t.press("DOWN")
    # Two cards picked: what they make is the learner's, not a hint.
    nums = [c for c in order if s.cards[c][0] == C.NUMBER]
    t.cursor_to(nums[0])
    t.press("A")
    t.cursor_to(nums[1])
    t.press("A")
    t.act("help")
    assert "make" not in " ".join(t.app.scene().texts())


def test_the_learner_is_told_what_picked_cards_make():
    from primeplay.daifugo.ui.clues import primes_of
    t = Table(seed=3, players=2, seats=(0, 2), learner=1)
    play = t.until_hand()
    s = play.state
    nums = [c for c in play.hand.order() if s.cards[c][0] == C.NUMBER]
    t.cursor_to(nums[0])
    t.press("A")
    t.cursor_to(nums[1])
    t.press("A")
    n = rules.concat(play.hand.picked()[1])
    assert play.hand.info().startswith(str(n) + (" is prime" if rules.judge(n)[0]
                                            else " not prime"))
    t.act("help")
    primes = primes_of(s.cards, play.hand.picked()[0], s.settings)
    shown = " ".join(t.app.scene().texts())
    for p in primes[:3]:
        assert str(p) in shown


def test_without_the_learner_a_pick_is_a_gamble():
    # "Try playing your cards even if you are not sure": by default the
    # screen does not say whether the picked cards are prime.
    t = Table(seed=3, players=2, seats=(0, 2))
    play = t.until_hand()
    s = play.state
    nums = [c for c in play.hand.order() if s.cards[c][0] == C.NUMBER]
    t.cursor_to(nums[0])
    t.press("A")
    text = " ".join(t.app.scene().texts())
    assert "prime? Try it!" in text
    assert "is prime" not in text and "not prime" not in text


def test_card_hints_off_leave_what_a_card_does():
    t = Table(seed=3, players=2, seats=(0, 2), clues=0)
    play = t.until_hand()
    assert "help" in play.hand.acts()
    t.act("help")
    shown = " ".join(t.app.scene().texts())
    assert "primes with" not in shown and "partner" not in shown


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
        n = len(play.hand.order())
        for k in ["LEFT"] * (n + 2) + ["RIGHT"] * (2 * n + 3):
            t.press(k)
            h = play.hand
            assert h.left <= h.cursor < h.row_end(h.left)
            row = card_row(t.app.scene())
            assert label(play.state.cards[h.order()[h.cursor]]) in row


# ------------------------------------------------ presses queued in a pass

def test_a_double_tap_on_a_page_never_shows_the_next_players_hand():
    # Two humans.  Two A presses in one pass of the loop (a quick double
    # tap, or both queued while the board drew): the first ends P1's own
    # page, the second must not reach the "Pass to P2" screen, which was
    # never on the panel, and so show P2's hand to P1.
    t = Table(seed=7, players=2, seats=(0, 0))
    play = t.until_hand()
    first = play.state.current
    t.human_move(("pass",))
    assert play.mode == "page"
    while len(play.pages) > 1:
        t.press("A")
    t.app.press("A")
    t.app.press("A")
    assert play.hand_owner() is None
    sc = t.frame()
    assert play.mode == "pass" and play.state.current != first
    assert card_row(sc) == [] and sc.hand is None
    assert sc.handoff == play.state.current
    # Drawn now: A shows the hand to its owner.
    t.press("A")
    assert play.hand_owner() == play.state.current


def d_card_turn():
    """A Table at a human's turn holding a D card (seed 0), and the card."""
    t = Table(seed=0, players=2, seats=(0, 2))
    play = t.until_hand()
    s = play.state
    d = [c for c in play.hand.order() if s.cards[c][0] == C.DRAW][0]
    return t, play, d


def test_a_chord_on_the_last_cards_discard_question_does_not_crash():
    # A and UP in one loop pass on "Discard [x]?" for the last card of
    # the row: the discard shortens the row under the cursor.
    t, play, d = d_card_turn()
    t.human_move(("dcard", d))
    assert play.state.phase == rules.DISCARD
    last = play.hand.order()[-1]
    t.cursor_to(last)
    t.press("A")
    assert t.app.screen is not play     # the question
    t.app.press("A")
    t.app.press("UP")
    t.frame()
    assert play.state.phase == rules.TURN
    assert last not in play.state.hands[play.state.current]
    assert 0 <= play.hand.cursor < len(play.hand.order())


class Handoffs:
    """With two or more humans a frame showing seat s's hidden cards
    (scene.hand == s) comes only after a frame that showed them too, or
    after s's "Pass to" frame (scene.handoff == s) and a press since."""

    def __init__(self):
        self.mark = None
        self.pressed = False

    def frame(self, sc):
        if sc.hand is not None:
            assert self.mark == ("hand", sc.hand) or (
                self.mark == ("pass", sc.hand) and self.pressed), \
                ("P%d's hand after %r" % (sc.hand + 1, self.mark))
            self.mark = ("hand", sc.hand)
            self.pressed = False
        if sc.handoff is not None:
            self.mark = ("pass", sc.handoff)
            self.pressed = False


KEYS = ("A", "A", "A", "A", "LEFT", "RIGHT", "UP", "DOWN", "B")


def chords(seed, players, passes, rules_=ADVANCED):
    """A match of humans played as people press: 0-4 presses a pass of
    the loop (chords, double taps, mashing A), then a tick, then a
    frame; every frame checked (the hidden hands, the cards all there).
    Returns the turns played."""
    from primeplay.rng import Rng
    rng = Rng(seed)
    t = Table(seed=seed, players=players, seats=(0,) * players, match=1,
              rules=rules_ if players == 3 else ())
    app = t.app
    watch = Handoffs()
    watch.frame(app.scene())    # the first turn's pass screen
    assert watch.mark is not None
    turns = 0
    for _ in range(passes):
        for _ in range(rng.randbelow(5)):
            app.press(KEYS[rng.randbelow(len(KEYS))])
            watch.pressed = True
        t.now += 3000 if rng.randbelow(20) == 0 else FRAME_MS
        app.tick(t.now)
        sc = app.scene()
        watch.frame(sc)
        play = t.play
        if play is None:
            # Save and quit: Continue (the main menu's first row).
            for _ in range(20):
                if t.play is not None:
                    break
                menu = app.screen
                if type(menu).__name__ == "MainMenu":
                    menu.cursor = 0
                    t.press("A")
                else:
                    t.press("B")
                t.wait(200)
            assert t.play is not None
            watch.mark = None
            watch.frame(app.scene())
            continue
        if play.mode == "over":
            return turns
        s = play.state
        every = list(s.deck) + list(s.discard)
        for h in s.hands:
            every += h
        for a in s.area:
            every += list(a[1])
        assert sorted(every) == list(range(len(s.cards)))
        assert 0 <= play.hand.cursor < max(1, len(play.hand.order())) or \
            play.mode != "hand"
        turns = max(turns, s.turn)
    return turns


def test_queued_presses_never_act_on_a_screen_not_yet_drawn():
    # No exception, the cards all there, and no hand before its owner's
    # pass screen was drawn and confirmed, however the presses come.
    turns = 0
    for seed in range(4):
        turns += chords(seed, 2 + seed % 2, 1500)
    assert turns > 60


# ------------------------------------------------ what the table reads

def screen_at(state, seats=None, speed=1):
    """The play screen of ``state`` (a copy), its player's turn begun:
    an App of its own, nothing ticked."""
    app = App(None, seed=1)
    app.prefs["speed"] = speed
    n = state.settings.players
    if seats is None:
        seats = [0] * n
    play = DaifugoPlay(app, state.settings, 1, list(seats),
                       state=state.copy())
    app.go(play)
    app.scene()
    if play.mode == "pass":
        app.press("A")
        app.scene()
    return app, play


def turn_start(settings, seed, want):
    """The first turn start where want(state) of games of computers, the
    seeds from ``seed`` on."""
    from primeplay.daifugo.bot import Bot
    bot = Bot("normal")
    for k in range(seed, seed + 50):
        s = rules.new_game(settings, k)
        for _ in range(400):
            if s.phase == rules.OVER:
                break
            if s.phase == rules.TURN and not s.drawn and want(s):
                return s
            rules.apply(s, bot.choose(s))
    raise AssertionError("no such turn")


def test_the_header_reads_in_turn_order_and_the_area_says_who_played():
    from primeplay.daifugo.settings import Settings
    s = turn_start(Settings(3), 4, lambda s: s.current == 1 and s.area)
    app, play = screen_at(s)
    texts = app.scene().texts()
    hands = s.hands
    # P2 on turn (lit), then P3, then P1: the order the turns go.
    assert texts[0] == "P2:%d" % len(hands[1])
    assert texts[1] == "P3:%d P1:%d" % (len(hands[2]), len(hands[0]))
    top = s.top()
    assert "P%d played %d" % (top[0] + 1, top[3]) in texts
    assert "Beat %d with %s" % (top[3], "1 card" if len(top[1]) == 1 else
                                "%d cards" % len(top[1])) in texts or \
        any(t.startswith("Beat %d" % top[3]) or "pass draws 2" in t
            for t in texts)


def test_a_pass_under_draw_2_is_told_and_asked():
    from primeplay.daifugo.settings import Settings
    s = turn_start(Settings(2), 1, lambda s: s.top() is not None and
                   rules.is_ten(s, s.top()))
    app, play = screen_at(s)
    k = len(s.top()[1])
    assert ("%d card%s; pass draws 2" % (k, "" if k == 1 else "s")) in \
        app.scene().texts()
    app.press("UP")
    app.scene()
    while play.hand.acts()[play.hand.act] != "pass":
        app.press("RIGHT")
        app.scene()
    assert "A: pass, draw 2 cards" in app.scene().texts()
    before = len(play.state.hands[s.current])
    app.press("A")
    texts = app.scene().texts()
    assert "A [10] is on top:" in texts and "you draw 2 cards." in texts
    assert play.state.turn == s.turn      # asked, not passed yet
    app.press("A")
    app.scene()
    assert play.state.turn > s.turn
    assert len(play.state.hands[s.current]) == before + 2 or \
        not play.state.deck


def test_what_the_d_card_drew_is_shown_to_its_owner_only():
    t, play, d = d_card_turn()
    hand = list(play.state.hands[play.state.current])
    t.human_move(("dcard", d))
    drawn = [c for c in play.state.hands[play.state.current]
             if c not in hand]
    assert len(drawn) == 2
    sc = t.app.scene()
    names = [play.state.cards[c][4] for c in drawn]
    assert "D drew %s %s" % tuple(names) in sc.texts()
    assert sc.hand == play.state.current
    assert "A on a card: discard" in sc.texts()
    # Discarded, then a play: its page says P1 plays, not that P1 drew
    # again (the D card's draws are the D card's, told on its page).
    t.cursor_to(drawn[0])
    t.press("A")
    assert t.app.scene().hand == play.state.current   # "Discard [x]?"
    t.press("A")
    m = [x for x in rules.legal_moves(play.state) if x[0] == "play"]
    assert m
    who = play.state.current
    t.human_move(m[0])
    assert play.pages[0][0] == "text" and \
        play.pages[0][1][0] == "P%d plays D:" % (who + 1)
    assert play.pages[0][1][2] == "discards %s." % names[0]
    t.press("A")
    texts = t.app.scene().texts()
    assert texts[0].startswith("P%d plays" % (who + 1)) and \
        "drew" not in texts[0]


def test_a_plain_draw_then_a_play_says_so():
    t = Table(seed=3, players=2, seats=(0, 2))
    play = t.until_hand()
    t.human_move(("draw",))
    drawn = play.hand.drew[0]
    assert "You drew %s" % play.state.cards[drawn][4] in \
        t.app.scene().texts()
    assert play.hand.order()[play.hand.cursor] == drawn
    m = [x for x in rules.legal_moves(play.state) if x[0] == "play"][0]
    t.human_move(m)
    assert play.pages[0][1] == "P1 drew, then plays"
    assert t.app.scene().texts()[0].startswith("P1 drew, then plays")


def test_a_multi_number_card_shows_the_number_it_is_played_as():
    from primeplay.daifugo.settings import Settings
    s = turn_start(Settings(2, multi468=True), 0, lambda s: [
        c for c in s.hands[s.current] if s.cards[c][0] == C.MULTI])
    app, play = screen_at(s)
    multi = [c for c in play.hand.order() if s.cards[c][0] == C.MULTI][0]
    assert "4/6/8" in card_row(app.scene())
    while play.hand.order()[play.hand.cursor] != multi:
        app.press("RIGHT")
        app.scene()
    shown = []
    for _ in range(3):
        app.press("A")
        row = card_row(app.scene())
        shown.append([x for x in row if len(x) == 5 and x != "4/6/8"])
    assert shown == [["  4  "], ["  6  "], ["  8  "]]
    app.press("A")          # off again
    assert "4/6/8" in card_row(app.scene())
    assert label(s.cards[multi]) == "4/6/8"


def test_labels_a_new_player_reads():
    from primeplay.daifugo.settings import Settings
    cards = rules.new_game(Settings.advanced(3), 0).cards
    names = set(label(c) for c in cards)
    assert {"SKIP", "D", "5/9", "4/6/8", "9*", "10", "0"} <= names
    assert "SK" not in names and "468" not in names


def test_computer_pages_take_the_device_speed_and_a_hurries_them():
    from primeplay.daifugo.settings import Settings
    s = rules.new_game(Settings(2), 5)
    seats = [1, 1]
    seats[s.current] = 1
    for speed, ms in ((0, 5000), (1, 2500), (2, 937), (3, 0)):
        app, play = screen_at(s, seats, speed)
        assert play.mode == "table"
        assert play.until == app.pace(900)
        app.tick(app.now + app.pace(900))
        app.scene()
        assert play.mode == "page" and play.page_bot
        assert play.until - app.now == ms
        first = play.pages[0]
        app.tick(app.now + ms - 1 if ms else 0)
        if ms:
            assert play.pages and play.pages[0] is first
        app.press("A")      # hurries it
        app.scene()
        assert not play.pages or play.pages[0] is not first


# ------------------------------------------------ card hints and learner

def test_the_setup_has_a_row_for_the_hints_and_one_for_the_learner():
    from primeplay.daifugo.ui.setup_menu import DaifugoSetup
    app = App(Nvm(), seed=1)
    menu = DaifugoSetup(app)
    app.go(menu)
    texts = app.scene().texts()
    rows = menu.rows()
    assert "Card hints: on" in rows and "Learner: off" in rows
    # Every row fits beside the scroll bar, a computer's too.
    assert all(len(r) <= 20 for r in rows), rows
    assert "P2 yellow: CPU hard" in rows
    for want, note in (("Learner: off", "Says prime or not"),
                       ("Card hints: on", "What the cards print")):
        while menu.rows()[menu.cursor] != want:
            app.press("DOWN")
        texts = app.scene().texts()
        assert note in texts
        app.press("RIGHT")
    p = app.game_prefs("daifugo")
    assert (p["clues"], p["learner"]) == (0, 1)
    s = menu.settings()
    assert (s.clues, s.learner) == (False, True)
    assert texts


def test_the_hints_and_the_learner_go_with_the_saved_game():
    storage = Nvm()
    t = Table(seed=9, players=2, seats=(0, 2), clues=0, learner=1,
              storage=storage)
    t.until_hand()
    saved = t.app.saves.get("daifugo")
    assert saved["state"]["settings"]["clues"] is False
    assert saved["state"]["settings"]["learner"] is True
    # Changed in the setup since: the saved game keeps its own.
    t.app.game_prefs("daifugo")["learner"] = 0
    t.app.store()
    app = App(storage, seed=2)
    play = DaifugoPlay.resume(app, app.saves.get("daifugo"))
    assert (play.state.settings.clues, play.state.settings.learner) == \
        (False, True)


def test_a_save_from_before_takes_the_remembered_settings():
    # Builds before saved neither with the game; their "clues" meant the
    # hints and the check together: a remembered "clues" keeps the hints,
    # and the learner's check is off unless it is chosen.
    storage = Nvm()
    t = Table(seed=9, players=2, seats=(0, 2), storage=storage)
    t.until_hand()
    from primeplay import save
    old = dict(t.app.saves.get("daifugo"))
    old["state"] = dict(old["state"])
    old["state"]["settings"] = dict(old["state"]["settings"])
    del old["state"]["settings"]["clues"]
    del old["state"]["settings"]["learner"]
    prefs = {"daifugo": {"players": 2, "clues": 1}}
    save.write(storage.nvm, {"prefs": prefs, "daifugo": old})
    app = App(storage, seed=2)
    assert app.saves.get("daifugo") is not None
    play = DaifugoPlay.resume(app, app.saves.get("daifugo"))
    assert (play.state.settings.clues, play.state.settings.learner) == \
        (True, False)
    prefs["daifugo"]["clues"] = 0
    save.write(storage.nvm, {"prefs": prefs, "daifugo": old})
    app = App(storage, seed=3)
    play = DaifugoPlay.resume(app, app.saves.get("daifugo"))
    assert play.state.settings.clues is False


def test_a_chord_never_answers_a_question_or_menu_unseen():
    # B, UP, A in one loop pass: the pause menu is not on the panel yet,
    # so its last row (Save and quit) is not chosen; A, A on a D card:
    # the question is not answered before it was drawn.
    t, play, d = d_card_turn()
    t.app.press("B")
    t.app.press("UP")
    t.app.press("A")
    t.frame()
    assert type(t.app.screen).__name__ == "Pause"
    assert t.app.screen.cursor == 0
    t.press("A")            # Resume, now that it has been drawn
    assert t.app.screen is play
    t.cursor_to(d)
    t.app.press("A")
    t.app.press("A")
    sc = t.frame()
    assert play.state.phase == rules.TURN and d in hand_of(play)
    assert "Play the D card?" in sc.texts()


def test_b_is_the_pause_menu_and_its_table_labels_everything():
    t, play, d = d_card_turn()
    t.human_move(("dcard", d))
    t.cursor_to(play.hand.order()[0])
    t.press("A")
    t.press("A")                # a card discarded: the pile has a top
    s = play.state
    t.press("B")
    assert t.app.scene().texts()[:3] == ["Resume", "Table", "Save and quit"]
    t.press("DOWN")
    t.press("A")
    shown = []
    for _ in range(4):
        shown += t.app.scene().texts()
        t.press("DOWN")
    assert "Discard: %s" % s.cards[s.discard[-1]][4] in shown
    assert "Deck: %d cards" % len(s.deck) in shown
    assert [x for x in shown if x.startswith("Hands: P1:")]
    assert "A: back" in shown
    t.press("A")
    t.press("B")
    t.press("A")                # Resume
    assert t.app.screen is play and play.mode == "hand"
