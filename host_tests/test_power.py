"""The battery and deep sleep (issue 21, items 3 and 4): VSYS read
through the profile's divider pin, shown in the main menu on battery
power, a warning once when low; deep sleep after three times Sleep
after's time (at once on a low battery) that wakes on A into the turn
that was on screen.  On the emulated board: test_pico_power.py."""

import sys

import pytest

import sim
from primeplay import save
from primeplay.app import App
from primeplay.app.power import wake_intent, reading
from test_firmware import load_firmware

battery = load_firmware("battery", "primeplay_battery")
dimmer = load_firmware("dimmer", "primeplay_dimmer")
PROFILE = {"vsys_pin": "VOLTAGE_MONITOR", "vsys_scale": 3,
           "vbus_pin": "VBUS_SENSE", "battery_low_mv": 3400}


class Pin:
    def __init__(self, value):
        self.value = value


def counts(volts_at_pin):
    return int(volts_at_pin / 3.3 * 65535)


def test_vsys_is_three_times_the_pin_and_usb_is_its_own_pin():
    b = battery.Battery(PROFILE, adc=Pin(counts(1.3)), vbus=Pin(False))
    mv, usb = b.read()
    assert abs(mv - 3900) <= 2 and usb is False
    b.vbus.value = True
    assert b.read()[1] is True


def test_a_pin_reading_under_what_runs_a_pico_is_no_reading():
    # An unwired pin (or an ADC nobody feeds) reads near 0 V: no battery
    # is shown, and none is "low".
    b = battery.Battery(PROFILE, adc=Pin(counts(0.2)), vbus=Pin(False))
    assert b.read() is None


def test_the_device_calls_it_low_on_battery_only():
    from device import Device
    s = sim.Sim(seed=1, battery_mv=3300)
    assert s.device.power() == (3300, False, True)
    s.battery.usb = True
    assert s.device.power() == (3300, True, False)
    assert isinstance(s.device, Device)


def test_a_profile_without_a_battery_pin_reads_none():
    s = sim.Sim(seed=1, board="feather_rp2040")
    assert s.battery is None and s.device.power() is None


def main_menu_note(app):
    app.scene()
    return app.scene().texts()[-1]


def test_the_main_menu_shows_the_battery_on_battery_power_only():
    app = App(sim.MemoryStorage())
    reading(app, 3921, False, False)
    assert main_menu_note(app) == "Battery 3.92 V"
    reading(app, 4790, True, False)
    assert "Battery" not in " ".join(app.scene().texts())


def test_a_low_battery_warns_once_and_stores():
    st = sim.MemoryStorage()
    app = App(st)
    reading(app, 3300, False, True)
    texts = app.scene().texts()
    assert texts[0] == "Battery low: 3.30 V" and "the game is saved." in texts
    assert app.store_due
    app.press("A")                       # back to the main menu
    assert app.screen.rows()[0] == "Prime Climb"
    reading(app, 3290, False, True)     # once a run
    assert app.scene().texts()[-1] == "Battery 3.29 V low"
    reading(app, 3500, False, False)    # USB, then unplugged: news again
    reading(app, 3300, False, True)
    assert app.scene().texts()[0] == "Battery low: 3.30 V"


def test_a_vm_started_for_a_game_does_not_warn_again():
    app = App(sim.MemoryStorage(), start="menu")
    reading(app, 3300, False, True)
    texts = app.scene().texts()
    assert texts[0] == "Prime Climb" and texts[-1] == "Battery 3.30 V low"


class Dev:
    def __init__(self, reading=None):
        self.calls = []
        self.reading = reading

    def sleep(self):
        self.calls.append("sleep")

    def wake(self):
        self.calls.append("wake")

    def power(self):
        return self.reading


class Prefs:
    """What the Dimmer reads of an app: its prefs and its battery."""

    def __init__(self, seconds):
        self.prefs = {"sleep": seconds}
        self.power = None


def test_deep_sleep_comes_at_three_times_the_setting():
    d = dimmer.Dimmer(Prefs(120), Dev(), 0)
    d.check(120000)
    assert d.asleep and not d.deep(120000)
    assert not d.deep(359999) and d.deep(360000)
    d.press(360001)
    assert not d.deep(400000)
    never = dimmer.Dimmer(Prefs(0), Dev(), 0)
    never.check(10 ** 9)
    assert not never.deep(10 ** 9)


def test_a_low_battery_deep_sleeps_as_soon_as_the_panel_sleeps():
    app = App(sim.MemoryStorage())
    app.prefs["sleep"] = 120
    d = dimmer.Dimmer(app, Dev((3300, False, True)), 0)
    d.check(1000)                        # the first reading
    assert app.power == (3300, False, True) and d.redraw
    assert not d.deep(1000)              # awake: the player is playing
    d.check(120000)
    assert d.asleep and d.deep(120000)


def test_the_battery_is_read_every_ten_seconds():
    app = Prefs(0)
    dev = Dev((4800, True, False))
    reads = []
    real = dev.power
    dev.power = lambda: reads.append(1) or real()
    d = dimmer.Dimmer(app, dev, 0)
    for t in range(0, 60001, 500):
        d.check(t)
    assert len(reads) == 7               # 0, 10, ... 60 s
    assert app.power == (4800, True, False)


def test_on_usb_the_app_loads_no_battery_module():
    app = App(sim.MemoryStorage())
    sys.modules.pop("primeplay.app.power", None)
    d = dimmer.Dimmer(app, Dev((4750, True, False)), 0)
    d.check(0)
    assert app.power == (4750, True, False) and not d.redraw
    for _ in range(len(app.screen.rows())):     # every row's note
        app.press("DOWN")
        app.scene()
    # (A press that imported it cost the board 37 ms: over 100 ms.)
    assert "primeplay.app.power" not in sys.modules


def sleepy_sim(seconds=2):
    st = sim.MemoryStorage()
    assert save.write(st.nvm, {"prefs": {"sleep": seconds}})
    return sim.Sim(seed=5, storage=st, restarts=True)


def test_deep_sleep_in_a_game_wakes_on_a_into_the_saved_turn():
    # Two computers play Prime Climb; the panel sleeps after 2 s without
    # a press, the board after 6: the game stops, saved, until A.
    s = sim.Sim(seed=5, storage=sim.MemoryStorage(), restarts=True)
    s.app.game_prefs("climb")["seats"] = [1, 1, 1, 1]
    s.app.store()
    s.run_keys("A,A")
    for _ in range(200):
        if s.app.playing == "climb":
            break
        s.advance(500)
        if type(s.app.screen).__name__ == "News":
            s.press("A")                 # who starts: read
    assert s.app.playing == "climb"
    s.app.prefs["sleep"] = 2
    s.advance(2000 * 3 + 1000)
    assert s.deep_asleep and not s.i2c.panel.display_on
    assert s.wake_to == "resume:climb"
    saved = save.read(s.storage.nvm)
    assert saved["wake"] == "resume:climb"
    play = s.app.screen
    frozen = s.app.now
    s.advance(60000)                     # nothing runs in deep sleep
    assert s.app.now == frozen and save.read(s.storage.nvm) == saved
    s.press("DOWN")                      # only A wakes (its pin's alarm)
    assert s.deep_asleep
    reloads = s.reloads
    s.press("A")
    assert not s.deep_asleep and s.reloads == reloads + 1
    assert s.i2c.panel.display_on
    assert s.app.scene().texts()[:2] == ["Prime Climb", "Loading..."]
    s.advance(s.tick_ms)                 # the Loading frame's job
    again = s.app.screen
    assert type(again).__name__ == "ClimbPlay"
    assert again is not play
    want = saved["climb"]["state"]
    assert again.state.turn == want["turn"] and \
        list(again.state.pos) == want["pos"]


def test_deep_sleep_in_the_menus_wakes_into_the_main_menu():
    s = sleepy_sim()
    s.run_keys("DOWN")
    s.advance(7000)
    assert s.deep_asleep and s.wake_to == "menu"
    s.press("A")
    assert s.app.screen.rows()[0] == "Prime Climb"


def test_a_record_without_a_wake_goes_to_the_menu():
    assert wake_intent(bytearray(b"\xff" * 4096)) == "menu"
    nvm = bytearray(b"\xff" * 4096)
    save.update(nvm, {"wake": "resume:rings"})
    assert wake_intent(nvm) == "resume:rings"


@pytest.mark.parametrize("seconds", [0])
def test_never_means_no_deep_sleep_either(seconds):
    s = sleepy_sim(seconds)
    s.advance(60000)
    assert not s.deep_asleep and s.i2c.panel.display_on


def test_on_a_low_battery_each_turn_is_in_the_flash_before_a_computer_thinks(
        monkeypatch):
    # A computer's decision can be the longest work of a game: when a
    # battery gives out during it, the turn before must already be stored
    # (the app writes a pending save before its screen's tick).
    from primeplay.climb import bot
    s = sim.Sim(seed=7, storage=sim.MemoryStorage(), restarts=True,
                battery_mv=3300)
    s.press("A")                                # the warning: read
    s.app.game_prefs("climb")["seats"] = [1, 1, 1, 1]
    s.app.store()
    seen = []
    real = bot.plan_turn

    def watched(state, *a, **k):
        stored = save.read(s.storage.nvm).get("climb")
        seen.append((state.turn, stored["state"]["turn"] if stored else None))
        return real(state, *a, **k)
    monkeypatch.setattr(bot, "plan_turn", watched)
    s.run_keys("A,A")
    for _ in range(120):
        s.advance(500)
        if type(s.app.screen).__name__ == "News":
            s.press("A")
    assert s.app.power[2]
    # Warned once, in the main menu's VM: the game's goes on unasked.
    assert type(s.app.screen).__name__ != "Message"
    later = [(t, st) for t, st in seen if t > 1]
    assert len(later) >= 10, seen
    # Every decision starts with the turn before it stored.
    assert all(st == t - 1 for t, st in later), later
