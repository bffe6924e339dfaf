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
    assert sc.texts() == ["511", "not prime", "= 7 x 73"]
    assert sc.leds == colours.ring(["orange"], 12)


def test_a_prime_is_shown_large_and_green():
    j = Judge(an_app())
    enter(j, "73")
    j.press("A")
    sc = scene(j)
    assert sc.texts() == ["73", "PRIME"]
    assert ("text", 0, 0, "73", 3, 1) in sc.items
    assert sc.leds == colours.ring(["green"], 12)


def test_cards_are_entered_by_their_values():
    j = Judge(an_app(), cards=True)
    assert j.text() == "53"
    j.press("A")
    assert scene(j).texts()[-1] == "PRIME"
    j.press("A")    # back to the cards
    j.press("RIGHT")
    while j.places[-1] != 17:
        j.press("UP")
    j.press("A")    # [5][3][17] = 5317
    settle(j)
    assert j.n == 5317 and j.prime == primes.is_prime(5317)
    j.press("A")
    j.press("RIGHT")
    assert scene(j).texts()[-1] == "3 cards at most"


def test_unknown_digits_list_every_prime_filling():
    j = Judge(an_app())
    enter(j, "1?3?")
    j.press("A")
    settle(j)
    want = [n for n in range(1000, 2000)
            if str(n)[0] == "1" and str(n)[2] == "3" and primes.is_prime(n)]
    assert j.found == want
    assert scene(j).texts()[1].startswith("%d prime  done" % len(want))
    j.press("DOWN")
    assert scene(j).texts()[2] == str(want[1])


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
    assert scene(j).texts()[-1] == "24 digits at most"


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
    assert app.scene().texts()[0] == "Judge: cards"
