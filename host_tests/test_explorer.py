"""The colour explorer and the colour legend, through button presses.

Rulebook, "Using the Colors": "Every time you multiply, the colors of the
two numbers multiplied together are combined. ... Notice that 14 is
orange and purple, while 3 is green. That means that 14 times 3 will be
orange, purple, and green. The only circle with exactly those colors is
42" and "When you divide, all you do is remove the colors of the smaller
number from the bigger one. ... 21 has precisely those colors, and 84
divided by 4 is 21."
"""

from hypothesis import given, settings, strategies as st

from primeplay.app import App, colours
from primeplay.app.explorer import Explorer
from primeplay.app.legend import Legend
from primeplay.app.menus import MainMenu
from primeplay.app.scene import CHAR_H
from primeplay.numbers import climb_colours, factorize

from test_render import rasterize


def explorer():
    app = App()
    while app.screen.entries[app.screen.cursor] != "explorer":
        app.press("DOWN")
    app.press("A")
    assert isinstance(app.screen, Explorer)
    return app


def go_to(app, place):
    """LEFT/RIGHT until the cursor is on ``place`` ("a1", "op", "b10"...)."""
    ex = app.screen
    for _ in range(6):
        if ex.places()[ex.place] == place:
            return
        app.press("RIGHT")
    raise AssertionError("no place %s" % place)


def set_mode(app, sign):
    go_to(app, "op")
    for _ in range(3):
        if sign in app.scene().texts():
            return
        app.press("UP")
    raise AssertionError(sign)


def rows_lit(item):
    img = rasterize([item])
    return set(y for y in range(len(img)) if any(img[y]))


def big_and_line_items(sc):
    big = [it for it in sc.items if it[0] == "text" and it[4] > 1]
    small = [it for it in sc.items if it[0] == "text" and it[4] == 1]
    return big, small


def test_the_rulebooks_examples_through_buttons():
    app = explorer()
    assert "14=2x7" in app.scene().texts()
    assert app.scene().leds == colours.ring(["orange", "purple"], 12)
    set_mode(app, "x")                       # 14 x 3
    sc = app.scene()
    assert "14x3=42" in sc.texts()
    assert sc.leds == colours.ring(["orange", "green", "purple"], 12)
    set_mode(app, "/")
    go_to(app, "a10")
    for _ in range(7):
        app.press("UP")                      # 14 -> 84
    go_to(app, "b1")
    app.press("UP")                          # 3 -> 4
    sc = app.scene()
    assert "84/4=21" in sc.texts()
    assert sc.leds == colours.ring(["green", "purple"], 12)
    app.press("B")
    assert isinstance(app.screen, MainMenu)


def test_tens_and_units_places_step_by_10_and_1_in_every_mode():
    app = explorer()
    ex = app.screen
    for sign in ("=", "x", "/"):
        set_mode(app, sign)
        names = ("a", "b") if sign != "=" else ("a",)
        for field in names:
            lo, hi = (0, 101) if field == "a" else (1, 101)
            go_to(app, field + "10")
            assert "^v:+-10" in app.scene().texts()[-1]
            before = getattr(ex, field)
            app.press("UP")
            assert getattr(ex, field) == (before - lo + 10) % (hi - lo + 1) + lo
            app.press("DOWN")
            assert getattr(ex, field) == before
            go_to(app, field + "1")
            assert "^v:+-1 " in app.scene().texts()[-1]
            app.press("DOWN")
            assert getattr(ex, field) == (before - lo - 1) % (hi - lo + 1) + lo
            app.press("UP")
            assert getattr(ex, field) == before
    go_to(app, "op")
    assert "^v:mode" in app.scene().texts()[-1]


def test_b_never_reaches_0_and_a_covers_the_board():
    app = explorer()
    ex = app.screen
    set_mode(app, "/")
    go_to(app, "b1")
    seen_b = set()
    for _ in range(101):
        app.press("DOWN")
        seen_b.add(ex.b)
    assert seen_b == set(range(1, 102))
    go_to(app, "a1")
    seen_a = set()
    for _ in range(102):
        app.press("UP")
        seen_a.add(ex.a)
    assert seen_a == set(range(0, 102))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2), st.integers(0, 101), st.integers(1, 101),
       st.integers(0, 4))
def test_the_big_numbers_never_touch_the_lines_under_them(mode, a, b, place):
    # 14 at scale 3 ran into "14=2x7": every pixel row of the big row must
    # be above every pixel row of the text lines.
    app = explorer()
    ex = app.screen
    ex.mode, ex.a, ex.b = mode, a, b
    ex.place = place % len(ex.places())
    sc = app.scene()
    big, small = big_and_line_items(sc)
    assert big and len(small) == 3
    big_rows = set()
    for it in big:
        big_rows |= rows_lit(it)
    for it in small:
        rows = rows_lit(it)
        assert rows and not (rows & big_rows), (it, sorted(big_rows)[-3:])
    # The lines themselves are one under the other, none cut off.
    ys = sorted(it[2] for it in small)
    assert all(ys[i + 1] - ys[i] >= CHAR_H for i in range(len(ys) - 1))
    assert ys[-1] + CHAR_H <= 64


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 101), st.integers(2, 101))
def test_off_board_products_list_colours_in_the_boards_order(a, b):
    # The board orders a space's colours by its prime factors: 2 orange,
    # 3 green, 5 blue, 7 purple, then the red primes.  An off-board
    # product reads as that space would.
    board = {2: "orange", 3: "green", 5: "blue", 7: "purple"}
    want = [board.get(p, "red") for p in factorize(a * b)]
    assert colours.combine(a, b) == want
    if a * b <= 101:
        assert want == climb_colours(a * b)


def test_an_off_board_product_on_screen_and_ring():
    app = explorer()
    set_mode(app, "x")
    go_to(app, "b10")
    app.press("UP")                      # 14 x 13
    sc = app.scene()
    assert "14x13=182 off board" in sc.texts()
    # 2 x 7 x 13: orange, purple, red, and not as 14 then 13 listed them.
    assert "orange purple red" in sc.texts()
    assert sc.leds == colours.ring(["orange", "purple", "red"], 12)
    go_to(app, "a10")
    for _ in range(6):
        app.press("UP")                  # 74 x 13 = 962 = 2 x 13 x 37
    assert "orange red red" in app.scene().texts()


def test_combine_of_0_and_1():
    assert colours.combine(0, 7) == [] and colours.combine(5, 0) == []
    assert colours.combine(1, 1) == ["grey"]
    assert colours.combine(1, 9) == ["green", "green"]


def test_a_opens_the_legend_and_a_or_b_comes_back_as_it_was():
    app = explorer()
    ex = app.screen
    set_mode(app, "x")
    go_to(app, "b10")
    for back in ("A", "B"):
        app.press("A")
        assert isinstance(app.screen, Legend)
        sc = app.scene()
        text = " ".join(sc.texts())
        for words in ("2 orange", "3 green", "5 blue", "7 purple",
                      "prime>10 red", "1 grey", "B: back"):
            assert words in text
        # The ring shows each colour, in the order the panel names them.
        order = ["orange", "green", "blue", "purple", "red", "grey"]
        assert sc.leds == colours.ring(order, 12)
        app.press(back)
        assert app.screen is ex and ex.places()[ex.place] == "b10"
        assert ex.mode == 1


def test_the_legend_pops_back_to_any_screen():
    # The games' pause menus push it over a play screen.
    app = App()
    menu = app.screen
    menu.press("DOWN")
    app.push(Legend(app))
    for name in ("UP", "DOWN", "LEFT", "RIGHT"):
        app.press(name)
        assert isinstance(app.screen, Legend)
    app.press("B")
    assert app.screen is menu and menu.cursor == 1
