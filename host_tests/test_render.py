"""firmware/render.py through the whole display path.

Scene -> Renderer -> firmware/ssd1306.py -> I2C transactions ->
tools/fake_ssd1306.py -> the pixels the panel shows, checked against a
reference rasterizer written here from the scene contract
(lib/primeplay/app/scene.py) and terminalio's font file (Blinka's copy
of ter-u12n.bdf, read here on its own, not through firmware/font6x12.py).
"""

import os
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "firmware"))
os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import displayio  # noqa: E402

from fake_ssd1306 import FakeI2C  # noqa: E402
from primeplay.app.scene import Scene, CHAR_W, CHAR_H, DIE_SIZE  # noqa: E402

import device as device_mod  # noqa: E402
import render  # noqa: E402
import make_font  # noqa: E402  (tools/)

# The window commands (control byte, 21h x0 x1, 22h p0 p1), then 0x40 and
# the GDDRAM: what the renderer sends for a whole frame.
FULL_FRAME = 7 + 1 + 1024

PROFILE = {"width": 128, "height": 64, "rotation": 0, "oled_address": 0x3C,
           "pixel_count": 0, "buttons": {}}


# -- reference rasterizer -------------------------------------------------------
def _font():
    path = Path(displayio.__file__).parent / "resources" / "ter-u12n.bdf"
    glyphs = {}
    code, rows, in_bitmap = None, [], False
    for line in path.read_text().splitlines():
        if line.startswith("ENCODING "):
            code = int(line.split()[1])
        elif line.startswith("BBX "):
            assert line.split()[1:] == ["6", "12", "0", "-2"] or code > 126
        elif line == "BITMAP":
            rows, in_bitmap = [], True
        elif line == "ENDCHAR":
            if code is not None and 32 <= code <= 126:
                glyphs[chr(code)] = [[bool(int(r, 16) & (0x80 >> x))
                                      for x in range(CHAR_W)] for r in rows]
            in_bitmap = False
        elif in_bitmap:
            rows.append(line)
    return glyphs


GLYPHS = _font()


def _put(img, x, y, on):
    if 0 <= x < 128 and 0 <= y < 64:
        img[y][x] = on


def _text(img, x, y, text, scale, on):
    for i, ch in enumerate(text):
        glyph = GLYPHS[ch if " " <= ch <= "~" else "?"]
        for gy in range(CHAR_H):
            for gx in range(CHAR_W):
                if glyph[gy][gx]:
                    for sy in range(scale):
                        for sx in range(scale):
                            _put(img, x + (i * CHAR_W + gx) * scale + sx,
                                 y + gy * scale + sy, on)


def rasterize(items):
    """What the scene contract says the panel shows."""
    img = [[False] * 128 for _ in range(64)]
    for item in items:
        kind = item[0]
        if kind == "text":
            _, x, y, text, scale, colour = item
            _text(img, x, y, text, scale, bool(colour))
        elif kind in ("rect", "frame"):
            _, x, y, w, h, colour = item
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    if kind == "rect" or yy in (y, y + h - 1) or xx in (x, x + w - 1):
                        _put(img, xx, yy, bool(colour))
        elif kind == "die":
            _, x, y, value, colour = item
            for yy in range(y, y + DIE_SIZE):
                for xx in range(x, x + DIE_SIZE):
                    edge = yy in (y, y + DIE_SIZE - 1) or xx in (x, x + DIE_SIZE - 1)
                    _put(img, xx, yy, bool(colour) == edge)
            text = str(value) if value else ""
            _text(img, x + (DIE_SIZE - CHAR_W * len(text)) // 2,
                  y + (DIE_SIZE - CHAR_H) // 2, text, 1, bool(colour))
    return img


def show(txt):
    return "\n".join("".join("#" if p else "." for p in row) for row in txt)


# -- the path under test ------------------------------------------------------------
@pytest.fixture(scope="module")
def dev():
    bus = FakeI2C()
    d = device_mod.Device(PROFILE, i2c=bus)
    yield d
    d.deinit()


def draw(dev, items, leds=()):
    dev.i2c.reset_counters()
    dev.show(Scene(list(items), list(leds)))
    return dev.i2c.bytes


def panel(dev):
    return dev.i2c.pixels()


def assert_shows(dev, items):
    want = rasterize(items)
    got = panel(dev)
    assert got == want, "panel:\n%s\nwanted:\n%s" % (show(got), show(want))


def lit(dev):
    return {(x, y) for y, row in enumerate(panel(dev)) for x, p in enumerate(row) if p}


def test_frame_lights_exactly_its_outline(dev):
    draw(dev, [("frame", 10, 5, 30, 20, 1)])
    outline = {(x, y) for x in range(10, 40) for y in range(5, 25)
               if x in (10, 39) or y in (5, 24)}
    assert lit(dev) == outline


def test_rect_lights_exactly_its_area(dev):
    draw(dev, [("rect", 3, 7, 11, 13, 1)])
    assert lit(dev) == {(x, y) for x in range(3, 14) for y in range(7, 20)}


def test_text_one_at_origin_stays_in_its_cell(dev):
    draw(dev, [("text", 0, 0, "1", 1, 1)])
    pixels = lit(dev)
    assert pixels and all(x < CHAR_W and y < CHAR_H for x, y in pixels)
    # exactly terminalio's "1": rows 2..9 of the 6x12 cell
    assert pixels == {(x, y) for y in range(CHAR_H) for x in range(CHAR_W)
                      if GLYPHS["1"][y][x]}
    assert min(y for _, y in pixels) == 2 and max(y for _, y in pixels) == 9


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_text_cells_at_every_scale(dev, scale):
    items = [("text", 5, 3, "M7g", scale, 1)]
    draw(dev, items)
    assert_shows(dev, items)


def test_dark_text_on_a_lit_bar(dev):
    items = [("rect", 0, 12, 128, 12, 1), ("text", 2, 12, "Players: 3", 1, 0)]
    draw(dev, items)
    assert_shows(dev, items)
    # the bar is lit except where the glyphs are
    assert (1, 12) in lit(dev) and (127, 23) in lit(dev)


def test_dice_are_opaque_squares_with_centred_numbers(dev):
    items = [("rect", 0, 30, 128, 34, 1), ("die", 4, 40, 7, 1),
             ("die", 30, 40, 10, 0), ("die", 60, 40, 0, 1), ("die", 90, 5, 3, 1)]
    draw(dev, items)
    assert_shows(dev, items)


def test_later_items_draw_over_earlier_ones(dev):
    items = [("text", 0, 0, "XXXX", 2, 1), ("rect", 6, 4, 20, 10, 0),
             ("frame", 0, 0, 48, 24, 1), ("text", 8, 6, "hi", 1, 1)]
    draw(dev, items)
    assert_shows(dev, items)


def test_items_off_the_edges_are_clipped(dev):
    items = [("text", 120, 58, "edge", 2, 1), ("frame", -5, -5, 20, 20, 1),
             ("rect", 100, -3, 40, 8, 1), ("rect", 0, 0, 0, 5, 1)]
    draw(dev, items)
    assert_shows(dev, items[:3])


def test_lines_wider_than_the_screen_show_their_middle(dev):
    """A line that starts left of the screen and is wider than it: its
    columns past the screen's width are on the screen (the shifted rows'
    masks must be as wide as the line)."""
    items = [("text", -30, 13, "abcdefghijklmnopqrstuvwxyz0123", 1, 1),
             ("text", -100, 40, "X" * 40, 1, 1), ("text", -7, 0, "cut", 2, 1)]
    draw(dev, [])
    draw(dev, items)
    assert_shows(dev, items)


def test_non_ascii_shows_as_question_marks(dev):
    draw(dev, [("text", 0, 0, "3\u00d74", 1, 1)])
    assert_shows(dev, [("text", 0, 0, "3?4", 1, 1)])


def test_unchanged_scene_sends_nothing(dev):
    items = [("text", 0, 0, "Prime Climb", 1, 1), ("frame", 0, 14, 128, 30, 1),
             ("die", 20, 20, 4, 1), ("text", 0, 52, "A: roll", 1, 1)]
    draw(dev, [])
    draw(dev, items)
    assert draw(dev, items) == 0
    # an equal scene in a new list object: nothing either
    assert draw(dev, [tuple(it) for it in items]) == 0


def test_full_screen_change_is_one_full_frame(dev):
    draw(dev, [("text", 0, 0, "menu", 1, 1)])
    items = [("text", 0, 12 * i, "line %d of a new screen" % i, 1, 1)
             for i in range(5)]
    assert draw(dev, items) == FULL_FRAME
    assert dev.renderer.full
    assert_shows(dev, items)


def test_one_short_text_change_sends_little(dev):
    base = [("rect", 0, 0, 128, 12, 1), ("text", 1, 0, "Prime Climb", 1, 0)]
    base += [("text", 0, 14 + 12 * i, "P%d: %d" % (i, 10 * i), 1, 1) for i in range(4)]
    base.append(("die", 100, 30, 5, 1))
    draw(dev, [])
    draw(dev, base)
    changed = list(base)
    changed[3] = ("text", 0, 26, "P1: 13", 1, 1)  # "10" -> "13"
    sent = draw(dev, changed)
    assert 0 < sent < FULL_FRAME // 5, sent
    # Only the changed text's pages (rows 26-37) and columns go.
    assert sent == 7 + 1 + 2 * 36
    assert dev.renderer.window == (0, 36, 3, 4)
    assert_shows(dev, changed)
    # a die changing face: small too
    changed[-1] = ("die", 100, 30, 6, 1)
    sent = draw(dev, changed)
    assert 0 < sent < FULL_FRAME // 8, sent
    assert_shows(dev, changed)


def test_moving_the_highlight_leaves_other_rows_alone(dev):
    """The bar jumps from the first row to the last: the item order puts it
    after rows it does not overlap, which must not make them redraw."""
    rows = ["Game: Standard", "Players: 1", "P1 cyan: human", "Cards: on", "Start"]

    def menu(cursor):
        items = []
        for i, text in enumerate(rows):
            if i == cursor:
                items.append(("rect", 0, 13 * i, 128, 13, 1))
            items.append(("text", 0, 13 * i + 1, text, 1, 0 if i == cursor else 1))
        return items

    draw(dev, [])
    draw(dev, menu(0))
    sent = draw(dev, menu(4))
    assert_shows(dev, menu(4))
    # Two windows, the old row's pages and the new row's, full width:
    # the three middle rows are not sent.
    assert sent == 2 * 7 + (1 + 2 * 128) + (1 + 2 * 128), sent
    assert dev.renderer.window == (0, 128, 6, 7) and not dev.renderer.full


def test_the_same_items_in_another_order_or_count_are_drawn_again(dev):
    """The diff tests which items both scenes have with ``in`` (not a
    dict): items both have that changed their drawing order, or how
    often they are drawn, are drawn again."""
    text = ("text", 0, 20, "MMMMMMMM", 1, 1)
    dark = ("rect", 10, 18, 20, 8, 0)
    bar = ("rect", 0, 0, 128, 4, 1)
    for before, after in (([bar, text, dark], [bar, dark, text]),
                          ([bar, text, dark, text], [bar, text, dark]),
                          ([bar, dark, text], [bar, text, dark])):
        draw(dev, before)
        assert_shows(dev, before)
        draw(dev, after)
        assert_shows(dev, after)


def test_changes_far_apart_go_as_windows_of_their_own(dev):
    """Two changes at opposite ends of neighbouring pages: one window over
    both would send the columns between them too."""
    draw(dev, [])
    items = [("text", 0, 0, "ab", 1, 1), ("text", 110, 16, "cd", 1, 1)]
    sent = draw(dev, items)
    assert_shows(dev, items)
    # Pages 0-1, columns 0-11; pages 2-3, columns 110-121.
    assert sent == 2 * (7 + 1 + 2 * 12), sent
    assert dev.renderer.window == (110, 122, 2, 3)


def test_leds_are_not_this_renderers_business(dev):
    # no pixels on this profile: show() must not mind scene.leds
    draw(dev, [("text", 0, 0, "x", 1, 1)], leds=[(1, 2, 3)] * 12)
    assert_shows(dev, [("text", 0, 0, "x", 1, 1)])


VOCAB = (
    [("rect", x, y, w, h, c) for x in (0, 10, 20) for y in (0, 8, 30)
     for w, h in ((20, 10), (50, 20)) for c in (0, 1)]
    + [("text", x, y, t, s, c) for x in (-4, 0, 12, 110) for y in (-3, 0, 6, 13, 24, 58)
       for t in ("ab", "Xy7") for s in (1, 2, 3) for c in (0, 1)]
    + [("die", x, y, v, c) for x in (0, 15) for y in (0, 20)
       for v in (0, 5, 10) for c in (0, 1)]
    + [("frame", x, y, w, h, 1) for x in (5, 15) for y in (3, 13)
       for w, h in ((30, 20), (8, 40))])


def _scenes(rng, steps):
    """Random scenes from a small, overlap-heavy vocabulary: new screens
    and small edits (insert, remove, swap two items) of the last one."""
    items = []
    for _ in range(steps):
        if items and rng.random() < 0.5:
            items = list(items)
            for _ in range(rng.randrange(1, 3)):
                op = rng.random()
                if op < 0.3 and items:
                    items.pop(rng.randrange(len(items)))
                elif op < 0.6:
                    items.insert(rng.randrange(len(items) + 1), rng.choice(VOCAB))
                elif items:
                    a, b = rng.randrange(len(items)), rng.randrange(len(items))
                    items[a], items[b] = items[b], items[a]
        else:
            items = [rng.choice(VOCAB) for _ in range(rng.randrange(0, 12))]
        yield items


def test_any_sequence_of_scenes_shows_the_last_one(dev):
    """Diffing (multisets of items, changed drawing order, duplicates) and
    the page-by-page redraw never leave a wrong pixel."""
    dev.renderer = render.Renderer(dev.panel)
    for seed in range(8):
        for items in _scenes(random.Random(seed), 20):
            draw(dev, items)
            assert_shows(dev, items)


def test_the_font_table_is_terminalios_font():
    """firmware/font6x12.py is what tools/make_font.py makes from the
    font file (the board's terminalio.FONT is checked against it on the
    emulated Pico: test_pico_font)."""
    assert make_font.main(["--check"]) == 0


def test_rotation_180_shows_the_same_picture():
    items = [("text", 0, 0, "top left", 1, 1), ("frame", 100, 40, 20, 20, 1)]
    frames = []
    for rotation in (0, 180):
        bus = FakeI2C()
        d = device_mod.Device(dict(PROFILE, rotation=rotation), i2c=bus)
        d.show(Scene(list(items)))
        rows = bus.pixels()
        if rotation == 180:  # the module is mounted upside down
            assert rows != rasterize(items)
            rows = [row[::-1] for row in rows[::-1]]
        frames.append(rows)
        d.deinit()
    assert frames[0] == frames[1] == rasterize(items)


def test_monochrome_conversion_threshold():
    """CircuitPython's luma rule, as Blinka applies it for this panel."""
    from displayio._colorconverter import ColorConverter  # pylint: disable=import-outside-toplevel
    luma = ColorConverter._compute_luma  # pylint: disable=protected-access
    assert luma(0xFFFFFF) == 255 and luma(0x000000) == 0
    assert luma(0x00FF00) >= 128 > luma(0xFF00FF)  # green lights, magenta not


def test_word_wrap_keeps_words_whole_and_cuts_only_longer_ones():
    from hypothesis import given, strategies as st

    from primeplay.app.scene import wrap

    @given(st.lists(st.text("abc", min_size=1, max_size=30), max_size=12),
           st.integers(5, 21))
    def check(words, width):
        lines = wrap(" ".join(words), width)
        assert all(0 < len(l) <= width for l in lines)
        # Nothing lost, nothing added: the words, in order.
        assert "".join(lines).replace(" ", "") == "".join(words)
        for w in words:
            if len(w) <= width:
                assert any(w in l.split(" ") for l in lines)
    check()
