"""The device's own settings (issue 21): the main menu's Settings, each
remembered and taking effect at once, on the panel (through the
firmware's display, in the simulator) and on the ring."""

import pytest

import sim
from primeplay.app import App, DEFAULT_PREFS
from primeplay.app.menus import MainMenu
from primeplay.app.settings_menu import DeviceSettings, SETTINGS, LEVELS
from primeplay.app.scene import mirror

CONTRAST = [v for v, _ in LEVELS["contrast"]]
RING = [v for v, _ in LEVELS["ring"]]
from primeplay.app import colours
from sim import MemoryStorage


def to_settings(app):
    while app.screen.rows()[app.screen.cursor] != "Settings":
        app.press("UP")
    app.press("A")
    assert isinstance(app.screen, DeviceSettings)


def row(app, key):
    """Put the settings cursor on ``key``'s row; its text."""
    i = [r[0] for r in SETTINGS].index(key)
    while app.screen.cursor != i:
        app.press("DOWN")
    return app.screen.rows()[i]


def stored(app, now):
    """Let the app store what a press changed (after its frame)."""
    app.scene()
    app.tick(now)
    app.scene()
    app.tick(now + 10)


def test_the_rows_name_every_setting_and_its_value():
    app = App(MemoryStorage())
    to_settings(app)
    assert app.screen.rows() == ["Sound: on", "CPU speed: normal",
                                 "Contrast: full", "Ring light: full",
                                 "Flashing: standard", "Colours: standard",
                                 "Left-handed: off",
                                 "Sleep after: 5 min"]
    texts = app.scene().texts()
    assert "The piezo's beeps" in texts         # the chosen row's note


def test_every_setting_is_remembered_at_once_and_at_power_up():
    st = MemoryStorage()
    app = App(st)
    to_settings(app)
    for key, presses in (("contrast", ["LEFT"]), ("ring", ["LEFT", "LEFT"]),
                         ("calm", ["A"]), ("lefty", ["RIGHT"])):
        row(app, key)
        for k in presses:
            app.press(k)
    stored(app, 100)
    want = {"speed": 1, "contrast": 0x90, "ring": 64, "calm": True,
            "lefty": True}
    assert {k: app.prefs[k] for k in want} == want
    again = App(st)
    assert {k: again.prefs[k] for k in want} == want


def test_a_setting_out_of_range_in_a_record_falls_back_to_its_default():
    from primeplay import save
    st = MemoryStorage()
    save.write(st.nvm, {"prefs": {"speed": 9, "contrast": -1, "ring": 257,
                                  "calm": 1, "lefty": "yes"}})
    app = App(st)
    for k in ("speed", "contrast", "ring", "calm", "lefty"):
        assert app.prefs[k] == DEFAULT_PREFS[k], k


def test_contrast_goes_to_the_panel_with_the_next_frame():
    s = sim.Sim(seed=3)
    s.settle()
    # Full, as displayio sets at start: the default changes nothing.
    assert s.i2c.panel.contrast == DEFAULT_PREFS["contrast"] == 0xFF
    to_settings(s.app)
    s.render()
    row(s.app, "contrast")
    seen = []
    for _ in range(4):
        s.press("RIGHT")
        seen.append((s.app.screen.rows()[2], s.i2c.panel.contrast))
    assert seen == [("Contrast: low", 0x10), ("Contrast: mid", 0x40),
                    ("Contrast: high", 0x90), ("Contrast: full", 0xFF)]


def test_the_ring_light_scales_every_colour_down_to_off():
    app = App()
    full = app.scene().leds
    assert any(any(c) for c in full)
    for k in RING:
        app.prefs["ring"] = k
        got = app.scene().leds
        assert got == [(c[0] * k >> 8, c[1] * k >> 8, c[2] * k >> 8)
                       for c in full]
    app.prefs["ring"] = 0
    assert all(c == colours.OFF for c in app.scene().leds)


@pytest.mark.parametrize("name", ["UP", "DOWN", "LEFT", "RIGHT"])
def test_left_handed_mirrors_the_pad_and_keeps_a_and_b(name):
    plain = App()
    lefty = App()
    lefty.prefs["lefty"] = True
    plain.press(mirror(name))
    lefty.press(name)
    assert lefty.screen.cursor == plain.screen.cursor
    for app in (plain, lefty):
        app.press("A")      # the same entry chosen in both
    assert type(lefty.screen) is type(plain.screen)


def test_left_handed_turns_the_panel_round_at_once():
    s = sim.Sim(seed=3)
    to_settings(s.app)
    s.render()
    row(s.app, "lefty")
    s.render()
    before = s.frame()
    s.press("A")                # on
    scene = s.app.scene()
    assert s.app.prefs["lefty"] and scene.flip
    # On the glass: the same picture, drawn upright on another panel,
    # turned 180 degrees.
    upright = sim.Sim(seed=3)
    scene.flip = False
    upright.device.show(scene)
    assert [r[::-1] for r in s.frame()[::-1]] == upright.frame()
    assert "Left-handed: on" in scene.texts()
    # Mirrored now: the pad's DOWN is the old UP, so the cursor goes up
    # to "Colours"; back down and A turn it off, the panel upright again.
    s.press("DOWN")
    assert s.app.screen.rows()[s.app.screen.cursor].startswith("Colours")
    s.press("UP")
    s.press("A")
    assert not s.app.prefs["lefty"] and s.frame() == before


def test_a_remembered_value_between_two_names_shows_as_the_next_above():
    app = App()
    app.prefs["contrast"] = 0x30
    to_settings(app)
    assert row(app, "contrast") == "Contrast: mid"
    app.press("RIGHT")
    assert app.prefs["contrast"] == 0x90


def test_b_goes_back_to_the_main_menu():
    app = App()
    to_settings(app)
    app.press("B")
    assert isinstance(app.screen, MainMenu)
