"""Sleep after the set time without a press (firmware/dimmer.py): the
panel and the ring go dark, the first press wakes them and does nothing
else, the game goes on as it was.  In the loop of firmware/code.py, in
the simulator, and (test_pico_sleep.py) on the emulated board.
"""

import sim
from test_firmware import Clock, load_firmware

Dimmer = load_firmware("dimmer", "primeplay_dimmer").Dimmer
code = load_firmware("runner", "primeplay_runner")


class App:
    def __init__(self, seconds):
        self.prefs = {"sleep": seconds}


class Device:
    def __init__(self):
        self.calls = []

    def sleep(self):
        self.calls.append("sleep")

    def wake(self):
        self.calls.append("wake")


def test_it_sleeps_after_the_set_time_without_a_press_and_a_press_only_wakes():
    d = Device()
    dim = Dimmer(App(120), d, 1000)
    assert dim.check(1000) == 121000          # when the loop must look again
    assert not dim.press(60000)               # a press: the wait starts again
    assert dim.check(179999) == 180000 and d.calls == []
    assert dim.check(180000) is None and dim.asleep and d.calls == ["sleep"]
    assert dim.check(500000) is None and d.calls == ["sleep"]   # once
    assert dim.press(500001)                  # only woke: the app sees nothing
    assert not dim.asleep and d.calls == ["sleep", "wake"]
    assert not dim.press(500002)              # the next press is a press


def test_never_means_never():
    d = Device()
    dim = Dimmer(App(0), d, 0)
    assert dim.check(10 ** 9) is None and d.calls == []


def test_the_simulator_goes_dark_and_the_waking_press_moves_nothing():
    s = sim.Sim(seed=3)
    s.app.prefs["sleep"] = 120
    s.run_keys("DOWN")                        # the cursor on Prime Daifugo
    lit = s.frame()
    s.advance(119000)
    assert s.frame() == lit and s.i2c.panel.display_on
    s.advance(2000)
    assert not s.i2c.panel.display_on         # the SSD1306's display off
    assert "#" not in "".join(s.frame())
    assert s.leds == [(0, 0, 0)] * len(s.leds)
    s.press("DOWN")                           # wakes: the cursor stays
    assert s.i2c.panel.display_on and s.frame() == lit
    assert any(any(c) for c in s.leds)        # the ring lit again
    s.press("DOWN")                           # and now it moves
    assert s.frame() != lit


def test_the_simulator_keeps_playing_while_dark():
    # An all-computer game goes on unseen; the first press shows it as it
    # is then, and no cue was heard in the dark.
    s = sim.Sim(seed=3, storage=sim.MemoryStorage())
    s.app.prefs["sleep"] = 120
    p = s.app.game_prefs("climb")
    p["seats"] = [1, 1, 1, 1]
    s.run_keys("A,A")
    s.advance(1000)
    def turn():
        play = s.app.below[0] if s.app.below else s.app.screen
        return play.state.turn
    before = turn()
    cues = len(s.cues)
    s.advance(200000)
    assert not s.i2c.panel.display_on
    assert turn() > before + 5
    heard = [c for c in s.cues[cues:] if c[0] > 121000 + 1000]
    assert heard == []


def test_the_loop_sleeps_the_device_and_swallows_the_waking_press():
    clock = Clock()
    presses = []

    class Dev:
        def __init__(self):
            self.calls = []
            self.polls = 0

        def poll(self):
            self.polls += 1
            return ["A"] if clock.now >= 125000 and "wake" not in self.calls \
                and "sleep" in self.calls else []

        def show(self, scene):
            self.calls.append("show")

        def sleep(self):
            self.calls.append("sleep")

        def wake(self):
            self.calls.append("wake")

    class A:
        prefs = {"sleep": 120}

        def press(self, name):
            presses.append(name)

        def tick(self, now):
            pass

        def scene(self):
            from primeplay.app.scene import Scene
            sc = Scene()
            sc.text(0, 0, str(len(presses)))
            return sc

        def next_change(self):
            return None

    d = Dev()
    code.run(d, A(), clock, clock.sleep, lambda: None, frames=400)
    i = d.calls.index("sleep")
    assert d.calls[:i] == ["show"] and d.calls[i + 1] == "wake"
    # Slept at 121 s after the start (1 s), not a pass later.
    assert presses == []                      # the waking A did nothing
    assert d.calls[i + 2] == "show"           # the panel drawn again
