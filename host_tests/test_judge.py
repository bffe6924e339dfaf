"""The judge screen: a number in by buttons, the verdict and its factors."""

from hypothesis import given, settings, strategies as st

from primeplay.app.judge import Judge, MAX_DIGITS
from primeplay.app.scene import Scene
from primeplay.app import colours, App
from primeplay import primes


def an_app():
    return App(seed=1)


def scene(j):
    sc = Scene()
    j.draw(sc)
    return sc


def enter(j, text):
    """Type ``text`` (digits and ?) as a player would: UP/DOWN to each
    digit, RIGHT to the next place."""
    for _ in range(len(j.places) - 1):
        j.press("B")
    for i, ch in enumerate(text):
        if i:
            j.press("RIGHT")
        want = "0123456789?".index(ch)
        while j.places[j.cursor] != want:
            j.press("UP")
    assert j.text() == text


def settle(j, ticks=10000):
    for _ in range(ticks):
        if j.work is None:
            return
        j.tick()
    raise AssertionError("still working")


def test_511_is_not_prime_and_factors_as_the_rulebook_says():
    j = Judge(an_app())
    enter(j, "511")
    j.press("A")
    settle(j)
    sc = scene(j)
    assert sc.texts() == ["511", "not prime", "A:back", "= 7 x 73"]
    assert sc.leds == colours.ring(["orange"], 12)


def test_a_prime_is_shown_large_and_green():
    j = Judge(an_app())
    enter(j, "73")
    j.press("A")
    sc = scene(j)
    assert sc.texts() == ["73", "PRIME", "A:back"]
    assert ("text", 0, 0, "73", 3, 1) in sc.items
    assert sc.leds == colours.ring(["green"], 12)


def test_cards_are_entered_by_their_values():
    j = Judge(an_app(), cards=True)
    assert j.text() == "53"
    j.press("A")
    assert "PRIME" in scene(j).texts()
    j.press("A")    # back to the cards
    j.press("RIGHT")
    while j.places[-1] != 17:
        j.press("UP")
    j.press("A")    # [5][3][17] = 5317
    settle(j)
    assert j.n == 5317 and j.prime == primes.is_prime(5317)
    j.press("A")
    j.press("RIGHT")
    assert scene(j).texts()[0] == "3 cards at most"


def test_unknown_digits_list_every_prime_filling():
    j = Judge(an_app())
    enter(j, "1?3?")
    j.press("A")
    settle(j)
    want = [n for n in range(1000, 2000)
            if str(n)[0] == "1" and str(n)[2] == "3" and primes.is_prime(n)]
    assert j.found == want
    assert scene(j).texts()[1].startswith("%d prime  done" % len(want))
    assert scene(j).texts()[-1] == "^v:list  A:back"
    j.press("DOWN")
    assert scene(j).texts()[2].split()[0] == str(want[1])


def test_at_most_three_unknown_digits_and_24_digits():
    j = Judge(an_app())
    enter(j, "????"[:3])
    j.press("RIGHT")
    for _ in range(10):
        j.press("UP")       # 0..9, then ? would be the fourth: skipped
    assert j.text() == "???0"
    for _ in range(MAX_DIGITS):
        j.press("RIGHT")
    assert len(j.text()) == MAX_DIGITS
    assert scene(j).texts()[0] == "24 digits at most"


def test_a_long_factorisation_runs_in_slices_and_b_stops_it():
    p, q = 999999999989, 999999999959     # two 12-digit primes
    j = Judge(an_app())
    enter(j, str(p * q))
    j.press("A")
    assert j.prime is False and j.work is not None
    for _ in range(3):
        j.tick()
    texts = scene(j).texts()
    assert texts[-2].startswith("factoring ") and texts[-1] == "B: stop"
    j.press("B")
    assert j.work is None
    assert scene(j).texts()[-1] == "cancelled"


def test_b_with_one_place_left_goes_back_to_the_menu():
    app = an_app()
    j = Judge(app)
    app.go(j)
    j.press("B")
    assert type(app.screen).__name__ == "MainMenu"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["UP", "DOWN", "LEFT", "RIGHT", "A", "B",
                                 "tick"]), max_size=80),
       st.booleans())
def test_any_presses_never_raise_and_verdicts_are_right(keys, cards):
    j = Judge(an_app(), cards=cards)
    for k in keys:
        if k == "tick":
            j.tick()
        else:
            j.press(k)
        scene(j)
        if j.mode == "verdict":
            assert j.prime == primes.is_prime(j.n)
            if j.factors:
                prod = 1
                for f in j.factors:
                    prod *= f
                assert prod == j.n


def test_the_main_menu_opens_the_judge_after_a_loading_frame():
    app = App(seed=1)
    for k in ("DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "A"):     # Judge cards
        app.press(k)
    assert app.scene().texts() == ["Prime judge", "Loading..."]
    app.tick(50)
    assert isinstance(app.screen, Judge) and app.screen.cards
    assert app.scene().texts()[0] == "^v:card <:move >:add"


def judge_app(cards=False):
    """The judge from the main menu, as a player opens it."""
    app = App(seed=1)
    want = "cards" if cards else "judge"
    while app.screen.entries[app.screen.cursor] != want:
        app.press("DOWN")
    app.press("A")
    app.scene()
    app.tick(10)
    assert isinstance(app.screen, Judge)
    return app


def type_in(app, text):
    """``text`` (digits and ?) through the app's buttons."""
    j = app.screen
    for _ in range(len(j.places) - 1):
        app.press("B")
    for i, ch in enumerate(text):
        if i:
            app.press("RIGHT")
        want = "0123456789?".index(ch)
        for _ in range(11):
            if j.places[j.cursor] == want:
                break
            app.press("UP")
    assert j.text() == text


def test_a_leading_zero_before_a_question_mark_is_refused_on_screen():
    # "0?" raised ValueError('pattern has a leading zero') out of App.tick.
    for text in ("0?", "0??", "0?7", "01", "00"):
        app = judge_app()
        type_in(app, text)
        app.press("A")
        for t in range(20, 400, 20):
            app.tick(t)
            app.scene()
        j = app.screen
        assert j.mode == "enter" and j.text() == text
        assert "no leading 0" in app.scene().texts()
    app = judge_app()
    type_in(app, "0")
    app.press("A")
    assert app.screen.mode == "verdict" and app.screen.n == 0


@settings(max_examples=150, deadline=None)
@given(st.text("0123456789?", min_size=1, max_size=MAX_DIGITS).filter(
    lambda t: t.count("?") <= 3))
def test_any_pattern_never_raises_out_of_the_app(text):
    app = judge_app()
    j = app.screen
    # Straight into the places (typing 24 places by buttons is slow here;
    # the buttons' own way in is fuzzed above).
    j.places = ["0123456789?".index(c) for c in text]
    j.cursor = len(j.places) - 1
    app.press("A")
    t = 0
    for _ in range(60):
        t += 20
        app.tick(t)
        app.scene()
    for k in ("DOWN", "UP", "A", "RIGHT", "A", "B"):
        app.press(k)
        t += 20
        app.tick(t)
        app.scene()


def test_the_panel_says_what_each_key_does_where_the_cursor_is():
    app = judge_app()
    j = app.screen

    def lines():
        texts = app.scene().texts()
        return texts[0], texts[-1]
    assert lines() == ("^v:digit >:add", "A:judge  B:menu")
    app.press("RIGHT")                  # a second place
    assert lines() == ("^v:digit <:move >:add", "A:judge  B:delete")
    app.press("LEFT")
    assert lines() == ("^v:digit >:move", "A:judge  B:delete")
    app.press("RIGHT")
    app.press("RIGHT")
    app.press("LEFT")                   # the middle of three
    assert lines()[0] == "^v:digit <>:move"
    for _ in range(MAX_DIGITS):
        app.press("RIGHT")
    assert len(j.places) == MAX_DIGITS
    assert lines()[0] == "24 digits at most"    # RIGHT once more: said
    app.press("LEFT")
    app.press("RIGHT")
    assert lines()[0] == "^v:digit <:move"      # nothing more to add
    cards = judge_app(cards=True)
    assert cards.scene().texts()[0] == "^v:card <:move >:add"


def test_factors_wrap_between_factors_never_inside_one():
    from primeplay.app.judge import factor_lines, COLS
    p, q = 1000000000039, 1000000000061          # two 13-digit primes
    assert primes.is_prime(p) and primes.is_prime(q)
    j = Judge(an_app())
    enter(j, str(6 * p))          # "= 2 x 3 x 1000000000039" is 23 wide
    j.press("A")
    settle(j)
    texts = scene(j).texts()
    assert "= 2 x 3" in texts and "x %d" % p in texts, texts
    j.press("A")
    enter(j, str(p * 10007))
    j.press("A")
    settle(j)
    texts = scene(j).texts()
    assert "= 10007" in texts and "x %d" % p in texts, texts
    # Every factor whole on one line, or (wider than the panel) on lines
    # of its own, indented where it goes on.
    for factors in ([7, 73], [2] * 20, [3, p, q], [2, 3] * 9,
                    [2, 12345678901234567890123], [3, 5, 7, 11, 13, 17, 19,
                                                   23, 29, 31, 37, 41]):
        lines = factor_lines(factors)
        assert all(len(x) <= COLS for x in lines), lines
        words = " ".join(lines).split()
        for f in factors:
            if len(str(f)) <= COLS - 2:
                assert any(w.split("^")[0] == str(f) for w in words), \
                    (f, lines)
        joined = "".join(x.strip() for x in lines)
        assert joined.replace("x", "").replace("=", "")
    assert factor_lines([2] * 20) == ["= 2^20"]
    assert factor_lines([2, 12345678901234567890123]) == \
        ["= 2", "x 1234567890123456789", "  0123"]


def test_a_long_list_of_factors_scrolls_and_every_verdict_fits():
    from primeplay.app.scene import WIDTH, HEIGHT
    j = Judge(an_app())
    n = 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31 * 37 * 41 * 43 * 47
    enter(j, str(n))
    j.press("A")
    settle(j)
    seen = set()
    for _ in range(6):
        sc = scene(j)
        for it in sc.items:
            if it[0] == "text":
                assert it[1] + len(it[3]) * 6 * it[4] <= WIDTH, it
                assert it[2] + 12 * it[4] <= HEIGHT, it
        seen.update(" ".join(sc.texts()).split())
        j.press("DOWN")
    for f in (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47):
        assert str(f) in seen, (f, seen)
    assert j.mode == "verdict"
