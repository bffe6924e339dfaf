"""The LED ring flashes at most three times a second (issue 21): the
rate is measured from the app's scenes (``flash_rate``), a frame every
10 ms, through whole computer games of each game (their spinners, Prime
Daifugo's Stop and Draw 2 pages, Ring Climb's turn flashes and ring
turns) and a human's Ring Climb turn left alone (its blinking pawns).

The limit holds for the ring as a whole (a general flash: the ring is
one light on the table).  A lit dot running round (a spinner, a ring
turning a space every 50 ms) changes each LED more often than that:
motion, not a flash, and Flashing: reduced stops it too, so that then no
LED changes more than three times a second either and nothing blinks.
"""

import pytest

from flash_rate import rates, changes, most_in_a_window, luminance, LIMIT
from primeplay.app import App, colours

STEP_MS = 10


def run(app, ms, watch=None):
    """``ms`` of the app's time a tick and a scene every STEP_MS:
    [(t, leds)]; ``watch(app)`` after each tick."""
    frames = []
    t = app.now
    for _ in range(ms // STEP_MS):
        t += STEP_MS
        app.tick(t)
        frames.append((t, list(app.scene().leds)))
        if watch is not None:
            watch(app)
    return frames


def daifugo(app, seed):
    from primeplay.daifugo.settings import Settings
    from primeplay.daifugo.ui.play import DaifugoPlay
    kinds = set()

    def watch(app):
        play = app.screen
        if getattr(play, "pages", None):
            page = play.pages[0]
            kinds.add(page[0])
            if page[0] == "judge" and page[5] and "[12]: Stop!" in \
                    app.scene().texts():
                kinds.add("stop")
    app.go(DaifugoPlay(app, Settings(3, skip=True), seed, [2, 2, 2]))
    return run(app, 240000, watch), kinds


def rings(app, seed, seats):
    from primeplay.rings.settings import Settings
    from primeplay.rings.ui.play import RingsPlay
    app.go(RingsPlay(app, Settings(len(seats)), seed, seats))
    return run(app, 60000), {"rings"}


def climb(app, seed):
    from primeplay.climb.settings import Settings
    from primeplay.climb.game import Game
    from primeplay.climb.ui.play import ClimbPlay
    s = Settings(players=4)
    app.go(ClimbPlay(app, s, seed, [1, 1, 1, 1], Game(s, seed)))
    return run(app, 60000), {"climb"}


SCENES = {
    "daifugo": lambda app: daifugo(app, 5),
    "rings computers": lambda app: rings(app, 3, [2, 2, 2, 2]),
    "rings human": lambda app: rings(app, 3, [0, 2]),
    "climb": lambda app: climb(app, 4),
    "main menu": lambda app: (run(app, 5000), {"menu"}),
}


def measure(name, calm, safe=False):
    app = App(None, seed=1)
    app.prefs["calm"] = calm
    app.prefs["colours"] = safe
    try:
        frames, kinds = SCENES[name](app)
    finally:
        colours.use(False)
    return rates(frames), kinds, frames


@pytest.mark.parametrize("name", sorted(SCENES))
def test_no_animation_flashes_the_ring_more_than_three_times_a_second(name):
    (ring, pixel), kinds, frames = measure(name, False)
    assert ring <= LIMIT, (name, ring, pixel)
    # The run shows what it is there for.
    assert len(set(tuple(leds) for _, leds in frames)) > 1 or \
        name == "main menu"
    if name == "daifugo":
        assert {"stop", "draw2"} <= kinds, kinds


@pytest.mark.parametrize("name", ["daifugo", "rings human"])
def test_the_colour_blind_palette_flashes_no_more(name):
    # Its own cues (every other pixel, a seat's bright pixels, only the
    # player on turn's pawns blinking) add patterns, not flashes.
    (ring, pixel), _, frames = measure(name, False, True)
    assert ring <= LIMIT, (name, ring, pixel)
    (ring, pixel), _, frames = measure(name, True, True)
    assert ring <= LIMIT and pixel <= LIMIT, (name, ring, pixel)


@pytest.mark.parametrize("name", sorted(SCENES))
def test_reduced_flashing_keeps_every_led_under_the_limit(name):
    (ring, pixel), _, frames = measure(name, True)
    assert ring <= LIMIT and pixel <= LIMIT, (name, ring, pixel)
    if name == "rings human":
        # Nothing blinks: a human's turn left alone is one picture.
        assert len(set(tuple(leds) for t, leds in frames if t > 1000)) == 1


def test_reduced_flashing_lights_the_stop_page_and_the_spinner_steadily():
    from primeplay.daifugo.ui import report as play
    from primeplay.app import colours
    red = colours.RGB["red"]
    assert play._flash(12, 0, red) == [red] * 12
    assert play._flash(12, play.FLASH_MS, red) == [colours.OFF] * 12
    assert play._flash(12, play.FLASH_MS, red, True) == [red] * 12
    assert len(set(tuple(colours.spinner(1, 12, k, True))
                   for k in range(24))) == 1
    assert len(set(tuple(colours.spinner(1, 12, k)) for k in range(24))) == 6


def test_the_stop_page_flashed_three_and_a_third_times_a_second_before():
    # The measure itself: the old Stop ring, 150 ms lit and 150 dark,
    # has 7 changes in some second (3.5 flashes), its new 180 ms 6 (3);
    # a ring lit steadily none.
    red = (255, 0, 0)

    def ring(period):
        return [(t, luminance(red) if (t // period) % 2 == 0 else 0.0)
                for t in range(0, 3000, STEP_MS)]
    assert most_in_a_window(changes(ring(150))) == 3.5
    assert most_in_a_window(changes(ring(180))) == 3
    assert most_in_a_window(changes(ring(100))) == 5
    assert changes([(t, luminance(red)) for t in range(0, 3000, 10)]) == []
