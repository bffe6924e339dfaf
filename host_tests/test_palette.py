"""The colour-blind-safe palette (issue 21, item 7): the device setting
"Colours" changes the ring's colours for factors, verdicts, seats and
Ring Climb's rings so that no meaning rests on red/green/orange or
blue/purple alone, and adds cues that need no colour at all."""

import math

import pytest

from primeplay.app import App, colours, palettes
from primeplay.rings import board as B
from primeplay.app.settings_menu import SETTINGS
from sim import MemoryStorage

# Machado, Oliveira and Fernandes (2009), "A physiologically-based model
# for simulation of color vision deficiency", severity 1.0: linear RGB to
# linear RGB as a dichromat sees it.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
# CIELAB distance two meanings keep apart (about 2.3 is "just noticeable";
# 20 is plainly another colour, on a lit LED as on paper).
APART = 20


def lab(rgb, m):
    """CIELAB of an LED colour seen through matrix ``m``.  A NeoPixel's
    value is PWM duty, so linear in light already."""
    lin = [c / 255.0 for c in rgb]
    s = [max(0.0, min(1.0, sum(m[i][j] * lin[j] for j in range(3))))
         for i in range(3)]
    x = 0.4124 * s[0] + 0.3576 * s[1] + 0.1805 * s[2]
    y = 0.2126 * s[0] + 0.7152 * s[1] + 0.0722 * s[2]
    z = 0.0193 * s[0] + 0.1192 * s[1] + 0.9505 * s[2]

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x / 0.9505), f(y), f(z / 1.089)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def closest(rgbs):
    """The smallest CIELAB distance between two of ``rgbs`` under any
    of the three dichromacies, and which."""
    best = None
    for name, m in CVD.items():
        seen = [lab(c, m) for c in rgbs]
        for i in range(len(seen)):
            for j in range(i + 1, len(seen)):
                d = math.dist(seen[i], seen[j])
                if best is None or d < best[0]:
                    best = (d, name, rgbs[i], rgbs[j])
    return best


def sets(rgb, seats, hues):
    """The sets of colours whose members mean different things."""
    return {
        "factors": [rgb[k] for k in ("orange", "green", "blue", "purple",
                                     "red", "grey")],
        "verdicts": [rgb[k] for k in ("green", "orange", "red")],
        "seats": list(seats),
        "rings": list(hues),
    }


# The standard palette, as colours.py has it at rest.
STANDARD = dict(colours.RGB)
SEATS_STANDARD = tuple(colours.SEATS)


@pytest.fixture
def safe():
    colours.use(True)
    yield
    colours.use(False)


@pytest.mark.parametrize("kind", ["factors", "verdicts", "seats", "rings"])
def test_the_safe_palette_keeps_every_meaning_apart_for_dichromats(kind):
    got = sets(palettes.SAFE, palettes.SEATS_SAFE, palettes.HUES_SAFE)[kind]
    d = closest(got)
    assert d[0] >= APART, d
    # The standard palette is the printed boards': it does not, which is
    # what the setting is for (orange/green under deuteranopia, Ring
    # Climb's yellow/green under protanopia, cyan/white).
    std = sets(STANDARD, SEATS_STANDARD, B.RGB)[kind]
    if kind != "verdicts":
        assert closest(std)[0] < APART


def test_the_verdicts_orange_and_green_were_8_apart_for_deuteranopes():
    d = closest([STANDARD["green"], STANDARD["orange"]])
    assert d[0] < 10 and d[1] == "deuteranopia"


def test_use_switches_every_table_in_place_and_back():
    import sys
    rgb, seats = colours.RGB, colours.SEATS
    assert colours.HUES is None
    colours.use(True)
    try:
        assert colours.safe()
        assert colours.RGB is rgb and colours.RGB == palettes.SAFE
        assert tuple(seats) == palettes.SEATS_SAFE
        assert colours.HUES == palettes.HUES_SAFE
        assert colours.number_ring(3, 6) == [palettes.SAFE["green"]] * 6
        # Loaded to switch, not kept: the standard palette's VM does not
        # carry the safe one.
        assert "primeplay.app.palettes" not in sys.modules
    finally:
        colours.use(False)
    assert colours.RGB == STANDARD and not colours.safe()
    assert tuple(colours.SEATS) == SEATS_STANDARD and colours.HUES is None


def lit(leds):
    """Which pixels are at full colour: what an eye that tells no
    colours apart still reads, as bright and dim."""
    top = max(max(c) for c in leds)
    return tuple(i for i in range(len(leds)) if max(leds[i]) == top)


@pytest.mark.parametrize("n", [8, 12, 16, 24])
def test_a_seat_shows_its_number_in_bright_pixels(safe, n):
    for level in (4, 6, 16):
        patterns = [lit(colours.seat_ring(s, n, level)) for s in range(4)]
        assert [len(p) for p in patterns] == [1, 2, 3, 4]
        # Spread round the ring, not bunched: no two next to each other.
        for p in patterns[1:]:
            assert all(b - a > 1 for a, b in zip(p, p[1:]))


def test_the_standard_seat_ring_is_one_colour_all_round():
    assert len(set(colours.seat_ring(2, 12))) == 1


@pytest.mark.parametrize("n", [8, 12, 16])
def test_a_no_verdict_is_a_pattern_as_well_as_a_colour(safe, n):
    yes, no = colours.verdict(True, n), colours.verdict(False, n)
    assert colours.OFF not in yes
    assert [c == colours.OFF for c in no] == [i % 2 == 1 for i in range(n)]
    colours.use(False)
    assert colours.OFF not in colours.verdict(False, n)


def settings_row(app, key, presses):
    from primeplay.app.settings_menu import DeviceSettings
    if not isinstance(app.screen, DeviceSettings):
        while app.screen.rows()[app.screen.cursor] != "Settings":
            app.press("UP")
        app.press("A")
    i = [r[0] for r in SETTINGS].index(key)
    while app.screen.cursor != i:
        app.press("DOWN")
    for k in presses:
        app.press(k)
    return app.screen.rows()[i]


def test_the_setting_changes_the_judges_ring_at_once_and_is_remembered():
    st = MemoryStorage()
    app = App(st)
    try:
        assert settings_row(app, "colours", []) == "Colours: standard"
        assert settings_row(app, "colours", ["RIGHT"]) == "Colours: CB safe"
        app.scene()
        app.tick(100)
        app.scene()
        app.tick(110)
        from primeplay.app.judge import Judge
        from test_judge import enter, settle
        j = Judge(app)
        app.go(j)
        enter(j, "511")
        app.press("A")
        settle(j)
        leds = app.scene().leds
        assert "not prime" in app.scene().texts()
        assert leds == colours.verdict(False, app.pixels)
        assert leds[1] == colours.OFF and leds[0] == palettes.SAFE["orange"]
        again = App(st)
        assert again.prefs["colours"] is True
        # The other way: the palette follows the prefs of the app drawing.
        app.prefs["colours"] = False
        assert app.scene().leds == [STANDARD["orange"]] * app.pixels
    finally:
        colours.use(False)


def rings_leds(safe_on, now):
    """Ring Climb's ring at ``now`` with pawns of both players on ring
    1, player 1 (seat 0) on turn."""
    from primeplay.rings.settings import Settings
    from primeplay.rings.ui.play import RingsPlay
    from primeplay.rings import board as B
    app = App(None, seed=1)
    app.prefs["colours"] = safe_on
    play = RingsPlay(app, Settings(2), 3, [0, 2])
    app.go(play)
    app.scene()
    s = play.state
    s.pawns = [B.SPACES + 0, B.SPACES + 3, B.TABLE,
               B.SPACES + 6, B.SPACES + 9, B.TABLE]
    assert s.current == 0 and play.mode == "human"
    play.focus = 1
    app.now = play.t0 + now
    rot = [0] * B.LEVELS
    return play.picture.leds(rot, s.pawns), play.picture.blink_on()


def test_ring_climb_blinks_only_the_pawns_of_the_player_on_turn():
    # 12 pixels, a wedge a pixel: pawns at pixels 0 and 3 (player 1, on
    # turn), 6 and 9 (player 2).
    from primeplay.rings.ui.picture import LED_BLINK_MS
    try:
        on, lit = rings_leds(True, 2 * LED_BLINK_MS)
        off, dark = rings_leds(True, 3 * LED_BLINK_MS)
        assert lit and not dark
        changed = [i for i in range(12) if on[i] != off[i]]
        assert changed == [0, 3]
        assert on[6] == off[6] == palettes.HUES_SAFE[B.PLAYER_COLOURS[1]]
        # The standard palette blinks them all together, as before.
        on, _ = rings_leds(False, 2 * LED_BLINK_MS)
        off, _ = rings_leds(False, 3 * LED_BLINK_MS)
        assert [i for i in range(12) if on[i] != off[i]] == [0, 3, 6, 9]
    finally:
        colours.use(False)
